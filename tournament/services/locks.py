"""Every row lock the verbs take, in the one order (docs/decisions/lock-order.md).

Two transactions that lock the same rows in different orders can deadlock on
PostgreSQL, so every verb locks through this module, top to bottom:

1. the group: a league, a contest or a season (:func:`group`, :func:`season`);
2. the event, or events in id order (:func:`event`, :func:`events`), then the club's
   row (:func:`club`: a new event refers to its club, and must not wait for a change
   to the register);
3. a board, or boards (:func:`board`, :func:`boards`);
4. a round, and then all its table-rounds in table order (:func:`round_and_tables`);
5. the table-rounds (``Seating``) a verb concerns (:func:`seating`,
   :func:`current_seating`, :func:`seating_of`, :func:`playing`, :func:`seatings_from`,
   :func:`seatings_of`);
6. a result, or an auction record (:func:`result`, :func:`auction_record`).

A verb may skip a level, never go back up one.  Four kinds of row stand outside
the order, since no verb takes them with an event's: every club's row when a new
club is made (:func:`clubs`), the directors' accounts (:func:`accounts`), a club's
members, under the club's lock (:func:`members`), and a job's row, claimed by its
runner (:func:`job`).

The event and board rows are locked ``FOR NO KEY UPDATE``: a tablet's save
inserts a result whose foreign keys take ``KEY SHARE`` on them while it holds its
table's lock, and a plain ``FOR UPDATE`` would wait for it while it waits for us.
The table-rounds and results a tablet's verbs lock are read as the tablet's own
reads are (:mod:`tournament.queries.tablet`: ``Manager.raw()``, the figures in
docs/decisions/tablet-reads.md), ``FOR UPDATE`` added on PostgreSQL
(:func:`_for_update`); the pairs read after them are not locked.  SQLite has no row
locks: the clause is left out there, as ``select_for_update()`` leaves it, and a
transaction takes the database's write lock at its start instead
(docs/decisions/sqlite-write-lock.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar, cast

from django.db import connection
from django.db.models import QuerySet

from ..errors import ServiceError
from ..models import (
    AuctionRecord,
    Board,
    Club,
    Contest,
    Event,
    Job,
    League,
    Member,
    Result,
    Round,
    Season,
    Seating,
)
from ..queries import tablet

G = TypeVar("G", bound=League | Contest)


def _for_update(sql: str) -> str:
    """``sql`` with PostgreSQL's ``FOR UPDATE``; as it is on SQLite, which has no row
    locks (its transactions take the write lock when they begin)."""
    return f"{sql} FOR UPDATE" if connection.vendor == "postgresql" else sql


def club(club: Club) -> Club:
    """2, after any event's. A club's row: its register changes one change at a time.
    ``FOR NO KEY UPDATE``: a new event references the club (a foreign key, which takes
    ``KEY SHARE``), and must not wait for an import."""
    return Club.objects.select_for_update(no_key=True).get(pk=club.pk)


def season(season: Season) -> Season:
    """1. A season's row (the evenings that count towards it)."""
    return Season.objects.select_for_update().get(pk=season.pk)


def group(group: G) -> G:
    """1. A league's or a contest's row (publishing it, drawing its next round)."""
    return cast(G, type(group).objects.select_for_update(no_key=True).get(pk=group.pk))


def event(event: Event | int) -> Event:
    """2. The event's row: a change to its field, its timer, its settings, its jobs."""
    pk = event if isinstance(event, int) else event.pk
    return Event.objects.select_for_update(no_key=True).get(pk=pk)


def events(rows: QuerySet[Event]) -> list[Event]:
    """2. Several events (a season's, a contest's session), in id order."""
    return list(rows.select_for_update(no_key=True).order_by("pk"))


def board(event: Event, number: int) -> Board | None:
    """3. One board of the event (``None``: the event has no such board)."""
    return Board.objects.select_for_update(no_key=True).filter(event=event, number=number).first()


def boards(event: Event, numbers: Iterable[int] | None = None) -> list[Board]:
    """3. Some boards of the event (``None``: every board), in board order."""
    rows = Board.objects.select_for_update(no_key=True).filter(event=event)
    if numbers is not None:
        rows = rows.filter(number__in=list(numbers))
    return list(rows.order_by("number"))


def round_and_tables(event: Event, number: int) -> Round:
    """4, then 5. A round, then every table-round of it in table order: a save that holds
    one of them finishes first, and later ones see the change (closing, reopening)."""
    found = Round.objects.select_for_update().filter(event=event, number=number).first()
    if found is None:
        raise ServiceError(f"there is no round {number} in this event")
    list(
        Seating.objects.filter(event=event, round=number)
        .order_by("table")
        .select_for_update(of=("self",))
        .values_list("pk", flat=True)
    )
    return found


def seating(event: Event, round_no: int, table: int) -> Seating:
    """5. One table-round, with its pairs (the first lock a result verb takes; the pairs
    are read after it, not locked)."""
    found = tablet.one(Seating, _for_update(tablet.SEATING_AT), [event.pk, round_no, table])
    if found is None:
        raise ServiceError(f"there is no table {table} in round {round_no}")
    found.ns, found.ew = tablet.pairs_of(found.ns_id, found.ew_id)
    return found


def current_seating(event: Event, table: int) -> Seating | None:
    """5. The table's current round (the first it has not agreed and the director not
    closed), or ``None`` when it has finished: the tablet's one read of its table-round.

    The tablet's own read (:data:`tournament.queries.tablet.CURRENT_SEATING`), with
    the lock.  On PostgreSQL a table-round agreed while this waited for its lock is
    re-checked and passed over (its ``agreed_at`` is in the row); a round *closed*
    meanwhile is not (the round's row is not locked here), so the caller re-checks
    that after the lock.  The pairs are not read with it: a result takes their ids.
    """
    sql = _for_update(tablet.CURRENT_SEATING)
    return tablet.one(Seating, sql, [event.pk, table, event.pk])


def seating_of(result: Result) -> Seating:
    """5. The table-round a result was entered at (before the result itself)."""
    found = tablet.one(Seating, _for_update(tablet.SEATING_BY_ID), [result.seating_id])
    if found is None:
        raise Seating.DoesNotExist(f"table-round {result.seating_id} is gone")
    return found


def playing(event: Event, board_number: int) -> list[int]:
    """5. Every table-round that plays a board, in playing order (Law B, after the
    board): a save of one of its results waits, or has landed.  Their ids."""
    rows = Seating.objects.playing(event, board_number).select_for_update(of=("self",))
    return list(rows.values_list("pk", flat=True))


def seatings_from(event: Event, from_round: int) -> list[Seating]:
    """5. The event's table-rounds from ``from_round`` on, in round and table order (a
    change to the field moves pairs between them)."""
    return list(
        Seating.objects.select_for_update(of=("self",))
        .filter(event=event, round__gte=from_round)
        .order_by("round", "table")
    )


def seatings_of(events: Iterable[Event]) -> None:
    """5. Every table-round of some events, in event, round and table order (re-seating
    a session: a result on its way waits for the new seats, or lands first).  ``FOR NO
    KEY UPDATE``: a result being saved refers to its table-round."""
    rows = Seating.objects.select_for_update(no_key=True).filter(event__in=list(events))
    list(rows.order_by("event", "round", "table").values_list("pk", flat=True))


def result(of: Result) -> Result | None:
    """6. A result's row, locked and read again (after its table-round), or None when it
    is gone; its event and board are ``of``'s (a result's never change)."""
    found = tablet.one(Result, _for_update(tablet.RESULT_BY_ID), [of.pk])
    if found is not None:
        found.event, found.board = of.event, of.board
    return found


def auction_record(seating: Seating, board: Board) -> AuctionRecord:
    """6. The auction record of a board at a table-round, made empty on first use."""
    record, _ = AuctionRecord.objects.select_for_update().get_or_create(
        seating=seating, board=board
    )
    return record


def clubs() -> list[Club]:
    """Outside the order: every club's row, in id order (a new club's name is checked
    against the others' while no other new club can be made)."""
    return list(Club.objects.select_for_update(no_key=True).order_by("pk"))


def accounts(directors: QuerySet[Any]) -> list[Any]:
    """Outside the order: the directors' rows (the last-director check); no verb takes
    them together with an event's."""
    return list(directors.select_for_update())


def members(club: Club, pks: Iterable[int]) -> dict[int, Member]:
    """Outside the order: some members of a club's register, by id (taken after the
    club's row, :func:`club`)."""
    rows = Member.objects.select_for_update().filter(club=club, pk__in=list(pks))
    return {m.pk: m for m in rows.order_by("pk")}


def job(pk: int, *, wait: bool = False) -> Job | None:
    """Outside the order: a job's row.  For its runner to claim, ``None`` when another
    runner holds it (``skip_locked``) or it is gone; ``wait``: until whoever holds it is
    done (a job failed when its queue does not answer)."""
    rows = Job.objects.select_for_update(skip_locked=not wait)
    return rows.filter(pk=pk).first()
