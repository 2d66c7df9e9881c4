"""Honours: counted from the hands, or entered as counts; and their value.

1915 Laws 5-6 (1913 the same): the honours are A K Q J 10 of the trump suit,
or the four aces at no trump.  They belong to the side that holds them,
declarer's or not, whatever happens in the play.  Royalton has none (Law 85).
See docs/laws/scoring.md, "Honours".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from .cards import SEATS, Deal
from .codes import Code
from .contract import Contract, parse_contract
from .errors import ScoringError, short_repr

__all__ = [
    "HonourHolding",
    "HonoursError",
    "honour_cards",
    "honour_holding_of",
    "honour_holdings",
    "honours_from_deal",
    "honours_question",
    "score_honours",
]

_TRUMP_SUIT = {"C": "C", "D": "D", "H": "H", "S": "S", "RS": "S"}
_TRUMP_HONOURS = "AKQJT"

# (honours held by the side, most in one hand) -> value in tricks of the trump suit
_TRUMP_UNITS = {
    (3, 2): 2,
    (3, 3): 2,  # "simple honours", however split
    (4, 2): 4,
    (4, 3): 4,  # four split between partners
    (4, 4): 8,  # four in one hand, the fifth with the opponents
    (5, 3): 5,  # five split 3 + 2
    (5, 4): 9,  # four in one hand, the fifth in partner's
    (5, 5): 10,  # all five in one hand
}


class HonoursError(ScoringError):
    """Honour counts that cannot be right."""


def honour_cards(strain: str) -> tuple[str, ...]:
    """The cards that are honours in ``strain``: A K Q J 10 of trumps, or the aces."""
    if strain == "NT":
        return ("SA", "HA", "DA", "CA")
    suit = _TRUMP_SUIT.get(strain)
    if suit is None:
        return ()
    return tuple(suit + r for r in _TRUMP_HONOURS)


def honours_from_deal(deal: Deal, strain: str) -> dict[str, int]:
    """How many honours of ``strain`` each seat holds in ``deal``."""
    cards = honour_cards(strain)
    return {seat: sum(1 for c in cards if c in deal[seat]) for seat in SEATS}


def check_counts(counts: Mapping[str, int], strain: str) -> None:
    """Honour counts must name real seats and add up to every honour in the pack."""
    total_needed = 4 if strain == "NT" else 5
    what = "aces" if strain == "NT" else "honours (A K Q J 10 of trumps)"
    total = 0
    if type(counts) is not dict and not isinstance(counts, Mapping):
        raise HonoursError('honours are counted per seat, e.g. {"N": 2, "E": 0, "S": 1, "W": 2}')
    for seat, n in counts.items():
        if seat not in SEATS:
            raise HonoursError(f"honours name an unknown seat {short_repr(seat)} (use N, E, S, W)")
        if type(n) is not int or not 0 <= n <= total_needed:
            raise HonoursError(
                f"{seat} is said to hold {short_repr(n)} {what}; a hand holds 0 to {total_needed}"
            )
        total += n
    if total != total_needed:
        raise HonoursError(
            f"the {what} held add up to {total}; there are {total_needed} in the pack"
        )


def score_honours(
    counts: Mapping[str, int], contract: Contract, code: Code
) -> tuple[str, int, str] | None:
    """Return ``(side, points, reason)`` for the side that scores honours, or None.

    Only a side holding three or more scores (Law 6); honours are never
    doubled (Law 9).  Counts are assumed checked (:func:`check_counts`).
    """
    if not code.has_honours or contract.is_pass or contract.is_nullo:
        return None
    ns = (counts.get("N", 0), counts.get("S", 0))
    ew = (counts.get("E", 0), counts.get("W", 0))
    for side, pair in (("NS", ns), ("EW", ew)):
        held = pair[0] + pair[1]
        if held < 3:
            continue
        most = max(pair)
        law = code.laws["honours"]
        if contract.strain == "NT":
            if held == 3:
                return side, 30, f"three aces, {law}"
            if most == 4:
                return side, 100, f"four aces in one hand, {law}"
            return side, 40, f"four aces, {law}"
        value = code.trick_values[contract.strain]
        units = _TRUMP_UNITS[(held, most)]
        if held == 3:
            words = "simple honours"
        elif held == 4:
            words = "four honours in one hand" if most == 4 else "four honours"
        elif most == 5:
            words = "five honours in one hand"
        elif most == 4:
            words = "five honours, four in one hand"
        else:
            words = "five honours"
        return side, units * value, f"{words} ({units} x {value}), {law}"
    return None


# --- asking for honours without a hand record (docs/laws/scoring.md) ------


def _contract(code: Code, contract: Contract | str) -> Contract:
    return contract if isinstance(contract, Contract) else parse_contract(contract, code)


def honours_question(
    code: Code, contract: Contract | str, *, hand_record: bool = False
) -> str | None:
    """What the scorer must be asked about honours: "trumps", "aces", or None.

    docs/laws/scoring.md, "Honours": without a hand record the honours are a required
    answer, and a blank is not "no honours".  In a trump contract the five
    honours are A K Q J 10 of trumps ("trumps"); at no trump the four aces
    ("aces"; they may split 2-2 and score nothing, but the scorer says so).
    None when there is nothing to ask: the code has no honours (Royalton Law
    85), the deal was passed out, the contract is a nullo (Royalton only), or
    a hand record is known (honours are then derived from the cards, never
    typed).
    """
    c = _contract(code, contract)
    if hand_record or not code.has_honours or c.is_pass or c.is_nullo:
        return None
    return "aces" if c.strain == "NT" else "trumps"


@dataclass(frozen=True, slots=True)
class HonourHolding:
    """One answer to the honours question that scores differently from the others.

    ``counts`` is a holding per seat that gives this answer (any other with
    the same answer scores the same, Law 6), ready to store as the result's
    honour counts; ``side`` is the side that scores, None when nobody does;
    ``points`` what it scores.
    """

    key: str
    label: str
    side: str | None
    points: int
    counts: Mapping[str, int]


_SIDE_WORDS = {"NS": "North-South", "EW": "East-West"}
# (key suffix, words, counts for the scoring side's two seats and the other side's two)
_TRUMP_SHAPES = (
    ("3", "three honours (simple honours)", (2, 1), (1, 1)),
    ("4", "four honours, split between partners", (2, 2), (1, 0)),
    ("4-in-one-hand", "four honours in one hand, the fifth with the opponents", (4, 0), (1, 0)),
    ("5", "all five honours, split between partners", (3, 2), (0, 0)),
    ("5-four-in-one-hand", "all five honours, four in one hand", (4, 1), (0, 0)),
    ("5-in-one-hand", "all five honours in one hand", (5, 0), (0, 0)),
)
_ACE_SHAPES = (
    ("3", "three aces", (2, 1), (1, 0)),
    ("4", "four aces, split between partners", (2, 2), (0, 0)),
    ("4-in-one-hand", "four aces in one hand", (4, 0), (0, 0)),
)


def _seat_counts(side: str, ours: tuple[int, int], theirs: tuple[int, int]) -> dict[str, int]:
    a, b = ("N", "S") if side == "NS" else ("E", "W")
    c, d = ("E", "W") if side == "NS" else ("N", "S")
    return {s: n for s, n in zip((a, b, c, d), (*ours, *theirs), strict=True)}


def honour_holdings(code: Code, contract: Contract | str) -> tuple[HonourHolding, ...]:
    """Every answer to :func:`honours_question` that scores differently, commonest first.

    For the tablet's one-tap buttons.  Trumps: for each side, three honours,
    four split, four in one hand, five split, five with four in one hand,
    five in one hand (Law 6; docs/laws/scoring.md, "Honours").  No trump: the aces split
    2-2 (nobody scores), and for each side three aces, four split, four in
    one hand.  Empty when :func:`honours_question` has nothing to ask.
    """
    return _holdings(code, _contract(code, contract))


@lru_cache(maxsize=1024)  # a tablet's every submission asks; a code and contract answer alike
def _holdings(code: Code, c: Contract) -> tuple[HonourHolding, ...]:
    question = honours_question(code, c)
    if question is None:
        return ()
    out: list[HonourHolding] = []
    if question == "aces":
        out.append(
            HonourHolding(
                "none",
                "the aces split two and two: nobody scores",
                None,
                0,
                MappingProxyType({"N": 1, "E": 1, "S": 1, "W": 1}),
            )
        )
    for suffix, words, ours, theirs in _ACE_SHAPES if question == "aces" else _TRUMP_SHAPES:
        for side in ("NS", "EW"):
            counts = _seat_counts(side, ours, theirs)
            scored = score_honours(counts, c, code)
            assert scored is not None and scored[0] == side  # every shape here scores
            out.append(
                HonourHolding(
                    f"{side}-{suffix}",
                    f"{_SIDE_WORDS[side]}: {words}",
                    side,
                    scored[1],
                    MappingProxyType(counts),
                )
            )
    return tuple(out)


def honour_holding_of(
    code: Code, contract: Contract | str, counts: Mapping[str, int]
) -> HonourHolding:
    """Which of :func:`honour_holdings` the per-seat ``counts`` are (to show a stored answer).

    The counts are checked first: they must add up to every honour in the pack.
    """
    c = _contract(code, contract)
    holdings = honour_holdings(code, c)
    if not holdings:
        raise HonoursError(
            f"no honours are scored on {c.describe()} under the {code.name} laws"
            if code.has_honours
            else f"the {code.name} laws score no honours ({code.laws['honours']})"
        )
    check_counts(counts, c.strain)
    for side, (a, b) in (("NS", ("N", "S")), ("EW", ("E", "W"))):
        pair = (counts.get(a, 0), counts.get(b, 0))
        held, most = sum(pair), max(pair)
        if held < 3:
            continue
        if held == 3:
            suffix = "3"
        elif most == held:
            suffix = f"{held}-in-one-hand"
        elif held == 5 and most == 4:
            suffix = "5-four-in-one-hand"
        else:
            suffix = str(held)
        return next(h for h in holdings if h.key == f"{side}-{suffix}")
    return holdings[0]  # the aces split 2-2
