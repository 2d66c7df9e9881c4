"""The chooser's ranking, pinned: the names it offers and their boards a round for a
few fields (the Bowman, offered for an odd field, among them), and the balance's
comparisons against their definition counted board by board
(docs/laws/movements.md#balance), so that a faster count cannot change what a
director is offered."""

from collections import defaultdict
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import build, offered
from scoring.movements.balance import comparisons
from scoring.movements.chooser import choose
from scoring.movements.schedule import Movement, TableRound, finish
from scoring.pairs import pair_label_key

RANKED = {
    4: [
        ("howell-2-even", 8),
        ("howell-2", 8),
    ],
    5: [
        ("howell-3-even", 5),
        ("howell-3", 5),
        ("mitchell-3-arrow", 8),
        ("mitchell-3-scrambled-1-2", 8),
        ("mitchell-3", 8),
    ],
    8: [
        ("mitchell-4-relay-scrambled-1-3", 6),
        ("mitchell-4-relay-arrow", 6),
        ("mitchell-4-skip-scrambled-1-2", 8),
        ("mitchell-4-skip-arrow", 8),
        ("mitchell-4-skip", 8),
        ("mitchell-4-relay", 6),
        ("howell-4-even", 4),
        ("howell-4", 4),
    ],
    12: [
        ("mitchell-6-relay-switch-3", 4),
        ("mitchell-6-skip-arrow", 5),
        ("mitchell-6-skip-scrambled-1-2", 5),
        ("mitchell-6-relay-scrambled-1-2", 4),
        ("mitchell-6-relay-arrow", 4),
        ("mitchell-6-skip", 5),
        ("mitchell-6-share", 5),
        ("mitchell-6-relay", 4),
        ("howell-6-even", 2),
        ("howell-6", 2),
    ],
    16: [
        ("mitchell-8-relay-switch-4", 3),
        ("mitchell-8-relay-scrambled-1-2", 3),
        ("mitchell-8-relay-arrow", 3),
        ("mitchell-8-relay", 3),
        ("mitchell-8-skip-switch-3", 4),
        ("mitchell-8-skip-scrambled-1-2", 4),
        ("mitchell-8-skip-arrow", 4),
        ("mitchell-8-skip", 4),
        ("mitchell-8-share", 4),
        ("howell-8-r11", 2),
        ("howell-8-even", 2),
        ("howell-8", 2),
    ],
    20: [
        ("mitchell-10-skip-scrambled-1-2", 3),
        ("mitchell-10-skip-switch-4", 3),
        ("web-10-switch-2", 5),
        ("mitchell-10-skip-arrow", 3),
        ("mitchell-10-skip", 3),
        ("howell-10-r14", 2),
        ("mitchell-10-relay-scrambled-1-2", 3),
        ("mitchell-10-relay-switch-3", 3),
        ("mitchell-10-relay-arrow", 3),
        ("mitchell-10-relay", 3),
        ("howell-10", 1),
    ],
    24: [
        ("mitchell-12-relay-switch-4", 2),
        ("mitchell-12-relay-scrambled-1-2", 2),
        ("mitchell-12-relay-arrow", 2),
        ("mitchell-12-relay", 2),
        ("howell-12", 1),
        ("mitchell-12-skip-scrambled-1-2", 2),
        ("mitchell-12-skip-switch-5", 2),
        ("mitchell-12-skip-arrow", 2),
        ("mitchell-12-skip", 2),
        ("mitchell-12-share", 2),
        ("howell-12-r17", 1),
    ],
    31: [
        ("howell-16-r23", 1),
        ("mitchell-16-bowman", 2),
        ("mitchell-16-skip-scrambled-1-2", 2),
        ("mitchell-16-skip-switch-5", 2),
        ("mitchell-16-skip-arrow", 2),
        ("mitchell-15-rover", 2),
        ("mitchell-16-skip", 2),
        ("howell-16", 1),
        ("mitchell-16-relay-switch-3", 2),
        ("mitchell-16-relay-scrambled-1-2", 2),
        ("mitchell-16-relay-arrow", 2),
        ("mitchell-16-relay", 2),
    ],
    40: [
        ("mitchell-20-relay-switch-3", 1),
        ("mitchell-20-relay-scrambled-1-2", 1),
        ("mitchell-20-relay-arrow", 1),
        ("mitchell-20-relay", 1),
        ("mitchell-20-skip-switch-3", 1),
        ("mitchell-20-skip-scrambled-1-2", 1),
        ("mitchell-20-skip-arrow", 1),
        ("mitchell-20-skip", 1),
        ("mitchell-20-share", 1),
    ],
    59: [
        ("mitchell-30-bowman", 1),
        ("mitchell-30-skip-scrambled-1-2", 1),
        ("mitchell-30-skip-switch-4", 1),
        ("mitchell-30-skip-arrow", 1),
        ("mitchell-29-rover", 1),
        ("mitchell-30-share", 1),
        ("mitchell-30-skip", 1),
        ("mitchell-30-relay-scrambled-1-2", 1),
        ("mitchell-30-relay-switch-4", 1),
        ("web-30-switch-2", 2),
        ("mitchell-30-relay-arrow", 1),
        ("mitchell-30-relay", 1),
    ],
    60: [
        ("mitchell-30-skip-scrambled-1-2", 1),
        ("mitchell-30-skip-switch-4", 1),
        ("mitchell-30-skip-arrow", 1),
        ("mitchell-30-skip", 1),
        ("mitchell-30-share", 1),
        ("mitchell-30-relay-scrambled-1-2", 1),
        ("mitchell-30-relay-switch-4", 1),
        ("web-30-switch-2", 2),
        ("mitchell-30-relay-arrow", 1),
        ("mitchell-30-relay", 1),
    ],
}


@pytest.mark.parametrize("pairs", sorted(RANKED))
def test_the_ranking_is_pinned(pairs):
    assert [(c.name, c.boards_per_round) for c in choose(pairs)] == RANKED[pairs]


def by_definition(movement: Movement) -> dict[tuple[str, str], int]:
    """Two pairs are compared on a board when both played it in the same direction (at
    another table, or at the same table in another round): counted board by board."""
    sides: dict[tuple[int, str], list[str]] = defaultdict(list)
    for tr in movement.schedule:
        if tr.ns is None or tr.ew is None:
            continue
        for board in tr.boards:
            sides[(board, "NS")].append(tr.ns)
            sides[(board, "EW")].append(tr.ew)
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for played in sides.values():
        for p, q in combinations(played, 2):
            if p != q:
                counts[tuple(sorted((p, q), key=pair_label_key))] += 1
    return dict(counts)


@settings(max_examples=40, deadline=None)
@given(pairs=st.integers(4, 40), bpr=st.integers(1, 4), data=st.data())
def test_comparisons_count_as_the_definition(pairs, bpr, data):
    name = data.draw(st.sampled_from(offered(pairs)))
    movement = build(name, bpr, pairs)
    assert comparisons(movement) == by_definition(movement)


def test_overlapping_runs_of_boards_are_counted_board_by_board():
    # A director's own movement may hand two tables runs that overlap without being
    # equal (boards 1-2 and 2-3): only board 2 is played at both.
    schedule = [
        TableRound(1, 1, "1", "2", 1, (1, 2)),
        TableRound(1, 2, "3", "4", 2, (2, 3)),
    ]
    movement = finish("mitchell", 2, 1, 2, 2, schedule, "two tables", [], None)
    assert comparisons(movement) == by_definition(movement) == {("1", "3"): 1, ("2", "4"): 1}
