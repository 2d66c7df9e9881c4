"""A database from before the club: its events, leagues, contests and directors all go
into one club, so a one-club room sees no difference."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournament", "0013_event_timer_round")]
AFTER = [("tournament", "0016_club_required")]


@pytest.fixture
def latest_schema_after():
    """Back to the latest state afterwards, pass or fail, so the tests after this one
    (on this worker's database) find every column."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_existing_records_join_the_first_club(latest_schema_after):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user = old.get_model("auth", "User").objects.create(username="old-td", is_staff=True)
    old.get_model("auth", "User").objects.create(username="not-a-director")
    day = datetime.date(1915, 3, 1)
    old.get_model("tournament", "Event").objects.create(
        name="Old night", date=day, tables=3, owner=user
    )
    old.get_model("tournament", "League").objects.create(name="Old league", date=day, owner=user)
    old.get_model("tournament", "Contest").objects.create(name="Old contest", date=day, owner=user)

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    Club = new.get_model("tournament", "Club")
    assert Club.objects.count() == 1
    club = Club.objects.get()
    for model in ("Event", "League", "Contest"):
        assert list(new.get_model("tournament", model).objects.values_list("club", flat=True)) == [
            club.pk
        ]
    assert list(club.directors.values_list("username", flat=True)) == ["old-td"]
