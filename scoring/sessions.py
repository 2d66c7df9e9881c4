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
  session counts alike, however many boards it had).  A pair is followed from
  session to session by its identity (its players), never by its seat: the
  caller names each session's seats' entrants, so a pair re-seeded into
  another section, direction or number carries its score with it.  A pair that
  missed a session has no score for it (total: nothing added; average: over
  the sessions it played).
* **Fields overall**: a pair's direction where it is the same in every session
  (a Mitchell), else one field; or one field when the director asks
  (``one_field``).  Figures of different fields are ranked together as they
  stand: a percentage is a share of the tops the pair could earn in its own
  field (60% North-South is as good as 60% East-West), and a Law H score is
  measured from its own field's average, each field summing to nothing
  (+40 North-South is as good as +40 East-West).  See docs/laws/beyond.md.
* **Seeding** a later session from the standings so far (:func:`snake_seats`):
  pairs in order of merit dealt to the sections in turn and back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .adjusted import AdjustedValues
from .errors import ScoringError
from .fractions_fmt import exact, round_half_away, two_decimals
from .pairs import BoardResult, PairStanding, pair_label_key, pair_standings, rank_labels

__all__ = [
    "CARRY",
    "OverallRow",
    "across_sections",
    "carry_over",
    "session_standings",
    "snake_seats",
]

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
    seats: tuple[str | None, ...] = ()  # its seat in each session ("A3"), None where missed

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
            "seats": list(self.seats),
        }


def carry_over(
    sessions: Sequence[Sequence[PairStanding]],
    method: str,
    carry: str,
    entrants: Sequence[Mapping[str, str]] | None = None,
    one_field: bool = False,
) -> list[OverallRow]:
    """The overall standing of several sessions, best first within each field.

    ``carry``: "total" adds the sessions' scores; "average" averages the session
    percentages (matchpoints only).  ``entrants``: for each session, each seat's
    entrant (who sat there); a pair's sessions are joined by its entrant, never by
    its seat (without it, by the seat: a pair keeps its seat).  A row is named by the
    pair's seat in the last session it played and lists its seat in each.  Fields:
    a pair's direction where it is the same in every session, else one field; one
    field in any case when ``one_field``.
    """
    if carry not in CARRY:
        raise ScoringError(f'the carry-over is "total" or "average", not {carry!r}')
    if carry == "average" and method != "matchpoints":
        raise ScoringError("percentages are averaged only in a matchpoint event")
    if entrants is not None and len(entrants) != len(sessions):
        raise ScoringError("one list of entrants a session")
    by_pair: dict[str, list[PairStanding | None]] = {}
    for i, standing in enumerate(sessions):
        who = entrants[i] if entrants is not None else {}
        for s in standing:
            key = who.get(s.pair, s.pair)
            got = by_pair.setdefault(key, [None] * len(sessions))
            if got[i] is not None:
                raise ScoringError(
                    f"pairs {got[i].pair} and {s.pair} of session {i + 1} are the same "  # type: ignore[union-attr]
                    "players: a pair plays once a session"
                )
            got[i] = s
    directions = {p: {s.direction for s in rows if s is not None} for p, rows in by_pair.items()}
    one_field = one_field or any(len(d) > 1 or None in d for d in directions.values())
    rows: list[tuple[str, str | None, tuple, Fraction | int, tuple]] = []
    for got in by_pair.values():
        seats = tuple(None if s is None else s.pair for s in got)
        pair = next(x for x in reversed(seats) if x is not None)
        if carry == "total":
            scores = tuple(None if s is None else s.score for s in got)
            total: Fraction | int = sum((x for x in scores if x is not None), 0)
        else:
            scores = tuple(None if s is None else s.percent for s in got)
            played = [x for x in scores if x is not None]
            total = Fraction(sum(played), len(played)) if played else Fraction(0)
        direction = None if one_field else next(iter({s.direction for s in got if s}))
        rows.append((pair, direction, scores, total, seats))
    out: list[OverallRow] = []
    for field in sorted({r[1] for r in rows}, key=lambda f: {"NS": 0, "EW": 1, None: 2}[f]):
        members = sorted((r for r in rows if r[1] == field), key=lambda r: pair_label_key(r[0]))
        ranks = rank_labels([r[3] for r in members])
        ranked = [
            OverallRow(p, d, s, t if carry == "average" else _whole(t), rank, seats)
            for (p, d, s, t, seats), rank in zip(members, ranks, strict=True)
        ]
        out += sorted(ranked, key=lambda r: (-r.total, pair_label_key(r.pair)))
    return out


def snake_seats(ranked: Sequence[str], sections: Sequence[Sequence[str]]) -> dict[str, str]:
    """Seed a field: pairs in order of merit dealt to the sections in turn and back.

    ``ranked``: the pairs, best first; ``sections``: each section's free seats of
    this field, in the order they are taken.  The first pair goes to the first
    section, the second to the second, ... the last section takes the next pair
    too and the deal turns back (A, B, B, A, A, B, ... for two sections), so each
    section gets a like share of the strong and the weak; in each section a pair
    takes the first seat still free.  A section whose seats are full is passed
    over.  Refused when there are more pairs than seats.
    """
    free = [list(seats) for seats in sections]
    if len(ranked) > sum(map(len, free)):
        raise ScoringError(
            f"{len(ranked)} pairs for {sum(map(len, free))} seats: add a section or tables"
        )
    if len(set(ranked)) != len(ranked):
        raise ScoringError("a pair is listed twice")
    order: list[int] = []
    n = len(free)
    while len(order) < len(ranked) * n + n:  # enough turns, full sections skipped below
        forward = list(range(n))
        order += forward + forward[::-1]
    out: dict[str, str] = {}
    turns = iter(order)
    for pair in ranked:
        for i in turns:
            if free[i]:
                out[pair] = free[i].pop(0)
                break
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
