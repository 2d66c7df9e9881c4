"""The XLSX workbook (openpyxl, write-only): the standings, travellers, settings
and charts sheets, and how a cell is written.

Its own module because a spreadsheet is the one format that can run what it
holds: text that looks like a formula or an error value is stored as text
(:func:`formula_like`, which the CSV writer asks too), numbers carry a number
format.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES, Cell
from openpyxl.chart import BarChart, LineChart, Reference
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from scoring.fractions_fmt import mixed_fraction
from scoring.pairs import BoardLine
from scoring.pbn import printing_text

from ..models import Event
from ..queries import charts, standings
from ..queries.individual_standings import individual_contest
from .individual import (
    INDIVIDUAL_MOVEMENT_COLUMNS,
    SCORE_CARD_COLUMNS,
    individual_movement_rows,
    score_card_rows,
)
from .printing import set_up_page

if TYPE_CHECKING:
    from openpyxl.worksheet._write_only import WriteOnlyWorksheet
from .rows import (
    MOVEMENT_COLUMNS,
    TEAM_COLUMNS,
    LiveLines,
    Precise,
    cell_number,
    movement_rows,
    settings_rows,
    standings_columns,
    standings_rows,
    team_rows,
    traveller_columns,
    traveller_rows,
)

# A fraction's number format, rounded as displayed.  A whole number keeps the
# spreadsheet's own General format, which shows it whole, exactly as "0" would: a
# formatted cell cost openpyxl twice a plain one to write, and a 1,000-table event
# has 300,000 whole numbers (docs/decisions/xlsx-writing.md).
_FORMATS: dict[type, str] = {float: "0.00", Precise: "0.000000"}


_FORMULA_START = frozenset("=+-@")


_ERROR_CODES = frozenset(ERROR_CODES)


_MAY_GUARD = frozenset("=+-@ ")  # first characters worth a closer look


def formula_like(text: str) -> bool:
    """Would a spreadsheet run this text as a formula (``=``, ``+``, ``-``, ``@``
    first, spaces before it or not)?  Tab, CR and LF never start a written text:
    :func:`scoring.pbn.printing_text` made them spaces."""
    first = text.lstrip(" ")[:1]
    return first in _FORMULA_START


def xlsx_row(ws: WriteOnlyWorksheet, row: Sequence[Any]) -> list[Any]:
    """A row's values for ``ws.append``: numbers as numbers, text always as text.

    openpyxl stores a string starting with ``=`` as a formula and one such as
    ``#N/A`` as an error value, and refuses control characters; so text is made
    printable, and text a spreadsheet would run or misread becomes a text cell
    (``data_type "s"``) with the quote prefix, which keeps it text in Excel
    even once edited.  An exact ``Fraction`` is the text ``98 1/2`` when it is not
    whole, beside its decimal; a whole one is a number, so no cell holds a
    number stored as text.

    Every number with a fraction gets a cell of its own here (for its format), so
    the row may be kept; a whole sheet is written faster by :class:`SheetRows`,
    which reuses them.  A whole number is written as it is (``_FORMATS``).
    """
    return _xlsx_values(ws, row, None)


class SheetRows:
    """Appends rows to one write-only sheet as :func:`xlsx_row` makes them, faster.

    Why: a number's format needs a cell object, and making one for each of the
    50,000 comparisons of a 1,000-table event (and setting its format) cost more
    than writing it.  In write-only mode openpyxl writes a row's cells as soon
    as the row is appended, so one cell per column and kind of number, its
    format set once, carries every row's value: the file is the same, cell for
    cell and format for format.

    ``wrap``: the columns whose text wraps in its cell (one reused cell a column too).
    """

    def __init__(self, ws: WriteOnlyWorksheet, wrap: Sequence[int] = ()) -> None:
        self.ws = ws
        self._numbers: dict[tuple[int, type], Cell] = {}
        self._wrap = tuple(wrap)
        self._wrapped: dict[int, Cell] = {}

    def append(self, row: Sequence[Any]) -> None:
        """Write ``row`` at once (the reused cells are free again when this returns)."""
        values = _xlsx_values(self.ws, row, self._numbers)
        for column in self._wrap:
            if column >= len(values):
                break
            value = values[column]
            if isinstance(value, str):
                cell = self._wrapped.get(column)
                if cell is None:
                    cell = self._wrapped[column] = WriteOnlyCell(self.ws)
                    cell.alignment = _WRAP
                cell.value = value  # text only: a guarded one is a cell already
                values[column] = cell
            elif isinstance(value, Cell) and value.data_type == "s":
                value.alignment = _WRAP  # a guarded text's own cell
        self.ws.append(values)


def _number_cell(ws: WriteOnlyWorksheet, kind: type, value: int | float) -> Cell:
    cell = WriteOnlyCell(ws, value=float(value) if kind is Precise else value)
    cell.number_format = _FORMATS[kind]
    return cell


def _xlsx_values(
    ws: WriteOnlyWorksheet, row: Sequence[Any], numbers: dict[tuple[int, type], Cell] | None
) -> list[Any]:
    """:func:`xlsx_row`'s work; ``numbers``: the cells to reuse, by column and kind
    (:class:`SheetRows`), or None for a new cell for every number."""
    out: list[Any] = []
    for column, value in enumerate(row):
        kind = type(value)
        if value is None:
            out.append(value)
            continue
        if kind is int:  # whole: General shows it as it is (see _FORMATS)
            out.append(value)
            continue
        if kind is float or kind is Precise:  # a fraction with its format
            if numbers is None:
                out.append(_number_cell(ws, kind, value))
                continue
            cell = numbers.get((column, kind))
            if cell is None:
                cell = numbers[column, kind] = _number_cell(ws, kind, value)
            else:
                cell.value = float(value) if kind is Precise else value
            out.append(cell)
            continue
        if isinstance(value, Fraction):
            if value.denominator == 1:  # whole: a number, never "15" as text
                out.append(value.numerator)
                continue
            value = mixed_fraction(value)
        if isinstance(value, str):
            if not value.isprintable():  # C-fast; most text has no control character
                value = printing_text(value)
            first = value[:1]
            if (first in _MAY_GUARD and formula_like(value)) or (
                first == "#" and value in _ERROR_CODES
            ):
                cell = WriteOnlyCell(ws, value=value)
                cell.data_type = "s"
                cell.quotePrefix = True
                value = cell
        out.append(value)
    return out


# A column wider than this may hold a long text: its text cells wrap, so the text stays
# inside the column's printed width (its numbers are as they are).
WRAP_WIDTH = 12
_WRAP = Alignment(wrap_text=True, vertical="top")
ITEMISED = "Itemised"
# The itemised reasons on a sheet of their own, by the line's board, round, table and
# pairs (the travellers' first five columns): beside the scores they would take the
# width of the page from them.
ITEMISED_COLUMNS = [
    ("Board", 7),
    ("Round", 7),
    ("Table", 7),
    ("NS pair", 8),
    ("EW pair", 8),
    (ITEMISED, 100),
]


def _open_sheet(
    wb: Workbook,
    title: str,
    columns: Sequence[tuple[str, float]],
    paper: str,
    landscape: bool | None = None,
) -> SheetRows:
    """A sheet with its column widths, its bold header row (repeated on every printed
    page) and the club's print setup (:mod:`.printing`); its rows are appended to the
    :class:`SheetRows` returned."""
    ws = wb.create_sheet(title)
    widths = [width for _, width in columns]
    for i, width in enumerate(widths, 1):
        ws.column_dimensions[get_column_letter(i)].width = width
    ws.freeze_panes = "A2"
    ws.print_title_rows = "1:1"
    set_up_page(ws, widths, paper, landscape=landscape)
    bold = Font(bold=True)
    header = []
    for name, _ in columns:
        cell = WriteOnlyCell(ws, value=name)
        cell.font = bold
        cell.alignment = Alignment(wrap_text=True)
        header.append(cell)
    ws.append(header)
    return SheetRows(ws, wrap=[i for i, w in enumerate(widths) if w > WRAP_WIDTH])


def write_sheet(
    wb: Workbook,
    title: str,
    columns: Sequence[tuple[str, float]],
    rows: Iterable[Sequence[Any]],
    landscape: bool | None = None,
    *,
    paper: str,
) -> WriteOnlyWorksheet:
    """A sheet of ``rows`` under ``columns``, printed on ``paper`` (:func:`_open_sheet`)."""
    sheet = _open_sheet(wb, title, columns, paper, landscape)
    for row in rows:
        sheet.append(row)
    return sheet.ws


def write_xlsx(
    event: Event,
    out: IO[bytes],
    *,
    boards: set[int] | None = None,
    progress: Callable[[int], None] | None = None,
) -> None:
    """The whole event as a workbook: standings, travellers, team match, movement,
    settings; an individual's standings by player, its travellers naming each line's
    four players and a sheet of every player's score card.

    ``boards``: only these boards' traveller lines, and no deal seed.  ``progress``:
    told the number of traveller lines written so far, every 500 (a job's progress).
    """
    _write_xlsx(event, out, boards=boards, progress=progress)


def _write_xlsx(
    event: Event,
    out: IO[bytes],
    *,
    boards: set[int] | None,
    progress: Callable[[int], None] | None,
) -> None:
    wb = Workbook(write_only=True)
    paper = event.club.paper_size
    live = LiveLines.of(event)  # one read and one comparison for the three sheets
    table = None
    if event.is_team_match:
        write_sheet(wb, "Team match", TEAM_COLUMNS, team_rows(event), paper=paper)
    elif event.is_individual:
        table = individual_contest(event)
        write_sheet(
            wb, "Standings", standings_columns(event), standings_rows(event, table), paper=paper
        )
    else:
        table = standings.pair_contest(event, results=live.inputs)
        write_sheet(
            wb, "Standings", standings_columns(event), standings_rows(event, table), paper=paper
        )
    lines: Iterable[list[Any]] = traveller_rows(event, boards=boards, live=live)
    if progress is not None:
        lines = _counted(lines, progress)
    columns = traveller_columns(event)
    cut = [name for name, _ in columns].index(ITEMISED)
    travellers = _open_sheet(wb, "Travellers", columns[:cut] + columns[cut + 1 :], paper)
    # The itemised reasons by the line's first five columns (an individual's: its two
    # partnerships, whose labels name its four players).
    itemised_columns = ITEMISED_COLUMNS
    if event.is_individual:
        itemised_columns = [*ITEMISED_COLUMNS[:3], *columns[3:5], ITEMISED_COLUMNS[-1]]
    itemised = _open_sheet(wb, "Itemised", itemised_columns, paper)
    for line in lines:
        travellers.append(line[:cut] + line[cut + 1 :])
        if line[cut]:
            itemised.append([*line[:5], line[cut]])
    if event.is_individual:
        write_sheet(
            wb,
            "Score cards",
            SCORE_CARD_COLUMNS,
            score_card_rows(event, live, boards=boards),
            landscape=True,
            paper=paper,
        )
    _charts_sheet(wb, event, boards, table, live)
    if event.is_individual:
        schedule, schedule_columns = individual_movement_rows(event), INDIVIDUAL_MOVEMENT_COLUMNS
    else:
        schedule, schedule_columns = movement_rows(event), MOVEMENT_COLUMNS
    if schedule:
        write_sheet(wb, "Movement", schedule_columns, schedule, landscape=True, paper=paper)
    settings = settings_rows(event, boards=boards)
    write_sheet(wb, "Settings", [("Setting", 22), ("Value", 60)], settings, paper=paper)
    wb.save(out)


MAX_SPREAD_CHARTS = 40  # one chart a board up to this many boards; beyond, the figures only


CHART_ROWS = 16  # rows a chart of 7 cm takes
CHART_CM = 16  # a chart's width
CHART_PX = round(CHART_CM / 2.54 * 96)  # the same in pixels, 96 to the inch


def _charts_sheet(
    wb: Workbook,
    event: Event,
    boards: set[int] | None,
    places: list[standings.StandingRow] | None = None,
    live: LiveLines | None = None,
) -> None:
    """The pages' charts as native spreadsheet charts, each drawn from a small
    table of its figures on the same sheet: the scores by place (each field), a team
    match's running margin with Law G's average at the end, and each board's spread of
    net scores (only the boards the file may show).  ``places`` and ``live``: the
    standings and the live lines when the caller has them already."""
    ws = wb.create_sheet("Charts")
    widths = {"A": 30, "B": 12, "C": 3}  # the figures, then a gap before the charts at D
    for letter, width in widths.items():
        ws.column_dimensions[letter].width = width
    set_up_page(ws, list(widths.values()), event.club.paper_size, extra_px=CHART_PX)
    row = 1
    anchors: list[tuple[Any, str]] = []

    def cell(value: Any) -> Any:
        return cell_number(value) if isinstance(value, Fraction) else value

    def table(
        title: str,
        header: tuple[str, str],
        data: list[tuple[Any, Any]],
        notes: Sequence[tuple[str, Any]] = (),
    ) -> tuple[int, int]:
        """The figures a chart draws (its first and last row), then a blank row and
        ``notes`` about them, which the chart does not draw."""
        nonlocal row
        ws.append([title])
        ws.append(list(header))
        first = row + 2
        for label, value in data:
            ws.append([cell(label), cell(value)])
        last = first + len(data) - 1
        if notes:
            ws.append([])
            for label, value in notes:
                ws.append([label, cell(value)])
        used = len(data) + (len(notes) + 1 if notes else 0)
        # Each block at least as tall as its chart (about 16 rows), so none overlaps.
        gap = max(1, CHART_ROWS - used - 2)
        for _ in range(gap):
            ws.append([])
        row = first + used + gap
        return first, last

    def bars(title: str, y_title: str, first: int, last: int) -> BarChart:
        chart = BarChart()
        chart.type = "col"
        chart.title = title
        chart.y_axis.title = y_title
        chart.legend = None
        chart.add_data(
            Reference(ws, min_col=2, min_row=first - 1, max_row=last), titles_from_data=True
        )
        chart.set_categories(Reference(ws, min_col=1, min_row=first, max_row=last))
        chart.height, chart.width = 7, CHART_CM
        return chart

    if event.is_team_match:
        match = standings.team_match(event)
        margin = standings.team_margin_chart(event, match) if match else None
        if margin is not None:
            data: list[tuple[Any, Any]] = [
                (f"Board {b}", p.value) for b, p in zip(margin.boards, margin.points, strict=True)
            ]
            data.append(("Total with Law G average (rounded totals)", margin.total.value))
            first, last = table("Running margin, team A less team B", ("After", "Margin"), data)
            chart = LineChart()
            chart.title = "The match board by board: team A's lead"
            chart.y_axis.title = "Points"
            chart.legend = None
            chart.add_data(
                Reference(ws, min_col=2, min_row=first - 1, max_row=last), titles_from_data=True
            )
            chart.set_categories(Reference(ws, min_col=1, min_row=first, max_row=last))
            chart.height, chart.width = 7, CHART_CM
            anchors.append((chart, f"D{first - 1}"))
    else:
        rows = standings.pair_contest(event) if places is None else places
        for field in ("NS", "EW", None):
            members = [r for r in rows if r.direction == field]
            if not members:
                continue
            name = {"NS": "North-South", "EW": "East-West", None: "All pairs"}[field]
            entry = "Pair"
            if event.is_individual:
                name, entry = "All players", "Player"
            mp = event.by_matchpoints
            data = [
                (f"{entry} {r.pair}", r.percent_value if mp else r.score)
                for r in members
                if not mp or r.percent_value is not None
            ]
            if not data:
                continue
            first, last = table(
                f"{name}: scores by place", (entry, "Percent" if mp else "Score"), data
            )
            anchors.append(
                (
                    bars(f"{name} by place", "Percent" if mp else "Points", first, last),
                    f"D{first - 1}",
                )
            )
    # Each board's spread as its traveller page draws it (queries.charts.spread_of_lines):
    # every line at the net score it was compared at, Law B's artificial and the
    # director's weighted scores counted and named, the Law H average the traveller's
    # "+/- average" columns use (none in a team match: Law G compares no line with an
    # average), one chart a version of a fouled board.
    if live is None:
        live = LiveLines.of(event)
    by_board: dict[int, list[BoardLine]] = {}
    for line in live.compared:
        by_board.setdefault(line.result.board, []).append(line)
    numbers = [n for n in sorted(by_board) if boards is None or n in boards]
    charted = 0
    for n in numbers:
        spreads = charts.spread_of_lines(
            by_board[n], total_points=not event.by_matchpoints, team_match=event.is_team_match
        )
        for spread in spreads:
            title = f"Board {n}: net NS scores"
            if spread.version is not None:
                title += f" (version {spread.version}, compared apart)"
            notes: list[tuple[str, Any]] = []
            artificial = sum(b.artificial for b in spread.bars)
            weighted = sum(b.weighted for b in spread.bars)
            if artificial:
                notes.append(("Of these, Law B artificial scores", artificial))
            if weighted:
                notes.append(("Of these, weighted scores", weighted))
            if spread.average is not None:
                notes.append(("Average (Law H)", spread.average))
            if spread.left_out:
                notes.append(("Not charted (no net score)", spread.left_out))
            data = [(b.score, b.count) for b in spread.bars]
            first, last = table(title, ("Net NS", "Tables"), data, notes)
            if charted < MAX_SPREAD_CHARTS:
                charted += 1
                anchors.append(
                    (bars(f"Board {n}: the spread", "Tables", first, last), f"D{first - 1}")
                )
    for chart, anchor in anchors:
        ws.add_chart(chart, anchor)


def _counted(rows: Iterable[list[Any]], progress: Callable[[int], None]) -> Iterator[list[Any]]:
    n = 0
    for n, row in enumerate(rows, 1):
        if n % 500 == 0:
            progress(n)
        yield row
    progress(n)
