"""Text the database stores: the one check every text field, import and command
goes through.

A name, a reason or a member number is typed on a keyboard; a control character
(NUL, an escape, a form feed) never is, and PostgreSQL's text cannot hold a NUL
at all, nor either database a lone half of a UTF-16 pair.  So every text the
room keeps is refused, in the director's words, when it holds one of them: a
one-line field (a club's, an event's, a player's or a team's name, a number)
also refuses tabs and line breaks; a multi-line field (a reason typed in a box,
a list of teams) takes tabs, CR and LF and nothing else of the kind.

The model fields carry :data:`one_line` or :data:`lines` as validators, the
forms' text fields are :mod:`tournament.forms.fields`' ``OneLineText`` and
``LinesText`` built on them, and a verb that takes text without a form asks
:func:`refusal` (``tournament.services.text``).  See docs/director/club.md
("Names and text") for how a director meets the refusal.

In the ground layer (it imports only Django), so models, forms and verbs share it.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible

# Never stored: the C0 controls but tab, LF and CR; DEL and the C1 controls; lone
# surrogates (no UTF-8 holds them); the two non-characters U+FFFE and U+FFFF.
NEVER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
# What ends or splits a line: refused in a one-line field.
BREAKS = re.compile("[\t\n\r\u2028\u2029]")

NOT_STORED = (
    "{what} holds a character no keyboard types (a control character such as NUL, "
    "perhaps pasted from another program): type it again without it."
)
ONE_LINE = "{what} takes one line: no line breaks or tabs."


def refusal(value: str, *, lines: bool = False, what: str = "This") -> str | None:
    """Why ``value`` cannot be stored in a one-line field (or a multi-line one, with
    ``lines``), in the director's words, naming the field as ``what`` ("The member
    number"); ``None`` when it can."""
    if NEVER.search(value):
        return NOT_STORED.format(what=what)
    if not lines and BREAKS.search(value):
        return ONE_LINE.format(what=what)
    return None


@deconstructible(path="tournament.text.OneLine")
class OneLine:
    """The validator of a one-line field: no control character, no tab or line break."""

    lines = False
    code = "one_line"

    def __call__(self, value: object) -> None:
        why = refusal(str(value), lines=self.lines)
        if why is not None:
            raise ValidationError(why, code=self.code)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))


@deconstructible(path="tournament.text.Lines")
class Lines(OneLine):
    """The validator of a multi-line field: tab, CR and LF allowed, no other control."""

    lines = True
    code = "lines"


one_line = OneLine()
lines = Lines()
