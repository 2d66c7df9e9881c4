"""One tablet submission against a trivial view, on the same server.

A tablet's POST of the board entry form is the request the room sends most
and the one a burst of 50 queues on, so its cost is measured here against
the floor every request pays: a view that only answers "ok", going through
the same middleware (sessions, CSRF, messages, axes) on the same database
connection.  The ratio of the medians is what the goal is stated in
(at most 6x), since absolute times change with the machine and its load.

In process, with Django's test client, each request preceded by what the
server's ``request_started`` does (a kept connection's health check, at its
first query): a fresh database (SQLite in a temporary file; PostgreSQL, when
one answers on 127.0.0.1:5432, in a database of its own,
``bench_tablet_request_<pid>``, persistent connection as in the room), a
25-table pair contest, table 1's tablet entering board 1 of
round 1 with a new idempotency key each time; between two timed submissions
the stored result (and its audit line) is deleted, untimed, so each one is a
first entry.  The two requests alternate, so both see the same machine.

Prints min/median/max of each, the queries of one submission (and their SQL
with ``--sql``), and the ratio of the medians; then how much of the submission
is the database's (the time the driver waits for its statements and its
commit, measured in the same submissions) and how much the app's and Django's,
each as a multiple of the trivial view: on PostgreSQL each statement is a round
trip to another process, a floor no code in the view can go under.

    python -m benchmarks.tablet_request [--runs 300] [--sqlite-only] [--sql]
"""

from __future__ import annotations

import os
import statistics
import time
from urllib.parse import urlencode

from .harness import (
    django_env,
    in_fresh_process,
    ratio,
    run_on_each_database,
    setup_django,
    spread,
)

FORM = "application/x-www-form-urlencoded"  # resend.js posts URLSearchParams, not multipart
ENTRY = {
    "level": "4",
    "strain": "H",
    "doubled": "",
    "declarer": "S",
    "tricks": "10",
    "revokes_ns": "0",
    "revokes_ew": "0",
    "honours": "trumps:EW-3",
}


def child(runs: int) -> dict:
    """In a process of its own (one database each): migrate, time, return the figures."""
    setup_django(os.environ["DATABASE_URL"])
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.http import HttpRequest, HttpResponse
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import clear_url_caches, path

    import tournament.urls
    from tests.factories import make_event
    from tournament.models import AuditEntry, Result
    from tournament.services import tablets

    owner = get_user_model().objects.create_user("bench")
    event = make_event(owner, name="Bench", tables=25, boards_per_round=2)
    token = tablets.link_for(event, 1).token

    def trivial(request: HttpRequest) -> HttpResponse:
        """The floor: a view with no work of its own (defined for the benchmark only)."""
        return HttpResponse("ok")

    tournament.urls.urlpatterns.append(path("bench-trivial/", trivial))
    clear_url_caches()

    client = Client()
    board_url = f"/t/{token}/boards/1/"
    n = 0

    def submit() -> None:
        nonlocal n
        n += 1
        # What the server's request_started does (the test client leaves it out): a
        # kept connection is checked before the request's first query uses it.
        connection.close_if_unusable_or_obsolete()
        body = urlencode({**ENTRY, "key": f"bench-{n}"})
        r = client.post(board_url, body, content_type=FORM)  # as the tablet's page sends it
        assert r.status_code == 302 and "/results/" in r["Location"], (r.status_code, r)

    def clean() -> None:
        AuditEntry.objects.filter(event=event).delete()
        Result.objects.filter(event=event).delete()

    def trivial_request() -> None:
        connection.close_if_unusable_or_obsolete()  # as above (it makes no query)
        assert client.get("/bench-trivial/").status_code == 200

    for _ in range(20):  # warm up: templates, URL resolver, connection
        submit()
        clean()
        trivial_request()
    with CaptureQueriesContext(connection) as queries:
        submit()
    sql = [q["sql"] for q in queries.captured_queries]  # now: the next request resets the log
    clean()
    # The database's own share of a submission: the time the driver waits for each
    # statement and for the commit (a round trip each), summed per submission.
    waited = [0.0]

    def in_database(execute, sql, params, many, context):
        t0 = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            waited[0] += time.perf_counter() - t0

    plain_commit = connection._commit

    def timed_commit():
        t0 = time.perf_counter()
        try:
            return plain_commit()
        finally:
            waited[0] += time.perf_counter() - t0

    times: dict[str, list[float]] = {
        "trivial view": [],
        "tablet submission": [],
        "  in the database": [],
    }
    connection._commit = timed_commit
    with connection.execute_wrapper(in_database):
        for _ in range(runs):
            t0 = time.perf_counter()
            trivial_request()
            times["trivial view"].append(time.perf_counter() - t0)
            waited[0] = 0.0
            t0 = time.perf_counter()
            submit()
            times["tablet submission"].append(time.perf_counter() - t0)
            times["  in the database"].append(waited[0])
            clean()
    del connection._commit
    return {
        "times": times,
        "queries": sql,
        "vendor": connection.vendor,
    }


def run(label: str, database_url: str, runs: int, show_sql: bool) -> None:
    env = django_env(database_url, ALLOWED_HOSTS="testserver", CONN_MAX_AGE="60")
    figures = in_fresh_process(child, runs, env=env)
    medians = {}
    print(f"{label}: {runs} of each, alternating")
    for name, times in figures["times"].items():
        ms = [t * 1000 for t in times]
        medians[name] = statistics.median(ms)
        print(f"    {name:18} {spread(ms, 'ms', '6.2f')}")
    queries = figures["queries"]
    print(f"    queries of one tablet submission: {len(queries)}")
    if show_sql:
        for q in queries:
            print("       ", q[:220])
    trivial = medians["trivial view"]
    print(f"    submission: {ratio(medians['tablet submission'], trivial, 'the trivial view')}")
    floor = medians["  in the database"] / medians["trivial view"]
    rest = (medians["tablet submission"] - medians["  in the database"]) / medians["trivial view"]
    print(
        f"    of which the database's round trips (statements and commit): {floor:.1f}x, "
        f"the app and Django: {rest:.1f}x"
    )


def main() -> None:
    assert __doc__ is not None
    run_on_each_database(
        __doc__, "bench_tablet_request", 300, "print the submission's queries", run
    )


if __name__ == "__main__":
    main()
