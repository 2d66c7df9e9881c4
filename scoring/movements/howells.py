"""The complete Howell: every pair meets every other once and plays every board set
once.  Pairs follow the circle method (the top pair stays at table 1 North-South,
the others rotate); the board sets come from cyclic "starters" or, for 2, 3 and 5
tables, from tables found by exhaustive search and checked by the test-suite.
See docs/laws/movements.md.
"""

from __future__ import annotations

from .schedule import (
    MAX_TABLES,
    Movement,
    TableRound,
    check_size,
    declare_shared,
    finish,
    phantom_of,
    table_round,
)

__all__ = ["from_name", "howell", "offers"]


# Howell board sets.  For 4, 6, 7 and 8 tables a cyclic starter: table k
# (0 = the stationary pair's table) plays set (round + c_k) mod m, m = 2n - 1
# rounds; the starters make every pair meet every set once with no sharing.
_HOWELL_STARTERS: dict[int, tuple[int, ...]] = {
    4: (0, 2, 4, 1),
    6: (0, 3, 5, 9, 1, 4),
    7: (0, 3, 5, 9, 1, 6, 2),
    8: (0, 2, 7, 11, 6, 1, 13, 5),
}
# For 2, 3 and 5 tables no cyclic starter exists; these assignments (round x
# table -> set, from 0) were found by exhaustive search.  2 and 3 tables must
# share sets (no Room square of side 3 or 5 exists): the 2-table Howell plays
# one set at both tables every round; the 3-table Howell shares one round.
_HOWELL_TABLES: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((0, 0), (1, 1), (2, 2)),
    3: ((0, 1, 2), (2, 1, 3), (3, 0, 2), (1, 0, 3), (4, 4, 4)),
    5: (
        (0, 1, 2, 3, 4),
        (2, 1, 0, 3, 5),
        (3, 6, 2, 7, 0),
        (1, 7, 3, 4, 5),
        (5, 2, 6, 8, 3),
        (6, 1, 4, 8, 5),
        (8, 1, 6, 7, 4),
        (7, 2, 8, 0, 5),
        (4, 6, 7, 0, 8),
    ),
}


def howell(tables: int, boards_per_round: int = 2, *, pairs: int | None = None) -> Movement:
    """A complete Howell: 2n pairs at n tables, 2n - 1 rounds.

    Pair 2n sits North-South at table 1 throughout; in round r (from 0) the
    others, numbered 0 .. 2n-2 on a circle, meet r + k against r - k at table
    k + 1, and pair r meets the stationary pair.  Directions alternate with
    the round so moving pairs play both ways.
    """
    check_size("howell", tables, boards_per_round)
    n = tables
    m = 2 * n - 1
    phantom = phantom_of(pairs, n)
    schedule: list[TableRound] = []
    notes: list[str] = []
    for r in range(m):
        for k in range(n):
            if k == 0:
                ns, ew = str(2 * n), str(r + 1)
            else:
                a, b = (r + k) % m + 1, (r - k) % m + 1
                ns, ew = (str(a), str(b)) if (r + k) % 2 == 0 else (str(b), str(a))
            if n in _HOWELL_STARTERS:
                s = (r + _HOWELL_STARTERS[n][k]) % m + 1
            else:
                s = _HOWELL_TABLES[n][r][k] + 1
            schedule.append(table_round(r + 1, k + 1, ns, ew, s, boards_per_round))
    # With 2 and 3 tables the construction shares sets by design (no Room square of
    # side 3 or 5): declared, so the guide cards say where the boards go.
    shared = declare_shared(schedule, "shares this set") if n in (2, 3) else schedule
    if any(tr.shared for tr in shared):
        notes.append(
            "some tables share a board set in a round: relay the boards between them, "
            "each table starting on a different board, or duplicate the set"
        )
    desc = f"Howell, {n} tables, {m} rounds"
    return finish(
        "howell", n, m, boards_per_round, m, shared, desc, notes, phantom, name=f"howell-{n}"
    )


def offers(pairs: int) -> list[str]:
    """The complete Howell for ``pairs`` pairs: ``ceil(pairs / 2)`` tables."""
    tables = (pairs + 1) // 2
    return [f"howell-{tables}"] if 2 <= tables <= MAX_TABLES["howell"] else []


def from_name(name: str, boards_per_round: int, pairs: int | None) -> Movement | None:
    """``howell-N``: the complete Howell at N tables."""
    parts = name.split("-")
    if parts[0] != "howell" or len(parts) != 2 or not parts[1].isdigit():
        return None
    return howell(int(parts[1]), boards_per_round, pairs=pairs)
