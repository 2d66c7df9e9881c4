"""The comparison board by board: each line's net score against the others that
held the same cards, by total points (Duplicate Law H: the pair's net score
minus the average net score of every pair that held the same seats) and by
matchpoints, in exact fractions.

The heart of the pair contest: :func:`compare_boards` compares a whole event
(a fast path for plain boards, :func:`general_board` for boards with the
director's adjusted scores or Law B's artificial ones); :func:`compare_line`
gives one line from its board's summary alone (a score card's cost is its own
boards).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from ..adjusted import (
    WEIGHTED,
    AdjustedValues,
    Weights,
    compare_mixed,
    parse_awards,
    parse_weights,
    weighted_net,
)
from ..errors import ScoringError
from ..fractions_fmt import exact
from ..irregular import (
    ADJUSTMENTS,
    artificial_matchpoints,
    artificial_net,
    artificial_net_of,
    check_artificial_score,
)
from .lines import (
    ADJUSTED_OF,
    DEFAULT_VALUES,
    METHODS,
    VERSION_OF,
    BoardLine,
    BoardResult,
    as_whole,
    check_law_b,
    exact_div,
    lines_by_board,
    real_scores,
    still_waiting,
)
from .matchpoints import lines_matchpoints, mp_of, mp_table, neuberg


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
    contest's size, not the traveller's length; :func:`check_law_b`); a board
    whose only lines are artificial scores waiting for a real one (:func:`still_waiting`)
    gets lines with no score yet, like lines not played.
    """
    if method not in METHODS:
        raise ScoringError(f'the method is "total" or "matchpoints", not {method!r}')
    boards = lines_by_board(results)
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
        if still_waiting(lines, tables.get(board)):
            for r in lines:
                general[id(r)] = BoardLine(r, None, None, None, None if method == "total" else top)
            continue
        if not plain_board(lines):
            for r, got in zip(
                lines, general_board(board, lines, method, expected, adjusted_values), strict=True
            ):
                net, ns_s, ew_s = got if got else (None, None, None)
                general[id(r)] = BoardLine(r, net, ns_s, ew_s, None if method == "total" else top)
            continue
        real = real_scores(board, lines, tables.get(board))
        table: dict[int | str, Scored] = {}
        if method == "total":
            nets = board_nets(real, lines)
            n = len(lines)
            total = sum(nets)
            for r, net in zip(lines, nets, strict=True):
                key = r.net_ns if r.adjusted is None else r.adjusted
                if key not in table:
                    diff = exact_div(net * n - total, n)
                    table[key] = (net, diff, -diff, None)  # type: ignore[index]
        else:
            for r, (net, ns_mp) in zip(
                lines, lines_matchpoints(real, lines, expected), strict=True
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
        average = as_whole(Fraction(line.net_ns) - line.ns_score)
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
    own boards, not the event's.  For a plain board only (real scores and
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
    if s.real == 0 and tables is not None and s.lines < tables:  # still_waiting: no score yet
        return BoardLine(line, None, None, None, None if method == "total" else top)
    if law_b or line.adjusted is not None:
        check_law_b(line.board, s.lines, s.real, tables)
    if line.adjusted is not None:
        net = artificial_net_of(line.adjusted, s.total, s.real, s.lowest, s.highest)
    else:
        net = line.net_ns  # type: ignore[assignment]
    if method == "total":
        everything = s.total + sum(
            n * artificial_net_of(kind, s.total, s.real, s.lowest, s.highest)
            for kind, n in law_b.items()
        )
        diff = exact_div(net * s.lines - everything, s.lines)
        return BoardLine(line, net, diff, -diff, None)
    if line.adjusted is None:
        mp = neuberg(mp_of(s.below, s.equal), expected, s.real)
    else:
        lowest = neuberg(mp_of(0, s.lowest_count), expected, s.real)
        highest = neuberg(mp_of(s.real - s.highest_count, s.highest_count), expected, s.real)
        mp = as_whole(artificial_matchpoints(line.adjusted, top, lowest, highest))
    return BoardLine(line, net, mp, as_whole(top - mp), top)


def is_plain(lines: Sequence[BoardResult]) -> bool:
    """A board :func:`compare_line` can compare from a summary: real scores and Law B
    artificial ones only, one version."""
    return plain_board(list(lines))


_PLAIN_ADJUSTED = frozenset((None, *ADJUSTMENTS))


Scores = tuple["Fraction | int | None", "Fraction | int", "Fraction | int"]


def plain_board(lines: list[BoardResult]) -> bool:
    """A board with real scores and Law B's only, one version: the fast path."""
    return set(map(ADJUSTED_OF, lines)) <= _PLAIN_ADJUSTED and len(set(map(VERSION_OF, lines))) == 1


def general_board(
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
                diff = exact_div(net * n - total, n)
                out[i] = (net, diff, -diff)
        else:
            table = mp_table(real)
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
                out[i] = (nets[i], as_whole(mp), as_whole(top - mp))
            lowest = min(mps.values(), default=0)
            highest = max(mps.values(), default=0)
            for i in law_b_i:
                mp = artificial_matchpoints(lines[i].adjusted, top, lowest, highest)  # type: ignore[arg-type]
                out[i] = (nets[i], as_whole(mp), as_whole(top - mp))
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


def board_nets(real: list[int], lines: list[BoardResult]) -> list[Fraction | int]:
    """The net score of each line, artificial scores computed from the real ones."""
    return [r.net_ns if r.adjusted is None else artificial_net(real, r.adjusted) for r in lines]  # type: ignore[misc]
