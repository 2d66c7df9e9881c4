"""Geometry of the small SVG charts (issue 19): pure, no Django, exact until display.

A chart here is only numbers: the SVG templates draw what this module measures, so
the picture and the table beside it come from the same figures (tested).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

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
