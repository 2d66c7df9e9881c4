"""Irregular hands: Duplicate Law B.

A player found with more or fewer than 13 cards.  What the director does
depends on when it was found (docs/laws/duplicate.md, Law B):

1. before or during the original play: a new deal; every result comes from it;
2. when the cards are taken up for overplay, before overplay begins: the
   board goes back to the table it came from and is rectified there
   (**Reading:** that table's result is void, replayed and re-entered);
3. after overplay has begun: with two tables, a new deal; with more, the hands
   are rectified and passed on, the table that found it does not play the
   board, and its pairs get an artificial score:
   - the short hand's *opponent* held the surplus: each pair the average;
   - the short hand's *partner* held the surplus: that pair the lowest score
     and its opponents the highest made at any table on the deal.

**Reading:** an artificial score is the pair's score on the deal in every
later comparison.  In total points it is a net score (the average, or the
lowest/highest net) that enters the Law H average like any other, keeping
each direction's field summing to zero.  In matchpoints the other tables are
matchpointed among themselves and factored up by Neuberg; the average is
half the top, "lowest" the lowest matchpoint score in the offender's
direction and "highest" the highest in the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .cards import SEATS, side_of
from .errors import ScoringError

__all__ = [
    "ADJUSTMENTS",
    "ARTIFICIAL_LABELS",
    "ARTIFICIAL_SCORE",
    "DISCOVERY",
    "NEW_DEAL",
    "RECTIFY",
    "NewDealRequired",
    "Procedure",
    "artificial_matchpoints",
    "artificial_net",
    "artificial_net_of",
    "check_artificial_score",
    "irregular_procedure",
]

ADJUSTMENTS = ("average", "ns-lowest", "ew-lowest")
# What each artificial score says on a traveller and in the director's forms.
ARTIFICIAL_LABELS = {
    "average": "Average to both pairs (Law B)",
    "ns-lowest": "Lowest to North-South, highest to East-West (Law B)",
    "ew-lowest": "Lowest to East-West, highest to North-South (Law B)",
}
DISCOVERY = ("original-play", "before-overplay", "after-overplay")
# What Law B orders (Procedure.action).
NEW_DEAL = "new-deal"
RECTIFY = "rectify-at-previous-table"
ARTIFICIAL_SCORE = "artificial-score"


class NewDealRequired(ScoringError):
    """An artificial score asked for where Law B orders a new deal instead."""


@dataclass(frozen=True, slots=True)
class Procedure:
    """What Law B orders: an action, and the artificial score when there is one."""

    action: str  # NEW_DEAL, RECTIFY or ARTIFICIAL_SCORE
    adjusted: str | None  # one of ADJUSTMENTS with ARTIFICIAL_SCORE
    explanation: str
    law: str

    def to_json(self) -> dict:
        return {
            "action": self.action,
            "adjusted": self.adjusted,
            "explanation": self.explanation,
            "law": self.law,
        }


def irregular_procedure(
    discovered: str,
    tables: int,
    short_hand: str | None = None,
    surplus_with: str | None = None,
) -> Procedure:
    """Decide the Law B procedure.

    ``discovered``: "original-play", "before-overplay" or "after-overplay".
    ``tables``: how many tables play the board in the contest.
    ``short_hand``: the seat (N E S W) of the player with too few cards, and
    ``surplus_with``: "opponent" or "partner", who held the surplus; both are
    needed only for an artificial score.
    """
    if discovered not in DISCOVERY:
        raise ScoringError(f"when was it found? {', '.join(DISCOVERY)}; not {discovered!r}")
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 2:
        raise ScoringError("a duplicate contest has at least two tables")
    if discovered == "original-play":
        return Procedure(
            NEW_DEAL,
            None,
            "found before or during the original play: there must be a new deal; "
            "the board is redealt and every result comes from the new deal",
            "Duplicate Law B(1)",
        )
    if discovered == "before-overplay":
        return Procedure(
            RECTIFY,
            None,
            "found when the cards were taken up for overplay: the board goes back to the "
            "table it came from and is rectified there; that table's result is void and "
            "is replayed and re-entered",
            "Duplicate Law B(2)",
        )
    if tables == 2:
        return Procedure(
            NEW_DEAL,
            None,
            "found after overplay began in a two-table contest: there must be a new deal; "
            "both results on the board are void and it is replayed at both tables",
            "Duplicate Law B(3)",
        )
    if short_hand not in SEATS:
        raise ScoringError("name the seat (N, E, S or W) of the player who was short of cards")
    if surplus_with not in ("opponent", "partner"):
        raise ScoringError('who held the surplus cards: "opponent" or "partner"?')
    if surplus_with == "opponent":
        return Procedure(
            ARTIFICIAL_SCORE,
            "average",
            "found after overplay began; the short hand's opponent held the surplus: the "
            "hands are rectified and passed on without play at this table, and each pair "
            "takes the average score of the deal",
            "Duplicate Law B(3)",
        )
    side = side_of(short_hand)
    return Procedure(
        ARTIFICIAL_SCORE,
        "ns-lowest" if side == "NS" else "ew-lowest",
        f"found after overplay began; the short hand's partner held the surplus: the "
        f"hands are rectified and passed on without play at this table; {side} get the "
        f"lowest score and their opponents the highest made at any table on the deal",
        "Duplicate Law B(3)",
    )


def check_artificial_score(tables: int, board: int | None = None) -> None:
    """Refuse an artificial score on a board played at ``tables`` tables when Law B forbids it.

    An artificial score exists only under Duplicate Law B(3) with more than
    two tables; in a two-table contest the law orders a new deal instead.
    The rule is :func:`irregular_procedure`'s, asked here, never spelled again.
    Raises :class:`NewDealRequired` (a :class:`ScoringError`) naming Law B(3).
    """
    procedure = irregular_procedure("after-overplay", tables, "N", "opponent")
    if procedure.action != ARTIFICIAL_SCORE:
        where = "this board" if board is None else f"board {board}"
        count = "two" if tables == 2 else str(tables)
        raise NewDealRequired(
            f"{where} is played at only {count} tables, where an artificial score is never "
            f"given: {procedure.explanation} ({procedure.law}); enter the new deal's results "
            "instead of an adjustment"
        )


def artificial_net(real: Sequence[int], adjusted: str) -> Fraction | int:
    """The artificial net score (North-South's view) from the real scores on the deal.

    "average": the mean net score; "ns-lowest": North-South get the lowest NS
    score and so East-West the highest EW score; "ew-lowest" the reverse.
    """
    if not real:
        raise ScoringError("an artificial score needs at least one real score on the deal")
    return artificial_net_of(adjusted, sum(real), len(real), min(real), max(real))


def artificial_net_of(
    adjusted: str, total: int, count: int, lowest: int, highest: int
) -> Fraction | int:
    """:func:`artificial_net` from the real scores' sum, number, lowest and highest: all
    it depends on (so a score card can take them from the database's summary)."""
    if adjusted == "average":
        return Fraction(total, count)
    if adjusted == "ns-lowest":
        return lowest
    if adjusted == "ew-lowest":
        return highest
    raise ScoringError(f"adjusted must be one of {', '.join(ADJUSTMENTS)}, not {adjusted!r}")


def artificial_matchpoints(
    adjusted: str, top: int, ns_lowest: Fraction | int, ns_highest: Fraction | int
) -> Fraction:
    """North-South's artificial matchpoints (East-West get the top less these)."""
    if adjusted == "average":
        return Fraction(top, 2)
    if adjusted == "ns-lowest":
        return Fraction(ns_lowest)
    if adjusted == "ew-lowest":
        return Fraction(ns_highest)  # EW get top - highest NS = the lowest EW score
    raise ScoringError(f"adjusted must be one of {', '.join(ADJUSTMENTS)}, not {adjusted!r}")
