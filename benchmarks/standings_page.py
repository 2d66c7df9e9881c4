"""Benchmark: the results pages of a 1,000-table, 26-board event (26,000 results).

Builds the event in a scratch database (SQLite in a temporary file, or the
one in $DATABASE_URL), fills every result through the scoring library, then
requests the pages through Django's test client (the process warmed up first),
timing the server side and counting database queries, min / median / max of
``--repeat`` runs:

* the standings page and its poll fragment **after a change** (a line of the
  audit trail moves the event's stamp, so nothing is kept from before), then
  **repeated** with nothing new, and a poll that already holds this state (304);
* a traveller; a score card after a change, and another pair's card (its
  boards only: the field's running best is kept);
* the floor: the same standings worked out from lines already in memory
  (scoring.pair_standings), so the ratio is what the database and the page add.

Goals: standings page < 200 ms at 1,000 tables; a repeat view or a
poll with nothing new < 10 ms; a score card's cost its own boards'.

    python -m benchmarks.standings_page [--tables 1000] [--rounds 13] [--boards-per-round 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from .harness import ratio, setup_django, spread, timed


def build_event(tables: int, rounds: int, bpr: int):
    """A large pair contest: 2600 results for 100 tables.

    Pairs stay at their tables and the board sets rotate (round r, table t
    plays set (t + r) mod rounds), so every table plays every board once;
    the volume of results, not the movement, is what the page works on.
    """
    import datetime

    from django.contrib.auth import get_user_model

    from scoring import DealResult, get_code, parse_contract, score_deal
    from tournament.models import Board, Club, Event, Pair, Result, Round, Seating

    user, _ = get_user_model().objects.get_or_create(username="bench")
    event = Event.objects.create(
        club=Club.first(),
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


def measure(url: str, repeat: int, before=None, **headers) -> tuple[list[float], int, int]:
    """Each run's server time in ms, the queries of the last run and its status.
    ``before()`` runs ahead of each request, untimed (a change to the event)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.get(url)  # the process warmed up: templates compiled, URLs resolved
    runs = []
    queries = status = 0
    for _ in range(repeat):
        if before is not None:
            before()
        with CaptureQueriesContext(connection) as ctx:
            t0 = time.perf_counter()
            response = client.get(url, **headers)
            runs.append((time.perf_counter() - t0) * 1000)
        assert response.status_code in (200, 304), response.status_code
        queries, status = len(ctx.captured_queries), response.status_code
    return runs, queries, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=13)
    parser.add_argument("--boards-per-round", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--only",
        choices=("standings", "traveller", "card"),
        help="measure one page (the score cards at 5,000 tables, without the rest)",
    )
    args = parser.parse_args()
    setup_django()
    from django.db import connection

    from scoring import pair_standings
    from tournament.models import AuditEntry
    from tournament.queries import standings

    print(f"database: {connection.vendor}")
    small, n_small = build_event(10, args.rounds, args.boards_per_round)
    big, n_big = build_event(args.tables, args.rounds, args.boards_per_round)
    small_card = 0.0
    for label, event, n in (("10 tables", small, n_small), (f"{args.tables} tables", big, n_big)):

        def change(event=event) -> None:
            AuditEntry.objects.create(event=event, action="benchmark", detail="a change")

        page = f"/events/{event.pk}/"
        print(f"{label} ({n} results):")
        lines = standings.board_results(event)

        def from_memory(lines=lines, event=event) -> None:
            pair_standings(lines, event.method, event.adjusted_values)

        floor = timed(from_memory, args.repeat)
        if args.only in (None, "standings"):
            standings_page(page, args.repeat, change, floor)
        board_1 = sum(1 for line in lines if line.board == 1)
        traveller = f"/events/{event.pk}/boards/1/"
        if args.only in (None, "traveller"):
            runs, q, _ = measure(traveller, args.repeat, change)
            print(
                f"  traveller ({board_1} lines) after a change: {spread(runs)}, {q} queries, "
                f"{ratio(statistics.median(runs), statistics.median(floor))}"
            )
            runs, q, _ = measure(traveller, args.repeat)
            print(
                f"  traveller, nothing new:         {spread(runs)}, {q} queries, "
                f"{ratio(statistics.median(runs), statistics.median(floor))}"
            )
        if args.only in (None, "card"):
            runs, q, _ = measure(f"/events/{event.pk}/pairs/1/", args.repeat, change)
            print(f"  score card after a change:      {spread(runs)}, {q} queries")
            runs, q, _ = measure(f"/events/{event.pk}/pairs/2/", args.repeat)
            card = statistics.median(runs)
            small_card = small_card or card
            print(
                f"  another pair's score card:      {spread(runs)}, {q} queries, "
                f"{ratio(card, small_card, 'the 10-table card')}"
            )
    print(
        "goals: standings page < 200 ms at 1,000 tables; nothing new < 10 ms; a traveller "
        "< 300 ms after a change, < 20 ms with nothing new; a score card its own boards' "
        "cost (within 2x the 10-table card's)"
    )


def standings_page(page: str, repeat: int, change, floor: list[float]) -> None:
    """The standings page and its poll after a change, with nothing new, and holding this
    state; the ratios to the floor."""
    from django.test import Client

    runs, q, _ = measure(page, repeat, change)
    print(f"  standings page after a change:  {spread(runs)}, {q} queries")
    cold = statistics.median(runs)
    runs, q, _ = measure(page + "?fragment=1", repeat, change)
    print(f"  standings poll after a change:  {spread(runs)}, {q} queries")
    runs, q, _ = measure(page, repeat)
    print(f"  standings page, nothing new:    {spread(runs)}, {q} queries")
    again = statistics.median(runs)
    runs, q, _ = measure(page + "?fragment=1", repeat)
    print(f"  standings poll, nothing new:    {spread(runs)}, {q} queries")
    tag = Client().get(page + "?fragment=1")["ETag"]
    runs, q, status = measure(page + "?fragment=1", repeat, HTTP_IF_NONE_MATCH=tag)
    print(f"  poll holding this state ({status}): {spread(runs)}, {q} queries")
    print(f"  floor (the standings from lines in memory): {spread(floor)}")
    print(
        f"  after a change {ratio(cold, statistics.median(floor))}, "
        f"nothing new {ratio(again, statistics.median(floor))}"
    )


if __name__ == "__main__":
    main()
