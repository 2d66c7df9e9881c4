"""The director's adjusted scores, beside Duplicate Law B's artificial scores.

The laws of 1913-1915 know one artificial score, Law B's (an irregular hand:
:mod:`scoring.irregular`).  A club evening needs more, and every scoring
program players know gives the director these; the project's reading of each:

* **Not played** (``"not-played"``): the board was not played at the table
  (time ran out, the director took it away).  The line is compared like an
  absent table: it earns nothing, the pairs' totals are over the boards they
  played, and in matchpoints the board is factored up by Neuberg for the
  others (Law H compares a pair "only with other pairs who have played the
  same hands").
* **Assigned** (``"plus/minus"``, ``"average/average"``, ...): average-plus,
  average or average-minus to each side, chosen separately ("split": one side
  at fault, the other not, or both at fault).  The values are event settings
  (:class:`AdjustedValues`): in matchpoints a percentage of the board's top
  (60 / 50 / 40 by default, the values the clubs' programs use); in total
  points a number of points against the board's average (+50 / 0 / -50 by
  default: about a part score, a quarter of the spread between a contract
  made and set one trick doubled with the premium).  An assigned line does
  not take part in the others' comparison (it is no score on the cards):
  their average or matchpoints come from the boards really played.
* **Weighted** (``"weighted"``, with ``weights``): part of one result, part
  of another (``1/3`` of +120 and ``2/3`` of -50), the weights positive and
  adding to 1.  In total points its net score is the weighted net
  (``(120 - 100) / 3 = 20/3``) and it enters the average like any score.  In
  matchpoints each part is compared with every other line and the
  comparisons weighted: a pair against a weighted line earns ``1/3`` of what
  it earns against +120 and ``2/3`` of what it earns against -50, so the
  board's matchpoints still add up to the top on every line.
* **Fouled board**: the tables that played each version (``version`` on a
  line) are compared among themselves, each version's matchpoints factored
  up by Neuberg to the board's full top, so a pair's score does not depend on
  which version it met.

Every adjusted score carries the director's reason in the app's audit trail;
here it is arithmetic only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import ScoringError
from .fractions_fmt import exact
from .irregular import ARTIFICIAL_LABELS

__all__ = [
    "ASSIGNED_LABELS",
    "AWARDS",
    "NOT_PLAYED",
    "WEIGHTED",
    "AdjustedValues",
    "Weights",
    "assigned_label",
    "compare_mixed",
    "describe",
    "for_the_table",
    "is_director_adjustment",
    "parse_awards",
    "parse_weights",
    "weighted_net",
]

NOT_PLAYED = "not-played"
WEIGHTED = "weighted"
AWARDS = ("plus", "average", "minus")
ASSIGNED_LABELS = {"plus": "average-plus", "average": "average", "minus": "average-minus"}
_AWARD = re.compile(r"(plus|average|minus)/(plus|average|minus)")

Weights = tuple[tuple[Fraction, int], ...]


@dataclass(frozen=True, slots=True)
class AdjustedValues:
    """What average-plus, average and average-minus are worth: the event's settings.

    ``plus_percent``/``minus_percent``: of the board's matchpoint top (average
    is always 50).  ``points``: Law H points above (plus) or below (minus) the
    board's average in a total-points event (average is 0).
    """

    plus_percent: int = 60
    minus_percent: int = 40
    points: int = 50

    def __post_init__(self) -> None:
        for name in ("plus_percent", "minus_percent", "points"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int):
                raise ScoringError(f"{name.replace('_', ' ')} must be a whole number")
        if not 50 <= self.plus_percent <= 100:
            raise ScoringError("average-plus must be from 50% to 100% of the top")
        if not 0 <= self.minus_percent <= 50:
            raise ScoringError("average-minus must be from 0% to 50% of the top")
        if not 0 <= self.points <= 1000:
            raise ScoringError("average-plus points must be from 0 to 1,000")

    def matchpoints(self, award: str, top: int) -> Fraction | int:
        """The matchpoints an award earns on a board whose top is ``top``."""
        percent = {"plus": self.plus_percent, "average": 50, "minus": self.minus_percent}[award]
        mp = Fraction(percent * top, 100)
        return mp.numerator if mp.denominator == 1 else mp

    def law_h(self, award: str) -> int:
        """The points an award earns against the board's average (Law H)."""
        return {"plus": self.points, "average": 0, "minus": -self.points}[award]

    def describe(self, method: str) -> str:
        """The values in words, for the traveller's footnote and the event page."""
        if method == "matchpoints":
            return (
                f"average-plus {self.plus_percent}%, average 50%, "
                f"average-minus {self.minus_percent}% of the board's top"
            )
        return (
            f"average-plus {self.points:+d}, average 0, average-minus {-self.points:+d} "
            "points against the board's average"
        )


def parse_awards(adjusted: str) -> tuple[str, str] | None:
    """("plus", "minus") for an assigned score ``"plus/minus"``; None for anything else."""
    m = _AWARD.fullmatch(adjusted)
    return (m[1], m[2]) if m else None


def is_director_adjustment(adjusted: str | None) -> bool:
    """True for the director's adjusted scores (not Law B's artificial ones)."""
    return adjusted is not None and (
        adjusted in (NOT_PLAYED, WEIGHTED) or parse_awards(adjusted) is not None
    )


def assigned_label(adjusted: str) -> str:
    """ "average-plus to North-South, average-minus to East-West" for ``"plus/minus"``."""
    awards = parse_awards(adjusted)
    if awards is None:
        raise ScoringError(f"{adjusted!r} is not an assigned score")
    ns, ew = (ASSIGNED_LABELS[a] for a in awards)
    return f"{ns} to both sides" if ns == ew else f"{ns} to North-South, {ew} to East-West"


def describe(adjusted: str, weights: Sequence[Sequence[object]] | None = None) -> str:
    """Any adjusted score in words, for the traveller, the score card and the audit trail.

    Law B's artificial scores and the director's adjusted scores alike; the one
    place their wording lives.
    """
    if adjusted in ARTIFICIAL_LABELS:
        return ARTIFICIAL_LABELS[adjusted]
    if adjusted == NOT_PLAYED:
        return "Not played (director)"
    if adjusted == WEIGHTED:
        parts = ", ".join(
            f"{exact(Fraction(w))} of {'+' if int(n) > 0 else ''}{n}"  # type: ignore[call-overload]
            for w, n in weights or ()
        )
        return f"Weighted score (director): {parts}"
    if parse_awards(adjusted) is not None:
        label = assigned_label(adjusted)
        return f"{label[0].upper()}{label[1:]} (director)"
    return adjusted


def for_the_table(
    adjusted: str, weights: Sequence[Sequence[object]] | None = None, *, individual: bool = False
) -> str:
    """What the director gave each side, in the words a table's tablet shows.

    The table played nothing it could check, so it is told plainly what stands
    (no tricks, no honours, no net score): the tablet's own score table would
    show zeros and a missing net, which reads like a fault.  ``individual``: the
    table's four players are an individual's (docs/laws/duplicate.md, "Individuals").
    """
    if adjusted == NOT_PLAYED:
        whom = "none of the four players" if individual else "neither pair"
        return f"Not played: this board counts for {whom} at this table."
    if adjusted == WEIGHTED:
        return describe(adjusted, weights).replace(" (director)", "") + "."
    if parse_awards(adjusted) is not None:
        label = assigned_label(adjusted)
        return f"{label[0].upper()}{label[1:]}."
    if adjusted in ARTIFICIAL_LABELS:
        return f"{ARTIFICIAL_LABELS[adjusted]}."
    return describe(adjusted, weights)


def parse_weights(parts: Iterable[Sequence[object]]) -> Weights:
    """Check and normalise a weighted score's parts: ``[(weight, net_ns), ...]``.

    A weight is a Fraction, an int or text like ``"1/3"``; each is positive and
    they add to exactly 1; each net score is a whole number of points.  At
    least two parts (one part is just that score).
    """
    out: list[tuple[Fraction, int]] = []
    for i, part in enumerate(parts, 1):
        if not isinstance(part, (list, tuple)) or len(part) != 2:
            raise ScoringError(f"part {i} of the weighted score must be a weight and a score")
        weight, net = part
        try:
            w = Fraction(weight) if isinstance(weight, (str, int, Fraction)) else None
        except (ValueError, ZeroDivisionError):
            w = None
        if w is None or isinstance(weight, bool):
            raise ScoringError(f"part {i}: the weight {weight!r} is not a fraction like 1/3")
        if w <= 0:
            raise ScoringError(f"part {i}: a weight must be more than 0")
        if isinstance(net, bool) or not isinstance(net, int):
            raise ScoringError(f"part {i}: the score must be a whole number of points")
        out.append((w, net))
    if len(out) < 2:
        raise ScoringError("a weighted score needs at least two parts")
    total = sum(w for w, _ in out)
    if total != 1:
        raise ScoringError(f"the weights must add up to 1, not {total}")
    return tuple(out)


def weighted_net(weights: Weights) -> Fraction | int:
    """The weighted net score (North-South's view), exact."""
    net = sum((w * n for w, n in weights), Fraction(0))
    return net.numerator if net.denominator == 1 else net


def compare_mixed(a: Weights, b: Weights) -> Fraction:
    """North-South matchpoints line ``a`` earns against line ``b`` (2 beat, 1 tie, 0 lose),
    each a mixture of scores: the comparisons of their parts, weighted."""
    total = Fraction(0)
    for w, x in a:
        for v, y in b:
            total += w * v * (2 if x > y else 1 if x == y else 0)
    return total
