"""A club evening to back up mid-play, and every row of a database as read back.

Run in a process of its own, on the database ``DATABASE_URL`` names (never the
suite's test database), by tests/tournament/test_backups.py:

``python -m tests.tournament.backup_world play MID END``
    migrates, makes a club (a director, members, an event), starts a thread entering
    the event's results through the verb the tablets' posts call, takes ``manage.py
    backup MID`` while it posts, lets it post a few more and stop, then takes
    ``manage.py backup END`` at rest; prints what the thread had posted when the
    mid-play backup began and ended, as JSON.

``python -m tests.tournament.backup_world world``
    the same club with its event played to the end, at rest.

``python -m tests.tournament.backup_world values``
    every row of the app's and the accounts' models through the ORM (comparable
    between SQLite and PostgreSQL).

``python -m tests.tournament.backup_world rows``
    prints every row of every table (and the ids each table hands out next), each
    value as ``repr`` gives it: a time with its microseconds and its zone.
"""

from __future__ import annotations

import json
import sys
import threading
from typing import Any

import django


def rows() -> dict[str, list[dict[str, str]]]:
    from django.db import connection

    out: dict[str, list[dict[str, str]]] = {}
    tables = sorted(connection.introspection.table_names())
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f'SELECT * FROM "{table}"')
            names = [c[0] for c in cursor.description]
            found = [dict(zip(names, map(repr, r), strict=True)) for r in cursor.fetchall()]
            out[table] = sorted(found, key=lambda r: json.dumps(r, sort_keys=True))
        # The ids each table hands out next: a restore keeps them too.
        if connection.vendor == "postgresql":
            cursor.execute("SELECT sequencename, last_value FROM pg_sequences")
        else:
            cursor.execute("SELECT name, seq FROM sqlite_sequence")
        out["(next ids)"] = sorted(
            ({"name": n, "last": repr(v)} for n, v in cursor.fetchall()), key=lambda r: r["name"]
        )
    return out


def build() -> tuple[Any, list[tuple[int, int, int]]]:
    """A club (a director, its link to the club, members) and an event to play: the
    event and its slots (board, round, table), in the order the room plays them."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tests.factories import make_event
    from tournament.models import Club, Member, Seating

    call_command("migrate", verbosity=0)
    users = get_user_model()
    user = users.objects.create_user("td", password="pw-td-1915", is_staff=True)
    other = users.objects.create_user("bob", password="pw-bob-1915", is_staff=True)
    club = Club.first()
    # The club-director links, a through table's rows: made out of order, so their ids
    # are not those a reload would hand out in the order it reads them.
    club.directors.add(other)
    club.directors.add(user)
    for n in range(1, 21):
        Member.objects.create(club=club, name=f"Member {n}", number=str(100 + n))
    event = make_event(user, name="Backed up mid-play", tables=7, boards_per_round=3)
    slots = [
        (board, s.round, s.table)
        for s in Seating.objects.filter(event=event).order_by("round", "table")
        for board in s.board_numbers
    ]
    return event, slots


def line(board: int) -> str:
    return "4H S 10" if board % 2 else "2NT E 7"


def world() -> dict[str, Any]:
    """The club and its event played to the end, at rest."""
    from tests.factories import enter

    event, slots = build()
    for board, round_no, table in slots:
        enter(event, board, round_no, table, line(board))
    return {"posted": len(slots)}


def values() -> dict[str, list[str]]:
    """Every row of every model of the app and of Django's accounts (the through tables'
    too), read through the ORM, so SQLite's rows and PostgreSQL's compare: each value's
    ``repr``, times as aware datetimes with their microseconds."""
    from django.apps import apps

    out = {}
    for model in apps.get_models(include_auto_created=True):
        if model._meta.app_label not in ("tournament", "auth"):
            continue
        if model._meta.model_name == "permission":
            continue  # made by migrate, in each database's own order
        rows = model.objects.order_by("pk").values_list()
        out[model._meta.label] = [repr(r) for r in rows]
    return out


def play(mid: str, end: str) -> dict[str, Any]:
    from django.core.management import call_command
    from django.db import connection

    from tests.factories import enter

    event, slots = build()
    posted: list[int] = []
    go_on = threading.Event()
    go_on.set()
    stop_after: list[int] = []

    def tablets() -> None:
        try:
            for board, round_no, table in slots:
                if not go_on.is_set() and stop_after and len(posted) >= stop_after[0]:
                    break
                enter(event, board, round_no, table, line(board))
                posted.append(board)
        finally:
            connection.close()

    thread = threading.Thread(target=tablets)
    thread.start()
    while len(posted) < 10:  # the evening is under way
        threading.Event().wait(0.01)
    began = len(posted)
    call_command("backup", mid, verbosity=0)
    ended = len(posted)
    stop_after.append(ended + 10)  # a few more after the backup, then the room is quiet
    go_on.clear()
    thread.join()
    call_command("backup", end, verbosity=0)
    return {"began": began, "ended": ended, "posted": len(posted), "slots": len(slots)}


if __name__ == "__main__":
    django.setup()
    if sys.argv[1] == "play":
        print(json.dumps(play(sys.argv[2], sys.argv[3])))
    elif sys.argv[1] == "world":
        print(json.dumps(world()))
    elif sys.argv[1] == "values":
        print(json.dumps(values()))
    else:
        print(json.dumps(rows()))
