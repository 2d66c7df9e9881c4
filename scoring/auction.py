"""The auction, call by call, checked against the event's code of laws.

RULES.md section 6.  From the dealer round to the left each player passes,
declares (more than the last declaration, by the code's own order), doubles
the last declaration of an opponent, or redoubles an opponent's double of
his own side's declaration; once each, and a new declaration ends the
doubles (1915 Laws 43, 45, 54; 1913 Laws 43, 44, 54; Royalton Laws 31, 32,
45).  A declaration passed by the three other players is final; four passes
at the start pass the deal out, where the code lets the dealer pass (1915
Law 44; Royalton Law 30 "no bid"; under the 1913 laws the dealer must
declare, Law 42, unless the English bidding rule is in force).

The declarer is the player of the declaring side who first named the final
denomination (1915 Law 47, 1913 Law 46, Royalton Law 34).  Royal spades
(1913) and a Royalton royal bid name the same suit as a plain one: the
trumps, not the bid's value, decide who first "bid the suit".  A Royalton
nullo declarant may hand the play to his partner (Law 34); the scoring side
is the same, so the recorder keeps both: ``declarer`` (the declarant, whose
side scores) and ``plays``.

Irregularities are not this module's to settle: a call the code does not
allow raises :class:`AuctionError` naming the law, and the director rules
(:mod:`scoring.rulings`).  A ruling may bar a player from the rest of the
bidding (Duplicate Law F, 1915/1913 Law 50a, Royalton Law 39) or until an
opponent bids or doubles (1915/1913 Law 50, Royalton Law 38): see
:meth:`Auction.bar`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import SEATS, partner, rotate_seat, side_of
from .codes import Code
from .contract import Contract, ContractError, parse_contract
from .errors import ScoringError, short_repr

__all__ = [
    "Auction",
    "AuctionError",
    "Bar",
    "Call",
    "from_record",
    "parse_call",
    "run_auction",
    "to_record",
]

PASS_WORDS = frozenset({"P", "PASS", "NB", "NOBID", "NO BID"})
DOUBLE_WORDS = frozenset({"X", "D", "DBL", "DOUBLE"})
REDOUBLE_WORDS = frozenset({"XX", "R", "RDBL", "REDOUBLE"})

_ORDER_IN_WORDS = {
    "rank": "more tricks, or as many in a higher denomination (C, D, H, S, NT)",
    "value": "a higher value in points (tricks x the value of a trick); an equal value "
    "only with more tricks",
    "royal": "more tricks; at one level a royal bid beats every plain bid, then "
    "S, C, D, H, NT, NULLO",
}


class AuctionError(ScoringError):
    """A call the code does not allow; ``call`` counts from 1, as the players do.

    ``kind`` names the irregularity for the rulings guide (:mod:`scoring.rulings`):
    "out-of-turn", "insufficient", "impossible", "double-partner", "redouble-twice",
    "barred", or "" for a call that is simply not possible (after the auction, say).
    """

    def __init__(self, message: str, call: int, kind: str = ""):
        super().__init__(message)
        self.call = call
        self.kind = kind


@dataclass(frozen=True, slots=True)
class Call:
    """One call: ``kind`` is "pass", "bid", "double" or "redouble"; ``bid`` for a bid."""

    seat: str
    kind: str
    bid: Contract | None = None
    note: str = ""  # a ruling's mark: "out of turn, Duplicate Law F", "skipped"

    def __str__(self) -> str:
        if self.kind == "bid":
            return str(self.bid)
        return {"pass": "P", "double": "X", "redouble": "XX"}[self.kind]


@dataclass(frozen=True, slots=True)
class Bar:
    """A player barred from declaring (a bid, a double or a redouble) by a ruling.

    ``until_opponent_acts``: the bar of an insufficient or impossible declaration
    lasts "unless an adversary subsequently bid or double" (1915/1913 Law 50,
    Royalton Law 38); the bars of Duplicate Law F and Law 50a last the deal.
    """

    seat: str
    law: str
    until_opponent_acts: bool = False
    since: int = 0  # the number of calls made when the bar began


def parse_call(text: str, seat: str, code: Code) -> Call:
    """Read one call: ``P``/``PASS`` (Royalton's "no bid"), ``X``, ``XX``, or a bid in
    the code's notation without doubles (``1H``, ``2RS``, ``3SR``, ``2NULLO``)."""
    if not isinstance(text, str):
        raise ScoringError(f"a call is written as text (P, X, XX, 1H ...), not {short_repr(text)}")
    raw = " ".join(text.strip().upper().split())
    if raw in PASS_WORDS:
        return Call(seat, "pass")
    if raw in DOUBLE_WORDS:
        return Call(seat, "double")
    if raw in REDOUBLE_WORDS:
        return Call(seat, "redouble")
    compact = raw.replace(" ", "")
    if compact[:1].isdigit() and compact[:1] not in "1234567":
        raise ScoringError(
            f"{short_repr(text)} is an impossible declaration: one to seven odd tricks "
            f"({code.laws['impossible']})"
        )
    if compact.endswith("X"):
        raise ScoringError(
            f"{short_repr(text)}: a double is a call of its own (X, or XX to redouble)"
        )
    try:
        bid = parse_contract(compact, code)
    except ContractError as e:
        raise ScoringError(str(e)) from None
    if bid.is_pass:
        return Call(seat, "pass")
    return Call(seat, "bid", bid)


def _denomination(bid: Contract) -> str:
    """What "named the suit" compares (Law 47): royal spades and a royal bid name the
    same trumps as plain ones."""
    return "S" if bid.strain == "RS" else bid.strain


@dataclass
class Auction:
    """An auction in progress under ``code``, the dealer calling first."""

    code: Code
    dealer: str
    calls: list[Call] = field(default_factory=list)
    bars: list[Bar] = field(default_factory=list)
    # A ruling that ends the auction ("the last declaration of the offending side
    # becomes final", 1913 Law 50, Royalton Law 38): that bid's index in ``calls``.
    final_by_ruling: int | None = None

    def __post_init__(self) -> None:
        if self.dealer not in SEATS:
            raise ScoringError(f"the dealer is N, E, S or W, not {short_repr(self.dealer)}")

    # What the auction has come to.
    @property
    def to_call(self) -> str:
        return rotate_seat(self.dealer, len(self.calls))

    def _last_bid_index(self) -> int | None:
        for i in range(len(self.calls) - 1, -1, -1):
            if self.calls[i].kind == "bid":
                return i
        return None

    @property
    def last_bid(self) -> Call | None:
        i = self._last_bid_index()
        return None if i is None else self.calls[i]

    @property
    def doubled(self) -> int:
        """0, 1 (doubled) or 2 (redoubled): the doubles since the last declaration."""
        i = self._last_bid_index()
        if i is None:
            return 0
        kinds = [c.kind for c in self.calls[i + 1 :]]
        return 2 if "redouble" in kinds else 1 if "double" in kinds else 0

    def _trailing_passes(self) -> int:
        n = 0
        for c in reversed(self.calls):
            if c.kind != "pass":
                break
            n += 1
        return n

    @property
    def passed_out(self) -> bool:
        return len(self.calls) >= 4 and all(c.kind == "pass" for c in self.calls)

    @property
    def is_over(self) -> bool:
        if self.final_by_ruling is not None:
            return True
        return self.passed_out or (self.last_bid is not None and self._trailing_passes() >= 3)

    def contract(self) -> Contract | None:
        """The declaration standing now, with its doubles (None before any)."""
        if self.final_by_ruling is not None:
            bid = self.calls[self.final_by_ruling].bid
            assert bid is not None
            kinds = [c.kind for c in self.calls[self.final_by_ruling + 1 :]]
            doubled = 2 if "redouble" in kinds else 1 if "double" in kinds else 0
            return Contract(bid.level, bid.strain, bid.royal, doubled)
        last = self.last_bid
        if last is None or last.bid is None:
            return None
        return Contract(last.bid.level, last.bid.strain, last.bid.royal, self.doubled)

    def declarer(self) -> str | None:
        """The partner of the declaring side who first named the final denomination."""
        last = (
            self.calls[self.final_by_ruling] if self.final_by_ruling is not None else self.last_bid
        )
        if last is None or last.bid is None:
            return None
        side = side_of(last.seat)
        wanted = _denomination(last.bid)
        for c in self.calls:
            named = c.bid is not None and _denomination(c.bid) == wanted
            if c.kind == "bid" and named and side_of(c.seat) == side:
                return c.seat
        return last.seat  # unreachable: the last bid itself names it

    # The rules of a call.
    def check(self, call: Call) -> None:
        """Raise :class:`AuctionError` if the code does not allow ``call`` now."""
        n = len(self.calls) + 1
        laws = self.code.laws

        def refuse(message: str, kind: str = "") -> AuctionError:
            return AuctionError(message, n, kind)

        if call.seat != self.to_call:
            raise refuse(
                f"it is {self.to_call}'s turn, not {call.seat}'s: a call out of turn is for "
                f"the director ({laws['out_of_turn']}; Duplicate Law F)",
                "out-of-turn",
            )
        if self.is_over:
            what = "the deal was passed out" if self.passed_out else "the auction is over"
            raise refuse(f"{what}: no more calls ({laws['final']})")
        if call.kind == "pass":
            if not self.calls and not self.code.dealer_may_pass:
                raise refuse(
                    f"under the {self.code.name} laws the dealer must declare ({laws['pass']})"
                )
            return
        barred = self._bar_on(call.seat)
        if barred is not None:
            raise refuse(
                f"{call.seat} may not declare again on this deal ({barred.law}): "
                "only a pass, or call the director",
                "barred",
            )
        last = self.last_bid
        if call.kind == "bid":
            assert call.bid is not None
            if last is not None and last.bid is not None:
                mine = self.code.bid_key(call.bid.level, call.bid.strain, call.bid.royal)
                theirs = self.code.bid_key(last.bid.level, last.bid.strain, last.bid.royal)
                if mine <= theirs:
                    raise refuse(
                        f"{call.bid} is not higher than {last.bid}: an insufficient declaration "
                        f"({laws['bidding']}: {_ORDER_IN_WORDS[self.code.bid_order]}; "
                        f"doubling never changes a declaration's value, {laws['doubling']}); "
                        f"call the director ({laws['insufficient']})",
                        "insufficient",
                    )
            return
        if last is None:
            raise refuse(f"there is no declaration to {call.kind} yet ({laws['calls']})")
        ours = side_of(last.seat) == side_of(call.seat)
        if call.kind == "double":
            if ours:
                raise refuse(
                    "a player may not double his partner's (or his own) declaration "
                    f"({laws['doubles']}: 50 points to the opponents); call the director",
                    "double-partner",
                )
            if self.doubled:
                raise refuse(
                    f"{last.bid} is already doubled: a declaration may be doubled once "
                    f"({laws['doubles']})"
                )
            return
        # A redouble.
        if self.doubled == 0:
            raise refuse(
                f"{last.bid} has not been doubled: nothing to redouble ({laws['doubles']})"
            )
        if self.doubled == 2:
            raise refuse(
                f"{last.bid} is already redoubled: redoubling more than once "
                f"({laws['doubles']}: 100 points to the opponents); call the director",
                "redouble-twice",
            )
        if not ours:
            raise refuse(
                "a player may not redouble his partner's double; only the side whose "
                f"declaration was doubled may redouble ({laws['doubles']}); call the director",
                "double-partner",
            )

    def all_bids(self) -> list[Contract]:
        """Every declaration of the code, low to high by its own order."""
        royal = (False, True) if self.code.has_royal else (False,)
        bids = [
            Contract(level, strain, r)
            for level in range(1, 8)
            for strain in self.code.strains
            for r in royal
        ]
        return sorted(bids, key=lambda b: self.code.bid_key(b.level, b.strain, b.royal))

    def legal_calls(self) -> list[Call]:
        """The calls the player to call may make now (the tablet offers only these)."""
        if self.is_over:
            return []
        seat = self.to_call
        candidates = [Call(seat, "pass"), Call(seat, "double"), Call(seat, "redouble")]
        candidates += [Call(seat, "bid", b) for b in self.all_bids()]
        legal = []
        for c in candidates:
            try:
                self.check(c)
            except AuctionError:
                continue
            legal.append(c)
        return legal

    def _bar_on(self, seat: str) -> Bar | None:
        for bar in self.bars:
            if bar.seat != seat:
                continue
            if bar.until_opponent_acts and any(
                c.kind in ("bid", "double") and side_of(c.seat) != side_of(seat)
                for c in self.calls[bar.since :]
            ):
                continue  # an adversary has since bid or doubled: the bar is lifted
            return bar
        return None

    def add(self, call: Call | str) -> Call:
        """Make the next call (text in the code's notation, or a :class:`Call`)."""
        if not isinstance(call, Call):  # text, or whatever a JSON line held
            try:
                call = parse_call(call, self.to_call, self.code)
            except ScoringError as e:
                kind = "impossible" if "impossible" in str(e) else ""
                raise AuctionError(str(e), len(self.calls) + 1, kind) from None
        self.check(call)
        self.calls.append(call)
        return call

    def add_ruled(self, call: Call, law: str) -> Call:
        """A call the director ruled stands though the code refused it (a call out of
        turn, a barred player's bid the opponents let stand).  Out of turn, the seats
        it skipped lose their turn: the bidding goes on from the offender's left "as if
        the declaration had been in turn" (1915 Law 49, Royalton Law 37; Duplicate Law F)."""
        if self.is_over:
            raise AuctionError(
                "the auction is over: nothing more can be recorded", len(self.calls) + 1
            )
        while self.to_call != call.seat:
            self.calls.append(
                Call(self.to_call, "pass", note=f"skipped: a call out of turn ({law})")
            )
        ruled = Call(call.seat, call.kind, call.bid, note=law)
        self.calls.append(ruled)
        return ruled

    def end_with_last_of(self, side: str) -> None:
        """The offending side's last declaration becomes final (1913 Law 50, Royalton Law 38)."""
        for i in range(len(self.calls) - 1, -1, -1):
            c = self.calls[i]
            if c.kind == "bid" and side_of(c.seat) == side:
                self.final_by_ruling = i
                return
        raise ScoringError("the offending side has made no declaration yet: choose another penalty")

    def sufficient(self, bid: Contract) -> Contract:
        """The lowest declaration in ``bid``'s denomination higher than the last one
        ("made sufficient in the declaration named", Law 50)."""
        last = self.last_bid
        for level in range(bid.level, 8):
            candidate = Contract(level, bid.strain, bid.royal)
            if (
                last is None
                or last.bid is None
                or self.code.bid_key(level, bid.strain, bid.royal)
                > self.code.bid_key(last.bid.level, last.bid.strain, last.bid.royal)
            ):
                return candidate
        raise ScoringError(
            f"no {bid.strain} declaration of seven or less is higher than the last one: "
            "choose another penalty"
        )

    def bar(self, seat: str, law: str, *, until_opponent_acts: bool = False) -> Bar:
        """Bar ``seat`` from declaring, from now on (a director's ruling)."""
        if seat not in SEATS:
            raise ScoringError(f"a seat is N, E, S or W, not {short_repr(seat)}")
        bar = Bar(seat, law, until_opponent_acts, len(self.calls))
        self.bars.append(bar)
        return bar

    def bar_partner(self, offender: str, law: str, *, until_opponent_acts: bool = False) -> Bar:
        """The usual penalty: the offender's partner may not declare again."""
        return self.bar(partner(offender), law, until_opponent_acts=until_opponent_acts)

    def to_json(self, *, nullo_to_partner: bool = False) -> dict:
        """The outcome as the CLI writes it (see ``python -m scoring auction --help``)."""
        if not self.is_over:
            now = self.contract()
            return {"final": False, "to_call": self.to_call, "contract": now and str(now)}
        if self.passed_out:
            return {"final": True, "contract": "PASS", "declarer": None}
        contract = self.contract()
        declarer = self.declarer()
        assert contract is not None and declarer is not None
        out: dict = {"final": True, "contract": str(contract), "declarer": declarer}
        if contract.is_nullo:
            out["plays"] = partner(declarer) if nullo_to_partner else declarer
        return out


def to_record(auction: Auction) -> dict:
    """The auction as plain data to store (JSON): calls with their seats and marks,
    the bars, and a ruling's final declaration."""
    return {
        "calls": [[c.seat, str(c), c.note] for c in auction.calls],
        "bars": [[b.seat, b.law, b.until_opponent_acts, b.since] for b in auction.bars],
        "final": auction.final_by_ruling,
    }


def from_record(code: Code, dealer: str, data: dict) -> Auction:
    """An auction back from :func:`to_record` (trusted: it was checked when made)."""
    auction = Auction(code, dealer)
    for seat, text, note in data.get("calls", []):
        call = parse_call(text, seat, code)
        auction.calls.append(Call(seat, call.kind, call.bid, note))
    auction.bars = [
        Bar(seat, law, until, since) for seat, law, until, since in data.get("bars", [])
    ]
    auction.final_by_ruling = data.get("final")
    return auction


def run_auction(code: Code, dealer: str, calls: Iterable[str]) -> Auction:
    """Replay ``calls`` from the dealer; the first one the code refuses raises
    :class:`AuctionError` with its number."""
    auction = Auction(code, dealer)
    for text in calls:
        auction.add(text)
    return auction
