"""A club's season: its members ranked over many evenings, under one stated rule.

The laws of 1913-1915 score one contest at a time; a season across evenings is the
club's own championship, and this is the project's reading of the two kinds a club
runs (docs/laws/duplicate.md, "A season"):

* **Matchpoint seasons**: each evening gives a member the percentage of the pair he
  played in (matchpoints as a percentage of the tops, as that evening's standings
  show it).  A member's season score is the **average of his best N percentages**;
  a member who has played fewer than **M** evenings is listed but not ranked yet.
  N blank: every evening counts.  Worked example, N = 3, M = 2: a member with 55%,
  61%, 48% and 70% scores (70 + 61 + 55) / 3 = 62%; a member with one evening of 75%
  is listed below the ranked members, unranked, whatever his percentage.
* **Total-points seasons**: each evening gives a member his pair's Law H contest
  score, points plus or minus against the average; the season score is the **sum**
  over every evening played (an evening missed adds nothing).  Worked example: +120,
  -45 and +30 1/2 make +105 1/2.

Ranks are shared on equal exact values (``2=``), highest first; percentages and
points stay exact Fractions until display.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from .pairs.standings import rank_labels

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class SeasonLine(Generic[K]):
    """One member's season: how many evenings, which values counted, the score and rank.

    ``rank`` is "" for a member not yet ranked (fewer evenings than the rule asks)."""

    member: K
    played: int
    counted: tuple[Fraction, ...]
    score: Fraction
    rank: str

    @property
    def ranked(self) -> bool:
        return self.rank != ""


def _ranked(
    lines: list[tuple[K, int, tuple[Fraction, ...], Fraction, bool]],
) -> list[SeasonLine[K]]:
    qualified = [line for line in lines if line[4]]
    others = [line for line in lines if not line[4]]
    ranks = rank_labels([line[3] for line in qualified])
    out = [
        SeasonLine(member, played, counted, score, rank)
        for (member, played, counted, score, _), rank in zip(qualified, ranks, strict=True)
    ]
    out.sort(key=lambda s: (-s.score, int(s.rank.rstrip("="))))
    rest = [
        SeasonLine(member, played, counted, score, "")
        for member, played, counted, score, _ in others
    ]
    rest.sort(key=lambda s: (-s.played, -s.score))
    return out + rest


def matchpoint_season(
    percentages: Mapping[K, Sequence[Fraction]], *, best: int | None, at_least: int
) -> list[SeasonLine[K]]:
    """The average of each member's best ``best`` percentages (all of them when None),
    ranked among the members with at least ``at_least`` evenings; the others follow,
    unranked, most evenings first."""
    if best is not None and best < 1:
        raise ValueError("a season counts at least one evening a member")
    lines = []
    for member, values in percentages.items():
        if not values:
            continue
        counted = tuple(sorted(values, reverse=True)[: best or len(values)])
        score = Fraction(sum(counted, Fraction(0))) / len(counted)
        lines.append((member, len(values), counted, score, len(values) >= max(at_least, 1)))
    return _ranked(lines)


def total_season(scores: Mapping[K, Sequence[Fraction | int]]) -> list[SeasonLine[K]]:
    """The sum of each member's Law H contest scores over the evenings he played."""
    lines = []
    for member, values in scores.items():
        if not values:
            continue
        counted = tuple(Fraction(v) for v in values)
        lines.append((member, len(values), counted, sum(counted, Fraction(0)), True))
    return _ranked(lines)
