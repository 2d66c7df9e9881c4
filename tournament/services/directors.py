"""The club's director accounts: the first one, adding, removing, passwords.

A director is an active staff account: he logs in, runs events and reaches the
admin. There is no fixed or well-known password anywhere: the first director is
made on the first run (his password asked for, or generated and printed once),
and every later one by a director on the Directors page. Passwords always pass
Django's validators (``AUTH_PASSWORD_VALIDATORS``).

Removing a director deactivates the account (his name stays on the audit trail
and on what he entered) and hands his events, leagues and contests to the
director who removed him, so no event is left without anyone who can open it.
The last director can never be removed: the check is made under a lock on every
director's row, so two directors removing each other at once leave one.
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


def directors() -> QuerySet[Any]:
    """Every director who can log in, in the order they were added."""
    return get_user_model().objects.filter(is_active=True, is_staff=True).order_by("date_joined")


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


def add_director(username: str, password: str, *, by: Any = None) -> Any:
    """A new director who can log in with ``password`` (checked by the validators)."""
    username = check_new_username(username)
    model = get_user_model()
    check_new_password(password, model(**{model.USERNAME_FIELD: username}))
    user = model.objects.create_user(username, password=password, is_staff=True, is_superuser=True)
    Club.of(by).directors.add(user)  # the club of the director adding him (the room's first)
    log.info("director %s added by %s", username, _who(by))
    return user


def first_director(username: str = FIRST_DIRECTOR, password: str | None = None) -> tuple[Any, str]:
    """The first director of a new database, and the password he logs in with.

    ``password`` None: a generated one, to be shown once and changed. Refused when
    a director already exists: a second run must never reset anyone's password.
    """
    with transaction.atomic():
        if directors().exists():
            raise ServiceError("This database has a director already.")
        chosen = password if password is not None else generate_password()
        return add_director(username, chosen, by=None), chosen


def set_password(target: Any, password: str, *, by: Any) -> None:
    """Give ``target`` a new password (a director resetting another's, or his own)."""
    check_new_password(password, target)
    target.set_password(password)
    target.save(update_fields=["password"])
    log.info("password of director %s set by %s", target.get_username(), _who(by))


def lock_directors() -> list[Any]:
    """Every director's row, locked until the transaction ends (the last-director check)."""
    return locks.accounts(directors())


def remove_director(target: Any, *, by: Any) -> int:
    """Deactivate ``target``; his events, leagues and contests pass to ``by``.

    Returns how many events passed. Refused for one's own account and for the
    last director, re-checked under a lock on every director's row.
    """
    if target.pk == by.pk:
        raise ServiceError("You cannot remove your own account; another director can remove it.")
    with transaction.atomic():
        active = lock_directors()
        if by.pk not in {u.pk for u in active}:
            raise ServiceError("Your account is not a director's any more.")
        if target.pk not in {u.pk for u in active}:
            raise ServiceError(f"{target.get_username()} is not a director any more.")
        if len(active) <= 1:
            raise ServiceError("The last director cannot be removed.")
        moved = Event.objects.filter(owner=target).update(owner=by)
        League.objects.filter(owner=target).update(owner=by)
        Contest.objects.filter(owner=target).update(owner=by)
        target.is_active = False
        target.save(update_fields=["is_active"])
    log.info("director %s removed by %s", target.get_username(), _who(by))
    return moved


def _who(by: Any) -> str:
    return by.get_username() if by is not None else "the console"
