"""The seeded search that found the stored whist designs
(:mod:`.individual_designs`, docs/decisions/individual-designs.md).

A base round of a cyclic whist design Wh(v) on ``Z_m`` (``m = v`` when ``v = 4n +
1``, the element 0 sitting out; ``m = v - 1`` and a fixed point, -1, when ``v =
4n``) meets two difference conditions: over its partnerships every non-zero
difference of ``Z_m`` once, over its opponents each twice.  The search anneals
the seats, swapping two players at different tables, on the count of
differences missing or over; then, where it can, it looks for board-set
starters by backtracking.  Pure and deterministic for a given seed.
"""

from __future__ import annotations

import math
import random

__all__ = ["base_round", "offsets"]


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
