"""Re-seeding a session while a tablet saves its first result, run for real on
PostgreSQL (see test_races): either the result lands first and the re-seeding is
refused, naming it, or the seats change first and the result lands after, at a
table whose players are the new ones; never a session re-seated under a result."""

from __future__ import annotations

import pytest

from tests.factories import make_contest
from tournament import services
from tournament.models import Result
from tournament.queries import contests
from tournament.services import Actor, ServiceError
from tournament.services import contests as contests_module
from tournament.services import locks as locks_module

from .test_races import ROUNDS, UNTIMED, Device, enter, gated_race, needs_postgresql, untimed_race


def _contest(director, i):
    contest = make_contest(director, name=f"Championship {i}", sessions=2)
    for e in contests.parts(contest, 1):
        services.set_player_names(
            e,
            {str(n): [f"N {e.section}{n}", f"S {e.section}{n}"] for n in range(1, 7)},
            by=Actor.director(director),
        )
    return contest


def _reseeding(contest, director):
    # Section A's pair 1 and section B's pair 1 change places.
    return lambda: services.reseed(
        contest, 2, {"A1": "B1", "B1": "A1"}, by=Actor.director(director)
    )


def _consistent(contest, reseed: Device, save: Device) -> None:
    """Exactly one order happened: the re-seeding refused under a result, or both done."""
    landed = Result.objects.filter(event__contest=contest, event__session=2).exists()
    assert landed, save.outcome
    if isinstance(reseed.outcome, ServiceError):
        assert "session 2 has results already" in str(reseed.outcome)
        assert contests.seated(contest, 2)["A1"][1] == ["", ""]
    else:
        assert reseed.outcome == 2, reseed.outcome
        assert contests.seated(contest, 2)["A1"][1] == ["N B1", "S B1"]


@pytest.mark.django_db(transaction=True)
@needs_postgresql
@pytest.mark.parametrize("first", ["save", "reseed"])
def test_a_save_and_a_re_seeding_of_its_session(director, monkeypatch, first):
    for i in range(ROUNDS):
        contest = _contest(director, f"{first}-{i}")
        a2 = contests.parts(contest, 2)[0]
        save = Device("save", enter(a2, key=f"k-{first}-{i}"))
        reseed = Device("reseed", _reseeding(contest, director))
        if first == "save":
            gated_race(monkeypatch, (locks_module, "seating"), save, reseed)
            assert isinstance(save.outcome, Result), save.outcome
            assert isinstance(reseed.outcome, ServiceError), reseed.outcome
        else:
            gated_race(monkeypatch, (contests_module, "seated"), reseed, save)
            assert reseed.outcome == 2, reseed.outcome
            assert isinstance(save.outcome, Result), save.outcome
        _consistent(contest, reseed, save)


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_save_and_a_re_seeding_untimed(director):
    for i in range(UNTIMED):
        contest = _contest(director, f"u-{i}")
        a2 = contests.parts(contest, 2)[0]
        save = Device("save", enter(a2, key=f"u-{i}"))
        reseed = Device("reseed", _reseeding(contest, director))
        untimed_race(save, reseed)
        _consistent(contest, reseed, save)
