"""A club's season (scoring.season): the worked examples of docs/laws/duplicate.md."""

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.season import matchpoint_season, total_season


def test_matchpoints_best_three_of_at_least_two():
    # Best N = 3, at least M = 2 evenings.
    # Alden: 55, 61, 48, 70 -> best three 70, 61, 55 -> (70 + 61 + 55) / 3 = 186/3 = 62.
    # Brewster: 64, 58 -> both count -> (64 + 58) / 2 = 61.
    # Carrow: one evening of 75 -> listed, not ranked (fewer than 2 evenings).
    lines = matchpoint_season(
        {"Alden": [F(55), F(61), F(48), F(70)], "Brewster": [F(64), F(58)], "Carrow": [F(75)]},
        best=3,
        at_least=2,
    )
    assert [(x.member, x.score, x.rank, x.played) for x in lines] == [
        ("Alden", F(62), "1", 4),
        ("Brewster", F(61), "2", 2),
        ("Carrow", F(75), "", 1),
    ]
    assert lines[0].counted == (F(70), F(61), F(55))  # the 48 is dropped
    assert not lines[2].ranked


def test_matchpoints_every_evening_when_best_is_blank_and_exact_thirds():
    # No N: every percentage counts. Dale: 50, 51 1/3, 52 -> (50 + 154/3 + 52) / 3 = 460/9.
    lines = matchpoint_season({"Dale": [F(50), F(154, 3), F(52)]}, best=None, at_least=1)
    assert lines[0].score == F(460, 9)


def test_matchpoints_equal_averages_share_the_place():
    # Elwood (60 + 50) / 2 = 55 and Foster (55) share first; Grant 40 is third.
    lines = matchpoint_season(
        {"Elwood": [F(60), F(50)], "Foster": [F(55)], "Grant": [F(40)]}, best=None, at_least=1
    )
    assert [(x.member, x.rank) for x in lines] == [
        ("Elwood", "1="),
        ("Foster", "1="),
        ("Grant", "3"),
    ]


def test_total_points_sum_of_law_h_scores():
    # Hale: +120, -45 and +30 1/2 -> 120 - 45 + 61/2 = 211/2 = +105 1/2.
    # Irwin: -10 over one evening (an evening missed adds nothing) -> -10.
    lines = total_season({"Hale": [120, -45, F(61, 2)], "Irwin": [-10]})
    assert [(x.member, x.score, x.rank) for x in lines] == [
        ("Hale", F(211, 2), "1"),
        ("Irwin", F(-10), "2"),
    ]


def test_best_must_count_an_evening():
    with pytest.raises(ValueError):
        matchpoint_season({"A": [F(50)]}, best=0, at_least=1)


percents = st.lists(st.fractions(min_value=0, max_value=100), min_size=1, max_size=8)


@given(
    st.dictionaries(st.integers(0, 20), percents, max_size=8), st.integers(1, 5), st.integers(1, 5)
)
def test_matchpoint_season_properties(values, best, at_least):
    lines = matchpoint_season(values, best=best, at_least=at_least)
    assert {x.member for x in lines} == set(values)
    for x in lines:
        kept = sorted(values[x.member], reverse=True)[:best]
        assert x.counted == tuple(kept)
        assert min(kept) <= x.score <= max(kept)  # an average of what it counts
        assert x.ranked == (len(values[x.member]) >= at_least)
    ranked = [x for x in lines if x.ranked]
    assert lines[: len(ranked)] == ranked  # the ranked first
    assert [x.score for x in ranked] == sorted((x.score for x in ranked), reverse=True)
