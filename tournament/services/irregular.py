"""Irregular hands (Duplicate Law B): the procedure the law prescribes, applied.

The procedure itself is decided by :func:`scoring.irregular_procedure`; this
module only carries it out on the event's results, with the audit trail.

Law B can take results out of play at other tables (a new deal voids the whole
board), so the director sees what it will do first (:func:`irregular_plan`) and
confirms exactly that: :func:`apply_irregular` re-reads the plan under the
board's lock and refuses if the board's results changed meanwhile.  Where and
when the hand was found must agree with the board's schedule (Law B's three
cases are the first table's play, and the two moments of an overplay), and a
result of an agreed or closed round is changed only with the director's reason
(Law E), as every other change of such a result.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db import transaction

from scoring import ScoringError, irregular_procedure
from scoring.irregular import NEW_DEAL, RECTIFY, Procedure

from ..choices import Discovered
from ..errors import ServiceError
from ..models import Board, Event, Result, Round, Seating
from . import locks
from .audit import Actor, audit
from .entries import Entry
from .results import correct_result, enter_result, live_result, void_result


@dataclass(frozen=True)
class IrregularPlan:
    """What Law B will do on a board: the procedure, and the live results it takes out of
    play (a new deal's whole board, or the previous table's for rectification) or
    replaces (the discovering table's, by its artificial score)."""

    procedure: Procedure
    voided: tuple[Result, ...]
    replaced: Result | None
    settled: frozenset[int]  # ids of those results whose round is agreed or closed

    @property
    def affected(self) -> tuple[Result, ...]:
        return self.voided + ((self.replaced,) if self.replaced is not None else ())

    @property
    def key(self) -> str:
        """The results it touches, as the confirmation carries them ("12,15", "" for none)."""
        return ",".join(str(r.pk) for r in sorted(self.affected, key=lambda r: r.pk))


def irregular_plan(
    event: Event,
    *,
    board_number: int,
    round_no: int,
    table: int,
    discovered: str,
    short_hand: str | None,
    surplus_with: str | None,
) -> IrregularPlan:
    """What :func:`apply_irregular` would do with the same answers, changing nothing.

    Raises :class:`ServiceError` for answers the law cannot apply (see the module)."""
    board = Board.objects.filter(event=event, number=board_number).first()
    if board is None:
        raise ServiceError(f"there is no board {board_number} in this event")
    return _plan(event, board, round_no, table, discovered, short_hand, surplus_with)


def _plan(
    event: Event,
    board: Board,
    round_no: int,
    table: int,
    discovered: str,
    short_hand: str | None,
    surplus_with: str | None,
) -> IrregularPlan:
    number = board.number
    playing = list(Seating.objects.playing(event, number))
    here = next((s for s in playing if (s.round, s.table) == (round_no, table)), None)
    if here is None:
        raise ServiceError(f"table {table} does not play board {number} in round {round_no}")
    _check_where(number, here, playing[0], discovered)
    try:
        procedure = irregular_procedure(discovered, len(playing), short_hand, surplus_with)
    except ScoringError as e:
        raise ServiceError.of(e) from None
    live = Result.objects.filter(board=board).live().select_related("ns", "ew")
    voided: list[Result] = []
    replaced = None
    if procedure.action == NEW_DEAL:
        voided = list(live.order_by("round", "table"))
    elif procedure.action == RECTIFY:
        _not_played_here(live, here, number)
        previous = live.filter(round__lt=round_no).order_by("-round").first()
        voided = [previous] if previous is not None else []
    else:
        replaced = live.filter(round=round_no, table=table).first()
    touched = voided + ([replaced] if replaced is not None else [])
    return IrregularPlan(procedure, tuple(voided), replaced, _settled(event, touched))


def _check_where(number: int, here: Seating, first: Seating, discovered: str) -> None:
    """Where and when the hand was found must fit the board's schedule (Law B's cases)."""
    at = f"round {here.round}, table {here.table}"
    if discovered == Discovered.ORIGINAL_PLAY and here.pk != first.pk:
        raise ServiceError(
            f"{at} is not the first table to play board {number} (round {first.round}, "
            f"table {first.table} is): a hand found there was found in the overplay; "
            "say whether it was before or after the overplay began (Duplicate Law B)"
        )
    if discovered != Discovered.ORIGINAL_PLAY and here.pk == first.pk:
        raise ServiceError(
            f"{at} is the first table to play board {number}: there is no overplay there; "
            "a hand found there was found in the original play (Duplicate Law B(1))"
        )


def _not_played_here(live, here: Seating, number: int) -> None:
    """Law B(2) is a hand found before the overplay began: the board was not played at
    the table that found it, so a result entered there contradicts it (B(2) there would
    leave that result in play beside the replayed one).  Refused, naming the two ways
    out."""
    result = live.filter(round=here.round, table=here.table).first()
    if result is not None:
        raise ServiceError(
            f"round {here.round}, table {here.table} has already entered a result for "
            f"board {number} ({result.summary}): a hand found before the overplay "
            "began was not played there. If play had begun, choose 'After the overplay "
            "began' (Duplicate Law B(3)); if that result was entered by mistake, void it "
            "on the traveller first"
        )


def _settled(event: Event, results: list[Result]) -> frozenset[int]:
    """The results among ``results`` whose round the table agreed or the director closed."""
    if not results:
        return frozenset()
    closed = set(
        Round.objects.filter(event=event, closed_at__isnull=False).values_list("number", flat=True)
    )
    agreed = set(
        Seating.objects.filter(pk__in=[r.seating_id for r in results], agreed_at__isnull=False)
        .values_list("pk", flat=True)
    )  # fmt: skip
    return frozenset(r.pk for r in results if r.round in closed or r.seating_id in agreed)


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
    expect: str | None = None,
) -> Procedure:
    """Apply Duplicate Law B to an irregular hand found at ``table`` in ``round_no``.

    ``expect``: the :attr:`IrregularPlan.key` the director confirmed; when the board's
    results no longer match it (a table entered or corrected one meanwhile), nothing is
    done and the director is asked to look again.  ``by.reason``: the director's own
    note, required when a result of an agreed or closed round is voided or replaced."""
    board = locks.board(event, board_number)
    if board is None:
        raise ServiceError(f"there is no board {board_number} in this event")
    # Every table-round that plays the board, in playing order: the first lock a save of
    # one of its results takes, so what the plan reads is what it voids (a save in flight
    # lands first, or waits and lands after the new deal; test_law_b_races).
    locks.playing(event, board_number)
    plan = _plan(event, board, round_no, table, discovered, short_hand, surplus_with)
    if expect is not None and expect != plan.key:
        raise ServiceError(
            f"board {board_number}'s results changed while you were confirming: nothing "
            "was done; check what Law B will do now and confirm again"
        )
    if plan.settled and not by.reason.strip():
        rounds = [str(n) for n in sorted({r.round for r in plan.affected if r.pk in plan.settled})]
        names = (
            f"rounds {', '.join(rounds[:-1])} and {rounds[-1]}"
            if len(rounds) > 1
            else (f"round {rounds[0]}")
        )
        raise ServiceError(
            f"this changes a result of {names}, agreed or closed: give a reason (Law E)"
        )
    procedure = plan.procedure
    note = f" ({by.reason})" if by.reason else ""
    why = replace(by, reason=f"{procedure.law}: {procedure.explanation}{note}")
    if procedure.action == NEW_DEAL:
        for r in plan.voided:
            void_result(r, by=why)
        board.redeals += 1
        board.deal = ""  # the new deal is made at the table; its hand record is unknown
        board.dd_tricks = None
        board.save(update_fields=["redeals", "deal", "dd_tricks"])
        audit(event, "new deal", f"board {board_number} redealt", by=why)
    elif procedure.action == RECTIFY:
        previous = plan.voided[0] if plan.voided else None
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
        locks.seating(event, round_no, table)  # then whether a result is there holds
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
