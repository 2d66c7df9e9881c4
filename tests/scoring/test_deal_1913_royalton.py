"""Whist Club 1913 ("royal spades") and Royalton (Hawley 1915)."""

import pytest

from scoring import ScoringError, parse_pbn_deal

from .helpers import reasons, score


class Test1913:
    def test_plain_spades_are_worth_two(self):
        assert score("1S", "S", 7, code="1913", dealer="S").net_ns == 2

    def test_royal_spades_are_worth_nine(self):
        assert score("2RS", "S", 8, code="1913").net_ns == 18
        assert score("4RS", "S", 10, code="1913").net_ns == 36 + 125

    @pytest.mark.parametrize(
        ("contract", "tricks", "loss"),
        [
            ("1S", 4, 100),  # three down would be 150: limited to 100 (Law 48)
            ("1SX", 5, 100),  # two down doubled would be 200: limited to 100
            ("1SXX", 6, 200),  # redoubled: no limit, 1 x 200
            ("1S", 6, 50),  # one down is under the limit
        ],
    )
    def test_dealers_one_spade_loss_is_limited(self, contract, tricks, loss):
        s = score(contract, "N", tricks, code="1913", dealer="N")
        assert s.ew_honour == loss

    def test_limit_applies_only_to_one_spade(self):
        assert score("2S", "N", 4, code="1913", dealer="N").ew_honour == 200

    def test_one_spade_by_a_player_other_than_dealer_is_impossible(self):
        with pytest.raises(ScoringError, match="only be the dealer's own"):
            score("1S", "N", 4, code="1913", dealer="E")

    def test_dealer_may_not_pass(self):
        with pytest.raises(ScoringError, match="dealer must declare"):
            score("PASS", None, 0, code="1913")

    def test_slams_are_twenty_and_forty(self):
        assert score("7NT", "S", 13, code="1913").net_ns == 70 + 40 + 125
        assert score("6NT", "S", 12, code="1913").net_ns == 60 + 20 + 125

    def test_english_slam_rule(self):
        s = score("7NT", "S", 13, code="1913", english_slams=True)
        assert s.net_ns == 70 + 100 + 125

    def test_honours_at_the_trump_value(self):
        # Spades at 2: four in one hand = 8 x 2 = 16 (Law 6).
        assert score("1S", "S", 7, code="1913", honours={"S": 4, "E": 1}).ns_honour == 16


class TestRoyalton:
    def test_every_trick_is_worth_ten(self):
        assert score("2C", "S", 8, code="royalton").net_ns == 20

    def test_premium_at_royaltons_game_of_forty(self):
        assert score("4H", "S", 10, code="royalton").net_ns == 40 + 125
        assert score("3NT", "S", 9, code="royalton").net_ns == 30  # 30 < 40: no premium

    @pytest.mark.parametrize(("contract", "loss"), [("3SR", 200), ("3SRX", 400), ("3SRXX", 800)])
    def test_royal_undertricks(self, contract, loss):
        # Two down at 100 / 200 / 400 a trick (Royalton Law 36).
        assert score(contract, "S", 7, code="royalton").ew_honour == loss

    def test_royal_made_counts_only_ten(self):
        assert score("3SR", "S", 9, code="royalton").net_ns == 30

    def test_little_slam_only_when_declared_and_made(self):
        assert score("6H", "S", 12, code="royalton").net_ns == 60 + 100 + 125
        assert score("6H", "S", 13, code="royalton").net_ns == 70 + 100 + 125
        assert score("4H", "S", 12, code="royalton").net_ns == 60 + 125  # not declared
        s = score("7H", "S", 12, code="royalton")  # fails: no little slam
        assert (s.ns_honour, s.ew_honour) == (0, 50)

    def test_grand_slam(self):
        assert score("7NT", "S", 13, code="royalton").net_ns == 70 + 250 + 125

    def test_no_honours(self):
        deal = parse_pbn_deal(
            "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"
        )
        assert score("4S", "N", 10, code="royalton", deal=deal).net_ns == 165
        with pytest.raises(ScoringError, match="no honours"):
            score("4S", "N", 10, code="royalton", honours={"N": 4, "E": 1})

    def test_nullo_made(self):
        # 2 nullo by East: North-South take 9 >= 8, so East-West score 3 x 10.
        s = score("2NULLO", "E", 4, code="royalton")
        assert (s.ew_trick, s.net_ns) == (30, -30)

    def test_nullo_failed(self):
        # 2 nullo by East: North-South take only 7 of the 8 needed: one down, 50.
        s = score("2NULLO", "E", 6, code="royalton")
        assert (s.ns_honour, s.net_ns) == (50, 50)

    def test_nullo_doubled_made_with_bonus_and_premium(self):
        # 1 nullo doubled by North: East-West take 8: 2 odd x 10 x 2 = 40; bonus 50 + 50.
        s = score("1NULLOX", "N", 5, code="royalton")
        assert (s.ns_trick, s.ns_honour) == (40, 100 + 125)

    def test_royal_nullo_undertricks(self):
        s = score("2NULLOR", "N", 7, code="royalton")  # EW take 6 of 8: two down at 100
        assert s.ew_honour == 200

    def test_nullo_slam(self):
        s = score("6NULLO", "N", 1, code="royalton")  # EW take 12: 60 + 100 + 125
        assert s.net_ns == 285
        assert any("little slam" in r for r in reasons(s))
