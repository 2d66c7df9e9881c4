"""The director's adjusted scores (scoring/adjusted.py): worked examples and properties.

One board, four tables: NS pairs 1-4 against EW pairs 5-8.  Tables 1-3 scored
+100, +50 and -30 (North-South's view); table 4 is what each test adjusts.
"""

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ScoringError
from scoring.adjusted import AdjustedValues, assigned_label, parse_weights, weighted_net
from scoring.pairs import BoardResult, compare_boards, pair_standings

F = Fraction
REAL = [BoardResult(1, "1", "5", 100), BoardResult(1, "2", "6", 50), BoardResult(1, "3", "7", -30)]


def line(adjusted, weights=None, version=1):
    return BoardResult(1, "4", "8", None, adjusted, weights, version)


DEFAULT = AdjustedValues()


def scores(results, method="total", values=DEFAULT):
    return [(ln.ns_score, ln.ew_score) for ln in compare_boards(results, method, values)]


# --- Not played -----------------------------------------------------------------


def test_not_played_total_points_compares_the_others_alone():
    # Average of the three played: (100 + 50 - 30) / 3 = 40.
    # NS: 100 - 40 = 60, 50 - 40 = 10, -30 - 40 = -70; table 4 earns nothing.
    got = scores([*REAL, line("not-played")])
    assert got == [(60, -60), (10, -10), (-70, 70), (None, None)]


def test_not_played_matchpoints_factor_the_board_up_by_neuberg():
    # Four lines, so the top is 2 x 3 = 6; three results compared: raw NS 4, 2, 0.
    # Neuberg to 4 results: (mp + 1) x 4/3 - 1: 4 -> 17/3, 2 -> 3, 0 -> 1/3.
    got = scores([*REAL, line("not-played")], "matchpoints")
    assert got == [(F(17, 3), F(1, 3)), (3, 3), (F(1, 3), F(17, 3)), (None, None)]


def test_not_played_counts_no_board_for_its_pairs():
    other = [BoardResult(2, "4", "8", 80), BoardResult(2, "1", "5", 20)]
    rows = {s.pair: s for s in pair_standings([*REAL, line("not-played"), *other])}
    assert rows["4"].boards == 1  # board 2 only
    assert rows["1"].boards == 2


# --- Average-plus / average / average-minus, split -------------------------------


def test_plus_minus_in_matchpoints_is_a_share_of_the_top():
    # Top 6: NS average-plus 60% of 6 = 18/5; EW average-minus 40% of 6 = 12/5.
    # The others are compared among themselves, as if table 4 had not played.
    got = scores([*REAL, line("plus/minus")], "matchpoints")
    assert got[3] == (F(18, 5), F(12, 5))
    assert got[:3] == scores([*REAL, line("not-played")], "matchpoints")[:3]


def test_plus_minus_in_total_points_is_points_against_the_average():
    # Default +50 / 0 / -50 against the average; the others' average is over the
    # three played (40), so they are unchanged.
    got = scores([*REAL, line("plus/minus")])
    assert got == [(60, -60), (10, -10), (-70, 70), (50, -50)]


def test_split_average_to_one_side_minus_to_the_other_is_not_zero_sum():
    # NS not at fault (average, 0), EW at fault (average-minus, -50).
    assert scores([*REAL, line("average/minus")])[3] == (0, -50)
    # Both at fault: 40% each of a top of 6 = 12/5 each.
    assert scores([*REAL, line("minus/minus")], "matchpoints")[3] == (F(12, 5), F(12, 5))


def test_the_values_are_the_events_settings():
    values = AdjustedValues(plus_percent=70, minus_percent=30, points=100)
    # 70% of 6 = 21/5; 30% of 6 = 9/5; total points +100 / -100.
    assert scores([*REAL, line("plus/minus")], "matchpoints", values)[3] == (F(21, 5), F(9, 5))
    assert scores([*REAL, line("plus/minus")], "total", values)[3] == (100, -100)
    assert "average-plus 70%" in values.describe("matchpoints")
    assert "+100" in values.describe("total")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"plus_percent": 49}, "average-plus"),
        ({"minus_percent": 51}, "average-minus"),
        ({"points": -1}, "points"),
        ({"points": 1.5}, "whole number"),
    ],
)
def test_impossible_values_are_refused(kwargs, message):
    with pytest.raises(ScoringError, match=message):
        AdjustedValues(**kwargs)


def test_assigned_labels_in_words():
    assert assigned_label("plus/minus") == "average-plus to North-South, average-minus to East-West"
    assert assigned_label("average/average") == "average to both sides"


# --- Weighted --------------------------------------------------------------------


def test_weighted_total_points():
    # Net: 1/3 x 120 + 2/3 x (-50) = 40 - 100/3 = 20/3.  Four nets add to
    # 120 + 20/3 = 380/3; the average is 95/3.  NS: 100 - 95/3 = 205/3,
    # 50 - 95/3 = 55/3, -30 - 95/3 = -185/3, 20/3 - 95/3 = -25.
    weights = ((F(1, 3), 120), (F(2, 3), -50))
    got = scores([*REAL, line("weighted", weights)])
    assert got == [
        (F(205, 3), F(-205, 3)),
        (F(55, 3), F(-55, 3)),
        (F(-185, 3), F(185, 3)),
        (-25, 25),
    ]


def test_weighted_matchpoints_weigh_each_comparison():
    # Top 6, four results.  +100: beats +50 and -30 (4), against the weighted line
    # 1/3 x 0 (below 120) + 2/3 x 2 (above -50) = 4/3: 16/3.  +50: 2 + 4/3 = 10/3.
    # -30: 0 + 4/3 = 4/3.  The weighted line: its 120 beats all three (6) x 1/3 = 2,
    # its -50 beats none: 2.  16/3 + 10/3 + 4/3 + 2 = 12 = 4 x 3, as on any board.
    weights = ((F(1, 3), 120), (F(2, 3), -50))
    got = scores([*REAL, line("weighted", weights)], "matchpoints")
    assert [ns for ns, _ in got] == [F(16, 3), F(10, 3), F(4, 3), 2]
    assert all(ns + ew == 6 for ns, ew in got)


def test_weights_are_checked():
    assert parse_weights([["1/3", 120], ["2/3", -50]]) == ((F(1, 3), 120), (F(2, 3), -50))
    assert weighted_net(((F(1, 2), 100), (F(1, 2), 50))) == 75
    for bad, message in [
        ([["1/2", 100], ["1/3", 50]], "add up to 1"),
        ([["1", 100]], "two parts"),
        ([["0", 100], ["1", 50]], "more than 0"),
        ([["x", 100], ["1/2", 50]], "not a fraction"),
        ([["1/2", 1.5], ["1/2", 50]], "whole number"),
    ]:
        with pytest.raises(ScoringError, match=message):
            parse_weights(bad)


# --- A fouled board --------------------------------------------------------------


def test_fouled_board_versions_are_compared_among_themselves():
    # Tables 1-2 played version 1 (+100, +50), tables 3-4 version 2 (-30, +10).
    # Total points: version 1 averages 75 (+25, -25), version 2 averages -10
    # (-20, +20).  Matchpoints: top 6 (four results); each version of two results
    # factored up: the better (2 + 1) x 4/2 - 1 = 5, the other (0 + 1) x 2 - 1 = 1.
    results = [
        BoardResult(1, "1", "5", 100),
        BoardResult(1, "2", "6", 50),
        BoardResult(1, "3", "7", -30, version=2),
        BoardResult(1, "4", "8", 10, version=2),
    ]
    assert scores(results) == [(25, -25), (-25, 25), (-20, 20), (20, -20)]
    assert scores(results, "matchpoints") == [(5, 1), (1, 5), (1, 5), (5, 1)]


# --- Properties ------------------------------------------------------------------

nets = st.integers(-600, 600)


@st.composite
def boards(draw):
    """One board of 3-8 tables, real scores only."""
    n = draw(st.integers(3, 8))
    return [BoardResult(1, f"n{i}", f"e{i}", draw(nets)) for i in range(n)]


@given(boards(), st.sampled_from(["total", "matchpoints"]), st.data())
def test_a_weighted_line_of_one_score_is_that_score(board, method, data):
    """Weights w and 1 - w on the same score s compare exactly as a real s."""
    w = data.draw(st.fractions(F(1, 10), F(9, 10)))
    s = board[-1].net_ns
    mixed = BoardResult(1, board[-1].ns, board[-1].ew, None, "weighted", ((w, s), (1 - w, s)))
    plain = compare_boards(board, method)
    got = compare_boards([*board[:-1], mixed], method)
    assert [(x.ns_score, x.ew_score) for x in got] == [(x.ns_score, x.ew_score) for x in plain]


@given(boards(), st.data())
def test_weighted_lines_keep_every_line_at_the_top(board, data):
    """However many weighted lines, each line's NS + EW matchpoints is the top."""
    k = data.draw(st.integers(1, len(board) - 1))
    out = list(board[k:])
    for r in board[:k]:
        w = data.draw(st.fractions(F(1, 10), F(9, 10)))
        out.append(
            BoardResult(1, r.ns, r.ew, None, "weighted", ((w, r.net_ns), (1 - w, -r.net_ns)))
        )
    lines = compare_boards(out, "matchpoints")
    top = 2 * (len(out) - 1)
    assert all(x.ns_score + x.ew_score == top for x in lines)
    assert sum(x.ns_score for x in lines) == len(out) * (len(out) - 1)


@given(boards())
def test_not_played_leaves_the_others_law_h_as_if_the_table_were_absent(board):
    absent = compare_boards(board[:-1])
    np = BoardResult(1, board[-1].ns, board[-1].ew, None, "not-played")
    got = compare_boards([*board[:-1], np])
    assert [x.ns_score for x in got[:-1]] == [x.ns_score for x in absent]
    assert got[-1].ns_score is None


@given(boards(), st.sampled_from(["total", "matchpoints"]))
def test_one_version_throughout_is_the_plain_board(board, method):
    again = [BoardResult(r.board, r.ns, r.ew, r.net_ns, version=2) for r in board]
    assert [x.ns_score for x in compare_boards(again, method)] == [
        x.ns_score for x in compare_boards(board, method)
    ]


# --- The command line ------------------------------------------------------------


def run(obj):
    return subprocess.run(
        [sys.executable, "-m", "scoring", "pairs"],
        input=json.dumps(obj),
        capture_output=True,
        text=True,
        check=False,
    )


def test_cli_takes_the_directors_adjusted_scores_and_values():
    results = [
        {"board": 1, "ns": "1", "ew": "5", "net_ns": 100},
        {"board": 1, "ns": "2", "ew": "6", "net_ns": 50},
        {"board": 1, "ns": "3", "ew": "7", "net_ns": -30},
        {"board": 1, "ns": "4", "ew": "8", "adjusted": "plus/minus"},
    ]
    out = run({"method": "total", "results": results, "adjusted_values": {"points": 100}})
    assert out.returncode == 0, out.stderr
    by_pair = {p["pair"]: p for p in json.loads(out.stdout)["pairs"]}
    assert by_pair["4"]["score"] == "100" and by_pair["8"]["score"] == "-100"
    weighted = {"board": 1, "ns": "4", "ew": "8", "adjusted": "weighted"}
    weighted["weights"] = [["1/3", 120], ["2/3", -50]]
    out = run({"method": "total", "results": [*results[:3], weighted]})
    by_pair = {p["pair"]: p for p in json.loads(out.stdout)["pairs"]}
    assert by_pair["4"]["score"] == "-25"  # see test_weighted_total_points


@pytest.mark.parametrize(
    "bad, message",
    [
        ({"adjusted": "plus/better"}, "plus/minus"),
        ({"adjusted": "weighted"}, "lists its parts"),
        ({"adjusted": "weighted", "weights": [["1/2", 1], ["1/3", 2]]}, "add up to 1"),
        ({"adjusted": "not-played", "weights": [["1", 1]]}, "weights go only"),
        ({"net_ns": 10, "version": 0}, "counts from 1"),
    ],
)
def test_cli_refuses_bad_adjustments_in_words(bad, message):
    obj = {"method": "total", "results": [{"board": 1, "ns": "1", "ew": "2", **bad}]}
    out = run(obj)
    assert out.returncode == 2 and message in out.stderr and not out.stdout
