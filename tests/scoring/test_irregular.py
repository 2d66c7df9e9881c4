"""Irregular hands: Duplicate Law B procedures."""

import pytest

from scoring import ScoringError
from scoring.irregular import artificial_net, irregular_procedure


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
