"""A board's hand record: its four hands, their honours, the double-dummy tricks and
par, and the dealing sheet for dealing by hand.

Read from the deal a board keeps (:mod:`tournament.services.deals` deals and
imports them); nothing here writes.
"""

from __future__ import annotations

from typing import Any

from scoring import honours_from_deal, parse_pbn_deal
from scoring.cards import RANKS, SEATS, SUITS
from scoring.dealing import high_card_points
from scoring.double_dummy import DD_STRAINS
from scoring.par import Par, par, par_cell

from ..models import Board


def par_of(board: Board, deal: Any = None) -> Par | None:
    """The board's par under its event's code (scoring.par), when the hands and their
    double-dummy table are known."""
    if not board.deal or not board.dd_tricks:
        return None
    return par(board.event.laws, deal or parse_pbn_deal(board.deal), board.dd_tricks, board.dealer)


def hand_record(board: Board) -> dict[str, Any] | None:
    """Four hands, the dealer, each hand's honours in each strain, double-dummy tricks."""
    if not board.deal:
        return None
    deal = parse_pbn_deal(board.deal)
    hands = {}
    for seat in SEATS:
        hands[seat] = {
            "suits": [
                (
                    suit,
                    "".join(r for r in RANKS if suit + r in deal[seat]).replace("T", "10") or "—",
                )
                for suit in SUITS
            ],
            "hcp": high_card_points(deal[seat]),
        }
    honours = {strain: honours_from_deal(deal, strain) for strain in DD_STRAINS}
    dd = board.dd_tricks or {}
    the_par = par_of(board, deal)
    marked = par_cell(the_par) if the_par else None
    return {
        "par": the_par,
        "board": board,
        "dealer": board.dealer,
        "hands": hands,
        "strains": DD_STRAINS,
        "honour_rows": [(s, [honours[st][s] for st in DD_STRAINS]) for s in SEATS],
        # The double-dummy grid: each cell (tricks, at least seven (a contract made),
        # the par contract's cell), so the grid reads without colour.
        "dd_rows": [
            (s, [(dd[s][st], dd[s][st] >= 7, (s, st) == marked) for st in DD_STRAINS])
            for s in SEATS
        ]
        if dd
        else [],
    }


def dealing_sheet(board: Board) -> list[tuple[str, list[str]]] | None:
    """For dealing by hand: each suit's cards in rank order with the seat each goes to."""
    if not board.deal:
        return None
    deal = parse_pbn_deal(board.deal)
    owner = {card: seat for seat in SEATS for card in deal[seat]}
    return [(suit, [owner[suit + r] for r in RANKS]) for suit in SUITS]
