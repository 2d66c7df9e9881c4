"""The reads every tablet request makes, written out in SQL.

A round's end sends some fifty tablets' requests within seconds, and each of them
begins with the same reads: the table's link with its event and its club's clock,
the table's current round with its pairs, the board.  Django builds a queryset's SQL
afresh on every run, and for these small reads that building costs several times
the database's answer.  So they are written here once, in SQL that SQLite and
PostgreSQL both read, and run through Django's documented ``Manager.raw()``, which
turns the rows into the same model instances (every column, through the same
converters) that the querysets would.  Nothing here locks a row: the locked reads of
a tablet's verbs (:mod:`tournament.services.locks`) run the same SQL with the
locking clause added.

``tests/tournament/test_tablet_reads.py`` holds each read, locked and not, equal to
a queryset that says the same, in every state the rule tells apart: a revoked link,
a table-round agreed, a round closed, a sit-out, a table that has finished, a board
entered, changed or voided.  The figures that decided
it: docs/decisions/tablet-reads.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from django.db.models import Model

from ..models import Board, Club, Event, Pair, Result, Round, Seating, TableLink

M = TypeVar("M", bound=Model)


def _table(model: type[Model]) -> str:
    return model._meta.db_table


# The live link of a token, read as its event's row with the link's own columns and the
# club's time zone beside it: one statement for what every tablet request starts from.
# The club's clock is all a tablet's pages use of the club (the times they show), and
# the link's creation time is not used at all, so neither row is read whole.
LINK_FIELDS = ("id", "table", "pin")
LINK = (
    "SELECT e.*, "
    + ", ".join(f'l."{f}" AS link_{f}' for f in LINK_FIELDS)
    + f", c.time_zone AS club_time_zone FROM {_table(TableLink)} l "
    f"JOIN {_table(Event)} e ON e.id = l.event_id "
    f"JOIN {_table(Club)} c ON c.id = e.club_id "
    "WHERE l.token = %s AND l.revoked_at IS NULL LIMIT 1"
)
# The first table-round the table has not agreed whose round the director has not
# closed (Law E: an agreed or closed round's scores are the director's).
CURRENT_SEATING = (
    f'SELECT * FROM {_table(Seating)} WHERE event_id = %s AND "table" = %s '
    "AND agreed_at IS NULL AND round NOT IN ("
    f"SELECT number FROM {_table(Round)} WHERE event_id = %s AND closed_at IS NOT NULL) "
    "ORDER BY round LIMIT 1"
)
SEATING_AT = f'SELECT * FROM {_table(Seating)} WHERE event_id = %s AND round = %s AND "table" = %s'
SEATING_BY_ID = f"SELECT * FROM {_table(Seating)} WHERE id = %s"
PAIRS = f"SELECT * FROM {_table(Pair)} WHERE id IN (%s, %s)"
BOARD = f"SELECT * FROM {_table(Board)} WHERE event_id = %s AND number = %s LIMIT 1"
# The board, with the id of the live result a table entered for it in a round, if any.
BOARD_WITH_ENTRY = (
    f"SELECT b.*, (SELECT r.id FROM {_table(Result)} r WHERE r.board_id = b.id "
    'AND r.round = %s AND r."table" = %s AND r.is_live = %s LIMIT 1) AS live_id '
    f"FROM {_table(Board)} b WHERE b.event_id = %s AND b.number = %s LIMIT 1"
)
# The board read under the table-round's lock, whether its round is closed now, and
# the id of the result a submission with this idempotency key stored, if any.
BOARD_AND_ROUND_CLOSED = (
    f"SELECT b.*, EXISTS(SELECT 1 FROM {_table(Round)} r WHERE r.event_id = b.event_id "
    "AND r.number = %s AND r.closed_at IS NOT NULL) AS round_closed, "
    f"(SELECT s.id FROM {_table(Result)} s WHERE s.event_id = b.event_id "
    "AND s.idempotency_key = %s LIMIT 1) AS stored_id "
    f"FROM {_table(Board)} b WHERE b.event_id = %s AND b.number = %s LIMIT 1"
)
BOARD_BY_ID = f"SELECT * FROM {_table(Board)} WHERE id = %s"
RESULT_BY_ID = f"SELECT * FROM {_table(Result)} WHERE id = %s"
# A live result of the table's, by id.
LIVE_RESULT = (
    f'SELECT * FROM {_table(Result)} WHERE id = %s AND event_id = %s AND "table" = %s '
    "AND is_live = %s"
)
# The result a submission with this idempotency key stored (a retry's answer).
STORED = f"SELECT * FROM {_table(Result)} WHERE event_id = %s AND idempotency_key = %s LIMIT 1"


def one(rows: Iterable[M]) -> M | None:
    """The first row of a raw query (a unique row's lookup), or None."""
    return next(iter(rows), None)


def link(token: str) -> TableLink | None:
    """The live link of ``token`` with its event, and the event's club, in one statement.

    The event is read whole; the link with every field but its creation time (its
    token is the one asked for, and it is not revoked), the club with its time zone:
    Django reads any other field of either the first time it is asked for (as after a
    queryset's ``only()``), so nothing reads a wrong value."""
    event = one(Event.objects.raw(LINK, [token]))
    if event is None:
        return None
    row = vars(event)
    own = [row.pop(f"link_{f}") for f in LINK_FIELDS]
    event.club = Club.from_db(
        Club.objects.db, ["id", "time_zone"], [event.club_id, row.pop("club_time_zone")]
    )
    found = TableLink.from_db(
        TableLink.objects.db,
        ["id", "event_id", "table", "token", "pin", "revoked_at"],
        [own[0], event.pk, own[1], token, own[2], None],
    )
    found.event = event
    return found


def current_seating(event_id: int, table: int) -> Seating | None:
    """The table's current round (see ``CURRENT_SEATING``) with its two pairs, or None
    when the table has finished every round."""
    seating = one(Seating.objects.raw(CURRENT_SEATING, [event_id, table, event_id]))
    if seating is not None:
        read_pairs(seating)
    return seating


def read_pairs(seating: Seating) -> None:
    """Read a table-round's two pairs (one a sit-out's) into it, in one statement."""
    seating.ns, seating.ew = _pairs(seating.ns_id, seating.ew_id)  # None: a sit-out


def _pairs(ns_id: int | None, ew_id: int | None) -> tuple[Pair | None, Pair | None]:
    pairs: dict[int | None, Pair] = {p.pk: p for p in Pair.objects.raw(PAIRS, [ns_id, ew_id])}
    return pairs.get(ns_id), pairs.get(ew_id)


def board(event_id: int, number: int) -> Board | None:
    """Board ``number`` of the event, or None."""
    return one(Board.objects.raw(BOARD, [event_id, number]))


def board_with_entry(event_id: int, number: int, round_no: int, table: int) -> Board | None:
    """Board ``number``, its ``live_id`` the live result the table entered for it in
    round ``round_no`` (None when it has not), or None when the event has no such board."""
    return one(Board.objects.raw(BOARD_WITH_ENTRY, [round_no, table, True, event_id, number]))


def board_and_round_closed(
    event_id: int, number: int, round_no: int, key: str = ""
) -> Board | None:
    """Board ``number``, its ``round_closed`` whether round ``round_no`` is closed now
    and its ``stored_id`` the result a submission with idempotency key ``key`` stored
    (None when none did, or ``key`` is empty), or None when the event has no such board.

    One statement after a lock: one that began before it was granted would not see a
    close, or a retry's first try, committed while it waited."""
    # An empty key is no submission's: NULL matches no row (a director's entries have "").
    return one(Board.objects.raw(BOARD_AND_ROUND_CLOSED, [round_no, key or None, event_id, number]))


def stored(event_id: int, key: str) -> Result | None:
    """The result stored under this idempotency key, if any."""
    return one(Result.objects.raw(STORED, [event_id, key]))


def live_result_of(seating: Seating, result_id: int) -> Result | None:
    """Live result ``result_id`` of the table-round ``seating`` (None when it is not
    one), with its board, its table-round and its pairs."""
    found = one(Result.objects.raw(LIVE_RESULT, [result_id, seating.event_id, seating.table, True]))
    if found is None or found.seating_id != seating.pk:
        return None
    found.seating = seating
    board = one(Board.objects.raw(BOARD_BY_ID, [found.board_id]))
    assert board is not None  # the result's foreign key
    found.board = board
    if (found.ns_id, found.ew_id) == (seating.ns_id, seating.ew_id):
        ns, ew = seating.ns, seating.ew
    else:  # the pairs were changed since the result was entered (a late pair)
        ns, ew = _pairs(found.ns_id, found.ew_id)
    assert ns is not None and ew is not None  # a result is always between two pairs
    found.ns, found.ew = ns, ew
    return found
