"""The Appendix Mitchell (the Bowman): soundness over every size, its declared shares,
and the published 11-table and 10½-table schedules (docs/laws/movements.md)."""

from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import MovementError, build, check, figures
from scoring.movements.appendix import appendix_mitchell, from_name, offers


def _partner(base, r):
    """The base table whose set the last table plays in round r: B, B - 2, ... round."""
    return (base - 2 * (r - 1) - 1) % base + 1


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 19).map(lambda k: 2 * k + 1), st.integers(1, 3), st.booleans())
def test_every_appendix_mitchell_is_sound_and_shares_only_where_built(tables, bpr, half):
    m = appendix_mitchell(tables, bpr, pairs=2 * tables - 1 if half else None)
    assert check(m) is m
    base = tables - 2
    assert (m.rounds, m.board_sets) == (base, base)
    for r in range(1, m.rounds + 1):
        expected = defaultdict(set)
        expected[1].add(base + 1)
        expected[base + 1].add(1)
        last = _partner(base, r)
        if not half:  # the bye holds no boards and shares with nobody
            expected[last].add(tables)
            expected[tables].add(last)
        if last == 1 and not half:  # the three-way share: tables 1, B + 1 and N
            expected[base + 1].add(tables)
            expected[tables].add(base + 1)
        for tr in m.round(r):
            assert set(tr.shared) == expected[tr.table]
    # Every North-South pair plays every set; East-West pairs miss two tables'
    # worth of rounds but never a set twice (the check), and play B - 1 or B rounds.
    f = figures(m)
    assert f.winners == 2
    assert f.sit_outs == (1 if half else 0)


def test_the_eleven_table_bowman_matches_the_ebu_description():
    # EBU Club Focus (spring 2011), "Switched Bowman for 11 tables": 9 sets on tables
    # 1-9, table 10 always shares with table 1, table 11 shares in turn with tables
    # 9, 7, 5, 3, 1/10, 8, 6, 4 and 2; round 5 is a three-way share at 1, 10 and 11.
    # 9 rounds of 3 boards: 27 boards.
    m = appendix_mitchell(11, 3)
    assert (m.rounds, m.boards) == (9, 27)
    assert [m.at(r, 11).shared for r in range(1, 10)] == [
        (9,),
        (7,),
        (5,),
        (3,),
        (1, 10),
        (8,),
        (6,),
        (4,),
        (2,),
    ]
    assert all(m.at(r, 10).board_set == m.at(r, 1).board_set for r in range(1, 10))
    assert "shares this set with table 10 and 11" in m.at(5, 1).note
    # Boards move down one table round 9..1: table 2's set is at table 1 next round.
    assert m.at(2, 1).board_set == m.at(1, 2).board_set
    assert m.next_move(1, 2)["boards"] == {"tables": [1, 10], "bystand": False}


def test_the_ten_and_a_half_table_appendix_matches_bridgecentral():
    # bridgecentral.com, "1½ table appendix Mitchell", 10½ tables: a 9-table base with
    # 3 boards a table (27 boards), table 10 sharing with table 1, the half-table pair
    # sitting out the first round.  21 pairs: the stationary pair of table 11 is the
    # missing one (numbered 22), so table 11 is the bye.
    m = appendix_mitchell(11, 3, pairs=21)
    assert (m.rounds, m.boards) == (9, 27)
    bye = [m.at(r, 11) for r in range(1, 10)]
    assert all(tr.ns is None and "the bye" in tr.note for tr in bye)
    assert all(tr.boards == () and tr.shared == () for tr in bye)  # it needs no boards
    assert m.where(bye[0].ew, 1) == (11, "EW")  # the half-table pair starts at the bye
    assert "22" not in m.pairs and len(m.pairs) == 21
    # Nobody plays at the bye, so table 1's card names table 10 only, even in round 5,
    # and a set's next tables never include the bye.
    assert m.at(5, 1).note == "appendix: shares this set with table 10"
    assert all(11 not in m.next_move(r, t)["boards"]["tables"] for r in range(1, 9) for t in (1, 2))
    # The East-West pairs move up one table round all 11 tables, from 11 to 1.
    assert m.next_move(1, 10)["ew"] == {"table": 11, "direction": "EW"}
    assert m.next_move(2, 10)["ew"] == {"table": 11, "direction": "EW"}
    assert m.next_move(1, 11)["ew"] == {"table": 1, "direction": "EW"}


def test_the_appendix_is_offered_by_name_for_an_odd_base():
    # With 21 pairs the same schedule is offered as the Bowman (test_bowman.py).
    assert offers(22) == ["mitchell-11-appendix"]
    assert offers(21) == offers(20) == [] and offers(8) == []
    assert build("mitchell-11-appendix", 2, 21).name == "mitchell-11-appendix"
    assert from_name("mitchell-11", 2, None) is None
    assert from_name("mitchell-x-appendix", 2, None) is None


@pytest.mark.parametrize("tables", [3, 4, 6, 12])
def test_an_appendix_needs_an_odd_base_of_three(tables):
    with pytest.raises(MovementError, match="odd Mitchell"):
        appendix_mitchell(tables, 2)
