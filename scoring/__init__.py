"""Duplicate Auction Bridge scoring: the laws, in pure Python.

No Django here: this package is a library with a command line
(``python -m scoring``).  The public API is re-exported below.
"""

from .cards import SEATS, SIDES, DealError, format_pbn_deal, parse_pbn_deal, side_of
from .codes import CODES, Code, code_from_pbn_scoring, get_code
from .contract import PASS, Contract, ContractError, parse_contract
from .deal import (
    DealResult,
    DealScore,
    Item,
    Penalty,
    declarer_must_choose,
    revoke_choices,
    score_deal,
)
from .errors import Refusal, ScoringError
from .honours import (
    HonourHolding,
    HonoursError,
    honour_holding_of,
    honour_holdings,
    honours_from_deal,
    honours_question,
    score_honours,
)
from .individuals import IndividualResult, PlayerStanding, individual_standings
from .irregular import NewDealRequired, Procedure, check_artificial_score, irregular_procedure
from .pairs import (
    BoardRanking,
    BoardResult,
    PairStanding,
    compare_boards,
    pair_label_key,
    pair_standings,
    rank_board,
)
from .teams import MatchResult, TableSeating, TeamBoardResult, score_team_match

__all__ = [
    "CODES",
    "PASS",
    "SEATS",
    "SIDES",
    "BoardRanking",
    "BoardResult",
    "Code",
    "Contract",
    "ContractError",
    "DealError",
    "DealResult",
    "DealScore",
    "HonourHolding",
    "HonoursError",
    "IndividualResult",
    "Item",
    "MatchResult",
    "NewDealRequired",
    "PairStanding",
    "Penalty",
    "PlayerStanding",
    "Procedure",
    "Refusal",
    "ScoringError",
    "TableSeating",
    "TeamBoardResult",
    "check_artificial_score",
    "code_from_pbn_scoring",
    "compare_boards",
    "declarer_must_choose",
    "format_pbn_deal",
    "get_code",
    "honour_holding_of",
    "honour_holdings",
    "honours_from_deal",
    "honours_question",
    "individual_standings",
    "irregular_procedure",
    "pair_label_key",
    "pair_standings",
    "parse_contract",
    "parse_pbn_deal",
    "rank_board",
    "revoke_choices",
    "score_deal",
    "score_honours",
    "score_team_match",
    "side_of",
]
