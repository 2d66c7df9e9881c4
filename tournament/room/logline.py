"""One log entry, one line: the control characters of an entry written escaped.

A log line is read, searched and rotated line by line, so an entry that carries a
club's name typed with a line break, a traceback or a posted value with an escape
sequence must not read as several entries or recolour a terminal.  The settings'
formatter (``LOGGING`` in tournament/settings.py) and gunicorn's own lines in the
app's file (:mod:`tournament.room.roomlog`) write through :class:`OneLineFormatter`:
a line break is ``\\n``, a tab ``\\t``, any other control character ``\\xNN`` or
``\\uNNNN``, so the entry is whole and what it held can still be read.

In ``room/``, which imports nothing of the app: the settings name it before the
app is loaded.
"""

from __future__ import annotations

import logging
import unicodedata

NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escaped(text: str) -> str:
    """``text`` with every control, line or paragraph separator and lone surrogate
    written as an escape (Unicode's categories Cc, Zl, Zp, Cs)."""
    if text.isprintable():
        return text  # the common case: nothing to escape (spaces are printable)
    out = []
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs"):
            out.append(
                NAMED.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 256 else f"\\u{ord(ch):04x}")
            )
        else:
            out.append(ch)
    return "".join(out)


class OneLineFormatter(logging.Formatter):
    """The standard formatter, its whole entry (the message, and a traceback with it)
    on one line."""

    def format(self, record: logging.LogRecord) -> str:
        return escaped(super().format(record))
