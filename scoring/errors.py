"""The one family of errors the scoring library raises.

Every message is written for a tournament director: it says what is wrong
with the input in the terms of the game, never a Python traceback.
"""

from __future__ import annotations

import json
from enum import StrEnum

__all__ = ["Refusal", "ScoringError", "short_repr"]

_LIMIT = 40


class Refusal(StrEnum):
    """Which rule a :class:`ScoringError` refuses, where a page words it its own way.

    The rule is checked here, once; a form that speaks to the table in the words of its
    own buttons ("tap No choice") asks the error which rule it was and which field it
    concerns, never the rule again.
    """

    # Declarer's choice of revoke penalty (1913/1915 Law 84(b), Royalton Law 77(b)).
    CHOICE_MISSING = "revoke-choice-missing"  # a defender alone revoked: choose
    CHOICE_NOBODY_REVOKED = "revoke-choice-nobody-revoked"
    CHOICE_BOTH_REVOKED = "revoke-choice-both-revoked"
    CHOICE_DECLARER_REVOKED = "revoke-choice-declarer-revoked"  # only declarer's side
    NO_TRICKS_ON_NULLO = "revoke-no-tricks-on-nullo"
    NO_TRICKS_EACH_REVOKE_COSTS = "revoke-no-tricks-each-revoke-costs"  # Royalton 77(c)


class ScoringError(ValueError):
    """Input that cannot be scored, with a message a director understands.

    ``code``: the :class:`Refusal`, when the message refuses a rule a page may word its
    own way (``None`` for input no form sends: a wrong type, an unknown seat);
    ``field``: the input it concerns, named as :class:`~scoring.deal.DealResult` names
    it (``"revoke_penalty"``), ``""`` when it is the whole.
    """

    def __init__(self, message: str = "", *, code: Refusal | None = None, field: str = ""):
        super().__init__(message)
        self.code = code
        self.field = field


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
