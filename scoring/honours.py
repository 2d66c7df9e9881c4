"""Honours: counted from the hands, or entered as counts; and their value.

1915 Laws 5-6 (1913 the same): the honours are A K Q J 10 of the trump suit,
or the four aces at no trump.  They belong to the side that holds them,
declarer's or not, whatever happens in the play.  Royalton has none (Law 85).
See RULES.md section 2.
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import SEATS, Deal
from .codes import Code
from .contract import Contract
from .errors import ScoringError, short_repr

__all__ = ["HonoursError", "honour_cards", "honours_from_deal", "score_honours"]

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
