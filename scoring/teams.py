"""Team matches: Duplicate Law G.

Two teams of equal size (at least two pairs each) play every deal once at
every table, half of each team (as near as possible) North-South.  A team's
score is the sum of its pairs' net scores.  With an odd number of pairs a
side, each team adds, as though won by it, the average score of all pairs
seated in the direction opposite to its odd pair (the extra pair in its
majority direction).  Averages are rounded to the nearest whole point; the
exact fraction decides only when the rounded totals tie, and the match is
then won "by the fraction of a point".  Equal exact totals are a tie.

Law B artificial scores (a result marked ``adjusted``) are computed from
the other tables' scores on the board, and refused in a two-table match,
where Law B(3) orders a new deal instead (:mod:`scoring.irregular`).

Worked example (docs/laws/duplicate.md, Law G), three pairs a team, team A North-South at
tables 1 and 2, NS net totals s1, s2, s3:
A = s1 + s2 - s3 + avgEW, B = -s1 - s2 + s3 + avgNS, avgNS = (s1+s2+s3)/3 = -avgEW.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import ScoringError
from .fractions_fmt import exact, round_half_away
from .irregular import ADJUSTMENTS, artificial_net, check_artificial_score

__all__ = ["MatchResult", "TableSeating", "TeamBoardResult", "TeamScore", "score_team_match"]


@dataclass(frozen=True, slots=True)
class TableSeating:
    """Which team sits North-South and which East-West at a table."""

    table: int
    ns: str
    ew: str


@dataclass(frozen=True, slots=True)
class TeamBoardResult:
    """The net score (North-South's view) of one board at one table, or a Law B adjustment."""

    board: int
    table: int
    net_ns: int | None
    adjusted: str | None = None


@dataclass(frozen=True, slots=True)
class TeamScore:
    team: str
    raw: int | Fraction  # the sum of its pairs' net scores (artificial scores may be fractions)
    average_added: Fraction  # Law G's odd-pair average, 0 with an even number of pairs
    average_direction: str | None  # the direction whose average was added
    score: Fraction  # exact: raw + average
    rounded: int  # raw + average rounded to the whole point

    def to_json(self) -> dict:
        return {
            "score": exact(self.score),
            "rounded": self.rounded,
            "raw": exact(self.raw),
            "average_added": exact(self.average_added),
            "average_direction": self.average_direction,
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    teams: dict[str, TeamScore]
    table_totals: dict[int, Fraction]  # NS net total per table
    winner: str | None
    margin: Fraction  # exact difference, winner's view (0 for a tie)
    margin_rounded: int
    by_fraction: bool

    def to_json(self) -> dict:
        return {
            "teams": {t: s.to_json() for t, s in self.teams.items()},
            "tables": {str(t): exact(v) for t, v in sorted(self.table_totals.items())},
            "winner": self.winner,
            "margin": exact(self.margin),
            "margin_rounded": self.margin_rounded,
            "by_fraction": self.by_fraction,
        }


def _validate_seating(tables: Sequence[TableSeating]) -> tuple[str, str]:
    if not tables:
        raise ScoringError("a team match needs its tables: which team sits North-South at each")
    numbers = [t.table for t in tables]
    if len(set(numbers)) != len(numbers):
        dup = next(n for n in numbers if numbers.count(n) > 1)
        raise ScoringError(f"table {dup} is listed twice")
    teams: list[str] = []
    for t in tables:
        if not t.ns or not t.ew:
            raise ScoringError(f"table {t.table}: name the team sitting North-South and East-West")
        if t.ns == t.ew:
            raise ScoringError(
                f"table {t.table} seats two pairs of team {t.ns}: each table has one pair of "
                "each team (Law G)"
            )
        for name in (t.ns, t.ew):
            if name not in teams:
                teams.append(name)
    if len(teams) != 2:
        raise ScoringError(
            f"a team match is between exactly two teams; these tables name {', '.join(teams)}"
        )
    a, b = sorted(teams)
    k = len(tables)
    if k < 2:
        raise ScoringError("each team needs at least two pairs (Law G)")
    a_ns = sum(1 for t in tables if t.ns == a)
    if a_ns not in (k // 2, (k + 1) // 2):
        raise ScoringError(
            f"team {a} sits North-South at {a_ns} of {k} tables; Law G puts half of each team "
            f"North-South ({k // 2}" + (f" or {(k + 1) // 2}" if k % 2 else "") + ")"
        )
    return a, b


def score_team_match(
    tables: Sequence[TableSeating], results: Sequence[TeamBoardResult]
) -> MatchResult:
    """Score a Law G team match from the seating and every board's net score."""
    a, b = _validate_seating(tables)
    seat = {t.table: t for t in tables}
    by_board: dict[int, dict[int, TeamBoardResult]] = defaultdict(dict)
    for i, r in enumerate(results, 1):
        where = f"result {i} (board {r.board}, table {r.table})"
        if r.table not in seat:
            raise ScoringError(f"{where}: there is no table {r.table} in this match")
        if isinstance(r.board, bool) or not isinstance(r.board, int) or r.board < 1:
            raise ScoringError(f"{where}: the board number must be a whole number from 1")
        if r.adjusted is not None:
            if r.adjusted not in ADJUSTMENTS:
                raise ScoringError(f"{where}: adjusted must be one of {', '.join(ADJUSTMENTS)}")
            if r.net_ns is not None:
                raise ScoringError(f"{where}: give either a score or an adjustment, not both")
        elif isinstance(r.net_ns, bool) or not isinstance(r.net_ns, int):
            raise ScoringError(f"{where}: net_ns must be a whole number of points")
        if r.table in by_board[r.board]:
            raise ScoringError(f"{where}: board {r.board} already has a result at table {r.table}")
        by_board[r.board][r.table] = r
    if not by_board:
        raise ScoringError("a team match needs at least one board's results")
    table_totals: dict[int, Fraction] = {t: Fraction(0) for t in seat}
    for board, at in sorted(by_board.items()):
        missing = sorted(set(seat) - set(at))
        if missing:
            raise ScoringError(
                f"board {board} was not played at table{'s' if len(missing) > 1 else ''} "
                f"{', '.join(map(str, missing))}: "
                "every deal is played once at every table (Law G); enter the result or an "
                "adjustment"
            )
        real = [r.net_ns for r in at.values() if r.adjusted is None]
        if len(real) != len(at):
            check_artificial_score(len(at), board)  # Law B(3): never in a two-table match
        if not real:
            raise ScoringError(
                f"board {board} has only adjusted results: an artificial score needs at least "
                "one table's real score on the board (Duplicate Law B(3))"
            )
        for t, r in at.items():
            net = r.net_ns if r.adjusted is None else artificial_net(real, r.adjusted)  # type: ignore[arg-type]
            table_totals[t] += net  # type: ignore[operator]  # int unless adjusted (validated)
    k = len(tables)
    raw = {a: Fraction(0), b: Fraction(0)}
    for t, total in table_totals.items():
        raw[seat[t].ns] += total
        raw[seat[t].ew] -= total
    avg_ns = sum(table_totals.values(), Fraction(0)) / k
    scores: dict[str, TeamScore] = {}
    for team in (a, b):
        ns_count = sum(1 for t in tables if t.ns == team)
        average = Fraction(0)
        direction = None
        if k % 2 == 1:
            # The odd pair sits in the team's majority direction; add the other's average.
            if ns_count * 2 > k:
                average, direction = -avg_ns, "EW"
            else:
                average, direction = avg_ns, "NS"
        raw_score = raw[team]
        scores[team] = TeamScore(
            team,
            int(raw_score) if raw_score.denominator == 1 else raw_score,
            average,
            direction,
            raw_score + average,
            round_half_away(raw_score) + round_half_away(average)
            if raw_score.denominator == 1
            else round_half_away(raw_score + average),
        )
    sa, sb = scores[a], scores[b]
    if sa.rounded != sb.rounded:
        winner = a if sa.rounded > sb.rounded else b
        by_fraction = False
    elif sa.score != sb.score:
        winner = a if sa.score > sb.score else b
        by_fraction = True
    else:
        winner, by_fraction = None, False
    loser = b if winner == a else a
    margin = scores[winner].score - scores[loser].score if winner else Fraction(0)
    margin_rounded = scores[winner].rounded - scores[loser].rounded if winner else 0
    return MatchResult(scores, table_totals, winner, margin, margin_rounded, by_fraction)
