"""The search that chose the partial Howells' rounds stored in
:data:`.howell_tables.PARTIAL_ROUNDS` (docs/decisions/howell-constructions.md).

Not run when a movement is built: the chosen rounds are stored, and the tests run
this search again for the smaller sizes to show the stored rounds are its answer.
A candidate's key is its balance (docs/laws/movements.md#balance): the coefficient
of variation of the boards on which every two pairs are compared, then the spread
between the least and the most, then the rounds themselves, so the search is
deterministic.  Up to :data:`EXHAUSTIVE` candidate subsets every subset is weighed;
beyond, a greedy descent from the complete Howell (drop the round whose loss
leaves the best balance, until R remain) and then single swaps (one round out,
one in) while one improves the key.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from .balance import figures
from .howells import partial_howell

__all__ = ["EXHAUSTIVE", "Key", "best_rounds", "key"]

EXHAUSTIVE = 3000

Key = tuple[float, int, tuple[int, ...]]


def key(tables: int, chosen: tuple[int, ...]) -> Key:
    """How a candidate subset of the complete Howell's rounds is weighed: smaller is better."""
    f = figures(partial_howell(tables, len(chosen), 1, chosen=chosen))
    return (f.compared_cv, f.compared_most - f.compared_least, tuple(sorted(chosen)))


def best_rounds(tables: int, rounds: int) -> tuple[str, Key]:
    """The best subset of ``rounds`` rounds the search finds, and how it searched."""
    m = 2 * tables - 1
    if comb(m, rounds) <= EXHAUSTIVE:
        return "exhaustive", min(key(tables, c) for c in combinations(range(1, m + 1), rounds))
    chosen = set(range(1, m + 1))
    while len(chosen) > rounds:
        chosen = set(min(key(tables, tuple(sorted(chosen - {r}))) for r in sorted(chosen))[2])
    best = key(tables, tuple(sorted(chosen)))
    while True:
        start = best
        for out in start[2]:
            for r in range(1, m + 1):
                if r not in start[2]:
                    best = min(best, key(tables, tuple(sorted((set(start[2]) - {out}) | {r}))))
        if best == start:
            return "greedy and swaps", best
