import datetime

import pytest
from django.contrib.auth import get_user_model

from tournament import services


@pytest.fixture
def director(db):
    return get_user_model().objects.create_user("alice", password="pw-alice-1915")


@pytest.fixture
def other_director(db):
    return get_user_model().objects.create_user("bob", password="pw-bob-1915")


def make_event(owner, **kw):
    fields = dict(
        name="Club night",
        date=datetime.date(1915, 3, 1),
        code="1915",
        english_slams=False,
        premium=True,
        form="pairs",
        method="total",
        movement="mitchell",
        tables=3,
        boards_per_round=2,
        even="skip",
        arrow_switch=False,
        pairs_count=None,
    )
    fields.update(kw)
    return services.create_event(owner, **fields)


@pytest.fixture
def event(director):
    return make_event(director)
