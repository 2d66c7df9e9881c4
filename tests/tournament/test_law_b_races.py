"""Law B's new deal racing a tablet's save of the same board, run for real on PostgreSQL
(see test_races).

A new deal voids every result on the board (Duplicate Law B(1)): a tablet's result of
the old deal saved while the director applies it must not stay live beside the new
deal's.  The verb reads what it voids under the locks of every table-round that plays
the board, the first lock a tablet's save takes: the save either lands first and is
voided with the rest, or waits and lands after the new deal.
"""

from __future__ import annotations

import pytest

from tournament import services
from tournament.models import AuditEntry, Result
from tournament.services import Actor
from tournament.services import irregular as irregular_module

from .conftest import make_event
from .test_races import ROUNDS, Device, enter, gated_race, needs_postgresql


def _new_deal(event, director):
    return lambda: services.apply_irregular(
        event,
        board_number=1,
        round_no=1,
        table=1,
        discovered="original-play",
        short_hand=None,
        surplus_with=None,
        by=Actor.director(director, "West held 14 cards"),
    )


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_new_deal_and_a_tablets_save_of_the_board(director, monkeypatch):
    for i in range(ROUNDS):
        # Board 1 at round 1, table 1 (entered), and at round 2, table 3, saving now.
        event = make_event(director)
        enter(event, key=f"first-{i}")()
        deal = Device("deal", _new_deal(event, director))
        save = Device("save", enter(event, key=f"late-{i}", round_no=2, table=3))
        waited = gated_race(monkeypatch, (irregular_module, "_plan"), deal, save)
        assert waited, "the save must wait for the new deal's locks"
        assert isinstance(save.outcome, Result), save.outcome
        redealt = AuditEntry.objects.get(event=event, action="new deal").at
        live = Result.objects.filter(event=event, board__number=1, is_live=True)
        assert [r.created_at > redealt for r in live] == [True], "only the new deal's"


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_law_b2_and_a_save_at_the_table_that_found_it(director, monkeypatch):
    """B(2) is refused at a table that has entered the board (it was not played there);
    the refusal reads that table's result under the same locks.  A save of it in flight
    waits: B(2) sends the board back to round 1's table 1 (voided for the replay) and
    the save lands after, as the found table's own play of the rectified board."""
    for i in range(ROUNDS):
        event = make_event(director)
        enter(event, key=f"first-{i}")()
        rectify = Device(
            "rectify",
            lambda event=event: services.apply_irregular(
                event,
                board_number=1,
                round_no=2,
                table=3,
                discovered="before-overplay",
                short_hand=None,
                surplus_with=None,
                by=Actor.director(director, "East held 14 cards"),
            ),
        )
        save = Device("save", enter(event, key=f"found-{i}", round_no=2, table=3))
        waited = gated_race(monkeypatch, (irregular_module, "_plan"), rectify, save)
        assert waited, "the save must wait for Law B's locks"
        assert rectify.outcome is not None and not isinstance(rectify.outcome, Exception)
        assert isinstance(save.outcome, Result), save.outcome
        live = Result.objects.filter(event=event, board__number=1, is_live=True)
        assert sorted(live.values_list("round", "table")) == [(2, 3)]
