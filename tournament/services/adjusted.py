"""The director's adjusted scores and fouled boards, applied (the arithmetic: scoring.adjusted).

Beside Law B (:mod:`.irregular`): a board not played at a table, average-plus /
average / average-minus to each side, a weighted score, and a fouled board whose
tables played two versions.  Each needs the director's reason, which goes on the
traveller and in the audit trail; each locks what it changes and re-checks it
under the lock (through :func:`.results.enter_result` / :func:`.results.correct_result`
for a table's line, the board row for a fouled board).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import transaction

from scoring import ScoringError
from scoring.adjusted import WEIGHTED, AdjustedValues, is_director_adjustment, parse_weights
from scoring.fractions_fmt import exact

from ..errors import ServiceError
from ..models import Board, Event, Result, Seating
from . import locks
from .audit import Actor, audit
from .entries import Entry
from .results import correct_result, enter_result, live_result

TEAM_MATCH_REFUSAL = (
    "in a team match every board counts at every table (Law G): an irregular hand is "
    "settled by Law B, anything else is replayed"
)


def _check(event: Event, by: Actor) -> None:
    if event.is_team_match:
        raise ServiceError(TEAM_MATCH_REFUSAL)
    if not by.reason.strip():
        raise ServiceError(
            "give the reason for the adjusted score: it is shown on the traveller and kept "
            "in the audit trail"
        )


def adjust_score(
    event: Event,
    *,
    board_number: int,
    round_no: int,
    table: int,
    adjusted: str,
    weights: Sequence[Sequence[object]] | None = None,
    by: Actor,
) -> Result:
    """Give the director's adjusted score to one table's line on a board.

    ``adjusted``: "not-played", an award to each side like "plus/minus", or
    "weighted" with ``weights`` [(weight, NS net), ...].  A line already there
    becomes the previous version (kept in the history); otherwise the line is made.
    """
    _check(event, by)
    if not is_director_adjustment(adjusted):
        raise ServiceError(
            "choose not played, an award to each side (average-plus, average, average-minus) "
            "or a weighted score"
        )
    stored: tuple[tuple[str, int], ...] | None = None
    if adjusted == WEIGHTED:
        try:
            parts = parse_weights(weights or ())
        except ScoringError as e:
            raise ServiceError.of(e) from None
        stored = tuple((exact(w), n) for w, n in parts)
    elif weights:
        raise ServiceError("only a weighted score has parts")
    entry = Entry.artificial(adjusted, stored)
    with transaction.atomic():
        locks.seating(event, round_no, table)  # then whether a result is there holds
        current = live_result(event, board_number, round_no, table)
        if current is not None:
            return correct_result(current, entry=entry, by=by, confirmed=True)
        return enter_result(
            event,
            board_number=board_number,
            round_no=round_no,
            table=table,
            entry=entry,
            by=by,
            confirmed=True,
        )


@transaction.atomic
def set_fouled(
    event: Event, *, board_number: int, second: Iterable[tuple[int, int]], by: Actor
) -> Board:
    """Record which tables (round, table) played a fouled board's second version.

    The versions are compared apart (scoring.adjusted); an empty ``second`` says the
    board is not fouled after all.  Every table listed must play the board, and at
    least one table must have played each version.
    """
    _check(event, by)
    board = locks.board(event, board_number)
    if board is None:
        raise ServiceError(f"there is no board {board_number} in this event")
    playing = list(Seating.objects.playing(event, board_number).values_list("round", "table"))
    chosen = sorted(set(second))
    strangers = [f"round {r}, table {t}" for r, t in chosen if (r, t) not in playing]
    if strangers:
        raise ServiceError(f"board {board_number} is not played at {', '.join(strangers)}")
    if chosen and len(chosen) == len(playing):
        raise ServiceError(
            "every table cannot have played the second version: leave at least one table "
            "on the first"
        )
    fouled = [list(t) for t in chosen] or None
    if board.fouled == fouled:
        return board
    board.fouled = fouled
    board.save(update_fields=["fouled"])
    where = "; ".join(f"round {r} table {t}" for r, t in chosen)
    detail = (
        f"board {board_number} fouled: the second version at {where}"
        if chosen
        else f"board {board_number} not fouled after all"
    )
    audit(event, "fouled board", detail, by=by)
    return board


@transaction.atomic
def set_adjusted_values(
    event: Event, *, plus_percent: int, minus_percent: int, points: int, by: Actor
) -> Event:
    """Change what average-plus and average-minus are worth in this event (locked,
    audited; every standing is recomputed from them, nothing stored changes)."""
    try:
        values = AdjustedValues(plus_percent, minus_percent, points)
    except ScoringError as err:
        raise ServiceError.of(err) from None
    locked = locks.event(event)
    if locked.adjusted_values == values:
        return locked
    locked.adjusted_plus_percent = plus_percent
    locked.adjusted_minus_percent = minus_percent
    locked.adjusted_points = points
    fields = ["adjusted_plus_percent", "adjusted_minus_percent", "adjusted_points"]
    locked.save(update_fields=fields)
    audit(locked, "adjusted values", values.describe(locked.method), by=by)
    return locked
