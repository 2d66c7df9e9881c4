"""The verbs of running an event, one module per family.

Read bottom-up: ``audit`` (who acts and why) at the bottom, beside what a verb
refuses (:mod:`tournament.errors`, named here too: a verb's refusals are part of
its face); ``locks`` (every row lock, in the one order); ``entries`` (an entry and
the laws applied to it); then the verbs:
``events`` (create, players, publish), ``results`` (enter, correct, confirm,
void), ``rounds`` (agree, close, reopen, absent), ``irregular`` (Law B) and
``adjusted`` (the director's adjusted scores, fouled boards), ``field``
(a late pair, a withdrawal), ``tablets`` (a table's link, its PIN, its director
calls) and ``deals`` (dealing from a seed, importing PBN); the families not named
in ``__all__`` (``tablets``, ``deals``, ``members``, ...) are imported as modules.
Every verb that changes results runs in one transaction, locks the rows it
depends on, re-checks their state under the lock, and writes an audit entry.
The laws are applied by :mod:`scoring`; nothing here computes a point itself.
"""

from ..errors import AuctionNotOver, NotTablesBoard, ResultConflict, ServiceError, user_message
from .adjusted import adjust_score, set_adjusted_values, set_fouled
from .audit import Actor, audit
from .contests import (
    SEEDING,
    create_contest,
    reseed,
    seed_from_standings,
    seeding_from_standings,
    set_contest_published,
    set_one_ranking,
    share_deals,
)
from .entries import Entry, deal_result, preview
from .events import (
    create_event,
    movement_for,
    movement_planned,
    reseat,
    set_factoring,
    set_player_names,
    set_published,
)
from .field import add_late_pair, field_changes, places_free, withdraw_pair
from .individuals import set_individual_names
from .irregular import IrregularPlan, apply_irregular, irregular_plan
from .league import create_league, draw_next_round, set_league_published
from .results import (
    Outcome,
    Submission,
    confirm_result,
    correct_result,
    enter_result,
    live_result,
    round_closed,
    submit_board,
    void_result,
)
from .rounds import (
    agree_round,
    board_results,
    close_round,
    open_boards,
    reopen_round,
    round_boards,
    set_absent,
)

__all__ = [
    "SEEDING",
    "Actor",
    "AuctionNotOver",
    "Entry",
    "IrregularPlan",
    "NotTablesBoard",
    "Outcome",
    "ResultConflict",
    "ServiceError",
    "Submission",
    "add_late_pair",
    "adjust_score",
    "agree_round",
    "apply_irregular",
    "audit",
    "board_results",
    "close_round",
    "confirm_result",
    "correct_result",
    "create_contest",
    "create_event",
    "create_league",
    "deal_result",
    "draw_next_round",
    "enter_result",
    "field_changes",
    "irregular_plan",
    "live_result",
    "movement_for",
    "movement_planned",
    "open_boards",
    "places_free",
    "preview",
    "reopen_round",
    "reseat",
    "reseed",
    "round_boards",
    "round_closed",
    "seed_from_standings",
    "seeding_from_standings",
    "set_absent",
    "set_adjusted_values",
    "set_contest_published",
    "set_factoring",
    "set_fouled",
    "set_individual_names",
    "set_league_published",
    "set_one_ranking",
    "set_player_names",
    "set_published",
    "share_deals",
    "submit_board",
    "user_message",
    "void_result",
    "withdraw_pair",
]
