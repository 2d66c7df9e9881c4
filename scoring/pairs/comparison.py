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
other results on the board: see :mod:`scoring.irregular`.  The director's
adjusted scores (not played, average-plus/average/average-minus to each side,
weighted scores, fouled boards' versions) are read in :mod:`scoring.adjusted`;
a board with none of them takes the fast path below, unchanged.

Fields: when every pair keeps one direction (a Mitchell) the North-South and
East-West pairs are ranked separately; when any pair plays both directions
(a Howell, an arrow switch) all pairs form one field.  The comparison on
each board is per direction either way.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm
from operator import attrgetter
from typing import NamedTuple

from .adjusted import (
    NOT_PLAYED,
    WEIGHTED,
    AdjustedValues,
    Weights,
    compare_mixed,
    is_director_adjustment,
    parse_awards,
    parse_weights,
    weighted_net,
)
from .errors import ScoringError
from .fractions_fmt import exact, round_half_away, two_decimals
from .irregular import (
    ADJUSTMENTS,
    artificial_matchpoints,
    artificial_net,
    artificial_net_of,
    check_artificial_score,
)

__all__ = [
    "BoardLine",
    "BoardRanking",
    "BoardResult",
    "BoardSummary",
    "PairStanding",
    "board_matchpoints",
    "compare_boards",
    "compare_line",
    "law_h_averages",
    "pair_label_key",
    "pair_standings",
    "rank_board",
    "rank_labels",
]

METHODS = ("total", "matchpoints")
_NS, _EW, _NET, _ADJ, _VER = (attrgetter(a) for a in ("ns", "ew", "net_ns", "adjusted", "version"))
DEFAULT_VALUES = AdjustedValues()


class BoardResult(NamedTuple):
    """One traveller line: a board played by an NS and an EW pair.

    A named tuple: made by the tens of thousands from the database on every
    standings view, where a frozen dataclass's ``__init__`` cost as much as reading
    the rows (issue 18).

    ``net_ns`` is the deal's net score from North-South's view; it is None
    when ``adjusted`` names a Law B artificial score ("average",
    "ns-lowest", "ew-lowest") to be computed from the other tables, or one of
    the director's adjusted scores (:mod:`scoring.adjusted`): "not-played",
    an assigned "plus/minus" (each side's award), or "weighted" with its
    ``weights`` ((weight, net), ...).  ``version`` tells a fouled board's
    versions apart: lines are compared only with lines of the same version.
    """

    board: int
    ns: str
    ew: str
    net_ns: int | None
    adjusted: str | None = None
    weights: Weights | None = None
    version: int = 1


class BoardLine(NamedTuple):
    """A traveller line with its comparison: what each pair earned on the board.

    Numbers are exact: ``int`` where whole, ``Fraction`` otherwise.
    """

    result: BoardResult
    # The score compared (artificial for a Law B line, the weighted net for a
    # weighted one); None for a line not played or given an assigned score.
    net_ns: Fraction | int | None
    ns_score: Fraction | int | None  # Law H difference, or matchpoints; None: not played
    ew_score: Fraction | int | None
    top: int | None  # the matchpoint top, or None for total points


@dataclass(frozen=True, slots=True)
class PairStanding:
    pair: str
    direction: str | None  # "NS" / "EW" for a two-field contest, None for one field
    score: Fraction | int  # exact: an int where whole
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
        if isinstance(r.version, bool) or not isinstance(r.version, int) or r.version < 1:
            raise ScoringError(f"{where}: the version must be a whole number from 1")
        if r.adjusted is not None:
            if r.adjusted not in ADJUSTMENTS and not is_director_adjustment(r.adjusted):
                raise ScoringError(
                    f"{where}: adjusted must be one of {', '.join(ADJUSTMENTS)}, "
                    f'"{NOT_PLAYED}", "{WEIGHTED}" or an award like "plus/minus", '
                    f"not {r.adjusted!r}"
                )
            if r.net_ns is not None:
                raise ScoringError(f"{where}: give either a score or an adjustment, not both")
            if r.adjusted == WEIGHTED:
                try:
                    parse_weights(r.weights or ())
                except ScoringError as e:
                    raise ScoringError(f"{where}: {e}") from None
            elif r.weights is not None:
                raise ScoringError(f"{where}: weights are given only with a weighted score")
        elif isinstance(r.net_ns, bool) or not isinstance(r.net_ns, int):
            raise ScoringError(f"{where}: net_ns must be a whole number of points")
        elif r.weights is not None:
            raise ScoringError(f"{where}: weights are given only with a weighted score")
        for pair in (r.ns, r.ew):
            key = (r.board, pair)
            if key in seen:
                raise ScoringError(
                    f"{where}: pair {pair} already has a result on board {r.board} "
                    f"(result {seen[key]})"
                )
            seen[key] = i


def _by_board(results: Sequence[BoardResult]) -> dict[int, list[BoardResult]]:
    """Group the results by board, validating them on the way.

    The checks here are the cheap ones that pass for good input; anything
    suspicious goes to :func:`validate_results`, which names the result.
    """
    boards: dict[int, list[BoardResult]] = defaultdict(list)
    for r in results:
        boards[r.board].append(r)
    for board, lines in boards.items():
        pairs = list(map(_NS, lines)) + list(map(_EW, lines))
        pair_set = set(pairs)
        if (
            type(board) is not int
            or board < 1
            or len(pair_set) != len(pairs)
            or "" in pair_set
            or set(map(type, pairs)) != {str}
            or any(type(v) is not int or v < 1 for v in set(map(_VER, lines)))
            or (
                set(map(type, map(_NET, lines))) != {int}
                if set(map(_ADJ, lines)) == {None}
                else not all(map(_line_ok, lines))
            )
        ):
            validate_results(results)
    return boards


def _line_ok(r: BoardResult) -> bool:
    """A line's score or adjustment is well formed (the cheap check; weights are
    checked where a weighted line is compared)."""
    if r.adjusted is None:
        return type(r.net_ns) is int and r.weights is None
    if r.net_ns is not None:
        return False
    if r.adjusted in ADJUSTMENTS or r.adjusted == NOT_PLAYED:
        return r.weights is None
    if r.adjusted == WEIGHTED:
        return r.weights is not None
    return parse_awards(r.adjusted) is not None and r.weights is None


def _real_scores(board: int, lines: list[BoardResult], tables: int | None = None) -> list[int]:
    """The real scores on a board; Law B decides whether its adjusted lines may stand."""
    real = [r.net_ns for r in lines if r.adjusted is None]
    if len(real) != len(lines):
        _check_law_b(board, len(lines), len(real), tables)
    return real  # type: ignore[return-value]


def _check_law_b(board: int, lines: int, real: int, tables: int | None = None) -> None:
    """A board with artificial scores: Law B(3) allows them only in a contest of more
    than two tables, and only beside at least one real score.

    ``tables``: how many tables the contest plays the board at; unknown (a board's
    whole traveller, as the command line reads one), the lines are the tables.  While
    an evening is played a board has fewer lines than tables: a 4-table board with
    one real score and the artificial one so far is not a "two-table contest".
    """
    contest = lines if tables is None else max(tables, lines)
    if contest >= 2:
        check_artificial_score(contest, board)  # Law B(3): never with two tables
    if not real:
        raise ScoringError(
            f"board {board} has only adjusted results: an artificial score needs at "
            "least one table's real score on the board (Duplicate Law B(3))"
        )


def _waiting(lines: list[BoardResult], tables: int | None) -> bool:
    """A board whose only lines so far are Law B's artificial scores, while tables that
    will play it have not: an artificial score is taken from the real scores on the
    deal (Law B(3)), so it has no value until the first of them is entered.  Such a
    board is compared later, not refused (refused once every table has a line)."""
    return (
        tables is not None and len(lines) < tables and all(r.adjusted in ADJUSTMENTS for r in lines)
    )


def compare_boards(
    results: Sequence[BoardResult],
    method: str = "total",
    adjusted_values: AdjustedValues = DEFAULT_VALUES,
    expected: int | None = None,
    tables: Mapping[int, int] | None = None,
) -> list[BoardLine]:
    """Every traveller line with what its NS and EW pairs earned, in input order.

    ``adjusted_values``: what the director's average-plus and average-minus are worth
    (:class:`scoring.adjusted.AdjustedValues`, the event's settings).  ``expected``:
    the most results any board of the event has, when ``results`` are only some of
    its boards (matchpoints are factored up to it); by default, the most here.
    ``tables``: how many tables the contest plays each board at, by board number,
    when the results may be only the lines entered so far (Law B(3) asks the
    contest's size, not the traveller's length; :func:`_check_law_b`); a board
    whose only lines are artificial scores waiting for a real one (:func:`_waiting`)
    gets lines with no score yet, like lines not played.
    """
    if method not in METHODS:
        raise ScoringError(f'the method is "total" or "matchpoints", not {method!r}')
    boards = _by_board(results)
    most = max((len(v) for v in boards.values()), default=0)
    expected = most if expected is None else max(expected, most)
    top = 2 * (expected - 1)
    # A plain board's lines are looked up by their score (or their Law B kind): every
    # line with the same score earns the same, so each distinct score is worked out
    # once and its numbers shared.  A board with the director's adjustments is
    # worked out line by line (``general``).
    plain: dict[int, dict[int | str, Scored]] = {}
    general: dict[int, BoardLine] = {}
    tables = tables or {}
    for board, lines in boards.items():
        if _waiting(lines, tables.get(board)):
            for r in lines:
                general[id(r)] = BoardLine(r, None, None, None, None if method == "total" else top)
            continue
        if not _plain(lines):
            for r, got in zip(
                lines, _general_board(board, lines, method, expected, adjusted_values), strict=True
            ):
                net, ns_s, ew_s = got if got else (None, None, None)
                general[id(r)] = BoardLine(r, net, ns_s, ew_s, None if method == "total" else top)
            continue
        real = _real_scores(board, lines, tables.get(board))
        table: dict[int | str, Scored] = {}
        if method == "total":
            nets = _nets(real, lines)
            n = len(lines)
            total = sum(nets)
            for r, net in zip(lines, nets, strict=True):
                key = r.net_ns if r.adjusted is None else r.adjusted
                if key not in table:
                    diff = _exact_div(net * n - total, n)
                    table[key] = (net, diff, -diff, None)  # type: ignore[index]
        else:
            for r, (net, ns_mp) in zip(
                lines, _board_matchpoints(real, lines, expected), strict=True
            ):
                key = r.net_ns if r.adjusted is None else r.adjusted
                if key not in table:
                    table[key] = (net, ns_mp, top - ns_mp, top)  # type: ignore[index]
        plain[board] = table
    new = tuple.__new__
    out: list[BoardLine] = []
    for r in results:
        table = plain.get(r.board)  # type: ignore[assignment]
        if table is None:
            out.append(general[id(r)])
        else:
            out.append(new(BoardLine, (r, *table[r.net_ns if r.adjusted is None else r.adjusted])))  # type: ignore[index]
    return out


Scored = tuple["Fraction | int", "Fraction | int", "Fraction | int", "int | None"]


def law_h_averages(lines: Iterable[BoardLine]) -> dict[int, Fraction | int]:
    """The average each version of a board's lines was compared with (Duplicate Law H),
    read back from :func:`compare_boards`' own lines: a compared line's net less its
    North-South difference.  Whatever the comparison counts (Law B's artificial
    scores, weighted scores) or leaves out (a line not played, an assigned score) is
    so counted or left out here too: a chart's average is the traveller's, by
    construction, never a second computation that could drift from it.

    Total points only (a matchpoint line has no average); a version whose lines
    disagree on it would be a bug in the comparison, and raises.
    """
    out: dict[int, Fraction | int] = {}
    for line in lines:
        if line.net_ns is None or line.ns_score is None or line.top is not None:
            continue
        average = _whole(Fraction(line.net_ns) - line.ns_score)
        held = out.setdefault(line.result.version, average)
        if held != average:
            raise ScoringError(
                f"board {line.result.board}: its lines were compared with different "
                f"averages ({exact(held)} and {exact(average)})"
            )
    return out


class BoardSummary(NamedTuple):
    """What one line's comparison needs to know of the rest of its board: a few counts
    and sums a database gives in one grouped query, so a pair's score card costs its
    own boards, not the event's (issue 18).  For a plain board only (real scores and
    Law B's artificial ones, one version: see :func:`compare_line`).
    """

    lines: int  # every line on the board, real and artificial
    real: int  # real scores
    total: int  # their sum
    lowest: int  # the lowest real score (North-South's view) ...
    lowest_count: int  # ... and how many tables made it
    highest: int
    highest_count: int
    below: int  # real scores below this line's (a real line; 0 for an artificial one)
    equal: int  # real scores equal to this line's, itself included


def compare_line(
    line: BoardResult,
    summary: BoardSummary,
    method: str,
    expected: int,
    law_b: Mapping[str, int] | None = None,
    tables: int | None = None,
) -> BoardLine:
    """One traveller line's comparison from its board's summary: exactly what
    :func:`compare_boards` gives that line (a property test holds them equal).

    ``expected``: the most results any board of the event has (matchpoints are
    factored up to it, Neuberg); ``law_b``: how many artificial lines of each kind
    the board has (Duplicate Law B(3)), for the Law H average; ``tables``: how many
    tables the contest plays the board at (:func:`compare_boards`).
    """
    law_b = law_b or {}
    s = summary
    top = 2 * (expected - 1)
    if s.real == 0 and tables is not None and s.lines < tables:  # _waiting: no score yet
        return BoardLine(line, None, None, None, None if method == "total" else top)
    if law_b or line.adjusted is not None:
        _check_law_b(line.board, s.lines, s.real, tables)
    if line.adjusted is not None:
        net = artificial_net_of(line.adjusted, s.total, s.real, s.lowest, s.highest)
    else:
        net = line.net_ns  # type: ignore[assignment]
    if method == "total":
        everything = s.total + sum(
            n * artificial_net_of(kind, s.total, s.real, s.lowest, s.highest)
            for kind, n in law_b.items()
        )
        diff = _exact_div(net * s.lines - everything, s.lines)
        return BoardLine(line, net, diff, -diff, None)
    if line.adjusted is None:
        mp = neuberg(_mp_of(s.below, s.equal), expected, s.real)
    else:
        lowest = neuberg(_mp_of(0, s.lowest_count), expected, s.real)
        highest = neuberg(_mp_of(s.real - s.highest_count, s.highest_count), expected, s.real)
        mp = _whole(artificial_matchpoints(line.adjusted, top, lowest, highest))
    return BoardLine(line, net, mp, _whole(top - mp), top)


def is_plain(lines: Sequence[BoardResult]) -> bool:
    """A board :func:`compare_line` can compare from a summary: real scores and Law B
    artificial ones only, one version."""
    return _plain(list(lines))


_PLAIN_ADJUSTED = frozenset((None, *ADJUSTMENTS))

Scores = tuple["Fraction | int | None", "Fraction | int", "Fraction | int"]


def _plain(lines: list[BoardResult]) -> bool:
    """A board with real scores and Law B's only, one version: the fast path."""
    return set(map(_ADJ, lines)) <= _PLAIN_ADJUSTED and len(set(map(_VER, lines))) == 1


def _general_board(
    board: int, lines: list[BoardResult], method: str, expected: int, values: AdjustedValues
) -> list[Scores | None]:
    """(net compared, NS score, EW score) for each line of a board with the director's
    adjusted scores or a fouled board's versions (:mod:`scoring.adjusted`); None for
    a line not played.  Each version is compared within itself; matchpoints are
    factored by Neuberg to the top of ``expected`` results."""
    top = 2 * (expected - 1)
    out: list[Scores | None] = [None] * len(lines)
    versions: dict[int, list[int]] = defaultdict(list)
    for i, r in enumerate(lines):
        versions[r.version].append(i)
    law_b = [r for r in lines if r.adjusted in ADJUSTMENTS]
    if law_b and len(lines) >= 2:
        check_artificial_score(len(lines), board)  # Law B(3): never with two tables
    for idx in versions.values():
        real_i = [i for i in idx if lines[i].adjusted is None]
        mixed_i = [i for i in idx if lines[i].adjusted == WEIGHTED]
        law_b_i = [i for i in idx if lines[i].adjusted in ADJUSTMENTS]
        real: list[int] = [lines[i].net_ns for i in real_i]  # type: ignore[misc]
        if law_b_i and not real:
            raise ScoringError(
                f"board {board} has no real score for its Law B artificial score: it needs "
                "at least one table's real score on the board (Duplicate Law B(3))"
            )
        mixes: dict[int, Weights] = {}
        for i in mixed_i:
            try:
                mixes[i] = parse_weights(lines[i].weights or ())
            except ScoringError as e:
                r = lines[i]
                raise ScoringError(f"board {board}, {r.ns} v {r.ew}: {e}") from None
        nets: dict[int, Fraction | int] = {i: lines[i].net_ns for i in real_i}  # type: ignore[misc]
        nets.update({i: weighted_net(m) for i, m in mixes.items()})
        for i in law_b_i:
            nets[i] = artificial_net(real, lines[i].adjusted)  # type: ignore[arg-type]
        if method == "total":
            n = len(nets)
            total = sum(nets.values())
            for i, net in nets.items():
                diff = _exact_div(net * n - total, n)
                out[i] = (net, diff, -diff)
        else:
            table = _mp_table(real)
            ordered = sorted(real)
            raw: dict[int, Fraction | int] = {}
            for i in real_i:
                s: int = lines[i].net_ns  # type: ignore[assignment]
                one: Weights = ((Fraction(1), s),)
                extra = sum((compare_mixed(one, m) for m in mixes.values()), Fraction(0))
                raw[i] = table[s] + extra
            for i, m in mixes.items():
                against_real = sum(
                    (
                        w
                        * (
                            2 * bisect_left(ordered, a)
                            + bisect_right(ordered, a)
                            - bisect_left(ordered, a)
                        )
                        for w, a in m
                    ),
                    Fraction(0),
                )
                against_mixed = sum(
                    (compare_mixed(m, other) for j, other in mixes.items() if j != i), Fraction(0)
                )
                raw[i] = against_real + against_mixed
            actual = len(raw)
            mps = {i: neuberg(v, expected, actual) for i, v in raw.items()}
            for i, mp in mps.items():
                out[i] = (nets[i], _whole(mp), _whole(top - mp))
            lowest = min(mps.values(), default=0)
            highest = max(mps.values(), default=0)
            for i in law_b_i:
                mp = artificial_matchpoints(lines[i].adjusted, top, lowest, highest)  # type: ignore[arg-type]
                out[i] = (nets[i], _whole(mp), _whole(top - mp))
        for i in idx:
            awards = parse_awards(lines[i].adjusted or "")
            if awards is None:
                continue
            ns_award, ew_award = awards
            if method == "total":
                out[i] = (None, values.law_h(ns_award), values.law_h(ew_award))
            else:
                out[i] = (
                    None,
                    values.matchpoints(ns_award, top),
                    values.matchpoints(ew_award, top),
                )
    return out


def _whole(x: Fraction | int) -> Fraction | int:
    """An int where ``x`` is whole, so whole scores print and add as ints."""
    if type(x) is int:
        return x
    f = Fraction(x)
    return f.numerator if f.denominator == 1 else f


def _exact_div(num: Fraction | int, den: int) -> Fraction | int:
    """num / den, as an int when it divides exactly."""
    if type(num) is int:
        return num // den if num % den == 0 else Fraction(num, den)
    return _whole(Fraction(num) / den)


def _nets(real: list[int], lines: list[BoardResult]) -> list[Fraction | int]:
    """The net score of each line, artificial scores computed from the real ones."""
    return [r.net_ns if r.adjusted is None else artificial_net(real, r.adjusted) for r in lines]  # type: ignore[misc]


def _mp_table(scores: Iterable[int]) -> dict[int, int]:
    """For each distinct score, its matchpoints: 2 for each score below, 1 for each equal.

    A board has far fewer distinct scores than results, so counting the
    distinct values once and looking each result up is what makes a
    1,000-table board take microseconds.
    """
    counts = Counter(scores)
    table: dict[int, int] = {}
    below = 0
    for value in sorted(counts):
        c = counts[value]
        table[value] = _mp_of(below, c)
        below += c
    return table


def _mp_of(below: int, equal: int) -> int:
    """The duplicate whist method: 2 for each score beaten, 1 for each other equal one
    (``equal`` counts the score itself)."""
    return 2 * below + equal - 1


def board_matchpoints(scores: Sequence[int]) -> list[int]:
    """North-South matchpoints of each score of one board (East-West: the top less these).

    The duplicate whist method: 2 for each pair beaten, 1 for each tie, a top
    of 2(n - 1).
    """
    table = _mp_table(scores)
    return [table[s] for s in scores]


class BoardRanking(NamedTuple):
    """One score's standing on its board, from both sides: what a matchpoint traveller
    prints beside each line (and what bridge-scorer's ``matchpoints()`` gives a game).

    ``ns_rank``/``ew_rank`` are the line's place on the board for each direction,
    ``"2="`` when tied; the percentages are of the top, exact (None when the board
    has a single result: no top to be a percentage of).
    """

    ns: int
    ew: int
    ns_percent: Fraction | int | None
    ew_percent: Fraction | int | None
    ns_rank: str
    ew_rank: str


def rank_board(scores: Sequence[int]) -> list[BoardRanking]:
    """Each North-South net score's matchpoints, percentage and rank, both directions.

    The duplicate whist method (2 for each pair beaten, 1 for each tie, top 2(n - 1)),
    as :func:`board_matchpoints`.  Everything is worked out once per *distinct*
    score (a board of 1,000 tables has a few dozen) and the lines share the result,
    which is why this is as fast as the JavaScript scorers on the same input
    (``benchmarks/comparisons.py``).  Equal scores get the very same tuple.
    """
    counts = Counter(scores)
    n = len(scores)
    top = 2 * (n - 1)
    table: dict[int, BoardRanking] = {}
    below = 0
    for value in sorted(counts):
        c = counts[value]
        ns = 2 * below + c - 1
        tie = "=" if c > 1 else ""
        table[value] = BoardRanking(
            ns,
            top - ns,
            _percent(ns, top),
            _percent(top - ns, top),
            f"{n - below - c + 1}{tie}",
            f"{below + 1}{tie}",
        )
        below += c
    return [table[s] for s in scores]


@lru_cache(maxsize=8192)
def _percent(mp: int, top: int) -> Fraction | int | None:
    """mp as an exact percentage of top (shared: every board of a field has the same
    top, so the same few hundred values recur)."""
    if not top:
        return None
    return _whole(Fraction(100 * mp, top))


def neuberg(mp: Fraction | int, expected: int, actual: int) -> Fraction | int:
    """Neuberg's formula: factor ``mp`` on ``actual`` results up to ``expected``."""
    if actual == expected:
        return mp
    return _whole(Fraction((mp + 1) * expected, actual) - 1)


def _neuberg_table(real: list[int], expected: int) -> dict[int, Fraction | int]:
    """Each distinct real score's North-South matchpoints, factored up to ``expected``."""
    actual = len(real)
    return {v: neuberg(m, expected, actual) for v, m in _mp_table(real).items()}


def _board_matchpoints(
    real: list[int], lines: list[BoardResult], expected: int
) -> list[tuple[Fraction | int, Fraction | int]]:
    """(net compared, NS matchpoints) for each line of one board."""
    table = _neuberg_table(real, expected)
    top = 2 * (expected - 1)
    ns_lowest = min(table.values(), default=0)
    ns_highest = max(table.values(), default=0)
    out: list[tuple[Fraction | int, Fraction | int]] = []
    for r in lines:
        if r.adjusted is None:
            out.append((r.net_ns, table[r.net_ns]))  # type: ignore[index, arg-type]
        else:
            out.append(
                (
                    artificial_net(real, r.adjusted),
                    _whole(artificial_matchpoints(r.adjusted, top, ns_lowest, ns_highest)),
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


def pair_standings(
    results: Sequence[BoardResult],
    method: str = "total",
    adjusted_values: AdjustedValues = DEFAULT_VALUES,
    tables: Mapping[int, int] | None = None,
) -> list[PairStanding]:
    """Standings of a pair contest, best first within each field.

    Total points: exact Law H scores, displayed to the whole point.
    Matchpoints: total matchpoints and a percentage of the tops of the
    boards played, displayed to two decimals.  Ranks come from the exact
    values; equal exact values share a rank.  ``tables``: how many tables the
    contest plays each board at (:func:`compare_boards`).
    """
    if method not in METHODS:
        raise ScoringError(f'the method is "total" or "matchpoints", not {method!r}')
    # Sums are kept as integer numerators per denominator (Counter.update adds a
    # whole board at C speed), so 26,000 results need no Fraction arithmetic
    # until each pair's total is formed once at the end.
    acc: dict[int, dict[str, Fraction | int]] = defaultdict(dict)
    extra: dict[str, Fraction] = defaultdict(Fraction)  # rare: artificial fractions
    played: Counter[str] = Counter()
    ns_seen: set[str] = set()
    ew_seen: set[str] = set()
    boards = _by_board(results)
    expected = max((len(v) for v in boards.values()), default=0)
    top = 2 * (expected - 1)
    tables = tables or {}
    for board, lines in boards.items():
        if _waiting(lines, tables.get(board)):
            continue  # no score yet for its lines, and no board played for their pairs
        if not _plain(lines):
            for r, got in zip(
                lines, _general_board(board, lines, method, expected, adjusted_values), strict=True
            ):
                if got is not None:  # a line not played earns nothing and counts no board
                    played.update((r.ns, r.ew))
                    ns_seen.add(r.ns)
                    ew_seen.add(r.ew)
                    extra[r.ns] += got[1]
                    extra[r.ew] += got[2]
            continue
        real = _real_scores(board, lines, tables.get(board))
        ns = list(map(_NS, lines))
        ew = list(map(_EW, lines))
        played.update(ns)
        played.update(ew)
        ns_seen.update(ns)
        ew_seen.update(ew)
        if method == "total":
            nets = _nets(real, lines)
            n = len(lines)
            total = sum(nets)
            nums = [net * n - total for net in nets]
            if type(total) is int:
                _accumulate(acc[n], ns, nums)
                _accumulate(acc[n], ew, [-x for x in nums])
            else:
                for a, b, x in zip(ns, ew, nums, strict=True):
                    extra[a] += x / n  # type: ignore[assignment]  # x is a Fraction here
                    extra[b] -= x / n  # type: ignore[assignment]
        else:
            if len(real) == len(lines):  # no Law B line: each score's matchpoints looked up
                table = _neuberg_table(real, expected)
                mps = list(map(table.__getitem__, real))
            else:
                mps = [m for _, m in _board_matchpoints(real, lines, expected)]
            if set(map(type, mps)) == {int}:
                _accumulate(acc[1], ns, mps)
                _accumulate(acc[1], ew, [top - m for m in mps])
            else:
                for a, b, m in zip(ns, ew, mps, strict=True):
                    extra[a] += m
                    extra[b] += top - m
    one_field = bool(ns_seen & ew_seen)
    scores: dict[str, Fraction | int] = {}
    for p in played:
        parts = [(c[p], den) for den, c in acc.items() if p in c]
        if len(parts) == 1 and p not in extra:
            num, den = parts[0]
            scores[p] = num if den == 1 else Fraction(num, den)
        else:
            scores[p] = sum((Fraction(num, den) for num, den in parts), extra.get(p, Fraction(0)))
    fields: dict[str | None, list[str]] = defaultdict(list)
    for p in scores:
        fields[None if one_field else ("NS" if p in ns_seen else "EW")].append(p)
    standings: list[PairStanding] = []
    for field in sorted(fields, key=lambda f: {"NS": 0, "EW": 1, None: 2}[f]):
        members = sorted(fields[field], key=pair_label_key)
        if method == "total" or len({played[p] for p in members}) == 1:
            values = [scores[p] for p in members]  # equal tops: the total orders as the percent
        else:
            values = [Fraction(scores[p], played[p] * top) if top else 0 for p in members]
        keys = _exact_keys(values)
        ranks = rank_labels(keys)
        rows = []
        for p, rank in zip(members, ranks, strict=True):
            v = scores[p]
            if method == "total":
                rows.append(PairStanding(p, field, v, played[p], rank, str(round_half_away(v))))
            else:
                # No top (each board played at one table so far): nothing to be a
                # percentage of, so none is given (not "0.00%").
                pct = Fraction(v * 100, played[p] * top) if top else None
                rows.append(
                    PairStanding(p, field, v, played[p], rank, two_decimals(v), percent=pct)
                )
        order = sorted(range(len(rows)), key=lambda i: (-keys[i], pair_label_key(members[i])))
        standings += [rows[i] for i in order]
    return standings


def _accumulate(
    acc: dict[str, Fraction | int], keys: list[str], values: Sequence[Fraction | int]
) -> None:
    """acc[k] += v for each pair; keys are distinct (one result per pair a board)."""
    get = acc.get
    acc.update({k: get(k, 0) + v for k, v in zip(keys, values, strict=True)})


def _exact_keys(values: Sequence[Fraction | int]) -> list[int]:
    """Integers in the same order as ``values``, exactly: each times the common denominator.

    Comparing Fractions is slow; comparing these is not, and loses nothing.
    """
    common = lcm(*(Fraction(v).denominator for v in values)) if values else 1
    return [
        v * common if type(v) is int else v.numerator * (common // v.denominator) for v in values
    ]


_NUMBER = re.compile(r"[0-9]+")
_TEAM_PAIR = re.compile(r"([A-Za-z])([0-9]+)")


def pair_label_key(label: str) -> tuple[int, str, int, str, str]:
    """THE sort order of pair labels, for standings, lists and score cards alike.

    Numbered pairs first, by number ("1" < "2" < "10"); then team-match pairs,
    a team letter and a number, by team then number ("A1" < "A2" < "B1");
    then anything else, by its text.  The key is total, so any sort by it is
    stable and gives the same order whatever order the labels came in.
    Numbers are compared by their digits (the count, then the digits), so a
    label of any length is safe.
    """
    m = _NUMBER.fullmatch(label)
    if m:
        digits = label.lstrip("0")
        return (0, "", len(digits), digits, label)
    m = _TEAM_PAIR.fullmatch(label)
    if m:
        digits = m[2].lstrip("0")
        return (1, m[1].upper(), len(digits), digits, label)
    return (2, "", 0, "", label)
