"""Rounds: a table agrees its round, the director closes or reopens it, marks a pair absent.

Law E: the scores of a round may be corrected until they are agreed; after
that only the director changes them.  Closing a round locks its row and then
every table-round in it, in table order, the same lock a result's save takes
first, so a save in flight either lands before the close or is refused after.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from ..errors import ServiceError
from ..models import Event, Result, Round, Seating
from . import display, locks
from .audit import Actor, audit


@transaction.atomic
def close_round(event: Event, round_no: int, *, by: Actor) -> Round:
    """The round's scores are agreed (Law E): from now on only the director corrects them.

    The round timer moves on with it (``display.round_closed``), so the event's row is
    locked first, FOR NO KEY UPDATE, before the round and its table-rounds: the order
    of the verbs that change the field (event, then table-rounds), and no wait on a
    tablet's save, whose reference to the event takes only KEY SHARE."""
    locks.event(event)
    rnd = locks.round_and_tables(event, round_no)
    if rnd.closed_at is None:
        rnd.closed_at = timezone.now()
        rnd.closed_by = by.account
        rnd.save(update_fields=["closed_at", "closed_by"])
        audit(event, "round closed", f"round {round_no}", by=by)
        display.round_closed(event, round_no, by=by)
    return rnd


@transaction.atomic
def reopen_round(event: Event, round_no: int, *, by: Actor) -> Round:
    if not by.reason.strip():
        raise ServiceError("give a reason for reopening a closed round")
    rnd = locks.round_and_tables(event, round_no)
    if rnd.closed_at is not None:
        rnd.closed_at = None
        rnd.closed_by = None
        rnd.save(update_fields=["closed_at", "closed_by"])
        audit(event, "round reopened", f"round {round_no}", by=by)
    return rnd


@transaction.atomic
def set_absent(event: Event, round_no: int, table: int, absent: bool, *, by: Actor) -> Seating:
    """Mark a table-round as not played (an absent pair): no result, not a zero."""
    seating = locks.seating(event, round_no, table)
    if seating.sit_out:
        raise ServiceError(f"table {table} sits out in round {round_no}: nothing to mark")
    if absent and Result.objects.filter(seating=seating).live().exists():
        raise ServiceError(
            f"table {table} already has results in round {round_no}; remove them first"
        )
    if seating.absent != absent:
        seating.absent = absent
        seating.save(update_fields=["absent"])
        audit(event, "absent" if absent else "present", f"round {round_no}, table {table}", by=by)
    return seating


def board_results(seating: Seating) -> dict[int, Result]:
    """The table-round's live results by board number."""
    return {
        r.board.number: r
        for r in Result.objects.filter(seating=seating).live().select_related("board")
    }


def round_boards(seating: Seating) -> tuple[dict[int, Result], set[int]]:
    """The table-round's live results by board number, and the boards whose result here
    was taken out of play with none in its place (Law B's replay or new deal): to enter
    again.  One query for both: the tablet's round page, which a table returns to after
    every board, reads them together."""
    live: dict[int, Result] = {}
    taken: set[int] = set()
    for r in Result.objects.filter(seating=seating).select_related("board"):
        if r.is_live:
            live[r.board.number] = r
        else:
            taken.add(r.board.number)
    return live, taken - set(live)


def open_boards(seating: Seating, done: dict[int, Result] | None = None) -> list[int]:
    """The boards of the round not yet entered and confirmed (none for a sit-out or absence)."""
    if seating.sit_out or seating.absent:
        return []
    if done is None:
        done = board_results(seating)
    return [n for n in seating.board_numbers if n not in done or not done[n].confirmed]


@transaction.atomic
def agree_round(seating: Seating, *, by: Actor) -> Seating:
    """The table agrees its round's scores (Law E): from now on only the director corrects.

    Checked under the table-round's lock, which a change of one of its boards
    also takes: "agree" and "change a board" on two devices never both win.
    """
    seating = locks.seating(seating.event, seating.round, seating.table)
    if seating.agreed_at is not None:
        return seating
    missing = open_boards(seating)
    if missing:
        raise ServiceError(
            "every board must be entered and confirmed by the opponents first; still open: "
            + ", ".join(f"board {n}" for n in missing)
        )
    seating.agreed_at = timezone.now()
    seating.save(update_fields=["agreed_at"])
    audit(seating.event, "round agreed", f"round {seating.round}, table {seating.table}", by=by)
    return seating
