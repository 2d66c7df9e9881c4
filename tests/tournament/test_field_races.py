"""Races of the field changes, run for real on PostgreSQL (see test_races).

1. A tablet saving a board for a pair while the director withdraws that pair from the
   same round: either the result lands and the withdrawal is refused naming it, or the
   pair is withdrawn and the save is refused (its table now sits out); never a result
   at a table whose pair has gone.
2. Two directors adding a late pair into the one free place at once: one pair joins.
3. A tablet's first result while the director seats the field in another movement.
"""

from __future__ import annotations

import pytest

from tournament import services
from tournament.models import FieldChange, Pair, Result, Seating
from tournament.services import Actor, ServiceError
from tournament.services import field as field_module
from tournament.services import locks as locks_module

from .conftest import make_event
from .test_races import ROUNDS, UNTIMED, Device, enter, gated_race, needs_postgresql, untimed_race


def _withdrawing(event, director):
    return lambda: services.withdraw_pair(event, "4", 1, by=Actor.director(director))


def _adding(event, director):
    return lambda: services.add_late_pair(event, 2, by=Actor.director(director))


def _consistent(event) -> None:
    """No live result at a table-round whose seats are not both taken."""
    for r in Result.objects.filter(event=event, is_live=True):
        s = Seating.objects.get(pk=r.seating_id)
        assert s.ns_id is not None and s.ew_id is not None, r.where
    withdrawn = FieldChange.objects.filter(event=event, kind="withdrawn").exists()
    landed = Result.objects.filter(event=event, is_live=True).exists()
    assert withdrawn != landed  # exactly one of the two won


def _save_for_pair_4(event, key):
    table = services.movement_for(event).where("4", 1)[0]
    board = services.movement_for(event).at(1, table).boards[0]
    return enter(event, key=key, board=board, table=table)


@pytest.mark.django_db(transaction=True)
@needs_postgresql
@pytest.mark.parametrize("first", ["save", "withdraw"])
def test_a_save_and_a_withdrawal_of_its_pair(director, monkeypatch, first):
    for i in range(ROUNDS):
        event = make_event(director, pairs_count=5)
        save = Device("save", _save_for_pair_4(event, f"k-{first}-{i}"))
        withdraw = Device("withdraw", _withdrawing(event, director))
        if first == "save":
            gated_race(monkeypatch, (locks_module, "seating"), save, withdraw)
            assert isinstance(save.outcome, Result), save.outcome
            assert isinstance(withdraw.outcome, ServiceError)
            assert "already has a result" in str(withdraw.outcome) or "has results" in str(
                withdraw.outcome
            )
        else:
            gated_race(monkeypatch, (field_module, "_resync"), withdraw, save)
            assert isinstance(withdraw.outcome, list), withdraw.outcome
            assert isinstance(save.outcome, ServiceError) and "sits out" in str(save.outcome)
        _consistent(event)


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_save_and_a_withdrawal_untimed(director):
    for i in range(UNTIMED):
        event = make_event(director, pairs_count=5)
        untimed_race(
            Device("save", _save_for_pair_4(event, f"u-{i}")),
            Device("withdraw", _withdrawing(event, director)),
        )
        _consistent(event)


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_two_late_pairs_into_one_place(director, monkeypatch):
    for _ in range(ROUNDS):
        event = make_event(director, pairs_count=5)
        a, b = (Device(name, _adding(event, director)) for name in ("a", "b"))
        gated_race(monkeypatch, (field_module, "_resync"), a, b)
        outcomes = sorted(type(d.outcome).__name__ for d in (a, b))
        assert outcomes == ["Pair", "ServiceError"], (a.outcome, b.outcome)
        assert Pair.objects.filter(event=event).count() == 6
        assert FieldChange.objects.filter(event=event).count() == 1


# 3. A tablet saving a board while the director applies Law B to it at the same table:
#    the director's verb locks the board (FOR NO KEY UPDATE), the save references it
#    (KEY SHARE); a plain FOR UPDATE deadlocked here.  Both land, Law B's score last.


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_save_and_law_b_at_the_same_table(director, monkeypatch):
    for i in range(ROUNDS):
        event = make_event(director)
        services.enter_result(  # board 1, round 1, table 1: a real score for Law B to use
            event,
            board_number=1,
            round_no=1,
            table=1,
            entry=services.Entry("4H", "S", 10),
            by=Actor.director(director),
        )
        save = Device("save", enter(event, key=f"lb-{i}", board=1, round_no=3, table=2))
        law_b = Device(
            "law_b",
            lambda e=event: services.apply_irregular(
                e,
                board_number=1,
                round_no=3,
                table=2,
                discovered="after-overplay",
                short_hand="E",
                surplus_with="opponent",
                by=Actor.director(director, reason="13 cards found short"),
            ),
        )
        gated_race(monkeypatch, (locks_module, "seating"), save, law_b)
        assert isinstance(save.outcome, Result), save.outcome
        assert not isinstance(law_b.outcome, Exception), law_b.outcome
        live = services.live_result(event, 1, 3, 2)
        assert live.adjusted == "average" and live.previous_id == save.outcome.pk


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_save_and_a_reseat_before_play_untimed(director):
    """3. A tablet's first result while the director seats the field in another movement:
    either the result lands and the reseat is refused (play has started), or the field
    is seated again and the save is refused in words; never a result lost with its
    table-round."""
    for i in range(UNTIMED):
        event = make_event(director, tables=4, boards_per_round=2)
        save = Device("save", enter(event, key=f"r-{i}"))
        reseat = Device(
            "reseat",
            lambda e=event: services.reseat(e, "howell-4", 2, 8, by=Actor.director(director)),
        )
        untimed_race(save, reseat)
        event.refresh_from_db()
        if isinstance(reseat.outcome, ServiceError):  # the result came first
            assert "play has started" in str(reseat.outcome)
            assert isinstance(save.outcome, Result), save.outcome
            assert event.movement_name == ""
        else:  # seated again first: the save is refused, or lands on the new table-round
            assert event.movement_name == "howell-4", reseat.outcome
            assert isinstance(save.outcome, (Result, ServiceError)), save.outcome
        if isinstance(save.outcome, Result):  # a result the tablet was told of is kept
            assert Result.objects.filter(pk=save.outcome.pk, is_live=True).exists()
