import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournament.models import Club, Event

from ..factories import make_event
from .scratch import KINDS, Databases

__all__ = ["make_event"]  # the tests import it from here


@pytest.fixture
def director(db):
    return get_user_model().objects.create_user("alice", password="pw-alice-1915")


@pytest.fixture
def other_director(db):
    return get_user_model().objects.create_user("bob", password="pw-bob-1915")


@pytest.fixture
def rival_director(director):
    """A director of another club, with ``director`` kept a director of the room's club
    (a room of two clubs runs no account that directs none)."""
    Club.first().directors.add(director)
    rival = Club.objects.create(name="Rival Whist Club", short_name="Rival")
    user = get_user_model().objects.create_user("carol", password="pw-carol-1915", is_staff=True)
    rival.directors.add(user)
    return user


@pytest.fixture
def event(director):
    return make_event(director)


@pytest.fixture
def demo(db):
    """The demo's two finished events: (the 5-table pair contest, the team match), owned
    by the club's first director (the demo makes no account of its own)."""
    get_user_model().objects.create_user("demo-td", password="pw-demo-td-1915", is_staff=True)
    call_command("demo", verbosity=0)
    return Event.objects.get(name__startswith="Demo: Whist"), Event.objects.get(
        name__startswith="Demo: team"
    )


@pytest.fixture(params=KINDS)
def databases(request, tmp_path):
    """New, empty databases, SQLite files or PostgreSQL databases (these when the suite
    runs on PostgreSQL), made by ``databases.new()`` and dropped afterwards."""
    made = Databases(request.param, tmp_path)
    yield made
    made.drop()
