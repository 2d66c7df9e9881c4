"""Standings, travellers and score cards, recomputed from the live results.

Nothing here is stored: every figure comes from :mod:`scoring` run on the
results as they are now, in a constant number of queries however large the
event (one for the results, one or two for names).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Q

from scoring import BoardResult, compare_boards, pair_standings, score_team_match
from scoring.fractions_fmt import exact, round_half_away, two_decimals
from scoring.pairs import BoardLine, PairStanding
from scoring.teams import MatchResult, TableSeating, TeamBoardResult

from .models import Board, Event, Pair, Result, Seating


def _live(event: Event):
    return Result.objects.filter(event=event).live()


BOARD_RESULT_FIELDS = ("board__number", "ns__label", "ew__label", "net_ns", "adjusted")


def as_board_results(results) -> list[BoardResult]:
    """Live traveller lines as the scoring library's input: the one place rows become inputs.

    ``results`` is a Result queryset; one query, no model instances.
    """
    rows = results.values_list(*BOARD_RESULT_FIELDS)
    return [BoardResult(b, ns, ew, net, adj or None) for b, ns, ew, net, adj in rows]


def board_results(event: Event) -> list[BoardResult]:
    """Every live traveller line of the event (one query)."""
    return as_board_results(_live(event))


def pair_names(event: Event) -> dict[str, str]:
    names: dict[str, list[str]] = {}
    rows = Pair.objects.filter(event=event).order_by("player__position")
    for label, name in rows.values_list("label", "player__name"):
        names.setdefault(label, [])
        if name:
            names[label].append(name)
    return {label: " & ".join(n) for label, n in names.items()}


@dataclass
class StandingRow:
    pair: str
    names: str
    direction: str | None
    score: Fraction | int
    exact: str
    display: str
    percent: str
    rank: str
    boards: int


def pair_contest(event: Event) -> list[StandingRow]:
    results = board_results(event)
    if not results:
        return []
    names = pair_names(event)
    rows = []
    for s in pair_standings(results, event.method):
        rows.append(_row(s, names))
    return rows


def _row(s: PairStanding, names: dict[str, str]) -> StandingRow:
    return StandingRow(
        pair=s.pair,
        names=names.get(s.pair, ""),
        direction=s.direction,
        score=s.score,
        exact=exact(s.score),
        display=s.display,
        percent=two_decimals(s.percent) if s.percent is not None else "",
        rank=s.rank,
        boards=s.boards,
    )


def team_match(event: Event) -> MatchResult | None:
    """Law G for a team match event; None until every table has results on a board."""
    seatings = list(
        Seating.objects.filter(event=event, round=1).select_related("ns__team", "ew__team")
    )
    tables = [TableSeating(s.table, s.ns.team.label, s.ew.team.label) for s in seatings]  # type: ignore[union-attr]
    rows = _live(event).values_list("board__number", "table", "net_ns", "adjusted")
    per_board: dict[int, list[TeamBoardResult]] = {}
    for b, t, net, adj in rows:
        per_board.setdefault(b, []).append(TeamBoardResult(b, t, net, adj or None))
    complete = [r for rs in per_board.values() if len(rs) == len(tables) for r in rs]
    if not complete:
        return None
    return score_team_match(tables, complete)


def team_boards_pending(event: Event) -> list[int]:
    """Boards not yet played at every table (left out of the match score until they are)."""
    tables = Seating.objects.filter(event=event, round=1).count()
    counts: dict[int, int] = {}
    for b in _live(event).values_list("board__number", flat=True):
        counts[b] = counts.get(b, 0) + 1
    boards = Board.objects.filter(event=event).values_list("number", flat=True)
    return [b for b in boards if counts.get(b, 0) < tables]


@dataclass
class TravellerLine:
    result: Result
    line: BoardLine | None

    @property
    def ns_score(self) -> str:
        return _fmt(self.line.ns_score, self.line.top) if self.line else ""

    @property
    def ew_score(self) -> str:
        return _fmt(self.line.ew_score, self.line.top) if self.line else ""


def _fmt(x: Fraction | int, top: int | None) -> str:
    if top is not None:
        return two_decimals(x)
    return str(round_half_away(x)) if Fraction(x).denominator != 1 else str(x)


def traveller(event: Event, board: Board) -> list[TravellerLine]:
    """Every live result of a board with its comparison (Law H or matchpoints)."""
    on_board = _live(event).filter(board=board).order_by("round", "table")
    results = list(on_board.select_related("ns", "ew", "board"))
    inputs = as_board_results(on_board)
    lines: list[BoardLine | None] = list(compare_boards(inputs, event.method)) if inputs else []
    return [TravellerLine(r, line) for r, line in zip(results, lines, strict=True)]


def score_card(event: Event, pair: Pair) -> list[dict[str, Any]]:
    """A pair's personal score card: every board it played, from its own side."""
    results = list(
        _live(event)
        .filter(Q(ns=pair) | Q(ew=pair))
        .select_related("board", "ns", "ew")
        .order_by("round", "board__number")
    )
    by_board = {}
    all_results = board_results(event)
    lines = compare_boards(all_results, event.method) if all_results else []
    for compared in lines:
        r = compared.result
        if pair.label in (r.ns, r.ew):
            by_board[r.board] = compared
    rows = []
    for r in results:
        line = by_board.get(r.board.number)
        ns_side = r.ns_id == pair.pk
        mine = (line.ns_score if ns_side else line.ew_score) if line else None
        rows.append(
            {
                "round": r.round,
                "table": r.table,
                "board": r.board.number,
                "direction": "NS" if ns_side else "EW",
                "opponents": (r.ew if ns_side else r.ns).label,
                "result": r,
                "net": (r.net_ns if ns_side else -r.net_ns) if r.net_ns is not None else None,
                "score": _fmt(mine, line.top) if line is not None and mine is not None else "",
            }
        )
    return rows
