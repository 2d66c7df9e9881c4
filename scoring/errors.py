"""The one family of errors the scoring library raises.

Every message is written for a tournament director: it says what is wrong
with the input in the terms of the game, never a Python traceback.
"""

from __future__ import annotations

import json

__all__ = ["ScoringError", "short_repr"]

_LIMIT = 40


class ScoringError(ValueError):
    """Input that cannot be scored, with a message a director understands."""


def short_repr(value: object) -> str:
    """``value`` as a director would read it in a message, cut short if long.

    Strings in double quotes, other values as Python writes them (JSON's
    ``true`` arrives as ``True``); a 4,000-digit number or a pasted essay is
    cut to its first few characters, so a message stays one readable line.
    """
    if isinstance(value, str):
        # JSON's quoting: control characters (a newline) are shown escaped, on one line.
        return json.dumps(value[:_LIMIT], ensure_ascii=False) + (
            "..." if len(value) > _LIMIT else ""
        )
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**_LIMIT:
        return ("-" if value < 0 else "") + "a number of more than 40 digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # huge ints, deep nesting
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= _LIMIT else text[:_LIMIT] + "..."
