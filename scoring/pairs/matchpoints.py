"""Matchpoints: 2 for each pair beaten and 1 for each tie, a top of 2(n - 1);
a board played fewer times than the others factored up with Neuberg's formula
``MP' = (MP + 1) E / A - 1``; and a board's own ranking both ways
(:func:`rank_board`).

Apart from the comparison because the duplicate whist method is its own count,
asked of a board's scores alone, and the traveller, the score card and the
standings all ask it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from ..irregular import artificial_matchpoints, artificial_net
from .lines import BoardResult, as_whole


def mp_table(scores: Iterable[int]) -> dict[int, int]:
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
        table[value] = mp_of(below, c)
        below += c
    return table


def mp_of(below: int, equal: int) -> int:
    """The duplicate whist method: 2 for each score beaten, 1 for each other equal one
    (``equal`` counts the score itself)."""
    return 2 * below + equal - 1


def board_matchpoints(scores: Sequence[int]) -> list[int]:
    """North-South matchpoints of each score of one board (East-West: the top less these).

    The duplicate whist method: 2 for each pair beaten, 1 for each tie, a top
    of 2(n - 1).
    """
    table = mp_table(scores)
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
    return as_whole(Fraction(100 * mp, top))


def neuberg(mp: Fraction | int, expected: int, actual: int) -> Fraction | int:
    """Neuberg's formula: factor ``mp`` on ``actual`` results up to ``expected``."""
    if actual == expected:
        return mp
    return as_whole(Fraction((mp + 1) * expected, actual) - 1)


def neuberg_table(real: list[int], expected: int) -> dict[int, Fraction | int]:
    """Each distinct real score's North-South matchpoints, factored up to ``expected``."""
    actual = len(real)
    return {v: neuberg(m, expected, actual) for v, m in mp_table(real).items()}


def lines_matchpoints(
    real: list[int], lines: list[BoardResult], expected: int
) -> list[tuple[Fraction | int, Fraction | int]]:
    """(net compared, NS matchpoints) for each line of one board."""
    table = neuberg_table(real, expected)
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
                    as_whole(artificial_matchpoints(r.adjusted, top, ns_lowest, ns_highest)),
                )
            )
    return out
