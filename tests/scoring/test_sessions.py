"""Sections and sessions (scoring/sessions.py): worked examples and a property."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ScoringError
from scoring.pairs import BoardResult, pair_standings
from scoring.sessions import across_sections, carry_over, display_total, session_standings

F = Fraction


def test_two_sections_compared_across_differ_from_within():
    a = [BoardResult(1, "1", "3", 100), BoardResult(1, "2", "4", 50)]
    b = [BoardResult(1, "1", "3", -30), BoardResult(1, "2", "4", 60)]
    # Within section A alone: average 75, so A1 +25 and A2 -25.
    alone = {s.pair: s.score for s in pair_standings(a)}
    assert alone == {"1": 25, "2": -25, "3": -25, "4": 25}
    # Across both: (100 + 50 - 30 + 60) / 4 = 45: A1 +55, A2 +5, B1 -75, B2 +15.
    across = {s.pair: s.score for s in session_standings({"A": a, "B": b})}
    assert across == {
        "A1": 55,
        "A2": 5,
        "B1": -75,
        "B2": 15,
        "A3": -55,
        "A4": -5,
        "B3": 75,
        "B4": -15,
    }


def session(*boards):
    """A matchpoint session: each board's NS nets at three tables (pairs 1-3 v 4-6)."""
    lines = [
        BoardResult(b, str(t), str(t + 3), net)
        for b, nets in enumerate(boards, 1)
        for t, net in enumerate(nets, 1)
    ]
    return pair_standings(lines, "matchpoints")


def test_two_sessions_carried_over_both_ways():
    # Session 1, one board: NS nets 100, 50, 50: matchpoints 4, 1, 1 of a top of 4
    # (100%, 25%, 25%).  Session 2, two boards each 0, 10, 20: 0, 4, 8 of 8 (0%, 50%, 100%).
    s1, s2 = session((100, 50, 50)), session((0, 10, 20), (0, 10, 20))
    total = {r.pair: (r.total, r.rank) for r in carry_over([s1, s2], "matchpoints", "total")}
    # Added: pair 1 4 + 0 = 4, pair 2 1 + 4 = 5, pair 3 1 + 8 = 9.
    assert [total[p] for p in "123"] == [(4, "3"), (5, "2"), (9, "1")]
    average = {r.pair: (r.total, r.rank) for r in carry_over([s1, s2], "matchpoints", "average")}
    # Averaged: pair 1 (100 + 0) / 2 = 50, pair 2 (25 + 50) / 2 = 37.5, pair 3 62.5:
    # each session counts alike, so pair 1 now beats pair 2.
    assert [average[p] for p in "123"] == [(50, "2"), (F(75, 2), "3"), (F(125, 2), "1")]
    row = next(r for r in carry_over([s1, s2], "matchpoints", "average") if r.pair == "2")
    assert display_total(row, "matchpoints", "average") == "37.50%"


def test_a_missed_session_and_bad_carry_overs():
    s1, s2 = session((100, 50, 50)), session((0, 10, 20))
    s2 = [s for s in s2 if s.pair != "1"]  # pair 1 missed session 2
    row = next(r for r in carry_over([s1, s2], "matchpoints", "average") if r.pair == "1")
    assert row.sessions == (100, None) and row.total == 100
    with pytest.raises(ScoringError, match="only in a matchpoint event"):
        carry_over([s1], "total", "average")
    with pytest.raises(ScoringError, match='"total" or "average"'):
        carry_over([s1], "matchpoints", "best")
    with pytest.raises(ScoringError, match="by a letter"):
        across_sections({"1": []})


nets = st.integers(-500, 500)


@given(st.integers(2, 8), st.integers(1, 4), st.data())
def test_sections_playing_the_same_boards_compare_as_one_field(tables, boards, data):
    """Splitting a field into sections that play the same boards changes no score."""
    lines = [
        BoardResult(b, f"{t}", f"{t + tables}", data.draw(nets))
        for b in range(1, boards + 1)
        for t in range(1, tables + 1)
    ]
    section_of = {t: data.draw(st.sampled_from("ABC")) for t in range(1, tables + 1)}
    split: dict[str, list[BoardResult]] = {}
    for r in lines:
        split.setdefault(section_of[int(r.ns)], []).append(r)
    for method in ("total", "matchpoints"):
        whole = {s.pair: s.score for s in pair_standings(lines, method)}
        parts = session_standings(split, method)
        label = {p: section_of[int(p) if int(p) <= tables else int(p) - tables] + p for p in whole}
        assert {s.pair: s.score for s in parts} == {label[p]: v for p, v in whole.items()}


def test_a_session_column_shows_every_percentage_to_two_decimals():
    """The overall table's session columns mixed "75" and "63.33"."""
    from scoring.sessions import display_session

    assert display_session(Fraction(75), "matchpoints") == "75.00"
    assert display_session(75, "matchpoints") == "75.00"
    assert display_session(Fraction(190, 3), "matchpoints") == "63.33"
    assert display_session(Fraction(41, 2), "total") == "21"  # points: whole, half away
    assert display_session(None, "matchpoints") == "—"


def test_snake_seats_deal_in_turn_and_back_and_pass_over_a_full_section():
    from scoring.sessions import snake_seats

    ranked = ["p1", "p2", "p3", "p4", "p5"]
    # Two sections: A, B, B, A, A.  Each takes its first free seat.
    assert snake_seats(ranked, [["A1", "A2", "A3"], ["B1", "B2", "B3"]]) == {
        "p1": "A1", "p2": "B1", "p3": "B2", "p4": "A2", "p5": "A3",
    }  # fmt: skip
    # Section B has one seat: once it is full the deal passes it over.
    assert snake_seats(ranked, [["A1", "A2", "A3", "A4"], ["B1"]]) == {
        "p1": "A1", "p2": "B1", "p3": "A2", "p4": "A3", "p5": "A4",
    }  # fmt: skip
    with pytest.raises(ScoringError, match="5 pairs for 4 seats"):
        snake_seats(ranked, [["A1", "A2"], ["B1", "B2"]])


def test_the_carry_over_follows_the_entrant_not_the_seat():
    # Session 1: pair 1 +30, pair 2 -30 (NS); session 2 the players of pair 1 sit at 2.
    s1 = pair_standings([BoardResult(1, "1", "3", 100), BoardResult(1, "2", "4", 40)])
    s2 = pair_standings([BoardResult(1, "1", "3", 100), BoardResult(1, "2", "4", 40)])
    who = [{"1": "ann", "2": "bob", "3": "cy", "4": "di"}, {"1": "bob", "2": "ann"}]
    rows = {r.pair: r for r in carry_over([s1, s2], "total", "total", who)}
    # Ann: +30 then, at seat 2, -30: 0; Bob -30 + 30 = 0.  By the seat it would be +60.
    assert rows["2"].total == 0 and rows["2"].seats == ("1", "2")
    assert rows["1"].total == 0 and rows["1"].seats == ("2", "1")
    by_seat = {r.pair: r.total for r in carry_over([s1, s2], "total", "total")}
    assert by_seat["1"] == 60
    with pytest.raises(ScoringError, match="same players"):
        carry_over([s1, s2], "total", "total", [who[0], {"1": "ann", "2": "ann"}])
