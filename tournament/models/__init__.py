"""The event's records: who plays, what was dealt, where everyone sat, what they scored.

The laws live in :mod:`scoring`; these models only hold what happened.  One
module a family of records (:mod:`.events`, :mod:`.field`, :mod:`.play`,
:mod:`.tables`, :mod:`.rulings`, :mod:`.jobs`, :mod:`.movements` (a club's own
movements), and :mod:`.club`, the club they
all belong to with its members and seasons); every model is named here, so the
rest of the app imports ``from tournament.models import Event`` without knowing
which family holds it, and Django finds the app's models in one place.
"""

from .club import Club, Member, ScoreCardMail, Season
from .events import Contest, Event, League, LeagueTeam
from .field import FieldChange, Individual, Pair, Player, SeatName, Team
from .jobs import Job
from .movements import ClubMovement
from .play import (
    AuditEntry,
    Board,
    Result,
    ResultQuerySet,
    Round,
    SeatAssignment,
    Seating,
    SeatingQuerySet,
)
from .rulings import AuctionRecord, Ruling
from .tables import DirectorCall, PinFailure, TableLink, new_token

__all__ = [
    "AuctionRecord",
    "AuditEntry",
    "Board",
    "Club",
    "ClubMovement",
    "Contest",
    "DirectorCall",
    "Event",
    "FieldChange",
    "Individual",
    "Job",
    "League",
    "LeagueTeam",
    "Member",
    "Pair",
    "PinFailure",
    "Player",
    "Result",
    "ResultQuerySet",
    "Round",
    "Ruling",
    "ScoreCardMail",
    "Season",
    "SeatAssignment",
    "SeatName",
    "Seating",
    "SeatingQuerySet",
    "TableLink",
    "Team",
    "new_token",
]
