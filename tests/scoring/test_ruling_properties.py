"""Properties of the rulings guide over legal auctions with one irregularity inserted
and ruled (docs/laws/auction.md), in every code:

* a barred player's only call is a pass until his bar lifts, and then he has every
  call the others would have;
* the final contract is one that was declared, by the declarer's side;
* the points the ruling gives appear in the score, in the other side's honour column.

Each example: a legal prefix of an auction, one irregularity that fits that moment
(tried on a copy, so only rulings the guide accepts are made), then legal calls to the
end.  The bars are followed by their laws' own words, not by the auction's code:
Duplicate Law F, Law 65 and Law 50a for the rest of the auction; Law 50 until an
adversary bids or doubles; Law 49 until another player overbids or doubles the
declaration passed.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import get_code
from scoring import rulings as R
from scoring.auction import Auction, Call, from_record, to_record
from scoring.cards import SEATS, side_of
from scoring.contract import PASS
from scoring.deal import DealResult, score_deal
from scoring.errors import ScoringError

CODES = [
    get_code("1915"),
    get_code("1913"),
    get_code("1913", english_bidding=True),
    get_code("royalton"),
]
PROPERTIES = settings(max_examples=120, deadline=None)


def copy(a: Auction) -> Auction:
    return from_record(a.code, a.dealer, to_record(a))


def _candidates(a: Auction, bids: list[str]) -> list[tuple[str, str, str, str]]:
    """(irregularity, option, offender, call) that the guide accepts now."""
    to_call = a.to_call
    others = [s for s in SEATS if s != to_call]
    calls = [*bids, "X", "XX", "P", "8H", "8NT"]
    tried = []
    for item in R.guide(a.code):
        if item.key == "information":
            continue  # after the auction only
        if item.key in ("out-of-turn", "changed", "pass-out-of-turn", "exposed"):
            offenders = others if item.key != "exposed" else list(SEATS)
        else:
            offenders = [to_call]
        for opt in item.options:
            for offender in offenders:
                for text in calls:
                    tried.append((item.key, opt.key, offender, text))
    ok = []
    for ruling in tried:
        try:
            R.apply(copy(a), *ruling)
        except ScoringError:
            continue
        ok.append(ruling)
    return ok


@st.composite
def ruled_auctions(draw):
    """(auction over, the ruling made, the bars it set with their start, tricks)."""
    code = draw(st.sampled_from(CODES))
    a = Auction(code, draw(st.sampled_from(SEATS)))
    for _ in range(draw(st.integers(0, 10))):
        legal = a.legal_calls()
        passes = [c for c in legal if c.kind == "pass"]
        call = passes[0] if passes and draw(st.booleans()) else draw(st.sampled_from(legal))
        a.add(call)
        if a.is_over:
            a.calls.pop()
            break
    bids = [str(b) for b in draw(st.lists(st.sampled_from(a.all_bids()), max_size=5))]
    options = _candidates(a, bids)
    # Each irregularity that fits as likely as any other, however many calls fit it.
    key = draw(st.sampled_from(sorted({k for k, *_ in options})))
    ruling = draw(st.sampled_from([o for o in options if o[0] == key]))
    ruled = R.apply(a, *ruling)
    bars = [(b, len(a.calls)) for b in ruled.bars]
    trace: list[tuple[str, list[str], list[str]]] = []  # (seat, legal, legal if unbarred)
    for _ in range(60):
        if a.is_over:
            break
        legal = a.legal_calls()
        free = copy(a)
        free.bars = []
        trace.append((a.to_call, [str(c) for c in legal], [str(c) for c in free.legal_calls()]))
        passes = [c for c in legal if c.kind == "pass"]
        call = passes[0] if passes and draw(st.integers(0, 3)) else draw(st.sampled_from(legal))
        a.add(call)
    tricks = draw(st.integers(0, 13))
    return a, ruled, bars, trace, tricks


def _lifted(calls: list[Call], seat: str, lifts: str, start: int, upto: int) -> bool:
    """The law's words: has ``seat``'s bar lifted by the ``upto`` first calls?"""
    made = calls[:upto]
    if lifts == "opponent":  # Law 50: "unless an adversary subsequently bid or double"
        return any(
            c.kind in ("bid", "double") and side_of(c.seat) != side_of(seat) for c in made[start:]
        )
    if lifts == "overbid":  # Law 49: "in case the declaration he has passed is overbid or doubled"
        before = [i for i in range(start) if made[i].kind == "bid"]
        after = [
            i for i in range(start, len(made)) if made[i].kind == "bid" and made[i].seat != seat
        ]
        passed = before[-1] if before else (after[0] if after else None)
        if passed is None:
            return False
        return any(
            c.kind in ("bid", "double") and c.seat != seat for c in made[max(passed + 1, start) :]
        )
    return False  # Law F, Law 65, Law 50a: the rest of the auction


@PROPERTIES
@given(ruled_auctions())
def test_a_barred_player_may_only_pass_until_his_bar_lifts(case):
    a, ruled, bars, trace, _ = case
    start_calls = len(a.calls) - len(trace)
    for step, (seat, legal, unbarred) in enumerate(trace):
        upto = start_calls + step
        barred = any(
            b.seat == seat and not _lifted(a.calls, seat, b.lifts, start, upto) for b, start in bars
        )
        if upto == 0 and seat == a.dealer and not a.code.dealer_may_pass:
            barred = False  # 1913 Law 42: the dealer must declare (our reading: first)
        if barred:
            assert legal == ["P"], (seat, ruled.summary, [str(c) for c in a.calls[:upto]])
        else:
            assert legal == unbarred


@PROPERTIES
@given(ruled_auctions())
def test_the_final_contract_is_one_that_was_declared(case):
    a, ruled, _, _, _ = case
    if not a.is_over or a.passed_out:
        return
    contract, declarer = a.contract(), a.declarer()
    assert contract is not None and declarer is not None
    declared = {
        (c.bid.level, c.bid.strain, c.bid.royal, side_of(c.seat))
        for c in a.calls
        if c.kind == "bid" and c.bid is not None
    }
    assert (contract.level, contract.strain, contract.royal, side_of(declarer)) in declared
    if ruled.final is not None:  # an impossible declaration: the adversaries' own
        assert side_of(ruled.final.seat) != side_of(ruled.offender)
        assert ruled.final.bid is not None and ruled.final.bid.level == contract.level


@PROPERTIES
@given(ruled_auctions())
def test_the_points_of_the_ruling_appear_in_the_score(case):
    a, ruled, _, _, tricks = case
    if not a.is_over:
        return
    penalties = [ruled.penalty] if ruled.penalty else []
    if a.passed_out:
        result = DealResult(PASS, penalties=penalties)
    else:
        contract = a.contract()
        assert contract is not None
        result = DealResult(contract, a.declarer(), tricks, penalties=penalties)
    score = score_deal(result, a.code)
    if ruled.penalty is None:
        assert not any(i.reason.startswith("penalty") for i in score.items)
        return
    p = ruled.penalty
    assert p.side != side_of(ruled.offender) and p.points == ruled.option.points
    assert (p.side, "honour", p.points, f"penalty, {p.law}") in score.items
    without = score_deal(
        DealResult(result.contract, result.declarer, result.tricks) if penalties else result,
        a.code,
    )
    sign = 1 if p.side == "NS" else -1
    assert score.net_ns - without.net_ns == sign * p.points


def test_the_search_finds_every_irregularity_of_each_code():
    """The strategy's search reaches every irregularity of each code (but the lead of
    Law 51, after the auction), so the properties do not test a few of them only."""
    states = [
        [],  # out of turn, a pass out of turn, impossible, exposed; an opening royal
        ["1NT"],  # insufficient
        ["1NT", "P"],  # double of partner's declaration
        ["1NT", "X", "XX", "P", "P"],  # redoubling more than once
        ["1H", "P"],  # Royalton: N changes his 1H
    ]
    for code in CODES:
        found: set[str] = set()
        for calls in states:
            a = Auction(code, "N")
            for c in calls:
                a.add(c)
            found |= {k for k, *_ in _candidates(a, ["1C", "1SR" if code.has_royal else "1H"])}
        a = Auction(code, "N")
        a.add("1NT")
        R.apply(a, "out-of-turn", "stands", "S", "2NT")  # E's turn lost; N barred
        a.add("P")  # W
        found |= {k for k, *_ in _candidates(a, ["3NT"])}  # N bids though barred
        expected = {i.key for i in R.guide(code) if i.options} - {"information"}
        assert found == expected, (code.name, expected - found)
