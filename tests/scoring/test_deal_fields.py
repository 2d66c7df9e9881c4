"""A field that cannot apply is refused, never ignored; every field's type and range.

docs/laws/scoring.md: a passed-out deal has no score (1915 Law 44); declarer's choice of
revoke penalty exists only after the defenders' revoke (Law 84(b)); Royalton
has no honours (Law 85).
"""

import pytest

from scoring import DealResult, Penalty, ScoringError, get_code, parse_contract, score_deal
from scoring.contract import PASS

from .helpers import score

WC15 = get_code("1915")


@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"declarer": "S"}, "no declarer"),
        ({"tricks": 7}, "no tricks"),
        ({"honours": {"N": 5}}, "no honours"),
        ({"revokes": {"EW": 1}}, "no revokes"),
        ({"revoke_penalty": "points"}, "no revoke penalty"),
        ({"declarer": "S", "tricks": 7}, "no declarer and no tricks: leave them out"),
    ],
)
def test_a_passed_out_deal_refuses_what_cannot_apply(kw, words):
    with pytest.raises(ScoringError, match=f"passed-out deal is not played, so it has {words}"):
        score_deal(DealResult(PASS, **kw), WC15)


@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"tricks": -1}, "0 to 13 tricks"),
        ({"tricks": 14}, "0 to 13 tricks"),
        ({"tricks": True}, "0 to 13 tricks"),
        ({"revokes": {"XX": 1}}, '"NS" or "EW", not "XX"'),
        ({"revokes": {"NS": -1}}, "give 0 to 13"),
        ({"penalties": (Penalty("EW", -5, "Law 54"),)}, "positive number"),
        ({"penalties": (Penalty("N", 5, "Law 54"),)}, "goes to a side"),
        ({"revoke_penalty": "both"}, '"points" or "tricks"'),
        ({"premium": "yes"}, "premium is on"),
    ],
)
def test_a_passed_out_deal_still_checks_types_and_ranges(kw, words):
    with pytest.raises(ScoringError, match=words):
        score_deal(DealResult(PASS, **kw), WC15)


def test_a_passed_out_deal_takes_the_hand_record_and_dealer_and_penalties():
    from scoring import parse_pbn_deal

    deal = parse_pbn_deal("N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ")
    s = score_deal(
        DealResult(
            PASS,
            dealer="N",
            deal=deal,
            revokes={"NS": 0, "EW": 0},
            penalties=(Penalty("NS", 50, "Duplicate Law F"),),
        ),
        WC15,
    )
    assert s.net_ns == 50


@pytest.mark.parametrize(
    ("revokes", "why"),
    [
        ({}, "nobody revoked"),
        ({"NS": 0, "EW": 0}, "nobody revoked"),
        ({"NS": 1}, "only declarer's side revoked"),
        ({"NS": 1, "EW": 1}, r"both sides revoked \(Law 89\)"),
    ],
)
def test_a_revoke_choice_with_no_choice_to_make_is_refused(revokes, why):
    with pytest.raises(ScoringError, match=f"here {why}: leave the choice out"):
        score("4H", "S", 10, revokes=revokes, revoke_penalty="points")


def test_honours_under_royalton_are_refused_even_as_zeros():
    with pytest.raises(ScoringError, match=r"score no honours \(Royalton Law 85\)"):
        score("4H", "S", 10, code="royalton", honours={"N": 0, "E": 0, "S": 0, "W": 0})


def test_honours_and_the_deal_together_are_refused():
    from scoring import parse_pbn_deal

    deal = parse_pbn_deal("N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ")
    with pytest.raises(ScoringError, match="either the deal"):
        score("4S", "N", 10, deal=deal, honours={"N": 4, "E": 1})


@pytest.mark.parametrize(
    ("kw", "words"),
    [
        ({"penalties": (Penalty("NS", 50, 54),)}, "law is written as text"),
        ({"penalties": (Penalty("NS", True, "Law 54"),)}, "positive number"),
        ({"penalties": ("50 to NS",)}, "a penalty names a side"),
        ({"honours": [2, 1, 1, 1]}, "counted per seat"),
        ({"honours": {"N": 2, "S": 1, "E": 1, "W": True}}, "0 to 5"),
        ({"revokes": [("EW", 1)]}, "counted per side"),
        ({"revokes": {"EW": 1.0}, "revoke_penalty": "points"}, "give 0 to 13"),
        ({"dealer": "X"}, "the dealer is N, E, S or W"),
    ],
)
def test_types_and_ranges_of_a_played_deal(kw, words):
    with pytest.raises(ScoringError, match=words):
        score("4H", "S", 10, **kw)


def test_a_contract_must_be_parsed_first():
    with pytest.raises(ScoringError, match="parse_contract"):
        score_deal(DealResult("4H", "S", 10), WC15)  # type: ignore[arg-type]


def test_parse_contract_refuses_what_is_not_text_without_crashing():
    from scoring import ContractError

    for value in ({}, [], None, 4, {"level": 4}):
        with pytest.raises(ContractError, match="written as text"):
            parse_contract(value, WC15)  # type: ignore[arg-type]


def test_messages_stay_short_for_huge_values():
    with pytest.raises(ScoringError) as e:
        score("4H", "S", 10**4000)
    assert len(str(e.value)) < 120 and "more than 40 digits" in str(e.value)
