"""The auction at the table, call by call, and the director's rulings on it.

A tablet records each call as it is made (:func:`make_call`); :mod:`scoring.auction`
checks it against the event's code, and a call the code refuses is not recorded:
the table calls the director, who rules from :mod:`scoring.rulings`
(:func:`rule`): the call is made to stand, corrected or voided, a player is barred,
and the penalty points go to the other side's honour score with their law when the
result is entered (:func:`tournament.queries.auctions.ruling_penalties`, where the
recorded auction is read too).  Each verb takes the table-round's lock first (as
saving a result does), then the auction's row (:mod:`.locks`), and re-checks under
them that the round is still open at this table and the board has no result yet.
A call carries the number of calls the tablet saw: a retry of a call already
recorded is answered with the auction as it stands, never recorded twice.
What a ruling does to the auction (the call recorded, the bars, the points) is
:func:`scoring.rulings.apply`'s; this module keeps it and logs it.
"""

from __future__ import annotations

from django.db import transaction

from scoring import rulings as guide
from scoring.auction import Auction, AuctionError, from_record, parse_call, to_record
from scoring.errors import ScoringError

from ..choices import Seat
from ..errors import ServiceError
from ..models import AuctionRecord, Board, Event, Result, Ruling, Seating
from . import locks
from .audit import Actor, audit
from .entries import Entry
from .results import check_board, check_may_change, correct_result
from .text import checked


class CallRefused(ServiceError):
    """A call the code does not allow; ``call`` is what was tried, for the director."""

    def __init__(self, message: str, call: str):
        super().__init__(message)
        self.call = call


def _locked(
    event: Event, seating: Seating, board: Board, by: Actor
) -> tuple[Seating, AuctionRecord]:
    locked = locks.seating(event, seating.round, seating.table)
    check_board(locked, board.number)
    check_may_change(locked, by, "record the auction")
    if Result.objects.filter(seating=locked, board=board).live().exists():
        raise ServiceError(
            f"board {board.number} already has its result at this table: the auction can no "
            "longer change (the director corrects the result)"
        )
    return locked, locks.auction_record(locked, board)


@transaction.atomic
def make_call(
    event: Event, seating: Seating, board: Board, text: str, *, seen: int, by: Actor
) -> Auction:
    """Record the next call; ``seen`` is how many calls the tablet showed when it was tapped."""
    _, record = _locked(event, seating, board, by)
    auction = from_record(event.laws, board.dealer, record.data)
    if seen < 0:
        raise ServiceError("the page did not say which call this is: reload it and tap again")
    if seen < len(auction.calls):
        try:
            again = parse_call(text, auction.calls[seen].seat, event.laws)
        except ScoringError:
            again = None
        if again is not None and str(again) == str(auction.calls[seen]):
            return auction  # a retry of a call already recorded
        raise ServiceError(
            f"the auction has moved on ({len(auction.calls)} calls are recorded): "
            "look at the auction again before the next call"
        )
    if seen > len(auction.calls):
        raise ServiceError("the page is ahead of the auction: reload it")
    try:
        auction.add(text)
    except AuctionError as e:
        raise CallRefused(str(e), text) from None
    record.data = to_record(auction)
    record.save(update_fields=["data", "updated_at"])
    return auction


@transaction.atomic
def undo_call(event: Event, seating: Seating, board: Board, *, seen: int, by: Actor) -> Auction:
    """Take back the last call, tapped by mistake, before the next player calls (Law 52);
    a call the director ruled on stays."""
    _, record = _locked(event, seating, board, by)
    auction = from_record(event.laws, board.dealer, record.data)
    if seen != len(auction.calls) or not auction.calls:
        raise ServiceError("the auction has changed meanwhile: look at it again")
    if auction.calls[-1].note or auction.final_by_ruling is not None:
        raise ServiceError("the director ruled on that call: only the director changes it")
    if any(b.since >= len(auction.calls) for b in auction.bars):
        raise ServiceError(
            "the director has ruled since that call (a player is barred): only the director "
            "changes it"
        )
    auction.calls.pop()
    auction.bars = [b for b in auction.bars if b.since <= len(auction.calls)]
    record.data = to_record(auction)
    record.save(update_fields=["data", "updated_at"])
    return auction


@transaction.atomic
def rule(
    event: Event,
    seating: Seating,
    board: Board,
    *,
    irregularity: str,
    option: str,
    offender: str,
    call: str = "",
    by: Actor,
) -> Ruling:
    """Apply the director's ruling to the auction and log it (the points reach the
    score with the result, :func:`tournament.queries.auctions.ruling_penalties`)."""
    locked = locks.seating(event, seating.round, seating.table)
    check_board(locked, board.number)
    if not by.is_director:
        raise ServiceError("only the director rules on an irregularity")
    if not event.record_auctions:
        raise ServiceError(
            "this event's tablets do not record the auction: enter the penalty with the "
            "board's result (penalty points, side and law) instead"
        )
    code = event.laws
    try:
        _, opt = guide.option(code, irregularity, option)
    except ValueError as e:
        raise ServiceError(str(e)) from None
    if offender not in Seat.values:
        raise ServiceError("say who offended: N, E, S or W")
    has_result = Result.objects.filter(seating=locked, board=board).live().exists()
    record = locks.auction_record(locked, board)
    auction = from_record(code, board.dealer, record.data)
    if has_result and opt.changes_auction:
        raise ServiceError(
            f"board {board.number} already has its result at this table: only a penalty or a "
            "lead can be ruled now (correct the result for anything else)"
        )
    try:
        ruled = guide.apply(auction, irregularity, option, offender, call)
    except ScoringError as e:
        raise ServiceError.of(e) from None
    record.data = to_record(auction)
    record.save(update_fields=["data", "updated_at"])
    ruling = Ruling.objects.create(
        event=event,
        seating=locked,
        board=board,
        irregularity=ruled.irregularity.key,
        option=opt.key,
        offender=offender,
        call=checked(call.strip(), what="The call", field="call")[:12],
        points=ruled.penalty.points if ruled.penalty else 0,
        law=opt.law[:80],
        summary=ruled.summary[:300],
        reason=by.kept_reason[:300],
        actor=by.label,
    )
    audit(
        event,
        "ruling",
        f"board {board.number}, table {locked.table}, {offender}: {ruling.summary}"
        + (f"; {ruled.penalty.points} to {ruled.penalty.side} ({opt.law})" if ruled.penalty else "")
        + "".join(f"; {auction.describe_bar(b)}" for b in ruled.bars),
        by=by,
    )
    if has_result and opt.points:
        _post_to_result(event, locked, board, by)
    return ruling


def _post_to_result(event: Event, seating: Seating, board: Board, by: Actor) -> None:
    """A ruling after the result was entered: a new version of it carrying the penalty."""
    result = Result.objects.filter(seating=seating, board=board).live().first()
    assert result is not None
    entry = Entry.from_result(result)
    correct_result(result, entry=entry, by=by, confirmed=True)
