"""Pair contests: Law H total points against the average, and matchpoints.

A pair's score means something only against the pairs who held the same
cards.  Per board and direction:

* **Total points (Duplicate Law H)**: the pair's net score minus the average
  net score of every pair that held the same seats on that board; a pair's
  result is the sum over its boards.  Exact fractions throughout.
* **Matchpoints** (the duplicate whist method): 2 for each pair beaten and 1
  for each tie, a top of 2(n - 1); boards played fewer times than the others
  are factored up with Neuberg's formula ``MP' = (MP + 1) E / A - 1``.

Artificial scores from Law B (a result marked ``adjusted``) come from the
other results on the board: see :mod:`scoring.irregular`.

Fields: when every pair keeps one direction (a Mitchell) the North-South and
East-West pairs are ranked separately; when any pair plays both directions
(a Howell, an arrow switch) all pairs form one field.  The comparison on
each board is per direction either way.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import ScoringError
from .fractions_fmt import exact, round_half_away, two_decimals
from .irregular import ADJUSTMENTS, artificial_matchpoints, artificial_net

__all__ = [
    "BoardLine",
    "BoardResult",
    "PairStanding",
    "compare_boards",
    "pair_standings",
    "rank_labels",
]

METHODS = ("total", "matchpoints")


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One traveller line: a board played by an NS and an EW pair.

    ``net_ns`` is the deal's net score from North-South's view; it is None
    when ``adjusted`` names a Law B artificial score ("average",
    "ns-lowest", "ew-lowest") to be computed from the other tables.
    """

    board: int
    ns: str
    ew: str
    net_ns: int | None
    adjusted: str | None = None


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A traveller line with its comparison: what each pair earned on the board."""

    result: BoardResult
    net_ns: Fraction  # the score compared (artificial for an adjusted line)
    ns_score: Fraction  # Law H difference, or matchpoints
    ew_score: Fraction
    top: int | None  # the matchpoint top, or None for total points


@dataclass(frozen=True, slots=True)
class PairStanding:
    pair: str
    direction: str | None  # "NS" / "EW" for a two-field contest, None for one field
    score: Fraction
    boards: int
    rank: str
    display: str
    percent: Fraction | None = None

    def to_json(self) -> dict:
        out = {
            "pair": self.pair,
            "direction": self.direction,
            "score": exact(self.score),
            "display": self.display,
            "rank": self.rank,
            "boards": self.boards,
        }
        if self.percent is not None:
            out["percent"] = two_decimals(self.percent)
        return out


def validate_results(results: Sequence[BoardResult]) -> None:
    """Reject what cannot be compared, naming the result at fault."""
    seen: dict[tuple[int, str], int] = {}
    for i, r in enumerate(results, 1):
        where = f"result {i} (board {r.board}, {r.ns} v {r.ew})"
        if isinstance(r.board, bool) or not isinstance(r.board, int) or r.board < 1:
            raise ScoringError(f"{where}: the board number must be a whole number from 1")
        if not r.ns or not r.ew or not isinstance(r.ns, str) or not isinstance(r.ew, str):
            raise ScoringError(f"{where}: both the North-South and East-West pair are needed")
        if r.ns == r.ew:
            raise ScoringError(f"{where}: a pair cannot play against itself")
        if r.adjusted is not None:
            if r.adjusted not in ADJUSTMENTS:
                raise ScoringError(
                    f"{where}: adjusted must be one of {', '.join(ADJUSTMENTS)}, not {r.adjusted!r}"
                )
            if r.net_ns is not None:
                raise ScoringError(f"{where}: give either a score or an adjustment, not both")
        elif isinstance(r.net_ns, bool) or not isinstance(r.net_ns, int):
            raise ScoringError(f"{where}: net_ns must be a whole number of points")
        for pair in (r.ns, r.ew):
            key = (r.board, pair)
            if key in seen:
                raise ScoringError(
                    f"{where}: pair {pair} already has a result on board {r.board} "
                    f"(result {seen[key]})"
                )
            seen[key] = i


def _by_board(results: Iterable[BoardResult]) -> dict[int, list[BoardResult]]:
    boards: dict[int, list[BoardResult]] = defaultdict(list)
    for r in results:
        boards[r.board].append(r)
    return boards


def _real_scores(board: int, lines: list[BoardResult]) -> list[int]:
    real = [r.net_ns for r in lines if r.adjusted is None]
    if not real and lines:
        raise ScoringError(
            f"board {board} has only adjusted results: an artificial score needs at "
            "least one table's real score on the board (Law B)"
        )
    return real  # type: ignore[return-value]


def compare_boards(results: Sequence[BoardResult], method: str = "total") -> list[BoardLine]:
    """Every traveller line with what its NS and EW pairs earned, in input order."""
    if method not in METHODS:
        raise ScoringError(f'the method is "total" or "matchpoints", not {method!r}')
    validate_results(results)
    boards = _by_board(results)
    expected = max((len(v) for v in boards.values()), default=0)
    out: dict[int, BoardLine] = {}
    index = {id(r): i for i, r in enumerate(results)}
    for board, lines in boards.items():
        real = _real_scores(board, lines)
        if method == "total":
            nets = _nets(real, lines)
            n = len(lines)
            total = sum(nets)
            for r, net in zip(lines, nets, strict=True):
                diff = net - Fraction(total) / n
                out[index[id(r)]] = BoardLine(r, Fraction(net), diff, -diff, None)
        else:
            for r, (net, ns_mp) in zip(
                lines, _board_matchpoints(real, lines, expected), strict=True
            ):
                top = 2 * (expected - 1)
                out[index[id(r)]] = BoardLine(r, Fraction(net), ns_mp, top - ns_mp, top)
    return [out[i] for i in range(len(results))]


def _nets(real: list[int], lines: list[BoardResult]) -> list[Fraction | int]:
    """The net score of each line, artificial scores computed from the real ones."""
    return [r.net_ns if r.adjusted is None else artificial_net(real, r.adjusted) for r in lines]


def _matchpoints(scores: list[int]) -> list[int]:
    """Matchpoints of each score against the others: 2 a pair beaten, 1 a tie."""
    ordered = sorted(scores)
    return [
        2 * bisect_left(ordered, s) + (bisect_right(ordered, s) - bisect_left(ordered, s) - 1)
        for s in scores
    ]


def neuberg(mp: Fraction | int, expected: int, actual: int) -> Fraction:
    """Neuberg's formula: factor ``mp`` on ``actual`` results up to ``expected``."""
    if actual == expected:
        return Fraction(mp)
    return Fraction((mp + 1) * expected, actual) - 1


def _board_matchpoints(
    real: list[int], lines: list[BoardResult], expected: int
) -> list[tuple[Fraction | int, Fraction]]:
    """(net compared, NS matchpoints) for each line of one board."""
    real_mps = _matchpoints(real)
    actual = len(real)
    factored = iter([neuberg(m, expected, actual) for m in real_mps])
    top = 2 * (expected - 1)
    real_iter = iter(real)
    ns_lowest = min((neuberg(m, expected, actual) for m in real_mps), default=Fraction(0))
    ns_highest = max((neuberg(m, expected, actual) for m in real_mps), default=Fraction(0))
    out: list[tuple[Fraction | int, Fraction]] = []
    for r in lines:
        if r.adjusted is None:
            out.append((next(real_iter), next(factored)))
        else:
            out.append(
                (
                    artificial_net(real, r.adjusted),
                    artificial_matchpoints(r.adjusted, top, ns_lowest, ns_highest),
                )
            )
    return out


def rank_labels(values: Sequence[Fraction | int]) -> list[str]:
    """Ranks, highest first, with equal values sharing a rank shown as ``2=``."""
    order = sorted(range(len(values)), key=lambda i: -values[i])
    labels = [""] * len(values)
    pos = 0
    while pos < len(order):
        end = pos
        while end + 1 < len(order) and values[order[end + 1]] == values[order[pos]]:
            end += 1
        label = f"{pos + 1}=" if end > pos else str(pos + 1)
        for k in range(pos, end + 1):
            labels[order[k]] = label
        pos = end + 1
    return labels


def pair_standings(results: Sequence[BoardResult], method: str = "total") -> list[PairStanding]:
    """Standings of a pair contest, best first within each field.

    Total points: exact Law H scores, displayed to the whole point.
    Matchpoints: total matchpoints and a percentage of the tops of the
    boards played, displayed to two decimals.  Ranks come from the exact
    values; equal exact values share a rank.
    """
    if method not in METHODS:
        raise ScoringError(f'the method is "total" or "matchpoints", not {method!r}')
    validate_results(results)
    # Sums kept as integer numerators per denominator, so 26,000 results need
    # no Fraction arithmetic until the end.
    sums: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    played: dict[str, int] = defaultdict(int)
    tops: dict[str, int] = defaultdict(int)
    directions: dict[str, set[str]] = defaultdict(set)
    boards = _by_board(results)
    expected = max((len(v) for v in boards.values()), default=0)
    for board, lines in boards.items():
        real = _real_scores(board, lines)
        if method == "total":
            nets = _nets(real, lines)
            n = len(lines)
            total = sum(nets)
            for r, net in zip(lines, nets, strict=True):
                num = net * n - total
                if type(num) is int:
                    sums[r.ns][n] += num
                    sums[r.ew][n] -= num
                else:
                    _add_fraction(sums[r.ns], num / n)
                    _add_fraction(sums[r.ew], -num / n)
        else:
            top = 2 * (expected - 1)
            for r, (_, ns_mp) in zip(lines, _board_matchpoints(real, lines, expected), strict=True):
                _add_fraction(sums[r.ns], ns_mp)
                _add_fraction(sums[r.ew], top - ns_mp)
                tops[r.ns] += top
                tops[r.ew] += top
        for r in lines:
            played[r.ns] += 1
            played[r.ew] += 1
            directions[r.ns].add("NS")
            directions[r.ew].add("EW")
    one_field = any(len(d) > 1 for d in directions.values())
    scores = {
        p: sum((Fraction(num, den) for den, num in s.items()), Fraction(0)) for p, s in sums.items()
    }
    fields: dict[str | None, list[str]] = defaultdict(list)
    for p in scores:
        fields[None if one_field else next(iter(directions[p]))].append(p)
    standings: list[PairStanding] = []
    for field in sorted(fields, key=lambda f: {"NS": 0, "EW": 1, None: 2}[f]):
        members = sorted(fields[field], key=_pair_key)
        if method == "total":
            values = [scores[p] for p in members]
        else:
            values = [scores[p] / tops[p] if tops[p] else Fraction(0) for p in members]
        ranks = rank_labels(values)
        rows = []
        for p, rank in zip(members, ranks, strict=True):
            v = scores[p]
            if method == "total":
                rows.append(PairStanding(p, field, v, played[p], rank, str(round_half_away(v))))
            else:
                pct = v * 100 / tops[p] if tops[p] else Fraction(0)
                rows.append(
                    PairStanding(p, field, v, played[p], rank, two_decimals(v), percent=pct)
                )
        key = (lambda s: -s.percent) if method == "matchpoints" else (lambda s: -s.score)
        standings += sorted(rows, key=lambda s: (key(s), _pair_key(s.pair)))
    return standings


def _add_fraction(acc: dict[int, int], x: Fraction | int) -> None:
    x = Fraction(x)
    acc[x.denominator] += x.numerator


def _pair_key(pair: str) -> tuple:
    return (0, int(pair), pair) if pair.isdigit() else (1, 0, pair)
