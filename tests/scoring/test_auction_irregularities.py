"""The auction's irregularities as the codes write them (docs/laws/auction.md), each with
its law quoted and the auction written out, in every code where it applies.

Auctions are written from the dealer, one call a player; a ruling is applied at the
moment it was made (:func:`scoring.rulings.apply`), as the director does at the table.
"""

from __future__ import annotations

import pytest

from scoring import get_code
from scoring import rulings as R
from scoring.auction import Auction, AuctionError, run_auction
from scoring.deal import DealResult, Penalty, score_deal
from scoring.errors import ScoringError

C1915 = get_code("1915")
C1913 = get_code("1913")
C1913E = get_code("1913", english_bidding=True)
ROYALTON = get_code("royalton")
ALL = [C1915, C1913, ROYALTON]


def refused(auction: Auction, call: str) -> AuctionError:
    with pytest.raises(AuctionError) as e:
        auction.add(call)
    return e.value


def calls(auction: Auction) -> list[str]:
    return [str(c) for c in auction.calls]


# The impossible declaration.
#
# 1913 Law 50: "The penalty for an impossible declaration is that the bid is made
# seven in the suit named and the partner of the declarer may not further declare
# unless an adversary subsequently bid or double.  Either adversary, instead of
# penalizing an impossible declaration, may demand a new deal, or that the last
# declaration made on behalf of his partnership become the final declaration."
# Royalton Law 38: the same words.  Foster: "calling six diamonds over five no
# trumps, when it is clearly impossible to make any diamond declaration worth 50,
# either adversary may ... insist that the last bid made by his own side, five no
# trumps, shall be the winning declaration."


def test_1913_six_diamonds_over_five_no_trumps_is_impossible_not_insufficient():
    # N 5NT (5 x 10 = 50), E 6D: seven diamonds is worth 7 x 7 = 49, no more than 50.
    a = run_auction(C1913, "N", ["5NT"])
    e = refused(a, "6D")
    assert e.kind == "impossible" and "Law 50" in str(e) and "Law 44" in str(e)
    # Four clubs over three royals (24 < 27) can be made five clubs (30): insufficient.
    a = run_auction(C1913, "N", ["3RS"])
    assert refused(a, "4C").kind == "insufficient"


def test_1913_the_adversarys_own_last_declaration_becomes_final_fosters_example():
    # N 1H, E 2C, S 5NT, W 6D (impossible).  North, an adversary, demands that the last
    # declaration made on behalf of his partnership become final: South's 5NT, not
    # the offending side's 2C.
    a = run_auction(C1913, "N", ["1H", "2C", "5NT"])
    ruled = R.apply(a, "impossible", "last-final", "W", "6D")
    assert ruled.final is not None and str(ruled.final) == "5NT" and ruled.penalty is None
    assert a.is_over and a.to_json() == {"final": True, "contract": "5NT", "declarer": "S"}


def test_the_last_declaration_made_final_keeps_its_own_doubles_only():
    # N 1NT, E X, S 2H, W 8S (impossible in any code).  NS's last declaration is 2H,
    # undoubled: East's double was of 1NT.  (1913: 2H = 16 over 1NT = 10.)
    for code in ALL:
        a = run_auction(code, "N", ["1NT", "X", "2H"])
        R.apply(a, "impossible", "last-final", "W", "8S")
        assert str(a.contract()) == "2H" and a.declarer() == "S", code.key
        # N 1H, E 1NT, S X, W P, N 8S: EW's 1NT becomes final, with South's double.
        b = run_auction(code, "N", ["1H", "1NT", "X", "P"])
        R.apply(b, "impossible", "last-final", "N", "8S")
        assert str(b.contract()) == "1NTX" and b.declarer() == "E", code.key


@pytest.mark.parametrize("code", ALL, ids=lambda c: c.key)
def test_no_declaration_of_the_adversaries_yet_means_choose_another_penalty(code):
    # N 8H as the first call: East-West have declared nothing that could become final.
    a = Auction(code, "N")
    with pytest.raises(ScoringError, match="EW have made no declaration yet"):
        R.apply(a, "impossible", "last-final", "N", "8H")
    assert a.calls == [] and a.bars == []  # nothing changed
    R.apply(a, "impossible", "seven", "N", "8H")
    assert calls(a) == ["7H"] and a.barred("S") is not None


@pytest.mark.parametrize("code", [C1915, ROYALTON], ids=lambda c: c.key)
def test_a_suit_named_over_a_seven_of_a_higher_denomination_is_impossible(code):
    # 1915 Law 45, Royalton Law 32: 7H is never higher than 7NT; no heart declaration
    # of seven or less is (a Royalton 7HR would be a royal, another declaration).  Made
    # seven: seven hearts, even below seven no trumps; West (the offender's partner)
    # barred until an opponent bids or doubles.
    a = run_auction(code, "N", ["7NT"])
    e = refused(a, "7H")
    assert e.kind == "impossible"
    R.apply(a, "impossible", "seven", "E", "7H")
    assert calls(a) == ["7NT", "7H"] and a.to_call == "S"
    a.add("P")
    assert refused(a, "X").kind == "barred"
    b = run_auction(code, "N", ["7NT"])
    R.apply(b, "impossible", "last-final", "E", "7H")
    assert b.to_json() == {"final": True, "contract": "7NT", "declarer": "N"}


def test_1915_the_impossible_remedy_is_ours_and_said_so():
    item = next(i for i in R.guide(C1915) if i.key == "impossible")
    assert "Our reading" in item.reading and "1913 Law 50" in item.reading
    assert {o.law for o in item.options} == {"Law 50, read with the 1913 Law 50"}
    assert not next(i for i in R.guide(C1913) if i.key == "impossible").reading


# The pass out of turn.
#
# 1915 Law 49: "A pass out of turn ... does not affect the order of bidding, i. e., it
# is still the turn of the player to the left of the previous declarer. ... when he
# has passed out of his turn, he may only [re-enter] in case the declaration he has
# passed is overbid or doubled."  1913 Law 49: "The player who has passed out of turn
# may re-enter the bidding in his proper turn if the declaration he has passed be
# overbid or doubled."  Law 57: "A double or redouble is a declaration."


@pytest.mark.parametrize("code", [C1915, C1913], ids=lambda c: c.key)
def test_law_49_the_offender_may_not_double_the_declaration_he_passed(code):
    # N 1H, W passes in East's turn: the order is unaffected, East calls.
    # E P, S P; W may not double 1H (the declaration he passed): only a pass.
    a = run_auction(code, "N", ["1H"])
    ruled = R.apply(a, "pass-out-of-turn", "order", "W", "P")
    assert ruled.recorded is None and ruled.penalty is None and a.to_call == "E"
    a.add("P")
    a.add("P")
    e = refused(a, "X")
    assert (
        e.kind == "barred" and "(Law 49)" in str(e) and "1H, the declaration he passed" in (str(e))
    )
    assert refused(a, "2C").kind == "barred"
    assert [str(c) for c in a.legal_calls()] == ["P"]
    a.add("P")
    assert a.to_json() == {"final": True, "contract": "1H", "declarer": "N"}


@pytest.mark.parametrize("code", [C1915, C1913], ids=lambda c: c.key)
@pytest.mark.parametrize(("lift", "then"), [("2C", "2NT"), ("X", "2C")])
def test_law_49_the_bar_lifts_when_another_player_overbids_or_doubles(code, lift, then):
    # N 1H, W passes out of turn; E overbids 1H (2C) or doubles it: another player, his
    # partner counts.  S passes; W may declare again.
    a = run_auction(code, "N", ["1H"])
    R.apply(a, "pass-out-of-turn", "order", "W", "P")
    a.add(lift)
    a.add("P")
    a.add(then)
    assert calls(a) == ["1H", lift, "P", then]
    assert a.bar_notes() == ["W's bar (Law 49) has been lifted."]


def test_law_49_a_pass_before_any_declaration_passes_the_first_one_made():
    # 1913: E passes before the dealer N has declared (the dealer must declare, Law
    # 42).  N 1C; E may not double it; S 2H overbids it: E may come back in.
    a = Auction(C1913, "N")
    R.apply(a, "pass-out-of-turn", "order", "E", "")
    assert a.to_call == "N"
    a.add("1C")
    assert refused(a, "X").kind == "barred"
    assert "1C, the declaration he passed" in a.bar_notes()[0]
    a.add("P")
    a.add("2H")
    a.add("P")
    a.add("P")
    a.add("3C")  # E overbids: the bar was lifted by South's 2H
    assert calls(a)[-1] == "3C"


def test_law_49_his_own_later_declaration_does_not_lift_his_bar():
    # W passed out of turn over N's 1H; W's bar lifts only by another player's call.
    a = run_auction(C1915, "N", ["1H"])
    R.apply(a, "pass-out-of-turn", "order", "W", "")
    a.add("P")
    a.add("P")
    a.add("P")  # W passes in his turn: 1H is final
    assert a.is_over and str(a.contract()) == "1H"


def test_royalton_pass_out_of_turn_stands_with_no_points_and_no_bar():
    # Royalton Law 37: "If a player pass out of turn, it shall be considered as a bid
    # out of turn"; Duplicate Law F's penalty is for "a declaration (other than
    # passing) out of turn".  Our reading: the pass stands as if in turn (dealer N's
    # turn is lost), no points, no bar.
    a = Auction(ROYALTON, "N")
    ruled = R.apply(a, "pass-out-of-turn", "stands", "E", "P")
    assert ruled.penalty is None and ruled.bars == () and a.to_call == "S"
    assert [c.kind for c in a.calls] == ["pass", "pass"] and "skipped" in a.calls[0].note
    a.add("1H")
    a.add("X")  # West, the offender's partner: not barred
    a.add("P")
    a.add("2C")  # East, the offender: not barred
    item = next(i for i in R.guide(ROYALTON) if i.key == "pass-out-of-turn")
    assert "Our reading of an open point" in item.reading
    assert "Royalton Law 37" in item.reading and '"A declaration (other than passing)' in (
        item.reading
    )


def test_a_pass_out_of_turn_must_be_out_of_turn_and_a_pass():
    a = run_auction(C1915, "N", ["1H"])
    with pytest.raises(ScoringError, match="in turn, not out of turn"):
        R.apply(a, "pass-out-of-turn", "order", "E", "P")
    with pytest.raises(ScoringError, match="not a pass"):
        R.apply(a, "pass-out-of-turn", "order", "W", "1S")


# The insufficient declaration not penalised.
#
# 1915/1913 Law 50b: "A penalty for ... an insufficient declaration ... may not be
# enforced if either adversary pass, double, or declare before the penalty be
# demanded."  Its note: "When the penalty for an insufficient declaration is not
# demanded, the bid over which it was made may be repeated unless some higher bid
# have intervened."  Royalton Law 40: the same.  Foster: "the insufficient bid stands
# as regular.  Suppose A bids three royals and Y says four clubs, B and Z passing.  A
# can repeat his bid of three royals if he likes, as that is enough to over-call four
# clubs."


def test_1913_fosters_four_clubs_over_three_royals_stands_and_three_royals_is_repeated():
    a = run_auction(C1913, "N", ["3RS"])  # A (North) three royals: 27
    assert refused(a, "4C").kind == "insufficient"  # Y (East) four clubs: 24
    ruled = R.apply(a, "insufficient", "stands", "E", "4C")
    assert str(ruled.recorded) == "4C" and ruled.bars == () and ruled.penalty is None
    assert calls(a) == ["3RS", "4C"] and a.to_call == "S"
    a.add("P")  # B
    a.add("P")  # Z
    a.add("3RS")  # A repeats three royals
    for _ in range(3):
        a.add("P")
    assert a.to_json() == {"final": True, "contract": "3RS", "declarer": "N"}


def test_1913_the_repeat_is_refused_once_a_higher_bid_intervened():
    a = run_auction(C1913, "N", ["3RS"])
    R.apply(a, "insufficient", "stands", "E", "4C")
    a.add("4H")  # B bids 32, higher than three royals
    a.add("P")
    assert refused(a, "3RS").kind == "insufficient"


@pytest.mark.parametrize("code", ALL, ids=lambda c: c.key)
def test_an_insufficient_declaration_left_to_stand_is_the_one_to_beat(code):
    # N 3H, E 2D (insufficient) stands as regular: S may bid 2NT (higher than 2D,
    # lower than 3H), or double 2D; N may repeat 3H while 2D is the last declaration.
    a = run_auction(code, "N", ["3H"])
    R.apply(a, "insufficient", "stands", "E", "2D")
    assert [str(c) for c in a.legal_calls() if str(c) in ("X", "2NT", "2D", "3H")] == [
        "X",
        "2NT",
        "3H",
    ]
    a.add("X")
    a.add("P")
    a.add("3H")  # North repeats his three hearts, 2D having been doubled only
    assert calls(a) == ["3H", "2D", "X", "P", "3H"]


@pytest.mark.parametrize("code", ALL, ids=lambda c: c.key)
def test_an_equal_declaration_left_to_stand_may_be_repeated(code):
    # N 1H, E 1H (not higher: insufficient) stands; S may repeat one heart.
    a = run_auction(code, "N", ["1H"])
    R.apply(a, "insufficient", "stands", "E", "1H")
    a.add("1H")
    for _ in range(3):
        a.add("P")
    assert a.to_json() == {"final": True, "contract": "1H", "declarer": "N"}


@pytest.mark.parametrize("code", ALL, ids=lambda c: c.key)
def test_made_sufficient_bars_the_partner_until_an_opponent_bids_or_doubles(code):
    # 1915/1913 Law 50: "either adversary may demand that it be made sufficient in
    # the declaration named, in which case the partner of the declarer may not further
    # declare unless an adversary subsequently bid or double."  Royalton Law 38: the
    # same.  N 2H, E 1D: made three diamonds, the lowest diamond declaration higher
    # than two hearts in every code (1913: 3 x 7 = 21 over 2 x 8 = 16).
    a = run_auction(code, "N", ["2H"])
    ruled = R.apply(a, "insufficient", "sufficient", "E", "1D")
    assert str(ruled.recorded) == "3D" and calls(a) == ["2H", "3D"]
    a.add("P")
    assert refused(a, "3H").kind == "barred"
    a.add("P")
    a.add("3H")  # N, an opponent of West, bids: West's bar is lifted
    a.add("P")
    a.add("P")
    a.add("4D")
    assert calls(a)[-1] == "4D"


def test_an_insufficient_ruling_checks_the_call_was_insufficient():
    a = run_auction(C1915, "N", ["1H"])
    with pytest.raises(ScoringError, match="allowed now"):
        R.apply(a, "insufficient", "stands", "E", "1S")
    with pytest.raises(ScoringError, match="rule it as an impossible declaration"):
        R.apply(a, "insufficient", "sufficient", "E", "8S")
    assert calls(a) == ["1H"]


# A card exposed during the auction.
#
# 1915 Law 65: "After the deal and before the declaration has been finally
# determined, if any player lead or expose a card, his partner may not thereafter bid
# or double during that declaration, and the card, if it belong to an adversary of
# the eventual declarer, is subject to call.  When the partner of the offending
# player is the original leader, the declarer may also prohibit the initial lead of
# the suit of the exposed card."  1913 Law 65: the same, the card "subject to call".


@pytest.mark.parametrize("code", [C1915, C1913], ids=lambda c: c.key)
def test_law_65_the_partner_of_the_player_who_exposed_a_card_may_not_bid_or_double(code):
    # N 1H, E exposes the queen of spades; E 1NT (he may bid), S P, W may not double
    # nor bid, even after the opponents bid (no lifting).
    a = run_auction(code, "N", ["1H"])
    ruled = R.apply(a, "exposed", "law-65", "E", "SQ")
    assert ruled.recorded is None and ruled.penalty is None and ruled.option.law == "Law 65"
    assert "subject to call" in ruled.option.lead and "prohibit the initial lead" in (
        ruled.option.lead
    )
    a.add("1NT")
    a.add("2H")
    e = refused(a, "X")
    assert e.kind == "barred" and "(Law 65)" in str(e)
    a.add("P")
    a.add("P")
    a.add("P")
    assert a.to_json() == {"final": True, "contract": "2H", "declarer": "N"}


def test_law_50a_a_bid_by_a_player_barred_under_law_65():
    # Law 50a: "If a player who has been debarred from bidding under Laws 50 or 65 ...
    # make any declaration (other than passing), either adversary may decide whether
    # such declaration stand, and neither the offending player nor his partner may
    # further participate in the bidding."  N 1H, E exposes a card, E P, S P, W 1S: let
    # it stand; E and W barred for the deal.
    a = run_auction(C1915, "N", ["1H"])
    R.apply(a, "exposed", "law-65", "E", "D7")
    a.add("P")
    a.add("P")
    R.apply(a, "barred", "stands", "W", "1S")
    a.add("2H")
    assert refused(a, "2S").kind == "barred"  # East, the offender's partner now
    assert {b.seat for b in a.bars} == {"W", "E"}


def test_1913_a_dealer_barred_before_his_first_call_still_makes_his_compulsory_declaration():
    # 1913 Law 42: "The dealer ... must declare"; Law 65 bars him when his partner
    # exposes a card before the dealer has called.  Our reading: N makes his
    # compulsory declaration (1S), then the bar holds: he may not double or bid again.
    a = Auction(C1913, "N")
    R.apply(a, "exposed", "law-65", "S", "HA")
    offered = {str(c) for c in a.legal_calls()}
    assert "P" not in offered and "1S" in offered
    for call in ("1S", "2H", "P", "P"):
        a.add(call)
    assert refused(a, "X").kind == "barred"  # North may not double East's 2H


def test_royalton_a_card_exposed_during_the_auction_has_no_option_in_duplicate():
    # Royalton Law 50: "there must be a new deal"; Duplicate Law F allows none.
    item = next(i for i in R.guide(ROYALTON) if i.key == "exposed")
    assert item.options == () and "Royalton Law 50" in item.note and "Law F" in item.note


def test_royalton_law_43_a_declaration_changed_after_the_next_call_is_a_bid_out_of_turn():
    # Royalton Law 43: "A declaration or pass, legitimately made, cannot be changed
    # until the next turn in rotation.  If so changed, it shall be considered as a bid
    # out of turn and subject to the penalty, as provided in Law 37."  In duplicate Law
    # F: it stands, 50 points, partner barred.  N 1H, E P, then N "two hearts": S and W
    # lose their turn; E calls next; S is barred.
    a = run_auction(ROYALTON, "N", ["1H", "P"])
    ruled = R.apply(a, "changed", "stands", "N", "2H")
    assert ruled.penalty == Penalty("EW", 50, "Royalton Law 43, Duplicate Law F")
    assert calls(a) == ["1H", "P", "P", "P", "2H"] and a.to_call == "E"
    assert [c.note.startswith("skipped") for c in a.calls[2:4]] == [True, True]
    a.add("P")
    assert refused(a, "3H").kind == "barred"
    with pytest.raises(ScoringError, match="rule it as a pass out of turn"):
        R.apply(run_auction(ROYALTON, "N", ["1H", "P"]), "changed", "stands", "N", "P")
    with pytest.raises(ScoringError, match="no call yet"):
        R.apply(run_auction(ROYALTON, "N", ["1H", "P"]), "changed", "stands", "W", "2S")


# Royalton royal bids.
#
# Royalton Law 32: "Whenever a player has declared any number of tricks 'odd' in a
# specified suit, no-trump, or nullo, any other player in turn may make a declaration
# of an equal number of tricks 'odd' royal, which shall constitute a higher
# declaration than any plain declaration of an equal number."


def test_royalton_no_opening_royal():
    e = refused(Auction(ROYALTON, "N"), "1SR")
    assert e.kind == "royal" and "Royalton Law 32" in str(e) and "no opening royal" in str(e)
    assert not any(c.bid and c.bid.royal for c in Auction(ROYALTON, "N").legal_calls())


def test_royalton_no_jump_royal_and_only_of_an_equal_number():
    # N 2H, E 3SR: a royal of three over a declaration of two.
    a = run_auction(ROYALTON, "N", ["2H"])
    e = refused(a, "3SR")
    assert e.kind == "royal" and "no jump royal" in str(e)
    royals = {str(c) for c in a.legal_calls() if c.bid and c.bid.royal}
    assert royals == {"2SR", "2CR", "2DR", "2HR", "2NTR", "2NULLOR"}
    # Hawley's example: A three spades, an opponent three hearts, A three spades royal.
    b = run_auction(ROYALTON, "N", ["3S", "3H", "P", "P", "3SR", "P", "P", "P"])
    assert b.to_json() == {"final": True, "contract": "3SR", "declarer": "N"}


def test_royalton_a_royal_is_made_by_any_other_player_partner_included():
    # N 2H, E P, S 2HR (partner's declaration royal): allowed; after 2HR, W 2NTR.
    a = run_auction(ROYALTON, "N", ["2H", "P", "2HR", "2NTR"])
    assert str(a.contract()) == "2NTR"
    # But not his own: N 2H, E X, S P, W P, N 2HR.
    b = run_auction(ROYALTON, "N", ["2H", "X", "P", "P"])
    e = refused(b, "2HR")
    assert e.kind == "royal" and "N's own" in str(e)
    # Among royals of one number the order of denominations holds.
    c = run_auction(ROYALTON, "N", ["2H", "2NTR"])
    assert refused(c, "2SR").kind == "insufficient"


def test_royalton_an_improper_royal_is_void_with_law_99s_25_points():
    a = run_auction(ROYALTON, "N", ["2H"])
    ruled = R.apply(a, "royal", "void", "E", "3SR")
    assert ruled.penalty == Penalty("NS", 25, "Royalton Law 32, Royalton Law 99")
    assert calls(a) == ["2H"] and a.to_call == "E"
    item = next(i for i in R.guide(ROYALTON) if i.key == "royal")
    assert "Our reading" in item.reading and "twenty-five points" in item.reading
    with pytest.raises(ScoringError, match="allowed now"):
        R.apply(a, "royal", "void", "E", "2SR")  # an equal-number royal is allowed


def test_royalton_an_insufficient_royal_is_made_sufficient_by_the_next_plain_number():
    # N 2C, E 2CR, S 2SR: insufficient among royals of two (S < C); no royal of three
    # is possible (Law 32), so three spades is the lowest sufficient spade declaration.
    a = run_auction(ROYALTON, "N", ["2C", "2CR"])
    assert refused(a, "2SR").kind == "insufficient"
    R.apply(a, "insufficient", "sufficient", "S", "2SR")
    assert calls(a) == ["2C", "2CR", "3S"]


# Declarations out of turn, doubles of partner: Duplicate Law F and Law 54 (unchanged).


@pytest.mark.parametrize("code", ALL, ids=lambda c: c.key)
def test_law_f_a_declaration_out_of_turn_stands_50_points_partner_barred(code):
    # Duplicate Law F: "A declaration (other than passing) out of turn must stand; as
    # a penalty, the adversaries score 50 honour points in their honour column and the
    # partner of the offending player cannot thereafter participate in the bidding."
    a = run_auction(code, "N", ["1H"])
    ruled = R.apply(a, "out-of-turn", "stands", "W", "1NT")
    assert ruled.penalty == Penalty("NS", 50, "Duplicate Law F")
    assert calls(a) == ["1H", "P", "P", "1NT"] and a.to_call == "N"
    a.add("P")
    assert refused(a, "2NT").kind == "barred"
    with pytest.raises(ScoringError, match="would not be allowed even in turn"):
        R.apply(run_auction(code, "N", ["2H"]), "out-of-turn", "stands", "W", "1S")


def test_the_ruling_points_go_to_the_other_sides_honour_score():
    # 1915 Law 54: S doubles N's 1H: 50 points to EW.  1H by N made, 7 tricks, no
    # honours: NS trick 8; EW honour 50: net to NS 8 - 50 = -42.
    a = run_auction(C1915, "N", ["1H", "P"])
    ruled = R.apply(a, "double-partner", "fifty", "S", "")
    assert ruled.penalty == Penalty("EW", 50, "Law 54") and a.to_call == "S"
    for call in ("P", "P"):
        a.add(call)
    contract = a.contract()
    assert contract is not None
    score = score_deal(
        DealResult(contract, a.declarer(), 7, penalties=[ruled.penalty]),
        C1915,
    )
    assert score.net_ns == -42 and ("EW", "honour", 50, "penalty, Law 54") in score.items


def test_a_ruling_that_would_change_a_finished_auction_is_refused():
    a = run_auction(C1915, "N", ["1H", "P", "P", "P"])
    with pytest.raises(ScoringError, match="the auction is over"):
        R.apply(a, "exposed", "law-65", "E", "SQ")
    R.apply(a, "information", "lead", "E", "")  # a lead penalty after the auction


def test_a_ruling_names_a_seat_an_irregularity_and_an_option():
    a = Auction(C1915, "N")
    with pytest.raises(ScoringError, match="say who offended"):
        R.apply(a, "exposed", "law-65", "Q", "")
    with pytest.raises(ScoringError, match="no irregularity"):
        R.apply(a, "nonsense", "law-65", "N", "")
    with pytest.raises(ScoringError, match="no option"):
        R.apply(a, "exposed", "seven", "N", "")
    with pytest.raises(ScoringError, match="no irregularity"):
        R.apply(a, "royal", "void", "N", "1SR")  # a Royalton irregularity only


def test_after_the_auction_points_are_ruled_on_the_directors_word():
    # Found after the auction: N redoubled twice (1915 Law 54: 100 points).  The call
    # is no longer checked against the auction; nothing changes in it.
    a = run_auction(C1915, "N", ["1NT", "X", "XX", "P", "P", "P"])
    ruled = R.apply(a, "redouble-twice", "hundred", "N", "XX")
    assert ruled.penalty == Penalty("EW", 100, "Law 54") and calls(a)[-1] == "P"
