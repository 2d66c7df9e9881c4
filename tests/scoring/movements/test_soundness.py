"""The soundness rules and the balance figures (docs/laws/movements.md)."""

from dataclasses import replace
from fractions import Fraction

import pytest

from scoring.movements import MovementError, check, figures, howell, mitchell, problems


def test_a_3_table_mitchell_compares_each_two_pairs_of_a_direction_on_every_board():
    # 3 tables, 1 board a round: North-South pairs 1-3 each play boards 1-3 North-South
    # at different tables, so each two of them are compared on 3 boards; the same for
    # East-West 4-6.  North-South and East-West are never compared: two winners.
    f = figures(mitchell(3, 1))
    assert f.winners == 2
    assert (f.compared_least, f.compared_most, f.compared_mean, f.compared_cv) == (
        3,
        3,
        Fraction(3),
        0.0,
    )
    assert f.boards_a_pair == (3, 3)


def test_a_4_table_howell_is_one_field():
    # 8 pairs, 7 rounds, one board a round: each board is played at 4 tables, so 4
    # pairs each way: C(4, 2) x 2 = 12 comparisons a board, 7 x 12 = 84 over the
    # C(8, 2) = 28 two-pair combinations: a mean of 3.
    f = figures(howell(4, 1))
    assert f.winners == 1
    assert f.compared_mean == Fraction(84, 28)


def test_the_relay_mitchell_declares_its_shared_set():
    m = mitchell(4, 2, even="relay")
    assert check(m) is m
    assert figures(m).relays == 4
    assert figures(m).bystands == 4


def test_an_undeclared_shared_board_is_refused():
    m = mitchell(4, 2, even="relay")
    bare = replace(m, schedule=tuple(replace(tr, shared=()) for tr in m.schedule))
    found = problems(bare)
    assert found and "does not say they share it" in found[0]
    with pytest.raises(MovementError, match="cannot be run"):
        check(bare)


def test_a_pair_twice_in_a_round_and_a_board_twice_are_refused():
    m = mitchell(3, 1)
    first = m.schedule[0]
    clash = replace(m.schedule[1], ns=first.ns)  # pair 1 at tables 1 and 2 in round 1
    found = problems(replace(m, schedule=(first, clash, *m.schedule[2:])))
    assert any("sits at tables 1 and 2" in p for p in found)
    assert any("a second time" in p for p in found)


def test_every_name_offered_builds_a_sound_movement_of_that_name():
    from scoring.movements import build, offered

    for pairs in range(4, 61):
        for name in offered(pairs):
            m = build(name, 2, pairs if pairs % 2 else None)
            assert m.name == name
            check(m)
    assert build("teams-4", 2).name == "teams-4"
    with pytest.raises(MovementError, match="no movement called"):
        build("nonsense-3", 2)
