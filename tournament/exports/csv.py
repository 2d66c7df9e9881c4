"""The CSV files: standings and travellers, each cell made inert.

Text a spreadsheet would run as a formula gets a leading ``'`` (the XLSX
writer's own test, :func:`tournament.exports.xlsx.formula_like`); numbers are
written rounded as displayed, and an exact fraction as a mixed number
(``-378 1/3``), which a spreadsheet reads as a number and never as a date.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from scoring.pbn import decimal_text, printing_text

from ..models import Event
from .rows import (
    TEAM_COLUMNS,
    Precise,
    mixed_fraction,
    standings_columns,
    standings_rows,
    team_rows,
    traveller_columns,
    traveller_rows,
)
from .xlsx import formula_like


def csv_number(value: float) -> str:
    """A float for CSV, rounded as displayed: two decimals half away from zero
    (``-39.285714...`` is ``-39.29``), six for an exact score's decimal."""
    places = 6 if isinstance(value, Precise) else 2
    text = decimal_text(Fraction(value).limit_denominator(10**9), places)
    if "." not in text:
        return text
    whole, _, frac = text.partition(".")
    return f"{whole}.{frac.ljust(2, '0')}" if places == 2 else text


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
    return csv_text([c for c, _ in standings_columns(event)], standings_rows(event))


def travellers_csv(event: Event, *, boards: set[int] | None = None) -> str:
    columns = traveller_columns(event)
    return csv_text([c for c, _ in columns], traveller_rows(event, boards=boards))
