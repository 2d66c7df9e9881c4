"""The stored whist designs the individual movements are developed from
(docs/decisions/individual-designs.md).

Each entry is the *base round* of a cyclic whist tournament design Wh(v)
(docs/laws/movements.md#individuals): ``v`` players, on the group ``Z_m`` or
``Z_m`` with a fixed point (infinity, written -1) when ``v`` is a multiple of four.
The base round lists its tables' seats in the order North, East, South, West, as
group elements; round ``g`` seats ``x + g`` wherever the base seats ``x``.  The
conditions that make it a whist design (every two players partner once and
oppose twice) are checked in full by the tests on the developed schedule.

``offsets`` (or None) are the board-set starters: table ``i`` plays set
``g + offsets[i]`` in round ``g``, so no player meets a set twice and each set is
at one table a round.  Where no starter was found every table plays the round's
own set, each from its own copy.

Found by a seeded annealing search over the difference conditions (the search is
``scoring.movements.individual_search``); the tests re-check every entry.
"""

from __future__ import annotations

__all__ = ["BASE_ROUNDS", "BaseRound"]

# v -> (m, base round (4 seats a table), offsets or None)
BaseRound = tuple[int, tuple[int, ...], tuple[int, ...] | None]

BASE_ROUNDS: dict[int, BaseRound] = {
    8: (7, (2, 6, 3, 1, -1, 0, 5, 4), None),
    12: (11, (6, -1, 0, 7, 5, 8, 2, 4, 10, 1, 9, 3), None),
    13: (13, (9, 11, 10, 5, 12, 8, 3, 6, 4, 2, 1, 7), (0, 4, 1)),
    16: (15, (6, 7, 5, -1, 4, 12, 0, 10, 13, 2, 1, 8, 14, 11, 9, 3), None),
    20: (19, (0, 3, 7, 9, 14, 8, 5, 6, 16, 18, -1, 4, 13, 1, 12, 17, 11, 10, 15, 2), None),
    # Found by the exact backtracking search (individual_search.exact_base_round).
    24: (
        23,
        (-1, 1, 0, 2, 3, 15, 13, 22, 4, 10, 18, 8, 5, 6, 11, 21, 7, 16, 19, 12, 9, 17, 14, 20),
        None,
    ),
    # exact_base_round(28, steps=200_000): about a minute, so not re-found by a test.
    28: (
        27,
        (
            -1,
            1,
            0,
            6,
            2,
            24,
            25,
            15,
            3,
            26,
            18,
            20,
            4,
            12,
            17,
            19,
            5,
            8,
            22,
            11,
            7,
            16,
            23,
            14,
            9,
            21,
            10,
            13,
        ),
        None,
    ),
}
