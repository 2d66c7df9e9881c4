"""Scoring under the 1913 English rules (docs/laws/scoring.md, "The 1913 English rule").

The 1913 text, note after Duplicate Law H: "Some players in America are
adopting the English rule, which allows the dealer to pass ... The lowest
declaration is one club, as spades have a constant value of nine and are
always 'royals.'  The English rule is to score 50 for little slam and 100 for
grand slam."
"""

import pytest

from scoring import ScoringError

from .helpers import reasons, score

EB = {"code": "1913", "english_bidding": True}


def test_four_passes_pass_the_deal_out_with_no_score():
    s = score("PASS", None, 0, **EB)
    assert (s.net_ns, s.items) == (0, ())


def test_without_the_rule_the_1913_dealer_must_declare():
    with pytest.raises(ScoringError, match=r"dealer must declare \(Law 42\)"):
        score("PASS", None, 0, code="1913")


def test_spades_score_nine_a_trick():
    # 4S made: 4 odd x 9 = 36 >= 30, premium 125 (Duplicate Law A): 161.
    s = score("4S", "S", 10, **EB)
    assert (s.ns_trick, s.net_ns) == (36, 161)
    assert reasons(s)[0] == (
        "NS trick 36: 4 odd tricks at 9, Law 3 (royal spades) and the English bidding rule "
        "(note after Duplicate Law H)"
    )
    # Plain 1913: the same four spades are worth 4 x 2 = 8, no premium.
    assert score("4S", "S", 10, code="1913").net_ns == 8


def test_rs_means_the_same_as_s():
    assert score("2RSX", "E", 9, **EB) == score("2SX", "E", 9, **EB)
    # 2SX made with one over: 3 x 9 x 2 = 54; bonus 50 + 50 (Law 56); premium 125.
    assert score("2SX", "E", 9, **EB).net_ns == -(54 + 100 + 125)


def test_the_law_48_limit_on_one_spade_does_not_apply():
    # 1S doubled by the dealer, 3 tricks: 4 down doubled at 100 (Law 47a) = 400.
    # Under plain 1913 the loss on the dealer's one spade is limited to 100 (Law 48).
    assert score("1SX", "N", 3, dealer="N", **EB).ew_honour == 400
    assert score("1SX", "N", 3, dealer="N", code="1913").ew_honour == 100


def test_one_spade_need_not_be_the_dealers():
    # With no weak opening, one spade is an ordinary bid: 1 x 9 = 9 to East-West.
    assert score("1S", "E", 7, dealer="N", **EB).net_ns == -9


def test_spade_honours_at_nine():
    # Four in one hand, the fifth in partner's: 9 x 9 = 81 (Law 6, at the trump's value).
    # 3S made: 3 x 9 = 27 trick points, below 30: no premium.
    s = score("3S", "N", 9, honours={"N": 4, "S": 1}, **EB)
    assert (s.ns_trick, s.ns_honour) == (27, 81)


def test_english_bidding_keeps_the_1913_slams():
    # 6S made: 6 x 9 = 54; little slam 20 (Law 8); premium 125.
    s = score("6S", "S", 12, **EB)
    assert s.net_ns == 54 + 20 + 125
    assert "NS honour 20: little slam, Law 8" in reasons(s)


def test_both_english_rules_together():
    # 6S made: 54; little slam 50 (English slam rule); premium 125.
    s = score("6S", "S", 12, english_slams=True, **EB)
    assert s.net_ns == 54 + 50 + 125
    assert "NS honour 50: little slam, the English slam rule (note after Duplicate Law H)" in (
        reasons(s)
    )


def test_english_slams_alone_grand_slam():
    # 7NT made under 1913 with the English slam rule: 70 + 100 + 125.
    s = score("7NT", "S", 13, code="1913", english_slams=True)
    assert "NS honour 100: grand slam, the English slam rule (note after Duplicate Law H)" in (
        reasons(s)
    )
