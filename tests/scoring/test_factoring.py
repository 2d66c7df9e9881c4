"""Factoring for total points (scoring.pairs.factoring): the director's option beside Law
H, worked by hand as docs/laws/duplicate.md ("Factoring") states it."""

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import ScoringError
from scoring.pairs import BoardResult, boards_most_played, factored, pair_standings

# Four boards, two fields (a Mitchell): NS pairs 1, 2, 3 and EW pairs 4, 5, 6.
# Pair 3 came late (boards 3-4 only); pair 6 sat out boards 1-2.
#   Board 1: 1v4 +100, 2v5 +40            average 70:  NS1 +30, NS2 -30;  EW4 -30, EW5 +30
#   Board 2: 1v4 +50,  2v5 +150           average 100: NS1 -50, NS2 +50;  EW4 +50, EW5 -50
#   Board 3: 1v5 +200, 2v6 +100, 3v4 0    average 100: NS1 +100, NS2 0, NS3 -100;
#                                                      EW5 -100, EW6 0, EW4 +100
#   Board 4: 1v6 -100, 2v4 +20, 3v5 +80   average 0:   NS1 -100, NS2 +20, NS3 +80;
#                                                      EW6 +100, EW4 -20, EW5 -80
# Sums as played: NS1 30-50+100-100 = -20; NS2 -30+50+0+20 = 40; NS3 -100+80 = -20;
#                 EW4 -30+50+100-20 = 100; EW5 30-50-100-80 = -200; EW6 0+100 = 100.
# Boards played: four pairs 4, two pairs 2, so B = 4.
# Factored: NS3 -20 x 4 / 2 = -40; EW6 100 x 4 / 2 = 200; the others x 4 / 4, unchanged.
LATE_AND_SIT_OUT = [
    BoardResult(1, "1", "4", 100),
    BoardResult(1, "2", "5", 40),
    BoardResult(2, "1", "4", 50),
    BoardResult(2, "2", "5", 150),
    BoardResult(3, "1", "5", 200),
    BoardResult(3, "2", "6", 100),
    BoardResult(3, "3", "4", 0),
    BoardResult(4, "1", "6", -100),
    BoardResult(4, "2", "4", 20),
    BoardResult(4, "3", "5", 80),
]


def table(standings):
    return [(s.pair, s.score, s.rank, s.boards) for s in standings]


def test_as_played_ranks_the_sums_as_they_are():
    assert table(pair_standings(LATE_AND_SIT_OUT, "total")) == [
        ("2", 40, "1", 4),
        ("1", -20, "2=", 4),
        ("3", -20, "2=", 2),
        ("4", 100, "1=", 4),
        ("6", 100, "1=", 2),
        ("5", -200, "3", 4),
    ]


def test_factored_scales_each_sum_to_the_boards_most_pairs_played():
    rows = pair_standings(LATE_AND_SIT_OUT, "total", factoring="factored")
    assert table(rows) == [
        ("2", 40, "1", 4),
        ("1", -20, "2", 4),
        ("3", -40, "3", 2),  # -20 x 4 / 2
        ("6", 200, "1", 2),  # 100 x 4 / 2
        ("4", 100, "2", 4),
        ("5", -200, "3", 4),
    ]
    by = {s.pair: s for s in rows}
    assert (by["3"].as_played, by["3"].compared, by["3"].factor_to) == (-20, 2, 4)
    assert (by["6"].as_played, by["6"].display) == (100, "200")
    assert by["6"].to_json()["as_played"] == "100" and by["6"].to_json()["factor_to"] == 4
    assert "as_played" not in pair_standings(LATE_AND_SIT_OUT, "total")[0].to_json()


def test_a_factored_fraction_is_exact_and_rounded_only_for_display():
    # A sum of 25 over b = 2 boards, scaled to B = 3: 25 x 3 / 2 = 75/2 (shown "38",
    # half away from zero); -20 x 4 / 2 = -40 stays a whole number.
    assert factored(25, 2, 3) == Fraction(75, 2)
    assert factored(-20, 2, 4) == -40 and type(factored(-20, 2, 4)) is int
    assert factored(Fraction(7, 3), 3, 3) == Fraction(7, 3)
    assert factored(0, 0, 4) == 0  # a pair with nothing compared keeps its nothing


def test_a_board_no_one_else_played_is_not_compared():
    alone = [*LATE_AND_SIT_OUT, BoardResult(5, "3", "6", 400)]  # played at one table only
    by = {s.pair: s for s in pair_standings(alone, "total", factoring="factored")}
    assert by["3"].boards == 3 and by["3"].compared == 2 and by["3"].score == -40


def test_b_on_a_tie_of_counts_is_the_larger():
    assert boards_most_played([14, 14, 14, 12, 12]) == 14
    assert boards_most_played([12, 12, 14, 14, 10]) == 14
    assert boards_most_played([12, 12, 12, 14, 14]) == 12
    assert boards_most_played([]) == 0


def test_matchpoints_ignore_factoring():
    mp = pair_standings(LATE_AND_SIT_OUT, "matchpoints")
    assert pair_standings(LATE_AND_SIT_OUT, "matchpoints", factoring="factored") == mp


def test_an_unknown_factoring_is_refused():
    with pytest.raises(ScoringError, match="as-played"):
        pair_standings(LATE_AND_SIT_OUT, "total", factoring="scaled")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=30), min_size=1, max_size=40),
    st.integers(min_value=-5000, max_value=5000),
)
def test_b_is_a_most_common_count_and_factoring_scales_exactly(counts, total):
    most = boards_most_played(counts)
    played = [c for c in counts if c > 0]
    if not played:
        assert most == 0
        return
    tally = Counter(played)
    assert tally[most] == max(tally.values())
    assert all(n <= most for n in tally if tally[n] == tally[most])
    for b in set(played):
        value = factored(total, b, most)
        assert value * b == total * most  # sum x B / b, exactly
        if b == most:
            assert value == total
