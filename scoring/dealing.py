"""Dealing: random deals reproducible from a seed the director can note.

A board's deal depends only on the seed and the board number, so a single
board can be redealt (Law B) or the whole set re-created from the seed.
"""

from __future__ import annotations

import random

from .cards import RANKS, SEATS, SUITS, Card

__all__ = ["deal_board", "high_card_points"]

PACK: tuple[Card, ...] = tuple(s + r for s in SUITS for r in RANKS)
_HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def deal_board(seed: int | str, board: int) -> dict[str, frozenset[Card]]:
    """Deal board ``board`` of the set identified by ``seed``: 13 cards to each seat."""
    rng = random.Random(f"{seed}:{board}")
    cards = list(PACK)
    rng.shuffle(cards)
    return {seat: frozenset(cards[i * 13 : (i + 1) * 13]) for i, seat in enumerate(SEATS)}


def high_card_points(hand: frozenset[Card]) -> int:
    """Work's count (A 4, K 3, Q 2, J 1): a rough strength, for simulations and hand records."""
    return sum(_HCP.get(c[1], 0) for c in hand)
