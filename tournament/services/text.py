"""Text a verb takes without a form (a member number typed beside a guest, a reason,
the rows of an imported list, a command's arguments): refused as a form refuses it.

The rule is tournament/text.py's, the one every model field and form field carries;
this only words it as the verbs' refusal (docs/director/club.md, "Names and text").
"""

from __future__ import annotations

from .. import text
from ..errors import ServiceError


def checked(value: str, *, what: str, lines: bool = False, field: str = "") -> str:
    """``value`` when the database can keep it; else a :class:`ServiceError` naming the
    field (``what``, as the director knows it: "The member number")."""
    why = text.refusal(value, lines=lines, what=what)
    if why is not None:
        raise ServiceError(why, field=field)
    return value


def storable(value: str, *, lines: bool = False) -> bool:
    """Whether the database can keep ``value``: for text that is never typed (a tablet's
    copy of its own message, an idempotency key), left out rather than refused."""
    return text.refusal(value, lines=lines) is None
