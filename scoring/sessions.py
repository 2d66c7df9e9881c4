"""Sections and sessions: one comparison across sections, a carry-over across sessions.

* **Sections** of a session play the same boards in separate rooms (their own
  movements and tables).  Duplicate Law H compares a pair "only with other
  pairs who have played the same hands": so a board is compared across every
  section that played it, as one field per direction.  A pair is named by its
  section and number ("A3", "B3"); nothing else changes (the comparison is
  :func:`scoring.pairs.pair_standings` on the sections' lines together).
* **Sessions** are carried over into the overall standing, as the director
  sets: ``"total"`` adds each session's score (Law H points, or matchpoints);
  ``"average"`` averages the pair's session percentages (matchpoints only; each
  session counts alike, however many boards it had).  A pair keeps its section
  and number in every session; a pair that missed a session has no score for
  it (total: nothing added; average: over the sessions it played).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .adjusted import AdjustedValues
from .errors import ScoringError
from .fractions_fmt import exact, round_half_away, two_decimals
from .pairs import BoardResult, PairStanding, pair_label_key, pair_standings, rank_labels

__all__ = ["CARRY", "OverallRow", "across_sections", "carry_over", "session_standings"]

CARRY = ("total", "average")


def across_sections(sections: Mapping[str, Sequence[BoardResult]]) -> list[BoardResult]:
    """The sections' lines as one field: each pair named by its section ("A" + "3")."""
    out = []
    for letter, lines in sections.items():
        if not letter or not letter.isalpha():
            raise ScoringError(f"a section is named by a letter, not {letter!r}")
        for r in lines:
            out.append(
                BoardResult(
                    r.board,
                    letter + r.ns,
                    letter + r.ew,
                    r.net_ns,
                    r.adjusted,
                    r.weights,
                    r.version,
                )
            )
    return out


def session_standings(
    sections: Mapping[str, Sequence[BoardResult]],
    method: str = "total",
    adjusted_values: AdjustedValues | None = None,
) -> list[PairStanding]:
    """One session's standings, every section's pairs compared across sections."""
    lines = across_sections(sections)
    if not lines:
        return []
    return pair_standings(lines, method, adjusted_values or AdjustedValues())


@dataclass(frozen=True, slots=True)
class OverallRow:
    pair: str
    direction: str | None
    sessions: tuple[Fraction | int | None, ...]  # each session's score (percent for "average")
    total: Fraction | int
    rank: str

    @property
    def display(self) -> str:
        return two_decimals(self.total) if type(self.total) is not int else str(self.total)

    def to_json(self) -> dict:
        return {
            "pair": self.pair,
            "direction": self.direction,
            "sessions": [None if s is None else exact(s) for s in self.sessions],
            "total": exact(self.total),
            "rank": self.rank,
        }


def carry_over(
    sessions: Sequence[Sequence[PairStanding]], method: str, carry: str
) -> list[OverallRow]:
    """The overall standing of several sessions, best first within each field.

    ``carry``: "total" adds the sessions' scores; "average" averages the session
    percentages (matchpoints only).  Fields: a pair's direction where it is the
    same in every session, else one field.
    """
    if carry not in CARRY:
        raise ScoringError(f'the carry-over is "total" or "average", not {carry!r}')
    if carry == "average" and method != "matchpoints":
        raise ScoringError("percentages are averaged only in a matchpoint event")
    by_pair: dict[str, list[PairStanding | None]] = {}
    for i, standing in enumerate(sessions):
        for s in standing:
            by_pair.setdefault(s.pair, [None] * len(sessions))[i] = s
    directions = {p: {s.direction for s in rows if s is not None} for p, rows in by_pair.items()}
    one_field = any(len(d) > 1 or None in d for d in directions.values())
    rows: list[tuple[str, str | None, tuple, Fraction | int]] = []
    for pair, got in by_pair.items():
        if carry == "total":
            scores = tuple(None if s is None else s.score for s in got)
            total: Fraction | int = sum((x for x in scores if x is not None), 0)
        else:
            scores = tuple(None if s is None else s.percent for s in got)
            played = [x for x in scores if x is not None]
            total = Fraction(sum(played), len(played)) if played else Fraction(0)
        direction = None if one_field else next(iter(directions[pair]))
        rows.append((pair, direction, scores, total))
    out: list[OverallRow] = []
    for field in sorted({r[1] for r in rows}, key=lambda f: {"NS": 0, "EW": 1, None: 2}[f]):
        members = sorted((r for r in rows if r[1] == field), key=lambda r: pair_label_key(r[0]))
        ranks = rank_labels([r[3] for r in members])
        ranked = [
            OverallRow(p, d, s, t if carry == "average" else _whole(t), rank)
            for (p, d, s, t), rank in zip(members, ranks, strict=True)
        ]
        out += sorted(ranked, key=lambda r: (-r.total, pair_label_key(r.pair)))
    return out


def _whole(x: Fraction | int) -> Fraction | int:
    f = Fraction(x)
    return f.numerator if f.denominator == 1 else f


def display_session(value: Fraction | int | None, method: str) -> str:
    """One session's score in the overall table, shown as its total is: points whole,
    matchpoints and percentages always to two decimals (a column of "75" and "63.33"
    reads as two kinds of number), a session missed as a dash."""
    if value is None:
        return "—"
    if method == "matchpoints":
        return two_decimals(value)
    return str(round_half_away(value))


def display_total(row: OverallRow, method: str, carry: str) -> str:
    """The overall score as the standings show it: points whole, matchpoints to two
    decimals, an averaged percentage with a % sign."""
    if carry == "average":
        return f"{two_decimals(row.total)}%"
    if method == "matchpoints":
        return two_decimals(row.total)
    return str(round_half_away(row.total))
