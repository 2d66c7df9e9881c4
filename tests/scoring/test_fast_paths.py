"""The fast paths give exactly what the plain definitions give.

Why each exists: docs/decisions/fast-comparisons.md.

Each fast path here trades clarity for speed: scores shared between equal deals,
a board worked out once per distinct score, matchpoints with bridge-scorer's whole
output.  Each is checked against a plain, obviously right computation written out
in the test, over random input, with exact arithmetic (no float anywhere).
"""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import deal as deal_module
from scoring import rank_board, score_deal
from scoring.pairs import (
    BoardResult,
    BoardSummary,
    compare_boards,
    compare_line,
    neuberg,
    pair_standings,
    rank_labels,
)

from .strategies import deal_results

scores = st.lists(st.integers(-600, 600).map(lambda x: x - x % 8), min_size=1, max_size=40)


def _plain_matchpoints(scores: list[int], i: int) -> int:
    """2 for each score beaten, 1 for each tie (the duplicate whist method), by counting."""
    return sum(
        2 if s < scores[i] else 1 if s == scores[i] else 0 for j, s in enumerate(scores) if j != i
    )


@given(scores)
def test_rank_board_is_the_plain_count(values):
    # bridge-scorer's output: matchpoints, percentage and rank both ways.  E.g. scores
    # [100, 50, 50, -20]: NS 6, 3, 3, 0 of a top of 6; 100%, 50%, 50%, 0%; ranks 1, 2=, 2=, 4.
    got = rank_board(values)
    top = 2 * (len(values) - 1)
    ns_ranks = rank_labels(values)
    ew_ranks = rank_labels([-v for v in values])
    for i, line in enumerate(got):
        mp = _plain_matchpoints(values, i)
        assert (line.ns, line.ew) == (mp, top - mp)
        if top:
            assert line.ns_percent == Fraction(100 * mp, top)
            assert line.ew_percent == Fraction(100 * (top - mp), top)
            assert line.ns_percent + line.ew_percent == 100
        else:
            assert line.ns_percent is line.ew_percent is None
        assert (line.ns_rank, line.ew_rank) == (ns_ranks[i], ew_ranks[i])


def test_rank_board_worked_example():
    # Four tables: 100 beats three (6), the two 50s beat one and tie one (2 + 1 = 3),
    # -20 beats none (0); East-West has the rest of the top of 6.
    got = rank_board([100, 50, 50, -20])
    assert [(x.ns, x.ew) for x in got] == [(6, 0), (3, 3), (3, 3), (0, 6)]
    assert [x.ns_rank for x in got] == ["1", "2=", "2=", "4"]
    assert [x.ew_rank for x in got] == ["4", "2=", "2=", "1"]
    assert got[1] is got[2]  # equal scores share their numbers


@st.composite
def plain_fields(draw):
    """Boards with real scores and, on boards of three tables or more, Law B lines."""
    tables = draw(st.integers(2, 9))
    results = []
    for b in range(1, draw(st.integers(1, 4)) + 1):
        n = draw(st.integers(1, tables))
        for t in range(1, n + 1):
            net, adjusted = draw(st.sampled_from([-50, 0, 32, 125, 157])), None
            if n > 2 and t == n and draw(st.booleans()):
                net, adjusted = None, draw(st.sampled_from(["average", "ns-lowest", "ew-lowest"]))
            results.append(BoardResult(b, f"n{t}", f"e{t}", net, adjusted))
    return draw(st.permutations(results))  # input order need not follow the boards


def _plain_compare(results: list[BoardResult], method: str) -> list[tuple]:
    """Law H and matchpoints line by line from the definitions (Duplicate Laws B, H)."""
    boards: dict[int, list[BoardResult]] = {}
    for r in results:
        boards.setdefault(r.board, []).append(r)
    expected = max(len(v) for v in boards.values())
    top = 2 * (expected - 1)
    out = []
    for r in results:
        lines = boards[r.board]
        real = [x.net_ns for x in lines if x.adjusted is None]

        def net_of(x: BoardResult, real: list = real) -> Fraction:
            if x.adjusted is None:
                return Fraction(x.net_ns)
            if x.adjusted == "average":
                return Fraction(sum(real), len(real))
            return Fraction(min(real) if x.adjusted == "ns-lowest" else max(real))

        net = net_of(r)
        if method == "total":
            average = sum(net_of(x) for x in lines) / len(lines)
            out.append((net, net - average, average - net))
            continue
        mps = [neuberg(_plain_matchpoints(real, i), expected, len(real)) for i in range(len(real))]
        if r.adjusted is None:
            mp = mps[real.index(r.net_ns)]
        else:  # Law B(3): the mean, or the lower/higher of the side's real matchpoints
            mp = {
                "average": Fraction(top, 2),
                "ns-lowest": min(mps),
                "ew-lowest": max(mps),
            }[r.adjusted]
        out.append((net, Fraction(mp), top - Fraction(mp)))
    return out


@pytest.mark.parametrize("method", ["total", "matchpoints"])
@given(results=plain_fields())
def test_compare_boards_is_the_plain_definition(method, results):
    got = compare_boards(results, method)
    assert [line.result for line in got] == list(results)
    plain = _plain_compare(results, method)
    assert [(line.net_ns, line.ns_score, line.ew_score) for line in got] == plain
    # Whole numbers stay ints (what the pages print and the sums add).
    for line in got:
        for x in (line.ns_score, line.ew_score):
            assert type(x) is int or Fraction(x).denominator != 1


@given(results=plain_fields())
def test_standings_are_the_sum_of_the_lines(results):
    for method in ("total", "matchpoints"):
        per_pair: dict[str, Fraction] = {}
        for line in compare_boards(results, method):
            for pair, x in ((line.result.ns, line.ns_score), (line.result.ew, line.ew_score)):
                per_pair[pair] = per_pair.get(pair, Fraction(0)) + x
        assert {s.pair: s.score for s in pair_standings(results, method)} == per_pair


@given(deal_results())
def test_a_shared_score_is_the_score_made_afresh(rc):
    result, code = rc
    got = score_deal(result, code)
    deal_module.SHARED_SCORES.clear()
    fresh = score_deal(result, code)
    assert got == fresh and got is not fresh
    assert score_deal(result, code) is fresh  # the second time, the same object
    columns = {("NS", "trick"): 0, ("NS", "honour"): 0, ("EW", "trick"): 0, ("EW", "honour"): 0}
    for item in got.items:
        columns[(item.side, item.column)] += item.points
    assert (got.ns_trick, got.ns_honour, got.ew_trick, got.ew_honour) == tuple(columns.values())


def test_shared_scores_stay_bounded(monkeypatch):
    from scoring import get_code, parse_contract
    from scoring.deal import DealResult

    monkeypatch.setattr(deal_module, "SHARED_SCORES_LIMIT", 3)
    deal_module.SHARED_SCORES.clear()
    code = get_code("1915")
    for tricks in range(13):
        score_deal(DealResult(parse_contract("1NT", code), "S", tricks), code)
        assert len(deal_module.SHARED_SCORES) <= 3


def _summary(lines: list[BoardResult], line: BoardResult) -> tuple[BoardSummary, dict]:
    """A board's summary as the database's grouped query gives it, by counting."""
    real = [x.net_ns for x in lines if x.adjusted is None]
    law_b: dict[str, int] = {}
    for x in lines:
        if x.adjusted is not None:
            law_b[x.adjusted] = law_b.get(x.adjusted, 0) + 1
    mine = line.net_ns
    return (
        BoardSummary(
            lines=len(lines),
            real=len(real),
            total=sum(real),
            lowest=min(real),
            lowest_count=real.count(min(real)),
            highest=max(real),
            highest_count=real.count(max(real)),
            below=sum(1 for v in real if mine is not None and v < mine),
            equal=sum(1 for v in real if v == mine),
        ),
        law_b,
    )


@pytest.mark.parametrize("method", ["total", "matchpoints"])
@given(results=plain_fields())
def test_a_line_from_its_boards_summary_is_the_line_compared(method, results):
    # What a score card works out from the database's summary of each of its boards
    # equals the board compared line by line.
    boards: dict[int, list[BoardResult]] = {}
    for r in results:
        boards.setdefault(r.board, []).append(r)
    expected = max(len(v) for v in boards.values())
    for line in compare_boards(results, method):
        summary, law_b = _summary(boards[line.result.board], line.result)
        got = compare_line(line.result, summary, method, expected, law_b)
        assert got == line
        assert [type(x) for x in got] == [type(x) for x in line]


@pytest.mark.parametrize("method", ["total", "matchpoints"])
@given(results=plain_fields(), more=st.integers(min_value=0, max_value=3))
def test_a_line_so_far_from_its_summary_is_the_line_compared(method, results, more):
    # The same while the evening is played: each board is played at ``more`` tables
    # beyond its lines so far (Law B(3)'s contest is the tables, not the lines).
    boards: dict[int, list[BoardResult]] = {}
    for r in results:
        boards.setdefault(r.board, []).append(r)
    tables = {b: len(v) + more for b, v in boards.items()}
    expected = max(len(v) for v in boards.values())
    for line in compare_boards(results, method, tables=tables):
        summary, law_b = _summary(boards[line.result.board], line.result)
        got = compare_line(line.result, summary, method, expected, law_b, tables[line.result.board])
        assert got == line
