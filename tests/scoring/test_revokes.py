"""Revokes: 1915 Law 84 and 89, Royalton Laws 77 and 81 (docs/laws/scoring.md, "Revokes")."""

import pytest

from scoring import (
    Penalty,
    Refusal,
    ScoringError,
    declarer_must_choose,
    get_code,
    parse_contract,
    revoke_choices,
    score_deal,
)
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
    # EW took 6 of the 8 a two-nullo needs them to take: two down.  NS 100 for the
    # revoke (Royalton Law 77(b)); Law 77 has no bar on the revoking side scoring
    # (docs/laws/scoring.md, "Revokes"), so EW still score 2 x 50 = 100 (Royalton Law
    # 36): net 100 - 100 = 0.
    assert (s.ns_honour, s.ew_honour, s.net_ns) == (100, 100, 0)


def test_revoke_choices_shows_the_better_one_first():
    code = get_code()
    r = DealResult(parse_contract("3HX", code), "S", 7, revokes={"EW": 1})
    choices = revoke_choices(r, code)
    assert list(choices) == ["tricks", "points"]  # 189 beats 100
    assert choices["tricks"].net_ns == 189
    r = DealResult(parse_contract("3HX", code), "E", 7, revokes={"NS": 1})
    assert list(revoke_choices(r, code)) == ["tricks", "points"]


# --- Royalton Law 77 read as written, and Law 81 (docs/laws/scoring.md, "Revokes") -------------


def test_royalton_77b_revokers_still_score_undertricks_when_declarer_takes_points():
    # 4H by South, 8 tricks, East-West revoke once, declarer takes 100 (Law 77(b)).
    # Two down: Law 77 has no bar on the revoking side scoring, so EW get 2 x 50 = 100
    # (Law 36).  Net 100 - 100 = 0.  Under 1915 Law 84 ("the value of their honours is
    # the only score that can be made by a revoking side") EW score nothing: net 100.
    s = score("4H", "S", 8, code="royalton", revokes={"EW": 1}, revoke_penalty="points")
    assert (s.ns_honour, s.ew_honour, s.net_ns) == (100, 100, 0)
    assert "EW honour 100: 2 undertricks at 50, Royalton Law 36" in reasons(s)
    assert score("4H", "S", 8, revokes={"EW": 1}, revoke_penalty="points").net_ns == 100


def test_royalton_77b_penalty_tricks_that_still_fail_leave_the_revokers_undertricks():
    # 4H by South, 6 tricks + 3 penalty tricks = 9: one down, 50 to EW (Law 36): net -50.
    # 1915: the same nine tricks fail, but the revokers score nothing: net 0.
    s = score("4H", "S", 6, code="royalton", revokes={"EW": 1}, revoke_penalty="tricks")
    assert (s.ns_honour, s.ew_honour, s.net_ns) == (0, 50, -50)
    assert score("4H", "S", 6, revokes={"EW": 1}, revoke_penalty="tricks").net_ns == 0


def test_royalton_77c_each_revoke_costs_100_with_no_choice():
    # 4H by South made with 10 tricks, EW revoke twice: 4 x 10 = 40 (Law 83), premium 125
    # (40 reaches Royalton's game), 2 x 100 (Law 77(c): "the penalty for each revoke is
    # 100 points"): 365.  No choice is asked for.
    s = score("4H", "S", 10, code="royalton", revokes={"EW": 2})
    assert s.net_ns == 40 + 125 + 200
    assert "NS honour 200: 2 revokes by the defenders at 100 each, Royalton Law 77(c)" in (
        reasons(s)
    )
    # "points" is what 77(c) gives anyway, so recording it changes nothing.
    assert score("4H", "S", 10, code="royalton", revokes={"EW": 2}, revoke_penalty="points") == s
    # Three revokes: 300.
    assert score("4H", "S", 10, code="royalton", revokes={"EW": 3}).net_ns == 40 + 125 + 300


def test_royalton_77c_refuses_three_tricks_for_two_revokes():
    with pytest.raises(ScoringError, match=r"cannot take three tricks \(Royalton Law 77\(c\)\)"):
        score("4H", "S", 8, code="royalton", revokes={"EW": 2}, revoke_penalty="tricks")


def test_royalton_77c_with_a_failing_contract_the_revokers_score_undertricks():
    # 4H by South, 8 tricks, EW revoke twice: NS 200 (77(c)); EW two down 100 (Law 36).
    s = score("4H", "S", 8, code="royalton", revokes={"EW": 2})
    assert (s.ns_honour, s.ew_honour, s.net_ns) == (200, 100, 100)


def test_royalton_declarers_side_revoking_twice():
    # 4H by South, 8 tricks, NS revoke twice: EW 2 x 100 (77(c)) and two down 100 (Law 36).
    s = score("4H", "S", 8, code="royalton", revokes={"NS": 2})
    assert (s.ew_honour, s.net_ns) == (300, -300)
    assert "EW honour 200: 2 revokes by declarer's side at 100 each, Royalton Law 77(c)" in (
        reasons(s)
    )


def test_1915_declarers_side_revoking_twice_cites_84a_and_84c():
    # 4H by South, 8 tricks, NS revoke twice: 100 (Law 84(a)) + 100 (84(c)) + 100 two down.
    s = score("4H", "S", 8, revokes={"NS": 2})
    assert reasons(s) == [
        "EW honour 100: revoke by declarer's side, Law 84(a)",
        "EW honour 100: 1 further revoke, Law 84(c)",
        "EW honour 100: 2 undertricks at 50, Law 48a",
    ]


def test_royalton_81_equal_revokes_no_score_but_director_penalties_stand():
    # Law 81: "Should both sides revoke, an equal number of times ... no score is
    # permitted"; its new deal cannot apply in duplicate (Duplicate Law F).  Reading:
    # the director's 25 for an infraction (Royalton Law 99) still stands.
    s = score(
        "4H",
        "S",
        10,
        code="royalton",
        revokes={"NS": 1, "EW": 1},
        penalties=(Penalty("NS", 25, "Royalton Law 99"),),
    )
    assert reasons(s) == ["NS honour 25: penalty, Royalton Law 99"]
    assert s.net_ns == 25


def test_royalton_81_unequal_revokes_score_the_extra_ones():
    # NS 1, EW 2: NS score 100 for EW's revoke after its first (Law 81); nothing else.
    s = score("4H", "S", 10, code="royalton", revokes={"NS": 1, "EW": 2})
    assert reasons(s) == ["NS honour 100: 1 further revoke, Royalton Law 81"]


def test_nullo_needs_no_choice():
    # docs/laws/scoring.md, "Revokes": on a nullo only the points are offered, so none
    # need be recorded.
    # 2 nullo by North, 5 tricks: EW take 8, the contract is made: 2 x 10 = 20; 100 for
    # the revoke (Law 77(b)).
    s = score("2NULLO", "N", 5, code="royalton", revokes={"EW": 1})
    assert (s.ns_trick, s.ns_honour) == (20, 100)


# --- declarer_must_choose and revoke_choices agree ----------------------------------


def _result(contract, code_key, revokes, choice=None, declarer="S", tricks=8):
    code = get_code(code_key)
    return DealResult(
        parse_contract(contract, code), declarer, tricks, revokes=revokes, revoke_penalty=choice
    ), code


@pytest.mark.parametrize(
    ("contract", "code_key", "revokes", "choice", "must", "offered"),
    [
        ("4H", "1915", {"EW": 1}, None, True, {"points", "tricks"}),
        ("4H", "1915", {"EW": 2}, None, True, {"points", "tricks"}),  # 84(b) then 84(c)
        ("4H", "1915", {"EW": 1}, "points", False, {"points", "tricks"}),  # already recorded
        ("4H", "1915", {}, None, False, set()),  # nobody revoked
        ("4H", "1915", {"NS": 1}, None, False, set()),  # declarer's side: Law 84(a)
        ("4H", "1915", {"NS": 1, "EW": 1}, None, False, set()),  # both: Law 89
        ("4H", "royalton", {"EW": 1}, None, True, {"points", "tricks"}),  # Law 77(b)
        ("4H", "royalton", {"EW": 2}, None, False, {"points"}),  # Law 77(c)
        ("2NULLO", "royalton", {"EW": 1}, None, False, {"points"}),  # nullo: points only
        ("PASS", "1915", {}, None, False, set()),
    ],
)
def test_declarer_must_choose_and_revoke_choices(
    contract, code_key, revokes, choice, must, offered
):
    result, code = _result(contract, code_key, revokes, choice, None if contract == "PASS" else "S")
    if contract == "PASS":
        result = DealResult(parse_contract("PASS", code))
    assert declarer_must_choose(result, code) is must
    assert set(revoke_choices(result, code)) == offered
    # score_deal agrees: it asks for the choice exactly when one must be made.
    if must:
        with pytest.raises(ScoringError, match="record declarer's choice"):
            score_deal(result, code)
    else:
        score_deal(result, code)


def test_revoke_choices_for_east_west_declarer_best_first():
    # 4H by East, 9 tricks, NS revoke: points = 100 + 0 (no undertricks for revokers)
    # = 100 to EW; tricks: 9 + 3 = 12 = 6 odd x 8 = 48 + premium 125 = 173.  Best first.
    code = get_code()
    r = DealResult(parse_contract("4H", code), "E", 9, revokes={"NS": 1})
    choices = revoke_choices(r, code)
    assert list(choices) == ["tricks", "points"]
    assert (choices["tricks"].net_ew, choices["points"].net_ew) == (173, 100)


def test_revoke_choices_and_declarer_must_choose_on_bad_counts():
    # Bad counts are explained (as score_deal would), never crash or invent a choice.
    code = get_code()
    with pytest.raises(ScoringError, match="counted per side"):
        revoke_choices(DealResult(parse_contract("4H", code), "S", 8, revokes=[("EW", 1)]), code)
    r = DealResult(parse_contract("4H", code), "S", 8, revokes={"EW": -1})
    assert declarer_must_choose(r, code) is False


@pytest.mark.parametrize(
    ("contract", "code", "revokes", "choice", "refusal"),
    [
        ("4H", "1915", {}, "points", Refusal.CHOICE_NOBODY_REVOKED),
        ("4H", "1915", {"EW": 1, "NS": 1}, "points", Refusal.CHOICE_BOTH_REVOKED),
        ("4H", "1915", {"NS": 1}, "tricks", Refusal.CHOICE_DECLARER_REVOKED),
        ("4H", "1915", {"EW": 1}, None, Refusal.CHOICE_MISSING),
        ("2NULLO", "royalton", {"EW": 1}, "tricks", Refusal.NO_TRICKS_ON_NULLO),
        ("4H", "royalton", {"EW": 2}, "tricks", Refusal.NO_TRICKS_EACH_REVOKE_COSTS),
    ],
)
def test_a_refused_revoke_choice_names_its_rule_and_field(contract, code, revokes, choice, refusal):
    """A page words these refusals its own way (the tablet names the chip that clears
    the choice), so each carries the rule refused and the field it concerns."""
    with pytest.raises(ScoringError) as e:
        score(contract, "S", 8, code=code, revokes=revokes, revoke_penalty=choice)
    assert (e.value.code, e.value.field) == (refusal, "revoke_penalty")


def test_a_malformed_input_names_no_rule():
    with pytest.raises(ScoringError) as e:
        score("4H", "S", 14)
    assert (e.value.code, e.value.field) == (None, "")
