"""The field changes during play: a late pair, a withdrawal.

See docs/decisions/movement-as-played.md.

Real evenings do not follow the plan: a pair arrives in round two, another
leaves early.  The movement stays the movement (the same tables, boards and
moves, so every guide card already printed for the other pairs still holds):

* a **late pair** takes a free place from a round on: the phantom's place
  when the field was odd (its opponents no longer sit out), or the place of
  a pair withdrawn earlier; it follows that place's path;
* a **withdrawn pair** leaves its place empty from a round on: its opponents
  sit out where it would have sat, as with a phantom.

Each is a :class:`~tournament.models.FieldChange`, applied in order by
:func:`scoring.movements.with_field_changes`; the seating rows of the
rounds from then on are made to match under the event's lock.  Nothing
already entered is lost: a change that would move a table with a result (or
an auction under way) is refused, naming it, and closed rounds never change.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q

from scoring.movements import FieldChange as Change
from scoring.movements import Movement, MovementError, vacant_places
from scoring.movements import with_field_changes as applied
from scoring.wording import count

from ..errors import ServiceError
from ..models import (
    AuctionRecord,
    Event,
    FieldChange,
    Pair,
    Player,
    Result,
    Round,
    SeatAssignment,
    Seating,
)
from ..queries.movements import phantom_for, planned_for
from . import locks
from .audit import Actor, audit
from .members import lock_club, players_for


def _full(event: Event) -> tuple[Movement, str | None, list[Change]]:
    """The event's movement with every place filled, its phantom, and its changes so far."""
    full = planned_for(event, filled=True)
    changes = [
        Change(kind, label, from_round, place)
        for kind, label, from_round, place in FieldChange.objects.filter(event=event).values_list(
            "kind", "pair__label", "from_round", "place"
        )
    ]
    return full, phantom_for(event), changes


def _check(event: Event, from_round: int) -> None:
    """A change to the field: in a pair contest, from a round that exists and is open."""
    if event.is_team_match:
        raise ServiceError(
            "a team match seats two full teams (Law G): a pair cannot join or leave it"
        )
    if event.is_individual:
        raise ServiceError(
            "an individual's partnerships change every round, so no player is added to or "
            "taken from its movement: a table-round a late or absent player missed is "
            "marked not played, and he is ranked on the boards he played"
        )
    rounds = Round.objects.filter(event=event).count()
    if not 1 <= from_round <= rounds:
        raise ServiceError(f"there is no round {from_round}: this event has rounds 1-{rounds}")
    closed = list(
        Round.objects.filter(event=event, number__gte=from_round, closed_at__isnull=False)
        .order_by("number")
        .values_list("number", flat=True)
    )
    if closed:
        raise ServiceError(
            f"round {closed[0]} is closed: a change to the field takes effect from a round "
            "still open"
        )


def _resync(event: Event, movement: Movement, from_round: int) -> list[Seating]:
    """Make the seating rows from ``from_round`` match the movement as played; return the
    tables changed.  Refuses (naming it) to move a table that has a result or an auction."""
    pairs = {p.label: p for p in Pair.objects.filter(event=event)}
    changed = []
    for s in locks.seatings_from(event, from_round):
        tr = movement.at(s.round, s.table)
        ns = pairs[tr.ns] if tr.ns else None
        ew = pairs[tr.ew] if tr.ew else None
        if (s.ns_id, s.ew_id) == (ns.pk if ns else None, ew.pk if ew else None):
            continue
        held = Result.objects.filter(seating=s, is_live=True).select_related("board").first()
        if held is not None:
            raise ServiceError(
                f"round {s.round}, table {s.table} already has a result ({held.where}: "
                f"{held.summary}); nothing entered is moved: make the change from round "
                f"{s.round + 1}, or remove that result first"
            )
        if AuctionRecord.objects.filter(seating=s).exists():
            raise ServiceError(
                f"round {s.round}, table {s.table} has an auction under way; make the change "
                f"from round {s.round + 1}"
            )
        s.ns, s.ew = ns, ew
        # A table-round with new pairs has its round to play, even if its tablet had
        # already moved on from it (a sit-out's "on to the next round"): nothing was
        # entered there (refused above), so nothing agreed is undone.
        s.agreed_at = None
        changed.append(s)
    Seating.objects.bulk_update(changed, ["ns", "ew", "agreed_at"])
    SeatAssignment.objects.filter(seating__in=changed).delete()
    SeatAssignment.objects.bulk_create(
        [
            SeatAssignment(event=event, round=s.round, pair_id=pid, seating=s, direction=d)
            for s in changed
            for pid, d in ((s.ns_id, "NS"), (s.ew_id, "EW"))
            if pid is not None
        ]
    )
    return changed


def _apply(event: Event, change: Change, pair: Pair) -> list[Seating]:
    full, phantom, changes = _full(event)
    try:
        movement = applied(full, phantom, [*changes, change])
    except MovementError as e:
        raise ServiceError(str(e)) from None
    FieldChange.objects.create(
        event=event,
        kind=change.kind,
        pair=pair,
        from_round=change.from_round,
        place=change.place,
    )
    return _resync(event, movement, change.from_round)


@transaction.atomic
def withdraw_pair(event: Event, label: str, from_round: int, *, by: Actor) -> list[Seating]:
    """Withdraw pair ``label`` from ``from_round`` on; its opponents sit out from then.

    Its results before that round stand and are compared as usual.  Refused if it
    has a result in that round or later (say from which round instead).
    """
    e = locks.event(event)  # against another change to the field
    _check(e, from_round)
    pair = Pair.objects.filter(event=e, label=label).first()
    if pair is None:
        raise ServiceError(f"there is no pair {label} in this event")
    last = (
        Result.objects.filter(event=e, is_live=True, round__gte=from_round)
        .filter(Q(ns=pair) | Q(ew=pair))
        .order_by("-round")
        .values_list("round", flat=True)
        .first()
    )
    if last is not None:
        rounds = Round.objects.filter(event=e).count()
        if last >= rounds:
            raise ServiceError(
                f"pair {label} has results in round {last}, the last round: there is no "
                "later round to withdraw it from (remove those results first if it did not "
                "play them)"
            )
        raise ServiceError(
            f"pair {label} has results in round {last}: withdraw it from round {last + 1}, "
            "or remove those results first"
        )
    changed = _apply(e, Change("withdrawn", label, from_round), pair)
    audit(  # the director's reason is the audit line's own (Actor.reason), said once
        e,
        "withdrawn",
        f"pair {label} withdrawn from round {from_round}: its opponents sit out at "
        f"{count(len(changed), 'table-round')}",
        by=by,
    )
    return changed


def places_free(event: Event, from_round: int) -> list[str]:
    """The places a late pair may take from ``from_round`` (the phantom's, withdrawn pairs')."""
    full, phantom, changes = _full(event)
    try:
        return vacant_places(full, phantom, changes, from_round)
    except MovementError:
        return []


@transaction.atomic
def add_late_pair(
    event: Event,
    from_round: int,
    *,
    place: str = "",
    names: Iterable[str] = (),
    by: Actor,
) -> Pair:
    """A late pair joins from ``from_round`` in a free place (the one free place, or
    ``place``).  It takes the phantom's number when it fills the phantom's place, else
    the next number; it plays the boards of that place's path from then on."""
    e = locks.event(event)  # against another change to the field
    _check(e, from_round)
    free = places_free(e, from_round)
    if not free:
        raise ServiceError(
            f"no place is free from round {from_round}: a late pair takes the phantom's place "
            "(an odd field) or a withdrawn pair's"
        )
    if not place:
        if len(free) > 1:
            raise ServiceError(f"choose the place the late pair takes: {', '.join(free)}")
        place = free[0]
    if place not in free:
        raise ServiceError(
            f"place {place} is not free from round {from_round}; free: {', '.join(free)}"
        )
    labels = set(Pair.objects.filter(event=e).values_list("label", flat=True))
    if place in labels:
        numbers = [int(x) for x in labels if x.isdigit()]
        label = str(max(numbers, default=0) + 1)
    else:
        label = place  # the phantom's own number
    pair = Pair.objects.create(event=e, label=label)
    given = [n.strip() for n in names][:2]
    given += [""] * (2 - len(given))
    lock_club(e.club)  # after the event's, as every verb takes them
    found = players_for(e.club, given)
    Player.objects.bulk_create(
        [
            Player(pair=pair, position=i, name=name, member=member)
            for i, (name, member) in enumerate(found, 1)
        ]
    )
    changed = _apply(e, Change("late", label, from_round, place), pair)
    audit(
        e,
        "late pair",
        f"pair {label} joins from round {from_round} in place {place} "
        f"({count(len(changed), 'table-round')})",
        by=by,
    )
    return pair


def field_changes(event: Event) -> list[FieldChange]:
    """The event's late pairs and withdrawals, in order, for the director's pages."""
    return list(FieldChange.objects.filter(event=event).select_related("pair"))
