"""The club's member register: a member added, changed, removed; a guest made a member or
merged into one; a list imported; a name typed at an event found on the register.

Every verb locks the club's row first (one register a club: two directors importing
at once apply one list after the other, each re-checked), then the members it
changes.  A member removed from the register leaves the events played: each
:class:`~tournament.models.Player` row keeps the name it was entered under, only
its link to the register goes (``on_delete=SET_NULL``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from django.db import transaction

from .. import text
from ..errors import ServiceError
from ..models import Club, Event, Member, Player
from ..models.club import surname_of
from . import locks
from .audit import Actor, audit
from .text import checked

# "Jane Alden (#123)": how the players field offers a member (Member.choice_label).
_LABELLED = re.compile(r"^(?P<name>.*?)\s*\(#(?P<number>[^()]+)\)\s*$")
NAME_MAX = 80
NUMBER_MAX = 20


def squeeze(text: str) -> str:
    """A name as compared: spaces collapsed, case folded ("jane  ALDEN" is "Jane Alden")."""
    return " ".join(text.split()).casefold()


def lock_club(club: Club) -> Club:
    """The club's row, locked against another change to its register.  FOR NO KEY UPDATE:
    a new event references the club (a foreign key, which takes KEY SHARE), and must not
    wait for an import.  Taken after an event's own lock, never before it."""
    return locks.club(club)


@dataclass(frozen=True)
class MemberRow:
    """One member as a director typed it or a membership list gave it.  None: the list has
    no such column, so importing it leaves that field of a member as it is.  The surname
    blank ("") is the one taken from the name (:func:`surname_of`)."""

    name: str
    number: str = ""
    email: str | None = ""
    phone: str | None = ""
    active: bool | None = True
    surname: str | None = None

    def merged(self, member: Member) -> tuple[str, str, str, bool]:
        """(name, e-mail, phone, active) of ``member`` once this row is applied."""
        return (
            self.name,
            member.email if self.email is None else self.email,
            member.phone if self.phone is None else self.phone,
            member.active if self.active is None else self.active,
        )

    def surname_for(self, member: Member | None) -> str:
        """The surname the register sorts ``member`` by once this row is applied.  Without
        a surname of the row's own, a member keeps one a director or a list gave (it
        differs from his name's), and one taken from his old name follows the new."""
        if self.surname:
            return self.surname
        if self.surname is None and member is not None:
            own = member.surname
            if own and own != surname_of(member.name):
                return own
        return surname_of(self.name)


@dataclass
class ImportPlan:
    """What importing a list will do: members added, members updated (by number), rows that
    change nothing, and every refused row with its reason (by the row's line in the file)."""

    added: list[MemberRow] = field(default_factory=list)
    updated: list[tuple[Member, MemberRow]] = field(default_factory=list)
    unchanged: list[MemberRow] = field(default_factory=list)
    refused: list[tuple[int, str, str]] = field(default_factory=list)  # line, what, why

    @property
    def changes(self) -> int:
        return len(self.added) + len(self.updated)


def refusal(row: MemberRow) -> str | None:
    """Why the database cannot keep ``row`` (a control character in a field, a line
    break in a name or a number: tournament/text.py), in the words of a refused row."""
    fields = (
        ("the name", row.name),
        ("the surname", row.surname or ""),
        ("the member number", row.number),
        ("the e-mail address", row.email or ""),
        ("the phone number", row.phone or ""),
    )
    for what, value in fields:
        why = text.refusal(value, what=what)
        if why is not None:
            return why
    return None


def _differs(member: Member, row: MemberRow) -> bool:
    now = (member.name, member.email, member.phone, member.active)
    return member.guest or now != row.merged(member) or member.surname != row.surname_for(member)


def import_plan(club: Club, rows: Iterable[tuple[int, MemberRow]]) -> ImportPlan:
    """Sort a list's good rows (already checked field by field) against the register:
    a row whose number is a member's updates that member; a row without a number is
    added unless a member of that name already is (then it changes nothing); a number
    twice in the list refuses the later row."""
    plan = ImportPlan()
    by_number = {m.number: m for m in Member.objects.filter(club=club).exclude(number="")}
    names = {squeeze(m.name) for m in Member.objects.filter(club=club, guest=False)}
    seen: dict[str, int] = {}
    for line, row in rows:
        why = refusal(row)
        if why is not None:
            plan.refused.append((line, text.NEVER.sub("?", row.name), why))
            continue
        if row.number:
            if row.number in seen:
                plan.refused.append(
                    (
                        line,
                        row.name,
                        f"member number {row.number} is also on line {seen[row.number]}",
                    )
                )
                continue
            seen[row.number] = line
            member = by_number.get(row.number)
            if member is None:
                plan.added.append(row)
            elif _differs(member, row):
                plan.updated.append((member, row))
            else:
                plan.unchanged.append(row)
        elif squeeze(row.name) in names:
            plan.unchanged.append(row)
        else:
            names.add(squeeze(row.name))
            plan.added.append(row)
    return plan


@transaction.atomic
def import_members(club: Club, rows: Iterable[tuple[int, MemberRow]]) -> ImportPlan:
    """Apply a list the director confirmed: the plan made again under the club's lock
    (the register may have changed since the preview), then written."""
    lock_club(club)
    plan = import_plan(club, list(rows))
    Member.objects.bulk_create(
        [
            Member(
                club=club,
                name=r.name,
                surname=r.surname_for(None),
                number=r.number,
                email=r.email or "",
                phone=r.phone or "",
                active=r.active is not False,
            )
            for r in plan.added
        ]
    )
    for member, row in plan.updated:
        member.surname = row.surname_for(member)
        member.name, member.email, member.phone, member.active = row.merged(member)
        member.guest = False
        member.save(update_fields=["name", "surname", "email", "phone", "active", "guest"])
    return plan


def _check_number(club: Club, number: str, member: Member | None) -> None:
    if not number:
        return
    taken = Member.objects.filter(club=club, number=number)
    if member is not None:
        taken = taken.exclude(pk=member.pk)
    other = taken.first()
    if other is not None:
        raise ServiceError(f"Member number {number} is already {other.name}'s.")


@transaction.atomic
def save_member(club: Club, row: MemberRow, member: Member | None = None) -> Member:
    """Add a member to the register, or change one (a guest given a number stays a guest
    until the director makes it a member: :func:`make_member`)."""
    lock_club(club)
    if not row.name.strip():
        raise ServiceError("A member needs a name.")
    why = refusal(row)
    if why is not None:
        raise ServiceError(why[0].upper() + why[1:])
    _check_number(club, row.number, member)
    if member is None:
        member = Member(club=club)
    else:
        found = locks.members(club, [member.pk])
        if member.pk not in found:
            raise ServiceError("That member is no longer on the register.")
        member = found[member.pk]
    surname = None if row.surname is None else " ".join(row.surname.split())
    row = replace(row, name=row.name.strip(), surname=surname)
    member.surname = row.surname_for(member if member.pk else None)
    member.name, member.number = row.name, row.number
    member.email, member.phone, member.active = row.merged(member)[1:]
    member.save()
    return member


@transaction.atomic
def make_member(guest: Member, number: str = "") -> Member:
    """A guest joins the register (with a member number, if given)."""
    club = lock_club(guest.club)
    found = locks.members(club, [guest.pk])
    if guest.pk not in found:
        raise ServiceError("That member is no longer on the register.")
    guest = found[guest.pk]
    checked(number, what="The member number", field="number")
    _check_number(club, number, guest)
    guest.guest = False
    if number:
        guest.number = number
    guest.save(update_fields=["guest", "number"])
    return guest


@transaction.atomic
def merge_member(guest: Member, into: Member, *, by: Actor) -> int:
    """The guest was really ``into``: every event the guest played is ``into``'s, under
    ``into``'s name, and the guest leaves the register.  Returns the players moved."""
    if guest.pk == into.pk:
        raise ServiceError("Choose another member to merge into.")
    club = lock_club(guest.club)
    found = locks.members(club, [guest.pk, into.pk])
    if len(found) < 2:
        raise ServiceError("That member is no longer on the register.")
    guest, into = found[guest.pk], found[into.pk]
    if not guest.guest:
        raise ServiceError(f"{guest.name} is a member, not a guest: only a guest is merged.")
    played = Player.objects.filter(member=guest)
    events = Event.objects.filter(pk__in=played.values("pair__event")).distinct()
    for event in events:  # a line in each evening's trail, which moves its pages' stamp
        audit(event, "players", f"guest {guest.name} merged into member {into.name}", by=by)
    moved = played.update(member=into, name=into.name)
    guest.delete()
    return moved


@transaction.atomic
def remove_member(member: Member) -> None:
    """Off the register; the events played keep the name (Player.name) they were played under."""
    club = lock_club(member.club)
    Member.objects.filter(pk=member.pk, club=club).delete()


def typed_shown(typed: str) -> str:
    """A typed name quoted in a refusal, what the database cannot keep shown as "?"."""
    return repr(text.NEVER.sub("?", typed)[:NAME_MAX])


class Ambiguous(ServiceError):
    """A name typed at an event that is two members' names."""


def find_member(club: Club, typed: str, *, create_guest: bool = True) -> Member | None:
    """The member a name typed at an event means, or a new guest of that name.

    Read in this order: "Name (#number)" as the players field offers a member; a member
    number alone; a member's name (case and spacing aside; two members of one name
    need the number); anything else is a visitor, a guest the director may later make
    a member or merge into one.  Call inside a transaction holding the club's lock.
    A name the database cannot keep (tournament/text.py) is refused.
    """
    name = " ".join(checked(typed, what=f"The name {typed_shown(typed)}").split())
    if not name:
        return None
    members = Member.objects.filter(club=club)
    labelled = _LABELLED.match(name)
    if labelled:
        member = members.filter(number=labelled["number"].strip()).first()
        if member is not None:
            return member
        name = labelled["name"].strip() or name
    name = name[:NAME_MAX]
    by_number = members.filter(number=name).first()
    if by_number is not None:
        return by_number
    same = [m for m in members.filter(name__iexact=name) if squeeze(m.name) == squeeze(name)]
    registered = [m for m in same if not m.guest] or same
    if len(registered) > 1:
        numbers = ", ".join(f"#{m.number}" for m in registered if m.number)
        raise Ambiguous(
            f"{len(registered)} members are called {name}: type the member number "
            f"({numbers}) or choose from the list."
            if numbers
            else f"{len(registered)} members are called {name}: give one a member number "
            "on the Members page, then choose it."
        )
    if registered:
        return registered[0]
    if not create_guest:
        return None
    return Member.objects.create(club=club, name=name, guest=True)


def players_for(club: Club, typed: Iterable[str]) -> list[tuple[str, Member | None]]:
    """Each typed name as (the name the event shows, its member): a member's own name, or
    "" for a blank.  Refuses (:class:`Ambiguous`) a name two members share."""
    found: list[tuple[str, Member | None]] = []
    for typed_name in typed:
        member = find_member(club, typed_name)
        found.append((member.name if member is not None else "", member))
    return found
