"""The tablet's reads (tournament/queries/tablet.py, and the locked ones in
tournament/services/locks.py): what each answers in every state the rules tell apart
(a revoked link, a table-round agreed, a round closed, a sit-out, a table that has
finished, a board entered, changed or voided, a submission's key stored), every row
equal to the queryset that says the same (each field, and its value's type), and in
how many statements; what a read adds to a row comes beside it, never set on the
instance.
"""

from __future__ import annotations

import dataclasses

import pytest
from django.db import connection, transaction
from django.db.models import Model
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tournament import services
from tournament.models import Board, Club, Event, Result, Round, Seating, TableLink
from tournament.queries import tablet
from tournament.services import Actor, locks, tablets

from ..factories import enter, entry
from .conftest import make_event


def fields(row: Model | None) -> dict | None:
    """Every stored field of a row with its value's type (None stays None), and nothing
    else set on it: a flag read as 1, or a time without its zone, is not the queryset's
    value, and an extra attribute would be a column the read attached."""
    if row is None:
        return None
    stored = {f.attname for f in row._meta.concrete_fields}
    attached = {k for k in vars(row) if not k.startswith("_") and k not in stored}
    assert not attached, f"set on the instance: {attached}"
    return {
        f.attname: (type(value), value)
        for f in row._meta.concrete_fields
        for value in [getattr(row, f.attname)]
    }


def queries(read):
    """What ``read()`` answers, and how many queries it took."""
    with CaptureQueriesContext(connection) as seen:
        answer = read()
    return answer, len(seen.captured_queries)


@pytest.mark.django_db
def test_a_link_with_its_event_and_club_is_one_query(director):
    event = make_event(director)
    Club.objects.filter(pk=event.club_id).update(time_zone="Australia/Sydney", name="Rose")
    stored = tablets.link_for(event, 1)
    link, count = queries(lambda: tablet.link(stored.token))
    assert count == 3  # the link, its event, the event's club
    assert link is not None and (link.pk, link.table, link.pin) == (stored.pk, 1, "")
    _, count = queries(lambda: (link.event.name, link.event.club.name, link.event.club.zone()))
    assert count == 0  # the event and its club came with it
    orm = TableLink.objects.select_related("event__club").get(pk=stored.pk)
    assert fields(link) == fields(orm)
    assert fields(link.event) == fields(orm.event)
    assert fields(link.event.club) == fields(orm.event.club)
    assert link.event == event and link.event.club.name == "Rose"
    assert str(link.event.club.zone()) == "Australia/Sydney"


@pytest.mark.django_db
def test_a_revoked_or_unknown_link_reads_as_none(director):
    event = make_event(director)
    link = tablets.link_for(event, 1)
    tablets.set_pin(link, "1234", by=Actor.director(director))
    assert tablet.link(link.token).pin == "1234"
    tablets.reissue(event, 1, by=Actor.director(director))  # the old link is revoked
    assert tablet.link(link.token) is None
    assert tablet.link(tablets.link_for(event, 1).token).table == 1
    assert tablet.link("no-such-token") is None


def current(event_id: int, table: int) -> Seating | None:
    """The unlocked read, which the locked one must agree with."""
    seating, count = queries(lambda: tablet.current_seating(event_id, table))
    assert count == (1 if seating is None else 2)  # the table-round, then its pairs
    closed = Round.objects.filter(event=event_id, closed_at__isnull=False).values("number")
    orm = (
        Seating.objects.filter(event=event_id, table=table, agreed_at__isnull=True)
        .exclude(round__in=closed)
        .select_related("ns", "ew")
        .order_by("round")
        .first()
    )
    assert fields(seating) == fields(orm)
    if orm is not None:
        assert fields(seating.ns) == fields(orm.ns) and fields(seating.ew) == fields(orm.ew)
    with transaction.atomic():
        locked = locks.current_seating(Event.objects.get(pk=event_id), table)
    assert fields(locked) == fields(Seating.objects.filter(pk=orm.pk).first() if orm else None)
    return seating


@pytest.mark.django_db
def test_the_current_round_in_every_state(director):
    event = make_event(director)
    by = Actor.director(director)
    first = current(event.pk, 1)
    assert first is not None and first.round == 1
    _, count = queries(lambda: (first.ns.label, first.ew.label))
    assert count == 0  # the pairs came with it
    # The table agrees round 1: its next round is current.
    Seating.objects.filter(event=event, round=1, table=1).update(agreed_at=timezone.now())
    assert current(event.pk, 1).round == 2
    assert current(event.pk, 2).round == 1  # another table's is its own
    services.close_round(event, 2, by=by)  # table 1 passes over the closed round
    assert current(event.pk, 1).round == 3
    services.close_round(event, 3, by=by)  # every round agreed or closed: finished
    assert current(event.pk, 1) is None
    services.reopen_round(event, 3, by=Actor.director(director, reason="a score to mend"))
    assert current(event.pk, 1).round == 3
    # A sit-out: a table-round with one pair only.
    Seating.objects.filter(event=event, round=1, table=2).update(ew=None)
    sitting_out = current(event.pk, 2)
    assert sitting_out.sit_out and sitting_out.ew is None and sitting_out.ns is not None
    assert current(event.pk, 99) is None


@pytest.mark.django_db
def test_a_board_with_the_tables_entry_in_every_state(director):
    event = make_event(director)
    by = Actor.director(director, reason="a new deal")

    def entered(number: int, round_no: int = 1, table: int = 1) -> int | None:
        found, count = queries(lambda: tablet.board_at_table(event.pk, number, round_no, table))
        assert count == 2 and found.board.number == number and found.board.event_id == event.pk
        assert fields(found.board) == fields(Board.objects.get(event=event, number=number))
        return found.entered_id

    assert entered(1) is None
    first = enter(event, 1, 1, 1)
    assert entered(1) == first.pk
    assert entered(1, table=2) is None  # another table's entry is not this one's
    assert entered(1, round_no=2) is None
    changed = services.correct_result(first, entry=entry("4H S 9"), by=by)
    assert entered(1) == changed.pk
    services.void_result(changed, by=by)
    assert entered(1) is None
    assert tablet.board_at_table(event.pk, 99, 1, 1) is None
    assert tablet.board(event.pk, 99) is None
    assert tablet.board(event.pk, 2).number == 2
    found = tablet.board_at_table(event.pk, 1, 1, 1)
    assert fields(found.board) is not None  # nothing set on the instance
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.entered_id = 1  # type: ignore[misc]


@pytest.mark.django_db
def test_a_board_under_the_lock_with_its_rounds_state_and_a_stored_key(director):
    event = make_event(director)
    by = Actor.director(director)

    def under_lock(number: int, round_no: int, key: str = "") -> tuple[bool, bool] | None:
        found = tablet.board_under_lock(event.pk, number, round_no, key)
        return None if found is None else (found.round_closed, found.retried)

    stored = enter(event, 3, 1, 2, by=Actor.tablet(2, "t2-key"))
    assert fields(tablet.stored(event.pk, "t2-key")) == fields(Result.objects.get(pk=stored.pk))
    assert tablet.stored(event.pk, "t2-other") is None
    other = make_event(director, name="Another night")
    assert tablet.stored(other.pk, "t2-key") is None  # keys are the event's own
    assert under_lock(1, 1, "t2-key") == (False, True)  # the key of any board: a retry
    assert under_lock(1, 1, "t2-other") == (False, False)
    with transaction.atomic():
        assert locks.seating_of(stored).pk == stored.seating_id
    # A director's entry has no key: an empty one finds none of them.
    enter(event, 1, 1, 1, by=by)
    assert Result.objects.filter(event=event, idempotency_key="").exists()
    assert under_lock(1, 1, "") == (False, False)
    services.close_round(event, 1, by=by)
    assert under_lock(1, 1) == (True, False)
    assert under_lock(1, 2) == (False, False)
    assert under_lock(99, 1) is None


@pytest.mark.django_db
def test_a_live_result_of_the_tables_round(director):
    event = make_event(director)
    by = Actor.director(director)
    table1 = tablet.current_seating(event.pk, 1)
    table2 = tablet.current_seating(event.pk, 2)
    first = enter(event, 1, 1, 1)
    found, count = queries(lambda: tablet.live_result_of(table1, first.pk))
    assert count == 2 and found == first  # the result, its board (the pairs are the round's)
    assert fields(found) == fields(Result.objects.get(pk=first.pk))
    assert fields(found.board) == fields(Board.objects.get(pk=first.board_id))
    _, count = queries(lambda: (found.board.number, found.ns.label, found.ew.label, found.seating))
    assert count == 0 and found.seating is table1
    assert tablet.live_result_of(table2, first.pk) is None  # another table's
    later = Seating.objects.get(event=event, round=2, table=1)
    assert tablet.live_result_of(later, first.pk) is None  # another round's
    changed = services.correct_result(first, entry=entry("4H S 9"), by=by)
    assert tablet.live_result_of(table1, first.pk) is None  # a version changed since
    assert tablet.live_result_of(table1, changed.pk) == changed
    # A result whose pairs are no longer the table-round's (a pair changed since).
    Result.objects.filter(pk=changed.pk).update(ew=table2.ew_id)
    assert tablet.live_result_of(table1, changed.pk).ew.pk == table2.ew_id
    assert tablet.live_result_of(table1, 10**9) is None


@pytest.mark.django_db
def test_a_locked_table_round_with_its_pairs(director):
    event = make_event(director)
    Seating.objects.filter(event=event, round=2, table=3).update(ns=None)  # a sit-out
    for round_no, table in ((1, 1), (2, 3), (3, 2)):
        expected = Seating.objects.select_related("ns", "ew").get(
            event=event, round=round_no, table=table
        )
        with transaction.atomic():
            locked = locks.seating(event, round_no, table)
            _, count = queries(lambda locked=locked: (locked.ns, locked.ew))
        assert count == 0 and fields(locked) == fields(expected)
        assert fields(locked.ns) == fields(expected.ns) and fields(locked.ew) == fields(expected.ew)
    with pytest.raises(services.ServiceError, match="no table 9 in round 1"):
        locks.seating(event, 1, 9)
