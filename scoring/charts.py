"""Geometry of the small SVG charts (issue 19): pure, no Django, exact until display.

A chart here is only numbers: the SVG templates draw what this module measures, so
the picture and the table beside it come from the same figures (tested).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from math import ceil

WIDTH = 320
BAR_AREA = 120  # height of the tallest bar, in SVG units
LABEL = 16  # room under the bars for the score labels


@dataclass(frozen=True)
class Bar:
    """One net NS score on a board and how many tables scored it."""

    score: int
    count: int
    x: int
    y: int
    width: int
    height: int

    @property
    def label_x(self) -> int:
        return self.x + self.width // 2


@dataclass(frozen=True)
class Spread:
    """The spread of net NS scores on one board: a frequency bar per distinct score."""

    bars: tuple[Bar, ...]
    average: Fraction | None
    width: int = WIDTH
    height: int = BAR_AREA + 2 * LABEL

    @property
    def description(self) -> str:
        """The chart in words, for screen readers and print (readable without colour)."""
        parts = [f"{b.count} table{'s' if b.count != 1 else ''} {b.score:+d}" for b in self.bars]
        text = "Net NS scores: " + "; ".join(parts) + "."
        if self.average is not None:
            text += f" Average {float(self.average):+.1f}."
        return text


def spread(nets: list[int], *, with_average: bool = False) -> Spread | None:
    """Frequency bars of ``nets`` (net NS scores, played tables only), lowest score left.

    ``with_average`` marks the board's average (total-points events: the score each
    line is compared with).  None when there is nothing to chart.
    """
    if not nets:
        return None
    counts = sorted(Counter(nets).items())
    most = max(c for _, c in counts)
    slot = WIDTH // len(counts)
    gap = max(2, slot // 6)
    bars = tuple(
        Bar(
            score=score,
            count=count,
            x=i * slot + gap // 2,
            y=LABEL + BAR_AREA - round(Fraction(BAR_AREA * count, most)),
            width=slot - gap,
            height=round(Fraction(BAR_AREA * count, most)),
        )
        for i, (score, count) in enumerate(counts)
    )
    average = Fraction(sum(nets), len(nets)) if with_average else None
    return Spread(bars=bars, average=average)


# --- The traveller: where the board's average falls among the bars ---------------


def average_x(chart: Spread) -> int | None:
    """The x of the board's average on the spread chart: between the bars of the
    scores either side of it, in proportion (the bars stand for distinct scores)."""
    if chart.average is None or not chart.bars:
        return None
    bars = chart.bars
    avg = chart.average
    if avg <= bars[0].score:
        return bars[0].label_x
    if avg >= bars[-1].score:
        return bars[-1].label_x
    for left, right in pairwise(bars):
        if left.score <= avg <= right.score:
            share = Fraction(avg - left.score, right.score - left.score)
            return left.label_x + round(share * (right.label_x - left.label_x))
    return None  # pragma: no cover - the bars are sorted and cover the average


# --- The score card: a pair's running score and each board against the average ---

CHART_W = 320
CHART_H = 140
PAD = 18  # room for the labels


@dataclass(frozen=True)
class Point:
    x: int
    y: int
    value: Fraction | int


@dataclass(frozen=True)
class Running:
    """A pair's running score after each round beside the field's best at that round."""

    rounds: tuple[int, ...]
    mine: tuple[Point, ...]
    best: tuple[Point, ...]
    baseline_y: int  # 0 points (Law H) or 50% (matchpoints)
    percent: bool
    width: int = CHART_W
    height: int = CHART_H

    @staticmethod
    def _path(points: tuple[Point, ...]) -> str:
        return " ".join(f"{p.x},{p.y}" for p in points)

    @property
    def last_mine(self) -> str:
        return _show(self.mine[-1].value, self.percent) + ("%" if self.percent else "")

    @property
    def last_best(self) -> str:
        return _show(self.best[-1].value, self.percent) + ("%" if self.percent else "")

    @property
    def mine_path(self) -> str:
        return self._path(self.mine)

    @property
    def best_path(self) -> str:
        return self._path(self.best)

    @property
    def description(self) -> str:
        unit = "%" if self.percent else ""
        mine = "; ".join(
            f"round {r}: {_show(p.value, self.percent)}{unit}"
            for r, p in zip(self.rounds, self.mine, strict=True)
        )
        best = _show(self.best[-1].value, self.percent) if self.best else ""
        what = "percentage" if self.percent else "score"
        return f"Running {what}: {mine}. The field's best after the last round: {best}{unit}."


def _show(x: Fraction | int, percent: bool) -> str:
    if percent:
        return f"{float(x):.2f}"
    return f"{round(Fraction(x)):+d}"


def running(
    rounds: list[int],
    mine: list[Fraction | int],
    best: list[Fraction | int],
    *,
    percent: bool,
) -> Running | None:
    """The running score chart: ``mine`` and ``best`` after each of ``rounds``."""
    if not rounds:
        return None
    base = 50 if percent else 0
    values = [*mine, *best, base]
    low, high = min(values), max(values)
    if low == high:
        high = low + 1
    span = Fraction(high - low)

    def y(v: Fraction | int) -> int:
        return PAD + round((Fraction(high) - v) * (CHART_H - 2 * PAD) / span)

    step = Fraction(CHART_W - 2 * PAD, max(len(rounds) - 1, 1))

    def x(i: int) -> int:
        return PAD + round(i * step)

    return Running(
        rounds=tuple(rounds),
        mine=tuple(Point(x(i), y(v), v) for i, v in enumerate(mine)),
        best=tuple(Point(x(i), y(v), v) for i, v in enumerate(best)),
        baseline_y=y(base),
        percent=percent,
    )


@dataclass(frozen=True)
class BoardBar:
    board: int | str  # a board's number, or a pair's label on the standings chart
    value: Fraction | int  # against the average (points) or the board's percentage
    x: int
    y: int
    width: int
    height: int
    above: bool
    labelled: bool = True  # named underneath (not every bar when they are too narrow)

    @property
    def label_x(self) -> int:
        return self.x + self.width // 2


@dataclass(frozen=True)
class Boards:
    """Each board's result against the average: bars up (better) or down (worse)."""

    bars: tuple[BoardBar, ...]
    baseline_y: int
    percent: bool
    width: int = CHART_W
    height: int = CHART_H

    @property
    def description(self) -> str:
        unit = "%" if self.percent else ""
        against = "against 50%" if self.percent else "against the average"
        parts = "; ".join(
            f"board {b.board} {_show(b.value, self.percent)}{unit}" for b in self.bars
        )
        return f"Each board {against}: {parts}."


def boards(values: Sequence[tuple[int | str, Fraction | int]], *, percent: bool) -> Boards | None:
    """Bars for each board, up from the baseline when the pair did better than the
    average (total points) or 50% (matchpoints: the board's percentage), down otherwise."""
    if not values:
        return None
    base = 50 if percent else 0
    offsets = [Fraction(v) - base for _, v in values]
    reach = max((abs(o) for o in offsets), default=Fraction(0)) or Fraction(1)
    half = (CHART_H - 2 * PAD) // 2
    mid = PAD + half
    slot = Fraction(CHART_W, len(values))
    gap = max(1, int(slot) // 6)
    # Names underneath only as often as they fit (about 6 units a character at font
    # size 10): every bar for a card's 26 boards, every few for a page of 50 pairs.
    room = 6 * max(len(str(b)) for b, _ in values) + 4
    step = max(1, ceil(room / slot))
    bars = []
    for i, ((board, v), o) in enumerate(zip(values, offsets, strict=True)):
        h = round(abs(o) * half / reach)
        bars.append(
            BoardBar(
                board=board,
                value=v,
                x=round(i * slot) + gap // 2,
                y=mid - h if o >= 0 else mid,
                width=max(1, int(slot) - gap),
                height=h,
                above=o >= 0,
                labelled=i % step == 0,
            )
        )
    return Boards(bars=tuple(bars), baseline_y=mid, percent=percent)


@dataclass(frozen=True)
class Margin:
    """A team match's running margin (team A less team B) board by board, then the
    match total with Law G's odd-pair average added (a last, separate point).

    The total is the margin of the teams' *rounded* totals, as the Law G table and its
    sentence state it ("wins by 330 points"): Law G rounds each team's total to the whole
    point, and the exact fraction decides only a tie of the rounded totals.  So the exact
    difference (``fraction``) is given only then, when the page shows it too.
    """

    boards: tuple[int, ...]
    points: tuple[Point, ...]
    total: Point  # its value: team A's rounded total less team B's (an int)
    baseline_y: int
    fraction: Fraction | None = None  # A less B exactly, only when the rounded totals tie
    width: int = CHART_W
    height: int = CHART_H

    @property
    def path(self) -> str:
        return " ".join(f"{p.x},{p.y}" for p in self.points)

    @property
    def last_value(self) -> str:
        return _show(self.points[-1].value, False)

    @property
    def total_label_y(self) -> int:
        """The end label's baseline: on the side of the square away from the dashed line
        that comes to it from the last board (under it when the line comes from above),
        so the line never runs through the figure."""
        if self.points[-1].y <= self.total.y:
            return self.total.y + 16
        return self.total.y - 8

    @property
    def total_value(self) -> str:
        """The end label: the rounded margin, and when that is level the fraction that
        decides (``"level; A by 1/3"``), as the sentence under the table says it."""
        if self.fraction is None:
            return _show(self.total.value, False) if self.total.value else "level"
        if self.fraction == 0:
            return "level: a tie"
        leader = "A" if self.fraction > 0 else "B"
        return f"level; {leader} by {_exact(abs(self.fraction))}"

    @property
    def description(self) -> str:
        steps = "; ".join(
            f"board {b}: {_show(p.value, False)}"
            for b, p in zip(self.boards, self.points, strict=True)
        )
        return (
            f"Running margin, team A less team B: {steps}; with Law G's average added, "
            f"each team's total rounded to the whole point: {self.total_value}."
        )


def _exact(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def margin(
    boards_played: list[int],
    running_margin: list[Fraction | int],
    total: int,
    fraction: Fraction | None = None,
) -> Margin | None:
    """The running margin after each board, and the match total (Law G average in) as
    the last point: ``total`` the rounded teams' difference (A less B), ``fraction`` the
    exact one, given only when the rounded totals tie (it alone then decides)."""
    if not boards_played:
        return None
    values = [*running_margin, total, 0]
    low, high = min(values), max(values)
    if low == high:
        high = low + 1
    span = Fraction(high - low)

    def y(v: Fraction | int) -> int:
        return PAD + round((Fraction(high) - v) * (CHART_H - 2 * PAD) / span)

    step = Fraction(CHART_W - 2 * PAD, len(boards_played))
    points = tuple(Point(PAD + round(i * step), y(v), v) for i, v in enumerate(running_margin))
    end = Point(CHART_W - PAD, y(total), total)
    return Margin(tuple(boards_played), points, end, y(0), fraction)
