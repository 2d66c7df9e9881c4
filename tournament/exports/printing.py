"""A spreadsheet's printed page: the one print setup of every XLSX sheet the app writes.

Each sheet prints on the club's paper (``Club.paper_size``: A4 or US Letter), at
an explicit scale and never "fit to page": fitting a wide sheet to one page width
shrinks its text to whatever that takes (the travellers to under 5 pt on Letter), so
the columns are budgeted instead to fit the page at :data:`MIN_SCALE` or more
(their widths in :mod:`.rows`; the travellers' itemised reasons have a sheet of
their own, :mod:`.xlsx`).

The arithmetic, in the spreadsheet's own units: a column ``w`` characters wide is
``7 * w + 5`` pixels in the default font (Calibri 11, whose digits are 7 pixels
wide, plus the cell's padding); a pixel is 3/4 of a point (96 to the inch); a
sheet printed at ``s`` per cent sets its 11 pt text at ``11 * s / 100`` points,
so 73 % prints it at 8.03 pt, the smallest scale a sheet is printed at.  The
page's printable width is the paper's width (its height in landscape) less the
left and right margins, 1/4 inch each.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..choices import PaperSize

CHAR_PX = 7  # a character of Calibri 11 (its digit width), in pixels
PAD_PX = 5  # a column's padding, in pixels
PT_PER_PX = Fraction(3, 4)  # 96 pixels, 72 points to the inch
FONT_PT = 11  # the workbook's default font size
MIN_SCALE = 73  # 11 pt at 73 % is 8.03 pt: no sheet's text prints under 8 pt
MARGIN_IN = Fraction(1, 4)  # left and right margins (Excel's "narrow")
# The paper's width and height in points (an inch is 72 points, 25.4 mm).
PAPER_PT: dict[str, tuple[Fraction, Fraction]] = {
    PaperSize.A4: (Fraction(210 * 720, 254), Fraction(297 * 720, 254)),
    PaperSize.LETTER: (Fraction(612), Fraction(792)),
}
# openpyxl's paper codes (ECMA-376's ST_PaperSize: 1 is Letter, 9 is A4).
PAPER_CODE: dict[str, int] = {PaperSize.A4: 9, PaperSize.LETTER: 1}


def paper_of(size: str | None) -> str:
    """A club's paper size, A4 for anything unknown (the model's default)."""
    return size if size in PAPER_PT else PaperSize.A4


def columns_px(widths: Sequence[float]) -> Fraction:
    """The columns' width on screen, in pixels, at 100 %."""
    return sum((CHAR_PX * Fraction(w) + PAD_PX for w in widths), Fraction(0))


def printable_pt(paper: str, landscape: bool) -> Fraction:
    """The page's width inside its left and right margins, in points."""
    width, height = PAPER_PT[paper_of(paper)]
    return (height if landscape else width) - 2 * MARGIN_IN * 72


def fitting_scale(widths: Sequence[float], paper: str, landscape: bool, extra_px: int = 0) -> int:
    """The largest whole scale, 100 % at most, at which the columns (and ``extra_px``
    more, a chart's width) fit the page's printable width."""
    px = columns_px(widths) + extra_px
    if px <= 0:
        return 100
    return min(100, int(printable_pt(paper, landscape) * 100 / (px * PT_PER_PX)))


def set_up_page(
    ws: Any,
    widths: Sequence[float],
    paper: str,
    *,
    landscape: bool | None = None,
    extra_px: int = 0,
) -> None:
    """The sheet's print setup: its paper, orientation, margins and scale, no fit-to-page.

    ``landscape`` None: portrait when the columns fit it at :data:`MIN_SCALE`,
    landscape otherwise.  The scale is the largest that fits, never under
    :data:`MIN_SCALE` (a sheet budgeted wider than the page prints over two
    pages across rather than in smaller type).
    """
    paper = paper_of(paper)
    if landscape is None:
        landscape = fitting_scale(widths, paper, False, extra_px) < MIN_SCALE
    setup = ws.page_setup
    setup.paperSize = PAPER_CODE[paper]
    setup.orientation = "landscape" if landscape else "portrait"
    setup.scale = max(MIN_SCALE, fitting_scale(widths, paper, landscape, extra_px))
    ws.sheet_properties.pageSetUpPr.fitToPage = False
    margins = ws.page_margins
    margins.left = margins.right = float(MARGIN_IN)
