"""The club's files: its member register (for its directors: contact details included)
and a season's standings (public: names only, never a member's contact details).

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
from .rows import _precise, rank_cell
from .xlsx import _sheet

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


def member_rows(club: Club) -> list[list[Any]]:
    return [
        [m.name, m.number, m.email, m.phone, "yes" if m.active else "no", "yes" if m.guest else ""]
        for m in in_register_order(Member.objects.filter(club=club))
    ]


def members_xlsx_bytes(club: Club) -> bytes:
    wb = Workbook(write_only=True)
    _sheet(wb, "Members", MEMBER_COLUMNS, member_rows(club), landscape=False)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def members_csv_bytes(club: Club) -> bytes:
    return csv_text([c for c, _ in MEMBER_COLUMNS], member_rows(club)).encode("utf-8")


def season_rows(rows: list[SeasonRow]) -> list[list[Any]]:
    """The standings' lines: the member's name and number, never the e-mail or phone."""
    return [
        [
            rank_cell(r.rank) if r.rank else "",
            r.member.name,
            r.member.number,
            r.played,
            r.counted,
            _precise(r.exact),
        ]
        for r in rows
    ]


def season_xlsx_bytes(season: Season) -> bytes:
    wb = Workbook(write_only=True)
    rows = season_rows(season_standings(season))
    _sheet(wb, "Standings", SEASON_COLUMNS, rows, landscape=False)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def season_csv_bytes(season: Season) -> bytes:
    rows = season_rows(season_standings(season))
    return csv_text([c for c, _ in SEASON_COLUMNS], rows).encode("utf-8")
