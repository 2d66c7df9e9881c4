"""The files of a group of events: a league's table and meetings, a contest's
session and overall standings, as XLSX and CSV.

Apart from the single event's formats because each reads a group's table
(:mod:`tournament.queries.leagues`, :mod:`tournament.queries.contests`) and
reuses their sheet and cell writers.
"""

from __future__ import annotations

import io
from fractions import Fraction
from typing import Any

from openpyxl import Workbook

from scoring.fractions_fmt import round_half_away, two_decimals

from ..models import Contest, League
from ..queries import contests, leagues
from .csv import csv_text
from .rows import precise_number, rank_cell
from .xlsx import write_sheet

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
            precise_number(r.matches),
            round_half_away(r.margin),
            precise_number(r.margin),
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
    paper = league.club.paper_size
    write_sheet(wb, "Standings", LEAGUE_COLUMNS, league_rows(league), paper=paper)
    write_sheet(wb, "Matches", MEETING_COLUMNS, meeting_rows(league), paper=paper)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def league_csv_bytes(league: League) -> bytes:
    return csv_text([c for c, _ in LEAGUE_COLUMNS], league_rows(league)).encode("utf-8")


def contest_session_rows(
    contest: Contest, session: int, table: list[Any] | None = None
) -> list[list[Any]]:
    names = contests.pair_names(contest, session)
    marks = contests.pair_marks(contest, session)
    mp = contests.parts(contest, session)[0].by_matchpoints
    rows = table if table is not None else contests.session_table(contest, session)
    return [
        [
            rank_cell(s.rank),
            s.pair,
            names.get(s.pair) or None,
            s.direction,
            s.boards,
            precise_number(s.score),
            float(round(s.percent, 2)) if mp and s.percent is not None else None,
            marks.get(s.pair) or None,
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
    ("Late or withdrawn", 40),
]


def contest_overall_rows(
    contest: Contest, tables: dict[int, list[Any]] | None = None
) -> list[list[Any]]:
    # Averaged session percentages are percentages: two decimals, as on the page and in
    # each session's sheet (percentages are always to two decimals); added session
    # scores are exact scores, with the decimals that keep them exact.
    def value(x: Any) -> Any:
        if contest.carry == Contest.Carry.AVERAGE:
            return float(two_decimals(Fraction(x)))
        return precise_number(x)

    seated = [contests.seated(contest, s) for s in contests.sessions_of(contest)]
    return [
        [
            rank_cell(r.rank),
            contests.seats_text(r.seats),
            contests.players_of(r.seats, seated) or None,
            r.direction,
            *(value(x) if x is not None else None for x in r.sessions),
            value(r.total),
        ]
        for r in contests.overall_table(contest, tables)
    ]


def contest_overall_columns(contest: Contest) -> list[tuple[str, int]]:
    sessions = contests.sessions_of(contest)
    what = "percent" if contest.carry == Contest.Carry.AVERAGE else "score"
    return [
        ("Rank", 6),
        ("Pair (seat each session)", 14),
        ("Players", 32),
        ("Direction", 10),
        *((f"Session {s} {what}", 14) for s in sessions),
        ("Overall", 12),
    ]


def contest_session_columns(contest: Contest, session: int) -> list[tuple[str, int]]:
    """A session's columns, the comparing ones saying whom they compare: every section
    of the session together ("Percent (sections A and B together)")."""
    letters = [e.section or "A" for e in contests.parts(contest, session)]
    if len(letters) < 2:
        return CONTEST_SESSION_COLUMNS
    together = "sections " + ", ".join(letters[:-1]) + " and " + letters[-1] + " together"
    return [
        (f"{c} ({together})", w + 20) if c in ("Score (exact)", "Percent") else (c, w)
        for c, w in CONTEST_SESSION_COLUMNS
    ]


def contest_xlsx_bytes(contest: Contest) -> bytes:
    """Overall and every session's standings; each session compared once."""
    tables = {s: contests.session_table(contest, s) for s in contests.sessions_of(contest)}
    wb = Workbook(write_only=True)
    paper = contest.club.paper_size
    write_sheet(
        wb,
        "Overall",
        contest_overall_columns(contest),
        contest_overall_rows(contest, tables),
        paper=paper,
    )
    for s, table in tables.items():
        write_sheet(
            wb,
            f"Session {s}",
            contest_session_columns(contest, s),
            contest_session_rows(contest, s, table),
            paper=paper,
        )
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def contest_csv_bytes(contest: Contest) -> bytes:
    header = [c for c, _ in contest_overall_columns(contest)]
    return csv_text(header, contest_overall_rows(contest)).encode("utf-8")
