"""Revokes: 1915 Law 84 and 89, Royalton Laws 77 and 81 (RULES.md section 3)."""

import pytest

from scoring import ScoringError, get_code, parse_contract, revoke_choices
from scoring.deal import DealResult

from .helpers import reasons, score


def test_rules_example_three_tricks_taken():
    # Three hearts doubled, declarer wins 7, a defender revokes, declarer takes three tricks:
    # 10 tricks = four odd doubled = 4 x 8 x 2 = 64; no doubled bonus; the premium 125.
    s = score("3HX", "S", 7, revokes={"EW": 1}, revoke_penalty="tricks")
    assert (s.ns_trick, s.ns_honour, s.ew_honour) == (64, 125, 0)
    assert not any("doubled contract made" in r for r in reasons(s))


def test_defender_revoke_points_and_no_undertricks_for_the_revokers():
    s = score("3HX", "S", 7, revokes={"EW": 1}, revoke_penalty="points")
    assert (s.ns_honour, s.ew_honour, s.net_ns) == (100, 0, 100)


def test_bonus_earned_in_play_still_counts_with_penalty_tricks():
    # Reading: 2HX made with one over in play earns 100; the three penalty tricks add
    # trick points (6 x 8 x 2 = 96) but no bonus and no slam (12 tricks not reached in play).
    s = score("2HX", "S", 9, revokes={"EW": 1}, revoke_penalty="tricks")
    assert (s.ns_trick, s.ns_honour) == (96, 100 + 125)


def test_penalty_tricks_give_no_slam_in_1915():
    s = score("6H", "S", 10, revokes={"EW": 1}, revoke_penalty="tricks")
    assert (s.ns_trick, s.ns_honour) == (56, 125)  # 13 tricks: 7 x 8; no slam


def test_penalty_tricks_count_towards_a_declared_slam_in_royalton():
    # Royalton Law 77(b): 10 + 3 = 13 tricks fulfil six hearts: 70 + little slam 100 + 125.
    s = score("6H", "S", 10, code="royalton", revokes={"EW": 1}, revoke_penalty="tricks")
    assert s.net_ns == 295


def test_penalty_tricks_earn_the_doubled_bonus_in_royalton():
    # 2HX, 9 + 3 = 12 tricks: 6 x 10 x 2 = 120; bonus 50 x (1 + 4 over) = 250; premium.
    s = score("2HX", "S", 9, code="royalton", revokes={"EW": 1}, revoke_penalty="tricks")
    assert (s.ns_trick, s.ns_honour) == (120, 250 + 125)


def test_fewer_than_three_tricks_when_the_defenders_have_fewer():
    # 6NT, declarer 12: only one trick to take: 13 tricks = 70; little slam 50 won in play.
    s = score("6NT", "S", 12, revokes={"EW": 1}, revoke_penalty="tricks")
    assert (s.ns_trick, s.ns_honour) == (70, 50 + 125)


def test_further_revokes_cost_a_hundred_each():
    s = score("4H", "S", 10, revokes={"EW": 2}, revoke_penalty="points")
    assert s.net_ns == 32 + 125 + 100 + 100
    s = score("4H", "S", 8, revokes={"EW": 2}, revoke_penalty="tricks")
    assert s.net_ns == 5 * 8 + 125 + 100


def test_declarer_revokes():
    # Declarer's side scores only honours; opponents 100 per revoke plus undertricks.
    s = score("4H", "S", 10, revokes={"NS": 1}, honours={"N": 4, "S": 1})
    assert (s.ns_trick, s.ns_honour, s.ew_honour) == (0, 72, 100)
    s = score("4H", "S", 8, revokes={"NS": 2})
    assert s.ew_honour == 200 + 100


def test_revoking_side_never_scores_a_slam():
    s = score("1C", "N", 1, revokes={"EW": 1}, revoke_penalty="points")
    assert s.ew_honour == 0 and s.ns_honour == 100


def test_both_sides_revoke_only_honours_and_extra_revokes():
    s = score("4H", "S", 10, revokes={"NS": 2, "EW": 1}, honours={"N": 4, "S": 1})
    # NS honours 72; EW 100 for NS's revoke after its first (Law 89).
    assert (s.ns_trick, s.ns_honour, s.ew_honour, s.net_ns) == (0, 72, 100, -28)
    assert score("4H", "S", 10, revokes={"NS": 1, "EW": 1}).net_ns == 0


def test_royalton_equal_revokes_no_score():
    assert score("4H", "S", 10, code="royalton", revokes={"NS": 2, "EW": 2}).items == ()
    s = score("4H", "S", 10, code="royalton", revokes={"NS": 1, "EW": 3})
    assert s.net_ns == 200


def test_nullo_revoke_points_only():
    with pytest.raises(ScoringError, match="not offered"):
        score("2NULLO", "N", 7, code="royalton", revokes={"EW": 1}, revoke_penalty="tricks")
    s = score("2NULLO", "N", 7, code="royalton", revokes={"EW": 1}, revoke_penalty="points")
    assert s.net_ns == 100  # the revokers score no undertricks


def test_revoke_choices_shows_the_better_one_first():
    code = get_code()
    r = DealResult(parse_contract("3HX", code), "S", 7, revokes={"EW": 1})
    choices = revoke_choices(r, code)
    assert list(choices) == ["tricks", "points"]  # 189 beats 100
    assert choices["tricks"].net_ns == 189
    r = DealResult(parse_contract("3HX", code), "E", 7, revokes={"NS": 1})
    assert list(revoke_choices(r, code)) == ["tricks", "points"]
