"""Team matches: Duplicate Law G."""

from fractions import Fraction

import pytest

from scoring import ScoringError
from scoring.teams import TableSeating, TeamBoardResult, score_team_match

THREE = [TableSeating(1, "A", "B"), TableSeating(2, "A", "B"), TableSeating(3, "B", "A")]


def results(table_boards):
    """{table: [net per board]} -> results."""
    return [
        TeamBoardResult(b, t, net)
        for t, nets in table_boards.items()
        for b, net in enumerate(nets, 1)
    ]


def test_three_pairs_all_tables_equal_is_a_tie():
    # Every table scored NS 157 and -50: s1 = s2 = s3 = 107.
    # A = s1 + s2 - s3 + avgEW = 107 + 107 - 107 - 107 = 0; B likewise 0: a tie.
    m = score_team_match(THREE, results({1: [157, -50], 2: [157, -50], 3: [157, -50]}))
    assert m.winner is None and not m.by_fraction
    assert (m.teams["A"].score, m.teams["B"].score) == (0, 0)
    assert m.teams["A"].average_direction == "EW" and m.teams["B"].average_direction == "NS"


def test_three_pairs_rules_formula():
    # s1 = 120, s2 = -50, s3 = 0; avgNS = 70/3 = -avgEW.
    # A = 120 - 50 - 0 - 70/3 = 140/3 (46.67 -> raw 70 + round(-23.33) = 47);
    # B = -70 + 70/3 = -140/3 (-47).  A wins by 280/3, 94 rounded.
    m = score_team_match(THREE, results({1: [120], 2: [-50], 3: [0]}))
    a, b = m.teams["A"], m.teams["B"]
    assert (a.raw, a.average_added, a.score, a.rounded) == (
        70,
        Fraction(-70, 3),
        Fraction(140, 3),
        47,
    )
    assert (b.score, b.rounded) == (Fraction(-140, 3), -47)
    assert (m.winner, m.margin, m.margin_rounded, m.by_fraction) == (
        "A",
        Fraction(280, 3),
        94,
        False,
    )


def test_five_pairs_won_by_the_fraction_of_a_point():
    # Team A North-South at tables 1-3, East-West at 4 and 5.  NS totals:
    #   s = 157, -155, 0, 101, -100  (board 1), and a passed-out board 2 everywhere.
    # raw A = 157 - 155 + 0 - 101 + 100 = 1;  avgNS = (157 - 155 + 0 + 101 - 100)/5 = 3/5.
    # A's odd pair is North-South, so A adds avgEW = -3/5:  A = 1 - 3/5 = 2/5.
    # B = -1 + 3/5 = -2/5.  Rounded: A = 1 + round(-0.6) = 0;  B = -1 + round(0.6) = 0.
    # The rounded totals tie, so the exact fraction decides: A wins by 4/5 of a point.
    tables = [TableSeating(t, "A", "B") for t in (1, 2, 3)] + [
        TableSeating(t, "B", "A") for t in (4, 5)
    ]
    m = score_team_match(
        tables, results({1: [157, 0], 2: [-155, 0], 3: [0, 0], 4: [101, 0], 5: [-100, 0]})
    )
    assert (m.teams["A"].score, m.teams["A"].rounded) == (Fraction(2, 5), 0)
    assert (m.teams["B"].score, m.teams["B"].rounded) == (Fraction(-2, 5), 0)
    assert (m.winner, m.margin, m.by_fraction) == ("A", Fraction(4, 5), True)
    assert m.to_json()["margin"] == "4/5"


def test_seven_pairs_won_by_the_fraction_of_a_point_by_the_team_behind_on_raw_score():
    # Law G (docs/laws/duplicate.md), seven pairs a team: team A North-South at tables 1-4 (its odd
    # pair is North-South), East-West at 5-7; so A adds the East-West average and B, whose
    # odd pair sits East-West, the North-South average.  NS totals (one board, a second
    # passed out everywhere): s = 157, -50, 141, -239 | 57, -100, 50.
    #   raw A = (157 - 50 + 141 - 239) - (57 - 100 + 50) = 9 - 7 = 2;  raw B = -2.
    #   avgNS = (9 + 7) / 7 = 16/7 (2.29) = -avgEW.
    #   A = 2 - 16/7 = -2/7;  B = -2 + 16/7 = 2/7.
    #   Rounded (each average to the whole point): A = 2 + round(-2.29) = 2 - 2 = 0;
    #   B = -2 + round(2.29) = 0.  The rounded totals tie, so the exact totals decide:
    #   B, behind on the tables' own scores, wins by the fraction of a point, 4/7.
    tables = [TableSeating(t, "A", "B") for t in (1, 2, 3, 4)] + [
        TableSeating(t, "B", "A") for t in (5, 6, 7)
    ]
    nets = {1: 157, 2: -50, 3: 141, 4: -239, 5: 57, 6: -100, 7: 50}
    m = score_team_match(tables, results({t: [net, 0] for t, net in nets.items()}))
    a, b = m.teams["A"], m.teams["B"]
    assert (a.raw, a.average_direction, a.average_added) == (2, "EW", Fraction(-16, 7))
    assert (b.raw, b.average_direction, b.average_added) == (-2, "NS", Fraction(16, 7))
    assert (a.score, a.rounded, b.score, b.rounded) == (Fraction(-2, 7), 0, Fraction(2, 7), 0)
    assert (m.winner, m.margin, m.margin_rounded, m.by_fraction) == ("B", Fraction(4, 7), 0, True)
    # One point more to North-South at table 5 (B's pair): A = 1 - 17/7 = -10/7, rounded
    # 1 + round(-2.43) = -1; B = 10/7, rounded 1: B wins by 2 points, not by a fraction.
    nets[5] += 1
    m = score_team_match(tables, results({t: [net, 0] for t, net in nets.items()}))
    assert (m.teams["A"].rounded, m.teams["B"].rounded) == (-1, 1)
    assert (m.winner, m.margin_rounded, m.by_fraction) == ("B", 2, False)


def test_even_teams_add_no_average():
    tables = [TableSeating(1, "A", "B"), TableSeating(2, "B", "A")]
    m = score_team_match(tables, results({1: [300], 2: [250]}))
    # A = 300 - 250 = 50; B = -50.
    assert (m.teams["A"].score, m.teams["A"].average_added, m.winner) == (50, 0, "A")


def test_adjusted_board_uses_the_other_tables():
    # Board 1 not played at table 3 (Law B average): artificial net = (120 - 50)/2 = 35.
    rs = [
        TeamBoardResult(1, 1, 120),
        TeamBoardResult(1, 2, -50),
        TeamBoardResult(1, 3, None, "average"),
    ]
    m = score_team_match(THREE, rs)
    assert m.table_totals[3] == 35


@pytest.mark.parametrize(
    ("tables", "rs", "words"),
    [
        ([TableSeating(1, "A", "A"), TableSeating(2, "B", "A")], [], "two pairs of team A"),
        ([TableSeating(1, "A", "B"), TableSeating(2, "A", "C")], [], "exactly two teams"),
        ([TableSeating(1, "A", "B"), TableSeating(2, "A", "B")], [], "half of each team"),
        ([TableSeating(1, "A", "B")], [], "at least two pairs"),
        (THREE, [TeamBoardResult(1, 1, 10), TeamBoardResult(1, 2, 10)], "not played at table 3"),
        (THREE, [TeamBoardResult(1, 4, 10)], "no table 4"),
        (THREE, [TeamBoardResult(1, 1, 10), TeamBoardResult(1, 1, 20)], "already has a result"),
        ([TableSeating(1, "A", "B"), TableSeating(1, "B", "A")], [], "listed twice"),
    ],
)
def test_bad_matches_rejected(tables, rs, words):
    rs = rs or [TeamBoardResult(1, t.table, 0) for t in tables]
    with pytest.raises(ScoringError, match=words.replace("(", r"\(").replace(")", r"\)")):
        score_team_match(tables, rs)
