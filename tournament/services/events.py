"""Setting up an event: its schedule, its players, whether it is published."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db import transaction

from scoring import pair_label_key
from scoring.movements import FieldChange as FieldChangeSpec
from scoring.movements import (
    Movement,
    MovementError,
    make_movement,
    phantom_of,
    with_field_changes,
)
from scoring.wording import count

from ..choices import CodeOfLaws, Factoring, Form, Method, MovementKind
from ..errors import ServiceError
from ..models import (
    Board,
    Event,
    FieldChange,
    Pair,
    Player,
    Round,
    SeatAssignment,
    Seating,
    Team,
)
from . import directors, locks
from .audit import Actor, audit
from .members import lock_club, players_for
from .text import checked

# The longest name the database keeps for an event.  A league's matches and a
# contest's sections are named from their group's name, so a group is refused before
# anything is made when a name it would give is longer.
EVENT_NAME_MAX = Event._meta.get_field("name").max_length or 120


def check_derived_name(longest: str, how: str, shorten: str) -> None:
    """Refuse a group whose longest derived event name (``longest``) is past the limit:
    ``how`` says how a name is made, ``shorten`` which names to shorten."""
    over = len(longest) - EVENT_NAME_MAX
    if over > 0:
        raise ServiceError(
            f"{how}, and a name holds at most {EVENT_NAME_MAX} characters: with these names "
            f"the longest would have {len(longest)}. Shorten {shorten} by "
            f"{count(over, 'character')}"
        )


def movement_planned(event: Event) -> Movement:
    """The event's movement as planned, before any late pair or withdrawal: its tables,
    board sets, shares and bystand are the movement as played's too (a field change
    moves no board, docs/decisions/movement-as-played.md), so a page that needs only
    those (the tablet's round page: a set shared with another table) reads no row."""
    return make_movement(
        event.movement,
        event.tables,
        event.boards_per_round,
        even=event.even or "skip",
        pairs=event.pairs_count,
        arrow_switch=event.arrow_switch,
    )


def movement_for(event: Event) -> Movement:
    """The event's movement as played: regenerated from its settings (pure, cheap), with
    its late pairs and withdrawals applied in order (one query)."""
    changes = (
        [
            FieldChangeSpec(kind, label, from_round, place)
            for kind, label, from_round, place in FieldChange.objects.filter(
                event=event
            ).values_list("kind", "pair__label", "from_round", "place")
        ]
        if event.pk
        else []
    )
    even, arrow = event.even or "skip", event.arrow_switch
    kind, tables, bpr = event.movement, event.tables, event.boards_per_round
    if not changes:
        return movement_planned(event)
    full = make_movement(kind, tables, bpr, even=even, arrow_switch=arrow)
    return with_field_changes(full, phantom_of(event.pairs_count, event.tables), changes)


@transaction.atomic
def create_event(owner: Any, **fields: Any) -> Event:
    """Create an event with its pairs, teams, boards and the whole schedule.

    ``fields`` are the Event's fields; optional ``pair_names`` maps a pair
    label to its two players' names and ``team_names`` a team label to a name.
    """
    name = checked(str(fields.get("name", "")), what="The event's name", field="name")
    if len(name) > EVENT_NAME_MAX:
        raise ServiceError(
            f"an event's name holds at most {EVENT_NAME_MAX} characters; this one has {len(name)}"
        )
    pair_names: dict[str, Iterable[str]] = fields.pop("pair_names", None) or {}
    team_names: dict[str, str] = fields.pop("team_names", None) or {}
    for label, team_name in team_names.items():
        checked(team_name, what=f"Team {label}'s name")
    if fields.get("form") == Form.TEAMS:
        fields["movement"] = MovementKind.TEAMS
    elif fields.get("movement") == MovementKind.TEAMS:
        raise ServiceError("a pair contest is run with a Mitchell or a Howell movement")
    if fields.get("code") != CodeOfLaws.WC1913:
        fields["english_slams"] = fields["english_bidding"] = False
    group = fields.get("league") or fields.get("contest")  # a match or section: its club
    fields.setdefault("club", group.club if group is not None else directors.club_of(owner))
    event = Event(owner=owner, **fields)
    try:
        movement = movement_for(event)
    except MovementError as e:
        raise ServiceError(str(e)) from None
    event.save()
    teams: dict[str, Team] = {}
    if event.is_team_match:
        for label in ("A", "B"):
            teams[label] = Team.objects.create(
                event=event, label=label, name=team_names.get(label, "")
            )
    pairs: dict[str, Pair] = {}
    if pair_names:
        lock_club(event.club)
    for label in movement.pairs:
        pair = Pair.objects.create(event=event, label=label, team=teams.get(label[0]))
        names = list(pair_names.get(label, ()))[:2]
        names += [""] * (2 - len(names))
        Player.objects.bulk_create(
            [
                Player(pair=pair, position=i, name=name, member=member)
                for i, (name, member) in enumerate(players_for(event.club, names), 1)
            ]
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
    audit(event, "created", movement.description, by=Actor.director(owner))
    return event


@transaction.atomic
def set_player_names(event: Event, names: dict[str, list[str]], *, by: Actor) -> None:
    """Record the players of each pair (label -> [player 1, player 2]) as typed: each name is
    found on the club's register (:func:`tournament.services.members.find_member`), a
    visitor becoming a guest; the event shows the member's own name.  Refuses a name two
    members share, with nothing saved."""
    lock_club(event.club)
    for pair in Pair.objects.filter(event=event, label__in=names):
        found = players_for(event.club, names[pair.label][:2])
        for i, (name, member) in enumerate(found, 1):
            Player.objects.update_or_create(
                pair=pair, position=i, defaults={"name": name, "member": member}
            )
    # A pair is named only when both its players are: say which pairs still lack a name.
    missing = sorted(
        (label for label, pair in names.items() if sum(1 for n in pair[:2] if n.strip()) < 2),
        key=pair_label_key,
    )
    detail = f"{len(names) - len(missing)} of {count(len(names), 'pair')} named (both players)"
    if missing:
        detail += f"; still without both names: pair {', '.join(missing)}"
    audit(event, "players", detail, by=by)


@transaction.atomic
def set_group_published(
    group: Any,
    published: bool,
    members: Callable[[Any], Iterable[Event]],
    *,
    kind: str,
    by: Actor,
) -> None:
    """Publish (or hide) a league or a contest, and with it its events (an event is public
    while its group is: :attr:`Event.is_public`), under the group's row lock.  Audited as
    an event's publishing is (:func:`set_published`): a line in each event's trail, which
    also moves each event's page stamp (:mod:`tournament.queries.pagecache`).  ``members``: the
    group's events, read from the locked row; ``kind``: "league" or "contest", for the
    trail's words."""
    locked = locks.group(group)
    locked.published = published
    locked.save(update_fields=["published"])
    group.published = published
    shown = "shown to" if published else "hidden from"
    done = "published" if published else "unpublished"
    detail = f"results {shown} the public with {locked.name} (the {kind} was {done})"
    for event in members(locked):
        audit(event, done, detail, by=by)


@transaction.atomic
def set_factoring(event: Event, factoring: str, *, by: Actor) -> Event:
    """Rank a total-points event's sums as played or factored (docs/laws/duplicate.md,
    "Factoring"): locked and audited; every standing, the season's included, is worked
    out afresh from it and nothing stored changes.  A matchpoint event needs no option."""
    if factoring not in Factoring.values:
        raise ServiceError('Choose "as played" or "factored".')
    locked = locks.event(event)
    if locked.method != Method.TOTAL:
        raise ServiceError(
            "Matchpoints need no factoring: a pair is ranked on its percentage of the tops "
            "it played."
        )
    if locked.factoring == factoring:
        return locked
    locked.factoring = factoring
    locked.save(update_fields=["factoring"])
    audit(locked, "factoring", Factoring(factoring).label, by=by)
    return locked


def set_published(event: Event, published: bool, *, by: Actor) -> None:
    event.published = published
    event.save(update_fields=["published"])
    audit(
        event,
        "published" if published else "unpublished",
        "results shown to the public" if published else "results hidden from the public",
        by=by,
    )
