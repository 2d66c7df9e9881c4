"""``manage.py createdirector``: add a director account from the console.

At a terminal it asks for a user name and a password (twice, checked by Django's
password validators, asked again until they pass). With ``--noinput`` (or no
terminal: a service, CI) it generates a strong password and prints it once.

``manage.py room`` uses the same steps on the first run of a new database
(:func:`make_first_director`). To get back in when the only director's password
is lost: ``manage.py changepassword NAME``.
"""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable
from typing import Any, Protocol

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q

from tournament.models import Club
from tournament.services import ServiceError, user_message
from tournament.services import directors as accounts


class Console(Protocol):
    """Where the questions and answers are written (a command's stdout, a StringIO)."""

    def write(self, text: str, /) -> Any: ...


def ask_password(
    username: str,
    out: Console,
    read: Callable[[str], str] = getpass.getpass,
) -> str:
    """A password typed twice that passes the validators (asked again until it does)."""
    model = get_user_model()
    while True:
        first = read("Password: ")
        second = read("Password (again): ")
        if first != second:
            out.write("The two passwords differ. Try again.\n")
            continue
        try:
            accounts.check_new_password(first, model(**{model.USERNAME_FIELD: username}))
        except ServiceError as e:
            out.write(f"{user_message(e)} Try again.\n")
            continue
        return first


def ask_username(out: Console, read: Callable[[str], str] = input) -> str:
    default = accounts.FIRST_DIRECTOR
    while True:
        name = read(f"Director's user name [{default}]: ").strip() or default
        try:
            return accounts.check_new_username(name)
        except ServiceError as e:
            out.write(f"{user_message(e)}\n")


def make_first_director(
    out: Console,
    *,
    interactive: bool,
    read_line: Callable[[str], str] = input,
    read_secret: Callable[[str], str] = getpass.getpass,
) -> tuple[Any, str | None]:
    """The first director of a new database: asked for at a terminal, else generated.

    Returns the account and the generated password (None when it was typed: it is
    never printed then).
    """
    if interactive:
        out.write("\nThis database has no director yet: create the first one.\n")
        name = ask_username(out, read_line)
        user, _ = accounts.first_director(name, ask_password(name, out, read_secret))
        return user, None
    return accounts.first_director()


def first_director_lines(user: Any, generated: str | None, login_url: str) -> list[str]:
    """What the console says of the first director: the generated password once, and
    how to change it; never anything the log file would keep."""
    name = user.get_username()
    if generated is None:
        return [f"First director: {name}; log in at {login_url}"]
    return [
        f"First director: {name}, password: {generated}",
        f"  (shown only now: log in at {login_url} and change it on the Directors page)",
    ]


def _club(name: str | None) -> Club | None:
    """The club named on the command line (by its name or short name), None for the
    room's first; refused in the host's words when there is no such club."""
    if not name:
        return None
    found = Club.objects.filter(Q(name__iexact=name) | Q(short_name__iexact=name)).first()
    if found is None:
        known = ", ".join(Club.objects.order_by("name").values_list("name", flat=True))
        raise CommandError(f"No club called {name!r}; the clubs are: {known}.")
    return found


class Command(BaseCommand):
    help = (
        "Add a director: asks for a user name and password at a terminal; with --noinput "
        "generates a strong password and prints it once."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--username", help="the new director's user name")
        parser.add_argument(
            "--noinput",
            "--no-input",
            action="store_false",
            dest="interactive",
            help="ask nothing: generate the password and print it once",
        )
        parser.add_argument(
            "--club",
            help="the club he directs, by name or short name (default: the room's first club)",
        )
        parser.add_argument(
            "--if-none",
            action="store_true",
            help="the first director of a new database; nothing when there is one already",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        interactive = bool(opts["interactive"]) and sys.stdin.isatty()
        username = opts.get("username")
        club = _club(opts.get("club"))
        try:
            if opts["if_none"]:
                if accounts.directors().exists():
                    return
                user, generated = make_first_director(self.stdout, interactive=interactive)
                for line in first_director_lines(user, generated, "/login/"):
                    self.stdout.write(line)
                return
            if interactive:
                name = username or ask_username(self.stdout)
                password = ask_password(name, self.stdout)
                user = accounts.add_director(name, password, club=club)
                self.stdout.write(self.style.SUCCESS(f"Director {user.get_username()} added."))
                return
            if not username:
                raise CommandError("Give the new director's name: --username NAME.")
            password = accounts.generate_password()
            user = accounts.add_director(username, password, club=club)
        except ServiceError as e:
            raise CommandError(user_message(e)) from e
        self.stdout.write(
            self.style.SUCCESS(f"Director {user.get_username()} added, password: {password}")
        )
        self.stdout.write("  (shown only now: change it on the Directors page after logging in)")
