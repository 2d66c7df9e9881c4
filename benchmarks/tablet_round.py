"""Each kind of request a tablet sends in a round, in process: its time and statements.

The 50-tablet burst (``tablets_load.py``) sends five kinds of request: a board opened,
its submission, a retry of it (same idempotency key), the result page, the
opponents' agreement.  A change to one of them shows here first, without the
burst's queue: each is timed on its own, with the statements it sends.

In process, with Django's test client, each request preceded by what the server's
``request_started`` does (a kept connection's health check, at its first query): a
fresh database (SQLite in a temporary file; PostgreSQL, when one answers on
127.0.0.1:5432, in a database of its own, ``bench_tablet_round_<pid>``, persistent
connection as in the room), a 25-table pair contest, table 1's tablet going through
board 1 of round 1 again and again; between two rounds the stored result and its
audit lines are deleted, untimed, so each submission is a first entry and each
retry a retry.

Prints, for each kind, the median and spread of its time and its statements (and
their SQL with ``--sql``).

    python -m benchmarks.tablet_round [--runs 60] [--sqlite-only] [--sql]
"""

from __future__ import annotations

import os
import time
from urllib.parse import urlencode

from .harness import django_env, in_fresh_process, run_on_each_database, setup_django, spread
from .tablet_request import ENTRY, FORM

STEPS = ("open the board", "submit it", "its retry", "the result page", "agree it")
WARM_UP = 10


def child(runs: int) -> dict:
    """In a process of its own (one database each): migrate, time, return the figures."""
    setup_django(os.environ["DATABASE_URL"])
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from tests.factories import make_event
    from tournament.models import AuditEntry, Result
    from tournament.services import tablets

    owner = get_user_model().objects.create_user("bench")
    event = make_event(owner, name="Bench", tables=25, boards_per_round=2)
    token = tablets.link_for(event, 1).token
    client = Client()
    board = f"/t/{token}/boards/1/"
    times: dict[str, list[float]] = {step: [] for step in STEPS}
    sql: dict[str, list[str]] = {}

    def step(name: str, request, *, timed: bool, capture: bool):
        # What the server's request_started does (the test client leaves it out).
        connection.close_if_unusable_or_obsolete()
        with CaptureQueriesContext(connection) as queries:
            t0 = time.perf_counter()
            response = request()
            elapsed = time.perf_counter() - t0
        if timed:
            times[name].append(elapsed)
        if capture:
            sql[name] = [q["sql"] for q in queries.captured_queries]
        return response

    def round_of(n: int, *, timed: bool, capture: bool = False) -> None:
        def run(name: str, request):
            return step(name, request, timed=timed, capture=capture)

        opened = run(STEPS[0], lambda: client.get(board))
        assert opened.status_code == 200, opened.status_code
        body = urlencode({**ENTRY, "key": f"bench-{n}"})
        stored = run(STEPS[1], lambda: client.post(board, body, content_type=FORM))
        assert stored.status_code == 302 and "/results/" in stored["Location"], stored
        again = run(STEPS[2], lambda: client.post(board, body, content_type=FORM))
        assert again["Location"] == stored["Location"], (again, stored)
        page = run(STEPS[3], lambda: client.get(stored["Location"]))
        assert page.status_code == 200, page.status_code
        agreed = run(STEPS[4], lambda: client.post(stored["Location"], {"action": "confirm"}))
        assert agreed.status_code == 302, agreed.status_code
        AuditEntry.objects.filter(event=event).delete()
        Result.objects.filter(event=event).delete()

    for n in range(WARM_UP):  # templates compiled, statements prepared, connection kept
        round_of(n, timed=False, capture=n == WARM_UP - 1)
    for n in range(runs):
        round_of(WARM_UP + n, timed=True)
    return {"times": times, "sql": sql}


def run(label: str, database_url: str, runs: int, show_sql: bool) -> None:
    env = django_env(database_url, ALLOWED_HOSTS="testserver", CONN_MAX_AGE="60")
    figures = in_fresh_process(child, runs, env=env)
    print(f"{label}: {runs} rounds of a tablet's five requests")
    for name in STEPS:
        ms = [t * 1000 for t in figures["times"][name]]
        statements = figures["sql"][name]
        print(f"    {name:16} {spread(ms, 'ms', '6.2f')}, {len(statements)} statements")
        if show_sql:
            for q in statements:
                print("       ", q[:220])


def main() -> None:
    assert __doc__ is not None
    run_on_each_database(__doc__, "bench_tablet_round", 60, "print each request's statements", run)


if __name__ == "__main__":
    main()
