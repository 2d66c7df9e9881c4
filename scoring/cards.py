"""Seats, sides, cards, hands and PBN deal strings.

A deal is checked to be a full pack: 52 distinct cards, 13 in each hand.
Irregular hands (Duplicate Law B) are a matter for :mod:`scoring.irregular`,
not something a hand record can hold.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import ScoringError

__all__ = [
    "RANKS",
    "SEATS",
    "SIDES",
    "SUITS",
    "Deal",
    "DealError",
    "format_pbn_deal",
    "parse_pbn_deal",
    "partner",
    "side_of",
]

SEATS = ("N", "E", "S", "W")
SIDES = ("NS", "EW")
SUITS = ("S", "H", "D", "C")  # PBN order within a hand
RANKS = "AKQJT98765432"
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

_SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
_PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}

# A card is a two-letter string, suit then rank: "SA", "HT", "C2".
Card = str
# A deal maps each seat to the frozenset of its cards.
Deal = Mapping[str, frozenset[Card]]


class DealError(ScoringError):
    """A deal string that is not a correct 52-card deal."""


def side_of(seat: str) -> str:
    """The side ("NS" or "EW") a seat belongs to."""
    return _SIDE[seat]


def partner(seat: str) -> str:
    return _PARTNER[seat]


def other_side(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def rotate_seat(seat: str, steps: int = 1) -> str:
    """The seat ``steps`` places clockwise (N -> E -> S -> W)."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def _parse_hand(text: str, seat: str) -> frozenset[Card]:
    suits = text.split(".")
    if len(suits) != 4:
        raise DealError(
            f'{SEAT_NAMES[seat]}\'s hand "{text}" must have four suits separated by dots '
            "(spades.hearts.diamonds.clubs)"
        )
    cards: list[Card] = []
    for suit, holding in zip(SUITS, suits, strict=True):
        for rank in holding.upper().replace("10", "T"):
            if rank not in RANKS:
                raise DealError(
                    f'{SEAT_NAMES[seat]}\'s {SUIT_NAMES[suit]} contain "{rank}", '
                    f"which is not a card (use {RANKS})"
                )
            card = suit + rank
            if card in cards:
                raise DealError(f"{SEAT_NAMES[seat]} holds the {_card_name(card)} twice")
            cards.append(card)
    return frozenset(cards)


_RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "knave", "T": "ten"}


def _card_name(card: Card) -> str:
    return f"{_RANK_NAMES.get(card[1], card[1])} of {SUIT_NAMES[card[0]]}"


def parse_pbn_deal(text: str, *, require_full: bool = True) -> dict[str, frozenset[Card]]:
    """Read a PBN ``Deal`` tag value, e.g. ``"N:AKQJ.T98.765.432 ..."``.

    The first letter names the seat of the first hand; the others follow
    clockwise (PBN standard 2.1, section 3.4.11).  With ``require_full``
    the deal must hold 52 distinct cards, 13 per hand.
    """
    if not isinstance(text, str) or ":" not in text:
        raise DealError(
            'a deal is written "N:<north> <east> <south> <west>", each hand as '
            "spades.hearts.diamonds.clubs"
        )
    first, _, rest = text.strip().partition(":")
    first = first.strip().upper()
    if first not in SEATS:
        raise DealError(
            f'a deal must start with the seat of its first hand (N, E, S or W), not "{first}"'
        )
    hands = rest.split()
    if len(hands) != 4:
        raise DealError(f"a deal needs four hands separated by spaces; this one has {len(hands)}")
    deal: dict[str, frozenset[Card]] = {}
    for i, hand in enumerate(hands):
        seat = rotate_seat(first, i)
        deal[seat] = _parse_hand(hand, seat) if hand != "-" else frozenset()
    if require_full:
        check_full_deal(deal)
    return {seat: deal[seat] for seat in SEATS}


def check_full_deal(deal: Deal) -> None:
    """Raise :class:`DealError` unless ``deal`` is 52 distinct cards, 13 a hand."""
    seen: dict[Card, str] = {}
    for seat in SEATS:
        hand = deal.get(seat, frozenset())
        for card in hand:
            if card in seen:
                raise DealError(
                    f"the {_card_name(card)} is in both {SEAT_NAMES[seen[card]]}'s "
                    f"and {SEAT_NAMES[seat]}'s hands"
                )
            seen[card] = seat
    for seat in SEATS:
        n = len(deal.get(seat, ()))
        if n != 13:
            raise DealError(f"{SEAT_NAMES[seat]} has {n} cards; every hand must have 13")


def format_pbn_deal(deal: Deal, first: str = "N") -> str:
    """Write ``deal`` as a PBN ``Deal`` tag value starting with ``first``."""
    hands = []
    for i in range(4):
        hand = deal[rotate_seat(first, i)]
        suits = []
        for suit in SUITS:
            suits.append("".join(r for r in RANKS if suit + r in hand))
        hands.append(".".join(suits))
    return f"{first}:" + " ".join(hands)
