"""An individual event's field: its players, each round's partnerships as pairs, and
the per-pair paths (a table-round, a result) serving it unchanged
(docs/laws/duplicate.md, "Individuals"; scoring.movements.partnerships)."""

import pytest

from scoring.movements.individuals import from_name
from scoring.movements.partnerships import as_partnerships
from tournament import services
from tournament.models import Individual, Member, Pair, Player, Result, Seating
from tournament.services import Actor, ServiceError
from tournament.services.individuals import individuals_of, set_individual_names

from ..factories import enter, make_event

INDIVIDUAL = {"form": "individual", "movement_name": "individual-12-r7", "tables": 0}


@pytest.fixture
def twelve(director):
    return make_event(director, **INDIVIDUAL, individual_names={"1": "Ada Lovelace"})


def test_the_partnerships_schedule_is_the_individuals_own():
    individual = from_name("individual-12-r7", 2)
    pairs = as_partnerships(individual)
    assert (pairs.tables, pairs.rounds, pairs.boards) == (3, 7, 14)
    for tr, pr in zip(
        sorted(individual.schedule, key=lambda t: (t.round, t.table)), pairs.schedule, strict=True
    ):
        assert (pr.round, pr.table, pr.boards) == (tr.round, tr.table, tr.boards)
        assert (pr.ns, pr.ew) == (f"{tr.n}&{tr.s}", f"{tr.e}&{tr.w}")
    assert len(set(pairs.pairs)) == len(pairs.pairs) == 2 * 3 * 7  # each partnership once


def test_an_individual_is_made_with_its_players_and_partnerships(twelve):
    assert twelve.is_individual and twelve.movement == "individual"
    assert (twelve.tables, twelve.pairs_count) == (3, None)
    players = individuals_of(twelve)
    assert list(players) == [str(n) for n in range(1, 13)]
    assert players["1"].name == "Ada Lovelace" and players["2"].name == ""
    assert Pair.objects.filter(event=twelve).count() == 42
    assert Seating.objects.filter(event=twelve).count() == 21
    first = from_name("individual-12-r7", 2).round(1)[0]
    s = Seating.objects.get(event=twelve, round=1, table=1)
    assert (s.ns.label, s.ew.label) == (f"{first.n}&{first.s}", f"{first.e}&{first.w}")
    north, south = s.ns.player_set.all()
    assert (north.individual.label, south.individual.label) == (first.n, first.s)
    # Player 1's name is on every seat of his partnerships, and only his.
    seats = Player.objects.filter(individual=players["1"])
    assert seats.count() == 7 and {p.name for p in seats} == {"Ada Lovelace"}


def test_a_result_is_entered_at_an_individual_table_as_at_a_pairs(twelve):
    result = enter(twelve, 1, 1, 1, "4H S 10")
    s = Seating.objects.get(event=twelve, round=1, table=1)
    assert (result.ns_id, result.ew_id) == (s.ns_id, s.ew_id)
    assert Result.objects.filter(event=twelve).live().count() == 1


def test_naming_a_player_names_every_seat_of_his(twelve, director):
    Member.objects.create(club=twelve.club, name="Charles Babbage", number="17")
    set_individual_names(
        twelve, {"2": "Charles Babbage", "3": "A Visitor"}, by=Actor.director(director)
    )
    two = Individual.objects.get(event=twelve, label="2")
    assert two.member is not None and two.member.name == "Charles Babbage"
    assert {(p.name, p.member_id) for p in Player.objects.filter(individual=two)} == {
        ("Charles Babbage", two.member.pk)
    }
    three = Individual.objects.get(event=twelve, label="3")
    assert three.name == "A Visitor"
    assert set(Player.objects.filter(individual=three).values_list("name", flat=True)) == {
        "A Visitor"
    }


def test_an_unknown_player_is_refused(twelve, director):
    with pytest.raises(ServiceError, match="no player 13"):
        set_individual_names(twelve, {"13": "Nobody"}, by=Actor.director(director))


def test_an_individual_movement_belongs_to_an_individual(director):
    with pytest.raises(ServiceError, match="choose the form Individual"):
        make_event(director, movement_name="individual-12", tables=0)
    with pytest.raises(ServiceError, match="individual movement"):
        make_event(director, form="individual", movement_name="howell-6", tables=0)
    with pytest.raises(ServiceError, match="individual movement"):
        make_event(director, form="individual", tables=3)


def test_the_field_and_the_movement_stay_as_made(twelve, director):
    by = Actor.director(director)
    with pytest.raises(ServiceError, match="partnerships change every round"):
        services.withdraw_pair(twelve, "1&2", 2, by=by)
    with pytest.raises(ServiceError, match="chosen for its players"):
        services.reseat(twelve, "individual-12", 2, 12, by=by)
