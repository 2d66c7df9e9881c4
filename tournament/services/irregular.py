"""Irregular hands (Duplicate Law B): the procedure the law prescribes, applied.

The procedure itself is decided by :func:`scoring.irregular_procedure`; this
module only carries it out on the event's results, with the audit trail.
"""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction

from scoring import ScoringError, irregular_procedure
from scoring.irregular import Procedure

from ..models import Board, Event, Result, Seating
from .audit import Actor, audit
from .entries import Entry
from .errors import ServiceError
from .results import correct_result, enter_result, live_result, lock_seating, void_result


@transaction.atomic
def apply_irregular(
    event: Event,
    *,
    board_number: int,
    round_no: int,
    table: int,
    discovered: str,
    short_hand: str | None,
    surplus_with: str | None,
    by: Actor,
) -> Procedure:
    """Apply Duplicate Law B to an irregular hand found at ``table`` in ``round_no``."""
    board = (
        Board.objects.select_for_update(no_key=True)
        .filter(event=event, number=board_number)
        .first()
    )  # NO KEY: a save on this board (its foreign key takes KEY SHARE) may hold its table
    if board is None:
        raise ServiceError(f"there is no board {board_number} in this event")
    playing = Seating.objects.playing(event, board_number)
    if not playing.filter(round=round_no, table=table).exists():
        raise ServiceError(f"table {table} does not play board {board_number} in round {round_no}")
    try:
        procedure = irregular_procedure(discovered, playing.count(), short_hand, surplus_with)
    except ScoringError as e:
        raise ServiceError(str(e)) from None
    note = f" ({by.reason})" if by.reason else ""
    why = replace(by, reason=f"{procedure.law}: {procedure.explanation}{note}")
    if procedure.action == "new-deal":
        for r in Result.objects.filter(board=board).live():
            void_result(r, by=why)
        board.redeals += 1
        board.deal = ""  # the new deal is made at the table; its hand record is unknown
        board.dd_tricks = None
        board.save(update_fields=["redeals", "deal", "dd_tricks"])
        audit(event, "new deal", f"board {board_number} redealt", by=why)
    elif procedure.action == "rectify-at-previous-table":
        previous = (
            Result.objects.filter(board=board, round__lt=round_no).live().order_by("-round").first()
        )
        if previous is not None:
            void_result(previous, by=why)
        audit(
            event,
            "rectify",
            f"board {board_number} back to table "
            f"{previous.table if previous else '?'} for rectification",
            by=why,
        )
    else:
        entry = Entry.artificial(procedure.adjusted or "")
        lock_seating(event, round_no, table)  # then whether a result is there holds
        current = live_result(event, board_number, round_no, table)
        if current is not None:
            correct_result(current, entry=entry, by=why, confirmed=True)
        else:
            enter_result(
                event,
                board_number=board_number,
                round_no=round_no,
                table=table,
                entry=entry,
                by=why,
                confirmed=True,
            )
    return procedure
