"""Results: enter a board's result, correct it, confirm it, take it out of play.

Every verb runs in one transaction and takes its locks in one order
(:mod:`.locks`), the table-round (``Seating``) first and then the result, and
re-checks under the
lock the state it depends on: whether the round is closed (Law E), whether
the table has agreed it, whether a retry of the same submission already
stored its result.  :func:`tournament.services.rounds.close_round` locks the
round's tables the same way, so a save in flight and a close never both win.

A first entry (the tablet's submission, the request the room sends most) reads
the table-round once, locked, and lets the database's two partial unique
indexes (``one_live_result``, ``idempotent_submission``) refuse a second live
result or a repeated key instead of asking first: the refused transaction is
rolled back and only then is the result that stands looked up, under the
table-round's lock again, so that a void or a correction cannot slip between the
refusal and the answer (docs/decisions/first-entry.md; the lock order:
docs/decisions/lock-order.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring import DealScore, ScoringError, parse_contract
from scoring.irregular import ADJUSTMENTS, check_artificial_score

from ..errors import AuctionNotOver, NotTablesBoard, ResultConflict, ServiceError
from ..models import Board, Event, Result, Round, Seating
from ..queries import tablet
from ..queries.auctions import auction_of, auction_text, ruling_penalties
from . import locks
from .audit import Actor, audit
from .entries import Entry, preview
from .text import storable

MAX_KEY = 64  # Result.idempotency_key's length
# A table's tablet may correct its own scores until the round is agreed (Law E), but a
# score the director set (adjusted, or Law B's artificial score) is the director's.
DIRECTOR_SET = (
    "The director set this board's score: a table cannot change it (Duplicate Law E). "
    "If it looks wrong, ask the director."
)


def live_result(event: Event, board_number: int, round_no: int, table: int) -> Result | None:
    """The result that counts for a board at a table in a round, if any."""
    return (
        Result.objects.filter(event=event)
        .at(board_number, round_no, table)
        .live()
        .select_related("board", "entered_by")
        .order_by("pk")
        .first()
    )


def _lookup_key(key: str) -> str:
    """The idempotency key as a lookup takes it: "" (no submission's) for one holding a
    character no stored key holds (a form refuses one; tournament/text.py) and
    PostgreSQL cannot compare."""
    return key if storable(key) else ""


def stored(event: Event | int, key: str) -> Result | None:
    """The result a submission with this idempotency key already stored (a retry)."""
    key = _lookup_key(key)
    if not key:
        return None
    return tablet.stored(event if isinstance(event, int) else event.pk, key)


def round_closed(event: Event | int, round_no: int) -> bool:
    return Round.objects.filter(event=event, number=round_no, closed_at__isnull=False).exists()


def _board_after_lock(
    event: Event, board_number: int, round_no: int, key: str
) -> tablet.BoardUnderLock:
    """The board, read under the table-round's lock, with whether its round is closed
    now and whether a submission with idempotency key ``key`` stored a result already
    (a retry): read after the lock, since a read that started before it was granted
    would not see a close, or a retry's first try, that committed while it waited.
    """
    found = tablet.board_under_lock(event.pk, board_number, round_no, _lookup_key(key))
    if found is None:
        raise Board.DoesNotExist(f"event {event.pk} has no board {board_number}")
    return found


def _check_key(key: str) -> None:
    if len(key) > MAX_KEY:
        raise ServiceError("this submission's key is too long; reload the page and enter it again")


def check_board(seating: Seating, board_number: int) -> None:
    """The board is one the table-round plays, and the table plays in it (under its lock)."""
    if board_number not in seating.board_numbers:
        raise ServiceError(
            f"table {seating.table} plays boards {seating.first_board}-{seating.last_board} "
            f"in round {seating.round}, not board {board_number}"
        )
    if seating.sit_out:
        raise ServiceError(f"table {seating.table} sits out in round {seating.round}")
    if seating.absent:
        raise ServiceError(
            f"table {seating.table} is marked absent in round {seating.round}; "
            "clear that before entering a result"
        )


def check_may_change(seating: Seating, by: Actor, what: str, closed: bool | None = None) -> None:
    """Law E, checked under the table-round's lock.

    A table changes its results only until it agrees the round and the
    director has not closed it; the director changes them at any time, but
    once the round is closed only with a reason.  ``closed``: the round's state
    when the caller read it after the lock already (else it is read here).
    """
    if closed is None:
        closed = round_closed(seating.event_id, seating.round)
    if not by.is_director and (closed or seating.agreed_at is not None):
        raise ServiceError(
            f"round {seating.round} has been {'closed' if closed else 'agreed'}: only the "
            f"director can {what} now (Law E)"
        )
    if closed and not by.reason.strip():
        raise ServiceError(f"round {seating.round} is closed: give a reason to {what} (Law E)")


class Outcome(StrEnum):
    """What became of a tablet's submission of a board's result."""

    STORED = "stored"  # this submission stored the result
    ALREADY_STORED = "already stored"  # a retry: its first try stored it
    REFUSED = "refused"  # nothing stored: ``Submission.refusal`` says why, and of which field
    NOT_THIS_TABLES = "not this table's board"  # the table plays other boards now


@dataclass(frozen=True)
class Submission:
    """The one answer to a tablet's submission, with or without an auction recorded,
    which the board page renders: the result stored (or stored already, by the first
    try of a retry); the refusal, a :class:`ServiceError` with its reason, its
    ``code`` and its ``field`` (a :class:`ResultConflict` names the result that stands,
    :class:`AuctionNotOver` sends the table back to its calls); or where the table is
    now when the board is not its own (``seating``: ``None`` when it has finished)."""

    outcome: Outcome
    result: Result | None = None
    refusal: ServiceError | None = None
    seating: Seating | None = None


def submit_board(
    event: Event,
    *,
    board_number: int,
    table: int,
    entry: Entry,
    by: Actor,
    confirmed: bool = False,
) -> Submission:
    """A tablet's submission of a board for its table's current round (see
    :func:`enter_result`, ``round_no=None``): every way it can end, as one answer."""
    try:
        result, fresh = _enter(event, board_number, None, table, entry, by, confirmed)
    except NotTablesBoard as e:
        return Submission(Outcome.NOT_THIS_TABLES, seating=e.seating)
    except ServiceError as e:
        return Submission(Outcome.REFUSED, refusal=e)
    return Submission(Outcome.STORED if fresh else Outcome.ALREADY_STORED, result=result)


def enter_result(
    event: Event,
    *,
    board_number: int,
    round_no: int | None,
    table: int,
    entry: Entry,
    by: Actor,
    confirmed: bool = False,
) -> Result:
    """Record the first result of a board at a table in a round.

    ``round_no=None`` is the tablet's case: the table's current round, locked in
    the same read that finds it (a board not of that round raises
    :class:`NotTablesBoard`).  Two tablets (or a tablet and the director)
    entering the same board at once: the table-round is locked, so the second
    waits, its insert is refused by the one-live-result index, and it gets a
    :class:`ResultConflict` naming the result that stands (read under the lock; when
    none stands any more, the entry is made again, once).  A retry of a
    submission (the same idempotency key) gets the stored result, even when it
    arrives while the first is still being saved, or after the round moved on.
    On the way that stores a result: the table-round's locked read, the board
    with its round's state, the result and its audit line; nothing else.
    """
    return _enter(event, board_number, round_no, table, entry, by, confirmed)[0]


def _enter(
    event: Event,
    board_number: int,
    round_no: int | None,
    table: int,
    entry: Entry,
    by: Actor,
    confirmed: bool,
) -> tuple[Result, bool]:
    """:func:`enter_result`'s work: the result, and whether this call stored it (False:
    a retry's first try had)."""
    _check_key(by.key)
    for _ in range(2):
        where = round_no
        try:
            with transaction.atomic():
                if round_no is None:
                    seating = locks.current_seating(event, table)
                    if seating is None or board_number not in seating.board_numbers:
                        raise NotTablesBoard(seating, board_number)
                else:
                    seating = locks.seating(event, round_no, table)
                where = seating.round
                check_board(seating, board_number)
                found = _board_after_lock(event, board_number, seating.round, by.key)
                done = stored(event, by.key) if found.retried else None
                if done is not None:  # its first try was stored, perhaps while this one waited
                    return done, False
                check_may_change(seating, by, "enter a result", closed=found.round_closed)
                result = _new_result(event, found.board, seating, entry, by, confirmed)
                result.save(force_insert=True)
                audit(
                    event,
                    "entered",
                    f"{result.where}: {result.summary}",
                    by=by,
                    result=result,
                )
                return result, True
        except ServiceError:
            # Refused (a closed or agreed round, another round's board): unless this is a
            # retry whose first try was stored before the round moved on.
            done = stored(event, by.key)
            if done is not None:
                return done, False
            raise
        except IntegrityError:
            # The unique indexes refused a repeated key (a retry: the first try stored it,
            # perhaps while this one waited for the lock) or a second live result.
            if where is None:
                raise
            done = _refused_by(event, board_number, where, table, by.key)
            if done is not None:
                return done, False
            # Nothing stands now: the result that refused this one was taken out of
            # play in between (a void, Law B); the board is free, so enter it again.
    raise ServiceError(
        f"board {board_number} at table {table} was being changed from another device while "
        "this was saved: nothing was stored. Look at the board's results, then enter it again"
    )


def _refused_by(
    event: Event, board_number: int, round_no: int, table: int, key: str
) -> Result | None:
    """What refused a first entry, read under the table-round's lock: the retry's stored
    result (returned), the result that stands (a :class:`ResultConflict` naming it), or
    ``None`` when neither is there any more.

    Under the lock every verb that changes the board's line at the table takes first,
    so the answer cannot change while it is read: a void or a correction in flight
    has either committed or waits.
    """
    with transaction.atomic():
        locks.seating(event, round_no, table)
        done = stored(event, key)
        if done is not None:
            return done
        existing = live_result(event, board_number, round_no, table)
        if existing is None:
            return None
        raise ResultConflict(
            f"board {board_number} at table {table} in round {round_no} already has a "
            f"result: {existing.summary}, entered by "
            f"{existing.entered_via or 'the director'} at "
            f"{timezone.localtime(existing.created_at):%H:%M:%S}. "
            "Correct that result instead.",
            existing,
        )


def _score_fields(score: DealScore | None) -> dict[str, Any]:
    if score is None:
        return {
            "ns_trick": 0,
            "ns_honour": 0,
            "ew_trick": 0,
            "ew_honour": 0,
            "net_ns": None,
            "items": [],
        }
    return {
        "ns_trick": score.ns_trick,
        "ns_honour": score.ns_honour,
        "ew_trick": score.ew_trick,
        "ew_honour": score.ew_honour,
        "net_ns": score.net_ns,
        "items": score.to_json()["items"],
    }


def _with_auction(event: Event, board: Board, seating: Seating, entry: Entry) -> tuple:
    """The entry with the penalties of the director's rulings at this table, and the
    auction recorded there."""
    rulings = ruling_penalties(seating, board)
    if rulings and not entry.adjusted:
        typed = [p for p in entry.penalties if p not in rulings]
        entry = replace(entry, penalties=tuple(typed + rulings))
    return entry, auction_of(event, seating, board)


def _new_result(
    event: Event,
    board: Board,
    seating: Seating,
    entry: Entry,
    by: Actor,
    confirmed: bool,
    previous: Result | None = None,
) -> Result:
    """A new version of a traveller line, scored by the event's laws (not yet saved).

    The director's rulings on the auction at this table bring their penalty points
    (with their law) to every version; a recorded auction gives the contract and the
    declarer, which a tablet may not contradict (the director may, to correct it).
    """
    if event.record_auctions:  # two queries a save, only where auctions are recorded
        entry, auction = _with_auction(event, board, seating, entry)
    fields = entry.fields()
    if event.record_auctions and not auction.is_over and not by.is_director and not entry.adjusted:
        raise AuctionNotOver("this table's auction is not over: record its calls, then the result")
    if event.record_auctions and auction.is_over and not entry.adjusted:
        fields["auction"] = auction_text(auction)
        contract, declarer = auction.contract(), auction.declarer()
        said = parse_contract(entry.contract, event.laws) if entry.contract else None
        if (
            not by.is_director
            and said is not None
            and contract is not None
            and (said != contract or entry.declarer != declarer)
        ):
            raise ServiceError(
                f"the auction recorded {contract} by {declarer}, not {said} by "
                f"{entry.declarer or '?'}: enter the contract the auction made, or call the "
                "director"
            )
    if entry.adjusted:
        if not by.is_director:
            raise ServiceError("only the director gives an adjusted score")
        if entry.adjusted in ADJUSTMENTS:
            _check_artificial_allowed(event, board)
        score = None
        fields.update(contract="", declarer="", tricks=None, honours=None, penalties=[])
    else:
        if not entry.contract:
            raise ServiceError("nothing to record: enter the contract or an adjustment")
        score = preview(event, board, entry)
        if board.deal:
            fields["honours"] = None  # derived from the hand record, never typed
    assert seating.ns_id is not None and seating.ew_id is not None  # no result at a sit-out
    return Result(
        event=event,
        board=board,
        seating=seating,
        round=seating.round,
        table=seating.table,
        ns_id=seating.ns_id,
        ew_id=seating.ew_id,
        version=previous.version + 1 if previous else 1,
        previous=previous,
        confirmed=confirmed,
        entered_by=by.account,
        entered_via=by.label,
        reason=by.kept_reason,
        idempotency_key=by.key,
        **fields,
        **_score_fields(score),
    )


def _check_artificial_allowed(event: Event, board: Board) -> None:
    """Law B(3): an artificial score needs more than two tables; asked of :mod:`scoring`."""
    try:
        check_artificial_score(
            max(Seating.objects.playing(event, board.number).count(), 2), board.number
        )
    except ScoringError as e:
        raise ServiceError.of(e) from None


def _lock_live(result: Result, seating: Seating | None = None) -> tuple[Seating, Result]:
    """Lock the result's table-round (unless ``seating`` is it, locked already), then the
    result; refuse a version no longer live."""
    if seating is None:
        seating = locks.seating_of(result)
    current = locks.result(result)
    if current is None:
        raise Result.DoesNotExist(f"result {result.pk} is gone")
    if not current.is_live:
        newer = Result.objects.history(current).live().first()
        raise ResultConflict(
            "this result has already been corrected"
            + (f"; the result that stands is {newer.summary}" if newer else ""),
            newer or current,
        )
    current.seating = seating
    return seating, current


@transaction.atomic
def correct_result(result: Result, *, entry: Entry, by: Actor, confirmed: bool = False) -> Result:
    """Replace a live result by a new version, keeping the old one in the history.

    Law E: before the round is agreed or closed a correction is free (the
    table's scorer may make it); after, only the director, and once the round
    is closed only with a reason.
    """
    _check_key(by.key)
    done = stored(result.event_id, by.key)
    if done is not None:
        return done
    seating = locks.seating_of(result)
    # A retry that waited for the lock while its first try was saved: that try made
    # ``result`` an old version, so look for the stored correction before refusing one.
    done = stored(result.event_id, by.key)
    if done is not None:
        return done
    seating, current = _lock_live(result, seating)
    if current.adjusted and not by.is_director:
        raise ServiceError(DIRECTOR_SET)
    check_may_change(seating, by, "change its results")
    new = _new_result(current.event, current.board, seating, entry, by, confirmed, current)
    current.is_live = False
    current.save(update_fields=["is_live"])
    new.save()
    audit(
        current.event,
        "corrected",
        f"{current.where}: {current.summary} -> {new.summary}",
        by=by,
        result=new,
    )
    return new


@transaction.atomic
def confirm_result(result: Result, *, by: Actor) -> Result:
    """The opponents agree the score of a board (Law D: the revoke claim ends here)."""
    seating, current = _lock_live(result)
    if not by.is_director and seating.agreed_at is not None:
        return current  # the round was agreed, so every board already was
    if not current.confirmed:
        current.confirmed = True
        current.save(update_fields=["confirmed"])
        audit(
            current.event,
            "confirmed",
            current.where,
            by=by,
            result=current,
        )
    return current


@transaction.atomic
def void_result(result: Result, *, by: Actor) -> None:
    """Take a result out of play (Law B new deal or rectification); kept in the history."""
    if not by.reason.strip():
        raise ServiceError("give a reason for removing a result")
    locks.seating_of(result)
    current = locks.result(result)
    if current is None:
        raise Result.DoesNotExist(f"result {result.pk} is gone")
    if current.is_live:
        current.is_live = False
        current.save(update_fields=["is_live"])
        audit(
            current.event,
            "voided",
            f"{current.where}: {current.summary}",
            by=by,
            result=current,
        )
