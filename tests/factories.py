"""Small builders for tests: an event, a traveller line, an event with its results.

Plain functions over the services (not factory_boy): an event is only valid
with its whole schedule, which :func:`tournament.services.create_event` makes,
and results only through :func:`tournament.services.enter_result`, which
scores them by the event's laws.  Building through the verbs keeps the tests'
data as real as the app's.

A traveller line is written as the scorer says it: ``"4H S 10"`` (contract,
declarer, tricks), ``"PASS"``, or a Law B artificial score (``"average"``,
``"ns-lowest"``, ``"ew-lowest"``).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from tournament import services
from tournament.models import Contest, Event, Result, Seating
from tournament.services import Actor, Entry

# A 3-table Mitchell under the 1915 laws, 2 boards a round: 6 pairs, 6 boards, 3 rounds.
# Everything else is the Event model's default: 1915 laws, premium, a Mitchell, Law H.
EVENT_DEFAULTS: dict[str, Any] = {
    "name": "Club night",
    "date": datetime.date(1915, 3, 1),
    "tables": 3,
    "boards_per_round": 2,
}

# Two sections of the same 3-table Mitchell, one session, Law H totals added.
CONTEST_DEFAULTS: dict[str, Any] = {
    "name": "Club championship",
    "date": datetime.date(1915, 2, 2),
    "sections": 2,
    "sessions": 1,
    "carry": "total",
    "method": "total",
    "tables": 3,
    "boards_per_round": 2,
}

ARTIFICIAL = ("average", "ns-lowest", "ew-lowest")


def make_event(owner: Any, **fields: Any) -> Event:
    """An event with its schedule; ``fields`` override :data:`EVENT_DEFAULTS`."""
    return services.create_event(owner, **{**EVENT_DEFAULTS, **fields})


def make_contest(owner: Any, **fields: Any) -> Contest:
    """A contest of sections and sessions with their events; ``fields`` override
    :data:`CONTEST_DEFAULTS`."""
    return services.create_contest(owner, **{**CONTEST_DEFAULTS, **fields})


def entry(line: str, **fields: Any) -> Entry:
    """The :class:`Entry` for a traveller line such as ``"4H S 10"``; ``fields`` add to it
    (``honours={"N": 4, "S": 1}``, ``revokes_ew=1``, ...)."""
    words = line.split()
    if len(words) == 1 and words[0] in ARTIFICIAL:
        return Entry.artificial(words[0])
    if len(words) == 1 and words[0].upper() == "PASS":
        return Entry("PASS", **fields)
    if len(words) != 3:
        raise ValueError(f'a traveller line is "CONTRACT DECLARER TRICKS", not {line!r}')
    contract, declarer, tricks = words
    return Entry(contract, declarer, int(tricks), **fields)


def enter(
    event: Event,
    board: int,
    round_no: int,
    table: int,
    line: str = "4H S 10",
    *,
    by: Actor | None = None,
    confirmed: bool = False,
    **fields: Any,
) -> Result:
    """Enter one traveller line as the event's owner (or ``by``) would;
    ``confirmed``: the opponents have agreed it."""
    return services.enter_result(
        event,
        board_number=board,
        round_no=round_no,
        table=table,
        entry=entry(line, **fields),
        by=by or Actor.director(event.owner),
        confirmed=confirmed,
    )


def event_with_results(
    owner: Any, results: Mapping[tuple[int, int, int], str], **fields: Any
) -> Event:
    """An event with results entered: ``{(board, round, table): "4H S 10"}``.

    ``fields`` are the event's (``tables=3``, ``method="matchpoints"``, ...).
    """
    event = make_event(owner, **fields)
    for (board, round_no, table), line in results.items():
        enter(event, board, round_no, table, line)
    return event


EVENING_LINES = ["4H S 10", "2S N 8", "1NT E 7", "3C W 9", "4H S 9", "2S N 9", "1NT E 6", "5D S 11"]


def late_pair_evening(owner, **fields):
    """A 3-table Mitchell of 2 boards a round, every board played but pair 3's first
    round (pair 3 came late: it and its round-1 opponents play 4 of 6 boards)."""
    event = make_event(owner, **fields)
    n = 0
    for s in Seating.objects.filter(event=event).exclude(ns=None).exclude(ew=None):
        if s.round == 1 and s.ns is not None and s.ns.label == "3":
            continue
        for board in s.board_numbers:
            enter(event, board, s.round, s.table, EVENING_LINES[n % len(EVENING_LINES)])
            n += 1
    for rnd in event.round_set.values_list("number", flat=True):
        services.close_round(event, rnd, by=Actor.director(owner))
    return event
