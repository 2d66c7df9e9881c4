"""Two phones of one table naming its seats at once (services/seats.py), run for real on
PostgreSQL as the room's other races are (tests/tournament/test_races.py): each verb
locks the event, the club's register and the table's first table-round, and re-checks
the seats under the lock, so the second waits and then sees the first's names."""

import threading

import pytest

from tournament.models import AuditEntry, Individual, Member, Player, Seating, SeatName
from tournament.services import Actor, ServiceError, seats
from tournament.services import locks as locks_module
from tournament.services.individuals import set_individual_names
from tournament.services.seats import Keyed

from .conftest import make_event
from .test_races import ROUNDS, UNTIMED, Device, gated_race, needs_postgresql, untimed_race

FOUR = [("101", "Jane Alden"), ("102", "Tom Baker"), ("103", "Ann Cole"), ("104", "Ruth Dane")]


def evening(director):
    event = make_event(director, seats_at_table=True)
    for number, name in [*FOUR, ("105", "Hal Eyre")]:
        Member.objects.get_or_create(club=event.club, number=number, defaults={"name": name})
    return event


def key(event, number, seat="N"):
    return lambda: seats.key_seats(event, 1, [Keyed(seat, number)], by=Actor.tablet(1))


def confirm(event, k):
    return lambda: seats.confirm_seats(event, 1, by=Actor.tablet(1, k))


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_two_phones_keying_the_same_seat_take_turns(director, monkeypatch):
    for i in range(ROUNDS):
        event = evening(director)
        first, second = (("101", "105"), ("105", "101"))[i % 2]
        a, b = Device("a", key(event, first)), Device("b", key(event, second))
        assert gated_race(monkeypatch, (locks_module, "seating"), a, b)
        assert a.outcome == {} and b.outcome == {}, (a.outcome, b.outcome)
        north = SeatName.objects.get(event=event, table=1, seat="N")
        assert north.member.number == second  # the later, which waited, is what stands


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_seat_keyed_while_the_other_phone_confirms(director, monkeypatch):
    for i in range(ROUNDS):
        event = evening(director)
        for seat, (number, _) in zip("NESW", FOUR, strict=True):
            key(event, number, seat)()
        confirming, keying = (
            Device("confirm", confirm(event, f"t1-c{i}")),
            Device("key", key(event, "105")),
        )
        order = (confirming, keying) if i % 2 == 0 else (keying, confirming)
        assert gated_race(monkeypatch, (locks_module, "seating"), *order)
        assert isinstance(confirming.outcome, list), confirming.outcome
        north = SeatName.objects.get(event=event, table=1, seat="N")
        player = Player.objects.get(pair__event=event, pair__label="1", position=1)
        # Whichever went first, the name confirmed is the one the players page now has.
        assert north.state == "named" and player.member_id == north.member_id
        if order[0] is confirming:
            assert isinstance(keying.outcome, ServiceError)
            assert "already confirmed" in str(keying.outcome)
            assert north.member.number == "101"
        else:
            assert keying.outcome == {} and north.member.number == "105"


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_two_phones_confirming_at_once_confirm_once(director):
    for i in range(UNTIMED):
        event = evening(director)
        for seat, (number, _) in zip("NESW", FOUR, strict=True):
            key(event, number, seat)()
        barrier = threading.Barrier(2)
        a = Device("a", confirm(event, f"t1-a{i}"), barrier)
        b = Device("b", confirm(event, f"t1-b{i}"), barrier)
        untimed_race(a, b)
        outcomes = [a.outcome, b.outcome]
        assert sum(isinstance(o, list) for o in outcomes) == 1, outcomes
        assert sum(isinstance(o, ServiceError) for o in outcomes) == 1, outcomes
        lines = AuditEntry.objects.filter(event=event, action="seats", detail__contains="confirm")
        assert lines.count() == 1
        assert Player.objects.filter(pair__event=event).exclude(member=None).count() == 4


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_an_individuals_player_named_by_the_director_while_his_table_confirms(
    director, monkeypatch
):
    """An individual's seat confirmed at the table names its player on every partnership
    he plays in (services.individuals.name_everywhere); the director naming the same
    player at that moment waits for the event's lock, or is waited for.  The director's
    name stands either way, on the player and on every seat of his alike: given second it
    replaces the table's; given first, the table's differs and is left for him to settle."""
    for i in range(ROUNDS):
        event = make_event(
            director,
            form="individual",
            movement_name="individual-12-r7",
            tables=0,
            seats_at_table=True,
        )
        for number, name in [*FOUR, ("105", "Hal Eyre")]:
            Member.objects.get_or_create(club=event.club, number=number, defaults={"name": name})
        for seat, (number, _) in zip("NESW", FOUR, strict=True):
            key(event, number, seat)()
        first = Seating.objects.get(event=event, round=1, table=1)
        label = Player.objects.get(pair=first.ns, position=1).individual.label  # North
        confirming = Device("confirm", confirm(event, f"t1-i{i}"))
        naming = Device(
            "director",
            lambda e=event, who=label: set_individual_names(
                e, {who: "Hal Eyre"}, by=Actor.director(director)
            ),
        )
        order = (confirming, naming) if i % 2 == 0 else (naming, confirming)
        assert gated_race(monkeypatch, (locks_module, "event"), *order)
        assert isinstance(confirming.outcome, list), confirming.outcome
        assert naming.outcome is None, naming.outcome
        player = Individual.objects.get(event=event, label=label)
        seats_of_his = set(Player.objects.filter(individual=player).values_list("name", flat=True))
        assert seats_of_his == {player.name}  # one name on the player and all his seats
        # The director's name stands either way: given after the table's, it replaces it;
        # given first, the table's differs from it and waits for him to settle.
        assert player.name == "Hal Eyre"
        seat = SeatName.objects.get(event=event, table=1, seat="N")
        assert seat.state == ("named" if order[0] is confirming else "clash")
