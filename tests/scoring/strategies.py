"""Hypothesis strategies for valid deal results under any code."""

from hypothesis import strategies as st

from scoring import DealResult, Penalty, get_code
from scoring.contract import Contract

CODE_KEYS = ("1915", "1913", "royalton")


@st.composite
def contracts(draw, code):
    strain = draw(st.sampled_from(code.strains))
    royal = draw(st.booleans()) if code.has_royal else False
    return Contract(draw(st.integers(1, 7)), strain, royal, draw(st.integers(0, 2)))


@st.composite
def honour_counts(draw, strain):
    total = 4 if strain == "NT" else 5
    seats = draw(st.lists(st.sampled_from("NESW"), min_size=total, max_size=total))
    return {s: seats.count(s) for s in "NESW"}


@st.composite
def deal_results(draw, code_key=None):
    """A valid (result, code) pair."""
    key = code_key or draw(st.sampled_from(CODE_KEYS))
    code = get_code(
        key,
        english_slams=key == "1913" and draw(st.booleans()),
        english_bidding=key == "1913" and draw(st.booleans()),
    )
    contract = draw(contracts(code))
    declarer = draw(st.sampled_from("NESW"))
    honours = None
    if code.has_honours and contract.strain != "NULLO" and draw(st.booleans()):
        honours = draw(honour_counts(contract.strain))
    revokes = {"NS": draw(st.integers(0, 2)), "EW": draw(st.integers(0, 2))}
    # Declarer's choice exists only when the defenders alone revoked (docs/laws/scoring.md,
    # "Revokes"); recorded only when the code offers it, sometimes "points" where it is all
    # there is.
    ours, theirs = ("NS", "EW") if declarer in "NS" else ("EW", "NS")
    penalty = None
    if revokes[theirs] and not revokes[ours]:
        only_points = contract.is_nullo or (code.each_revoke_costs and revokes[theirs] > 1)
        choices = [None, "points"] if only_points else ["points", "tricks"]
        penalty = draw(st.sampled_from(choices))
    penalties = tuple(
        Penalty(draw(st.sampled_from(["NS", "EW"])), draw(st.integers(1, 200)), "Law 54")
        for _ in range(draw(st.integers(0, 2)))
    )
    result = DealResult(
        contract=contract,
        declarer=declarer,
        tricks=draw(st.integers(0, 13)),
        dealer=declarer,
        honours=honours,
        revokes=revokes,
        revoke_penalty=penalty,
        penalties=penalties,
        premium=draw(st.booleans()),
    )
    return result, code
