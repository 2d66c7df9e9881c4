"""The club's files: its member register (for its directors: contact details included)
and a season's standings (public: names only; the directors' own also give each
member's number, never the contact details).

The register is written in the columns its import reads
(:mod:`tournament.forms.members`), so a list exported, edited and imported again
updates the members by number.
"""

from __future__ import annotations

import io
from typing import Any

from openpyxl import Workbook

from ..models import Club, Member, Season
from ..models.club import in_register_order
from ..queries.club import SeasonRow, season_standings
from .csv import csv_text
from .rows import precise_number, rank_cell
from .xlsx import write_sheet

MEMBER_COLUMNS = [
    ("Name", 28),
    ("Member number", 14),
    ("E-mail", 30),
    ("Phone", 16),
    ("Active", 8),
    ("Guest", 8),
]
SEASON_COLUMNS = [
    ("Rank", 6),
    ("Member", 28),
    ("Member number", 14),
    ("Evenings", 9),
    ("Counted", 9),
    ("Score", 12),
]
NUMBER = 2  # the member number's column: the directors' file only


def member_rows(club: Club) -> list[list[Any]]:
    return [
        [m.name, m.number, m.email, m.phone, "yes" if m.active else "no", "yes" if m.guest else ""]
        for m in in_register_order(Member.objects.filter(club=club))
    ]


def members_xlsx_bytes(club: Club) -> bytes:
    wb = Workbook(write_only=True)
    write_sheet(wb, "Members", MEMBER_COLUMNS, member_rows(club), paper=club.paper_size)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def members_csv_bytes(club: Club) -> bytes:
    return csv_text([c for c, _ in MEMBER_COLUMNS], member_rows(club)).encode("utf-8")


def season_columns(*, numbers: bool) -> list[tuple[str, int]]:
    """The standings' columns; the member number only in the directors' file."""
    return SEASON_COLUMNS if numbers else SEASON_COLUMNS[:NUMBER] + SEASON_COLUMNS[NUMBER + 1 :]


def season_rows(rows: list[SeasonRow], *, numbers: bool) -> list[list[Any]]:
    """The standings' lines: the member's name (and number for the directors), never
    the e-mail or phone."""
    return [
        [
            rank_cell(r.rank) if r.rank else "",
            r.member.name,
            *([r.member.number] if numbers else []),
            r.played,
            r.counted,
            precise_number(r.exact),
        ]
        for r in rows
    ]


def _season(season: Season, director: bool) -> tuple[list[tuple[str, int]], list[list[Any]]]:
    """The columns and lines of a season's file: the public's counts the published
    evenings and names the members; the directors' counts every evening, as their
    season page does, and gives each member's number."""
    rows = season_standings(season, public=not director)
    return season_columns(numbers=director), season_rows(rows, numbers=director)


def season_xlsx_bytes(season: Season, *, director: bool = False) -> bytes:
    columns, rows = _season(season, director)
    wb = Workbook(write_only=True)
    write_sheet(wb, "Standings", columns, rows, paper=season.club.paper_size)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def season_csv_bytes(season: Season, *, director: bool = False) -> bytes:
    columns, rows = _season(season, director)
    return csv_text([c for c, _ in columns], rows).encode("utf-8")
