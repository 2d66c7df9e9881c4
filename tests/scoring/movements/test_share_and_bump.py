"""The share-and-bump Mitchell: soundness at every size it runs, its one declared share
a round, every pair on every board, nobody met twice (docs/laws/movements.md)."""

from collections import Counter
from math import gcd

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import MovementError, build, check, figures
from scoring.movements.share_and_bump import from_name, offers, share_and_bump

SIZES = [n for n in range(6, 41, 2) if gcd(n - 1, 6) == 1]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SIZES), st.integers(1, 3), st.booleans())
def test_every_share_and_bump_is_sound_with_one_share_a_round(tables, bpr, odd):
    m = share_and_bump(tables, bpr, pairs=2 * tables - 1 if odd else None)
    assert check(m) is m
    assert (m.rounds, m.board_sets) == (tables - 1, tables - 1)
    assert m.bystand_sets == {}
    for r in range(1, m.rounds + 1):
        host = (2 * (r - 1)) % (tables - 1) + 1  # tables 1, 3, 5, ... round tables 1..N-1
        shares = {tr.table: tr.shared for tr in m.round(r) if tr.shared}
        assert shares == {host: (tables,), tables: (host,)}
        assert m.at(r, tables).board_set == m.at(r, host).board_set
    if not odd:
        f = figures(m)
        assert f.boards_a_pair == (m.boards, m.boards)  # every pair plays every board
        assert f.sit_outs == 0
        meetings = Counter(frozenset((tr.ns, tr.ew)) for tr in m.schedule)
        assert max(meetings.values()) == 1  # nobody meets anybody twice


def test_the_six_table_share_and_bump():
    # 6 tables, 5 sets, 5 rounds.  Pair 12 bumps at tables 1, 3, 5, 2, 4 (2r - 1 round
    # 5); the pair it bumps (7, 8, 9, 10, 11: the one whose path reaches that table)
    # plays pair 6 at table 6 on the same set: round 2, table 3 holds set 4 (3 + 2 - 1),
    # and pair 8, which would be at table 3, plays it at table 6.
    m = share_and_bump(6, 1)
    assert [m.at(r, 6).ew for r in range(1, 6)] == ["7", "8", "9", "10", "11"]
    assert [m.where("12", r) for r in range(1, 6)] == [
        (1, "EW"),
        (3, "EW"),
        (5, "EW"),
        (2, "EW"),
        (4, "EW"),
    ]
    assert m.at(2, 3).board_set == m.at(2, 6).board_set == 4
    assert m.at(2, 3).note == "bump: pair 12 plays East-West here, pair 8 goes to table 6; " + (
        "shares this set with table 6"
    )
    assert m.next_move(1, 2)["ew"] == {"table": 6, "direction": "EW"}  # pair 8 is bumped
    assert m.next_move(2, 6)["ew"] == {"table": 4, "direction": "EW"}  # and back on its way
    assert m.next_move(1, 6)["boards"] == {"tables": [5], "bystand": False}


def test_it_is_offered_where_it_runs():
    assert offers(16) == offers(15) == ["mitchell-8-share"]
    assert offers(20) == []  # 10 tables: 3 divides 9
    assert offers(14) == []  # 7 tables: odd
    assert build("mitchell-8-share", 2).name == "mitchell-8-share"
    assert from_name("mitchell-8-relay", 2, None) is None


@pytest.mark.parametrize("tables", [4, 7, 10, 16])
def test_it_is_refused_in_words_where_it_cannot_run(tables):
    with pytest.raises(MovementError, match="prime to 6"):
        share_and_bump(tables, 2)
