"""Properties of score_deal that must hold for every deal under every code."""

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from scoring import PASS, DealResult, Penalty, get_code, score_deal
from scoring.cards import rotate_seat

from .strategies import deal_results

SWAP = {"NS": "EW", "EW": "NS"}


@given(deal_results())
def test_columns_add_up_to_the_items_and_net(rc):
    result, code = rc
    s = score_deal(result, code)
    for side, trick, honour in (("NS", s.ns_trick, s.ns_honour), ("EW", s.ew_trick, s.ew_honour)):
        assert trick == sum(i.points for i in s.items if i.side == side and i.column == "trick")
        assert honour == sum(i.points for i in s.items if i.side == side and i.column == "honour")
    assert s.net_ns == s.ns_trick + s.ns_honour - s.ew_trick - s.ew_honour
    assert s.net_ew == -s.net_ns
    assert all(i.points > 0 for i in s.items)
    assert all(isinstance(i.points, int) for i in s.items)


def _rotate(result: DealResult) -> DealResult:
    """The same deal with every player moved one seat clockwise: NS become EW."""
    return replace(
        result,
        declarer=rotate_seat(result.declarer),
        dealer=rotate_seat(result.dealer) if result.dealer else None,
        honours={rotate_seat(k): v for k, v in result.honours.items()} if result.honours else None,
        revokes={SWAP[k]: v for k, v in result.revokes.items()},
        penalties=tuple(Penalty(SWAP[p.side], p.points, p.law) for p in result.penalties),
    )


@given(deal_results())
def test_swapping_the_sides_negates_the_net_score(rc):
    result, code = rc
    assert score_deal(_rotate(result), code).net_ns == -score_deal(result, code).net_ns


@given(deal_results(), st.integers(0, 2))
def test_honours_never_depend_on_the_double(rc, doubled):
    result, code = rc
    other = replace(result, contract=replace(result.contract, doubled=doubled))

    def honours(r):
        return [i for i in score_deal(r, code).items if "honours" in i.reason or "aces" in i.reason]

    assert honours(result) == honours(other)


@given(st.sampled_from(["1915", "royalton"]), st.booleans())
def test_passed_out_deal_scores_zero(key, premium):
    s = score_deal(DealResult(PASS, premium=premium), get_code(key))
    assert s.net_ns == 0 and s.items == ()


@given(deal_results())
def test_only_one_side_has_a_trick_score(rc):
    result, code = rc
    s = score_deal(result, code)
    assert s.ns_trick == 0 or s.ew_trick == 0
