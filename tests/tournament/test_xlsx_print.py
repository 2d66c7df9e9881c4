"""Every sheet of every XLSX the app writes prints legibly on the club's paper.

Each download is opened with openpyxl as a spreadsheet program would open it: the
event's workbook (a pair contest and a team match), the members' register, a
season's standings (the public's and the directors'), a league's and a
championship's.  Each sheet must name its paper (A4 unless the club says US Letter),
print at an explicit scale without "fit to page", and its columns must fit the
printed page's width at that scale.

The arithmetic, our own: a column ``w`` characters wide is ``7 * w + 5`` pixels in
the default font (Calibri 11, 7-pixel digits, 5 pixels of padding); a pixel is 3/4
point; at scale ``s`` % a pixel prints ``0.75 * s / 100`` points and 11 pt text
prints ``11 * s / 100`` points, 8 pt or more from 73 %.  The page is 595.3 x 841.9
pt (A4) or 612 x 792 pt (Letter); its printable width is its width (its height in
landscape) less the left and right margins read from the file.  A chart is as wide
as its anchor's extent (EMU: 9,525 to the pixel) and starts after the columns
before it.
"""

from __future__ import annotations

import datetime
import io
from fractions import Fraction

import pytest
from openpyxl import load_workbook
from openpyxl.utils import column_index_from_string

from tournament import exports, services
from tournament.exports import club as club_files
from tournament.models import Member, Season
from tournament.queries import contests

from ..factories import enter, late_pair_evening, make_contest

pytestmark = pytest.mark.django_db

PAGE_PT = {9: (Fraction(210 * 720, 254), Fraction(297 * 720, 254)), 1: (612, 792)}
PAPER = {"a4": 9, "letter": 1}


def column_widths(ws) -> dict[int, float]:
    """Each column's width in characters, by index (openpyxl groups equal columns)."""
    widths: dict[int, float] = {}
    for dim in ws.column_dimensions.values():
        if dim.width:
            first, last = dim.min or column_index_from_string(dim.index), dim.max or 0
            for i in range(first, max(first, last) + 1):
                widths[i] = dim.width
    return widths


def px(width: float) -> Fraction:
    return 7 * Fraction(width) + 5


def printed_width_px(ws) -> Fraction:
    """The sheet's printed content in pixels: its columns, or, further right, the right
    edge of its widest chart."""
    widths = column_widths(ws)
    total = sum((px(w) for w in widths.values()), Fraction(0))
    for chart in getattr(ws, "_charts", []):
        start = chart.anchor._from.col  # 0-based: the columns before the chart
        left = sum((px(widths.get(i, 8.43)) for i in range(1, start + 1)), Fraction(0))
        total = max(total, left + Fraction(chart.anchor.ext.width, 9525))
    return total


def check_print(book: bytes, paper: str, what: str) -> list[str]:
    """Every sheet of ``book`` prints on ``paper`` at 8 pt or more, its columns within
    the page; the sheets' names."""
    wb = load_workbook(io.BytesIO(book))
    for ws in wb.worksheets:
        where = f"{what}, sheet {ws.title!r}"
        setup = ws.page_setup
        assert int(setup.paperSize) == PAPER[paper], where
        fit = ws.sheet_properties.pageSetUpPr
        assert fit is not None and fit.fitToPage is False, where
        assert setup.scale is not None, where
        scale = int(setup.scale)
        assert 60 <= scale <= 100 and 11 * scale / 100 >= 8, where
        width, height = PAGE_PT[int(setup.paperSize)]
        page = height if setup.orientation == "landscape" else width
        margins = Fraction(ws.page_margins.left) + Fraction(ws.page_margins.right)
        printable = page - margins * 72
        content = printed_width_px(ws) * Fraction(3, 4) * scale / 100
        assert 0 < content <= printable, f"{where}: {float(content):.0f} > {float(printable):.0f}"
        if ws.title != "Charts":  # a header row repeated on each page
            assert ws.print_title_rows in ("1:1", "$1:$1"), where
    return wb.sheetnames


def every_workbook(demo, director) -> dict[str, bytes]:
    """Every XLSX download the app offers, by what it is."""
    pairs, team = demo
    club = pairs.club
    Member.objects.create(club=club, name="Alden", number="1", email="a@example.org")
    season = Season.objects.create(club=club, name="Autumn", method="total")
    league = services.create_league(
        director,
        name="Winter league",
        date=datetime.date(1915, 1, 12),
        teams=["Hawks", "Owls", "Larks", "Wrens"],
        pairs_per_team=2,
        boards_per_round=1,
        draw="round-robin",
    )
    # Two sections compared across: the championship's widest columns.
    contest = make_contest(director, sections=2, sessions=2)
    section = contests.parts(contest, 1)[0]
    enter(section, 1, 1, 1, "4H S 10")
    scope = contests.section_scope(section)
    assert scope is not None and scope.across  # its columns say whom they compare
    factored = late_pair_evening(director, name="Factored night", factoring="factored")
    assert factored.is_factored
    assert league.club == contest.club == factored.club == club  # all on the one club's paper
    return {
        "the pair contest": exports.xlsx_bytes(pairs),
        "the team match": exports.xlsx_bytes(team),
        "the members": club_files.members_xlsx_bytes(club),
        "the public season": club_files.season_xlsx_bytes(season),
        "the directors' season": club_files.season_xlsx_bytes(season, director=True),
        "the league": exports.league_xlsx_bytes(league),
        "the championship": exports.contest_xlsx_bytes(contest),
        "a section of the championship": exports.xlsx_bytes(section),
        # Its standings two columns wider: the sums as played and b.
        "a factored pair contest": exports.xlsx_bytes(factored),
    }


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_sheet_prints_on_the_clubs_paper_at_eight_points(demo, director, paper):
    club = demo[0].club
    assert club.paper_size == "a4"  # the default
    if paper == "letter":
        club.paper_size = "letter"
        club.save(update_fields=["paper_size"])
    sheets = {
        what: check_print(book, paper, what)
        for what, book in every_workbook(demo, director).items()
    }
    assert sheets["the pair contest"] == [
        "Standings",
        "Travellers",
        "Itemised",
        "Charts",
        "Movement",
        "Settings",
    ]
    assert sheets["the team match"][0] == "Team match"
    assert len(sheets["the championship"]) == 3  # overall and two sessions


def test_the_itemised_reasons_wrap_within_their_column(demo):
    wb = load_workbook(io.BytesIO(exports.xlsx_bytes(demo[0])))
    ws = wb["Itemised"]
    widths = column_widths(ws)
    assert widths[6] <= 100  # bounded: the page's width, not the longest reason's
    cells = [row[5] for row in ws.iter_rows(min_row=2)]
    assert cells and all(c.alignment.wrap_text for c in cells)
    # The travellers fit a landscape page without them, wide as they were beside them.
    assert "Itemised" not in [c.value for c in wb["Travellers"][1]]
