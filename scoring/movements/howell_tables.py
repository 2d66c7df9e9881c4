"""The Howell family's stored tables: starters and searched assignments, each
checked by tests/scoring/movements/test_howells.py.

How each was found: docs/decisions/howell-constructions.md.
"""

from __future__ import annotations

__all__ = [
    "BALANCED_STARTERS",
    "EXTRA_SET_TABLES",
    "PARTIAL_ROUNDS",
    "SEARCHED_TABLES",
    "STARTERS",
]

# Cyclic starters for 4, 6, 7 and 8 tables: table k (0 = the stationary pair's
# table) plays set (round + c_k) mod m, m = 2n - 1 rounds; the starters make every
# pair meet every set once with no sharing.
STARTERS: dict[int, tuple[int, ...]] = {
    4: (0, 2, 4, 1),
    6: (0, 3, 5, 9, 1, 4),
    7: (0, 3, 5, 9, 1, 6, 2),
    8: (0, 2, 7, 11, 6, 1, 13, 5),
}

# Balanced cyclic starters for 9 to 16 tables (starter-adder Room squares): the
# adders c_0 .. c_{n-1} (table k plays set round + c_k) and each moving table's
# sense e_1 .. e_{n-1} (pair round + e_k k sits North-South at table k + 1).  Set
# s is then played North-South at table k + 1 by pair s - c_k + e_k k: those n - 1
# labels form a set A mod m, and two moving pairs d apart are compared on
# 2 r_A(d) + 1 sets, r_A(d) being the number of ways d is a difference of A.  With
# 10, 12 and 16 tables A is the quadratic residues mod 19, 23 and 31, a Paley
# difference set: every two pairs are compared on n - 1 sets.  With 9, 11, 13, 15
# and 14 tables no difference set of that size exists mod m and A is the nearest
# (a search, every r_A within a half of its mean but for 14 tables' two).
BALANCED_STARTERS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    9: ((0, 7, 12, 16, 3, 6, 9, 2, 13), (1, -1, 1, -1, 1, 1, -1, -1)),
    10: ((0, 7, 14, 8, 17, 4, 1, 3, 9, 13), (-1, -1, 1, 1, -1, -1, -1, -1, -1)),
    11: ((0, 4, 15, 7, 16, 11, 13, 8, 10, 2, 19), (1, -1, -1, 1, 1, 1, -1, 1, 1, -1)),
    12: (
        (0, 10, 15, 22, 16, 9, 1, 17, 14, 12, 18, 4),
        (-1, -1, 1, -1, -1, -1, 1, -1, -1, -1, -1),
    ),
    13: (
        (0, 18, 14, 24, 11, 4, 20, 13, 5, 19, 8, 22, 17),
        (1, 1, 1, 1, -1, 1, 1, 1, -1, -1, 1, 1),
    ),
    14: (
        (0, 9, 18, 25, 13, 16, 8, 26, 7, 21, 15, 2, 19, 10),
        (1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 1, 1, 1),
    ),
    15: (
        (0, 24, 10, 1, 13, 21, 5, 28, 26, 4, 20, 25, 3, 6, 17),
        (-1, 1, 1, 1, -1, -1, -1, 1, 1, -1, -1, -1, 1, 1),
    ),
    16: (
        (0, 12, 27, 2, 6, 21, 18, 13, 11, 23, 17, 28, 9, 22, 1, 7),
        (-1, -1, 1, -1, 1, 1, -1, 1, -1, 1, -1, 1, 1, -1, 1),
    ),
}

# For 2, 3 and 5 tables no cyclic starter exists; these assignments (round x
# table -> set, from 0) were found by exhaustive search.  2 and 3 tables must
# share sets (no Room square of side 3 or 5 exists): the 2-table Howell plays
# one set at both tables every round; the 3-table Howell shares one round.
SEARCHED_TABLES: dict[int, tuple[tuple[int, ...], ...]] = {
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

# The partial Howells the library holds: (tables, rounds) -> the complete Howell's
# rounds played (from 1), chosen for balance by the search the decision record
# describes.  The 3-table Howell's first four rounds play sets 1 to 4 at one table
# each: a Howell without sharing, each pair meeting four of the five others.
PARTIAL_ROUNDS: dict[tuple[int, int], tuple[int, ...]] = {
    (3, 4): (1, 2, 3, 4),
    # The three-quarter Howells: every subset weighed up to 9 tables, greedy
    # descent and swaps beyond (howell_search.py).
    (7, 10): (1, 2, 3, 4, 7, 9, 10, 11, 12, 13),
    (8, 11): (1, 2, 3, 4, 6, 7, 10, 11, 13, 14, 15),
    (9, 13): (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15),
    (10, 14): (1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16),
    (11, 16): (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 19, 20),
    (12, 17): (2, 3, 4, 5, 6, 7, 9, 11, 12, 13, 14, 16, 18, 19, 20, 21, 23),
    (13, 19): (1, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22),
    (14, 20): (1, 3, 4, 5, 6, 8, 10, 11, 12, 13, 15, 17, 18, 19, 20, 21, 23, 24, 25, 26),
    (15, 22): (1, 2, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 23, 26, 27),
    (16, 23): (1, 2, 3, 4, 5, 6, 7, 9, 10, 12, 13, 14, 16, 17, 19, 20, 22, 23, 25, 27, 28, 29, 30),
}

# Howells with more sets than rounds: (tables, sets) -> round x table -> set (from
# 0), the complete Howell's meetings on sets chosen so that each table plays its own
# set every round.  The 3-table one on 6 sets: every set at two or three tables,
# each pair playing five of the six; the most even of the 40 such assignments
# (howell_search.best_extra_sets).
EXTRA_SET_TABLES: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    (3, 6): ((0, 1, 2), (2, 3, 4), (1, 0, 2), (5, 0, 4), (3, 1, 5)),
}
