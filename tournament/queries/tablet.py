"""The reads every tablet request makes: a small typed read model over the ORM.

A round's end sends some fifty tablets' requests within seconds, and each of them
begins with the same reads: the table's link with its event and its club, the
table's current round with its pairs, the board.  Each read here is one or two
querysets of Django's documented API (``select_related``, ``values_list``,
``exists``); what a read adds to a row (the result a table entered for a board,
whether the round is closed now, whether a submission's key stored a result) comes
back beside the row in a frozen dataclass, never set on the model's instance.

Nothing here locks a row: the locked reads of a tablet's verbs
(:mod:`tournament.services.locks`) start from the same querysets
(:func:`current_seatings`) and lock them there.  Why the reads went back to
the ORM, and the figures: docs/decisions/plain-django.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import BooleanField, Exists, ExpressionWrapper, Q, QuerySet, Value

from ..models import Board, DirectorCall, Result, Round, Seating, TableLink


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


def link(token: str) -> TableLink | None:
    """The live link of ``token`` with its event and the event's club, in one query."""
    rows = TableLink.objects.filter(token=token, revoked_at__isnull=True)
    return rows.select_related("event__club").first()


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


def current_seatings(event_id: int, table: int) -> QuerySet[Seating]:
    """The table-rounds the table has still to play, first first: those it has not
    agreed whose round the director has not closed (Law E: an agreed or closed round's
    scores are the director's).  The first is the table's current round."""
    closed = Round.objects.filter(event_id=event_id, closed_at__isnull=False).values("number")
    return (
        Seating.objects.filter(event_id=event_id, table=table, agreed_at__isnull=True)
        .exclude(round__in=closed)
        .order_by("round")
    )


def current_seating(event_id: int, table: int) -> Seating | None:
    """The table's current round with its two pairs (one ``None`` for a sit-out), or
    ``None`` when the table has finished every round; one query."""
    return current_seatings(event_id, table).select_related("ns", "ew").first()


def board(event_id: int, number: int) -> Board | None:
    """Board ``number`` of the event, or None."""
    return Board.objects.filter(event_id=event_id, number=number).first()


def board_at_table(event_id: int, number: int, round_no: int, table: int) -> BoardAtTable | None:
    """Board ``number`` with the live result the table entered for it in round
    ``round_no``, or None when the event has no such board; two queries."""
    found = board(event_id, number)
    if found is None:
        return None
    entered = Result.objects.filter(
        board=found, round=round_no, table=table, is_live=True
    ).values_list("pk", flat=True)
    return BoardAtTable(found, entered.first())


def board_under_lock(event_id: int, number: int, round_no: int, key: str) -> BoardUnderLock | None:
    """Board ``number``, whether round ``round_no`` is closed now and whether a
    submission with idempotency key ``key`` stored a result (never, for an empty key:
    a director's entries store ""), or None when the event has no such board; two
    queries, the board's and the round's with the key's.

    Read after the table-round's lock: a read that began before the lock was granted
    would not see a close, or a retry's first try, committed while it waited."""
    found = board(event_id, number)
    if found is None:
        return None
    stored_here = Result.objects.filter(event_id=event_id, idempotency_key=key)
    facts = (
        Round.objects.filter(event_id=event_id, number=round_no)
        .values_list(
            ExpressionWrapper(Q(closed_at__isnull=False), output_field=BooleanField()),
            Exists(stored_here) if key else Value(False),
        )
        .first()
    )
    closed, retried = facts if facts is not None else (False, False)
    return BoardUnderLock(found, bool(closed), bool(retried))


def stored(event_id: int, key: str) -> Result | None:
    """The result stored under this idempotency key, if any."""
    return Result.objects.filter(event_id=event_id, idempotency_key=key).order_by("pk").first()


def live_result_of(seating: Seating, result_id: int) -> Result | None:
    """Live result ``result_id`` of the table-round ``seating`` (None when it is not
    one), with its board and its pairs (as entered: a late pair may have changed the
    table-round's since), in one query."""
    found = (
        Result.objects.filter(
            pk=result_id,
            event_id=seating.event_id,
            table=seating.table,
            seating_id=seating.pk,
            is_live=True,
        )
        .select_related("board", "ns", "ew")
        .first()
    )
    if found is not None:
        found.seating = seating  # the table-round the caller holds: its own foreign key
    return found
