"""The verbs of running an event: create it, enter and correct results, close rounds.

Every verb that changes results runs in one transaction, locks the rows it
depends on, and writes an audit entry naming who, when and why.  The laws
are applied by :mod:`scoring`; nothing here computes a point itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from scoring import (
    DealResult,
    DealScore,
    Penalty,
    ScoringError,
    get_code,
    irregular_procedure,
    parse_contract,
    parse_pbn_deal,
    score_deal,
)
from scoring.codes import Code
from scoring.irregular import Procedure

from .models import (
    AuditEntry,
    Board,
    Event,
    Pair,
    Player,
    Result,
    Round,
    SeatAssignment,
    Seating,
    Team,
)
from .movements import Movement, MovementError, make_movement


class ServiceError(Exception):
    """Something the director or scorer asked for that cannot be done, and why."""


class ResultConflict(ServiceError):
    """A live result already exists where a new one was entered."""

    def __init__(self, message: str, existing: Result):
        super().__init__(message)
        self.existing = existing


# --- access ---------------------------------------------------------------


def events_for(user) -> QuerySet[Event]:
    """The events a director may see and change: his own and those he was given."""
    if not user.is_authenticated:
        return Event.objects.none()
    return Event.objects.filter(Q(owner=user) | Q(directors=user)).distinct()


def can_direct(user, event: Event) -> bool:
    return bool(user.is_authenticated) and (
        event.owner_id == user.pk or event.directors.filter(pk=user.pk).exists()
    )


def can_view(user, event: Event) -> bool:
    """The public sees published results only; directors see their events always."""
    return event.published or can_direct(user, event)


def _actor(user, via: str) -> str:
    if via and via != "director":
        return via
    return f"director {user.get_username()}" if user is not None else "director"


def audit(
    event: Event,
    action: str,
    detail: str,
    *,
    user=None,
    via: str = "director",
    reason: str = "",
    result: Result | None = None,
) -> AuditEntry:
    return AuditEntry.objects.create(
        event=event,
        user=user if user is not None and user.is_authenticated else None,
        actor=_actor(user, via),
        action=action,
        detail=detail,
        reason=reason,
        result=result,
    )


# --- the event ----------------------------------------------------------------


def code_for(event: Event) -> Code:
    return get_code(event.code, english_slams=event.english_slams and event.code == "1913")


def movement_for(event: Event) -> Movement:
    return make_movement(
        event.movement,
        event.tables,
        event.boards_per_round,
        even=event.even or "skip",
        pairs=event.pairs_count,
        arrow_switch=event.arrow_switch,
    )


@transaction.atomic
def create_event(owner, **fields: Any) -> Event:
    """Create an event with its pairs, teams, boards and the whole schedule.

    ``fields`` are the Event's fields; optional ``pair_names`` maps a pair
    label to its two players' names and ``team_names`` a team label to a name.
    """
    pair_names: dict[str, Iterable[str]] = fields.pop("pair_names", None) or {}
    team_names: dict[str, str] = fields.pop("team_names", None) or {}
    if fields.get("form") == "teams":
        fields["movement"] = "teams"
    elif fields.get("movement") == "teams":
        raise ServiceError("a pair contest is run with a Mitchell or a Howell movement")
    if fields.get("code") != "1913":
        fields["english_slams"] = False
    event = Event(owner=owner, **fields)
    try:
        movement = movement_for(event)
    except MovementError as e:
        raise ServiceError(str(e)) from None
    event.save()
    teams: dict[str, Team] = {}
    if event.form == "teams":
        for label in ("A", "B"):
            teams[label] = Team.objects.create(
                event=event, label=label, name=team_names.get(label, "")
            )
    pairs: dict[str, Pair] = {}
    for label in movement.pairs:
        pair = Pair.objects.create(event=event, label=label, team=teams.get(label[0]))
        names = list(pair_names.get(label, ()))[:2]
        names += [""] * (2 - len(names))
        Player.objects.bulk_create(
            [Player(pair=pair, position=i, name=n) for i, n in enumerate(names, 1)]
        )
        pairs[label] = pair
    Board.objects.bulk_create([Board(event=event, number=n) for n in range(1, movement.boards + 1)])
    Round.objects.bulk_create([Round(event=event, number=r) for r in range(1, movement.rounds + 1)])
    seatings = Seating.objects.bulk_create(
        [
            Seating(
                event=event,
                round=tr.round,
                table=tr.table,
                ns=pairs.get(tr.ns) if tr.ns else None,
                ew=pairs.get(tr.ew) if tr.ew else None,
                first_board=tr.boards[0],
                last_board=tr.boards[-1],
                note=tr.note,
            )
            for tr in movement.schedule
        ]
    )
    if any(s.pk is None for s in seatings):  # backends that do not return keys
        seatings = list(Seating.objects.filter(event=event))
    SeatAssignment.objects.bulk_create(
        [
            SeatAssignment(event=event, round=s.round, pair_id=pid, seating=s, direction=direction)
            for s in seatings
            for pid, direction in ((s.ns_id, "NS"), (s.ew_id, "EW"))
            if pid is not None
        ]
    )
    audit(event, "created", movement.description, user=owner)
    return event


@transaction.atomic
def set_player_names(event: Event, names: dict[str, list[str]], user) -> None:
    for pair in Pair.objects.filter(event=event, label__in=names):
        for i, name in enumerate(names[pair.label][:2], 1):
            Player.objects.update_or_create(pair=pair, position=i, defaults={"name": name})
    audit(event, "players", f"names of {len(names)} pair(s) entered", user=user)


# --- results ----------------------------------------------------------------


@dataclass
class Entry:
    """What a scorer enters for one board, before the laws are applied."""

    contract: str
    declarer: str = ""
    tricks: int | None = None
    honours: dict[str, int] | None = None
    revokes_ns: int = 0
    revokes_ew: int = 0
    revoke_penalty: str = ""
    penalties: list[dict] | None = None

    @classmethod
    def from_form(cls, contract: str, d: dict[str, Any]) -> Entry:
        """From a form's cleaned data: honours as ``hon_n``..``hon_w`` (blank: not
        entered), one penalty as ``penalty_side/points/law``."""
        counts = [d.get(f"hon_{s}") for s in "nesw"]
        honours = None
        if any(c is not None for c in counts):
            honours = {s: c or 0 for s, c in zip("NESW", counts, strict=True)}
        penalties = []
        if d.get("penalty_side") and d.get("penalty_points"):
            penalties.append(
                {
                    "side": d["penalty_side"],
                    "points": d["penalty_points"],
                    "law": d.get("penalty_law") or "",
                }
            )
        return cls(
            contract=contract,
            declarer=d.get("declarer") or "",
            tricks=d.get("tricks"),
            honours=honours,
            revokes_ns=d.get("revokes_ns") or 0,
            revokes_ew=d.get("revokes_ew") or 0,
            revoke_penalty=d.get("revoke_penalty") or "",
            penalties=penalties,
        )

    def fields(self) -> dict[str, Any]:
        return {
            "contract": self.contract,
            "declarer": self.declarer,
            "tricks": self.tricks,
            "honours": self.honours,
            "revokes_ns": self.revokes_ns,
            "revokes_ew": self.revokes_ew,
            "revoke_penalty": self.revoke_penalty,
            "penalties": list(self.penalties or []),
        }


def deal_result(event: Event, board: Board, entry: Entry) -> DealResult:
    """Turn an entry into the scoring library's input; the hand record gives honours."""
    code = code_for(event)
    contract = parse_contract(entry.contract, code)
    if entry.tricks is None and not contract.is_pass:
        raise ScoringError("how many tricks did declarer's side win?")
    deal = parse_pbn_deal(board.deal) if board.deal else None
    return DealResult(
        contract=contract,
        declarer=entry.declarer or None,
        tricks=entry.tricks or 0,
        dealer=board.dealer,
        honours=None if deal is not None else entry.honours,
        deal=deal,
        revokes={"NS": entry.revokes_ns, "EW": entry.revokes_ew},
        revoke_penalty=entry.revoke_penalty or None,
        penalties=tuple(
            Penalty(p["side"], p["points"], p.get("law", "")) for p in entry.penalties or []
        ),
        premium=event.premium,
    )


def preview(event: Event, board: Board, entry: Entry) -> DealScore:
    """Score an entry without saving it: the itemised score shown before saving."""
    try:
        return score_deal(deal_result(event, board, entry), code_for(event))
    except ScoringError as e:
        raise ServiceError(str(e)) from None


def _score_fields(score: DealScore | None) -> dict[str, Any]:
    if score is None:
        return {
            "ns_trick": 0,
            "ns_honour": 0,
            "ew_trick": 0,
            "ew_honour": 0,
            "net_ns": None,
            "items": [],
        }
    return {
        "ns_trick": score.ns_trick,
        "ns_honour": score.ns_honour,
        "ew_trick": score.ew_trick,
        "ew_honour": score.ew_honour,
        "net_ns": score.net_ns,
        "items": score.to_json()["items"],
    }


def _describe(r: Result) -> str:
    if r.adjusted:
        return f"artificial score ({r.get_adjusted_display()})"
    if r.net_ns is None:
        return r.contract
    if r.contract.upper() in ("PASS", "P"):
        return "passed out"
    who = f" by {r.declarer}" if r.declarer else ""
    return f"{r.contract}{who}, {r.tricks} tricks, NS {r.net_ns:+d}"


def _seating_for(event: Event, round_no: int, table: int, *, lock: bool) -> Seating:
    qs = Seating.objects.filter(event=event, round=round_no, table=table).select_related("ns", "ew")
    if lock:
        qs = qs.select_for_update(of=("self",))
    seating = qs.first()
    if seating is None:
        raise ServiceError(f"there is no table {table} in round {round_no}")
    return seating


def _check_board(seating: Seating, board_number: int) -> None:
    if board_number not in seating.board_numbers:
        raise ServiceError(
            f"table {seating.table} plays boards {seating.first_board}-{seating.last_board} "
            f"in round {seating.round}, not board {board_number}"
        )
    if seating.sit_out:
        raise ServiceError(f"table {seating.table} sits out in round {seating.round}")
    if seating.absent:
        raise ServiceError(
            f"table {seating.table} is marked absent in round {seating.round}; "
            "clear that before entering a result"
        )


def live_result(event: Event, board_number: int, round_no: int, table: int) -> Result | None:
    return (
        Result.objects.filter(
            event=event, board__number=board_number, round=round_no, table=table, is_live=True
        )
        .select_related("board", "entered_by")
        .first()
    )


def enter_result(
    event: Event,
    *,
    board_number: int,
    round_no: int,
    table: int,
    entry: Entry | None = None,
    adjusted: str = "",
    user=None,
    via: str = "director",
    reason: str = "",
    idempotency_key: str = "",
    confirmed: bool = False,
    board: Board | None = None,
) -> Result:
    """Record the first result of a board at a table in a round.

    Two tablets (or a tablet and the director) entering the same board at
    once: the table row is locked, so the second waits, finds the first
    result live, and gets a :class:`ResultConflict` naming it.  A retried
    submission with the same idempotency key returns the stored result.
    ``board`` may be passed when the caller has it already.
    """
    done = _stored(event, idempotency_key)
    if done is not None:
        return done
    try:
        return _enter_result(
            event,
            board_number=board_number,
            round_no=round_no,
            table=table,
            entry=entry,
            adjusted=adjusted,
            user=user,
            via=via,
            reason=reason,
            idempotency_key=idempotency_key,
            confirmed=confirmed,
            board=board,
        )
    except IntegrityError:
        # The database refused a second live result or a repeated key that slipped
        # past the checks (a submission racing its own retry): say which one stands.
        done = _stored(event, idempotency_key)
        if done is not None:
            return done
        existing = live_result(event, board_number, round_no, table)
        if existing is None:
            raise
        raise ResultConflict(
            f"board {board_number} at table {table} in round {round_no} was entered at the "
            f"same moment by {existing.entered_via or 'the director'}: {_describe(existing)}",
            existing,
        ) from None


def _stored(event: Event | int, idempotency_key: str) -> Result | None:
    """The result a submission with this key already stored, if any (a retry)."""
    if not idempotency_key:
        return None
    return Result.objects.filter(event=event, idempotency_key=idempotency_key).first()


@transaction.atomic
def _enter_result(
    event: Event,
    *,
    board_number: int,
    round_no: int,
    table: int,
    entry: Entry | None,
    adjusted: str,
    user,
    via: str,
    reason: str,
    idempotency_key: str,
    confirmed: bool,
    board: Board | None,
) -> Result:
    seating = _seating_for(event, round_no, table, lock=True)
    _check_board(seating, board_number)
    existing = live_result(event, board_number, round_no, table)
    if existing is not None:
        raise ResultConflict(
            f"board {board_number} at table {table} in round {round_no} already has a result: "
            f"{_describe(existing)}, entered by {existing.entered_via or 'the director'} "
            f"at {timezone.localtime(existing.created_at):%H:%M:%S}. Correct that result instead.",
            existing,
        )
    if board is None or board.number != board_number or board.event_id != event.pk:
        board = Board.objects.get(event=event, number=board_number)
    result = _new_result(
        event, board, seating, entry, adjusted, user, via, reason, idempotency_key, confirmed
    )
    result.save()
    audit(
        event,
        "entered",
        f"board {board_number}, round {round_no}, table {table}: {_describe(result)}",
        user=user,
        via=via,
        reason=reason,
        result=result,
    )
    return result


def _new_result(
    event,
    board,
    seating,
    entry,
    adjusted,
    user,
    via,
    reason,
    key,
    confirmed,
    previous: Result | None = None,
) -> Result:
    if adjusted:
        score = None
        fields: dict[str, Any] = Entry("").fields()
    elif entry is None:
        raise ServiceError("nothing to record: enter the contract or an adjustment")
    else:
        score = preview(event, board, entry)
        fields = entry.fields()
        if board.deal:
            fields["honours"] = None  # derived from the hand record, never typed
    return Result(
        event=event,
        board=board,
        seating=seating,
        round=seating.round,
        table=seating.table,
        ns=seating.ns,
        ew=seating.ew,
        adjusted=adjusted,
        version=previous.version + 1 if previous else 1,
        previous=previous,
        confirmed=confirmed,
        entered_by=user if user is not None and user.is_authenticated else None,
        entered_via=_actor(user, via),
        reason=reason,
        idempotency_key=key,
        **fields,
        **_score_fields(score),
    )


def round_closed(event: Event, round_no: int) -> bool:
    return Round.objects.filter(event=event, number=round_no, closed_at__isnull=False).exists()


@transaction.atomic
def correct_result(
    result: Result,
    *,
    entry: Entry | None = None,
    adjusted: str = "",
    user=None,
    via: str = "director",
    reason: str = "",
    confirmed: bool = False,
    idempotency_key: str = "",
) -> Result:
    """Replace a live result by a new version, keeping the old one in the history.

    Law E: before the round is closed a correction is free (the table's
    scorer may make it); after, only the director, and only with a reason.
    """
    done = _stored(result.event_id, idempotency_key)
    if done is not None:
        return done
    current = Result.objects.select_for_update().get(pk=result.pk)
    if not current.is_live:
        newer = Result.objects.filter(
            board=current.board, round=current.round, table=current.table, is_live=True
        ).first()
        raise ResultConflict(
            "this result has already been corrected"
            + (f"; the live version is {_describe(newer)}" if newer else ""),
            newer or current,
        )
    closed = round_closed(current.event, current.round)
    if via != "director" and (closed or current.seating.agreed_at is not None):
        raise ServiceError(
            f"round {current.round} has been agreed: only the director can change its "
            "results now (Law E)"
        )
    if closed and not reason.strip():
        raise ServiceError(
            f"round {current.round} is closed: give a reason for the correction (Law E)"
        )
    seating = current.seating
    new = _new_result(
        current.event,
        current.board,
        seating,
        entry,
        adjusted,
        user,
        via,
        reason,
        idempotency_key,
        confirmed,
        previous=current,
    )
    current.is_live = False
    current.save(update_fields=["is_live"])
    new.save()
    audit(
        current.event,
        "corrected",
        f"board {current.board.number}, round {current.round}, table {current.table}: "
        f"{_describe(current)} -> {_describe(new)}",
        user=user,
        via=via,
        reason=reason,
        result=new,
    )
    return new


@transaction.atomic
def confirm_result(result: Result, *, user=None, via: str = "director") -> Result:
    current = (
        Result.objects.select_for_update(of=("self",))
        .select_related("event", "board")
        .get(pk=result.pk)
    )
    if not current.is_live:
        raise ServiceError("this result has been corrected since; confirm the live version")
    if not current.confirmed:
        current.confirmed = True
        current.save(update_fields=["confirmed"])
        audit(
            current.event,
            "confirmed",
            f"board {current.board.number}, round {current.round}, table {current.table}",
            user=user,
            via=via,
            result=current,
        )
    return current


@transaction.atomic
def void_result(result: Result, *, user=None, reason: str, via: str = "director") -> None:
    """Take a result out of play (Law B new deal or rectification); kept in the history."""
    if not reason.strip():
        raise ServiceError("give a reason for removing a result")
    current = Result.objects.select_for_update().get(pk=result.pk)
    if current.is_live:
        current.is_live = False
        current.save(update_fields=["is_live"])
        audit(
            current.event,
            "voided",
            f"board {current.board.number}, round {current.round}, "
            f"table {current.table}: {_describe(current)}",
            user=user,
            via=via,
            reason=reason,
            result=current,
        )


@transaction.atomic
def set_absent(
    event: Event, round_no: int, table: int, absent: bool, *, user, reason: str = ""
) -> Seating:
    """Mark a table-round as not played (an absent pair): no result, not a zero."""
    seating = _seating_for(event, round_no, table, lock=True)
    if absent and Result.objects.filter(seating=seating, is_live=True).exists():
        raise ServiceError(
            f"table {table} already has results in round {round_no}; remove them first"
        )
    seating.absent = absent
    seating.save(update_fields=["absent"])
    audit(
        event,
        "absent" if absent else "present",
        f"round {round_no}, table {table}",
        user=user,
        reason=reason,
    )
    return seating


@transaction.atomic
def close_round(event: Event, round_no: int, *, user) -> Round:
    rnd = Round.objects.select_for_update().get(event=event, number=round_no)
    if rnd.closed_at is None:
        rnd.closed_at = timezone.now()
        rnd.closed_by = user
        rnd.save(update_fields=["closed_at", "closed_by"])
        audit(event, "round closed", f"round {round_no}", user=user)
    return rnd


@transaction.atomic
def reopen_round(event: Event, round_no: int, *, user, reason: str) -> Round:
    if not reason.strip():
        raise ServiceError("give a reason for reopening a closed round")
    rnd = Round.objects.select_for_update().get(event=event, number=round_no)
    rnd.closed_at = None
    rnd.closed_by = None
    rnd.save(update_fields=["closed_at", "closed_by"])
    audit(event, "round reopened", f"round {round_no}", user=user, reason=reason)
    return rnd


@transaction.atomic
def set_published(event: Event, published: bool, *, user) -> None:
    event.published = published
    event.save(update_fields=["published"])
    audit(event, "published" if published else "unpublished", "", user=user)


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
    user,
    reason: str = "",
) -> Procedure:
    """Apply Duplicate Law B to an irregular hand found at ``table`` in ``round_no``."""
    board = Board.objects.select_for_update().get(event=event, number=board_number)
    plays = Seating.objects.filter(
        event=event, first_board__lte=board_number, last_board__gte=board_number
    ).exclude(Q(ns__isnull=True) | Q(ew__isnull=True))
    tables_playing = plays.count()
    try:
        procedure = irregular_procedure(discovered, tables_playing, short_hand, surplus_with)
    except ScoringError as e:
        raise ServiceError(str(e)) from None
    why = f"{procedure.law}: {procedure.explanation}" + (f" ({reason})" if reason else "")
    if procedure.action == "new-deal":
        for r in Result.objects.filter(board=board, is_live=True):
            void_result(r, user=user, reason=why)
        board.redeals += 1
        board.deal = ""  # the new deal is made at the table; its hand record is unknown
        board.dd_tricks = None
        board.save(update_fields=["redeals", "deal", "dd_tricks"])
        audit(event, "new deal", f"board {board_number} redealt", user=user, reason=why)
    elif procedure.action == "rectify-at-previous-table":
        previous = (
            Result.objects.filter(board=board, is_live=True, round__lt=round_no)
            .order_by("-round")
            .first()
        )
        if previous is not None:
            void_result(previous, user=user, reason=why)
        audit(
            event,
            "rectify",
            f"board {board_number} back to table "
            f"{previous.table if previous else '?'} for rectification",
            user=user,
            reason=why,
        )
    else:
        current = live_result(event, board_number, round_no, table)
        if current is not None:
            correct_result(current, adjusted=procedure.adjusted or "", user=user, reason=why)
        else:
            enter_result(
                event,
                board_number=board_number,
                round_no=round_no,
                table=table,
                adjusted=procedure.adjusted or "",
                user=user,
                reason=why,
            )
    return procedure
