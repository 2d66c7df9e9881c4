"""The chart geometry (issue 19): bars count the scores exactly, tallest bar full height."""

from fractions import Fraction

from scoring import charts


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

    from scoring.charts import average_x, boards, running, spread

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
