"""The clubs one service hosts: a new club with its first director.

A county association or a society may host every member club's evenings on one
service.  Each club is a tenant: its directors see and act on its own events,
members, seasons, files and director accounts only (:mod:`tournament.access`).
The **site administrator** (a superuser: the room's first director) creates each
club together with its first director, who then adds the club's other directors
on the Directors page.  A room run with ``make run`` is a one-club room and never
needs this.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from ..errors import ServiceError
from ..models import Club
from ..models.club import validate_time_zone
from . import directors, locks
from .text import checked

log = logging.getLogger("tournament.accounts")


@transaction.atomic
def create_club(
    *, name: str, short_name: str, time_zone: str, username: str, password: str, by: Any
) -> tuple[Club, Any]:
    """A new club and its first director (who logs in with ``password``); nothing is
    made when either is refused, and a name already taken is refused under the clubs'
    lock."""
    name = checked(name.strip(), what="The club's name", field="name")
    short_name = checked(short_name.strip(), what="The short name", field="short_name")
    if not name or not short_name:
        raise ServiceError("A club needs a name and a short name.")
    # The names read after the clubs' lock is granted, in a statement of their own: the
    # locking one started before a club made meanwhile, and would not see it.
    locks.clubs()
    if Club.objects.filter(name__iexact=name).exists():
        raise ServiceError(f"There is already a club called {name!r}.")
    try:
        validate_time_zone(time_zone)
    except ValidationError as e:
        raise ServiceError(" ".join(e.messages)) from e
    club = Club.objects.create(name=name, short_name=short_name, time_zone=time_zone)
    user = directors.add_director(username, password, by=by, club=club)
    log.info("club %s created by %s", club, by.get_username() if by else "the console")
    return club, user
