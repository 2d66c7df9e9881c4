"""The tablet's reads written in SQL (tournament/queries/tablet.py, and the locked ones in
tournament/services/locks.py) return what the querysets that say the same in the ORM
return: the same rows, every field equal, the related rows read with them, in every
state the rules tell apart.  docs/decisions/tablet-reads.md says why they are SQL.
"""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.models import Exists, Model, OuterRef, Subquery
from django.utils import timezone

from tournament import services, tablets
from tournament.models import Board, Event, Result, Round, Seating, TableLink
from tournament.queries import tablet
from tournament.services import Actor, locks

from ..factories import enter, entry
from .conftest import make_event


def fields(row: Model | None) -> dict | None:
    """Every stored field of a row with its value's type (None stays None): a flag read
    as 1, or a time without its zone, is not the queryset's value."""
    if row is None:
        return None
    return {
        f.attname: (type(value), value)
        for f in row._meta.concrete_fields
        for value in [getattr(row, f.attname)]
    }


# The same reads in the ORM.
def link_orm(token: str) -> TableLink | None:
    rows = TableLink.objects.filter(token=token, revoked_at__isnull=True)
    return rows.select_related("event__club").first()


def current_seating_orm(event_id: int, table: int) -> Seating | None:
    closed = Round.objects.filter(event=event_id, closed_at__isnull=False).values("number")
    return (
        Seating.objects.filter(event=event_id, table=table, agreed_at__isnull=True)
        .exclude(round__in=closed)
        .select_related("ns", "ew")
        .order_by("round")
        .first()
    )


def board_with_entry_orm(event_id: int, number: int, round_no: int, table: int):
    entered = Result.objects.filter(
        board=OuterRef("pk"), round=round_no, table=table, is_live=True
    ).values("pk")[:1]
    board = (
        Board.objects.filter(event=event_id, number=number)
        .annotate(live_id=Subquery(entered))
        .first()
    )
    return (fields(board), board.live_id) if board is not None else None


def board_and_closed_orm(event_id: int, number: int, round_no: int, key: str = ""):
    closed = Round.objects.filter(event=OuterRef("event"), number=round_no, closed_at__isnull=False)
    stored = Result.objects.filter(event=OuterRef("event"), idempotency_key=key).exclude(
        idempotency_key=""
    )
    board = (
        Board.objects.filter(event=event_id, number=number)
        .annotate(round_closed=Exists(closed), stored_id=Subquery(stored.values("pk")[:1]))
        .first()
    )
    if board is None:
        return None
    return fields(board), board.round_closed, board.stored_id


def same_link(token: str) -> None:
    sql, orm = tablet.link(token), link_orm(token)
    assert fields(sql) == fields(orm)
    if orm is not None:
        assert sql is not None
        assert fields(sql.event) == fields(orm.event)
        assert fields(sql.event.club) == fields(orm.event.club)


@pytest.mark.django_db
def test_a_links_read_is_one_statement_and_the_other_fields_load_when_asked(director):
    """The link, its event and its club's time zone, in one statement: the tablet's
    pages use the club for its clock alone and never the link's creation time; either,
    or any other field of the club, is read when first asked for, never a wrong or
    empty value."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournament.models import Club

    event = make_event(director)
    Club.objects.filter(pk=event.club_id).update(time_zone="Australia/Sydney", name="Rose")
    stored = tablets.link_for(event, 1)
    with CaptureQueriesContext(connection) as queries:
        link = tablet.link(stored.token)
        assert link is not None
        assert (link.pk, link.table, link.token, link.pin) == (
            stored.pk,
            1,
            stored.token,
            stored.pin,
        )
        assert link.event.pk == event.pk and link.event.name == event.name
        assert str(link.event.club.zone()) == "Australia/Sydney"
    assert len(queries.captured_queries) == 1
    with CaptureQueriesContext(connection) as queries:
        assert link.event.club.name == "Rose"
        assert link.created_at == TableLink.objects.get(pk=stored.pk).created_at
    assert len(queries.captured_queries) == 3  # the club's name, the link's time, the check


def same_seating(event_id: int, table: int) -> None:
    sql, orm = tablet.current_seating(event_id, table), current_seating_orm(event_id, table)
    assert fields(sql) == fields(orm)
    if orm is not None:
        assert sql is not None
        assert fields(sql.ns) == fields(orm.ns) and fields(sql.ew) == fields(orm.ew)
    with transaction.atomic():  # the locked read of a submission: the same round
        locked = locks.current_seating(Event.objects.get(pk=event_id), table)
    assert fields(locked) == fields(orm)


@pytest.mark.django_db
def test_the_link_its_event_and_club_as_the_orm_reads_them(director):
    event = make_event(director)
    link = tablets.link_for(event, 1)
    same_link(link.token)
    tablets.set_pin(link, "1234", by=Actor.director(director))
    same_link(link.token)
    tablets.reissue(event, 1, by=Actor.director(director))  # the old link is revoked
    assert tablet.link(link.token) is None
    same_link(link.token)
    same_link(tablets.link_for(event, 1).token)
    assert tablet.link("no-such-token") is None


@pytest.mark.django_db
def test_the_current_round_as_the_orm_reads_it_in_every_state(director):
    event = make_event(director)
    by = Actor.director(director)
    for table in (1, 2, 3):
        same_seating(event.pk, table)
    first = tablet.current_seating(event.pk, 1)
    assert first is not None and first.round == 1
    # The table agrees round 1 (the state the read tells apart; the verb is tested apart).
    Seating.objects.filter(event=event, round=1, table=1).update(agreed_at=timezone.now())
    same_seating(event.pk, 1)
    assert tablet.current_seating(event.pk, 1).round == 2
    services.close_round(event, 2, by=by)  # table 1 passes over the closed round
    same_seating(event.pk, 1)
    same_seating(event.pk, 2)
    assert tablet.current_seating(event.pk, 1).round == 3
    services.close_round(event, 3, by=by)  # every round agreed or closed: finished
    assert tablet.current_seating(event.pk, 1) is None
    same_seating(event.pk, 1)
    services.reopen_round(event, 3, by=Actor.director(director, reason="a score to mend"))
    same_seating(event.pk, 1)
    # A sit-out: a table-round with one pair only.
    Seating.objects.filter(event=event, round=1, table=2).update(ew=None)
    same_seating(event.pk, 2)
    assert tablet.current_seating(event.pk, 2).ew is None
    assert tablet.current_seating(event.pk, 99) is None


@pytest.mark.django_db
def test_a_board_with_the_tables_entry_as_the_orm_reads_it(director):
    event = make_event(director)
    by = Actor.director(director, reason="a new deal")

    def same(number: int, round_no: int = 1, table: int = 1) -> None:
        sql = tablet.board_with_entry(event.pk, number, round_no, table)
        orm = board_with_entry_orm(event.pk, number, round_no, table)
        assert (None if sql is None else (fields(sql), vars(sql)["live_id"])) == orm

    same(1)
    first = enter(event, 1, 1, 1)
    same(1)
    assert tablet.board_with_entry(event.pk, 1, 1, 1).live_id == first.pk
    same(1, table=2)  # another table's entry is not this one's
    same(1, round_no=2)
    changed = services.correct_result(first, entry=entry("4H S 9"), by=by)
    same(1)
    assert tablet.board_with_entry(event.pk, 1, 1, 1).live_id == changed.pk
    services.void_result(changed, by=by)
    same(1)
    assert tablet.board_with_entry(event.pk, 1, 1, 1).live_id is None
    same(99)
    assert tablet.board(event.pk, 99) is None
    assert fields(tablet.board(event.pk, 2)) == fields(Board.objects.get(event=event, number=2))


@pytest.mark.django_db
def test_a_board_with_its_rounds_state_and_a_stored_key_as_the_orm_reads_them(director):
    event = make_event(director)
    by = Actor.director(director)

    def same(number: int, round_no: int) -> None:
        for key in ("", "t2-key", "t2-other"):
            sql = tablet.board_and_round_closed(event.pk, number, round_no, key)
            orm = board_and_closed_orm(event.pk, number, round_no, key)
            assert (
                None
                if sql is None
                else (fields(sql), bool(vars(sql)["round_closed"]), vars(sql)["stored_id"])
            ) == (None if orm is None else (orm[0], bool(orm[1]), orm[2]))

    stored = enter(event, 3, 1, 2, by=Actor.tablet(2, "t2-key"))
    assert fields(tablet.stored(event.pk, "t2-key")) == fields(
        Result.objects.get(event=event, idempotency_key="t2-key")
    )
    assert tablet.stored(event.pk, "t2-key").pk == stored.pk
    assert tablet.stored(event.pk, "t2-other") is None
    other = make_event(director, name="Another night")
    assert tablet.stored(other.pk, "t2-key") is None  # keys are the event's own
    with transaction.atomic():
        assert fields(locks.seating_of(stored)) == fields(Seating.objects.get(pk=stored.seating_id))

    same(1, 1)
    assert tablet.board_and_round_closed(event.pk, 1, 1, "t2-key").stored_id == stored.pk
    # A director's entry has no key: an empty one finds none of them.
    enter(event, 1, 1, 1, by=by)
    same(1, 1)
    assert tablet.board_and_round_closed(event.pk, 1, 1, "").stored_id is None
    services.close_round(event, 1, by=by)
    same(1, 1)
    assert tablet.board_and_round_closed(event.pk, 1, 1).round_closed
    assert not tablet.board_and_round_closed(event.pk, 1, 2).round_closed
    same(99, 1)


@pytest.mark.django_db
def test_a_live_result_of_the_tables_round_as_the_orm_reads_it(director):
    event = make_event(director)
    by = Actor.director(director)

    def orm(seating: Seating, result_id: int) -> Result | None:
        found = (
            Result.objects.filter(pk=result_id, event=event, table=seating.table)
            .live()
            .select_related("board", "seating", "ns", "ew")
            .first()
        )
        return found if found is not None and found.seating_id == seating.pk else None

    def same(seating: Seating, result_id: int) -> None:
        sql, expected = tablet.live_result_of(seating, result_id), orm(seating, result_id)
        assert fields(sql) == fields(expected)
        if expected is not None:
            assert sql is not None
            for part in ("board", "seating", "ns", "ew"):
                assert fields(getattr(sql, part)) == fields(getattr(expected, part)), part

    table1 = tablet.current_seating(event.pk, 1)
    table2 = tablet.current_seating(event.pk, 2)
    first = enter(event, 1, 1, 1)
    same(table1, first.pk)
    assert tablet.live_result_of(table1, first.pk).pk == first.pk
    assert tablet.live_result_of(table2, first.pk) is None  # another table's
    later = Seating.objects.get(event=event, round=2, table=1)
    assert tablet.live_result_of(later, first.pk) is None  # another round's
    changed = services.correct_result(first, entry=entry("4H S 9"), by=by)
    assert tablet.live_result_of(table1, first.pk) is None  # a version changed since
    same(table1, changed.pk)
    # A result whose pairs are no longer the table-round's (a pair changed since).
    Result.objects.filter(pk=changed.pk).update(ew=table2.ew_id)
    same(table1, changed.pk)
    assert tablet.live_result_of(table1, changed.pk).ew.pk == table2.ew_id
    assert tablet.live_result_of(table1, 10**9) is None


@pytest.mark.django_db
def test_a_locked_table_round_with_its_pairs_as_the_orm_reads_it(director):
    event = make_event(director)
    Seating.objects.filter(event=event, round=2, table=3).update(ns=None)  # a sit-out
    for round_no, table in ((1, 1), (2, 3), (3, 2)):
        expected = Seating.objects.select_related("ns", "ew").get(
            event=event, round=round_no, table=table
        )
        with transaction.atomic():
            locked = locks.seating(event, round_no, table)
        assert fields(locked) == fields(expected)
        assert fields(locked.ns) == fields(expected.ns)
        assert fields(locked.ew) == fields(expected.ew)
    with pytest.raises(services.ServiceError, match="no table 9 in round 1"):
        locks.seating(event, 1, 9)
