"""Duplicate Auction Bridge scoring: the laws, in pure Python.

No Django here: this package is a library with a command line
(``python -m scoring``).  The public API is re-exported below.
"""

from .cards import SEATS, SIDES, DealError, format_pbn_deal, parse_pbn_deal, side_of
from .codes import CODES, Code, get_code
from .contract import PASS, Contract, ContractError, parse_contract
from .deal import DealResult, DealScore, Item, Penalty, revoke_choices, score_deal
from .errors import ScoringError
from .honours import HonoursError, honours_from_deal, score_honours

__all__ = [
    "CODES",
    "PASS",
    "SEATS",
    "SIDES",
    "Code",
    "Contract",
    "ContractError",
    "DealError",
    "DealResult",
    "DealScore",
    "HonoursError",
    "Item",
    "Penalty",
    "ScoringError",
    "format_pbn_deal",
    "get_code",
    "honours_from_deal",
    "parse_contract",
    "parse_pbn_deal",
    "revoke_choices",
    "score_deal",
    "score_honours",
    "side_of",
]
