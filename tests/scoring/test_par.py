"""Par under each code: checked by hand, and a property on random deals."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import get_code, parse_pbn_deal
from scoring.par import par
from tests.conftest import SOLVED_DEALS

pytest.importorskip("endplay", reason="endplay (the double-dummy solver) is not installed")
from scoring import double_dummy

# The property's deals: those whose tables are stored (tests/fixtures/double_dummy.json,
# the deals the app's tests deal), so each example reads its table instead of solving a
# new deal afresh (about half a second each).
STORED_DEALS = sorted(json.loads(SOLVED_DEALS.read_text()))

# North AKQJ of spades, East AKQJ of hearts, South AKQJ of diamonds, West AKQJ of clubs;
# every hand one ten-high tail.  Double dummy: seven tricks in one's own long suit.
SQUARE = "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ"


def par_of(text, key, dealer="N", **options):
    # The module's solver when called (tests/conftest.py's stored tables), not the real
    # one an import would have kept.
    dd = double_dummy.dd_tricks(text)
    return par(get_code(key, **options), parse_pbn_deal(text), dd, dealer)


def test_1915_par_is_east_west_sacrifice_in_two_hearts_doubled():
    # NS's best: 1S by N, 7 tricks: 1 x 9 = 9, and North's four honours in one hand
    # 8 x 9 = 72 (Law 6): NS +81 (trick score under 30: no premium).
    # EW outbid it (Law 45: over 1S only 1NT, or 2 of a suit): 2H by E, 7 tricks, down one
    # doubled = 100 to NS, less East's four heart honours in one hand 8 x 8 = 64: NS +36.
    # NS over 2H: 2S by N, down one doubled: -100 + 72 = -28 < 36, so NS pass.
    p = par_of(SQUARE, "1915")
    assert (str(p.contract), p.declarer, p.tricks, p.score) == ("2HX", "E", 7, 36)


def test_1913_par_the_same_by_value():
    # 1913 by value (Law 44): NS's 1RS (9) is outbid by 2H (16); royal spades 9 a trick.
    p = par_of(SQUARE, "1913")
    assert (str(p.contract), p.score) == ("2HX", 36)


def test_royalton_par_no_honours_every_trick_ten():
    # Royalton: no honours, all tricks 10: each side makes one of its suits at the one
    # level (royal bids too), and every two-level bid fails doubled.  The last making bid
    # is EW's (hearts ranks above diamonds, royal above plain): NS -10; the lowest
    # contract with that score is named.
    p = par_of(SQUARE, "royalton")
    assert p.score == -10 and p.declarer in ("E", "W") and p.contract.level == 1


def test_passed_out_when_nobody_gains_but_the_1913_dealer_must_declare():
    # The same hands, but suppose every declarer took six tricks (a made-up double-dummy
    # table): no contract is made.  1915: NS's best failure is 1S doubled down one,
    # -100 + North's 72 honours = -28 < 0, so the dealer passes, and so does everyone:
    # passed out, 0 (Law 44).  1913: the dealer must declare (Law 42): 1RS doubled down
    # one, -100 + 72 = -28 is North-South's least loss (1S, the weak spade, loses 100 less
    # 4 honours in one hand at 2: 8 x 2 = 16, i.e. -84).
    six = {seat: dict.fromkeys(("C", "D", "H", "S", "NT"), 6) for seat in "NESW"}
    deal = parse_pbn_deal(SQUARE)
    p = par(get_code("1915"), deal, six, "N")
    assert p.contract.is_pass and p.score == 0 and str(p) == "passed out, 0"
    p = par(get_code("1913"), deal, six, "N")
    assert (str(p.contract), p.declarer, p.score) == ("1RSX", "N", -28)


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(STORED_DEALS),
    st.sampled_from(["1915", "royalton", "1913e"]),
    st.sampled_from("NESW"),
)
def test_par_lies_between_what_each_side_can_score(text, key, dealer):
    """Par never exceeds the best score North-South can make double-dummy in a contract of
    their own, nor falls below the best East-West can make (their view): with the dealer
    free to pass, each side can always hold the other to that much."""
    options = {"english_bidding": True} if key == "1913e" else {}
    code = get_code(key.rstrip("e"), **options)
    deal = parse_pbn_deal(text)
    dd = double_dummy.dd_tricks(text)
    p = par(code, deal, dd, dealer)
    from scoring.contract import Contract
    from scoring.deal import DealResult, score_deal

    def best(side):
        out = []
        for level in range(1, 8):
            for strain in code.strains:
                if strain == "NULLO":
                    continue
                col = "S" if strain == "RS" else strain
                for seat in side:
                    tricks = dd[seat][col]
                    played = Contract(level, strain, False, 0 if tricks >= 6 + level else 1)
                    r = DealResult(played, seat, tricks, dealer=dealer, deal=deal)
                    out.append(score_deal(r, code).net_ns)
        return out

    ns_best = max([0, *best("NS")])
    ew_best = min([0, *best("EW")])
    assert ew_best <= p.score <= ns_best


def test_par_command_line():
    import io
    import json

    from scoring.__main__ import main

    six = {seat: dict.fromkeys(("C", "D", "H", "S", "NT"), 6) for seat in "NESW"}
    lines = [
        json.dumps({"id": 1, "deal": SQUARE}),  # solved: NS +36 (see above)
        json.dumps({"id": 2, "deal": SQUARE, "code": "1913", "dd": six}),  # -28 (see above)
        json.dumps({"id": 3, "deal": SQUARE, "colour": "red"}),
        json.dumps({"id": 4, "deal": SQUARE, "dd": {"N": {}}}),
    ]
    out = io.StringIO()
    status = main(["par"], io.BytesIO("\n".join(lines).encode()), out, io.StringIO())
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert status == 1
    assert answers[0]["par"] == {"score": 36, "contract": "2HX", "declarer": "E", "tricks": 7}
    assert answers[1]["par"]["score"] == -28 and answers[1]["dealer"] == "N"
    assert "unknown field 'colour'" in answers[2]["error"]
    assert '"dd" is {seat: {strain: tricks}}' in answers[3]["error"]
