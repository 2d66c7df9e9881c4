"""Par under a code of laws: the contract at which neither side gains by bidding on.

Definition (docs/laws/beyond.md): from the double-dummy table and the hands, each
side in turn either lets the last declaration stand or outbids it, knowing
every outcome; the sides alternate, the dealer's side first.  A contract is
scored as :func:`scoring.deal.score_deal` scores it under the code: made,
undoubled (doubling a made contract only helps the declarer); set, doubled
by the opponents (a sacrifice costs its doubled undertricks).  The honours
held in the final strain count for whoever holds them (1913/1915 Law 6; none
in Royalton); the duplicate premium as the code gives it.  A side bids with
its better declarer for the strain (more double-dummy tricks; North or East
on a tie).  "Higher" is the code's own bidding order (1915 by rank, 1913 by
value, Royalton by level with royal bids above plain ones), so a par under
the 1913 laws can be "three spades" over "one club".  A Royalton nullo is
left out: double-dummy solvers do not play misère.  Where the code lets the
dealer pass, four passes (no score) is an outcome too; under the 1913 laws
the dealer must declare (Law 42).  Among the contracts that give the par
score, the lowest in the bidding order is named.

Pure arithmetic on integers; the double-dummy table comes from
:mod:`scoring.double_dummy`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Deal, side_of
from .codes import Code
from .contract import Contract
from .deal import DealResult, score_deal

__all__ = ["Par", "par"]

_SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}


@dataclass(frozen=True, slots=True)
class Par:
    """The par score (North-South's view) and the contract that gives it."""

    score: int  # net to North-South
    contract: Contract  # PASS when the par is the deal passed out
    declarer: str | None
    tricks: int | None

    def __str__(self) -> str:
        if self.contract.is_pass:
            return "passed out, 0"
        sign = f"{self.score:+d}" if self.score else "0"
        return f"{self.contract} by {self.declarer}, {self.tricks} tricks: NS {sign}"

    def to_json(self) -> dict:
        return {
            "score": self.score,
            "contract": str(self.contract),
            "declarer": self.declarer,
            "tricks": self.tricks,
        }


def par_cell(p: Par) -> tuple[str, str] | None:
    """The double-dummy table's cell of the par contract: (declarer, strain column);
    None when the par is the deal passed out.  Royal spades are the spade column."""
    if p.contract.is_pass or p.declarer is None:
        return None
    return p.declarer, _dd_strain(p.contract.strain)


def _dd_strain(strain: str) -> str:
    """The double-dummy column of a strain: royal spades and plain spades are spades."""
    return "S" if strain == "RS" else strain


def par(code: Code, deal: Deal, dd: Mapping[str, Mapping[str, int]], dealer: str) -> Par:
    """The par of a deal under ``code`` (see the module's definition)."""
    bids = [
        Contract(level, strain, royal)
        for level in range(1, 8)
        for strain in code.strains
        if strain != "NULLO"
        for royal in ((False, True) if code.has_royal else (False,))
    ]
    bids.sort(key=lambda b: code.bid_key(b.level, b.strain, b.royal))
    outcome: dict[tuple[int, str], tuple[int, str, int, Contract]] = {}

    def result(k: int, side: str) -> tuple[int, str, int, Contract]:
        """(NS score, declarer, tricks, contract as played) of bid k declared by side."""
        key = (k, side)
        if key not in outcome:
            bid = bids[k]
            column = _dd_strain(bid.strain)
            a, b = _SIDE_SEATS[side]
            declarer = a if dd[a][column] >= dd[b][column] else b
            tricks = dd[declarer][column]
            doubled = 0 if tricks >= 6 + bid.level else 1
            played = Contract(bid.level, bid.strain, bid.royal, doubled)
            if code.spade_opening_cap and bid.level == 1 and bid.strain == "S":
                declarer = dealer if side_of(dealer) == side else declarer
            score = score_deal(
                DealResult(played, declarer, tricks, dealer=dealer, deal=deal), code
            ).net_ns
            outcome[key] = (score, declarer, tricks, played)
        return outcome[key]

    def available(k: int, side: str) -> bool:
        """1913 Law 48: the weak one spade is only the dealer's own declaration."""
        bid = bids[k]
        weak_spade = code.spade_opening_cap and bid.level == 1 and bid.strain == "S"
        return not weak_spade or side == side_of(dealer)

    def better(side: str, x: int, y: int) -> bool:
        """Does ``side`` prefer the NS score x to y (strictly)?"""
        return x > y if side == "NS" else x < y

    m = len(bids)
    # value[k][holder]: NS score when bid k by ``holder`` stands and the other side is
    # to act; choice[k][holder]: the bid the other side makes over it (None: it passes).
    value: list[dict[str, int]] = [{} for _ in range(m)]
    choice: list[dict[str, int | None]] = [{} for _ in range(m)]
    # best_over[k][side]: the best (for side) of value[j][side] for j > k, and that j.
    best_over: list[dict[str, tuple[int, int] | None]] = [{} for _ in range(m + 1)]
    best_over[m - 1] = {"NS": None, "EW": None}
    for k in range(m - 1, -1, -1):
        for holder in ("NS", "EW"):
            other = "EW" if holder == "NS" else "NS"
            if not available(k, holder):
                continue
            stand = result(k, holder)[0]
            over = best_over[k][other]
            if over is not None and better(other, over[0], stand):
                value[k][holder], choice[k][holder] = over
            else:
                value[k][holder], choice[k][holder] = stand, None
        if k:
            prev: dict[str, tuple[int, int] | None] = {}
            for side in ("NS", "EW"):
                cur = best_over[k][side]
                if side not in value[k]:
                    prev[side] = cur
                    continue
                cand = (value[k][side], k)
                # Ties go to the lower bid: k is lower than every j already in cur.
                prev[side] = cand if cur is None or not better(side, cur[0], cand[0]) else cur
            best_over[k - 1] = prev
    # The opening: the dealer's side first; it may pass where the code allows.
    first = side_of(dealer)
    second = "EW" if first == "NS" else "NS"

    def open_best(side: str) -> tuple[int, int] | None:
        best: tuple[int, int] | None = None
        for k in range(m):
            if side not in value[k]:
                continue
            cand = (value[k][side], k)
            if best is None or better(side, cand[0], best[0]):
                best = cand
        return best

    start = open_best(first)
    assert start is not None
    answer = open_best(second)  # if the dealer's side passes, the other side may open
    if answer is not None and not better(second, answer[0], 0):
        answer = None  # the other side passes too: passed out, no score
    after_pass = answer[0] if answer is not None else 0
    if code.dealer_may_pass and not better(first, start[0], after_pass):
        if answer is None:
            return Par(0, Contract(0), None, None)
        k, holder = answer[1], second
    else:
        k, holder = start[1], first
    # Follow the bidding to the contract that stands.
    while choice[k][holder] is not None:
        nxt = choice[k][holder]
        assert nxt is not None
        k, holder = nxt, ("EW" if holder == "NS" else "NS")
    score, declarer, tricks, played = result(k, holder)
    return Par(score, played, declarer, tricks)
