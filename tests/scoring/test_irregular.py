"""Irregular hands: Duplicate Law B procedures."""

import pytest

from scoring import NewDealRequired, ScoringError, check_artificial_score
from scoring.irregular import artificial_net, irregular_procedure
from scoring.pairs import BoardResult, compare_boards, pair_standings
from scoring.teams import TableSeating, TeamBoardResult, score_team_match


def test_found_in_the_original_play_new_deal():
    p = irregular_procedure("original-play", 5)
    assert (p.action, p.adjusted, p.law) == ("new-deal", None, "Duplicate Law B(1)")


def test_found_before_overplay_back_to_the_table():
    p = irregular_procedure("before-overplay", 5)
    assert p.action == "rectify-at-previous-table"
    assert "void" in p.explanation


def test_two_tables_after_overplay_new_deal():
    assert irregular_procedure("after-overplay", 2, "N", "partner").action == "new-deal"


def test_opponent_held_the_surplus_average():
    p = irregular_procedure("after-overplay", 5, "N", "opponent")
    assert (p.action, p.adjusted) == ("artificial-score", "average")


@pytest.mark.parametrize(
    ("seat", "adjusted"),
    [("N", "ns-lowest"), ("S", "ns-lowest"), ("E", "ew-lowest"), ("W", "ew-lowest")],
)
def test_partner_held_the_surplus_lowest_to_the_offenders(seat, adjusted):
    assert irregular_procedure("after-overplay", 3, seat, "partner").adjusted == adjusted


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("during-lunch", 5), "when was it found"),
        (("after-overplay", 1), "at least two tables"),
        (("after-overplay", 5, None, "partner"), "seat"),
        (("after-overplay", 5, "N", "dummy"), "opponent"),
    ],
)
def test_bad_questions(args, words):
    with pytest.raises(ScoringError, match=words):
        irregular_procedure(*args)


def test_artificial_net():
    assert artificial_net([100, 200, 400], "average") * 3 == 700
    assert artificial_net([100, 200, 400], "ns-lowest") == 100
    assert artificial_net([100, 200, 400], "ew-lowest") == 400
    with pytest.raises(ScoringError):
        artificial_net([], "average")


# --- Law B(3): a two-table contest never takes an artificial score -----------------

TWO_TABLE_WORDS = r"board 1 is played at only two tables.*new deal.*\(Duplicate Law B\(3\)\)"


def test_check_artificial_score_asks_irregular_procedure():
    check_artificial_score(3, 1)  # more than two tables: an artificial score is allowed
    with pytest.raises(NewDealRequired, match=TWO_TABLE_WORDS):
        check_artificial_score(2, 1)
    assert issubclass(NewDealRequired, ScoringError)


@pytest.mark.parametrize("method", ["total", "matchpoints"])
def test_pair_comparison_refuses_an_artificial_score_at_two_tables(method):
    # Board 1 at two tables, one of them adjusted: Law B(3) orders a new deal.
    results = [BoardResult(1, "1", "3", 100), BoardResult(1, "2", "4", None, "average")]
    with pytest.raises(NewDealRequired, match=TWO_TABLE_WORDS):
        pair_standings(results, method)
    with pytest.raises(NewDealRequired, match=TWO_TABLE_WORDS):
        compare_boards(results, method)


def test_pair_comparison_allows_it_at_three_tables():
    # Three tables: NS 100 and 200 real, the third the average 150 (Law B(3)).
    results = [
        BoardResult(1, "1", "4", 100),
        BoardResult(1, "2", "5", 200),
        BoardResult(1, "3", "6", None, "average"),
    ]
    assert compare_boards(results)[2].net_ns == 150


def test_two_table_team_match_refuses_an_artificial_score():
    tables = [TableSeating(1, "A", "B"), TableSeating(2, "B", "A")]
    results = [TeamBoardResult(1, 1, 120), TeamBoardResult(1, 2, None, "ew-lowest")]
    with pytest.raises(NewDealRequired, match=TWO_TABLE_WORDS):
        score_team_match(tables, results)
