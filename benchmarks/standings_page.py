"""Benchmark: the standings page of a 100-table, 26-board event.

Builds the event in a scratch database (SQLite in a temporary file, or the
one in $DATABASE_URL), fills every result through the scoring library, then
requests the public standings page, a traveller and a score card through
Django's test client, timing the server side and counting database queries.
Goals (issue 5): standings under 300 ms; a constant number of queries,
however many results (so the 10-table figure must equal the 100-table one).

    python benchmarks/standings_page.py [--tables 100] [--rounds 13] [--boards-per-round 2]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))


def setup_django() -> None:
    if "DATABASE_URL" not in os.environ:
        path = os.path.join(tempfile.mkdtemp(), "bench.sqlite3")
        os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")
    os.environ.setdefault("DEBUG", "false")
    os.environ.setdefault("SECRET_KEY", "benchmark-only")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build_event(tables: int, rounds: int, bpr: int):
    """A large pair contest: 2600 results for 100 tables.

    Pairs stay at their tables and the board sets rotate (round r, table t
    plays set (t + r) mod rounds), so every table plays every board once;
    the volume of results, not the movement, is what the page works on.
    """
    import datetime

    from django.contrib.auth import get_user_model

    from scoring import DealResult, get_code, parse_contract, score_deal
    from tournament.models import Board, Event, Pair, Result, Round, Seating

    user, _ = get_user_model().objects.get_or_create(username="bench")
    event = Event.objects.create(
        name=f"Benchmark {tables} tables",
        date=datetime.date(1915, 1, 1),
        tables=tables,
        boards_per_round=bpr,
        owner=user,
        published=True,
        movement="mitchell",
    )
    pairs = Pair.objects.bulk_create(
        [Pair(event=event, label=str(i)) for i in range(1, 2 * tables + 1)]
    )
    boards = Board.objects.bulk_create(
        [Board(event=event, number=n) for n in range(1, rounds * bpr + 1)]
    )
    Round.objects.bulk_create([Round(event=event, number=r) for r in range(1, rounds + 1)])
    seatings = Seating.objects.bulk_create(
        [
            Seating(
                event=event,
                round=r,
                table=t,
                ns=pairs[t - 1],
                ew=pairs[tables + t - 1],
                first_board=((t + r) % rounds) * bpr + 1,
                last_board=((t + r) % rounds) * bpr + bpr,
            )
            for r in range(1, rounds + 1)
            for t in range(1, tables + 1)
        ]
    )
    if any(s.pk is None for s in seatings):
        seatings = list(Seating.objects.filter(event=event))
    code = get_code("1915")
    rng = random.Random(tables)
    contracts = ["4H", "3NT", "2S", "1NT", "4S", "3C", "2HX", "5D"]
    results = []
    for s in seatings:
        for n in s.board_numbers:
            c = rng.choice(contracts)
            tricks = 6 + int(c[0]) + rng.choice([-1, 0, 0, 1])
            score = score_deal(DealResult(parse_contract(c, code), "S", tricks), code)
            results.append(
                Result(
                    event=event,
                    board=boards[n - 1],
                    seating=s,
                    round=s.round,
                    table=s.table,
                    ns=s.ns,
                    ew=s.ew,
                    contract=c,
                    declarer="S",
                    tricks=tricks,
                    ns_trick=score.ns_trick,
                    ns_honour=score.ns_honour,
                    ew_trick=score.ew_trick,
                    ew_honour=score.ew_honour,
                    net_ns=score.net_ns,
                    items=score.to_json()["items"],
                )
            )
    Result.objects.bulk_create(results, batch_size=2000)
    return event, len(results)


def measure(url: str, repeat: int) -> tuple[float, int]:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    best = float("inf")
    queries = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as ctx:
            t0 = time.perf_counter()
            response = client.get(url)
            elapsed = time.perf_counter() - t0
        assert response.status_code == 200, response.status_code
        best = min(best, elapsed)
        queries = len(ctx.captured_queries)
    return best * 1000, queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=13)
    parser.add_argument("--boards-per-round", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    setup_django()
    from django.db import connection

    print(f"database: {connection.vendor}")
    small, n_small = build_event(10, args.rounds, args.boards_per_round)
    big, n_big = build_event(args.tables, args.rounds, args.boards_per_round)
    for label, event, n in (("10 tables", small, n_small), (f"{args.tables} tables", big, n_big)):
        ms, q = measure(f"/events/{event.pk}/", args.repeat)
        print(f"standings page, {label} ({n} results): {ms:7.1f} ms, {q} queries")
    ms, q = measure(f"/events/{big.pk}/boards/1/", args.repeat)
    print(f"traveller page, {args.tables} tables:              {ms:7.1f} ms, {q} queries")
    ms, q = measure(f"/events/{big.pk}/pairs/1/", args.repeat)
    print(f"score card page, {args.tables} tables:             {ms:7.1f} ms, {q} queries")
    print("goal: standings under 300 ms; the same number of queries at 10 and 100 tables")


if __name__ == "__main__":
    main()
