"""The auction at the table, call by call, and the director's rulings on it.

A tablet records each call as it is made (:func:`make_call`); :mod:`scoring.auction`
checks it against the event's code, and a call the code refuses is not recorded:
the table calls the director, who rules from :mod:`scoring.rulings`
(:func:`rule`): the call is made to stand, corrected or voided, a player is barred,
and the penalty points go to the other side's honour score with their law when the
result is entered (:func:`ruling_penalties`).  Each verb takes the table-round's
lock first (as saving a result does), then the auction's row, and re-checks under
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

from ..errors import ServiceError
from ..models import AuctionRecord, Board, Event, Result, Ruling, Seating
from .audit import Actor, audit
from .results import _check_board, _check_may_change, lock_seating


class CallRefused(ServiceError):
    """A call the code does not allow; ``call`` is what was tried, for the director."""

    def __init__(self, message: str, call: str):
        super().__init__(message)
        self.call = call


def auction_of(event: Event, seating: Seating, board: Board) -> Auction:
    """The auction as recorded so far (empty before the first call)."""
    record = AuctionRecord.objects.filter(seating=seating, board=board).first()
    return from_record(event.laws, board.dealer, record.data if record else {})


def grid(auction: Auction) -> list[list[str]]:
    """The calls in rows of four under N E S W, the first row starting at the dealer's
    column; a ruled call marked "*", a turn lost to a call out of turn "–", and "?" for
    the player to call."""
    cells = [""] * "NESW".index(auction.dealer)
    for c in auction.calls:
        if c.note and c.kind == "pass" and c.note.startswith("skipped"):
            cells.append("–")
        else:
            cells.append(str(c) + (" *" if c.note else ""))
    if not auction.is_over:
        cells.append("?")
    return [cells[i : i + 4] for i in range(0, len(cells), 4)]


def bar_lines(auction: Auction) -> tuple[str, list[str]]:
    """The bars in words, with the law: the one on the player to call now ("" if none:
    the tablet says it beside the bid box, where only Pass is offered), and the others
    (a lifted one said to be lifted)."""
    now = None if auction.is_over else auction.barred(auction.to_call)
    notes = auction.bar_notes()
    others = [n for b, n in zip(auction.bars, notes, strict=True) if b is not now]
    return (auction.describe_bar(now) if now is not None else ""), others


def refusal(event: Event, seating: Seating, board: Board, seat: str, call: str) -> str:
    """Which irregularity a call would be now ("insufficient", ...), for the rulings
    guide to open at; "" when the code would take it, or it cannot be read."""
    auction = auction_of(event, seating, board)
    try:
        made = parse_call(call, seat, event.laws)
        auction.check(made)
    except AuctionError as e:
        return e.kind
    except ScoringError as e:
        return "impossible" if "impossible" in str(e) else ""
    return ""


def auction_text(auction: Auction) -> str:
    """The calls in one line, a ruled call marked with an asterisk: "1H P 2H* P P P"."""
    return " ".join(str(c) + ("*" if c.note and c.kind != "pass" else "") for c in auction.calls)


def _locked(
    event: Event, seating: Seating, board: Board, by: Actor
) -> tuple[Seating, AuctionRecord]:
    locked = lock_seating(event, seating.round, seating.table)
    _check_board(locked, board.number)
    _check_may_change(locked, by, "record the auction")
    if Result.objects.filter(seating=locked, board=board).live().exists():
        raise ServiceError(
            f"board {board.number} already has its result at this table: the auction can no "
            "longer change (the director corrects the result)"
        )
    record, _ = AuctionRecord.objects.select_for_update().get_or_create(seating=locked, board=board)
    return locked, record


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
    score with the result, :func:`ruling_penalties`)."""
    locked = lock_seating(event, seating.round, seating.table)
    _check_board(locked, board.number)
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
    if offender not in ("N", "E", "S", "W"):
        raise ServiceError("say who offended: N, E, S or W")
    has_result = Result.objects.filter(seating=locked, board=board).live().exists()
    record, _ = AuctionRecord.objects.select_for_update().get_or_create(seating=locked, board=board)
    auction = from_record(code, board.dealer, record.data)
    if has_result and opt.changes_auction:
        raise ServiceError(
            f"board {board.number} already has its result at this table: only a penalty or a "
            "lead can be ruled now (correct the result for anything else)"
        )
    try:
        ruled = guide.apply(auction, irregularity, option, offender, call)
    except ScoringError as e:
        raise ServiceError(str(e)) from None
    record.data = to_record(auction)
    record.save(update_fields=["data", "updated_at"])
    ruling = Ruling.objects.create(
        event=event,
        seating=locked,
        board=board,
        irregularity=ruled.irregularity.key,
        option=opt.key,
        offender=offender,
        call=call.strip()[:12],
        points=ruled.penalty.points if ruled.penalty else 0,
        law=opt.law[:80],
        summary=ruled.summary[:300],
        reason=by.reason[:300],
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


def ruling_penalties(seating: Seating, board: Board) -> list[dict]:
    """The penalties of the director's rulings on this board at this table."""
    rulings = Ruling.objects.filter(seating=seating, board=board)
    return [p for p in (r.penalty for r in rulings) if p is not None]


def _post_to_result(event: Event, seating: Seating, board: Board, by: Actor) -> None:
    """A ruling after the result was entered: a new version of it carrying the penalty."""
    from .entries import Entry
    from .results import correct_result

    result = Result.objects.filter(seating=seating, board=board).live().first()
    assert result is not None
    entry = Entry.from_result(result)
    correct_result(result, entry=entry, by=by, confirmed=True)
