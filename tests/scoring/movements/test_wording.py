"""The words a table is told (scoring.movements.wording): every case a schedule can
put to a table, read off the schedule's facts, not the family's name."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import (
    LATE,
    WITHDRAWN,
    FieldChange,
    Movement,
    TableRound,
    build,
    howell,
    mitchell,
    offered,
    with_field_changes,
)
from scoring.movements.wording import (
    board_words,
    bystand_rows,
    bystand_words,
    guide_cards,
    sharing_words,
    table_words,
)


def test_board_words():
    assert board_words((9, 10)) == "boards 9-10"
    assert board_words((9, 10, 11)) == "boards 9-11"
    assert board_words((4,)) == "board 4"
    assert board_words(()) == "no boards"


def test_relay_of_two_tables_each_start_on_its_own_board():
    # mitchell(4, 2, even="relay"): tables 1 and 4 share set 1 (boards 1-2) in round 1.
    m = mitchell(4, 2, even="relay")
    one, four = table_words(m, 1, 1), table_words(m, 1, 4)
    assert one.sharing == (
        "share boards 1-2 with table 4: start on board 1, table 4 on board 2, pass them across"
    )
    assert four.sharing == (
        "share boards 1-2 with table 1: start on board 2, table 1 on board 1, pass them across"
    )
    # Table 2's boards go to the shared place next round: both tables are named.
    assert table_words(m, 1, 2).boards_next == (
        "boards 3-4 to tables 1 and 4: they share them next round"
    )
    # The shared set moves on to table 3 (the board circuit skips the bystand place).
    assert one.boards_next == "boards 1-2 to table 3"
    # Tables 1 and 4 are told next round's set comes from table 2 and is shared.
    assert one.boards_in == "next round's boards 3-4 come from table 2 (shared with table 4)"
    # The room display adds only the moves that are not one table's plain pass.
    assert one.board_notes == (one.boards_in,)
    assert table_words(m, 1, 2).board_notes == (
        "boards 3-4 to tables 1 and 4: they share them next round",
        "take boards 5-6 from the bystand for next round",
    )
    assert table_words(mitchell(5, 2), 1, 1).board_notes == ()
    assert table_words(m, 1, 3).sharing == ""


def test_relay_of_two_with_three_boards_plays_the_set_in_order():
    m = mitchell(4, 3, even="relay")
    assert table_words(m, 1, 4).sharing == (
        "share boards 1-3 with table 1: start on board 2, table 1 on board 1; play the set "
        "in order (board 1 after board 3), passing each board to table 1 when you have played it"
    )


def test_three_tables_on_one_set_of_two_boards_duplicate_it():
    # howell(3, 2), round 5: every table plays set 5, boards 9-10.
    h = howell(3, 2)
    assert [tr.board_set for tr in h.round(5)] == [5, 5, 5]
    assert table_words(h, 5, 2).sharing == (
        "share boards 9-10 with tables 1 and 3: 3 tables on 2 boards, so duplicate the set "
        "(a copy for each table) or play them in turn"
    )
    # The set is new in round 5: taken from the director, shared by the other two.
    assert table_words(h, 4, 1).boards_in == (
        "take boards 9-10 from the director for next round: they are new "
        "(shared with tables 2 and 3)"
    )


def test_three_tables_on_one_set_of_three_boards_each_start_apart():
    h = howell(3, 3)
    words = [table_words(h, 5, t).sharing for t in (1, 2, 3)]
    assert words[0].startswith(
        "share boards 13-15 with tables 2 and 3: start on board 13, table 2 on board 14, "
        "table 3 on board 15; play the set in order (board 13 after board 15), passing each "
        "board to table 2"
    )
    assert "start on board 14" in words[1] and words[1].endswith(
        "to table 3 when you have played it"
    )
    assert "start on board 15" in words[2] and words[2].endswith(
        "to table 1 when you have played it"
    )


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), st.integers(1, 6))
def test_sharing_start_boards_never_clash(k, b):
    """Table i of a share plays board (i + j) mod b at its j-th turn: at every turn the
    tables of the share want different boards, and each plays every board once; with
    fewer boards than tables the set is duplicated."""
    tables = tuple(range(1, k + 1))
    boards = tuple(range(1, b + 1))
    words = [
        sharing_words(
            TableRound(1, t, "1", "2", 1, boards, shared=tuple(x for x in tables if x != t))
        )
        for t in tables
    ]
    if b < k:
        assert all("duplicate the set" in w for w in words)
        return
    starts = [int(w.split("start on board ")[1].split(",")[0].split(";")[0]) for w in words]
    assert len(set(starts)) == k
    for j in range(b):
        at_turn = [boards[(boards.index(s) + j) % b] for s in starts]
        assert len(set(at_turn)) == k


@settings(max_examples=60, deadline=None)
@given(st.integers(4, 40), st.integers(0, 7), st.integers(1, 4))
def test_every_table_round_of_every_offered_movement_is_told(pairs, pick, bpr):
    """Whatever the family (every name the library offers a field, today's and those
    added later), every table-round has its words: a share exactly where the schedule
    declares one, a sit-out sentence exactly where a pair is missing, a boards' move
    for every round but the last at a table that holds boards."""
    names = offered(pairs)
    if not names:
        return
    m = build(names[pick % len(names)], bpr, pairs)
    for tr in m.schedule:
        w = table_words(m, tr.round, tr.table)
        assert bool(w.sharing) == bool(tr.shared)
        assert bool(w.sit_out) == tr.sit_out
        assert bool(w.boards_next) == (tr.round < m.rounds and bool(tr.boards))
        assert w.last_round == (tr.round == m.rounds)
        assert "no boards" not in w.boards_next + w.boards_in


def test_a_bye_holding_no_boards_is_told_only_its_sit_out():
    # mitchell-11-appendix for 21 pairs: table 11 is the bye (set 0, no boards), the
    # East-West pair reaching it sits out.
    m = build("mitchell-11-appendix", 2, 21)
    bye = m.at(1, 11)
    assert bye.boards == () and bye.sit_out
    w = table_words(m, 1, 11)
    assert w.boards == "no boards"
    assert w.sit_out.endswith("sits out this round: no opponents here")
    assert (w.boards_next, w.boards_in, w.sharing) == ("", "", "")


def test_a_share_played_from_copies_passes_nothing():
    # Two tables on set 1, each with its own copy (a Web Mitchell's duplicated boards).
    tr = TableRound(1, 1, "1", "11", 1, (1, 2), shared=(9,), copies=True)
    assert sharing_words(tr) == (
        "boards 1-2 are played at table 9 too, each table from its own copy: play yours as "
        "dealt, nothing passes between the tables"
    )


def test_bystand_rest_and_collection():
    m = mitchell(4, 2, even="relay")
    assert m.bystand_sets[1] == 3
    assert bystand_words(m, 1) == "boards 5-6 rest on the bystand this round"
    # Table 3's set goes to the bystand; table 2 takes the resting set from it.
    assert (
        table_words(m, 1, 3).boards_next == "boards 7-8 to the bystand: they rest there next round"
    )
    assert table_words(m, 1, 2).boards_in == "take boards 5-6 from the bystand for next round"
    assert bystand_rows(m)[1] == {
        "round": 2,
        "boards": "boards 7-8",
        "from": "from table 3",
        "to": "to table 2",
    }
    assert bystand_words(mitchell(5, 2), 1) == ""
    assert bystand_rows(mitchell(5, 2)) == []


def test_a_resting_set_is_set_aside_for_its_next_table():
    # A 4-table Howell plays 4 of its 7 sets a round: table 1's round-1 set (set 1,
    # boards 1-2) is played next at table 3 in round 4, nowhere in rounds 2 and 3.
    h = howell(4, 2)
    assert h.board_set_next(1, 1) == []
    assert [tr.table for r in (2, 3, 4) for tr in h.round(r) if tr.board_set == 1] == [3]
    assert table_words(h, 4, 3).boards == "boards 1-2"
    assert table_words(h, 1, 1).boards_next == (
        "boards 1-2 rest next round: set them aside for table 3 in round 4"
    )


def test_sit_out_said_plainly_with_where_the_pair_goes_back():
    # mitchell(3, 3, pairs=5): pair 6 is the phantom; pair 3 sits out round 1.
    m = mitchell(3, 3, pairs=5)
    w = table_words(m, 1, 3)
    assert w.sit_out == "North-South pair 3 sits out this round: no opponents here"
    assert w.seated == "North-South pair 3"
    assert table_words(m, 1, 1).sit_out == ""
    # Pair 4 sits out round 2 (it meets the phantom's seat at table 1) and is back at
    # table 3 in round 3.
    assert table_words(m, 1, 2).ew_next == "East-West pair 5: go to table 3, East-West"
    rover = _rover()
    assert table_words(rover, 1, 2).ns_next == (
        "North-South pair 3: sits out next round, then table 2 North-South in round 3"
    )


def _rover() -> Movement:
    """Two tables and a rover: pair 5 moves to a new table each round and the pair whose
    seat it takes sits out (pair 1 in round 1, pair 3 in round 2)."""
    rows = [
        (1, 1, "5", "2", 1),
        (1, 2, "3", "4", 2),
        (2, 1, "1", "2", 2),
        (2, 2, "5", "4", 3),
        (3, 1, "5", "4", 1),
        (3, 2, "3", "1", 3),
    ]
    schedule = tuple(TableRound(r, t, ns, ew, s, (2 * s - 1, 2 * s)) for r, t, ns, ew, s in rows)
    return Movement(
        kind="mitchell",
        tables=2,
        rounds=3,
        boards_per_round=2,
        board_sets=3,
        schedule=schedule,
        pairs=("1", "2", "3", "4", "5"),
        description="two tables and a rover",
    )


def test_rover_moves_and_the_displaced_pair_returns():
    m = _rover()
    one = table_words(m, 1, 1)
    assert one.ns_next == "North-South pair 5: go to table 2, North-South"
    # Table 1 is told who sits there next round: pair 1, back from its sit-out.
    assert one.arriving == ("North-South pair 1, back from sitting out",)
    assert one.returning == ("North-South pair 1, back from sitting out",)
    # Table 2 is told the rover arrives from table 1; no table's move is missing.
    two = table_words(m, 1, 2)
    assert two.arriving == ("North-South pair 5 from table 1",)
    assert two.returning == ()
    # In round 3 the rover goes back to table 1 and pair 3 returns to table 2 NS.
    assert table_words(m, 2, 2).arriving == (
        "North-South pair 3, back from sitting out",
        "East-West pair 1 from table 1",
    )


def test_withdrawn_pair_leaves_and_its_opponents_sit_out():
    full = mitchell(3, 3)
    m = with_field_changes(full, None, [FieldChange(WITHDRAWN, "4", 2)])
    assert (
        table_words(m, 1, 1).ew_next
        == "East-West pair 4: withdrawn, the evening ends here, thank you"
    )
    # Pair 4 would have sat East-West at table 2 in round 2: pair 2 sits out there.
    assert table_words(m, 2, 2).sit_out == (
        "North-South pair 2 sits out this round: no opponents here"
    )


def test_late_pair_joins():
    # 5 pairs at 3 tables: the phantom's place ("6") is free; pair 7 takes it from
    # round 2, when the place is at table 1 East-West.
    full = mitchell(3, 3)
    m = with_field_changes(full, "6", [FieldChange(LATE, "7", 2, "6")])
    assert m.where("7", 2) == (1, "EW")
    w = table_words(m, 1, 1)
    assert w.arriving == ("East-West pair 7, joining the event",)
    assert w.returning == w.arriving


def test_last_round_says_nothing_of_next():
    m = mitchell(4, 2, even="relay")
    w = table_words(m, 4, 1)
    assert w.last_round
    assert (w.ns_next, w.ew_next, w.boards_next, w.boards_in, w.arriving) == ("", "", "", "", ())
    assert w.sharing  # the share is still said
    assert w.note == "relay: shares this set with table 4"  # the movement's own note


def test_empty_table():
    m = _rover()
    empty = replace(
        m,
        schedule=tuple(
            replace(tr, ns=None, ew=None) if tr.round == 1 and tr.table == 2 else tr
            for tr in m.schedule
        ),
    )
    assert table_words(empty, 1, 2).sit_out == "this table is empty this round"


@pytest.mark.parametrize("movement", [mitchell(4, 2, even="relay"), howell(3, 2), mitchell(5, 3)])
def test_guide_cards_one_card_a_table_one_row_a_round(movement):
    cards = guide_cards(movement)
    assert [c["table"] for c in cards] == list(range(1, movement.tables + 1))
    for card in cards:
        assert [w.round for w in card["rounds"]] == list(range(1, movement.rounds + 1))
        shared = [w.round for w in card["rounds"] if w.sharing]
        assert shared == [
            tr.round for tr in movement.schedule if tr.table == card["table"] and tr.shared
        ]


def test_the_librarys_rover_is_told_from_its_schedule():
    # mitchell-4-relay-rover for 9 pairs: the rover, pair 9, sits out round 1, then
    # takes pair 1's seat at table 1 in round 2 and pair 4's at table 4 in round 3.
    m = build("mitchell-4-relay-rover", 2, 9)
    assert table_words(m, 1, 1).ns_next == (
        "North-South pair 1: sits out next round, then table 1 North-South in round 3"
    )
    assert table_words(m, 1, 1).returning == ("North-South pair 9, back from sitting out",)
    assert table_words(m, 2, 1).ns_next == "North-South pair 9: go to table 4, North-South"
    assert table_words(m, 2, 4).ns_next.startswith("North-South pair 4: sits out next round")
    assert table_words(m, 2, 1).returning == ("North-South pair 1, back from sitting out",)


def test_a_web_table_plays_its_own_copy_and_passes_nothing():
    from scoring.movements import build

    m = build("web-10-switch-3", 2)
    # Tables 1 and 6 each play their own copy of the first set: no relay between them.
    sharing = table_words(m, 1, 1).sharing
    assert "own copy" in sharing
    assert "pass them across" not in sharing


def test_one_board_a_round_is_told_in_the_singular():
    from scoring.movements import build

    # A 10-table Howell at one board a round: a board that waits a round is "it".
    m = build("howell-10", 1)
    said = [table_words(m, r, t).boards_next for r in range(1, m.rounds) for t in range(1, 11)]
    assert any(" rests next round: set it aside for " in s for s in said)
    assert not any(" rest next round" in s or "set them" in s for s in said)


def test_a_web_card_sends_each_copy_to_its_own_table():
    from scoring.movements import build

    # 10 tables, round 1: table 1 plays the first copy of boards 1-2 and table 9 the
    # second; the first copy goes down to table 5, the second to table 8.
    m = build("web-10-switch-2", 2)
    one, nine = table_words(m, 1, 1), table_words(m, 1, 9)
    assert one.sharing == (
        "boards 1-2 are played at table 9 too, each table from its own copy (yours is the "
        "first): play yours as dealt, nothing passes between the tables"
    )
    assert one.boards_next == (
        "your copy of boards 1-2 to table 5 (the second copy, at table 9, goes to table 8)"
    )
    assert nine.boards_next == (
        "your copy of boards 1-2 to table 8 (the first copy, at table 1, goes to table 5)"
    )
    # Nothing said as if one set went to both tables, nor fetched from two.
    assert "share" not in one.boards_next and one.boards_in == "" and one.board_notes == ()
    assert m.next_move(1, 1)["boards"] == {"tables": [5], "bystand": False}


@pytest.mark.parametrize("tables", [10, 14, 18])
def test_every_web_copy_goes_to_the_one_table_that_plays_it_next(tables):
    from scoring.movements import build

    m = build(f"web-{tables}-switch-2", 2)
    for r in range(1, m.rounds):
        for t in range(1, tables + 1):
            tr, w = m.at(r, t), table_words(m, r, t)
            (dest,) = m.next_move(r, t)["boards"]["tables"]
            there = m.at(r + 1, dest)
            assert (there.board_set, there.copy) == (tr.board_set, tr.copy)
            assert w.boards_next.startswith(f"your copy of {w.boards} to table {dest} (")
            assert w.boards_in == ""


def test_a_card_says_a_share_round_by_round_unless_every_round_is_alike():
    """The 3-table Howell shares one set in one round: the card names that round.  An
    individual of 9 plays every round's set from copies at both tables: said once."""
    from scoring.movements import build
    from scoring.movements.individuals import from_name
    from scoring.movements.partnerships import as_partnerships
    from scoring.movements.wording import card_shares, guide_cards

    howell = guide_cards(build("howell-3", 2))
    lines = card_shares(howell[0]["rounds"])
    shared = [w for w in howell[0]["rounds"] if w.sharing]
    assert lines == [f"Round {w.round}: {w.sharing}." for w in shared] and len(lines) == 1
    nine = guide_cards(as_partnerships(from_name("individual-9-r3", 2)))
    assert card_shares(nine[0]["rounds"]) == [
        "Every round: the boards are played at table 2 too, each table from its own copy: "
        "play yours as dealt, nothing passes between the tables."
    ]
    assert card_shares([]) == []
