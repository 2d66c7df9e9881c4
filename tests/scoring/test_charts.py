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
