"""The chart geometry: bars count the scores exactly, tallest bar full height."""

from fractions import Fraction

from tournament.queries import charts


def test_spread_counts_each_score_once_lowest_left():
    chart = charts.spread([420, -50, 420, 170], with_average=True)
    assert chart is not None
    assert [(b.score, b.count) for b in chart.bars] == [(-50, 1), (170, 1), (420, 2)]
    # (420 + 420 + 170 - 50) / 4 = 960 / 4 = 240, exact.
    assert chart.average == Fraction(240)
    tallest = chart.bars[-1]
    assert tallest.height == charts.BAR_AREA and chart.bars[0].height == charts.BAR_AREA // 2
    assert [b.x for b in chart.bars] == sorted(b.x for b in chart.bars)
    assert "2 tables +420" in chart.description and "Average +240.0" in chart.description


def test_nothing_to_chart():
    assert charts.spread([]) is None
    assert charts.spread([100]).average is None


def test_running_and_board_charts_geometry():
    from fractions import Fraction

    from tournament.queries.charts import average_x, boards, running, spread

    chart = running([1, 2, 3], [10, -5, 20], [15, 15, 30], percent=False)
    assert [p.value for p in chart.mine] == [10, -5, 20]
    ys = [p.y for p in chart.mine]
    assert ys[1] > ys[0] > ys[2]  # lower on the chart is worse
    assert chart.mine[0].x < chart.mine[1].x < chart.mine[2].x
    assert chart.last_mine == "+20" and "round 2: -5" in chart.description
    pct = running([1], [Fraction(125, 2)], [70], percent=True)
    assert pct.last_mine == "62.50%" and pct.baseline_y > pct.mine[0].y
    bars = boards([(1, 30), (2, -10), (3, 0)], percent=False)
    up, down, flat = bars.bars
    assert up.above and not down.above and flat.height == 0
    assert up.y + up.height == bars.baseline_y == down.y
    assert abs(up.height - 3 * down.height) <= 1  # 30 against 10, to scale (whole units)
    assert running([], [], [], percent=False) is None and boards([], percent=True) is None
    # The average's mark falls between the bars of the scores either side of it.
    s = spread([0, 100, 100, 100], with_average=True)  # average 75
    lo, hi = s.bars
    assert average_x(s) == lo.label_x + round(Fraction(3, 4) * (hi.label_x - lo.label_x))


def test_spread_of_lines_charts_what_the_comparison_compared():
    """The traveller's chart from compare_boards' own lines: its average is the one
    each line was compared with, Law B's artificial and the director's weighted scores
    are bars marked as such, lines with no net score are left out and counted, and a
    fouled board's versions are charted apart with their own averages."""
    from scoring.pairs import BoardResult, compare_boards, law_h_averages

    lines = compare_boards(
        [
            BoardResult(7, "3", "8", 7),
            BoardResult(7, "2", "6", -114),
            BoardResult(7, "1", "9", 267),
            BoardResult(7, "5", "7", None, "ns-lowest"),
            BoardResult(7, "4", "10", -64),
        ]
    )
    (chart,) = charts.spread_of_lines(lines, total_points=True, ours="3")
    assert chart.average == Fraction(-18, 5) == law_h_averages(lines)[1]
    assert all(Fraction(ln.net_ns) - ln.ns_score == chart.average for ln in lines)
    assert [(b.score, b.count, b.artificial) for b in chart.bars] == [
        (-114, 2, 1),
        (-64, 1, 0),
        (7, 1, 0),
        (267, 1, 0),
    ]
    assert chart.average_text == "-3.6" and chart.ours_bar.score == 7
    assert "B, Law B's artificial score" in chart.legend
    # The average falls between -64 and +7, nearer +7; its label stays in the chart.
    assert chart.bars[1].label_x < chart.average_x < chart.bars[2].label_x

    mixed = compare_boards(
        [
            BoardResult(3, "1", "6", 100),
            BoardResult(3, "2", "7", -50),
            BoardResult(
                3, "3", "8", None, "weighted", ((Fraction(1, 2), 100), (Fraction(1, 2), 0))
            ),
            BoardResult(3, "4", "9", None, "not-played"),
            BoardResult(3, "5", "10", 420, version=2),
            BoardResult(3, "11", "12", 170, version=2),
        ]
    )
    first, second = charts.spread_of_lines(mixed, total_points=True)
    # Version 1: 100, -50 and the weighted 50 compared (average 100/3); one not played.
    assert first.version == 1 and first.average == Fraction(100, 3) and first.left_out == 1
    assert [(b.score, b.weighted) for b in first.bars] == [(-50, 0), (50, 1), (100, 0)]
    assert "1 line +50 (1 director's weighted score)" in first.description
    assert "Not charted: 1 line with no net score" in first.description
    # Version 2 is compared within itself: (420 + 170) / 2 = 295.
    assert second.version == 2 and second.average == 295 and second.left_out == 0
    assert law_h_averages(mixed) == {1: Fraction(100, 3), 2: 295}
    # Matchpoints have no average; the bars are the same lines.
    (mp,) = charts.spread_of_lines(
        compare_boards(list(lines_input())[:3], "matchpoints"), total_points=False
    )
    assert mp.average is None and mp.average_x is None and sum(b.count for b in mp.bars) == 3


def lines_input():
    from scoring.pairs import BoardResult

    yield BoardResult(1, "1", "4", 420)
    yield BoardResult(1, "2", "5", -50)
    yield BoardResult(1, "3", "6", 420)


def test_labels_stay_inside_the_chart_and_in_their_rows():
    chart = charts.spread([-1000, 5, 6, 7, 8, 9, 10, 11, 12, 13, 2000], with_average=True)
    # An average at the chart's left edge: its label moved in, not cut off.
    low = charts.spread([-500, -500, -500, 3000], average=-500, ours=-500, ours_label="12")
    assert low.average_x == low.bars[0].label_x
    half = len("▲ average -500.0") * charts.CHAR // 2
    assert low.average_label_x - half >= 0 and low.ours_label_x - 4 * charts.CHAR >= 0
    assert chart.average_label_y > chart.score_label_y > charts.TOP + charts.BAR_AREA
    assert charts.one_decimal(Fraction(-18, 5)) == "-3.6"
    assert (
        charts.one_decimal(Fraction(1, 20)) == "+0.1"
        and charts.one_decimal(-Fraction(1, 20)) == "-0.1"
    )


def test_running_end_labels_stand_clear_of_the_lines_and_rounds_are_numbered():
    """The end label was drawn across the line ("-315" read "315"): it now stands right
    of the last points, in a margin kept for it, apart from the best's label."""
    chart = charts.running(
        [1, 2, 3, 4, 5], [-100, -200, -190, -260, -315], [80, 90, 95, 40, 192], percent=False
    )
    last = max(p.x for p in (*chart.mine, *chart.best))
    assert chart.label_x > last + 3.5  # right of every marker
    longest = max(len(chart.last_mine), len("best " + chart.last_best))
    assert chart.label_x + longest * charts.CHAR <= chart.width
    assert [r for _, r in chart.round_labels] == [1, 2, 3, 4, 5]
    assert chart.axis_y > max(p.y for p in (*chart.mine, *chart.best)) + 3.5 + 10
    # A pair that is the field's best: its label and the best's do not meet.
    top = charts.running([1, 2], [Fraction(145, 2), 60], [Fraction(145, 2), 60], percent=True)
    assert top.last_mine == "60.00%" and top.mine_label_y - top.best_label_y >= charts.LINE_GAP
    assert top.label_x + len("best 60.00%") * charts.CHAR <= top.width
