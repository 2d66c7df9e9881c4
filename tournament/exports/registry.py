"""Results out: XLSX (openpyxl, write-only), CSV, PBN and USEBIO, and the one registry.

Every export is recomputed from the live results by :mod:`scoring`, the
same as the pages, so a spreadsheet never disagrees with the standings.

Rows hold numbers (``int``, ``float``, exact ``Fraction``), text and ``None``;
each writer escapes the text it writes and nothing else:

- text: control characters (tab, CR, LF, ...) become spaces, in every format
  (:func:`scoring.pbn.printing_text`), so a name reads the same everywhere;
- XLSX: text a spreadsheet would run as a formula or read as an error value
  (starting, after any spaces, with ``=``, ``+``, ``-`` or ``@``; or ``#N/A``
  and the like) is stored as a text cell with Excel's "quote prefix", so it
  stays text even when edited; numbers are number cells with a number format
  (whole, two decimals as displayed, six for an exact score's decimal); an
  exact fraction is the text ``n/d`` beside its decimal;
- CSV: the same text gets a leading ``'``; numbers, negative ones included, are
  written rounded as displayed, and an exact fraction as a mixed number
  (``-378 1/3``), which a spreadsheet reads as a number and never as a date;
- PBN: every tag value and table cell is escaped (:mod:`scoring.pbn`);
- USEBIO: XML (:mod:`tournament.usebio`), escaped by ElementTree.

:data:`EXPORT_FORMATS` lists the downloads; the download views, the
``_downloads.html`` buttons and ``manage.py export_event`` all read it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Any

from django.utils.text import slugify
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ERROR_CODES, Cell
from openpyxl.chart import BarChart, LineChart, Reference
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from scoring import BoardResult
from scoring.adjusted import describe as describe_adjusted
from scoring.fractions_fmt import exact, round_half_away, two_decimals
from scoring.pairs import BoardLine
from scoring.pbn import (
    MANDATORY_TAGS,
    decimal_text,
    double_dummy_hex,
    format_table,
    format_tag,
    optimum_rows,
    printing_text,
    standard_contract,
)
from scoring.rulings import marks_a_call

from . import deals, services
from .models import Board, Contest, Event, League, Result, Ruling
from .movements import MovementError
from .queries import charts, contests, leagues, standings, travellers
from .room.gcpause import gc_paused

if TYPE_CHECKING:
    from openpyxl.worksheet._write_only import WriteOnlyWorksheet

STANDINGS_COLUMNS = [
    ("Field", 10),
    ("Rank", 7),
    ("Pair", 7),
    ("Players", 34),
    ("Score", 9),
    ("Exact score", 12),
    ("Score (decimal)", 14),
    ("Percent", 9),
    ("Boards", 8),
]
TRAVELLER_COLUMNS = [
    ("Board", 7),
    ("Round", 7),
    ("Table", 7),
    ("NS pair", 8),
    ("EW pair", 8),
    ("Contract", 10),
    ("Declarer", 9),
    ("Tricks", 7),
    ("NS trick", 9),
    ("NS honour", 10),
    ("EW trick", 9),
    ("EW honour", 10),
    ("Premium", 9),
    ("Penalties", 10),
    ("Adjusted score", 30),
    ("Net NS", 8),
    ("NS comparison", 14),
    ("EW comparison", 14),
    ("Itemised", 80),
]


class Precise(float):
    """An exact score's decimal: written with up to six decimals (XLSX number
    format ``0.000000``), where a plain float is a score as displayed (``0.00``)."""

    __slots__ = ()


def _number(x: Fraction | int | None) -> int | float | None:
    """A number for a spreadsheet cell: an int when whole, else a float."""
    if x is None or type(x) is int:
        return x
    if type(x) is not Fraction:  # Fraction(x) costs a microsecond: not for every cell
        x = Fraction(x)
    return x.numerator if x.denominator == 1 else float(x)


def _precise(x: Fraction | int) -> int | Precise:
    """The exact score as a number with enough decimals (an int when whole)."""
    n = _number(x)
    return n if type(n) is int else Precise(n)  # type: ignore[arg-type]


def csv_number(value: float) -> str:
    """A float for CSV, rounded as displayed: two decimals half away from zero
    (``-39.285714...`` is ``-39.29``), six for an exact score's decimal."""
    places = 6 if isinstance(value, Precise) else 2
    text = decimal_text(Fraction(value).limit_denominator(10**9), places)
    if "." not in text:
        return text
    whole, _, frac = text.partition(".")
    return f"{whole}.{frac.ljust(2, '0')}" if places == 2 else text


def mixed_fraction(x: Fraction) -> str:
    """An exact fraction as spreadsheets read a number, never a date: ``191 3/5``
    (``958/5``), ``-378 1/3``, ``0 1/2``; a whole number as itself."""
    if x.denominator == 1:
        return str(x.numerator)
    sign = "-" if x < 0 else ""
    whole, rest = divmod(abs(x.numerator), x.denominator)
    return f"{sign}{whole} {rest}/{x.denominator}"


def pair_label(label: str | None) -> str | int | None:
    """A pair's label as a spreadsheet cell: a number when it is one ("12"), so a column
    of pairs sorts 1, 2, ... 10 and no "number stored as text" flag shows; else as it is
    ("A3").  Written the same either way in a CSV file."""
    return int(label) if label and label.isdigit() and label[0] != "0" else label


def rank_cell(rank: str) -> str | int:
    """A rank as a spreadsheet cell: a number when it is a plain place ("12"), so the
    column sorts 1, 2, ... 10 (as text "10" came before "2"); a shared place ("2=",
    :func:`scoring.pairs.rank_labels`) stays text.  Written the same either way in a
    CSV file, as :func:`pair_label`."""
    return int(rank) if rank.isdigit() else rank


def standings_rows(
    event: Event, table: list[standings.StandingRow] | None = None
) -> list[list[Any]]:
    """One row per pair: field, rank, pair, players, rounded, exact, decimal, percent, boards.

    ``table``: the standings when the caller has them already (computed once a file)."""
    rows = []
    for r in standings.pair_contest(event) if table is None else table:
        field = {"NS": "North-South", "EW": "East-West", None: "All"}[r.direction]
        percent = float(r.percent) if r.percent else None
        rounded = round_half_away(r.score) if event.method == "total" else _number(r.score)
        score = Fraction(r.score)  # the exact score: each writer shows it as n/d
        rows.append(
            [
                field,
                rank_cell(r.rank),
                pair_label(r.pair),
                r.names,
                rounded,
                score,
                _precise(r.score),
                percent,
                r.boards,
            ]
        )
    return rows


_LINE_FIELDS = (
    *standings.BOARD_RESULT_FIELDS,
    "contract",
    "declarer",
    "tricks",
    "ns_trick",
    "ns_honour",
    "ew_trick",
    "ew_honour",
    "items",
    "penalties",
    "reason",
    "auction",
)


def _live_lines(event: Event) -> list[dict[str, Any]]:
    """Every live traveller line, board by board, in one query."""
    return list(
        Result.objects.filter(event=event)
        .live()
        .order_by("board__number", "round", "table")
        .values(*_LINE_FIELDS)
    )


@dataclass
class LiveLines:
    """The event's live traveller lines, read once and compared once.

    Why: the XLSX file's standings, travellers and charts all come from these
    lines; reading them once for the three saves two queries over every result
    and the standings' own comparison of them."""

    rows: list[dict[str, Any]]  # _live_lines: board by board, round and table
    inputs: list[BoardResult]  # each row as the scoring library's input
    compared: list[BoardLine]  # each row's comparison, in the same order

    @classmethod
    def of(cls, event: Event) -> LiveLines:
        """Read (one query) and compare the event's live lines."""
        rows = _live_lines(event)
        inputs = [standings.board_result(r) for r in rows]
        compared = standings.compare(event, inputs)
        return cls(rows, inputs, compared)


def traveller_rows(
    event: Event, *, boards: set[int] | None = None, live: LiveLines | None = None
) -> Iterator[list[Any]]:
    """Every live traveller line with its itemised score and its comparison.

    ``boards``: only these boards' lines (the public while the event is played);
    the comparisons are the same as in the full file.  ``live``: the lines when
    the caller has read them already (:class:`LiveLines`).
    """
    if live is None:
        live = LiveLines.of(event)
    # A team match compares no line with an average (Law G adds the pairs' nets): each
    # line's points go to the teams instead, as its traveller page shows them.
    teams = _pair_teams(event) if event.is_team_match else None
    labels = travellers.team_labels(event) if teams is not None else []
    for r, line in zip(live.rows, live.compared, strict=True):
        if boards is not None and r["board__number"] not in boards:
            continue
        if teams is None:
            compared = [_number(line.ns_score), _number(line.ew_score)]
        else:
            compared = _team_points(teams, labels, r, line.net_ns)
        items = r["items"] or []
        premium = [i for i in items if "premium" in i["reason"]]
        penalties = sum(p["points"] for p in (r["penalties"] or []))
        yield [
            r["board__number"],
            r["round"],
            r["table"],
            pair_label(r["ns__label"]),
            pair_label(r["ew__label"]),
            r["contract"] or None,
            r["declarer"] or None,
            r["tricks"],
            r["ns_trick"],
            r["ns_honour"],
            r["ew_trick"],
            r["ew_honour"],
            f"{premium[0]['side']} {premium[0]['points']}" if premium else None,
            penalties or None,
            _adjusted_text(r),
            _number(line.net_ns),
            *compared,
            "; ".join(f"{i['side']} {i['column']} {i['points']}: {i['reason']}" for i in items),
        ]


def traveller_columns(event: Event) -> list[tuple[str, int]]:
    """The travellers' columns: a pair contest's two comparisons, or in a team match
    each team's points from the line (Law G compares no line with an average)."""
    if not event.is_team_match:
        return TRAVELLER_COLUMNS
    names = dict(event.team_set.values_list("label", "name"))
    team = [
        (f"To team {t}" + (f" ({names[t]})" if names.get(t) else ""), 16)
        for t in travellers.team_labels(event)
    ]
    return [*TRAVELLER_COLUMNS[:16], *team, *TRAVELLER_COLUMNS[18:]]


def _pair_teams(event: Event) -> dict[str, str]:
    """Each pair's team, by the pair's label."""
    return dict(event.pair_set.values_list("label", "team__label"))


def _team_points(
    teams: dict[str, str], labels: list[str], row: dict[str, Any], net: Fraction | int | None
) -> list[Any]:
    """A line's points to each team: North-South's net to its pair's team, the same
    taken from East-West's (None for a line that counts for nothing)."""
    if net is None:
        return [None for _ in labels]
    points = dict.fromkeys(labels, Fraction(0))
    points[teams[row["ns__label"]]] += net
    points[teams[row["ew__label"]]] -= net
    return [_number(points[t]) for t in labels]


def _adjusted_text(row: dict[str, Any]) -> str | None:
    """A line's adjusted score in words, as the traveller says it (Law B's artificial
    scores and the director's alike: who got what), with the director's reason."""
    if not row["adjusted"]:
        return None
    text = describe_adjusted(row["adjusted"], row["weights"])
    return f"{text}: {row['reason']}" if row["reason"] else text


def settings_rows(event: Event, *, boards: set[int] | None = None) -> list[list[Any]]:
    """The event's settings; the deal seed (which recreates every deal) only when
    ``boards`` is None, i.e. every board may be shown."""
    try:
        movement = services.movement_for(event)
        description, notes = movement.description, "; ".join(movement.notes)
    except MovementError:  # an event built outside the movement generator (an import)
        description, notes = f"{event.get_movement_display()}, {event.tables} tables", ""
    return [
        ["Event", event.name],
        ["Date", event.date.isoformat()],
        ["Code of laws", event.laws.name],
        ["English slam rule", "yes" if event.laws.english_slams else "no"],
        ["English bidding rule", "yes" if event.laws.english_bidding else "no"],
        ["Duplicate premium", "125 (Duplicate Law A)" if event.premium else "off"],
        ["Form", event.get_form_display()],
        ["Scoring", event.get_method_display()],
        ["Movement", description],
        ["Notes", notes],
        ["Tables", event.tables],
        ["Boards per round", event.boards_per_round],
        ["Adjusted scores", event.adjusted_values.describe(event.method)],
        ["Deal seed", (event.deal_seed or "") if boards is None else ""],
    ]


TEAM_COLUMNS = [
    ("Team", 14),
    ("Pairs' net scores", 16),
    ("Average added (exact)", 20),
    ("Average added", 14),
    ("Direction averaged", 18),
    ("Exact total", 12),
    ("Exact (decimal)", 14),
    ("Rounded", 10),
]


def team_rows(event: Event) -> list[list[Any]]:
    """Law G laid out: each team's arithmetic, the verdict, then the table totals."""
    match = standings.team_match(event)
    if match is None:
        return [["No board has been played at every table yet."]]
    rows: list[list[Any]] = []
    names = {t.label: str(t) for t in event.team_set.all()}  # "Hawks", or "Team A" unnamed

    def team(label: str | None) -> str:
        return f"{names.get(label, label)} ({label})" if label else "tie"

    for label, s in match.teams.items():
        rows.append(
            [
                team(label),
                _number(s.raw),
                Fraction(s.average_added),
                _number(s.average_added),
                s.average_direction or "",
                Fraction(s.score),
                _precise(s.score),
                s.rounded,
            ]
        )
    pending = standings.team_boards_pending(event)
    verdict: list[list[Any]]
    if pending:
        # A match with boards still to be completed has no winner yet, only a leader
        # (the page says "leads ... so far"): the boards not played at every table are
        # left out of the score until they are (Law G compares a board at every table).
        verdict = [
            ["Leading so far", team(match.winner) if match.winner else "level"],
            ["Boards still to be completed", ", ".join(map(str, pending))],
            ["Margin so far (exact)", Fraction(match.margin)],
            ["Margin so far (rounded)", match.margin_rounded],
            ["Ahead by the fraction of a point", "yes" if match.by_fraction else "no"],
        ]
    else:
        verdict = [
            ["Winner", team(match.winner)],
            ["Margin (exact)", Fraction(match.margin)],
            ["Margin (rounded)", match.margin_rounded],
            ["Won by the fraction of a point", "yes" if match.by_fraction else "no"],
        ]
    rows += [[], *verdict, [], ["Table", "NS net total"]]
    rows += [[t, _number(total)] for t, total in sorted(match.table_totals.items())]
    return rows


# A fraction's number format, rounded as displayed.  A whole number keeps the
# spreadsheet's own General format, which shows it whole, exactly as "0" would: a
# formatted cell cost openpyxl twice a plain one to write, and a 1,000-table event
# has 300,000 whole numbers (issue 18: 0.8 s of the XLSX export's 3.3).
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
    even once edited.  An exact ``Fraction`` is the text ``n/d``.

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
    """

    def __init__(self, ws: WriteOnlyWorksheet) -> None:
        self.ws = ws
        self._numbers: dict[tuple[int, type], Cell] = {}

    def append(self, row: Sequence[Any]) -> None:
        """Write ``row`` at once (the reused cells are free again when this returns)."""
        self.ws.append(_xlsx_values(self.ws, row, self._numbers))


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
            value = exact(value)
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


def _sheet(
    wb: Workbook,
    title: str,
    columns: list[tuple[str, int]],
    rows: Iterable[list],
    landscape: bool = True,
):
    ws = wb.create_sheet(title)
    for i, (_, width) in enumerate(columns, 1):
        ws.column_dimensions[get_column_letter(i)].width = width
    ws.freeze_panes = "A2"
    ws.print_title_rows = "1:1"
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    bold = Font(bold=True)
    header = []
    for name, _ in columns:
        cell = WriteOnlyCell(ws, value=name)
        cell.font = bold
        cell.alignment = Alignment(wrap_text=True)
        header.append(cell)
    ws.append(header)
    sheet = SheetRows(ws)
    for row in rows:
        sheet.append(row)
    return ws


def write_xlsx(
    event: Event,
    out: IO[bytes],
    *,
    boards: set[int] | None = None,
    progress: Callable[[int], None] | None = None,
) -> None:
    """The whole event as a workbook: standings, travellers, team match, settings.

    ``boards``: only these boards' traveller lines, and no deal seed.  ``progress``:
    told the number of traveller lines written so far, every 500 (a job's progress).
    """
    with gc_paused():  # half a million cells, none in a cycle (tournament.room.gcpause)
        _write_xlsx(event, out, boards=boards, progress=progress)


def _write_xlsx(
    event: Event,
    out: IO[bytes],
    *,
    boards: set[int] | None,
    progress: Callable[[int], None] | None,
) -> None:
    wb = Workbook(write_only=True)
    live = LiveLines.of(event)  # one read and one comparison for the three sheets
    table = None
    if event.is_team_match:
        _sheet(wb, "Team match", TEAM_COLUMNS, team_rows(event))
    else:
        table = standings.pair_contest(event, results=live.inputs)
        _sheet(wb, "Standings", STANDINGS_COLUMNS, standings_rows(event, table))
    lines: Iterable[list[Any]] = traveller_rows(event, boards=boards, live=live)
    if progress is not None:
        lines = _counted(lines, progress)
    _sheet(wb, "Travellers", traveller_columns(event), lines)
    _charts_sheet(wb, event, boards, table, live)
    settings = settings_rows(event, boards=boards)
    _sheet(wb, "Settings", [("Setting", 22), ("Value", 60)], settings, landscape=False)
    wb.save(out)


MAX_SPREAD_CHARTS = 40  # one chart a board up to this many boards; beyond, the figures only
CHART_ROWS = 16  # rows a chart of 7 cm takes


def _charts_sheet(
    wb: Workbook,
    event: Event,
    boards: set[int] | None,
    places: list[standings.StandingRow] | None = None,
    live: LiveLines | None = None,
) -> None:
    """The pages' charts as native spreadsheet charts (issue 19), each drawn from a small
    table of its figures on the same sheet: the scores by place (each field), a team
    match's running margin with Law G's average at the end, and each board's spread of
    net scores (only the boards the file may show).  ``places`` and ``live``: the
    standings and the live lines when the caller has them already."""
    ws = wb.create_sheet("Charts")
    ws.column_dimensions["A"].width = 30
    ws.column_dimensions["B"].width = 12
    row = 1
    anchors: list[tuple[Any, str]] = []

    def cell(value: Any) -> Any:
        return _number(value) if isinstance(value, Fraction) else value

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
        chart.height, chart.width = 7, 16
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
            chart.height, chart.width = 7, 16
            anchors.append((chart, f"D{first - 1}"))
    else:
        rows = standings.pair_contest(event) if places is None else places
        for field in ("NS", "EW", None):
            members = [r for r in rows if r.direction == field]
            if not members:
                continue
            name = {"NS": "North-South", "EW": "East-West", None: "All pairs"}[field]
            mp = event.by_matchpoints
            data = [
                (f"Pair {r.pair}", r.percent_value if mp else r.score)
                for r in members
                if not mp or r.percent_value is not None
            ]
            if not data:
                continue
            first, last = table(
                f"{name}: scores by place", ("Pair", "Percent" if mp else "Score"), data
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


def csv_safe(value: Any) -> Any:
    """One CSV cell: text made inert, numbers left as they are.

    Text that a spreadsheet would run as a formula (OWASP's "CSV injection":
    starting with ``=``, ``+``, ``-`` or ``@``) gets a leading quote, after its
    control characters became spaces (so none can hide the ``=``).  Numbers,
    negative ones included, are written as numbers and an exact ``Fraction`` as
    ``n/d`` (``-1135/3``): both are the app's own, never quoted.
    """
    kind = type(value)
    if kind is int:  # most cells: nothing to do
        return value
    if kind is float or kind is Precise:
        return csv_number(value)
    if value is None:
        return ""
    if isinstance(value, str):
        text = value if value.isprintable() else printing_text(value)
        return "'" + text if formula_like(text) else text
    if isinstance(value, Fraction):
        return mixed_fraction(value)
    return value


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A CSV file as text: UTF-8's BOM, the header, each row's cells through :func:`csv_safe`.

    Every row as wide as the header (a short one padded with empty cells): a program
    reading the file (pandas, a database's import) refuses or misreads ragged rows,
    such as a team match's verdict lines under its table."""
    buf = io.StringIO()
    buf.write("\ufeff")  # the BOM: spreadsheets then read UTF-8
    w = csv.writer(buf)
    w.writerow(header)
    width = len(header)
    for row in rows:
        cells = [csv_safe(v) for v in row]
        w.writerow(cells + [""] * (width - len(cells)))
    return buf.getvalue()


def standings_csv(event: Event) -> str:
    """The standings as CSV; a team match's are Law G's team table (the XLSX's "Team
    match" sheet), not pairs ranked against an average, which a team match has none of."""
    if event.is_team_match:
        return csv_text([c for c, _ in TEAM_COLUMNS], team_rows(event))
    return csv_text([c for c, _ in STANDINGS_COLUMNS], standings_rows(event))


def travellers_csv(event: Event, *, boards: set[int] | None = None) -> str:
    columns = traveller_columns(event)
    return csv_text([c for c, _ in columns], traveller_rows(event, boards=boards))


def _pbn_contract(contract: str) -> str:
    """Our notation where it is PBN's own ("4H", "3NTX"), ``Pass`` for a pass-out."""
    return "Pass" if contract in ("PASS", "") else contract


def pbn_auction(dealer: str, auction: str, rulings: Sequence[str] = ()) -> list[str]:
    """A recorded auction as PBN's ``[Auction "N"]`` section: four calls a line, ``Pass``,
    ``X``, ``XX``, ``AP`` for the last three passes; a call the director ruled on
    carries a note (``=1=`` and ``[Note "1:..."]``)."""
    calls = auction.split()
    tokens: list[str] = []
    notes: list[str] = []
    end = len(calls)
    if calls[-3:] == ["P", "P", "P"] and len(calls) > 3:
        end -= 3
    for text in calls[:end]:
        ruled = text.endswith("*")
        text = text.rstrip("*")
        tokens.append({"P": "Pass"}.get(text, text))
        if ruled:
            said = rulings[len(notes)] if len(notes) < len(rulings) else "ruled by the director"
            notes.append(f"{len(notes) + 1}:{said}")
            tokens.append(f"={len(notes)}=")
    if end < len(calls):
        tokens.append("AP")
    lines = [format_tag("Auction", dealer)]
    row: list[str] = []
    for t in tokens:
        row.append(t)
        if len([x for x in row if not x.startswith("=")]) == 4 and not t.startswith("="):
            lines.append(" ".join(row))
            row = []
    if row:
        lines.append(" ".join(row))
    lines += [format_tag("Note", n) for n in notes]
    return lines


@dataclass
class PbnBoard:
    """What a board's PBN sections are written from (one board of :func:`write_pbn`)."""

    event: Event
    board: Board
    lines: list[dict[str, Any]]  # its live traveller lines, in round and table order
    compared: list[Any]  # their comparisons (scoring.BoardLine), in the same order
    representative: dict[str, Any] | None  # the line giving Declarer/Contract/Result
    shown: bool  # its deal and lines may be shown


def _auction_section(b: PbnBoard) -> list[str]:
    told = b.representative
    if not told or not told["auction"]:
        return []
    ruled = Ruling.objects.filter(
        board=b.board, seating__round=told["round"], seating__table=told["table"]
    ).values_list("offender", "summary", "law", "irregularity", "option")
    # A note for each marked call, in order: a ruling that marked none (a void double,
    # a bar) has no call to explain.
    notes = [
        f"{who}: {summary} ({law})"
        for who, summary, law, irregularity, option in ruled
        if marks_a_call(b.event.laws, irregularity, option)
    ]
    return pbn_auction(b.board.dealer, told["auction"], notes)


def _double_dummy_section(b: PbnBoard) -> list[str]:
    dd = b.board.dd_tricks
    if not b.shown or not dd:
        return []
    return [
        format_tag("DoubleDummyTricks", double_dummy_hex(dd)),
        *format_table(
            "OptimumResultTable",
            ["Declarer\\1R", "Denomination\\2R", "Result\\2R"],
            optimum_rows(dd),
        ).split("\n"),
    ]


def _score_table_section(b: PbnBoard) -> list[str]:
    if not b.lines:
        return []
    mp = b.event.method == "matchpoints"
    columns = [*SCORE_TABLE, *(MP_COLUMNS if mp else []), *OUR_COLUMNS]
    names = _pbn_names(b.event)
    rows = []
    for r, line in zip(b.lines, b.compared, strict=True):
        ns, ew = r["ns__label"], r["ew__label"]
        head = [r["round"], r["table"], ns, ew, names.get(ns, "?"), names.get(ew, "?")]
        # The score that counted: artificial on a Law B line, weighted on a weighted
        # one, none on a line not played or given average-plus/minus ("-").
        net = line.net_ns
        scores = [decimal_text(net), decimal_text(-net)] if net is not None else ["-", "-"]
        if r["adjusted"]:
            row = [*head, "-", "-", "-", *scores]
        else:
            row = [
                *head,
                standard_contract(r["contract"]),
                r["declarer"] or "-",
                r["tricks"] if r["tricks"] is not None else "-",
                *scores,
            ]
        if mp and line.ns_score is None:
            row += ["-"] * 4  # not played
        elif mp:
            top = line.top or 0
            row += [
                decimal_text(line.ns_score),
                decimal_text(line.ew_score),
                decimal_text(Fraction(line.ns_score) * 100 / top) if top else "-",
                decimal_text(Fraction(line.ew_score) * 100 / top) if top else "-",
            ]
        row += [
            f"Artificial:{r['adjusted']}" if r["adjusted"] else _pbn_contract(r["contract"]),
            r["ns_trick"] + r["ns_honour"] if not r["adjusted"] else "-",
            r["ew_trick"] + r["ew_honour"] if not r["adjusted"] else "-",
        ]
        rows.append(row)
    return format_table("ScoreTable", columns, rows).split("\n")


# The board's sections after its tags, in order: one function per section, so
# another (say, a par or an auction section) is added here and nowhere else.
def _par_section(b: PbnBoard) -> list[str]:
    """``OptimumScore``: the board's par under the event's code (scoring.par), in the
    code's own scoring, North-South's view ("NS 36", "EW 28")."""
    found = deals.par_of(b.board) if b.shown else None
    if found is None:
        return []
    side, points = ("NS", found.score) if found.score >= 0 else ("EW", -found.score)
    return [format_tag("OptimumScore", f"{side} {points}")]


BOARD_SECTIONS: list[Callable[[PbnBoard], list[str]]] = [
    _auction_section,
    _double_dummy_section,
    _par_section,
    _score_table_section,
]

SCORE_TABLE = [
    "Round\\2R",
    "Table\\2R",
    "PairId_NS\\3R",
    "PairId_EW\\3R",
    "Names_NS\\28L",
    "Names_EW\\28L",
    "Contract\\5L",
    "Declarer\\1R",
    "Result\\2R",
    "Score_NS\\7R",
    "Score_EW\\7R",
]
MP_COLUMNS = ["MP_NS\\5R", "MP_EW\\5R", "Percentage_NS\\6R", "Percentage_EW\\6R"]
# Our own columns (PBN allows any): the contract in this app's notation (RS,
# 3SR, NULLO) or "Artificial:average" for a Law B line, and each side's gross.
OUR_COLUMNS = ["Contract_Auction\\18L", "Gross_NS\\5R", "Gross_EW\\5R"]


def _pbn_names(event: Event) -> dict[str, str]:
    return {label: name for label, name in standings.pair_names(event).items() if name}


def _total_table(event: Event) -> list[str]:
    """``TotalScoreTable``: the standings with decimal scores (``191.6``, never
    ``958/5``), the exact fraction in our own column; a team match's totals."""
    if event.is_team_match:
        match = standings.team_match(event)
        if match is None:
            return []
        names = {t.label: str(t) for t in event.team_set.all()}
        ordered = sorted(match.teams.items(), key=lambda kv: -kv[1].score)
        totals: list[list[object]] = []
        for label, team_score in ordered:
            rank = "1" if match.winner in (label, None) else "2"
            total = team_score.score
            totals.append([rank, label, names.get(label, label), decimal_text(total), exact(total)])
        columns = ["Rank\\2R", "TeamId\\3R", "TeamName\\20L", "TotalScore\\8R", "Exact\\10R"]
        return format_table("TotalScoreTable", columns, totals).split("\n")
    standing = standings.pair_contest(event)
    if not standing:
        return []
    mp = event.method == "matchpoints"
    rows: list[list[object]] = []
    for s in standing:
        row: list[object] = [s.direction or "All", s.rank, s.pair, s.names or "?"]
        if mp:
            row += [
                decimal_text(s.score),
                decimal_text(s.percent_value) if s.percent_value is not None else "-",
            ]
        else:
            row += [decimal_text(s.score)]
        row += [s.boards, s.exact]
        rows.append(row)
    columns = ["Field\\3L", "Rank\\4R", "PairId\\3R", "Names\\30L"]
    columns += ["TotalMP\\7R", "TotalPercentage\\6R"] if mp else ["TotalScore\\8R"]
    columns += ["NrBoards\\2R", "Exact\\10R"]
    return format_table("TotalScoreTable", columns, rows).split("\n")


def _representative(lines: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The line whose Declarer, Contract and Result the board's own tags give: the
    first table (round, then table) that recorded its auction, else the first
    table that played it; never an artificial (Law B) line."""
    played = [r for r in lines if not r["adjusted"]]
    return next((r for r in played if r["auction"]), played[0] if played else None)


def write_pbn(event: Event, *, boards: set[int] | None = None) -> str:
    """PBN 2.1 in export format: every board with its deal, its sections and its
    ScoreTable, the standings (or the team totals) with the first board.

    ``boards``: only these boards' deals and score tables; the others are
    listed with ``Deal "?"`` and no result (the public while the event is played).

    The mandatory tags come first in the standard's order, ``"?"`` for what is
    unknown; ``Declarer``/``Contract``/``Result`` are those of the representative
    line (:func:`_representative`).  ``Scoring`` names the code of laws
    ("Auction;WhistClub1915"), no scoring a reader knows, so none rescores it as
    contract bridge; Auction Bridge has no vulnerability (``Vulnerable "None"``).
    ``Score_NS`` is North-South's signed net score (``Score_EW`` its negative),
    an artificial (Law B) line has ``-`` for contract, declarer and result and
    its artificial score marked in ``Contract_Auction``.  Lines end CRLF.
    """
    date = event.date.strftime("%Y.%m.%d")
    live = _live_lines(event)
    inputs = [standings.board_result(r) for r in live]
    compared = standings.compare(event, inputs)
    by_board: dict[int, list[tuple[dict[str, Any], Any]]] = {}
    for r, line in zip(live, compared, strict=True):
        by_board.setdefault(r["board__number"], []).append((r, line))
    out = ["% PBN 2.1", "% EXPORT", f"% Duplicate Auction: {printing_text(event.name)}", ""]
    for i, board in enumerate(Board.objects.filter(event=event).select_related("event")):
        shown = boards is None or board.number in boards
        pairs = by_board.get(board.number, []) if shown else []
        lines = [r for r, _ in pairs]
        told = _representative(lines)
        tags = {
            "Event": event.name or "?",
            "Site": "?",
            "Date": date,
            "Board": str(board.number),
            "West": "?",
            "North": "?",
            "East": "?",
            "South": "?",
            "Dealer": board.dealer,
            "Vulnerable": "None",
            "Deal": board.deal if shown and board.deal else "?",
            "Scoring": event.laws.pbn_scoring,
            "Declarer": (told["declarer"] or "?") if told else "?",
            "Contract": standard_contract(told["contract"]) if told else "?",
            "Result": str(told["tricks"]) if told and told["tricks"] is not None else "?",
        }
        out += [format_tag(k, tags[k]) for k in MANDATORY_TAGS]
        b = PbnBoard(event, board, lines, [c for _, c in pairs], told, shown)
        for section in BOARD_SECTIONS:
            out += section(b)
        if i == 0:
            out += _total_table(event)
        out.append("")
    return "\r\n".join(out) + "\r\n"


@dataclass(frozen=True)
class ExportFormat:
    """One download: how its file is made, named, served and offered.

    ``render(event, boards=...)`` returns the file's bytes (text formats in
    UTF-8), with only ``boards``' deals and traveller lines when given (the
    publication rule of :mod:`tournament.access`); ``binary``
    files never go to a terminal; ``pairs_only`` downloads are offered for
    pair contests only (a team match has no pair standings).
    """

    key: str  # in the download URLs and export_event's --format
    label: str  # on the download buttons
    suffix: str  # the file name's ending
    mime: str
    render: Callable[..., bytes]
    binary: bool = False
    pairs_only: bool = False

    def filename(self, event: Event) -> str:
        """``club-night-19150301.pbn``: ASCII only, safe in a Content-Disposition header."""
        return download_name(event, self.suffix)

    def offered_for(self, event: Event) -> bool:
        return not self.pairs_only or not event.is_team_match


def download_name(named: Event | League | Contest, suffix: str) -> str:
    """A file's name from what it holds, the same for an event, a league and a contest
    (``winter-league-19150112.xlsx``): the club files them by name and date, and a
    number (``league-1``) says nothing once downloaded.  ASCII only, safe in a
    Content-Disposition header."""
    fallback = {League: "league", Contest: "contest"}.get(type(named), "event")
    return f"{slugify(named.name) or fallback}-{named.date:%Y%m%d}.{suffix}"


def xlsx_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    buf = io.BytesIO()
    write_xlsx(event, buf, boards=boards)
    return buf.getvalue()


def standings_csv_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    return standings_csv(event).encode("utf-8")  # standings reveal no deal


def travellers_csv_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    return travellers_csv(event, boards=boards).encode("utf-8")


def pbn_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    return write_pbn(event, boards=boards).encode("utf-8")


def usebio_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    from .usebio import write_usebio  # the XML writer lives on its own

    return write_usebio(event, boards=boards)


EXPORT_FORMATS: dict[str, ExportFormat] = {
    f.key: f
    for f in (
        ExportFormat(
            "xlsx",
            "Excel (XLSX)",
            "xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            xlsx_bytes,
            binary=True,
        ),
        ExportFormat(
            "standings-csv",
            "Standings (CSV)",
            "standings.csv",
            "text/csv; charset=utf-8",
            standings_csv_bytes,
            pairs_only=True,
        ),
        ExportFormat(
            "travellers-csv",
            "Travellers (CSV)",
            "travellers.csv",
            "text/csv; charset=utf-8",
            travellers_csv_bytes,
        ),
        ExportFormat("pbn", "PBN", "pbn", "application/x-pbn; charset=utf-8", pbn_bytes),
        ExportFormat("usebio", "USEBIO (XML)", "usebio.xml", "application/xml", usebio_bytes),
    )
}


def formats_offered(event: Event) -> list[ExportFormat]:
    """The downloads to show for ``event``, in the registry's order."""
    return [f for f in EXPORT_FORMATS.values() if f.offered_for(event)]


# --- A team event of many teams (issue 17.3) ------------------------------------

LEAGUE_COLUMNS = [
    ("Rank", 6),
    ("Team", 24),
    ("Played", 8),
    ("Won", 6),
    ("Tied", 6),
    ("Lost", 6),
    ("Byes", 6),
    ("Matches", 9),
    ("Margin", 9),
    ("Margin (exact)", 14),
]
MEETING_COLUMNS = [("Round", 7), ("Team A", 24), ("Team B", 24), ("A", 7), ("B", 7), ("Winner", 24)]


def league_rows(league: League) -> list[list[Any]]:
    """The league's standings: matches won (a tie or a bye 1/2), then the exact margin."""
    return [
        [
            rank_cell(r.rank),
            r.team,
            r.played,
            r.won,
            r.tied,
            r.lost,
            r.byes,
            _precise(r.matches),
            round_half_away(r.margin),
            _precise(r.margin),
        ]
        for r in leagues.league_table(league)
    ]


def _meeting_outcome(m: Any) -> str | None:
    """ "Hawks", "Hawks (by the fraction of a point)", "tie", or None while it is played."""
    if m.winner:
        return m.winner + (" (by the fraction of a point)" if m.by_fraction else "")
    return "tie" if m.finished and m.away and m.points[0] else None


def meeting_rows(league: League) -> list[list[Any]]:
    return [
        [
            m.round,
            m.home,
            m.away or "(bye)",
            int(m.points[0]) if m.points[0] else None,
            int(m.points[1]) if m.points[1] else None,
            _meeting_outcome(m),
        ]
        for m in leagues.meetings(league)
    ]


def league_xlsx_bytes(league: League) -> bytes:
    wb = Workbook(write_only=True)
    _sheet(wb, "Standings", LEAGUE_COLUMNS, league_rows(league), landscape=False)
    _sheet(wb, "Matches", MEETING_COLUMNS, meeting_rows(league), landscape=False)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def league_csv_bytes(league: League) -> bytes:
    return csv_text([c for c, _ in LEAGUE_COLUMNS], league_rows(league)).encode("utf-8")


# --- Sections and sessions (issue 17.4) -------------------------------------------


def contest_session_rows(
    contest: Contest, session: int, table: list[Any] | None = None
) -> list[list[Any]]:
    names = contests.pair_names(contest, session)
    mp = contests.parts(contest, session)[0].method == "matchpoints"
    rows = table if table is not None else contests.session_table(contest, session)
    return [
        [
            rank_cell(s.rank),
            s.pair,
            names.get(s.pair) or None,
            s.direction,
            s.boards,
            _precise(s.score),
            float(round(s.percent, 2)) if mp and s.percent is not None else None,
        ]
        for s in rows
    ]


CONTEST_SESSION_COLUMNS = [
    ("Rank", 6),
    ("Pair", 7),
    ("Names", 32),
    ("Direction", 10),
    ("Boards", 8),
    ("Score (exact)", 14),
    ("Percent", 9),
]


def contest_overall_rows(
    contest: Contest, tables: dict[int, list[Any]] | None = None
) -> list[list[Any]]:
    # Averaged session percentages are percentages: two decimals, as on the page and in
    # each session's sheet (README: "percentages always to two decimals"); added session
    # scores are exact scores, with the decimals that keep them exact.
    def value(x: Any) -> Any:
        if contest.carry == "average":
            return float(two_decimals(Fraction(x)))
        return _precise(x)

    return [
        [
            rank_cell(r.rank),
            r.pair,
            r.direction,
            *(value(x) if x is not None else None for x in r.sessions),
            value(r.total),
        ]
        for r in contests.overall_table(contest, tables)
    ]


def contest_overall_columns(contest: Contest) -> list[tuple[str, int]]:
    sessions = contests.sessions_of(contest)
    what = "percent" if contest.carry == "average" else "score"
    return [
        ("Rank", 6),
        ("Pair", 7),
        ("Direction", 10),
        *((f"Session {s} {what}", 14) for s in sessions),
        ("Overall", 12),
    ]


def contest_xlsx_bytes(contest: Contest) -> bytes:
    """Overall and every session's standings; each session compared once."""
    tables = {s: contests.session_table(contest, s) for s in contests.sessions_of(contest)}
    wb = Workbook(write_only=True)
    _sheet(wb, "Overall", contest_overall_columns(contest), contest_overall_rows(contest, tables))
    for s, table in tables.items():
        _sheet(wb, f"Session {s}", CONTEST_SESSION_COLUMNS, contest_session_rows(contest, s, table))
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def contest_csv_bytes(contest: Contest) -> bytes:
    header = [c for c, _ in contest_overall_columns(contest)]
    return csv_text(header, contest_overall_rows(contest)).encode("utf-8")
