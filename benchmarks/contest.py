"""Benchmark: a 3-session, 2-section contest of 40 tables a section.

Builds the contest through the services (6 events, each a 40-table Mitchell, 3
boards a round: 39 rounds, 117 boards, 4,680 results a section, 28,080 in all),
fills every result straight into the table (the scores are what the standings
read; entering them through the verbs is measured elsewhere), then times:

* the overall standings (every session compared across its two sections, the
  sessions carried over), as the contest page computes them;
* the contest's page (its public standings: overall and every session) through
  Django's test client, after a change (a line of a section's audit trail moves the
  contest's stamp) and with nothing new (kept in the page cache);
* the contest's XLSX (overall and every session's standings);
* the floor: the same arithmetic on the same lines already in memory
  (:func:`scoring.sessions.session_standings` and :func:`carry_over`), so the
  ratio is what reading the database and building the file add.

Prints min / median / max over ``--runs`` runs and the ratio to the floor.
Goals: the page after a change < 300 ms, with nothing new < 20 ms.

    python -m benchmarks.contest [--tables 40] [--runs 5]
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import time

from .harness import ratio, setup_django, spread, timed


def build(tables: int):
    from django.contrib.auth import get_user_model

    from tournament import services
    from tournament.models import Board, Result, Seating
    from tournament.queries import contests

    user, _ = get_user_model().objects.get_or_create(username="bench")
    contest = services.create_contest(
        user,
        name="Benchmark championship",
        date=datetime.date(1915, 3, 1),
        sections=2,
        sessions=3,
        carry="total",
        tables=tables,
        boards_per_round=3,
        method="matchpoints",
    )
    rnd = random.Random(1915)
    made = 0
    for event in contests.parts(contest):
        boards = {b.number: b for b in Board.objects.filter(event=event)}
        rows = []
        for s in Seating.objects.filter(event=event).exclude(ns=None).exclude(ew=None):
            for n in s.board_numbers:
                rows.append(
                    Result(
                        event=event,
                        board=boards[n],
                        seating=s,
                        round=s.round,
                        table=s.table,
                        ns_id=s.ns_id,
                        ew_id=s.ew_id,
                        contract="3H",
                        declarer="S",
                        tricks=9,
                        net_ns=rnd.choice((-150, -100, -50, 0, 50, 149, 157, 190, 230)),
                        confirmed=True,
                    )
                )
        Result.objects.bulk_create(rows, batch_size=2000)
        made += len(rows)
    return contest, made


def show(label: str, times: list[float], floor: float | None = None) -> None:
    more = f"  {ratio(statistics.median(times), floor)}" if floor else ""
    print(f"{label:<34} {spread(times)}{more}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    setup_django()
    from scoring.sessions import carry_over, session_standings
    from tournament import exports
    from tournament.queries import contests, standings

    t = time.perf_counter()
    contest, results = build(args.tables)
    print(
        f"built: 2 sections x 3 sessions of {args.tables} tables, {results:,} results "
        f"in {time.perf_counter() - t:.1f} s"
    )
    lines = {
        s: {e.section: standings.board_results(e) for e in contests.parts(contest, s)}
        for s in contests.sessions_of(contest)
    }

    def floor() -> None:
        carry_over(
            [session_standings(lines[s], "matchpoints") for s in lines], "matchpoints", "total"
        )

    floor_times = timed(floor, args.runs)
    base = statistics.median(floor_times)
    show("floor: the arithmetic alone", floor_times)
    show(
        "overall standings (from the DB)",
        timed(lambda: contests.overall_table(contest), args.runs),
        base,
    )
    from django.test import Client

    from tournament.models import AuditEntry

    contest.published = True
    contest.save(update_fields=["published"])
    page = f"/contests/{contest.pk}/"
    client = Client()
    assert client.get(page).status_code == 200  # warmed up: templates compiled, URLs resolved
    first = contests.parts(contest)[0]

    def untimed_change_then(fn) -> list[float]:
        """``fn``'s time after each change, the change itself untimed."""
        runs = []
        for _ in range(args.runs):
            AuditEntry.objects.create(event=first, action="benchmark", detail="a change")
            runs += timed(fn, 1)
        return runs

    show("contest page after a change", untimed_change_then(lambda: client.get(page)), base)
    show("contest page, nothing new", timed(lambda: client.get(page), args.runs), base)
    size = len(exports.contest_xlsx_bytes(contest))
    show(
        f"XLSX ({size / 1024:.0f} KB)",
        timed(lambda: exports.contest_xlsx_bytes(contest), args.runs),
        base,
    )


if __name__ == "__main__":
    main()
