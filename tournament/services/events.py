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
    with_field_changes,
)
from scoring.wording import count

from ..choices import CodeOfLaws, Factoring, Form, Method, MovementKind
from ..errors import ServiceError
from ..models import (
    AuctionRecord,
    Board,
    DirectorCall,
    Event,
    FieldChange,
    Pair,
    Player,
    Result,
    Round,
    SeatAssignment,
    Seating,
    TableLink,
    Team,
)
from ..models.movements import CLUB_PREFIX
from ..queries.movements import family_of, phantom_for, planned_for
from . import directors, locks
from .audit import Actor, audit
from .individuals import build_field
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
    those (the tablet's round page: a set shared with another table) reads no row.
    Built in one place, by name or settings (:func:`tournament.queries.movements.planned_for`)."""
    return planned_for(event)


def movement_for(event: Event) -> Movement:
    """The event's movement as played: its movement as planned (:func:`planned_for`,
    pure and cheap), with its late pairs and withdrawals applied in order (one query)."""
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
    if not changes:
        return planned_for(event)
    return with_field_changes(planned_for(event, filled=True), phantom_for(event), changes)


def _named_settings(event: Event) -> Movement:
    """Build a new event's movement chosen by name, and make its settings say the same:
    the family from the movement, the tables checked against it (a clear refusal), and
    for a club's own movement its boards a round and its pairs."""
    name = event.movement_name
    movement = planned_for(event)
    if not event.tables:
        event.tables = movement.tables
    if event.tables != movement.tables:
        raise MovementError(
            f"the movement {name} seats {movement.tables} tables and this event is set for "
            f"{event.tables}: choose the movement again for the pairs present"
        )
    family = family_of(movement)
    if (family == MovementKind.INDIVIDUAL) != (event.form == Form.INDIVIDUAL):
        raise MovementError(
            f"the movement {name} is an individual's: choose the form Individual"
            if family == MovementKind.INDIVIDUAL
            else f"an individual is run with an individual movement, not {name}"
        )
    if (family == MovementKind.TEAMS) != (event.form == Form.TEAMS):
        raise MovementError(
            f"the movement {name} is a team match's rotation"
            if family == MovementKind.TEAMS
            else f"a team match is run with a team match's rotation, not {name}"
        )
    event.movement = family
    if name.startswith(CLUB_PREFIX):
        event.boards_per_round = movement.boards_per_round
        count_ = len(movement.pairs)
        if event.pairs_count not in (None, count_):
            raise MovementError(
                f"the movement {name} seats {count_} pairs, not {event.pairs_count}"
            )
        event.pairs_count = None
    return movement


@transaction.atomic
def create_event(owner: Any, **fields: Any) -> Event:
    """Create an event with its pairs, teams, boards and the whole schedule.

    ``fields`` are the Event's fields; optional ``pair_names`` maps a pair
    label to its two players' names and ``team_names`` a team label to a name.  An
    individual (``form`` individual, chosen by its movement's name) is seated by
    :func:`tournament.services.individuals.build_field`: optional
    ``individual_names`` maps a player's label to his name.
    """
    name = checked(str(fields.get("name", "")), what="The event's name", field="name")
    if len(name) > EVENT_NAME_MAX:
        raise ServiceError(
            f"an event's name holds at most {EVENT_NAME_MAX} characters; this one has {len(name)}"
        )
    pair_names: dict[str, Iterable[str]] = fields.pop("pair_names", None) or {}
    team_names: dict[str, str] = fields.pop("team_names", None) or {}
    individual_names: dict[str, str] = fields.pop("individual_names", None) or {}
    for label, team_name in team_names.items():
        checked(team_name, what=f"Team {label}'s name")
    if fields.get("form") == Form.TEAMS:
        fields["movement"] = MovementKind.TEAMS
    elif fields.get("form") == Form.INDIVIDUAL:
        if not str(fields.get("movement_name", "")).startswith("individual-"):
            raise ServiceError("an individual is run with an individual movement: choose one")
        fields["movement"] = MovementKind.INDIVIDUAL
    elif fields.get("movement") in (MovementKind.TEAMS, MovementKind.INDIVIDUAL):
        raise ServiceError("a pair contest is run with a Mitchell or a Howell movement")
    if fields.get("code") != CodeOfLaws.WC1913:
        fields["english_slams"] = fields["english_bidding"] = False
    group = fields.get("league") or fields.get("contest")  # a match or section: its club
    fields.setdefault("club", group.club if group is not None else directors.club_of(owner))
    event = Event(owner=owner, **fields)
    try:
        movement = _named_settings(event) if event.movement_name else movement_for(event)
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
    if event.is_individual:
        pairs = build_field(event, movement, individual_names)
    for label in movement.pairs if not event.is_individual else ():
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


def _seat(event: Event, movement: Movement, pairs: dict[str, Pair]) -> None:
    """Write the event's rounds, table-rounds and seat assignments from ``movement``."""
    Round.objects.bulk_create([Round(event=event, number=r) for r in range(1, movement.rounds + 1)])
    Seating.objects.bulk_create(
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
    seatings = list(Seating.objects.filter(event=event))
    SeatAssignment.objects.bulk_create(
        [
            SeatAssignment(event=event, round=s.round, pair_id=pid, seating=s, direction=direction)
            for s in seatings
            for pid, direction in ((s.ns_id, "NS"), (s.ew_id, "EW"))
            if pid is not None
        ]
    )


@transaction.atomic
def reseat(
    event: Event, movement_name: str, boards_per_round: int, pairs: int, *, by: Actor
) -> Movement:
    """Seat the event's field in another movement before play starts (the chooser's
    candidate for the pairs present, docs/director/movements.md#when-the-field-changes).

    Under the event's lock it re-checks that play has not started: no result, no
    auction under way, no closed round, no late pair or withdrawal.  The pairs keep
    their labels and players; a pair the new movement has no place for is refused
    while it has a player's name (nothing entered is lost), and a dealt board it has
    no round for likewise.  The rounds and table-rounds are written again, table
    links past the new last table go."""
    locked = locks.event(event)
    # Every table-round too, so a result on its way lands first (and is seen below) or
    # waits and finds its table-round gone.
    locks.seatings_from(locked, 1)
    if locked.is_team_match:
        raise ServiceError("a team match seats two full teams (Law G): its movement is its own")
    if locked.is_individual:
        raise ServiceError(
            "an individual's movement is chosen for its players when the event is made: "
            "make the event again for another number of players"
        )
    if (
        Result.objects.filter(event=locked).exists()
        or AuctionRecord.objects.filter(seating__event=locked).exists()
    ):
        raise ServiceError(
            "play has started (a result is in): the movement stays; a late pair or a "
            "withdrawal is made below"
        )
    if Round.objects.filter(event=locked, closed_at__isnull=False).exists():
        raise ServiceError("a round is closed: play has started, and the movement stays")
    if FieldChange.objects.filter(event=locked).exists():
        raise ServiceError("this event already has a late pair or a withdrawal: the movement stays")
    locked.movement_name = movement_name
    locked.boards_per_round = boards_per_round
    locked.tables = 0  # the movement's own
    locked.pairs_count = pairs
    try:
        movement = _named_settings(locked)
    except MovementError as e:
        raise ServiceError(str(e)) from None
    if len(movement.pairs) != pairs:
        raise ServiceError(f"the movement {movement_name} does not seat {count(pairs, 'pair')}")
    if locked.pairs_count == 2 * locked.tables:
        locked.pairs_count = None
    old = {p.label: p for p in Pair.objects.filter(event=locked)}
    gone = sorted(set(old) - set(movement.pairs), key=pair_label_key)
    named = [
        label for label in gone if Player.objects.filter(pair=old[label]).exclude(name="").exists()
    ]
    if named:
        raise ServiceError(
            f"the movement {movement_name} has no place for pair {', '.join(named)}, which "
            "has its players' names: take the names off on the players page first, or "
            "choose a movement for as many pairs"
        )
    dealt = Board.objects.filter(event=locked, number__gt=movement.boards).exclude(deal="")
    if dealt.exists():
        first = dealt.order_by("number").values_list("number", flat=True)[0]
        raise ServiceError(
            f"board {first} is dealt and the movement {movement_name} plays "
            f"{movement.boards} boards: choose one with as many boards, or deal again after"
        )
    SeatAssignment.objects.filter(event=locked).delete()
    Seating.objects.filter(event=locked).delete()
    Round.objects.filter(event=locked).delete()
    Pair.objects.filter(event=locked, label__in=gone).delete()
    Board.objects.filter(event=locked, number__gt=movement.boards).delete()
    have = set(Board.objects.filter(event=locked).values_list("number", flat=True))
    Board.objects.bulk_create(
        [Board(event=locked, number=n) for n in range(1, movement.boards + 1) if n not in have]
    )
    pairs_by_label = {label: p for label, p in old.items() if label not in gone}
    for label in movement.pairs:
        if label not in pairs_by_label:
            pair = Pair.objects.create(event=locked, label=label)
            Player.objects.bulk_create([Player(pair=pair, position=i, name="") for i in (1, 2)])
            pairs_by_label[label] = pair
    _seat(locked, movement, pairs_by_label)
    TableLink.objects.filter(event=locked, table__gt=movement.tables).delete()
    DirectorCall.objects.filter(event=locked, table__gt=movement.tables).delete()
    locked.save()
    audit(locked, "reseated", movement.description, by=by)
    return movement


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
