"""Geometry of the small SVG charts: pure, no Django, exact until display.

A chart here is only numbers: the SVG templates draw what this module measures, so
the picture and the table beside it come from the same figures (tested).  It is on
the read side, beside the standings and travellers it draws, and not in
:mod:`scoring`: how a page pictures a board's spread is presentation, not a law of
the game (it reads the laws' results, :func:`scoring.pairs.law_h_averages`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from math import ceil

from scoring.fractions_fmt import round_half_away, signed
from scoring.irregular import ADJUSTMENTS
from scoring.pairs import BoardLine, law_h_averages

WIDTH = 320
BAR_AREA = 120  # height of the tallest bar, in SVG units
LABEL = 16  # room under the bars for the score labels
# The spread chart's rows, top to bottom, each label in a row of its own so none can
# overlap another: the "▼ pair 3" mark, the counts over the bars, the bars, the scores
# under them, and the average's label under those.
MARK_ROW = 14
COUNT_ROW = 14
TOP = MARK_ROW + COUNT_ROW  # the tallest bar's top
CHAR = 6  # about how wide a character is at font size 10-11, in SVG units

# What kind of line a bar's part stands for (the traveller's lines, as compared).
PLAYED, ARTIFICIAL, WEIGHTED_SCORE = "played", "artificial", "weighted"


@dataclass(frozen=True)
class Bar:
    """One net NS score on a board and how many lines have it: the tables that played
    it, and the lines given it without play (Law B's artificial scores, the director's
    weighted scores), which the comparison counts like any other."""

    score: Fraction | int
    count: int
    x: int
    y: int
    width: int
    height: int
    artificial: int = 0  # of ``count``: Law B artificial scores
    weighted: int = 0  # of ``count``: the director's weighted scores
    ours: bool = False  # the line of the pair whose score card led here

    @property
    def label_x(self) -> int:
        return self.x + self.width // 2

    @property
    def label(self) -> str:
        """The score as the traveller's "Net NS" column shows it (rounded, halves away
        from zero, where a weighted or average score is a fraction)."""
        return str(round_half_away(self.score))

    @property
    def played(self) -> int:
        return self.count - self.artificial - self.weighted

    @property
    def played_height(self) -> int:
        """The hatched part, at the bottom: the tables that played this score."""
        return round(Fraction(self.height * self.played, self.count))

    @property
    def played_y(self) -> int:
        return self.y + self.height - self.played_height

    @property
    def unplayed_height(self) -> int:
        """The outlined part on top: lines given this score without play."""
        return self.height - self.played_height

    @property
    def unplayed_mark(self) -> str:
        """The letter in the outlined part: B for Law B, A for the director's adjusted
        (weighted) score, both when both."""
        return ("B" if self.artificial else "") + ("A" if self.weighted else "")

    @property
    def in_words(self) -> str:
        """``"1 table +7"``; ``"2 lines -114 (1 played, 1 Law B artificial score)"``."""
        if self.played == self.count:
            return f"{self.count} table{'s' if self.count != 1 else ''} {_signed(self.score)}"
        parts = [f"{self.played} played"] if self.played else []
        if self.artificial:
            parts.append(
                f"{self.artificial} Law B artificial score{'s' if self.artificial != 1 else ''}"
            )
        if self.weighted:
            parts.append(
                f"{self.weighted} director's weighted score{'s' if self.weighted != 1 else ''}"
            )
        lines = f"{self.count} line{'s' if self.count != 1 else ''}"
        return f"{lines} {_signed(self.score)} ({', '.join(parts)})"


@dataclass(frozen=True)
class Spread:
    """The spread of net NS scores on one board (or one version of a fouled board): a
    frequency bar per distinct score compared, and the average they were compared
    with (total points)."""

    bars: tuple[Bar, ...]
    average: Fraction | int | None
    left_out: int = 0  # lines with no net score (not played, an assigned score)
    version: int | None = None  # a fouled board's version; None when not fouled
    ours: str = ""  # the pair whose bar is marked
    width: int = WIDTH
    height: int = TOP + BAR_AREA + 2 * LABEL

    @property
    def bars_bottom(self) -> int:
        return TOP + BAR_AREA

    @property
    def score_label_y(self) -> int:
        return self.bars_bottom + LABEL - 3

    @property
    def average_label_y(self) -> int:
        return self.bars_bottom + 2 * LABEL - 2

    @property
    def average_text(self) -> str:
        return "" if self.average is None else one_decimal(self.average)

    @property
    def average_x(self) -> int | None:
        """The x of the average: between the bars of the scores either side of it, in
        proportion (the bars stand for distinct scores)."""
        if self.average is None or not self.bars:
            return None
        bars, avg = self.bars, self.average
        if avg <= bars[0].score:
            return bars[0].label_x
        if avg >= bars[-1].score:
            return bars[-1].label_x
        for left, right in pairwise(bars):
            if left.score <= avg <= right.score:
                share = Fraction(avg - left.score, right.score - left.score)
                return left.label_x + round(share * (right.label_x - left.label_x))
        return None  # pragma: no cover - the bars are sorted and cover the average

    @property
    def average_line_top(self) -> int:
        """Where the average's dashed line begins: at the top of the bar it falls on
        (under that bar's count, never through it), else level with the tallest bar."""
        x = self.average_x
        over = next((b for b in self.bars if x is not None and b.x <= x <= b.x + b.width), None)
        return over.y if over is not None else TOP

    @property
    def average_label_x(self) -> int | None:
        """Where the average's label is centred: under its line, kept inside the chart."""
        x = self.average_x
        if x is None:
            return None
        return _inside(x, len("▲ average " + self.average_text))

    @property
    def ours_bar(self) -> Bar | None:
        return next((b for b in self.bars if b.ours), None)

    @property
    def ours_label_x(self) -> int | None:
        """Where "▼ pair n" is centred: over its bar, kept inside the chart."""
        bar = self.ours_bar
        return None if bar is None else _inside(bar.label_x, len(f"▼ pair {self.ours}"))

    @property
    def legend(self) -> str:
        """How to read the bars, naming only the kinds of line this chart has."""
        text = "bar height: how many tables"
        marks = []
        if any(b.artificial for b in self.bars):
            marks.append("B, Law B's artificial score (not played)")
        if any(b.weighted for b in self.bars):
            marks.append("A, the director's weighted score")
        if marks:
            text = (
                "bar height: how many lines; hatched: tables that played the score; "
                f"outlined, dashed and marked {' or '.join(marks)}, counted as the table counts it"
            )
        return text

    @property
    def description(self) -> str:
        """The chart in words, for screen readers and print (readable without colour)."""
        text = "Net NS scores: " + "; ".join(b.in_words for b in self.bars) + "."
        if self.left_out:
            n = self.left_out
            text += (
                f" Not charted: {n} line{'s' if n != 1 else ''} with no net score "
                "(not played, or an assigned score)."
            )
        if self.average is not None:
            text += f" Average {self.average_text}, the average the table compares with."
        return text


def _signed(x: Fraction | int) -> str:
    return signed(x)  # "0", never "+0"


def one_decimal(x: Fraction | int) -> str:
    """``"-3.6"``: signed, to one decimal, rounded half away from zero (exact until here);
    ``"0.0"`` unsigned."""
    tenths = round_half_away(Fraction(x) * 10)
    sign = "-" if tenths < 0 else "+" if tenths else ""  # "0.0", never "+0.0"
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


def _inside(x: int, chars: int) -> int:
    """A centred label's x, moved in so that its ``chars`` characters stay in the chart."""
    half = chars * CHAR // 2 + 1
    return min(max(x, half), WIDTH - half)


def spread(
    nets: Sequence[Fraction | int] | Sequence[tuple[Fraction | int, str]],
    *,
    with_average: bool = False,
    average: Fraction | int | None = None,
    ours: Fraction | int | None = None,
    ours_label: str = "",
    left_out: int = 0,
    version: int | None = None,
) -> Spread | None:
    """Frequency bars of ``nets`` (net NS scores, or (score, kind) with kind one of
    PLAYED, ARTIFICIAL, WEIGHTED_SCORE), lowest score left.

    ``average``: the average the scores were compared with (the traveller's own: see
    :func:`spread_of_lines`); ``with_average`` without it takes the plain mean of
    ``nets``.  ``ours``: the score of the line to mark for ``ours_label``.  None when
    there is nothing to chart.
    """
    if not nets:
        return None
    kinds = [n if isinstance(n, tuple) else (n, PLAYED) for n in nets]
    counts = Counter(score for score, _ in kinds)
    given = Counter(kinds)
    scores = sorted(counts)
    most = max(counts.values())
    slot = WIDTH // len(scores)
    gap = max(2, slot // 6)
    bars = []
    for i, score in enumerate(scores):
        height = round(Fraction(BAR_AREA * counts[score], most))
        bars.append(
            Bar(
                score=score,
                count=counts[score],
                x=i * slot + gap // 2,
                y=TOP + BAR_AREA - height,
                width=slot - gap,
                height=height,
                artificial=given[(score, ARTIFICIAL)],
                weighted=given[(score, WEIGHTED_SCORE)],
                ours=ours is not None and score == ours,
            )
        )
    if average is None and with_average:
        average = Fraction(sum((s for s, _ in kinds), Fraction(0)), len(kinds))
    return Spread(tuple(bars), average, left_out, version, ours_label if ours is not None else "")


def spread_of_lines(
    lines: Sequence[BoardLine], *, total_points: bool, ours: str = "", team_match: bool = False
) -> list[Spread]:
    """The traveller's spread charts from the very lines its table shows, as compared
    (:func:`scoring.pairs.compare_boards`): one chart a version of the board (a fouled
    board's versions are compared apart), each line at the net score it was compared
    at, a Law B artificial or a weighted score marked as such, and, for total points,
    the Law H average each version was compared with (:func:`scoring.pairs.law_h_averages`),
    so the chart's average is the table's by construction.  Lines with no net score
    (not played, an assigned score) are counted as left out.  ``ours``: a pair's label
    whose line is marked.

    ``team_match``: no average is drawn or named.  A team match's board goes to the
    teams as the sum of their pairs' net scores (Duplicate Law G); no line is compared
    with an average, so a dashed "average the table compares with" would mislead."""
    averages = law_h_averages(lines) if total_points and not team_match else {}
    versions = sorted({line.result.version for line in lines})
    out = []
    for v in versions:
        mine = [line for line in lines if line.result.version == v]
        nets: list[tuple[Fraction | int, str]] = [
            (line.net_ns, _kind(line.result.adjusted)) for line in mine if line.net_ns is not None
        ]
        our_line = next((ln for ln in mine if ours and ours in (ln.result.ns, ln.result.ew)), None)
        chart = spread(
            nets,
            average=averages.get(v),
            ours=our_line.net_ns if our_line is not None else None,
            ours_label=ours,
            left_out=len(mine) - len(nets),
            version=v if len(versions) > 1 else None,
        )
        if chart is not None:
            out.append(chart)
    return out


def _kind(adjusted: str | None) -> str:
    if adjusted is None:
        return PLAYED
    return ARTIFICIAL if adjusted in ADJUSTMENTS else WEIGHTED_SCORE


def average_x(chart: Spread) -> int | None:
    """The x of the board's average on the spread chart (:attr:`Spread.average_x`)."""
    return chart.average_x


# --- The score card: a pair's running score and each board against the average ---

CHART_W = 320
CHART_H = 140
PAD = 18  # room for the labels
AXIS = 14  # room under a line chart for the rounds' numbers
LINE_GAP = 12  # two end labels' baselines at least this far apart (font size 10)


@dataclass(frozen=True)
class Point:
    x: int
    y: int
    value: Fraction | int


@dataclass(frozen=True)
class Running:
    """A pair's running score after each round beside the field's best at that round.

    The end labels ("-315", "best +192") stand to the right of the last points, in a
    margin kept for them, and apart from each other: drawn over the line they read
    "315".  The rounds are numbered underneath, so a player can find his round.
    """

    rounds: tuple[int, ...]
    mine: tuple[Point, ...]
    best: tuple[Point, ...]
    baseline_y: int  # 0 points (Law H) or 50% (matchpoints)
    percent: bool
    mine_label_y: int = 0  # the end labels' baselines, apart from each other
    best_label_y: int = 0
    width: int = CHART_W
    height: int = CHART_H + AXIS

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
    def label_x(self) -> int:
        """The end labels' left edge: clear of the last points (their markers included)."""
        return self.mine[-1].x + 8

    @property
    def axis_y(self) -> int:
        """The baseline of the round numbers, under the lowest point's marker."""
        return CHART_H + AXIS - 4

    @property
    def round_labels(self) -> tuple[tuple[int, int], ...]:
        """(x, round) for each round's number under the chart."""
        return tuple((p.x, r) for p, r in zip(self.mine, self.rounds, strict=True))

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
    return signed(x)  # as the tables round: halves away from zero; "0", never "+0"


def _apart(upper: int, lower: int, low: int, high: int) -> tuple[int, int]:
    """Two label baselines (``upper`` meant above ``lower``) moved apart to at least
    LINE_GAP, about their middle, and kept between ``low`` and ``high``."""
    if lower - upper >= LINE_GAP:
        return upper, lower
    middle = (upper + lower) // 2
    upper, lower = middle - LINE_GAP // 2, middle + LINE_GAP - LINE_GAP // 2
    if upper < low:
        upper, lower = low, low + LINE_GAP
    if lower > high:
        upper, lower = high - LINE_GAP, high
    return upper, lower


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

    unit = "%" if percent else ""
    ends = (_show(mine[-1], percent) + unit, "best " + _show(best[-1], percent) + unit)
    right = max(len(t) for t in ends) * CHAR + 10  # room for the end labels
    step = Fraction(CHART_W - PAD - right, max(len(rounds) - 1, 1))

    def x(i: int) -> int:
        return PAD + round(i * step)

    mine_points = tuple(Point(x(i), y(v), v) for i, v in enumerate(mine))
    best_points = tuple(Point(x(i), y(v), v) for i, v in enumerate(best))
    # Each end label level with its point (baseline 4 below its middle); the best's
    # above the pair's when they would meet (the best is never below the pair's).
    best_y, mine_y = _apart(best_points[-1].y + 4, mine_points[-1].y + 4, 10, CHART_H - 2)
    return Running(
        rounds=tuple(rounds),
        mine=mine_points,
        best=best_points,
        baseline_y=y(base),
        percent=percent,
        mine_label_y=mine_y,
        best_label_y=best_y,
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
    # False while boards are still to be completed at every table: the total is the
    # margin so far, and a level one is no tie yet (Law G scores a complete match).
    final: bool = True
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
        so_far = "" if self.final else " so far"
        if self.fraction is None:
            return (_show(self.total.value, False) if self.total.value else "level") + so_far
        if self.fraction == 0:
            return "level: a tie" if self.final else "level so far"
        leader = "A" if self.fraction > 0 else "B"
        return f"level; {leader} by {_exact(abs(self.fraction))}{so_far}"

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
    *,
    final: bool = True,
) -> Margin | None:
    """The running margin after each board, and the match total (Law G average in) as
    the last point: ``total`` the rounded teams' difference (A less B), ``fraction`` the
    exact one, given only when the rounded totals tie (it alone then decides);
    ``final`` False while boards are still to be completed (the total is "so far")."""
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
    return Margin(tuple(boards_played), points, end, y(0), fraction, final)


@dataclass(frozen=True)
class History:
    """A member's percentage evening by evening over a season: a line through one point
    an evening, the 50% line dotted, the evenings numbered underneath (the table beside
    it names each one)."""

    points: tuple[Point, ...]
    labels: tuple[tuple[int, int], ...]  # (x, the evening's number in the table)
    baseline_y: int
    width: int = CHART_W
    height: int = CHART_H + AXIS

    @property
    def path(self) -> str:
        return " ".join(f"{p.x},{p.y}" for p in self.points)

    @property
    def axis_y(self) -> int:
        return CHART_H + AXIS - 4

    @property
    def description(self) -> str:
        return "Percentage each evening: " + "; ".join(
            f"evening {n}: {_show(p.value, True)}%"
            for (_, n), p in zip(self.labels, self.points, strict=True)
        )


def history(percents: Sequence[Fraction | int]) -> History | None:
    """The chart of a member's percentages, oldest evening first; None under two evenings
    (one point draws no line; the table says it)."""
    if len(percents) < 2:
        return None
    values = [*percents, 50]
    low, high = min(values), max(values)
    low, high = min(low, 40), max(high, 60)  # a little room around 50%
    span = Fraction(high - low)

    def y(v: Fraction | int) -> int:
        return PAD + round((Fraction(high) - v) * (CHART_H - 2 * PAD) / span)

    step = Fraction(CHART_W - 2 * PAD, len(percents) - 1)
    points = tuple(Point(PAD + round(i * step), y(v), v) for i, v in enumerate(percents))
    return History(
        points=points,
        labels=tuple((p.x, i) for i, p in enumerate(points, 1)),
        baseline_y=y(50),
    )
