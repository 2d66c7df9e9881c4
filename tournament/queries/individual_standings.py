"""An individual's standings by player, and each player's score card.

The event's live lines are its partnerships' ("7&1" v "12&8"); each is read as its
four players' line (:func:`scoring.movements.partnerships.as_individual`) and the
comparison, the standings and the card are :mod:`scoring.individuals`' own
(docs/laws/duplicate.md, "Individuals"): nothing is computed here, only read and
named.  Law B's tables, the director's adjusted scores and factoring are the
event's, as for a pair contest.
"""

from __future__ import annotations

from typing import Any

from scoring.fractions_fmt import exact, round_half_away, two_decimals
from scoring.individual_explain import as_board_line
from scoring.individuals import (
    IndividualResult,
    compare_individual_boards,
    individual_standings,
    player_boards,
)
from scoring.movements.partnerships import as_individual

from ..models import Event, Result
from .individuals import names_of
from .movements import individual_for
from .standings import EventRows, StandingRow, board_results, law_b_tables
from .travellers import score_text

__all__ = ["individual_contest", "individual_results", "player_card"]


def individual_results(event: Event, rows: EventRows | None = None) -> list[IndividualResult]:
    """Every live line of the event as its four players' (one query, or none given
    ``rows``)."""
    return [as_individual(r) for r in board_results(event, rows)]


def individual_contest(event: Event, rows: EventRows | None = None) -> list[StandingRow]:
    """The standings by player, best first: one field (players change direction through
    the evening), by the event's method, adjusted values and factoring."""
    inputs = board_results(event, rows)
    if not inputs:
        return []
    names = names_of(event)
    standing = individual_standings(
        [as_individual(r) for r in inputs],
        event.method,
        event.adjusted_values,
        tables=law_b_tables(event, inputs),
        factoring=event.factoring,
    )
    return [
        StandingRow(
            pair=s.player,
            names=names.get(s.player, ""),
            direction=None,
            score=s.score,
            exact=exact(s.score),
            display=s.display,
            percent="" if s.percent is None else two_decimals(s.percent),
            rank=s.rank,
            boards=s.boards,
            percent_value=s.percent,
            as_played_value=s.as_played,
            as_played="" if s.as_played is None else str(round_half_away(s.as_played)),
            compared=s.compared,
            factor_to=s.factor_to,
            individual=True,
        )
        for s in standing
    ]


def player_card(event: Event, label: str) -> list[dict[str, Any]]:
    """A player's score card: each board he played, in round then board order, with
    where he sat, his partner, his opponents (left-hand, then right-hand), his side's
    net score and his comparison (:func:`scoring.individuals.player_boards`, the
    standings' own figures); ``direction`` and ``line`` are his partnership's side and
    compared line, which his evening reads (:func:`tournament.queries.score_cards.evening`)."""
    inputs = board_results(event)
    lines = compare_individual_boards(
        [as_individual(r) for r in inputs],
        event.method,
        event.adjusted_values,
        tables=law_b_tables(event, inputs),
    )
    names = names_of(event)
    # A player sits once at a board (scoring.individuals.validate_individual_results).
    his = {line.result.board: line for line in lines if label in line.result.players}
    where: dict[int, tuple[int, int]] = {}
    for tr in individual_for(event).schedule:
        if label in tr.seats.values():
            where.update(dict.fromkeys(tr.boards, (tr.round, tr.table)))
    results = {
        (r.board.number, r.round, r.table): r
        for r in Result.objects.filter(event=event)
        .live()
        .filter(board__number__in=list(where))
        .select_related("board")
    }
    rows = []
    for card in player_boards(lines, label):
        round_no, table = where.get(card.board, (0, 0))
        rows.append(
            {
                "round": round_no,
                "table": table,
                "board": card.board,
                "seat": card.seat,
                "direction": "NS" if card.seat in "NS" else "EW",
                "line": as_board_line(his[card.board]),
                "partner": card.partner,
                "partner_name": names.get(card.partner, ""),
                "opponents": [(o, names.get(o, "")) for o in card.opponents],
                "net": card.net,
                "score": score_text(card.score, card.top),
                "result": results.get((card.board, round_no, table)),
            }
        )
    rows.sort(key=lambda r: (r["round"], r["board"]))
    return rows
