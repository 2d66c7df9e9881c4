"""Races of the member register, run for real on PostgreSQL (see test_races).

1. Two directors importing the same list at once: every member once (the second import,
   re-planned under the club's lock, finds the first's members and changes nothing).
2. Two players pages naming the same visitor at once: one guest, whose two evenings
   are then one person's.
"""

from __future__ import annotations

import threading

import pytest

from tournament import services
from tournament.models import Club, Member, Player
from tournament.services import Actor
from tournament.services.members import ImportPlan, MemberRow, import_members

from .conftest import make_event
from .test_races import UNTIMED, Device, needs_postgresql, untimed_race


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_two_imports_of_one_list_at_once(director):
    club = Club.first()
    for i in range(UNTIMED):
        rows = [(n, MemberRow(f"Member {i}-{n}", f"{i}-{n}")) for n in range(2, 22)]
        start = threading.Barrier(2)
        one = Device("one", lambda r=rows: import_members(club, r), start)
        two = Device("two", lambda r=rows: import_members(club, r), start)
        untimed_race(one, two)
        assert isinstance(one.outcome, ImportPlan), one.outcome
        assert isinstance(two.outcome, ImportPlan), two.outcome
        assert sorted([len(one.outcome.added), len(two.outcome.added)]) == [0, 20]
        assert Member.objects.filter(club=club, number__startswith=f"{i}-").count() == 20


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_one_visitor_typed_on_two_pages_at_once_is_one_guest(director):
    for i in range(UNTIMED):
        first, second = make_event(director), make_event(director, name="Other room")
        name = f"Mrs. Visitor {i}"
        start = threading.Barrier(2)
        by = Actor.director(director)
        devices = [
            Device(
                e.name,
                lambda e=e, n=name, b=by: services.set_player_names(e, {"1": [n, ""]}, by=b),
                start,
            )
            for e in (first, second)
        ]
        untimed_race(*devices)
        assert [d.outcome for d in devices] == [None, None]
        assert Member.objects.filter(name=name, guest=True).count() == 1
        members = set(
            Player.objects.filter(name=name).values_list("member_id", flat=True).distinct()
        )
        assert len(members) == 1


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_two_directors_keeping_one_movement_name_at_once_keep_it_once(director):
    """3. The club's library: a name is checked under the club's row lock, so two
    directors keeping "Our Howell" at once keep it once; the other is told why."""
    from scoring.movements import build
    from scoring.movements.custom import to_csv
    from tournament.models import ClubMovement
    from tournament.services import ServiceError
    from tournament.services.movements import keep_movement

    club = Club.first()
    text = to_csv(build("howell-3", 2))
    for i in range(UNTIMED):
        name = f"Our Howell {i}"
        start = threading.Barrier(2)
        devices = [
            Device(who, lambda n=name: keep_movement(club, n, text, by=director), start)
            for who in ("one", "two")
        ]
        untimed_race(*devices)
        kept = [d.outcome for d in devices if isinstance(d.outcome, ClubMovement)]
        refused = [d.outcome for d in devices if isinstance(d.outcome, ServiceError)]
        assert len(kept) == 1 and len(refused) == 1, [d.outcome for d in devices]
        assert "already keeps a movement" in str(refused[0])
        assert ClubMovement.objects.filter(club=club, name=name).count() == 1
