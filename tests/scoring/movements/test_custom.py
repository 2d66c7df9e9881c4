"""A director's own movement as CSV: every library movement round-trips, a bad file is
refused with the line and the reason, and the parser never crashes."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movements import MovementError, build, offered, problems
from scoring.movements.custom import from_csv, to_csv

TWO_TABLES = """round,table,ns,ew,boards
1,1,1,2,1-2
1,2,3,4,3-4
2,1,1,3,5-6
2,2,4,2,7-8
"""


def _seats(movement):
    return [
        (tr.round, tr.table, tr.ns, tr.ew, tr.boards, tr.shared, tr.copies, tr.copy, tr.note)
        for tr in movement.schedule
    ]


@pytest.mark.parametrize("pairs", range(4, 61))
def test_every_offered_movement_round_trips(pairs):
    for name in offered(pairs):
        movement = build(name, 2, pairs)
        again = from_csv(to_csv(movement), name="x")
        assert _seats(again) == _seats(movement), name
        assert (again.rounds, again.tables, again.boards) == (
            movement.rounds,
            movement.tables,
            movement.boards,
        )
        assert again.pairs == movement.pairs


def test_a_small_movement_reads():
    m = from_csv(TWO_TABLES)
    assert (m.tables, m.rounds, m.boards_per_round, m.board_sets) == (2, 2, 2, 4)
    assert m.where("4", 2) == (2, "NS")
    assert problems(m) == []


def test_boards_written_with_commas_and_a_missing_pair():
    m = from_csv(
        'round,table,ns,ew,boards\n1,1,1,2,"1,2"\n1,2,3,-,"3,4"\n2,1,1,3,"5,6"\n2,2,,2,"7,8"\n'
    )
    assert m.at(1, 2).sit_out and m.at(2, 2).ns is None


def test_a_declared_relay_is_accepted_and_an_undeclared_one_refused():
    body = "1,1,1,2,1-2,2\n1,2,3,4,1-2,1\n2,1,1,3,3-4,2\n2,2,4,2,3-4,1\n"
    m = from_csv("round,table,ns,ew,boards,shared\n" + body)
    assert m.at(1, 1).shared == (2,)
    with pytest.raises(MovementError, match=r"^line 2: round 1: board 1 is at tables 1 and 2"):
        from_csv("round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,3,4,1-2\n2,1,1,3,3-4\n2,2,4,2,3-4\n")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the file is empty"),
        ("round,table,ns,ew\n1,1,1,2\n", "line 1: the header must name the columns"),
        ("round,table,ns,ew,boards,colour\n", "line 1: the header's columns are"),
        ("round,table,ns,ew,boards\n", "a header and no tables"),
        (TWO_TABLES.replace("2,2,4,2,7-8", "2,x,4,2,7-8"), "line 5: the table must be a whole"),
        (TWO_TABLES.replace("2,2,4,2,7-8", "2,2,4,2,8-7"), "line 5: boards '8-7' run backwards"),
        (TWO_TABLES.replace("2,2,4,2,7-8", "2,2,4,2,7-9"), "line 5: 3 boards where the first"),
        (TWO_TABLES.replace("2,2,4,2,7-8", '2,2,4,2,"7,9"'), "line 5: a table's boards"),
        (TWO_TABLES.replace("2,2,4,2,7-8", "2,2,4,2,6-7"), "line 5: board 6 is played with"),
        (TWO_TABLES.replace("2,2,4,2,7-8", "2,1,4,2,7-8"), "line 5: round 2, table 1 is already"),
        (TWO_TABLES.replace("2,2,4,2,7-8", "2,2,4,2,7,8"), "line 5: 6 columns"),
        (TWO_TABLES.replace("2,2,4,2,7-8", "2,2,4,3,7-8"), "line 5: round 2: pair 3 sits"),
        (TWO_TABLES.replace("2,2,4,2,7-8", "2,2,4,2!,7-8"), "line 5: the East-West pair"),
        (TWO_TABLES.replace("2,1,1,3,5-6", "2,1,1,3,1-2"), "line 4: round 2, table 1: pair 1"),
        (TWO_TABLES.replace("1-2\n1,2", "1-2\n1,3"), "round 1 does not seat tables 1 to 3"),
        (TWO_TABLES.replace("3-4", "9-10"), "board 3 is never played"),
        (TWO_TABLES.replace("1,1,1,2,1-2", "1,1,1,1,1-2"), "line 2"),
    ],
)
def test_refusals_name_the_line_and_the_reason(text, message):
    with pytest.raises(MovementError, match=message):
        from_csv(text)


def _clear(e: MovementError) -> None:
    text = str(e)
    assert text and "\n" not in text and "Traceback" not in text
    assert len(text) < 400


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_fuzz_any_text(text):
    try:
        from_csv(text)
    except MovementError as e:
        _clear(e)


_cell = st.one_of(
    st.integers(-2, 12).map(str),
    st.sampled_from(["", "-", "1-2", "3-4", "1,2", "2-1", "A1", "x", '"', "1 2", "99999"]),
    st.text(max_size=5),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_cell, min_size=3, max_size=7), max_size=8))
def test_fuzz_rows_under_a_good_header(rows):
    text = "round,table,ns,ew,boards,shared\n" + "\n".join(",".join(r) for r in rows)
    try:
        m = from_csv(text)
    except MovementError as e:
        _clear(e)
    else:
        assert problems(m) == []  # a movement read is a sound one


def test_a_web_mitchells_copies_read_back_with_their_numbers():
    from scoring.movements.wording import table_words

    web = build("web-10-switch-2", 2)
    text = to_csv(web)
    assert "\n1,1,1,11,1-2,9,1," in text and "\n1,9,9,19,1-2,1,2," in text
    again = from_csv(text, name="x")
    assert (
        table_words(again, 1, 1).boards_next
        == table_words(web, 1, 1).boards_next
        == ("your copy of boards 1-2 to table 5 (the second copy, at table 9, goes to table 8)")
    )


def test_a_copy_that_is_not_a_number_is_refused_in_words():
    bad = "round,table,ns,ew,boards,shared,copies\n1,1,1,2,1-2,2,first\n1,2,3,4,1-2,1,2\n"
    with pytest.raises(MovementError, match="copies is yes, the copy's number"):
        from_csv(bad)
