"""The club's library of its own movements: a director's CSV kept when the soundness
rules pass it (scoring.movements.custom, docs/director/movements.md)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from scoring.movements import MovementError
from scoring.movements.custom import from_csv

from ..errors import ServiceError
from ..models import Club, ClubMovement
from . import locks
from .text import checked


@transaction.atomic
def keep_movement(club: Club, name: str, text: str, *, by: Any) -> ClubMovement:
    """Keep ``text`` (the CSV layout) in ``club``'s library as ``name``.  Refused, with
    the line and the reason, when it cannot be read or is not sound; refused when the
    club already keeps a movement of that name (checked under the club's row lock, so
    two directors keeping one name at once keep it once)."""
    name = " ".join(checked(name, what="The movement's name").split())
    text = checked(text, what="The movement", lines=True)
    if not name:
        raise ServiceError("give the movement a name, as the director's list will show it")
    try:
        movement = from_csv(text, description=name)
    except MovementError as e:
        raise ServiceError(str(e)) from None
    locked = locks.club(club)
    if ClubMovement.objects.filter(club=locked, name__iexact=name).exists():
        raise ServiceError(
            f'the club already keeps a movement called "{name}": choose another name'
        )
    del movement  # read to be checked; what is kept is the text as the director gave it
    return ClubMovement.objects.create(club=locked, name=name, csv=text, created_by=by)
