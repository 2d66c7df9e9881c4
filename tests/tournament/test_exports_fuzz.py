"""Exports under hostile names and scores: each file re-opens or re-imports as written.

Two levels.  The cell writers (``csv_safe`` through ``csv_text``,
``xlsx_row``) get random rows of text (formula starters, quotes, control
characters, any Unicode), integers, floats and exact fractions, negative ones
included; the CSV is read back with the csv module and the XLSX with openpyxl,
and every cell must hold what the rules say (text made printable and, if a
spreadsheet would run it, guarded; numbers as numbers).  Then a played event
gets hostile player and event names, and its four exports are read back.

``EXPORT_FUZZ_EXAMPLES`` (default 150) sets the writer examples; the event
examples are a fifth of it.
"""

from __future__ import annotations

import csv
import io
import os
import re
import unicodedata
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook

from scoring.pbn import deals_from_pbn, parse_pbn, split_table_row
from tournament import exports
from tournament.models import Board, Player
from tournament.queries import standings

EXAMPLES = int(os.environ.get("EXPORT_FUZZ_EXAMPLES", "150"))

# What a spreadsheet reads as an error value rather than text.
ERROR_VALUES = {"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"}
HOSTILE = [
    "=cmd|' /C calc'!A0",
    "+1",
    "-2",
    "@SUM(1)",
    '=HYPERLINK("http://x")',
    '"',
    '"quoted"',
    "back\\slash\\",
    "new\nline",
    "\r\n=1+1",
    "\t@x",
    "  -3",
    "]",
    '[Board "9"]',
    '"]\n[Board "9"]\n[Deal "N:-"]',
    "; not a comment",
    "{ nor this }",
    "% nor this",
    "#",
    "#N/A",
    "Zoë Ærø 李 🂡",
    "",
    " ",
]
TEXT = st.one_of(st.sampled_from(HOSTILE + sorted(ERROR_VALUES)), st.text(max_size=30))
# What a database column can hold: no NUL (PostgreSQL refuses it), no lone surrogate.
DB_TEXT = TEXT.map(lambda s: re.sub("[\x00\ud800-\udfff]", "", s))
NUMBER = st.one_of(
    st.integers(-(10**12), 10**12),
    st.fractions(min_value=-(10**6), max_value=10**6, max_denominator=10**4),
    st.floats(-1e9, 1e9, allow_nan=False),
)
ROWS = st.lists(
    st.lists(st.one_of(st.none(), TEXT, NUMBER), min_size=1, max_size=6), min_size=1, max_size=6
)


def printable(text: str) -> str:
    """The rule, written out independently: control characters, the line and
    paragraph separators and non-characters become spaces."""
    return "".join(
        " " if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") or c in "\ufffe\uffff" else c
        for c in text
    )


def runs_as_formula(text: str) -> bool:
    return text.lstrip(" ")[:1] in ("=", "+", "-", "@")


def fraction_text(x: Fraction) -> str:
    """A mixed number, written out independently: "191 3/5", "-566 2/3", "0 1/2"."""
    if x.denominator == 1:
        return str(x.numerator)
    whole, rest = divmod(abs(x.numerator), x.denominator)
    return f"{'-' if x < 0 else ''}{whole} {rest}/{x.denominator}"


@settings(max_examples=EXAMPLES, deadline=None)
@given(ROWS)
def test_csv_reads_back_as_written(rows):
    text = exports.csv_text(["a", "b"], rows)
    assert text.startswith("\ufeff")
    back = list(csv.reader(io.StringIO(text[1:], newline="")))
    assert back[0] == ["a", "b"] and len(back) == len(rows) + 1
    for got, row in zip(back[1:], rows, strict=True):
        # A short row is padded to the header's width with empty cells.
        assert len(got) == max(len(row), 2) and got[len(row) :] == [""] * (len(got) - len(row))
        for cell, value in zip(got, row, strict=False):
            if value is None:
                assert cell == ""
            elif isinstance(value, str):
                shown = printable(value)
                assert cell == ("'" + shown if runs_as_formula(shown) else shown)
            elif isinstance(value, Fraction):
                # A mixed number ("191 3/5"): read as a number, never a date.
                whole, _, rest = cell.partition(" ")
                got_value = Fraction(whole) + (Fraction(rest) if rest else 0) * (
                    -1 if whole.startswith("-") else 1
                )
                assert cell == exports.mixed_fraction(value) and got_value == value
            elif isinstance(value, int):
                assert cell == str(value) and int(cell) == value  # -22, never '-22
            else:
                # Rounded as displayed: two decimals (six for an exact score's decimal).
                assert abs(float(cell) - value) <= 0.005 and not cell.startswith("'")


@settings(max_examples=EXAMPLES, deadline=None)
@given(ROWS)
def test_xlsx_reopens_as_written(rows):
    wb = Workbook(write_only=True)
    ws = wb.create_sheet("S")
    for row in rows:
        ws.append(exports.xlsx_row(ws, row))
    buf = io.BytesIO()
    wb.save(buf)
    back = load_workbook(io.BytesIO(buf.getvalue()))["S"]
    for r, row in enumerate(rows, 1):
        for c, value in enumerate(row, 1):
            cell = back.cell(r, c)
            if isinstance(value, Fraction):
                # Text "98 1/2" (a spreadsheet holds no exact fraction); a whole one a number.
                value = value.numerator if value.denominator == 1 else fraction_text(value)
            if value is None or value == "":
                assert cell.value is None
            elif isinstance(value, str):
                shown = printable(value)
                assert cell.value == shown and cell.data_type == "s"  # never "f" or "e"
                assert cell.quotePrefix == (runs_as_formula(shown) or shown in ERROR_VALUES)
            elif isinstance(value, int):
                assert cell.value == value and cell.data_type == "n"
            else:  # as openpyxl writes a float: 16 significant digits
                assert cell.value == float(f"{value:.16g}") and cell.data_type == "n"


# Numbers of every kind the exports write, an exact score's decimal (Precise) included.
ANY_NUMBER = st.one_of(NUMBER, st.floats(-1e9, 1e9, allow_nan=False).map(exports.Precise))
COLUMN_ROWS = st.lists(
    st.lists(st.one_of(st.none(), TEXT, ANY_NUMBER), min_size=1, max_size=6), min_size=1, max_size=8
)


def reader_view(wb) -> list[list[tuple]]:
    """What a reader gets from each cell: value, type, number format, quote prefix."""
    back = load_workbook(io.BytesIO(_saved(wb)))["S"]
    return [
        [(c.value, c.data_type, c.number_format, c.quotePrefix) for c in row]
        for row in back.iter_rows()
    ]


def _saved(wb) -> bytes:
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


@settings(max_examples=EXAMPLES, deadline=None)
@given(COLUMN_ROWS)
def test_sheet_rows_write_what_xlsx_row_writes(rows):
    """SheetRows reuses a cell per column and kind of number: row after row, each
    cell must still read back exactly as a new cell for every number writes it."""
    one, reused = Workbook(write_only=True), Workbook(write_only=True)
    ws = one.create_sheet("S")
    for row in rows:
        ws.append(exports.xlsx_row(ws, row))
    sheet = exports.SheetRows(reused.create_sheet("S"))
    for row in rows:
        sheet.append(row)
    assert reader_view(reused) == reader_view(one)


@settings(
    max_examples=max(EXAMPLES // 5, 10),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(names=st.lists(DB_TEXT, min_size=1, max_size=4), event_name=DB_TEXT)
def test_a_played_event_with_hostile_names_exports_and_reads_back(demo, names, event_name):
    pairs, _ = demo
    names = [n[:80] for n in names]
    players = list(Player.objects.filter(pair__event=pairs).order_by("pk"))
    for i, player in enumerate(players):
        player.name = names[i % len(names)]
    Player.objects.bulk_update(players, ["name"])
    pairs.name = event_name[:120]
    pairs.save(update_fields=["name"])
    table = standings.pair_contest(pairs)
    assert any(r.score < 0 and r.score.denominator > 1 for r in table)  # -1577/5 and the like

    # PBN: the deals come back through our own import; names and scores as written.
    text = exports.write_pbn(pairs)
    assert deals_from_pbn(text) == dict(
        Board.objects.filter(event=pairs).values_list("number", "deal")
    )
    games = parse_pbn(text)
    assert {g.tags["Event"] for g in games} == {printable(pairs.name) or "?"}
    total = [split_table_row(r) for r in games[0].sections["TotalScoreTable"]]
    assert [row[-1] for row in total] == [printable(r.names) or "?" for r in table]  # last
    assert [Fraction(row[-2]) for row in total] == [r.score for r in table]  # Exact

    # XLSX: names as text cells, scores as numbers, the exact score a mixed number.
    buf = io.BytesIO()
    exports.write_xlsx(pairs, buf)
    wb = load_workbook(io.BytesIO(buf.getvalue()))
    sheet = list(wb["Standings"].iter_rows(min_row=2))
    assert [row[3].value for row in sheet] == [printable(r.names) or None for r in table]
    assert all(row[3].data_type == "s" for row in sheet if row[3].value is not None)
    assert [row[5].value for row in sheet] == [fraction_text(Fraction(r.score)) for r in table]
    assert [row[6].value for row in sheet] == [as_xlsx_number(r.score) for r in table]
    settings_sheet = {r[0].value: r[1] for r in wb["Settings"].iter_rows(min_row=2)}
    assert settings_sheet["Event"].value == (printable(pairs.name) or None)

    # CSV: names guarded, negative exact scores left as numbers.
    back = list(csv.reader(io.StringIO(exports.standings_csv(pairs)[1:], newline="")))
    assert [row[3] for row in back[1:]] == [
        ("'" if runs_as_formula(printable(r.names)) else "") + printable(r.names) for r in table
    ]
    assert [row[5] for row in back[1:]] == [exports.mixed_fraction(r.score) for r in table]
    travellers = list(csv.reader(io.StringIO(exports.travellers_csv(pairs)[1:], newline="")))
    nets = [row[16] for row in travellers[1:]]
    assert all(re.fullmatch("-?[0-9]+", n) for n in nets) and any(n[0] == "-" for n in nets)


def as_xlsx_number(x: Fraction) -> int | float:
    """The decimal score as the XLSX holds it: an int when whole, else a float."""
    return x.numerator if x.denominator == 1 else float(f"{float(x):.16g}")
