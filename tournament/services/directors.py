"""A club's director accounts: the first one, adding, removing, passwords.

A director is an active staff account in a club's ``directors``: he logs in and
runs that club's events.  The room's first director (made on the first run, his
password asked for or generated and printed once) is also the **site
administrator** (a superuser): he alone reaches the admin and the Clubs page,
which see every club (:mod:`tournament.services.clubs`).  Every later director
is added by a director of his club on the Directors page, or with his new club by
the site administrator.  There is no fixed or well-known password anywhere, and
every password passes Django's validators (``AUTH_PASSWORD_VALIDATORS``).

Removing a director takes him off the club (his name stays on the audit trail
and on what he entered) and hands his events, leagues and contests of that club
to the director who removed him, so no event is left without anyone who can open
it; an account left directing no club cannot log in any more.  A club's last
director can never be removed: the check is made under a lock on the club's
directors' rows, so two directors removing each other at once leave one.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import QuerySet

from ..errors import ServiceError
from ..models import Club, Contest, Event, League
from . import locks

log = logging.getLogger("tournament.accounts")

# Letters and digits that cannot be misread for one another on a screen or a
# note (no 0/o, 1/l/i): 31 symbols, 20 of them about 99 bits.
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
PASSWORD_GROUPS = 4
PASSWORD_GROUP_LENGTH = 5
FIRST_DIRECTOR = "director"


def generate_password() -> str:
    """A strong password a director can copy from the console: ``k7fpq-2xm9w-...``."""
    return "-".join(
        "".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(PASSWORD_GROUP_LENGTH))
        for _ in range(PASSWORD_GROUPS)
    )


def directors(club: Club | None = None) -> QuerySet[Any]:
    """Every director who can log in (of ``club`` when given), in the order they were
    added."""
    users = get_user_model().objects.filter(is_active=True, is_staff=True)
    if club is not None:
        users = users.filter(clubs=club)
    return users.order_by("date_joined")


def is_director(user: Any) -> bool:
    return bool(user.is_authenticated and user.is_active and user.is_staff)


def check_new_password(password: str, user: Any = None) -> None:
    try:
        validate_password(password, user)
    except ValidationError as e:
        raise ServiceError(" ".join(e.messages)) from e


def check_new_username(username: str) -> str:
    model = get_user_model()
    username = model.normalize_username(username.strip())
    field = model._meta.get_field(model.USERNAME_FIELD)
    assert isinstance(field, models.Field)
    try:
        field.clean(username, None)
    except ValidationError as e:
        raise ServiceError("User name: " + " ".join(e.messages)) from e
    taken = model.objects.filter(**{f"{model.USERNAME_FIELD}__iexact": username}).first()
    if taken is not None:
        if taken.is_active:
            raise ServiceError(f"There is already a director called {taken.get_username()!r}.")
        raise ServiceError(
            f"{taken.get_username()!r} was a director who has been removed; choose another "
            "user name."
        )
    return username


def add_director(
    username: str,
    password: str,
    *,
    by: Any = None,
    club: Club | None = None,
    site_admin: bool = False,
) -> Any:
    """A new director of ``club`` (by default the club of the director adding him; the
    room's first from the console) who can log in with ``password`` (checked by the
    validators).  ``site_admin``: the room's first director, who also reaches the admin
    and the Clubs page."""
    if club is None:
        club = Club.first() if by is None else club_of(by)
    username = check_new_username(username)
    model = get_user_model()
    check_new_password(password, model(**{model.USERNAME_FIELD: username}))
    user = model.objects.create_user(
        username, password=password, is_staff=True, is_superuser=site_admin
    )
    club.directors.add(user)
    log.info("director %s added to %s by %s", username, club, _who(by))
    return user


def club_of(user: Any) -> Club:
    """The club ``user`` runs (:meth:`Club.of`), refused in a director's words when none."""
    club = Club.of(user)
    if club is None:
        raise ServiceError(
            "Your account directs no club here; the site's administrator can add you to one."
        )
    return club


def first_director(username: str = FIRST_DIRECTOR, password: str | None = None) -> tuple[Any, str]:
    """The first director of a new database, and the password he logs in with.

    ``password`` None: a generated one, to be shown once and changed. Refused when
    a director already exists: a second run must never reset anyone's password.
    """
    with transaction.atomic():
        if directors().exists():
            raise ServiceError("This database has a director already.")
        chosen = password if password is not None else generate_password()
        return add_director(username, chosen, by=None, site_admin=True), chosen


def set_password(target: Any, password: str, *, by: Any) -> None:
    """Give ``target`` a new password (a director resetting another's, or his own)."""
    check_new_password(password, target)
    target.set_password(password)
    target.save(update_fields=["password"])
    log.info("password of director %s set by %s", target.get_username(), _who(by))


def lock_directors(club: Club) -> list[Any]:
    """The club's directors' rows, locked until the transaction ends (the last-director
    check)."""
    return locks.accounts(directors(club))


def remove_director(target: Any, *, by: Any, club: Club | None = None) -> int:
    """Take ``target`` off ``club`` (by default the club ``by`` runs); his events, leagues
    and contests of the club pass to ``by``.  An account left directing no club is
    deactivated, but a site administrator's (he keeps the admin and the Clubs page).

    Returns how many events passed. Refused for one's own account and for the
    club's last director, re-checked under a lock on the club's directors' rows.
    """
    if target.pk == by.pk:
        raise ServiceError("You cannot remove your own account; another director can remove it.")
    if club is None:
        club = club_of(by)
    with transaction.atomic():
        active = lock_directors(club)
        if by.pk not in {u.pk for u in active}:
            raise ServiceError("Your account is not a director's any more.")
        if target.pk not in {u.pk for u in active}:
            raise ServiceError(f"{target.get_username()} is not a director any more.")
        if len(active) <= 1:
            raise ServiceError("The last director cannot be removed.")
        moved = Event.objects.filter(owner=target, club=club).update(owner=by)
        League.objects.filter(owner=target, club=club).update(owner=by)
        Contest.objects.filter(owner=target, club=club).update(owner=by)
        club.directors.remove(target)
        if not target.is_superuser and not target.clubs.exists():
            target.is_active = False
            target.save(update_fields=["is_active"])
    log.info("director %s removed from %s by %s", target.get_username(), club, _who(by))
    return moved


def _who(by: Any) -> str:
    return by.get_username() if by is not None else "the console"
