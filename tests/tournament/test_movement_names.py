"""Events store their movement by name: a movement chosen by name builds the event's
rounds, tables and seatings; the settings must agree with it; old events keep their
settings, and the migration names their movements."""

import datetime
import importlib

import pytest
from django.apps import apps as django_apps
from django.db.models import Q

from scoring.movements import build, make_movement
from tests.factories import make_event
from tournament import services
from tournament.models import Club, Event, Round, Seating
from tournament.queries.movements import planned_for
from tournament.services import ServiceError


def _seats(event):
    return sorted(
        (
            s.round,
            s.table,
            s.ns.label if s.ns else None,
            s.ew.label if s.ew else None,
            s.first_board,
            s.last_board,
        )
        for s in Seating.objects.filter(event=event).select_related("ns", "ew")
    )


def test_a_howell_chosen_by_name_builds_its_rounds_tables_and_seatings(director):
    event = make_event(director, movement_name="howell-6", tables=6, boards_per_round=2)
    movement = build("howell-6", 2)
    assert event.movement == "howell"  # the family follows the movement
    assert Round.objects.filter(event=event).count() == movement.rounds == 11
    assert _seats(event) == sorted(
        (tr.round, tr.table, tr.ns, tr.ew, tr.boards[0], tr.boards[-1]) for tr in movement.schedule
    )
    assert services.movement_for(event).name == "howell-6"


def test_a_named_mitchell_one_short_has_its_sit_out(director):
    event = make_event(director, movement_name="mitchell-4-relay-arrow", tables=4, pairs_count=7)
    movement = services.movement_for(event)
    assert movement.name == "mitchell-4-relay-arrow" and len(movement.pairs) == 7
    assert event.movement == "mitchell"
    # One sit-out a round; the last round's arrow switch turns the phantom North-South.
    sit_outs = Seating.objects.filter(Q(ns__isnull=True) | Q(ew__isnull=True), event=event)
    assert sorted(sit_outs.values_list("round", flat=True)) == [1, 2, 3, 4]


def test_the_tables_must_be_the_movements(director):
    with pytest.raises(
        ServiceError, match="the movement howell-6 seats 6 tables and this event is set for 5"
    ):
        make_event(director, movement_name="howell-6", tables=5)
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"movement_name": "teams-3"}, "is a team match's rotation"),
        ({"movement_name": "howell-3", "form": "teams"}, "a team match is run with"),
        ({"movement_name": "howell-99", "tables": 99}, "2 to"),
        ({"movement_name": "waltz-3"}, 'no movement called "waltz-3"'),
        ({"movement_name": "club-1"}, 'the club has no movement "club-1"'),
    ],
)
def test_a_name_that_does_not_fit_is_refused(director, fields, words):
    with pytest.raises(ServiceError, match=words):
        make_event(director, **fields)
    assert not Event.objects.exists()


def test_an_old_event_without_a_name_keeps_its_settings(director):
    event = make_event(director, tables=4, even="relay", arrow_switch=True)
    assert event.movement_name == ""
    expected = make_movement("mitchell", 4, 2, even="relay", arrow_switch=True)
    assert planned_for(event).schedule == expected.schedule


MIGRATION = importlib.import_module("tournament.migrations.0020_movement_name")


def test_the_migration_names_each_events_movement_from_its_settings(director):
    """The migration's data step (``fill_names``, the function its RunPython runs) on
    events that have only their settings: each is named as the library names them, and
    one the library cannot build keeps a blank name.  Run on today's models: the fields
    it reads and writes are the ones 0020 added and read, so migrating the database back
    and forth would hold nothing more."""
    assert any(
        getattr(op, "code", None) is MIGRATION.fill_names for op in MIGRATION.Migration.operations
    )
    club = Club.objects.create(name="Rose", short_name="Rose")
    settings = {
        "odd mitchell": ("mitchell", 5, "", False),
        "even relay arrow": ("mitchell", 8, "relay", True),
        "even skip": ("mitchell", 6, "skip", False),
        "howell": ("howell", 4, "skip", False),
        "teams": ("teams", 3, "skip", False),
        "too big a howell": ("howell", 99, "skip", False),
    }
    for name, (kind, tables, even, arrow) in settings.items():
        Event.objects.create(
            club=club,
            name=name,
            date=datetime.date(1915, 3, 1),
            owner=director,
            movement=kind,
            tables=tables,
            even=even,
            arrow_switch=arrow,
            form="pairs",
        )
    MIGRATION.fill_names(django_apps, None)
    names = dict(Event.objects.values_list("name", "movement_name"))
    assert names == {
        "odd mitchell": "mitchell-5",
        "even relay arrow": "mitchell-8-relay-arrow",
        "even skip": "mitchell-6-skip",
        "howell": "howell-4",
        "teams": "teams-3",
        "too big a howell": "",  # the library cannot build it: the settings stand
    }
