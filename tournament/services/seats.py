"""The players key their own numbers at the table: each seat's member number (or a
guest's name) at a table's first round, the four names confirmed there, and a name
that differs from the director's players page settled by the director.

Seat by seat, not pair by pair: a :class:`~tournament.models.SeatName` row says which
player of the field a seat names (:func:`seat_players`), so an event whose entries are
single players seats them through the same verbs: an individual's seat is one of its
players, and the name confirmed there is his on every partnership he plays in
(:func:`tournament.services.individuals.name_everywhere`).  Every verb locks the event, the
club's register, then the table's first table-round (docs/decisions/lock-order.md), and
re-checks the seats under that lock: two phones of one table, or the table and the
director, take their turns.  What the table sees is names only (docs/scorers.md): a
refusal never names another member or his number.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from ..errors import ServiceError
from ..models import Event, Member, Player, Seating, SeatName
from ..queries.seats import SEAT_NAMES, SEATS, director_names, first_seating, seat_players
from . import locks
from .audit import Actor, audit
from .individuals import name_everywhere
from .members import NAME_MAX, NUMBER_MAX, squeeze

KEY_MAX = 64


@dataclass(frozen=True)
class Keyed:
    """What one seat typed: a member number, or a guest's name (``guest`` set)."""

    seat: str
    number: str = ""
    guest: str = ""


def _locked_first(event: Event, table: int) -> tuple[Event, Seating]:
    """The event, the club's register and the table's first table-round, locked in the
    documented order, with the state the asking needs re-checked under the locks."""
    e = locks.event(event)
    if not e.seats_at_table:
        raise ServiceError(
            "this event does not ask the players for their numbers: the director names "
            "them on the players page"
        )
    locks.club(e.club)
    first = first_seating(e, table)
    if first is None:
        raise ServiceError(f"there is no table {table} in this event")
    seating = locks.seating(e, first.round, table)
    return e, seating


def _check_open(e: Event, seating: Seating) -> None:
    if (
        seating.agreed_at is not None
        or e.round_set.filter(number=seating.round, closed_at__isnull=False).exists()
    ):
        raise ServiceError(
            f"round {seating.round} is over at this table: ask the director to name the "
            "players on the players page"
        )


@transaction.atomic
def key_seats(event: Event, table: int, typed: list[Keyed], *, by: Actor) -> dict[str, str]:
    """Record what the seats typed, each seat on its own: a good seat is kept (keyed, to
    confirm), a bad one gets its reason, by seat, and keeps nothing of the others from
    being kept.  A seat typed blank keeps what it had.  Returns the refusals by seat."""
    e, seating = _locked_first(event, table)
    _check_open(e, seating)
    asked = seat_players(seating)
    held = {s.seat: s for s in SeatName.objects.filter(event=e, table=table)}
    if any(s.state != SeatName.State.KEYED for s in held.values()):
        raise ServiceError(
            "this table's names are already confirmed: ask the director to change them"
        )
    members = Member.objects.filter(club=e.club)
    elsewhere = {
        s.member_id: s.table
        for s in SeatName.objects.filter(event=e, member__isnull=False).exclude(table=table)
    }
    refused: dict[str, str] = {}
    found: dict[str, tuple[str, Member | None, bool]] = {}
    for k in typed:
        if k.seat not in asked:
            continue
        number, guest = " ".join(k.number.split()), " ".join(k.guest.split())
        if number and guest:
            refused[k.seat] = "Give a member number or a guest's name, not both."
        elif number:
            member = members.filter(number=number).first() if len(number) <= NUMBER_MAX else None
            if member is None:
                refused[k.seat] = (
                    f"No member of the club has the number {number[:NUMBER_MAX]}: check "
                    "it, or give a guest's name instead."
                )
            elif member.pk in elsewhere:
                refused[k.seat] = (
                    f"Number {number} is already keyed at table {elsewhere[member.pk]}: "
                    "check it, or call the director."
                )
            else:
                found[k.seat] = (member.name, member, False)
        elif guest:
            if len(guest) > NAME_MAX:
                refused[k.seat] = f"A guest's name holds at most {NAME_MAX} characters."
            else:
                found[k.seat] = (guest, None, True)
    # One member in two seats: both seats are told, neither kept.
    now = {seat: s.member_id for seat, s in held.items()} | {
        seat: m.pk if m is not None else None for seat, (_, m, _) in found.items()
    }
    for seat, pk in now.items():
        if pk is not None and seat in found and list(now.values()).count(pk) > 1:
            refused[seat] = "That number is keyed at another seat of this table: check it."
            del found[seat]
    for seat, (name, member, is_guest) in found.items():
        SeatName.objects.update_or_create(
            event=e,
            table=table,
            seat=seat,
            defaults={"name": name, "member": member, "guest": is_guest, "key": ""},
        )
    if found:
        audit(e, "seats", f"table {table} keyed {', '.join(sorted(found, key=SEATS.index))}", by=by)
    return refused


def _guest(e: Event, name: str) -> Member:
    """A visitor named at the table: a guest of that name already on the register (the
    same visitor on another evening), or a new one."""
    for m in Member.objects.filter(club=e.club, guest=True, name__iexact=name):
        if squeeze(m.name) == squeeze(name):
            return m
    return Member.objects.create(club=e.club, name=name, guest=True)


@transaction.atomic
def confirm_seats(event: Event, table: int, *, by: Actor) -> list[SeatName]:
    """The table confirms its four names: each seat's player is set on the event, unless
    the director had named someone else there (the seat is then shown to the director to
    settle, nothing overwritten).  Where the director named every seat beforehand, those
    are the names confirmed.  A retry of the same confirmation (its key) returns the
    seats as they stand."""
    e, seating = _locked_first(event, table)
    held = {s.seat: s for s in SeatName.objects.filter(event=e, table=table)}
    if by.key and held and all(s.key == by.key for s in held.values()):
        return [held[s] for s in SEATS if s in held]
    _check_open(e, seating)
    asked = seat_players(seating)
    if held and all(s.state != SeatName.State.KEYED for s in held.values()):
        raise ServiceError("this table's names are already confirmed")
    director = director_names(seating)
    if not held and len(director) == len(asked):
        for seat, player in director.items():
            held[seat] = SeatName.objects.create(
                event=e,
                table=table,
                seat=seat,
                name=player.name,
                member=player.member,
                guest=player.member is not None and player.member.guest,
            )
    missing = [SEAT_NAMES[s] for s in asked if s not in held]
    if missing:
        raise ServiceError(f"every seat needs a name first: {', '.join(missing)} still to key")
    clashes = []
    for seat, (pair, position) in asked.items():
        s = held[seat]
        if s.guest and s.member is None:
            s.member = _guest(e, s.name)
        given = Player.objects.filter(pair=pair, position=position).first()
        if given is not None and given.name and not _same(given, s):
            player = given
            s.state = SeatName.State.CLASH
            clashes.append(SEAT_NAMES[seat])
        else:
            player, _ = Player.objects.update_or_create(
                pair=pair, position=position, defaults={"name": s.name, "member": s.member}
            )
            name_everywhere(player)
            s.state = SeatName.State.NAMED
        s.player, s.key = player, by.key[:KEY_MAX]
        s.save()
    detail = f"table {table} confirmed its players"
    if clashes:
        detail += f"; differs from the players page at {', '.join(clashes)}: for the director"
    audit(e, "seats", detail, by=by)
    return [held[s] for s in SEATS if s in held]


def _same(player: Player, seat: SeatName) -> bool:
    """Whether the director's player is the one the seat named."""
    if player.member_id is not None and seat.member_id is not None:
        return player.member_id == seat.member_id
    return squeeze(player.name) == squeeze(seat.name)


@transaction.atomic
def settle_seat(event: Event, table: int, seat: str, *, take_table: bool, by: Actor) -> SeatName:
    """The director settles a seat whose name differs from the players page: the table's
    name replaces the director's (``take_table``), or the director's stands and the seat
    is named by it."""
    e = locks.event(event)
    locks.club(e.club)
    first = first_seating(e, table)
    if first is None:
        raise ServiceError(f"there is no table {table} in this event")
    seating = locks.seating(e, first.round, table)
    s = SeatName.objects.filter(event=e, table=table, seat=seat).first()
    if s is None or s.state != SeatName.State.CLASH:
        where = SEAT_NAMES.get(seat, seat)
        raise ServiceError(f"table {table}'s {where} seat has nothing to settle")
    pair, position = seat_players(seating)[seat]
    player, _ = Player.objects.get_or_create(pair=pair, position=position)
    kept = f"{s.name} (the table's)" if take_table else f"{player.name} (the players page's)"
    if take_table:
        player.name, player.member = s.name, s.member
        player.save(update_fields=["name", "member"])
        name_everywhere(player)
    else:
        s.name, s.member = player.name, player.member
        s.guest = player.member is not None and player.member.guest
    s.player, s.state = player, SeatName.State.NAMED
    s.save()
    audit(e, "seats", f"table {table} {SEAT_NAMES[seat]}: {kept} kept", by=by)
    return s
