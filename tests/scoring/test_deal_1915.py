"""Whist Club 1915 laws (the default code), one test per rule.

Hearts are worth 8 a trick, no trump 10, clubs 6 (Law 3).
"""

import pytest

from scoring import Penalty, ScoringError

from .helpers import reasons, score


def test_part_score_made():
    s = score("2S", "E", 8)  # 2 odd tricks x 9 = 18 to East-West
    assert (s.ew_trick, s.ew_honour, s.net_ns) == (18, 0, -18)


def test_game_earns_the_duplicate_premium():
    s = score("4H", "S", 10)  # 4 x 8 = 32 >= 30: premium 125 (Duplicate Law A)
    assert (s.ns_trick, s.ns_honour, s.net_ns) == (32, 125, 157)
    assert "NS honour 125: duplicate premium, Duplicate Law A" in reasons(s)


def test_overtricks_count_at_the_same_value():
    s = score("1NT", "N", 9)  # 3 odd x 10 = 30: premium too
    assert (s.ns_trick, s.ns_honour) == (30, 125)


def test_premium_can_be_switched_off():
    assert score("4H", "S", 10, premium=False).net_ns == 32


def test_no_premium_below_thirty():
    assert score("3H", "S", 9).net_ns == 24  # 3 x 8


@pytest.mark.parametrize(("contract", "points"), [("4H", 100), ("4HX", 200), ("4HXX", 400)])
def test_undertricks(contract, points):
    s = score(contract, "S", 8)  # two down: 2 x 50 / 100 / 200 (Law 48)
    assert (s.ew_honour, s.net_ns) == (points, -points)


def test_doubled_contract_made_with_overtrick():
    # 2HX making 9: 3 odd x 8 x 2 = 48 trick; bonus 50 + 50 for one over = 100 (Law 56);
    # 48 >= 30 earns the premium 125.  Net 48 + 100 + 125 = 273.
    s = score("2HX", "S", 9)
    assert (s.ns_trick, s.ns_honour, s.net_ns) == (48, 225, 273)


def test_redoubled_contract_made():
    # 1CXX making 7: 1 x 6 x 4 = 24 trick; bonus 100 (Law 56); no premium.
    s = score("1CXX", "N", 7)
    assert (s.ns_trick, s.ns_honour) == (24, 100)


def test_grand_slam_bid_and_made():
    s = score("7NT", "S", 13)  # 70 + grand slam 100 (Law 7) + premium 125
    assert s.net_ns == 295


def test_bid_seven_take_twelve_scores_little_slam_though_it_fails():
    s = score("7H", "S", 12)  # little slam 50 to NS (Law 8 note), one down 50 to EW
    assert (s.ns_honour, s.ew_honour, s.net_ns) == (50, 50, 0)


def test_slam_goes_to_whichever_side_takes_the_tricks():
    s = score("1C", "N", 1)  # EW take 12: six down 300 and a little slam 50
    assert (s.ew_honour, s.net_ns) == (350, -350)


def test_slams_are_never_doubled():
    # 6HX making 12: 6 x 8 x 2 = 96; bonus 50; little slam 50 (not doubled, Law 9); premium.
    s = score("6HX", "S", 12)
    assert (s.ns_trick, s.ns_honour) == (96, 50 + 50 + 125)


def test_passed_out_deal_scores_nothing():
    s = score("PASS", None, 0)
    assert (s.net_ns, s.items) == (0, ())


def test_honours_scored_when_the_contract_fails():
    # RULES example: hearts, North A K Q J, South 10: 9 x 8 = 72 to NS; two down 100 to EW.
    s = score("4H", "S", 8, honours={"N": 4, "S": 1})
    assert (s.ns_honour, s.ew_honour, s.net_ns) == (72, 100, -28)


def test_honours_belong_to_the_side_that_holds_them():
    s = score("4H", "S", 10, honours={"E": 4, "W": 1})
    assert (s.ew_honour, s.net_ns) == (72, 157 - 72)


def test_honours_never_doubled():
    assert score("4HXX", "S", 8, honours={"N": 4, "S": 1}).ns_honour == 72


def test_honours_from_the_deal():
    deal = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
    from scoring import parse_pbn_deal

    s = score("4S", "N", 10, deal=parse_pbn_deal(deal))  # N holds AKQJ of spades: 8 x 9 = 72
    assert (s.ns_trick, s.ns_honour) == (36, 72 + 125)


def test_penalties_go_to_the_honour_score():
    s = score("4H", "S", 10, penalties=(Penalty("EW", 50, "Law 54"),))
    assert (s.ew_honour, s.net_ns) == (50, 107)
    assert "EW honour 50: penalty, Law 54" in reasons(s)


def test_every_item_cites_a_law():
    s = score("6HX", "S", 12, honours={"N": 3, "S": 2})
    assert all("Law" in i.reason for i in s.items)


@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"declarer": None}, "declarer is missing"),
        ({"declarer": "X"}, "not a seat"),
        ({"tricks": 14}, "0 to 13 tricks"),
        ({"tricks": -1}, "0 to 13 tricks"),
        ({"honours": {"N": 2, "S": 2}}, "add up to 4"),
        ({"revokes": {"EW": 1}}, "declarer's choice"),
        ({"revokes": {"XX": 1}}, "per side"),
        ({"revoke_penalty": "both", "revokes": {"EW": 1}}, 'points" or "tricks'),
        ({"penalties": (Penalty("EW", -5, "Law 54"),)}, "positive number"),
        ({"penalties": (Penalty("N", 5, "Law 54"),)}, "goes to a side"),
    ],
)
def test_invalid_results_are_explained(kw, words):
    args = {"declarer": "S", "tricks": 10, **kw}
    declarer = args.pop("declarer")
    tricks = args.pop("tricks")
    with pytest.raises(ScoringError, match=words):
        score("4H", declarer, tricks, **args)
