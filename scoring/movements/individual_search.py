"""The seeded search that found the stored whist designs
(:mod:`.individual_designs`, docs/decisions/individual-designs.md).

A base round of a cyclic whist design Wh(v) on ``Z_m`` (``m = v`` when ``v = 4n +
1``, the element 0 sitting out; ``m = v - 1`` and a fixed point, -1, when ``v =
4n``) meets two difference conditions: over its partnerships every non-zero
difference of ``Z_m`` once, over its opponents each twice.  The search anneals
the seats, swapping two players at different tables, on the count of
differences missing or over; then, where it can, it looks for board-set
starters by backtracking.  Where the annealing finds none (24 players), an exact
backtracking search builds the base round table by table, never letting a
partnership difference occur twice or an opponent difference three times
(:func:`exact_base_round`).  Pure and deterministic for a given seed.
"""

from __future__ import annotations

import contextlib
import math
import random

__all__ = ["base_round", "exact_base_round", "offsets"]


def _cost(seats: list[int], m: int) -> int:
    partner = [0] * m
    oppose = [0] * m
    for i in range(0, len(seats), 4):
        n, e, s, w = seats[i : i + 4]
        for a, b in ((n, s), (e, w)):
            if a >= 0 and b >= 0:
                partner[(a - b) % m] += 1
                partner[(b - a) % m] += 1
        for a, b in ((n, e), (n, w), (s, e), (s, w)):
            if a >= 0 and b >= 0:
                oppose[(a - b) % m] += 1
                oppose[(b - a) % m] += 1
    return sum(abs(partner[d] - 1) + abs(oppose[d] - 2) for d in range(1, m))


def offsets(seats: list[int], m: int) -> tuple[int, ...] | None:
    """Board-set starters for ``seats``: distinct ``c_i`` with every ``x - c_i`` (``x``
    a finite player at table ``i``) different, so no player meets a set twice."""
    tables = [[x for x in seats[i : i + 4] if x >= 0] for i in range(0, len(seats), 4)]

    def extend(i: int, used: set[int], chosen: list[int]) -> list[int] | None:
        if i == len(tables):
            return chosen
        for c in range(m):
            held = {(x - c) % m for x in tables[i]}
            if c not in chosen and not held & used:
                found = extend(i + 1, used | held, [*chosen, c])
                if found is not None:
                    return found
        return None

    found = extend(0, set(), [])
    return tuple(found) if found is not None else None


def base_round(
    players: int, seed: int = 1, steps: int = 300_000, tries: int = 50
) -> list[int] | None:
    """A base round of a cyclic Wh(``players``), or None when ``tries`` annealing runs
    of ``steps`` swaps each find none."""
    rng = random.Random(seed)
    fixed = players % 4 == 0
    m = players - 1 if fixed else players
    elements = [*range(m), -1] if fixed else list(range(1, m))
    for _ in range(tries):
        seats = elements[:]
        rng.shuffle(seats)
        cost = _cost(seats, m)
        temperature = 2.0
        for _ in range(steps):
            if cost == 0:
                return seats
            i, j = rng.sample(range(len(seats)), 2)
            if i // 4 == j // 4:
                continue
            seats[i], seats[j] = seats[j], seats[i]
            new = _cost(seats, m)
            if new <= cost or rng.random() < math.exp((cost - new) / temperature):
                cost = new
            else:
                seats[i], seats[j] = seats[j], seats[i]
            temperature = max(0.3, temperature * 0.9999)
    return None


class _Exhausted(Exception):
    """One start of :func:`exact_base_round` took more steps than it was given."""


def exact_base_round(players: int, seed: int = 0, steps: int = 300_000) -> list[int] | None:
    """A base round of a cyclic Wh(``players``), ``players`` a multiple of four, found
    by backtracking.  The fixed point (-1) sits North opposite 0 at the first table
    (any base round can be moved so: adding a constant keeps every difference), with
    ``a`` and ``b`` East-West; each further table seats the smallest free element
    North, then (in an order shuffled from ``seed``) a South partner whose difference
    is still unused, an East with at most two of each opponent difference, and a West
    under both rules.  Each choice of ``a`` and ``b`` is given ``steps`` steps; None
    when none finishes."""
    if players % 4:
        raise ValueError("the exact search is for a multiple of four players")
    m = players - 1
    for a in range(1, m):
        for b in range(1, m):
            if a != b:
                with contextlib.suppress(_Exhausted):
                    found = _Backtrack(m, seed, steps).run(a, b)
                    if found is not None:
                        return found
    return None


class _Backtrack:
    """The state of one start of :func:`exact_base_round`: each difference's count over
    the partnerships and over the opponents (both signs), the elements seated."""

    def __init__(self, m: int, seed: int, steps: int):
        self.m, self.steps, self.taken = m, steps, 0
        self.rng = random.Random(seed)
        self.partner = [0] * m
        self.oppose = [0] * m
        self.used = [False] * m
        self.tables: list[tuple[int, int, int, int]] = []

    def _add(self, counts: list[int], x: int, y: int, k: int) -> None:
        counts[(x - y) % self.m] += k
        counts[(y - x) % self.m] += k

    def run(self, a: int, b: int) -> list[int] | None:
        for x in (0, a, b):
            self.used[x] = True
        self._add(self.partner, a, b, 1)
        self._add(self.oppose, 0, a, 1)
        self._add(self.oppose, 0, b, 1)
        if not self._extend():
            return None
        return [-1, a, 0, b] + [x for table in self.tables for x in table]

    def _extend(self) -> bool:
        self.taken += 1
        if self.taken > self.steps:
            raise _Exhausted
        m, used, partner, oppose = self.m, self.used, self.partner, self.oppose
        free = [x for x in range(m) if not used[x]]
        if not free:
            return True
        n = free[0]
        used[n] = True
        others = free[1:]
        self.rng.shuffle(others)
        for s in others:
            if partner[(n - s) % m]:
                continue
            used[s] = True
            self._add(partner, n, s, 1)
            rest = [x for x in others if not used[x]]
            for e in rest:
                if oppose[(n - e) % m] >= 2 or oppose[(s - e) % m] >= 2:
                    continue
                used[e] = True
                self._add(oppose, n, e, 1)
                self._add(oppose, s, e, 1)
                if max(oppose[(n - e) % m], oppose[(s - e) % m]) <= 2 and self._west(n, e, s, rest):
                    return True
                self._add(oppose, n, e, -1)
                self._add(oppose, s, e, -1)
                used[e] = False
            self._add(partner, n, s, -1)
            used[s] = False
        used[n] = False
        return False

    def _west(self, n: int, e: int, s: int, rest: list[int]) -> bool:
        m, used, partner, oppose = self.m, self.used, self.partner, self.oppose
        for w in rest:
            if used[w] or partner[(e - w) % m]:
                continue
            self._add(partner, e, w, 1)
            self._add(oppose, n, w, 1)
            self._add(oppose, s, w, 1)
            if oppose[(n - w) % m] <= 2 and oppose[(s - w) % m] <= 2:
                used[w] = True
                self.tables.append((n, e, s, w))
                if self._extend():
                    return True
                self.tables.pop()
                used[w] = False
            self._add(partner, e, w, -1)
            self._add(oppose, n, w, -1)
            self._add(oppose, s, w, -1)
        return False
