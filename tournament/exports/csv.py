"""The CSV files: standings and travellers, each cell made inert, one table a file.

One table a file, a row a pair, team or traveller line under one header, so that
a program (pandas, a database's import) reads each column as one kind: a team
match's standings are its two teams' rows, Law G's verdict in columns of each row
(the XLSX's "Team match" sheet lays out the arithmetic and the tables' totals).

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

from scoring.fractions_fmt import mixed_fraction
from scoring.pbn import decimal_text, printing_text

from ..models import Event
from ..queries import standings
from .rows import (
    Precise,
    cell_number,
    precise_number,
    standings_columns,
    standings_rows,
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


# A team match's standings, a row a team (Law G).  "Place": 1 for the winner (or the
# leader while boards are to be completed) and 2 for the other, 1 for both when
# level; the margin is from the team's side (the winner's positive, the other's
# negative, 0 when level); "Boards still to be completed": the boards not yet played
# at every table, which the score leaves out until they are (empty once final).
TEAM_CSV_COLUMNS = [
    "Team",
    "Label",
    "Pairs' net scores",
    "Average added (exact)",
    "Average added",
    "Direction averaged",
    "Exact total",
    "Exact (decimal)",
    "Rounded",
    "Place",
    "Margin (exact)",
    "Margin (decimal)",
    "Margin (rounded)",
    "By the fraction of a point",
    "Boards still to be completed",
]


def team_csv_rows(event: Event) -> list[list[Any]]:
    """A team match's standings, a row a team with Law G's arithmetic and verdict; no
    row while no board has been played at every table (there is no score yet)."""
    match = standings.team_match(event)
    if match is None:
        return []
    names = {t.label: str(t) for t in event.team_set.all()}  # "Hawks", or "Team A"
    pending = ", ".join(map(str, standings.team_boards_pending(event)))
    rows: list[list[Any]] = []
    for label, s in match.teams.items():
        sign = 0 if match.winner is None else (1 if match.winner == label else -1)
        rows.append(
            [
                names.get(label, label),
                label,
                cell_number(s.raw),
                Fraction(s.average_added),
                cell_number(s.average_added),
                s.average_direction or "",
                Fraction(s.score),
                precise_number(s.score),
                s.rounded,
                1 if match.winner in (label, None) else 2,
                sign * Fraction(match.margin),
                precise_number(sign * Fraction(match.margin)),
                sign * match.margin_rounded,
                "yes" if match.by_fraction else "no",
                pending,
            ]
        )
    return rows


def standings_csv(event: Event) -> str:
    """The standings as CSV; a team match's are Law G's team table, a row a team
    (:data:`TEAM_CSV_COLUMNS`), not pairs ranked against an average, which a team
    match has none of."""
    if event.is_team_match:
        return csv_text(TEAM_CSV_COLUMNS, team_csv_rows(event))
    return csv_text([c for c, _ in standings_columns(event)], standings_rows(event))


def travellers_csv(event: Event, *, boards: set[int] | None = None) -> str:
    columns = traveller_columns(event)
    return csv_text([c for c, _ in columns], traveller_rows(event, boards=boards))
