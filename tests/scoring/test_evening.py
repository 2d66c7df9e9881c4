"""A player's evening (scoring/pairs/evening.py): each board against the field and par
from the pair's side, read off the stored comparison, and the summary in words."""

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.pairs import BoardResult, compare_boards
from scoring.pairs.evening import board_evening, evening_summary

NETS = [205, 100, 120, 120, -50, 300, 196]


def lines(method, nets=NETS):
    return compare_boards([BoardResult(1, f"n{i}", f"e{i}", v) for i, v in enumerate(nets)], method)


def counted(nets=NETS):
    out = {}
    for v in nets:
        out[v] = out.get(v, 0) + 1
    return out


def test_north_south_against_the_field_and_par():
    # +120 to NS: the best is +300, the average 991/7 = 141.6, beaten by 4, tied by 1;
    # 120 - 991/7 = -151/7 = -21.6.  Par +140: 20 below par.
    b = board_evening(1, "NS", lines("total")[2], counted(), par_ns=140, par_contract="4S by N")
    assert (b.best, b.average, b.beat, b.tied, b.lost) == (300, Fraction(991, 7), 2, 1, 3)
    assert b.score == Fraction(-151, 7) and b.against_par == -20 and not b.above_average
    assert b.sentence == (
        "The field: best +300, average +141.6; you scored +120: -21.6 (beat 2, tied 1, lost 3 "
        "of 6). Par +140 (4S by N): 20 below par."
    )


def test_east_west_sees_the_board_from_its_side():
    # EW against NS +120: net -120; the best EW net is +50 (NS -50); EW's average is
    # -991/7; EW beat the three NS scores above +120 and lose to the two below.
    b = board_evening(1, "EW", lines("matchpoints")[2], counted(), par_ns=140)
    assert (b.net, b.best, b.beat, b.tied, b.lost, b.par) == (-120, 50, 3, 1, 2, -140)
    # Matchpoints: EW earn 12 - 5 = 7 of a top 12, against an average of 6: above it.
    assert (b.score, b.top, b.average) == (7, 12, 6) and b.above_average
    assert "top 12, average 6; you scored -120: 7 matchpoints" in b.sentence
    assert b.sentence.endswith("Par -140: 20 above par.")


def test_boards_passed_out_not_played_or_adjusted_count_in_neither_figure():
    played = board_evening(1, "NS", lines("total")[0], counted(), declared=True, made=True)
    passed = board_evening(
        2, "NS", lines("total", [0, 0, 100])[0], counted([0, 0, 100]), passed_out=True
    )
    adjusted_line = compare_boards(
        [BoardResult(3, "a", "b", 10), BoardResult(3, "c", "d", None, "plus/minus")], "total"
    )[1]
    adjusted = board_evening(3, "NS", adjusted_line, {10: 1})
    not_played = board_evening(4, "NS", None, {})
    assert (passed.left_out, adjusted.left_out, not_played.left_out) == (
        "passed out",
        "adjusted",
        "not played",
    )
    assert evening_summary([played, passed, adjusted, not_played]) == (
        "1 of 1 board above average; declared 1, made 1. 3 boards counted in neither figure "
        "(adjusted 1, not played 1, passed out 1)."
    )


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(-30, 30).map(lambda x: 10 * x), min_size=2, max_size=12),
    st.sampled_from(["total", "matchpoints"]),
    st.sampled_from(["NS", "EW"]),
)
def test_where_a_pair_stood_adds_up_and_agrees_with_its_score(nets, method, side):
    compared = lines(method, nets)
    for line in compared:
        b = board_evening(1, side, line, counted(nets))
        assert b.beat + b.tied + b.lost == len(nets) - 1
        mine = line.ns_score if side == "NS" else line.ew_score
        assert b.score == mine
        if method == "matchpoints":
            # The duplicate whist method from the pair's side: 2 a score beaten, 1 a tie.
            assert 2 * b.beat + b.tied == mine
        else:
            assert b.net - b.average == mine
        assert b.best >= b.net
