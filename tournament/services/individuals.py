"""An individual event's field: its players, and each round's partnerships.

Each player is an :class:`~tournament.models.Individual`; each table-round's two
partnerships are ordinary :class:`~tournament.models.Pair` rows ("3&7", North or
East first) whose two :class:`~tournament.models.Player` rows point at their
players, so seating, results, locks, the tablet, corrections and rulings read an
individual as a pair contest (scoring.movements.partnerships,
docs/laws/duplicate.md, "Individuals").  A player's name and member live on his
Individual row and are copied onto every seat of his partnerships here, and only
here, so every page that names a pair's players names the individual's.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from scoring import pair_label_key
from scoring.movements import Movement
from scoring.wording import count

from ..errors import ServiceError
from ..models import Event, Individual, Pair, Player
from ..queries.movements import individual_for
from . import locks
from .audit import Actor, audit
from .members import lock_club, players_for

__all__ = ["build_field", "individuals_of", "name_everywhere", "set_individual_names"]


def individuals_of(event: Event) -> dict[str, Individual]:
    """The event's players by label, in label order."""
    found = {i.label: i for i in Individual.objects.filter(event=event)}
    return {label: found[label] for label in sorted(found, key=pair_label_key)}


def build_field(
    event: Event, movement: Movement, names: Mapping[str, str] | None = None
) -> dict[str, Pair]:
    """Write a new individual event's players and every round's partnerships from its
    individual movement, inside the event's creating transaction (nothing else can see
    the event yet, so nothing to lock but the club's register when names are looked up).

    ``movement``: the event's partnership schedule (:func:`planned_for`); ``names``:
    a player's label -> the name typed for him (found on the register, else a guest).
    Returns the partnerships by label, for the table-rounds."""
    players = individual_for(event).players
    typed = dict(names or {})
    unknown = sorted(set(typed) - set(players), key=pair_label_key)
    if unknown:
        raise ServiceError(
            f"this movement seats {count(len(players), 'player')}, numbered 1 to "
            f"{len(players)}: there is no player {unknown[0]}"
        )
    if any(v.strip() for v in typed.values()):
        lock_club(event.club)
    found = players_for(event.club, [typed.get(label, "") for label in players])
    Individual.objects.bulk_create(
        [
            Individual(event=event, label=label, name=name, member=member)
            for label, (name, member) in zip(players, found, strict=True)
        ]
    )
    by_label = {i.label: i for i in Individual.objects.filter(event=event)}
    Pair.objects.bulk_create([Pair(event=event, label=label) for label in movement.pairs])
    pairs = {p.label: p for p in Pair.objects.filter(event=event)}
    seats: list[Player] = []
    for label in movement.pairs:
        for position, who in enumerate(label.split("&"), 1):
            one = by_label[who]
            seats.append(
                Player(
                    pair=pairs[label],
                    position=position,
                    name=one.name,
                    member=one.member,
                    individual=one,
                )
            )
    Player.objects.bulk_create(seats)
    return pairs


@transaction.atomic
def set_individual_names(event: Event, names: Mapping[str, str], *, by: Actor) -> None:
    """Record who each player is (label -> the name as typed): found on the club's
    register (:func:`tournament.services.members.find_member`), a visitor becoming a
    guest, and copied onto his every partnership's seat.  Under the event's lock, then
    the club's (docs/decisions/lock-order.md); refuses a name two members share, with
    nothing saved."""
    locked = locks.event(event)
    if not locked.is_individual:
        raise ServiceError("this event is not an individual: name its pairs' players instead")
    lock_club(locked.club)
    players = individuals_of(locked)
    unknown = sorted(set(names) - set(players), key=pair_label_key)
    if unknown:
        raise ServiceError(f"this event has no player {unknown[0]}")
    labels = sorted(names, key=pair_label_key)
    found = players_for(locked.club, [names[label] for label in labels])
    for label, (name, member) in zip(labels, found, strict=True):
        one = players[label]
        if one.name == name and one.member_id == (member.pk if member else None):
            continue
        Individual.objects.filter(pk=one.pk).update(name=name, member=member)
        Player.objects.filter(individual=one).update(name=name, member=member)
    named = sum(1 for i in Individual.objects.filter(event=locked) if i.name)
    audit(locked, "players", f"{named} of {count(len(players), 'player')} named", by=by)


def name_everywhere(seat: Player) -> None:
    """An individual's seat named at the table (its players keying their numbers,
    :mod:`tournament.services.seats`): the name and member become its player's, and
    every other seat of his partnerships'.  Nothing for a pair contest's player.  Called
    inside the naming verb's transaction, under its locks."""
    if seat.individual_id is None:
        return
    Individual.objects.filter(pk=seat.individual_id).update(name=seat.name, member=seat.member)
    Player.objects.filter(individual_id=seat.individual_id).exclude(pk=seat.pk).update(
        name=seat.name, member=seat.member
    )
