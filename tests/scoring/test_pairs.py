"""Pair contests: Duplicate Law H total points, and matchpoints with Neuberg."""

from fractions import Fraction

import pytest

from scoring import ScoringError, pair_label_key
from scoring.fractions_fmt import exact, round_half_away, two_decimals
from scoring.pairs import BoardResult, compare_boards, pair_standings, rank_labels

# A 3-table Mitchell, one board a round (see scoring.movements.mitchell(3, 1)):
#   round 1: 1v4 b1, 2v5 b2, 3v6 b3;  round 2: 1v6 b2, 2v4 b3, 3v5 b1;
#   round 3: 1v5 b3, 2v6 b1, 3v4 b2.
MITCHELL_3 = [
    BoardResult(1, "1", "4", 120),
    BoardResult(1, "3", "5", -50),
    BoardResult(1, "2", "6", 30),
    BoardResult(2, "2", "5", 157),
    BoardResult(2, "1", "6", 157),
    BoardResult(2, "3", "4", 0),
    BoardResult(3, "3", "6", -100),
    BoardResult(3, "2", "4", -100),
    BoardResult(3, "1", "5", -100),
]


def by_pair(standings):
    return {s.pair: s for s in standings}


def test_law_h_worked_example():
    # Board 1: NS scores 120, -50, 30; sum 100, average 100/3.
    #   NS1 120 - 100/3 = 260/3;  NS3 -50 - 100/3 = -250/3;  NS2 30 - 100/3 = -10/3.
    # Board 2: 157, 157, 0; average 314/3.  NS2 and NS1 157/3 each; NS3 -314/3.
    # Board 3: -100 everywhere; average -100: nobody gains or loses.
    # NS1 = 260/3 + 157/3 = 139;  NS2 = -10/3 + 157/3 = 49;  NS3 = -250/3 - 314/3 = -188.
    # EW pairs get the negatives of their opponents' differences:
    # EW4 = -260/3 + 314/3 + 0 = 18;  EW5 = -157/3 + 250/3 = 31;  EW6 = -157/3 + 10/3 = -49.
    s = by_pair(pair_standings(MITCHELL_3, "total"))
    assert {p: s[p].score for p in s} == {
        "1": 139,
        "2": 49,
        "3": -188,
        "4": 18,
        "5": 31,
        "6": -49,
    }
    assert [(x.pair, x.direction, x.rank) for x in pair_standings(MITCHELL_3)] == [
        ("1", "NS", "1"),
        ("2", "NS", "2"),
        ("3", "NS", "3"),
        ("5", "EW", "1"),
        ("4", "EW", "2"),
        ("6", "EW", "3"),
    ]


def test_law_h_fractions_and_display():
    # One board at three tables: 100, 0, 0: average 100/3.
    # NS1 100 - 100/3 = 200/3 (66.67 -> "67"); NS2, NS3 -100/3 (-33.33 -> "-33").
    rs = [BoardResult(1, "1", "4", 100), BoardResult(1, "2", "5", 0), BoardResult(1, "3", "6", 0)]
    s = by_pair(pair_standings(rs))
    assert s["1"].to_json() == {
        "pair": "1",
        "direction": "NS",
        "score": "200/3",
        "display": "67",
        "rank": "1",
        "boards": 1,
    }
    assert (exact(s["2"].score), s["2"].display, s["2"].rank) == ("-100/3", "-33", "2=")
    assert s["4"].display == "-67"


def test_compare_boards_gives_each_traveller_line():
    lines = compare_boards(MITCHELL_3, "total")
    assert lines[0].ns_score == Fraction(260, 3) and lines[0].ew_score == Fraction(-260, 3)
    assert [line.result for line in lines] == MITCHELL_3


def test_howell_is_one_field():
    # Pairs 1-4, two tables, directions change: one field, direction None.
    rs = [
        BoardResult(1, "1", "2", 50),
        BoardResult(1, "3", "4", -50),
        BoardResult(2, "2", "3", 30),
        BoardResult(2, "4", "1", 30),
    ]
    standings = pair_standings(rs)
    assert {s.direction for s in standings} == {None}
    s = by_pair(standings)
    # Board 1: average 0: NS1 +50, EW2 -50, NS3 -50, EW4 +50.  Board 2: all 30: nothing.
    assert (s["1"].score, s["2"].score, s["3"].score, s["4"].score) == (50, -50, -50, 50)
    assert (s["1"].rank, s["4"].rank, s["2"].rank) == ("1=", "1=", "3=")


# Matchpoints against independent published examples.
def test_matchpoints_bridge_scorer_cases():
    # bridge-scorer's README and tests: NS 400, 430, 150, -50 -> 4, 6, 2, 0.
    rs = [BoardResult(1, str(i), str(i + 10), s) for i, s in enumerate([400, 430, 150, -50], 1)]
    assert [x.ns_score for x in compare_boards(rs, "matchpoints")] == [4, 6, 2, 0]
    assert [x.ew_score for x in compare_boards(rs, "matchpoints")] == [2, 0, 4, 6]
    # Ties: 50, -90, -90, -90 -> 6, 2, 2, 2; ranks 1, 2=, 2=, 2=.
    rs = [BoardResult(1, str(i), str(i + 10), s) for i, s in enumerate([50, -90, -90, -90], 1)]
    assert [x.ns_score for x in compare_boards(rs, "matchpoints")] == [6, 2, 2, 2]
    ns = [s for s in pair_standings(rs, "matchpoints") if s.direction == "NS"]
    assert [(s.pair, s.rank, s.percent) for s in ns] == [
        ("1", "1", 100),
        ("2", "2=", Fraction(100, 3)),
        ("3", "2=", Fraction(100, 3)),
        ("4", "2=", Fraction(100, 3)),
    ]
    assert ns[1].to_json()["percent"] == "33.33"


def test_neuberg_ebu_example():
    # EBU: a board played 10 times where the others were played 11 (E = 11, A = 10):
    # NS 520 ... -50 -> 19.9, 17.7, ..., 0.1 on a top of 20.
    scores = [520, 500, 490, 480, 460, 450, 430, 420, 400, -50]
    rs = [BoardResult(1, f"n{i}", f"e{i}", s) for i, s in enumerate(scores)]
    rs += [BoardResult(2, f"n{i}", f"e{i}", 0) for i in range(11)]
    lines = compare_boards(rs, "matchpoints")[:10]
    assert [float(x.ns_score) for x in lines] == [
        19.9,
        17.7,
        15.5,
        13.3,
        11.1,
        8.9,
        6.7,
        4.5,
        2.3,
        0.1,
    ]
    assert all(x.top == 20 for x in lines)
    # MP' = (MP + 1) x E / A - 1: the top (18 of a top of 18) becomes 19 x 11/10 - 1 = 19.9.
    assert lines[0].ns_score == Fraction(199, 10)


def test_artificial_scores_total_points():
    # Law B: four tables, the fourth did not play.  Real NS scores 100, 200, 300.
    real = [
        BoardResult(1, "1", "5", 100),
        BoardResult(1, "2", "6", 200),
        BoardResult(1, "3", "7", 300),
    ]
    # "average": the artificial net is (100 + 200 + 300)/3 = 200; the board average over
    # four tables is (600 + 200)/4 = 200, so pairs 4 and 8 gain and lose nothing.
    lines = compare_boards([*real, BoardResult(1, "4", "8", None, "average")], "total")
    assert (lines[3].net_ns, lines[3].ns_score, lines[3].ew_score) == (200, 0, 0)
    assert [x.ns_score for x in lines[:3]] == [-100, 0, 100]
    # "ns-lowest": NS get the lowest NS score, 100, and EW the highest EW score, -100:
    # average (600 + 100)/4 = 175, so NS4 100 - 175 = -75 and EW8 +75.
    lines = compare_boards([*real, BoardResult(1, "4", "8", None, "ns-lowest")], "total")
    assert (lines[3].net_ns, lines[3].ns_score, lines[3].ew_score) == (100, -75, 75)
    # "ew-lowest": the mirror: NS get the highest, 300: average 225, NS4 +75.
    lines = compare_boards([*real, BoardResult(1, "4", "8", None, "ew-lowest")], "total")
    assert lines[3].ns_score == 75
    # The direction field still sums to zero.
    assert sum(x.ns_score for x in lines) == 0


def test_artificial_scores_matchpoints():
    # Same board.  The three real results are matchpointed among themselves: 0, 2, 4 on a
    # top of 4, factored by Neuberg to the full top of 6 (E = 4, A = 3):
    #   (0+1) x 4/3 - 1 = 1/3;  (2+1) x 4/3 - 1 = 3;  (4+1) x 4/3 - 1 = 17/3.
    real = [
        BoardResult(1, "1", "5", 100),
        BoardResult(1, "2", "6", 200),
        BoardResult(1, "3", "7", 300),
    ]
    lines = compare_boards([*real, BoardResult(1, "4", "8", None, "average")], "matchpoints")
    assert [x.ns_score for x in lines] == [
        Fraction(1, 3),
        3,
        Fraction(17, 3),
        3,
    ]  # average: half the top
    lines = compare_boards([*real, BoardResult(1, "4", "8", None, "ns-lowest")], "matchpoints")
    # NS4 the lowest NS score 1/3; EW8 the highest EW score 6 - 1/3 = 17/3.
    assert (lines[3].ns_score, lines[3].ew_score) == (Fraction(1, 3), Fraction(17, 3))
    lines = compare_boards([*real, BoardResult(1, "4", "8", None, "ew-lowest")], "matchpoints")
    assert (lines[3].ns_score, lines[3].ew_score) == (Fraction(17, 3), Fraction(1, 3))


def test_rank_labels():
    assert rank_labels([5, 7, 7, 1]) == ["3", "1=", "1=", "4"]
    assert rank_labels([Fraction(1, 3), Fraction(1, 3) + Fraction(1, 10**9)]) == ["2", "1"]


def test_display_rounding():
    assert round_half_away(Fraction(-203, 3)) == -68
    assert round_half_away(Fraction(1, 2)) == 1 and round_half_away(Fraction(-1, 2)) == -1
    assert two_decimals(Fraction(2, 3) * 100) == "66.67"
    assert two_decimals(Fraction(-1, 200)) == "-0.01"


@pytest.mark.parametrize(
    ("results", "words"),
    [
        ([BoardResult(1, "1", "1", 50)], "against itself"),
        ([BoardResult(0, "1", "2", 50)], "board number"),
        (
            [BoardResult(1, "1", "2", 50), BoardResult(1, "1", "3", 20)],
            "already has a result on board 1",
        ),
        ([BoardResult(1, "1", "2", 50.5)], "whole number"),
        ([BoardResult(1, "1", "2", None, "median")], "adjusted must be one of"),
        ([BoardResult(1, "1", "2", 50, "average")], "either a score or an adjustment"),
        ([BoardResult(1, "1", "2", None, "average")], "only adjusted results"),
        ([BoardResult(1, "", "2", 10)], "both the North-South and East-West"),
    ],
)
def test_bad_results_are_named(results, words):
    with pytest.raises(ScoringError, match=words):
        pair_standings(results)


def test_unknown_method():
    with pytest.raises(ScoringError, match="method"):
        pair_standings(MITCHELL_3, "imps")


def test_pair_label_key_is_the_one_order():
    labels = ["B1", "10", "x", "A2", "2", "1", "A10", "A1", "Zed", "01"]
    assert sorted(labels, key=pair_label_key) == [
        "01",  # the same number as "1": then by the text
        "1",
        "2",
        "10",
        "A1",
        "A2",
        "A10",
        "B1",
        "Zed",
        "x",
    ]


def test_pair_label_key_is_safe_for_any_text():
    # A 5,000-digit number (Python will not turn it into an int) and digits that
    # are not ASCII ("²", Arabic-Indic one) sort without error, the latter as text.
    huge = "9" * 5000
    assert sorted(["2", huge, "²", "١"], key=pair_label_key) == ["2", huge, "²", "١"]


def test_standings_list_pairs_in_label_order_when_tied():
    # One board, every pair the same score: all tie, listed by label.
    results = [BoardResult(1, "10", "A1", 0), BoardResult(1, "2", "B1", 0)]
    assert [s.pair for s in pair_standings(results)] == ["2", "10", "A1", "B1"]
