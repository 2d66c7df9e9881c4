"""The auction at a table as recorded so far, and what the director's rulings add.

The read side of :mod:`tournament.services.auctions` (the verbs that record a
call and a ruling): what the tablet's auction page, the rulings guide and a
result's scoring read.  A result's verbs read the recorded auction and the
rulings' penalty points from here, so the result verbs and the auction verbs
need not import each other.
"""

from __future__ import annotations

from scoring.auction import Auction, AuctionError, from_record, parse_call
from scoring.errors import ScoringError

from ..models import AuctionRecord, Board, Event, Ruling, Seating


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


def ruling_penalties(seating: Seating, board: Board) -> list[dict]:
    """The penalties of the director's rulings on this board at this table."""
    rulings = Ruling.objects.filter(seating=seating, board=board)
    return [p for p in (r.penalty for r in rulings) if p is not None]
