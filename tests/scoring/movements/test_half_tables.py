"""The rover Mitchell: soundness over every size, nobody sits out twice, no table stands
empty, and the EBU's published rover tables (docs/laws/movements.md)."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import MovementError, build, check, figures
from scoring.movements.half_tables import from_name, offers, rover_mitchell, rover_tables


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 40), st.integers(1, 3), st.sampled_from(["relay", "skip"]))
def test_every_rover_mitchell_is_sound_and_seats_every_table(tables, bpr, even):
    even = even if tables % 2 == 0 else ""
    m = rover_mitchell(tables, bpr, even=even, pairs=2 * tables + 1)
    assert check(m) is m
    rover = str(2 * tables + 1)
    assert len(m.pairs) == 2 * tables + 1
    assert not any(tr.sit_out for tr in m.schedule)  # no table stands empty
    assert m.where(rover, 1) is None  # the rover sits out round 1 ...
    seated = Counter(p for tr in m.schedule for p in (tr.ns, tr.ew))
    out = {p: m.rounds - seated[p] for p in m.pairs}
    assert max(out.values()) == 1 == figures(m).sit_outs  # ... and nobody sits out twice
    assert sum(out.values()) == m.rounds  # one pair out each round
    for r, t in enumerate(rover_tables(tables, even), start=2):
        tr = m.at(r, t)
        assert tr.ns == rover
        assert f"pair {t} sits out" in tr.note  # the card says who sits out
        assert m.where(str(t), r) is None
        if r < m.rounds:
            assert m.where(str(t), r + 1) == (t, "NS")  # back in its own seat next round
            assert (str(t), t, "NS") in m.arrivals(r)  # and the room display says so
        assert m.next_move(r - 1, t)["ns"] == {"sits_out": True}


@pytest.mark.parametrize(
    ("tables", "even", "published"),
    [
        # The EBU movement manual's "Rover Mitchell" list of rover tables (rounds 2 on).
        (7, "", (1, 3, 5, 7, 2, 4)),
        (8, "relay", (1, 6, 2, 7, 3, 8, 4)),
        (10, "relay", (1, 7, 2, 8, 3, 9, 4, 10, 5)),
        (11, "", (1, 3, 5, 7, 9, 11, 2, 4, 6, 8)),
        (13, "", (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10)),
        (14, "relay", (1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7)),
    ],
)
def test_the_rover_follows_the_published_tables(tables, even, published):
    assert rover_tables(tables, even) == published


@pytest.mark.parametrize("tables", [5, 7, 11, 13, 17, 19, 23, 25, 29, 31, 35, 37])
def test_the_rover_meets_each_east_west_pair_once_where_the_route_allows(tables):
    # Two up a round from table 1 (sets 2, 5, 8, ... a step of 3): every set once when
    # 3 does not divide the tables, and the East-West pair at table 2r - 3 in round r
    # is pair N + r - 1: a new one each round.
    m = rover_mitchell(tables, 1)
    met = [m.at(r, t).ew for r, t in enumerate(rover_tables(tables), start=2)]
    assert len(set(met)) == len(met)


def test_the_card_and_the_notes_say_where_the_rover_goes():
    m = rover_mitchell(7, 2, pairs=15)
    assert m.at(2, 1).note == "rover: pair 15 plays North-South here, pair 1 sits out"
    assert m.next_move(1, 1)["ns"] == {"sits_out": True}
    assert m.next_move(2, 1)["ns"] == {"table": 3, "direction": "NS"}  # the rover's move
    assert "pair 15 sits out round 1" in m.notes[-1]


def test_the_rover_is_offered_for_an_odd_field_beyond_full_tables():
    assert offers(15) == ["mitchell-7-rover"]
    assert sorted(offers(17)) == ["mitchell-8-relay-rover", "mitchell-8-skip-rover"]
    spreads = [figures(build(n, 1, 17)).compared_cv for n in offers(17)]
    assert spreads == sorted(spreads)  # the smaller spread first
    assert offers(16) == [] and offers(5) == [] and offers(83) == []
    assert from_name("mitchell-7", 2, None) is None
    assert from_name("mitchell-8-sideways-rover", 2, None) is None


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"tables": 7, "pairs": 14}, "seat 15 pairs, not 14"),
        ({"tables": 8}, "skip"),
        ({"tables": 7, "even": "relay"}, "neither"),
        ({"tables": 41}, "3 to 40"),
    ],
)
def test_a_rover_that_cannot_be_run_is_refused_in_words(kwargs, words):
    with pytest.raises(MovementError, match=words):
        rover_mitchell(boards_per_round=2, **kwargs)
