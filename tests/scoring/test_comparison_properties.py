"""Properties of pair contests and team matches, over random fields."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring.pairs import BoardResult, compare_boards, pair_standings
from scoring.teams import TableSeating, TeamBoardResult, score_team_match

net_scores = st.integers(-1000, 1000).map(lambda x: x - x % 2 if abs(x) > 600 else x)


@st.composite
def mitchell_fields(draw):
    """Random results where NS pairs n1.. meet EW pairs e1..; each board at some tables."""
    tables = draw(st.integers(2, 8))
    boards = draw(st.integers(1, 5))
    results = []
    for b in range(1, boards + 1):
        n = draw(st.integers(1, tables))
        ns = draw(st.permutations(range(1, tables + 1)))[:n]
        ew = draw(st.permutations(range(1, tables + 1)))[:n]
        for i in range(n):
            adjusted = None
            net = draw(net_scores)
            # Law B(3): an artificial score only on a board played at more than two tables.
            if n > 2 and i == n - 1 and draw(st.booleans()):
                adjusted, net = draw(st.sampled_from(["average", "ns-lowest", "ew-lowest"])), None
            results.append(BoardResult(b, f"n{ns[i]}", f"e{ew[i]}", net, adjusted))
    return results


@given(mitchell_fields())
def test_each_direction_field_sums_to_zero(results):
    standings = pair_standings(results, "total")
    for direction in ("NS", "EW"):
        assert sum(s.score for s in standings if s.direction == direction) == 0


@given(mitchell_fields())
def test_matchpoints_of_a_complete_board_sum_to_n_n_minus_1(results):
    lines = compare_boards(results, "matchpoints")
    counts = {}
    for r in results:
        counts[r.board] = counts.get(r.board, 0) + 1
    expected = max(counts.values())
    for board, n in counts.items():
        ns = [x.ns_score for x in lines if x.result.board == board]
        ew = [x.ew_score for x in lines if x.result.board == board]
        assert all(a + b == 2 * (expected - 1) for a, b in zip(ns, ew, strict=True))
        if n == expected and all(
            x.result.adjusted is None for x in lines if x.result.board == board
        ):
            assert sum(ns) == n * (n - 1) == sum(ew)


@given(mitchell_fields(), st.sampled_from(["total", "matchpoints"]), st.randoms())
def test_input_order_changes_nothing(results, method, rnd):
    shuffled = list(results)
    rnd.shuffle(shuffled)
    assert pair_standings(results, method) == pair_standings(shuffled, method)


@st.composite
def team_matches(draw):
    k = draw(st.integers(2, 7))
    a_ns = draw(st.sampled_from(sorted({k // 2, (k + 1) // 2})))
    tables = [
        TableSeating(t, "A", "B") if t <= a_ns else TableSeating(t, "B", "A")
        for t in range(1, k + 1)
    ]
    boards = draw(st.integers(1, 4))
    results = [
        TeamBoardResult(b, t, draw(net_scores))
        for b in range(1, boards + 1)
        for t in range(1, k + 1)
    ]
    return tables, results


@given(team_matches(), st.randoms())
def test_team_scores_are_symmetric_and_order_free(match, rnd):
    tables, results = match
    m = score_team_match(tables, results)
    assert m.teams["A"].score == -m.teams["B"].score
    assert m.teams["A"].rounded == -m.teams["B"].rounded
    # Swapping the teams' names swaps their results.
    swapped = [TableSeating(t.table, t.ew, t.ns) for t in tables]
    m2 = score_team_match(swapped, [TeamBoardResult(r.board, r.table, -r.net_ns) for r in results])
    assert m2.teams["A"].score == m.teams["A"].score
    shuffled = list(results)
    rnd.shuffle(shuffled)
    assert score_team_match(tables, shuffled) == m
    if m.winner:
        assert m.margin > 0
    else:
        assert m.margin == Fraction(0)
