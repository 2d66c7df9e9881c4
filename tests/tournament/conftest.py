import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournament import services
from tournament.models import Event


@pytest.fixture
def director(db):
    return get_user_model().objects.create_user("alice", password="pw-alice-1915")


@pytest.fixture
def other_director(db):
    return get_user_model().objects.create_user("bob", password="pw-bob-1915")


def make_event(owner, **kw):
    # Everything else is the Event model's default: 1915 laws, premium, a Mitchell, Law H.
    fields = dict(name="Club night", date=datetime.date(1915, 3, 1), tables=3, boards_per_round=2)
    fields.update(kw)
    return services.create_event(owner, **fields)


@pytest.fixture
def event(director):
    return make_event(director)


@pytest.fixture
def demo(db):
    """The demo's two finished events: (the 5-table pair contest, the team match)."""
    call_command("demo", verbosity=0)
    return Event.objects.get(name__startswith="Demo: Whist"), Event.objects.get(
        name__startswith="Demo: team"
    )
