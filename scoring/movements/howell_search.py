"""The searches that chose the partial Howells' rounds stored in
:data:`.howell_tables.PARTIAL_ROUNDS` and the extra-set Howells' sets stored in
:data:`.howell_tables.EXTRA_SET_TABLES` (docs/decisions/howell-constructions.md).

Not run when a movement is built: the chosen rounds are stored, and the tests run
this search again for the smaller sizes to show the stored rounds are its answer.
A candidate's key is its balance (docs/laws/movements.md#balance): the coefficient
of variation of the boards on which every two pairs are compared, then the spread
between the least and the most, then the rounds themselves, so the search is
deterministic.  Up to :data:`EXHAUSTIVE` candidate subsets every subset is weighed;
beyond, a greedy descent from the complete Howell (drop the round whose loss
leaves the best balance, until R remain) and then single swaps (one round out,
one in) while one improves the key.

A Howell with extra sets is searched exhaustively: every assignment of sets to the
complete Howell's tables in which each table has its own set in a round, no pair
plays a set twice and every set is at two tables or more, weighed by the same key.

An even Howell's senses (:data:`.howell_tables.EVEN_SENSES`) are searched
exhaustively: each of the 2^(n - 1) ways for the moving tables to keep one sense,
weighed by the same key (balance, the gap, the senses themselves).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from math import comb

from .balance import figures
from .howells import even_howell, extra_sets_howell, howell, partial_howell

__all__ = ["EXHAUSTIVE", "Key", "best_extra_sets", "best_rounds", "best_senses", "key"]

EXHAUSTIVE = 3000

Key = tuple[float, int, tuple[int, ...]]
Table = tuple[tuple[int, ...], ...]


@lru_cache(maxsize=65536)
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


def best_extra_sets(tables: int, sets: int) -> tuple[int, tuple[float, int, Table]]:
    """How many sound assignments of ``sets`` sets the search found, and the best:
    its balance, the gap between the least and the most compared, the assignment
    (round x table -> set from 0)."""
    base = howell(tables, 1)
    cells = [(tr.round - 1, tr.table - 1, tr.ns, tr.ew) for tr in base.schedule]
    rounds, width = base.rounds, base.tables
    grid = [[-1] * width for _ in range(rounds)]
    played: dict[str | None, set[int]] = {p: set() for p in base.pairs}
    tables_of = [0] * sets
    found: list[tuple[float, int, Table]] = []

    def place(i: int, top: int) -> None:
        if i == len(cells):
            if min(tables_of) >= 2:
                table = tuple(tuple(row) for row in grid)
                f = figures(extra_sets_howell(tables, sets, 1, table=table))
                found.append((f.compared_cv, f.compared_most - f.compared_least, table))
            return
        r, t, a, b = cells[i]
        # A set not used yet is always the lowest such: the others are renamings.
        for s in range(min(sets, top + 2)):
            if s in grid[r][:t] or s in played[a] or s in played[b]:
                continue
            grid[r][t] = s
            played[a].add(s)
            played[b].add(s)
            tables_of[s] += 1
            place(i + 1, max(top, s))
            tables_of[s] -= 1
            played[a].discard(s)
            played[b].discard(s)
        grid[r][t] = -1

    place(0, -1)
    return len(found), min(found)


def best_senses(tables: int) -> tuple[float, int, tuple[int, ...]]:
    """The most even senses for the moving tables of the complete Howell: its
    balance, the gap between the least and the most compared, the senses."""
    found = []
    for senses in product((1, -1), repeat=tables - 1):
        f = figures(even_howell(tables, 1, senses=senses))
        found.append((f.compared_cv, f.compared_most - f.compared_least, senses))
    return min(found)
