"""The migration that makes a club's directors its rota: the per-event list of
directors goes, a link to someone who directs no club of the event is reported (and
dropped), and the register's surnames are filled from the names."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("tournament", "0018_event_round_clock")]
AFTER = [("tournament", "0019_club_rota")]


@pytest.fixture
def latest_schema_after():
    """Back to the latest state afterwards, pass or fail."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_links_to_non_directors_are_reported_and_surnames_filled(latest_schema_after, capsys):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    User = old.get_model("auth", "User")
    alden, brewster, visitor = (
        User.objects.create(username=name, is_staff=True)
        for name in ("alden", "brewster", "visitor")
    )
    club = old.get_model("tournament", "Club").objects.create(name="Rose", short_name="Rose")
    club.directors.add(alden, brewster)
    event = old.get_model("tournament", "Event").objects.create(
        club=club, name="Old night", date=datetime.date(1915, 3, 1), tables=3, owner=alden
    )
    event.directors.add(brewster, visitor)
    Member = old.get_model("tournament", "Member")
    Member.objects.create(club=club, name="Anna van der Berg")
    Member.objects.create(club=club, name="Jane Alden")

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    said = capsys.readouterr().out
    assert "visitor on Old night (1915-03-01)" in said
    assert "brewster" not in said  # a director of the club keeps the event as its rota
    new = executor.loader.project_state(AFTER).apps
    surnames = dict(new.get_model("tournament", "Member").objects.values_list("name", "surname"))
    assert surnames == {"Anna van der Berg": "van der Berg", "Jane Alden": "Alden"}
    Event = new.get_model("tournament", "Event")
    assert Event.objects.get().owner_id == alden.pk
    assert "directors" not in {f.name for f in Event._meta.get_fields()}
