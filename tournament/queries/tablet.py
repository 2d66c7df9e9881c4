"""The reads every tablet request makes, written out in SQL.

A round's end sends some fifty tablets' requests within seconds, and each of them
begins with the same reads: the table's link with its event and its club's clock,
the table's current round with its pairs, the board.  Django builds a queryset's SQL
afresh on every run, and for these small reads that building costs several times
the database's answer.  So they are written here once, in SQL that SQLite and
PostgreSQL both read, naming each model's columns in the order of its fields
(:class:`Columns`), run through a plain cursor and made the model's instances with
Django's documented ``Model.from_db()``, every value through the converters a
queryset would apply.  Nothing here locks a row: the locked reads of a tablet's
verbs (:mod:`tournament.services.locks`) run the same SQL with the locking clause
added.

``tests/tournament/test_tablet_reads.py`` holds each read, locked and not, equal to
a queryset that says the same (every field, and its type), in every state the rule
tells apart: a revoked link, a table-round agreed, a round closed, a sit-out, a table
that has finished, a board entered, changed or voided.  The figures that decided
it: docs/decisions/tablet-reads.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from django.db import connection
from django.db.models import Model

from ..models import Board, Club, Event, Pair, Result, Round, Seating, TableLink

M = TypeVar("M", bound=Model)

Converter = Callable[[Any, Any, Any], Any]


class Columns(Generic[M]):
    """A model's columns, named in the order of its fields, and a row of them made the
    model's instance.

    Why not ``Manager.raw()``, which gives the same instances: it works out afresh for
    every statement which column is which field (from the cursor's description, each
    column against each field) and which converters apply, and for an event's forty
    columns that took longer than the database's answer.  Here the SQL names the
    columns itself, so a row's first values are the fields' in order, and the
    converters are found once a process for each database: the backend's (a date or a
    flag on SQLite) and the field's own (``from_db_value``: a JSON field), as a
    queryset finds them, applied as a queryset applies them."""

    def __init__(self, model: type[M], alias: str = "") -> None:
        self.model = model
        self.table = model._meta.db_table
        self.fields = list(model._meta.concrete_fields)
        self.names = [f.attname for f in self.fields]
        prefix = f"{alias}." if alias else ""
        self.select = ", ".join(f'{prefix}"{f.column}"' for f in self.fields)
        self.converters_of: dict[str, list[tuple[int, list[Converter], Any]]] = {}

    def converters(self) -> list[tuple[int, list[Converter], Any]]:
        """Each converted column's place, its converters and the column they are
        told they convert, for the database in use (found on first use)."""
        found = self.converters_of.get(connection.vendor)
        if found is None:
            found = []
            for place, field in enumerate(self.fields):
                column = field.get_col(self.table)
                convert = connection.ops.get_db_converters(column) + column.get_db_converters(
                    connection
                )
                if convert:
                    found.append((place, convert, column))
            self.converters_of[connection.vendor] = found
        return found

    @property
    def width(self) -> int:
        """How many of a row's values are the model's fields'."""
        return len(self.names)

    def instance(self, row: Sequence[Any], extra: Sequence[str] = ()) -> M:
        """The instance a row holds, its first values the fields' in order; the values
        after them set as the attributes ``extra`` names (a read's computed columns)."""
        width = self.width
        values = list(row[:width])
        for place, convert, column in self.converters():
            value = values[place]
            for step in convert:
                value = step(value, column, connection)
            values[place] = value
        found = self.model.from_db(connection.alias, self.names, values)
        for name, value in zip(extra, row[width : width + len(extra)], strict=True):
            setattr(found, name, value)
        return found

    def one(self, sql: str, params: Sequence[Any], extra: Sequence[str] = ()) -> M | None:
        """The instance of the first row ``sql`` answers (a unique row's lookup), or None."""
        row = first_row(sql, params)
        return None if row is None else self.instance(row, extra)

    def all(self, sql: str, params: Sequence[Any]) -> list[M]:
        """The instances of every row ``sql`` answers."""
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        return [self.instance(row) for row in rows]


def first_row(sql: str, params: Sequence[Any]) -> tuple | None:
    """The first row ``sql`` answers, as the database gives it, or None."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def _table(model: type[Model]) -> str:
    return model._meta.db_table


EVENT = Columns(Event, "e")
SEATING = Columns(Seating)
PAIR = Columns(Pair)
BOARD_ROW = Columns(Board, "b")
RESULT = Columns(Result)

# The live link of a token, read as its event's row with the link's own columns and the
# club's time zone beside it: one statement for what every tablet request starts from.
# The club's clock is all a tablet's pages use of the club (the times they show), and
# the link's creation time is not used at all, so neither row is read whole.
LINK_FIELDS = ("id", "table", "pin")
LINK = (
    f"SELECT {EVENT.select}, "
    + ", ".join(f'l."{f}"' for f in LINK_FIELDS)
    + f", c.time_zone FROM {_table(TableLink)} l "
    f"JOIN {_table(Event)} e ON e.id = l.event_id "
    f"JOIN {_table(Club)} c ON c.id = e.club_id "
    "WHERE l.token = %s AND l.revoked_at IS NULL LIMIT 1"
)
# The first table-round the table has not agreed whose round the director has not
# closed (Law E: an agreed or closed round's scores are the director's).
CURRENT_SEATING = (
    f'SELECT {SEATING.select} FROM {_table(Seating)} WHERE event_id = %s AND "table" = %s '
    "AND agreed_at IS NULL AND round NOT IN ("
    f"SELECT number FROM {_table(Round)} WHERE event_id = %s AND closed_at IS NOT NULL) "
    "ORDER BY round LIMIT 1"
)
SEATING_AT = (
    f"SELECT {SEATING.select} FROM {_table(Seating)} "
    'WHERE event_id = %s AND round = %s AND "table" = %s'
)
SEATING_BY_ID = f"SELECT {SEATING.select} FROM {_table(Seating)} WHERE id = %s"
PAIRS = f"SELECT {PAIR.select} FROM {_table(Pair)} WHERE id IN (%s, %s)"
BOARD = (
    f"SELECT {BOARD_ROW.select} FROM {_table(Board)} b "
    "WHERE b.event_id = %s AND b.number = %s LIMIT 1"
)
# The board, with the id of the live result a table entered for it in a round, if any.
BOARD_WITH_ENTRY = (
    f"SELECT {BOARD_ROW.select}, (SELECT r.id FROM {_table(Result)} r WHERE r.board_id = b.id "
    'AND r.round = %s AND r."table" = %s AND r.is_live = %s LIMIT 1) '
    f"FROM {_table(Board)} b WHERE b.event_id = %s AND b.number = %s LIMIT 1"
)
# The board read under the table-round's lock, whether its round is closed now, and
# the id of the result a submission with this idempotency key stored, if any.
BOARD_AND_ROUND_CLOSED = (
    f"SELECT {BOARD_ROW.select}, EXISTS(SELECT 1 FROM {_table(Round)} r "
    "WHERE r.event_id = b.event_id AND r.number = %s AND r.closed_at IS NOT NULL), "
    f"(SELECT s.id FROM {_table(Result)} s WHERE s.event_id = b.event_id "
    "AND s.idempotency_key = %s LIMIT 1) "
    f"FROM {_table(Board)} b WHERE b.event_id = %s AND b.number = %s LIMIT 1"
)
BOARD_BY_ID = f"SELECT {BOARD_ROW.select} FROM {_table(Board)} b WHERE b.id = %s"
RESULT_BY_ID = f"SELECT {RESULT.select} FROM {_table(Result)} WHERE id = %s"
# A live result of the table's, by id.
LIVE_RESULT = (
    f"SELECT {RESULT.select} FROM {_table(Result)} "
    'WHERE id = %s AND event_id = %s AND "table" = %s AND is_live = %s'
)
# The result a submission with this idempotency key stored (a retry's answer).
STORED = (
    f"SELECT {RESULT.select} FROM {_table(Result)} "
    "WHERE event_id = %s AND idempotency_key = %s LIMIT 1"
)


def link(token: str) -> TableLink | None:
    """The live link of ``token`` with its event, and the event's club, in one statement.

    The event is read whole; the link with every field but its creation time (its
    token is the one asked for, and it is not revoked), the club with its time zone:
    Django reads any other field of either the first time it is asked for (as after a
    queryset's ``only()``), so nothing reads a wrong value."""
    row = first_row(LINK, [token])
    if row is None:
        return None
    event = EVENT.instance(row)
    link_id, table, pin, time_zone = row[EVENT.width :]
    event.club = Club.from_db(connection.alias, ["id", "time_zone"], [event.club_id, time_zone])
    found = TableLink.from_db(
        connection.alias,
        ["id", "event_id", "table", "token", "pin", "revoked_at"],
        [link_id, event.pk, table, token, pin, None],
    )
    found.event = event
    return found


def current_seating(event_id: int, table: int) -> Seating | None:
    """The table's current round (see ``CURRENT_SEATING``) with its two pairs, or None
    when the table has finished every round."""
    seating = SEATING.one(CURRENT_SEATING, [event_id, table, event_id])
    if seating is not None:
        read_pairs(seating)
    return seating


def read_pairs(seating: Seating) -> None:
    """Read a table-round's two pairs (one a sit-out's) into it, in one statement."""
    seating.ns, seating.ew = _pairs(seating.ns_id, seating.ew_id)  # None: a sit-out


def _pairs(ns_id: int | None, ew_id: int | None) -> tuple[Pair | None, Pair | None]:
    pairs: dict[int | None, Pair] = {p.pk: p for p in PAIR.all(PAIRS, [ns_id, ew_id])}
    return pairs.get(ns_id), pairs.get(ew_id)


def board(event_id: int, number: int) -> Board | None:
    """Board ``number`` of the event, or None."""
    return BOARD_ROW.one(BOARD, [event_id, number])


def board_with_entry(event_id: int, number: int, round_no: int, table: int) -> Board | None:
    """Board ``number``, its ``live_id`` the live result the table entered for it in
    round ``round_no`` (None when it has not), or None when the event has no such board."""
    return BOARD_ROW.one(BOARD_WITH_ENTRY, [round_no, table, True, event_id, number], ["live_id"])


def board_and_round_closed(
    event_id: int, number: int, round_no: int, key: str = ""
) -> Board | None:
    """Board ``number``, its ``round_closed`` whether round ``round_no`` is closed now
    and its ``stored_id`` the result a submission with idempotency key ``key`` stored
    (None when none did, or ``key`` is empty), or None when the event has no such board.

    One statement after a lock: one that began before it was granted would not see a
    close, or a retry's first try, committed while it waited."""
    # An empty key is no submission's: NULL matches no row (a director's entries have "").
    return BOARD_ROW.one(
        BOARD_AND_ROUND_CLOSED,
        [round_no, key or None, event_id, number],
        ["round_closed", "stored_id"],
    )


def stored(event_id: int, key: str) -> Result | None:
    """The result stored under this idempotency key, if any."""
    return RESULT.one(STORED, [event_id, key])


def live_result_of(seating: Seating, result_id: int) -> Result | None:
    """Live result ``result_id`` of the table-round ``seating`` (None when it is not
    one), with its board, its table-round and its pairs."""
    found = RESULT.one(LIVE_RESULT, [result_id, seating.event_id, seating.table, True])
    if found is None or found.seating_id != seating.pk:
        return None
    found.seating = seating
    board = BOARD_ROW.one(BOARD_BY_ID, [found.board_id])
    assert board is not None  # the result's foreign key
    found.board = board
    if (found.ns_id, found.ew_id) == (seating.ns_id, seating.ew_id):
        ns, ew = seating.ns, seating.ew
    else:  # the pairs were changed since the result was entered (a late pair)
        ns, ew = _pairs(found.ns_id, found.ew_id)
    assert ns is not None and ew is not None  # a result is always between two pairs
    found.ns, found.ew = ns, ew
    return found
