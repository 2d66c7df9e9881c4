"""The auction recorder: every rule of docs/laws/auction.md, in each code."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring import get_code
from scoring.__main__ import main
from scoring.auction import Auction, AuctionError, Call, run_auction
from scoring.cards import side_of
from scoring.contract import parse_contract

C1915 = get_code("1915")
C1913 = get_code("1913")
C1913E = get_code("1913", english_bidding=True)
ROYALTON = get_code("royalton")


def final(code, dealer, calls):
    return run_auction(code, dealer, calls).to_json()


def refused(code, dealer, calls) -> AuctionError:
    with pytest.raises(AuctionError) as e:
        run_auction(code, dealer, calls)
    return e.value


# Sufficiency, each code's own order.


def test_1915_law_45_more_tricks_or_a_higher_denomination():
    # Law 45's own examples: 3 spades over 3 diamonds; 5 clubs over 4 hearts;
    # 4 diamonds over 3 no trump.
    for low, high in (("3D", "3S"), ("4H", "5C"), ("3NT", "4D")):
        assert final(C1915, "N", [low, high, "P", "P", "P"])["contract"] == high
    e = refused(C1915, "N", ["3S", "3D"])
    assert e.call == 2 and "insufficient" in e.args[0] and "Law 45" in e.args[0]
    assert "Law 50" in e.args[0]  # and the law of its penalty, for the director


def test_1913_law_44_by_value_three_spades_beats_one_club():
    # Law 44: "three spades" (3 x 2 = 6) is higher than "one club" (1 x 6 = 6): equal
    # value, more tricks.  One club over three spades is not (6 = 6, fewer tricks).
    assert final(C1913, "N", ["1C", "P", "3S", "P", "P", "P"])["contract"] == "3S"
    e = refused(C1913, "N", ["3S", "1C"])
    assert e.call == 2 and "Law 44" in e.args[0]
    # Two hearts (16) over one no trump (10): higher in value though "lower" in rank.
    assert final(C1913, "N", ["1NT", "2H", "P", "P", "P"])["contract"] == "2H"


def test_1913_law_53_three_clubs_beats_two_royal_spades_doubled():
    # 2RS = 2 x 9 = 18; 3C = 3 x 6 = 18, more tricks: higher, doubled or not (Law 53).
    out = final(C1913, "N", ["2RS", "X", "3C", "P", "P", "P"])
    assert out == {"final": True, "contract": "3C", "declarer": "S"}
    e = refused(C1913, "N", ["2RS", "X", "2H"])  # 16 < 18: the double changes nothing
    assert e.call == 3 and "Law 53" in e.args[0]


def test_1913_english_bidding_spades_are_royal_and_the_dealer_may_pass():
    # Under the English rule S = RS = 9: one spade (9) beats one heart (8).
    assert final(C1913E, "N", ["1H", "1S", "P", "P", "P"])["contract"] == "1S"
    assert final(C1913E, "N", ["P", "P", "P", "P"]) == {
        "final": True,
        "contract": "PASS",
        "declarer": None,
    }


def test_royalton_law_32_royal_above_every_plain_bid_of_its_level():
    # One royal spade (over one nullo, of an equal number) beats one no trump and one
    # nullo; two spades beats one royal nullo.
    out = final(ROYALTON, "N", ["1NULLO", "1SR", "P", "P", "P"])
    assert out["contract"] == "1SR" and out["declarer"] == "E"
    assert final(ROYALTON, "N", ["1H", "1NULLOR", "2S", "P", "P", "P"])["contract"] == "2S"
    # Plain order at one level: S < C < D < H < NT < NULLO.
    assert final(ROYALTON, "N", ["1S", "1C", "1H", "1NT", "1NULLO", "P", "P", "P"])["contract"] == (
        "1NULLO"
    )
    e = refused(ROYALTON, "N", ["1C", "1S"])
    assert e.call == 2 and "Royalton Law 32" in e.args[0]


def test_impossible_and_unknown_declarations():
    e = refused(C1913, "N", ["8H"])
    assert e.call == 1 and "impossible" in e.args[0] and "Law 50" in e.args[0]
    e = refused(C1915, "N", ["1H", "2RS"])
    assert e.call == 2 and "royal spades" in e.args[0]  # not a 1915 declaration
    e = refused(C1915, "N", ["1H", "2HX"])
    assert "a call of its own" in e.args[0]


# Passing, the dealer, the end of the auction.


def test_who_may_pass_first():
    # 1915 Law 42 and Royalton Law 30 ("no bid"): the dealer may pass; four passes:
    # passed out (1915 Law 44).  1913 Law 42: the dealer must declare.
    assert final(C1915, "E", ["P", "P", "P", "P"])["contract"] == "PASS"
    assert final(ROYALTON, "E", ["NO BID", "P", "P", "P"])["contract"] == "PASS"
    e = refused(C1913, "S", ["P"])
    assert e.call == 1 and "must declare (Law 42)" in e.args[0]


def test_three_passes_after_a_declaration_end_the_auction_and_no_call_after():
    a = run_auction(C1915, "N", ["P", "1D", "P", "P"])
    assert not a.is_over and a.to_call == "N"  # two passes: not yet
    a.add("P")
    assert a.is_over and a.to_json() == {"final": True, "contract": "1D", "declarer": "E"}
    e = refused(C1915, "N", ["P", "1D", "P", "P", "P", "1S"])
    assert e.call == 6 and "auction is over" in e.args[0] and "Law 47" in e.args[0]
    e = refused(C1915, "N", ["P", "P", "P", "P", "1S"])
    assert "passed out" in e.args[0]


# Doubles and redoubles (1915 and 1913 Law 54, Royalton Law 45).


@pytest.mark.parametrize("code", [C1915, C1913, ROYALTON], ids=lambda c: c.key)
def test_doubles_once_each_and_only_of_an_opponent(code):
    bid = "1NT"
    assert final(code, "N", [bid, "X", "XX", "P", "P", "P"])["contract"] == f"{bid}XX"
    law = code.laws["doubles"]
    e = refused(code, "N", [bid, "P", "X"])  # South doubles his partner's declaration
    assert e.call == 3 and "his partner's (or his own) declaration" in e.args[0]
    assert law in e.args[0] and "50 points" in e.args[0]
    e = refused(code, "N", [bid, "X", "P", "X"])  # the doubler's partner doubles again
    assert e.call == 4 and "already doubled" in e.args[0]
    e = refused(code, "N", [bid, "X", "P", "XX"])  # West redoubles his partner's double
    assert e.call == 4 and "redouble his partner's double" in e.args[0]
    e = refused(code, "N", [bid, "X", "XX", "P", "P", "XX"])  # redoubling more than once
    assert e.call == 6 and "more than once" in e.args[0] and "100 points" in e.args[0]
    e = refused(code, "N", ["P", "XX"] if code.dealer_may_pass else [bid, "XX"])
    assert "nothing to redouble" in e.args[0] or "no declaration" in e.args[0]


def test_a_double_reopens_and_a_new_declaration_ends_the_doubles():
    # 1915 Law 55: after a double any of the three may bid on, even the doubled player.
    out = final(C1915, "N", ["1H", "X", "P", "P", "2H", "X", "P", "P", "P"])
    assert out == {"final": True, "contract": "2HX", "declarer": "N"}
    # The double of 1H does not carry to 2H: East may double 2H afresh.
    a = run_auction(C1915, "N", ["1H", "X", "2H"])
    assert a.contract() is not None and a.contract().doubled == 0


# The declarer (1915 Law 47, 1913 Law 46, Royalton Law 34).


def test_declarer_is_the_partner_who_first_named_the_denomination():
    # N 1H, S 2H: North named hearts first, so North plays, whatever intervened.
    assert final(C1915, "N", ["1H", "2C", "2H", "3C", "3H", "P", "P", "P"])["declarer"] == "N"
    # A suit first named by an opponent does not count: E 1H, S 2H: South plays.
    assert final(C1915, "E", ["1H", "2H", "P", "P", "P"])["declarer"] == "S"
    # 1913: royal spades name the same trumps as the dealer's weak one spade (our reading):
    # North's 1S then South's 2RS: North plays the royal spades.
    assert final(C1913, "N", ["1S", "P", "2RS", "P", "P", "P"])["declarer"] == "N"


def test_royalton_nullo_declarant_may_hand_the_play_to_partner():
    a = run_auction(ROYALTON, "N", ["2NULLO", "P", "P", "P"])
    assert a.to_json() == {"final": True, "contract": "2NULLO", "declarer": "N", "plays": "N"}
    assert a.to_json(nullo_to_partner=True)["plays"] == "S"  # the scoring side is the same


# Bars from a director's ruling (Duplicate Law F; Law 50; Law 50a).


def test_law_f_bars_the_offenders_partner_for_the_deal():
    a = Auction(C1915, "N")
    a.add("1H")
    a.bar_partner("E", "Duplicate Law F")  # East declared out of turn: West is barred
    a.add("1S")  # East, in turn
    a.add("P")
    with pytest.raises(
        AuctionError, match=r"W may not declare or double again \(Duplicate Law F\)"
    ):
        a.add("2S")
    a.add("P")  # a pass is always allowed
    a.add("2H")  # North
    a.add("P")
    a.add("P")
    with pytest.raises(AuctionError, match="Duplicate Law F"):
        a.add("X")  # a double is a declaration too (Law 57)


def test_law_50_bar_lifts_when_an_opponent_bids_or_doubles():
    a = Auction(C1915, "N")
    a.add("1H")
    a.add("1S")  # East
    a.bar_partner("E", "Law 50", until_opponent_acts=True)  # say East's bid was insufficient
    a.add("P")  # South
    with pytest.raises(AuctionError, match="Law 50"):
        a.add("2S")  # West barred
    a.add("P")
    a.add("2H")  # North, an adversary of West, bids: the bar is lifted
    a.add("P")
    a.add("P")
    a.add("2S")  # West may now declare
    assert a.last_bid is not None and a.last_bid.seat == "W"


def test_a_call_out_of_turn_is_for_the_director():
    a = Auction(C1915, "N")
    from scoring.auction import Call

    with pytest.raises(AuctionError, match=r"N's turn.*Law 49.*Duplicate Law F"):
        a.add(Call("E", "pass"))


def test_legal_calls_offer_only_what_the_code_allows():
    a = run_auction(C1915, "N", ["1H", "X"])
    offered = {str(c) for c in a.legal_calls()}
    assert "XX" in offered and "X" not in offered and "1D" not in offered and "1S" in offered
    assert {str(c) for c in Auction(C1913, "N").legal_calls()} >= {"1S", "1C"}
    assert "P" not in {str(c) for c in Auction(C1913, "N").legal_calls()}  # Law 42


# The command line.


def run_cli(lines):
    out = io.StringIO()
    status = main(["auction"], io.BytesIO("\n".join(lines).encode()), out, io.StringIO())
    return status, [json.loads(x) for x in out.getvalue().splitlines()]


def test_cli_one_line_out_per_line_in_same_order():
    status, out = run_cli(
        [
            json.dumps({"id": "a", "dealer": "N", "calls": ["1H", "P", "2H", "X", "P", "P", "P"]}),
            json.dumps({"id": "b", "dealer": "N", "calls": ["P", "P", "P", "P"]}),
            json.dumps({"id": "c", "code": "1913", "dealer": "N", "calls": ["1C", "P", "3S"]}),
            json.dumps({"id": "d", "code": "1913", "dealer": "N", "calls": ["1H", "P", "1C"]}),
            "not json",
            json.dumps({"id": "e", "dealer": "N", "calls": "1H P"}),
            json.dumps({"id": "f", "dealer": "N", "calls": [], "colour": "red"}),
        ]
    )
    assert status == 1
    assert out[0] == {"id": "a", "final": True, "contract": "2HX", "declarer": "N"}
    assert out[1] == {"id": "b", "final": True, "contract": "PASS", "declarer": None}
    assert out[2] == {"id": "c", "final": False, "to_call": "W", "contract": "3S"}
    assert out[3]["id"] == "d" and out[3]["call"] == 3 and "Law 44" in out[3]["error"]
    assert out[4]["id"] is None and "not valid JSON" in out[4]["error"]
    assert out[5]["id"] == "e" and "the calls are a list" in out[5]["error"]
    assert out[6]["id"] == "f" and "unknown field colour" in out[6]["error"]


def test_cli_all_good_exits_zero():
    status, out = run_cli([json.dumps({"dealer": "S", "calls": ["1NT", "P", "P", "P"]})])
    assert status == 0 and out == [{"id": None, "final": True, "contract": "1NT", "declarer": "S"}]


# Properties.

CODES = st.sampled_from([C1915, C1913, C1913E, ROYALTON])
SEATS = st.sampled_from("NESW")


@st.composite
def legal_auctions(draw):
    """An auction made of legal calls only, over or not."""
    code, dealer = draw(CODES), draw(SEATS)
    a = Auction(code, dealer)
    for _ in range(draw(st.integers(0, 40))):
        options = a.legal_calls()
        if not options:
            break
        # A pass half the time (when allowed), so that most auctions end.
        passes = [c for c in options if c.kind == "pass"]
        a.add(passes[0] if passes and draw(st.booleans()) else draw(st.sampled_from(options)))
    return a


@settings(max_examples=150, deadline=None)
@given(legal_auctions())
def test_replaying_a_legal_auction_never_refuses_a_call(a):
    again = run_auction(a.code, a.dealer, [str(c) for c in a.calls])
    assert again.to_json() == a.to_json()


@settings(max_examples=150, deadline=None)
@given(legal_auctions())
def test_a_completed_auctions_contract_is_one_the_code_allows(a):
    assume(a.is_over and not a.passed_out)
    contract = a.contract()
    assert contract is not None
    assert parse_contract(str(contract), a.code) == contract  # the scorer reads it back
    declarer = a.declarer()
    assert declarer is not None and a.last_bid is not None
    # The declarer is always on the side that made the final declaration.
    assert side_of(declarer) == side_of(a.last_bid.seat)


@settings(max_examples=100, deadline=None)
@given(legal_auctions())
def test_the_legal_calls_are_exactly_the_calls_check_lets_through(a):
    # legal_calls asks refusal() of every call of the code; check() raises the same
    # refusal: the tablet offers a call exactly when the scorer's entry of it would stand.
    seat = a.to_call
    every = [Call(seat, "pass"), Call(seat, "double"), Call(seat, "redouble")]
    every += [Call(seat, "bid", b) for b in a.all_bids()]
    let_through = []
    for c in every:
        try:
            a.check(c)
        except AuctionError as e:
            refused = a.refusal(c)
            assert refused is not None and (str(refused), refused.kind) == (str(e), e.kind)
            continue
        let_through.append(c)
    assert a.legal_calls() == ([] if a.is_over else let_through)


@settings(max_examples=100, deadline=None)
@given(CODES, SEATS, st.lists(st.sampled_from(["P", "X", "XX", "1H", "2NT", "8C", "7NT"])))
def test_any_sequence_is_answered_not_crashed(code, dealer, calls):
    try:
        run_auction(code, dealer, calls)
    except AuctionError as e:
        assert 1 <= e.call <= len(calls) and str(e)


def test_cli_rulings_among_the_calls():
    # 1915 Law 49: N 1H, W passes out of turn (the order is unaffected), E P, S P, W X:
    # refused, the fifth entry, with the law; Duplicate Law F: W 1S out of turn stands,
    # 50 to NS, E barred; the penalties come out as the deal command reads them.
    pass_oot = {"ruling": "pass-out-of-turn", "option": "order", "offender": "W", "call": "P"}
    status, out = run_cli(
        [
            json.dumps({"id": 1, "dealer": "N", "calls": ["1H", pass_oot, "P", "P", "X"]}),
            json.dumps(
                {
                    "id": 2,
                    "dealer": "N",
                    "calls": [
                        "1H",
                        {
                            "ruling": "out-of-turn",
                            "option": "stands",
                            "offender": "W",
                            "call": "1S",
                        },
                        "P",
                        "P",
                        "P",
                    ],
                }
            ),
            json.dumps({"id": 3, "dealer": "N", "calls": ["1H", {"ruling": "exposed"}]}),
            json.dumps({"id": 4, "dealer": "N", "calls": ["1H", {"ruling": 3}]}),
        ]
    )
    assert out[0]["call"] == 5 and out[0]["irregularity"] == "barred"
    assert "(Law 49)" in out[0]["error"] and "1H, the declaration he passed" in out[0]["error"]
    assert out[1]["contract"] == "1S" and out[1]["declarer"] == "W"
    assert out[1]["penalties"] == [{"side": "NS", "points": 50, "law": "Duplicate Law F"}]
    assert out[1]["bars"] == [
        "E may not declare or double again (Duplicate Law F) for the rest of the auction."
    ]
    assert out[2]["call"] == 2 and "no option" in out[2]["error"]
    assert out[3]["call"] == 2 and "fields are text" in out[3]["error"]
    assert status == 1  # a line refused
