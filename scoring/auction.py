"""The auction, call by call, checked against the event's code of laws.

docs/laws/auction.md.  From the dealer round to the left each player passes,
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

A Royalton royal is "a declaration of an equal number of tricks" to the
last declaration, made by any other player in turn (Law 32): no opening
royal, no jump royal.

Irregularities are not this module's to settle: a call the code does not
allow raises :class:`AuctionError` naming the law, and the director rules
(:mod:`scoring.rulings`).  A ruling may bar a player from the rest of the
bidding (Duplicate Law F, 1915/1913 Laws 50a and 65, Royalton Law 39), until
an opponent bids or doubles (1915/1913 Law 50, Royalton Law 38), or, after a
pass out of turn, until the declaration he passed is overbid or doubled by
another player (1915/1913 Law 49): see :meth:`Auction.bar`.  A bid left to
stand though it was insufficient stands as regular, and the bid over which
it was made may be repeated unless a higher one has intervened (1915/1913
Law 50b and its note, Royalton Law 40).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import SEATS, partner, rotate_seat, side_of
from .codes import Code
from .contract import STRAIN_NAMES, Contract, ContractError, parse_contract
from .errors import ScoringError, short_repr

__all__ = [
    "LIFTS",
    "Auction",
    "AuctionError",
    "Bar",
    "Call",
    "from_record",
    "parse_call",
    "parse_named",
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
    "barred", "royal" (a Royalton royal not of an equal number), or "" for a call that
    is simply not possible (after the auction, say).
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


# When a bar lifts (Bar.lifts).
LIFTS = {
    "": "for the rest of the auction",
    "opponent": "unless an opponent bids or doubles",
    "overbid": "unless the declaration he passed is overbid or doubled by another player",
}


@dataclass(frozen=True, slots=True)
class Bar:
    """A player barred from declaring (a bid, a double or a redouble: a double is a
    declaration, Law 57) by a ruling; he may still pass.

    ``lifts`` says when the bar ends (a key of :data:`LIFTS`):

    * ``""``: never in this auction: Duplicate Law F (the partner of a declaration
      out of turn), Law 65 (the partner of a player who exposed a card), Law 50a;
    * ``"opponent"``: the bar of an insufficient or impossible declaration lasts
      "unless an adversary subsequently bid or double" (1915/1913 Law 50, Royalton
      Law 38);
    * ``"overbid"``: a player who passed out of turn "may only [re-enter] in case the
      declaration he has passed is overbid or doubled" (1915/1913 Law 49), by
      another player.  Passing out of turn before any declaration, he passed the
      first declaration made after it (**Reading**: Foster, "the player whose turn
      it was must declare himself").
    """

    seat: str
    law: str
    lifts: str = ""
    since: int = 0  # the number of calls made when the bar began

    @property
    def until_opponent_acts(self) -> bool:
        return self.lifts == "opponent"


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


def parse_named(text: str, seat: str, code: Code) -> tuple[Call, int]:
    """A call as it was said at the table, for a ruling, even an impossible one: the
    call (a bid of more than seven is read at seven, in the denomination named) and
    the number of tricks said ("8H": a bid of 7H, and 8)."""
    if not isinstance(text, str) or not text.strip():
        raise ScoringError("say which call was made, e.g. 1C, 8S, X or P")
    raw = " ".join(text.strip().upper().split()).replace(" ", "")
    digits = len(raw) - len(raw.lstrip("0123456789"))
    said = int(raw[:digits]) if digits else 0
    if digits and said > 7:
        raw = "7" + raw[digits:]
    call = parse_call(raw, seat, code)
    return call, (said if call.kind == "bid" else 0)


def _named(bid: Contract) -> str:
    """The denomination of a declaration in words: "diamonds", "royal spades"."""
    return f"{'royal ' if bid.royal else ''}{STRAIN_NAMES[bid.strain]}"


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
    # A ruling that ends the auction ("the last declaration made on behalf of his
    # partnership become the final declaration", 1913 Law 50, Royalton Law 38: the
    # adversary's side's last bid): that bid's index in ``calls``.
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
            kinds = []  # the doubles of that declaration: up to the next one
            for c in self.calls[self.final_by_ruling + 1 :]:
                if c.kind == "bid":
                    break
                kinds.append(c.kind)
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
    def check(self, call: Call, *, in_turn: bool = True, bars: bool = True) -> None:
        """Raise :class:`AuctionError` if the code does not allow ``call`` now.

        For a director's ruling: ``in_turn=False`` checks a call out of turn as though
        it were in turn (its sufficiency, its doubles); ``bars=False`` checks a barred
        player's call as though he were not barred."""
        refused = self.refusal(call, in_turn=in_turn, bars=bars)
        if refused is not None:
            raise refused

    def refusal(
        self, call: Call, *, in_turn: bool = True, bars: bool = True
    ) -> AuctionError | None:
        """Why the code does not allow ``call`` now (None: it does), as :meth:`check`
        raises it; returned, not raised, so a list of the legal calls tries every call
        of the code without an exception for each one refused."""
        n = len(self.calls) + 1
        laws = self.code.laws

        def refuse(message: str, kind: str = "") -> AuctionError:
            return AuctionError(message, n, kind)

        if in_turn and call.seat != self.to_call:
            what = "a pass out of turn" if call.kind == "pass" else "a call out of turn"
            law = laws["pass_out_of_turn"] if call.kind == "pass" else laws["out_of_turn"]
            return refuse(
                f"it is {self.to_call}'s turn, not {call.seat}'s: {what} is for "
                f"the director ({law}; Duplicate Law F)",
                "pass-out-of-turn" if call.kind == "pass" else "out-of-turn",
            )
        if self.is_over:
            what = "the deal was passed out" if self.passed_out else "the auction is over"
            return refuse(f"{what}: no more calls ({laws['final']})")
        if call.kind == "pass":
            if not self.calls and not self.code.dealer_may_pass:
                return refuse(
                    f"under the {self.code.name} laws the dealer must declare ({laws['pass']})"
                )
            return None
        barred = self.barred(call.seat) if bars else None
        if barred is not None:
            return refuse(
                f"{self.describe_bar(barred)}: only a pass, or call the director", "barred"
            )
        last = self.last_bid
        if call.kind == "bid":
            assert call.bid is not None
            bid = call.bid
            if (
                last is not None
                and last.bid is not None
                and not self._higher(bid)
                and not self.may_repeat(bid)
            ):
                order = (
                    f"{laws['bidding']}: {_ORDER_IN_WORDS[self.code.bid_order]}; "
                    f"doubling never changes a declaration's value, {laws['doubling']}"
                )
                if self._lowest_sufficient(bid, call.seat) is None:
                    return refuse(
                        f"{bid} is not higher than {last.bid}, and no declaration in "
                        f"{_named(bid)} of seven or less is: an impossible declaration "
                        f"({order}); call the director ({laws['impossible_remedy']})",
                        "impossible",
                    )
                return refuse(
                    f"{bid} is not higher than {last.bid}: an insufficient declaration "
                    f"({order}); call the director ({laws['insufficient']})",
                    "insufficient",
                )
            if bid.royal and not self._royal_allowed(bid.level, call.seat):
                return refuse(self._royal_refusal(bid, call.seat), "royal")
            return None
        if last is None:
            return refuse(f"there is no declaration to {call.kind} yet ({laws['calls']})")
        ours = side_of(last.seat) == side_of(call.seat)
        if call.kind == "double":
            if ours:
                return refuse(
                    "a player may not double his partner's (or his own) declaration "
                    f"({laws['doubles']}: 50 points to the opponents); call the director",
                    "double-partner",
                )
            if self.doubled:
                return refuse(
                    f"{last.bid} is already doubled: a declaration may be doubled once "
                    f"({laws['doubles']})"
                )
            return None
        # A redouble.
        if self.doubled == 0:
            return refuse(
                f"{last.bid} has not been doubled: nothing to redouble ({laws['doubles']})"
            )
        if self.doubled == 2:
            return refuse(
                f"{last.bid} is already redoubled: redoubling more than once "
                f"({laws['doubles']}: 100 points to the opponents); call the director",
                "redouble-twice",
            )
        if not ours:
            return refuse(
                "a player may not redouble his partner's double; only the side whose "
                f"declaration was doubled may redouble ({laws['doubles']}); call the director",
                "double-partner",
            )
        return None

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
        return [c for c in candidates if self.refusal(c) is None]

    # Sufficiency, royals and the repeat of Law 50b's note.
    def _key(self, bid: Contract) -> tuple[int, ...]:
        return self.code.bid_key(bid.level, bid.strain, bid.royal)

    def _higher(self, bid: Contract) -> bool:
        """Is ``bid`` higher than the last declaration, by the code's own order?"""
        last = self.last_bid
        return last is None or last.bid is None or self._key(bid) > self._key(last.bid)

    def may_repeat(self, bid: Contract) -> bool:
        """An insufficient declaration left to stand "stands as regular", and "the bid
        over which it was made may be repeated unless some higher bid have intervened"
        (1915/1913 Law 50b note, Royalton Law 40): ``bid`` is that bid, and the
        insufficient one is still the last declaration."""
        i = self._last_bid_index()
        if i is None:
            return False
        below = next((c for c in reversed(self.calls[:i]) if c.kind == "bid"), None)
        last = self.calls[i]
        return (
            below is not None
            and below.bid is not None
            and last.bid is not None
            and self._key(last.bid) <= self._key(below.bid)
            and (bid.level, bid.strain, bid.royal)
            == (below.bid.level, below.bid.strain, below.bid.royal)
        )

    def _royal_allowed(self, level: int, seat: str) -> bool:
        """Royalton Law 32: "Whenever a player has declared any number of tricks ...,
        any other player in turn may make a declaration of an equal number of tricks
        'odd' royal": the last declaration is of ``level`` tricks, by another player."""
        last = self.last_bid
        return (
            last is not None
            and last.bid is not None
            and last.bid.level == level
            and last.seat != seat
        )

    def _royal_refusal(self, bid: Contract, seat: str) -> str:
        law = self.code.laws["royal"]
        last = self.last_bid
        if last is None or last.bid is None:
            why = "no declaration has been made yet: there is no opening royal"
        elif last.seat == seat:
            why = f"the last declaration, {last.bid}, is {seat}'s own"
        else:
            why = f"the last declaration is {last.bid}: no jump royal"
        return (
            f"{bid}: a royal is a declaration of an equal number of tricks to the last "
            f"declaration, made by another player ({law}); {why}; call the director"
        )

    def sufficient(self, bid: Contract, seat: str | None = None) -> Contract:
        """The lowest declaration in ``bid``'s denomination higher than the last one
        ("made sufficient in the declaration named", Law 50).  A Royalton royal stays
        royal only where Law 32 allows one (at the last declaration's number); above
        it the plain declaration of the next number is the sufficient one.  A plain
        declaration is never made royal: that is another declaration."""
        found = self._lowest_sufficient(bid, self.to_call if seat is None else seat)
        if found is None:
            raise ScoringError(
                f"no declaration in {_named(bid)} of seven or less is higher than the last "
                f"one: {bid} is an impossible declaration ({self.code.laws['impossible_remedy']})"
            )
        return found

    def _lowest_sufficient(self, bid: Contract, seat: str) -> Contract | None:
        """:meth:`sufficient`'s declaration, or None where none is (an impossible one)."""
        for level in range(bid.level, 8):
            for royal in (True, False) if bid.royal else (False,):
                candidate = Contract(level, bid.strain, royal)
                if self._higher(candidate) and (not royal or self._royal_allowed(level, seat)):
                    return candidate
        return None

    # Bars.
    def _passed_index(self, bar: Bar) -> int | None:
        for i in range(bar.since - 1, -1, -1):
            if self.calls[i].kind == "bid":
                return i
        for i in range(bar.since, len(self.calls)):
            if self.calls[i].kind == "bid" and self.calls[i].seat != bar.seat:
                return i
        return None

    def passed_declaration(self, bar: Bar) -> Call | None:
        """The declaration a player barred under Law 49 passed: the last one standing at
        his pass, or, before any, the first made after it by another player."""
        i = self._passed_index(bar)
        return None if i is None else self.calls[i]

    def is_lifted(self, bar: Bar) -> bool:
        """Has the bar been lifted by the calls since it began?"""
        if bar.lifts == "opponent":
            return any(
                c.kind in ("bid", "double") and side_of(c.seat) != side_of(bar.seat)
                for c in self.calls[bar.since :]
            )
        if bar.lifts == "overbid":
            i = self._passed_index(bar)
            if i is None:
                return False
            return any(
                c.kind in ("bid", "double") and c.seat != bar.seat
                for c in self.calls[max(i + 1, bar.since) :]
            )
        return False

    def barred(self, seat: str) -> Bar | None:
        """The bar in force on ``seat`` now, if any.

        **Reading:** where the dealer must declare (1913 Law 42), a dealer barred before
        his first call (his partner exposed a card, Law 65) still makes that compulsory
        declaration; the bar holds from then on."""
        if not self.calls and seat == self.dealer and not self.code.dealer_may_pass:
            return None
        for bar in self.bars:
            if bar.seat == seat and not self.is_lifted(bar):
                return bar
        return None

    def describe_bar(self, bar: Bar) -> str:
        """The bar in the director's words: "W may not declare or double again (Law 49)
        unless 1H, the declaration he passed, is overbid or doubled by another player"."""
        text = f"{bar.seat} may not declare or double again ({bar.law})"
        if bar.lifts == "overbid":
            passed = self.passed_declaration(bar)
            what = (
                f"{passed.bid}, the declaration he passed,"
                if passed is not None
                else "the first declaration made after his pass"
            )
            return text + f" unless {what} is overbid or doubled by another player"
        return f"{text} {LIFTS[bar.lifts]}"

    def bar_notes(self) -> list[str]:
        """Each bar of the auction in words, a lifted one said to be lifted."""
        notes = []
        for bar in self.bars:
            if self.is_lifted(bar):
                notes.append(f"{bar.seat}'s bar ({bar.law}) has been lifted.")
            else:
                notes.append(self.describe_bar(bar) + ".")
        return notes

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

    def end_with_last_of(self, side: str) -> Call:
        """``side``'s last declaration becomes final: after an impossible declaration,
        "the last declaration made on behalf of his partnership" (the adversary's who
        demands it; 1913 Law 50, Royalton Law 38)."""
        for i in range(len(self.calls) - 1, -1, -1):
            c = self.calls[i]
            if c.kind == "bid" and side_of(c.seat) == side:
                self.final_by_ruling = i
                return c
        raise ScoringError(
            f"{side} have made no declaration yet, so none of theirs can become final: "
            "choose another penalty"
        )

    def bar(
        self, seat: str, law: str, *, until_opponent_acts: bool = False, lifts: str = ""
    ) -> Bar:
        """Bar ``seat`` from declaring, from now on (a director's ruling); ``lifts`` is
        a key of :data:`LIFTS` (``until_opponent_acts`` is ``lifts="opponent"``)."""
        if seat not in SEATS:
            raise ScoringError(f"a seat is N, E, S or W, not {short_repr(seat)}")
        lifts = "opponent" if until_opponent_acts else lifts
        if lifts not in LIFTS:
            raise ScoringError(f"a bar lifts {', '.join(map(repr, LIFTS))}, not {lifts!r}")
        bar = Bar(seat, law, lifts, len(self.calls))
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
        "bars": [[b.seat, b.law, b.lifts, b.since] for b in auction.bars],
        "final": auction.final_by_ruling,
    }


def from_record(code: Code, dealer: str, data: dict) -> Auction:
    """An auction back from :func:`to_record` (trusted: it was checked when made)."""
    auction = Auction(code, dealer)
    for seat, text, note in data.get("calls", []):
        call = parse_call(text, seat, code)
        auction.calls.append(Call(seat, call.kind, call.bid, note))
    # A bar stored before Law 49's bar existed says True/False for "until an opponent acts".
    auction.bars = [
        Bar(seat, law, ("opponent" if lifts else "") if isinstance(lifts, bool) else lifts, since)
        for seat, law, lifts, since in data.get("bars", [])
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
