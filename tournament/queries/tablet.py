"""The reads every tablet request makes: a small typed read model.

A round's end sends some fifty tablets' requests within seconds, and each of them
begins with the same reads: the table's link with its event and its club, the
table's current round with its pairs, the board.  Each row is read through Django's
documented ``Manager.raw()``, which makes the model's instance from it (every value
through the converters a queryset applies); what a read adds to a row (the result a
table entered for a board, whether the round is closed now, whether a submission's
key stored a result) is read through a plain cursor (Django's documented
``connection.cursor()``) and comes back beside the row in a frozen dataclass, never
set on the model's instance.

Why ``raw()`` and not querysets here, the one place: a queryset's SQL is built afresh
on every run, and for these one-row reads the building cost several times the
database's answer; the 50-tablet burst measured about twice the app's processor time
a request with querysets (docs/decisions/tablet-reads.md).  Everywhere else, the
tablet's writes and every director's or public page included, the app reads through
querysets.  ``tests/tournament/test_tablet_reads.py`` holds every read equal to the
queryset that says the same, in every state the rules tell apart.

Nothing here locks a row: the locked reads of a tablet's verbs
(:mod:`tournament.services.locks`) run the same SQL with the locking clause added.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Model

from ..models import Board, Club, DirectorCall, Event, Pair, Result, Round, Seating, TableLink

M = TypeVar("M", bound=Model)


@dataclass(frozen=True, slots=True)
class BoardAtTable:
    """A board as the table's board page needs it: the board, and the live result the
    table entered for it in its round (``None`` when it has not)."""

    board: Board
    entered_id: int | None


@dataclass(frozen=True, slots=True)
class BoardUnderLock:
    """A board read after the table-round's lock, with the two facts a first entry
    re-checks there: whether the board's round is closed now (Law E), and whether a
    submission with the same idempotency key already stored its result (a retry)."""

    board: Board
    round_closed: bool
    retried: bool


def _table(model: type[Model]) -> str:
    return model._meta.db_table


def one(model: type[M], sql: str, params: Sequence[Any]) -> M | None:
    """The instance of the first row ``sql`` answers (the model's own columns only:
    nothing else is set on it), or None."""
    return next(iter(model._default_manager.raw(sql, params)), None)


def scalar(sql: str, params: Sequence[Any]) -> Any:
    """The first value of the first row ``sql`` answers, or None."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return None if row is None else row[0]


LINK = f"SELECT * FROM {_table(TableLink)} WHERE token = %s AND revoked_at IS NULL"
EVENT = f"SELECT * FROM {_table(Event)} WHERE id = %s"
CLUB = f"SELECT * FROM {_table(Club)} WHERE id = %s"
# The table's rounds still to play: not agreed by the table, whose round the director
# has not closed (Law E: an agreed or closed round's scores are the director's).
CURRENT_SEATING = (
    f'SELECT * FROM {_table(Seating)} WHERE event_id = %s AND "table" = %s '
    "AND agreed_at IS NULL AND round NOT IN ("
    f"SELECT number FROM {_table(Round)} WHERE event_id = %s AND closed_at IS NOT NULL) "
    "ORDER BY round LIMIT 1"
)
SEATING_AT = f'SELECT * FROM {_table(Seating)} WHERE event_id = %s AND round = %s AND "table" = %s'
SEATING_BY_ID = f"SELECT * FROM {_table(Seating)} WHERE id = %s"
RESULT_BY_ID = f"SELECT * FROM {_table(Result)} WHERE id = %s"
PAIRS = f"SELECT * FROM {_table(Pair)} WHERE id IN (%s, %s)"
BOARD = f"SELECT * FROM {_table(Board)} WHERE event_id = %s AND number = %s"
BOARD_BY_ID = f"SELECT * FROM {_table(Board)} WHERE id = %s"
ENTERED = (
    f'SELECT id FROM {_table(Result)} WHERE board_id = %s AND round = %s AND "table" = %s '
    "AND is_live = %s"
)
# Whether the round is closed, and whether a submission's key stored a result: one row.
ROUND_AND_KEY = (
    f"SELECT closed_at IS NOT NULL, EXISTS(SELECT 1 FROM {_table(Result)} r "
    "WHERE r.event_id = %s AND r.idempotency_key = %s) "
    f"FROM {_table(Round)} WHERE event_id = %s AND number = %s"
)
STORED = f"SELECT * FROM {_table(Result)} WHERE event_id = %s AND idempotency_key = %s"
LIVE_RESULT = (
    f'SELECT * FROM {_table(Result)} WHERE id = %s AND event_id = %s AND "table" = %s '
    "AND seating_id = %s AND is_live = %s"
)


def link(token: str) -> TableLink | None:
    """The live link of ``token`` with its event and the event's club."""
    found = one(TableLink, LINK, [token])
    if found is None:
        return None
    event = one(Event, EVENT, [found.event_id])
    assert event is not None  # the link's foreign key
    club = one(Club, CLUB, [event.club_id])
    assert club is not None  # the event's foreign key
    event.club = club
    found.event = event
    return found


def resolve(token: str) -> TableLink | None:
    """The live link of ``token`` as a request brings it, or None: a token no link can
    have (empty, longer than 64, with a NUL) is refused before any query; a tablet's
    every request starts here."""
    if not token or len(token) > 64 or "\x00" in token:
        return None
    return link(token)


def tables(event_id: int) -> list[int]:
    """The event's table numbers, in order."""
    return sorted(set(Seating.objects.filter(event_id=event_id).values_list("table", flat=True)))


def open_calls(event_id: int) -> list[DirectorCall]:
    """The event's director calls not yet answered, first first."""
    return list(DirectorCall.objects.filter(event_id=event_id, answered_at__isnull=True))


def current_seating(event_id: int, table: int) -> Seating | None:
    """The table's current round (``CURRENT_SEATING``) with its two pairs (one ``None``
    for a sit-out), or ``None`` when the table has finished every round."""
    seating = one(Seating, CURRENT_SEATING, [event_id, table, event_id])
    if seating is not None:
        seating.ns, seating.ew = pairs_of(seating.ns_id, seating.ew_id)
    return seating


def pairs_of(ns_id: int | None, ew_id: int | None) -> tuple[Pair | None, Pair | None]:
    """A table-round's two pairs (``None`` for a sit-out's missing one), in one read."""
    found: dict[int | None, Pair] = {p.pk: p for p in Pair.objects.raw(PAIRS, [ns_id, ew_id])}
    return found.get(ns_id), found.get(ew_id)


def board(event_id: int, number: int) -> Board | None:
    """Board ``number`` of the event, or None."""
    return one(Board, BOARD, [event_id, number])


def board_at_table(event_id: int, number: int, round_no: int, table: int) -> BoardAtTable | None:
    """Board ``number`` with the live result the table entered for it in round
    ``round_no``, or None when the event has no such board."""
    found = board(event_id, number)
    if found is None:
        return None
    return BoardAtTable(found, scalar(ENTERED, [found.pk, round_no, table, True]))


def board_under_lock(event_id: int, number: int, round_no: int, key: str) -> BoardUnderLock | None:
    """Board ``number``, whether round ``round_no`` is closed now and whether a
    submission with idempotency key ``key`` stored a result (never, for an empty key:
    a director's entries store ""), or None when the event has no such board.

    Read after the table-round's lock: a read that began before the lock was granted
    would not see a close, or a retry's first try, committed while it waited."""
    found = board(event_id, number)
    if found is None:
        return None
    with connection.cursor() as cursor:
        # An empty key is no submission's: NULL matches no row.
        cursor.execute(ROUND_AND_KEY, [event_id, key or None, event_id, round_no])
        facts = cursor.fetchone()
    closed, retried = facts if facts is not None else (False, False)
    return BoardUnderLock(found, bool(closed), bool(retried))


def stored(event_id: int, key: str) -> Result | None:
    """The result stored under this idempotency key, if any."""
    return one(Result, STORED, [event_id, key])


def live_result_of(seating: Seating, result_id: int) -> Result | None:
    """Live result ``result_id`` of the table-round ``seating`` (None when it is not
    one), with its board and its pairs (as entered: a late pair may have changed the
    table-round's since)."""
    params = [result_id, seating.event_id, seating.table, seating.pk, True]
    found = one(Result, LIVE_RESULT, params)
    if found is None:
        return None
    found.seating = seating  # the table-round the caller holds: its own foreign key
    board = one(Board, BOARD_BY_ID, [found.board_id])
    assert board is not None  # the result's foreign key
    found.board = board
    if (found.ns_id, found.ew_id) == (seating.ns_id, seating.ew_id):
        ns, ew = seating.ns, seating.ew
    else:  # the pairs were changed since the result was entered (a late pair)
        ns, ew = pairs_of(found.ns_id, found.ew_id)
    assert ns is not None and ew is not None  # a result is always between two pairs
    found.ns, found.ew = ns, ew
    return found
