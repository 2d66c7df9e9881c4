"""Honours are a required answer without a hand record (docs/laws/scoring.md, "Honours").

1915 Law 6 (1913 the same): three honours held between partners are worth 2
tricks, four 4, four in one hand 8, five 5, five with four in one hand 9,
five in one hand 10; at no trump three aces 30, four 40, four in one hand
100.  Royalton Law 85: "There shall be no count for the holding of any honors".
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    HonoursError,
    get_code,
    honour_holding_of,
    honour_holdings,
    honours_question,
    parse_contract,
    score_honours,
)
from scoring.honours import check_counts

WC15, WC13, ROY = get_code("1915"), get_code("1913"), get_code("royalton")
EB = get_code("1913", english_bidding=True)


@pytest.mark.parametrize(
    ("code", "contract", "question"),
    [
        (WC15, "4H", "trumps"),
        (WC15, "3NTX", "aces"),
        (WC13, "1S", "trumps"),
        (WC13, "2RS", "trumps"),
        (EB, "2S", "trumps"),
        (WC15, "PASS", None),  # not played: nothing to ask
        (EB, "PASS", None),
        (ROY, "4H", None),  # Royalton Law 85: no honours
        (ROY, "2NULLO", None),
        (ROY, "PASS", None),
    ],
)
def test_honours_question(code, contract, question):
    assert honours_question(code, contract) == question
    assert honours_question(code, parse_contract(contract, code)) == question


def test_no_question_with_a_hand_record():
    # docs/laws/scoring.md, "Honours": with a hand record honours are derived from the
    # cards, never typed.
    assert honours_question(WC15, "4H", hand_record=True) is None


def test_trump_holdings_hearts():
    # Hearts are worth 8 (Law 3): 2, 4, 8, 5, 9, 10 tricks' worth to each side.
    holdings = honour_holdings(WC15, "4H")
    assert [(h.key, h.points) for h in holdings] == [
        ("NS-3", 16),
        ("EW-3", 16),
        ("NS-4", 32),
        ("EW-4", 32),
        ("NS-4-in-one-hand", 64),
        ("EW-4-in-one-hand", 64),
        ("NS-5", 40),
        ("EW-5", 40),
        ("NS-5-four-in-one-hand", 72),  # the example of docs/laws/scoring.md: 9 x 8
        ("EW-5-four-in-one-hand", 72),
        ("NS-5-in-one-hand", 80),
        ("EW-5-in-one-hand", 80),
    ]
    assert holdings[0].label == "North-South: three honours (simple honours)"


def test_no_trump_holdings():
    holdings = honour_holdings(WC15, "3NT")
    assert [(h.key, h.side, h.points) for h in holdings] == [
        ("none", None, 0),  # the aces split 2-2: nobody scores, but the scorer says so
        ("NS-3", "NS", 30),
        ("EW-3", "EW", 30),
        ("NS-4", "NS", 40),
        ("EW-4", "EW", 40),
        ("NS-4-in-one-hand", "NS", 100),
        ("EW-4-in-one-hand", "EW", 100),
    ]


def test_1913_spade_holdings_are_worth_two_a_trick_and_nine_under_english_bidding():
    # Five in one hand: 10 tricks' worth; plain spades 2 (10 x 2 = 20), royal 9 (90).
    def five(code, contract):
        return next(h for h in honour_holdings(code, contract) if h.key == "NS-5-in-one-hand")

    assert five(WC13, "1S").points == 20
    assert five(WC13, "1RS").points == 90
    assert five(EB, "1S").points == 90


@pytest.mark.parametrize(("code", "contract"), [(ROY, "4H"), (WC15, "PASS")])
def test_nothing_to_offer(code, contract):
    assert honour_holdings(code, contract) == ()
    with pytest.raises(HonoursError, match="no honours"):
        honour_holding_of(code, contract, {"N": 5})


@pytest.mark.parametrize("contract", ["4H", "3NT", "2S"])
def test_each_holding_is_valid_and_recognised(contract):
    for h in honour_holdings(WC15, contract):
        check_counts(h.counts, parse_contract(contract, WC15).strain)
        assert honour_holding_of(WC15, contract, h.counts) == h


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["4H", "3NT", "1C"]),
    st.lists(st.sampled_from("NESW"), min_size=5, max_size=5),
)
def test_any_holding_scores_as_its_answer(contract, seats):
    c = parse_contract(contract, WC15)
    seats = seats[:4] if c.strain == "NT" else seats
    counts = {s: seats.count(s) for s in "NESW"}
    answer = honour_holding_of(WC15, c, counts)
    scored = score_honours(counts, c, WC15)
    assert (answer.side, answer.points) == ((scored[0], scored[1]) if scored else (None, 0))


def test_counts_must_add_up():
    with pytest.raises(HonoursError, match="add up to 4; there are 5"):
        honour_holding_of(WC15, "4H", {"N": 2, "S": 2})
