"""Movements: properties over every size, and the published small schedules."""

from collections import Counter, defaultdict
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import MovementError, check, howell, make_movement, mitchell, team_match


def _common_checks(m):
    """Properties every movement has."""
    assert check(m) is m
    by_round = defaultdict(list)
    for tr in m.schedule:
        by_round[tr.round].append(tr)
    assert sorted(by_round) == list(range(1, m.rounds + 1))
    for trs in by_round.values():
        # Every table once a round; no pair at two tables at once.
        assert sorted(tr.table for tr in trs) == list(range(1, m.tables + 1))
        seated = [p for tr in trs for p in (tr.ns, tr.ew) if p is not None]
        assert len(seated) == len(set(seated))
    # No pair plays a board twice.
    boards = defaultdict(list)
    for tr in m.schedule:
        for p in (tr.ns, tr.ew):
            if p is not None:
                boards[p].extend(tr.boards)
    for played in boards.values():
        assert len(played) == len(set(played))
    # Every board is played equally often.
    plays = Counter(b for tr in m.schedule for b in tr.boards)
    assert set(plays) == set(range(1, m.boards + 1))
    assert len(set(plays.values())) == 1
    return by_round, boards


def _shared_sets(by_round):
    """(round, set) pairs played at more than one table."""
    out = []
    for r, trs in by_round.items():
        counts = Counter(tr.board_set for tr in trs)
        out += [(r, s) for s, n in counts.items() if n > 1]
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 30), st.integers(1, 4), st.sampled_from(["skip", "relay"]))
def test_mitchell_properties(tables, bpr, even):
    m = mitchell(tables, bpr, even=even)
    by_round, boards = _common_checks(m)
    ns_pairs = {str(t) for t in range(1, tables + 1)}
    meetings = Counter()
    for tr in m.schedule:
        assert tr.ns in ns_pairs and tr.ew not in ns_pairs  # NS stay NS
        meetings[(tr.ns, tr.ew)] += 1
    assert max(meetings.values()) == 1  # every NS meets every EW at most once
    skip = tables % 2 == 0 and even == "skip"
    expected = m.boards - bpr if skip else m.boards
    assert all(len(b) == expected for b in boards.values())
    if tables % 2 == 1 or skip:
        assert _shared_sets(by_round) == []
        assert len(meetings) == tables * m.rounds
    else:
        # A relay: only tables 1 and N share, once a round; one set rests.
        for r, s in _shared_sets(by_round):
            assert sorted(tr.table for tr in by_round[r] if tr.board_set == s) == [1, tables]
        assert len(_shared_sets(by_round)) == m.rounds
        assert set(m.bystand_sets) == set(range(1, m.rounds + 1))
    # Stationary NS pairs; EW pairs move up one table (two after a skip).
    for r in range(1, m.rounds):
        for tr in by_round[r]:
            nxt = m.where(tr.ew, r + 1)
            step = 2 if skip and r == tables // 2 else 1
            assert nxt == ((tr.table - 1 + step) % tables + 1, "EW")


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 8), st.integers(1, 4))
def test_howell_properties(tables, bpr):
    m = howell(tables, bpr)
    by_round, _ = _common_checks(m)
    pairs = [str(p) for p in range(1, 2 * tables + 1)]
    meetings = Counter(frozenset((tr.ns, tr.ew)) for tr in m.schedule)
    assert set(meetings) == {frozenset(c) for c in combinations(pairs, 2)}
    assert set(meetings.values()) == {1}  # every pair meets every other exactly once
    sets_played = defaultdict(list)
    for tr in m.schedule:
        sets_played[tr.ns].append(tr.board_set)
        sets_played[tr.ew].append(tr.board_set)
    for played in sets_played.values():
        assert sorted(played) == list(range(1, m.board_sets + 1))  # each set once
    shared = _shared_sets(by_round)
    if tables in (2, 3):
        assert shared  # no Room square of side 3 or 5: sharing cannot be avoided
        assert all(
            "shares this set" in tr.note
            for r, s in shared
            for tr in by_round[r]
            if tr.board_set == s
        )
    else:
        assert shared == []


def test_howell_3_tables_matches_the_published_shape():
    # The published 3-table Howell: 6 pairs, 5 rounds, 5 board sets, pair 6 stationary
    # at table 1 North-South, every pair meeting every other once and playing every
    # set once, with boards shared at a relay (no Room square of side 5 exists, so
    # some sharing is forced).  Ours shares in one round only.  Round by round
    # (pair v pair, set):
    m = howell(3, 1)
    got = [[(tr.ns, tr.ew, tr.board_set) for tr in m.round(r)] for r in range(1, 6)]
    assert got == [
        [("6", "1", 1), ("5", "2", 2), ("3", "4", 3)],
        [("6", "2", 3), ("3", "1", 2), ("5", "4", 4)],
        [("6", "3", 4), ("2", "4", 1), ("5", "1", 3)],
        [("6", "4", 2), ("5", "3", 1), ("2", "1", 4)],
        [("6", "5", 5), ("4", "1", 5), ("2", "3", 5)],
    ]
    assert all(m.where("6", r) == (1, "NS") for r in range(1, 6))


def test_howell_4_tables_matches_the_published_endless_howell():
    # Published (bridgecentral.com, "Endless Howell movement", 4 tables): pair 8 stays
    # at table 1; starting positions 8-1 7-2 6-3 5-4; board sets in round 1: 1 3 5 2;
    # "table 2 might start with set 3 and on subsequent rounds ... sets 4, 5, 6, 7, 1, 2".
    m = howell(4, 1)
    first = m.round(1)
    assert [frozenset((tr.ns, tr.ew)) for tr in first] == [
        frozenset(p) for p in (("8", "1"), ("7", "2"), ("6", "3"), ("5", "4"))
    ]
    assert [tr.board_set for tr in first] == [1, 3, 5, 2]
    assert [m.at(r, 2).board_set for r in range(1, 8)] == [3, 4, 5, 6, 7, 1, 2]
    assert _shared_sets({r: m.round(r) for r in range(1, 8)}) == []  # "perfect", no relay


def test_howell_2_tables_shares_the_boards_every_round():
    # The standard 2-table Howell: pair 4 stationary at table 1 NS, 3 rounds, both
    # tables playing the same boards each round.
    m = howell(2, 7)
    for r in range(1, 4):
        a, b = m.round(r)
        assert a.ns == "4" and a.boards == b.boards


def test_mitchell_4_tables_relay_bystand():
    # The relay-bystand Mitchell for 4 tables: 4 rounds, 4 sets; tables 1 and 4 share
    # a set; the bystand between tables 2 and 3 holds the resting set.  Boards move
    # down: table 2 -> table 1 (and 4) -> table 3 -> bystand -> table 2.
    m = mitchell(4, 3, even="relay")
    got = [[(tr.ns, tr.ew, tr.board_set) for tr in m.round(r)] for r in range(1, 5)]
    assert got == [
        [("1", "5", 1), ("2", "6", 2), ("3", "7", 4), ("4", "8", 1)],
        [("1", "8", 2), ("2", "5", 3), ("3", "6", 1), ("4", "7", 2)],
        [("1", "7", 3), ("2", "8", 4), ("3", "5", 2), ("4", "6", 3)],
        [("1", "6", 4), ("2", "7", 1), ("3", "8", 3), ("4", "5", 4)],
    ]
    assert m.bystand_sets == {1: 3, 2: 4, 3: 1, 4: 2}
    assert m.next_move(1, 1)["boards"] == {"tables": [3], "bystand": False}
    assert m.next_move(1, 3)["boards"] == {"tables": [], "bystand": True}


def test_mitchell_odd_tables():
    m = mitchell(5, 3)
    assert (m.rounds, m.boards) == (5, 15)
    assert m.at(1, 1).ns == "1" and m.at(1, 1).ew == "6" and m.at(1, 1).boards == (1, 2, 3)
    assert m.at(2, 2).ew == "6"  # EW move up one table
    assert m.at(2, 1).boards == (4, 5, 6)  # boards move down one


def test_mitchell_skip():
    m = mitchell(6, 2, even="skip")
    assert m.rounds == 5
    assert any("skip" in n for n in m.notes)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 30), st.integers(1, 4))
def test_team_match_properties(k, bpr):
    m = team_match(k, bpr)
    by_round, _ = _common_checks(m)
    per_table = defaultdict(list)
    for tr in m.schedule:
        per_table[tr.table].extend(tr.boards)
        assert {tr.ns[0], tr.ew[0]} == {"A", "B"}  # one pair of each team a table
        assert m.where(tr.ns, 1)[0] == tr.table  # pairs stationary
    for played in per_table.values():
        assert sorted(played) == list(range(1, m.boards + 1))  # every board at every table
    a_ns = sum(1 for tr in by_round[1] if tr.ns.startswith("A"))
    assert a_ns in (k // 2, (k + 1) // 2)
    assert _shared_sets(by_round) == []


@pytest.mark.parametrize("tables", [3, 4, 7])
def test_sit_out_with_an_odd_number_of_pairs(tables):
    for m in (
        mitchell(tables, 2, pairs=2 * tables - 1),
        howell(min(tables, 8), 2, pairs=2 * min(tables, 8) - 1),
    ):
        sitouts = [tr for tr in m.schedule if tr.sit_out]
        assert len(sitouts) == m.rounds  # exactly one table sits out each round
        assert all("sit-out" in tr.note for tr in sitouts)
        assert str(2 * m.tables) not in m.pairs


def test_arrow_switch_last_round():
    m = mitchell(5, 3, arrow_switch=True)
    last = m.round(5)
    assert all(tr.ns in {"6", "7", "8", "9", "10"} for tr in last)
    directions = defaultdict(set)
    for tr in m.schedule:
        directions[tr.ns].add("NS")
        directions[tr.ew].add("EW")
    assert all(d == {"NS", "EW"} for d in directions.values())


def test_guide_cards():
    m = mitchell(3, 2)
    cards = m.guide_cards()
    assert [c["table"] for c in cards] == [1, 2, 3]
    row = cards[0]["rounds"][0]
    assert row["ns"] == "1" and row["ew"] == "4" and row["boards"] == [1, 2]
    assert row["next"]["ew"] == {"table": 2, "direction": "EW"}
    assert row["next"]["ns"] == {"table": 1, "direction": "NS"}
    assert row["next"]["boards"] == {"tables": [3], "bystand": False}
    assert cards[0]["rounds"][-1]["next"]["last_round"] is True


@pytest.mark.parametrize(
    ("args", "kw", "words"),
    [
        (("mitchell", 1), {}, "at least 2 tables"),
        (("howell", 30), {}, "2 to 16 tables"),
        (("mitchell", 41), {}, "2 to 40 tables"),
        (("mitchell", 5, 0), {}, "at least one board"),
        (("mitchell", 5, 20), {}, "1 to 13"),
        (("mitchell", 5), {"pairs": 7}, "do not fit"),
        (("mitchell", 4), {"even": "sideways"}, "skip"),
        (("howell", 4), {"arrow_switch": True}, "belongs to a Mitchell"),
        (("bowtie", 4), {}, "unknown movement"),
    ],
)
def test_impossible_requests(args, kw, words):
    with pytest.raises(MovementError, match=words):
        make_movement(*args, **kw)
