"""Tablets: the table's current round, its link, its PIN and its limits, director calls.

The event is the factories' 3-table Mitchell, 2 boards a round: in round 1
table 1 plays boards 1-2, in round 2 boards 3-4, in round 3 boards 5-6.
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from tournament import services
from tournament.models import AuditEntry, DirectorCall, PinFailure, TableLink
from tournament.queries import tablet
from tournament.services import Actor, ServiceError, tablets

from ..factories import enter, make_event

WRONG, RIGHT = "0000", "4271"


def director_of(event):
    return Actor.director(event.owner)


def agree(event, round_no, table):
    """Enter and confirm the table-round's two boards, then agree the round as its tablet."""
    seating = event.seating_set.get(round=round_no, table=table)
    for board in seating.board_numbers:
        enter(event, board, round_no, table, "4H S 10", confirmed=True)
    services.agree_round(seating, by=Actor.tablet(table))


def with_pin(event, table, pin=RIGHT):
    link = tablets.link_for(event, table)
    tablets.set_pin(link, pin, by=director_of(event))
    return link


# The current round ------------------------------------------------------------------------


def test_current_seating_is_the_first_round_neither_agreed_nor_closed(event):
    assert tablet.current_seating(event.pk, 1).round == 1
    agree(event, 1, 1)
    assert tablet.current_seating(event.pk, 1).round == 2  # table 1 agreed round 1
    assert tablet.current_seating(event.pk, 2).round == 1  # the other tables have not
    services.close_round(event, 2, by=director_of(event))
    assert tablet.current_seating(event.pk, 1).round == 3  # round 2 closed by the director
    assert tablet.current_seating(event.pk, 2).round == 1  # closing round 2 skips nothing here
    services.close_round(event, 3, by=director_of(event))
    assert tablet.current_seating(event.pk, 1) is None  # nothing left to play at table 1
    seating = tablet.current_seating(event.pk, 3)
    assert (seating.round, seating.ns.label, seating.ew.label) == (1, "3", "6")


def test_current_seating_of_a_table_the_event_lacks_is_none(event):
    assert tablet.current_seating(event.pk, 4) is None


# Links --------------------------------------------------------------------------------------


def test_link_for_makes_one_link_a_table_and_keeps_it(event):
    link = tablets.link_for(event, 2)
    assert tablets.link_for(event, 2) == link
    assert len(link.token) >= 32
    assert [lk.table for lk in tablets.links(event)] == [1, 2, 3]
    assert tablets.link_for(event, 2) == link  # links() made no second one for table 2


def test_link_for_refuses_a_table_the_event_lacks(event):
    with pytest.raises(ServiceError, match="this event has no table 4"):
        tablets.link_for(event, 4)
    assert not TableLink.objects.filter(event=event).exists()


def test_reissue_revokes_the_old_link_at_once(event):
    old = tablets.link_for(event, 1)
    new = tablets.reissue(event, 1, by=director_of(event))
    assert new.token != old.token
    assert tablet.resolve(old.token) is None
    assert tablet.resolve(new.token) == new
    assert tablets.link_for(event, 1) == new
    assert TableLink.objects.get(pk=old.pk).revoked_at is not None
    assert AuditEntry.objects.filter(event=event, action="link reissued").count() == 1


def test_reissue_refuses_a_table_the_event_lacks(event):
    with pytest.raises(ServiceError, match="no table 9"):
        tablets.reissue(event, 9, by=director_of(event))


def test_resolve_refuses_what_is_not_a_live_token(event):
    assert tablet.resolve("") is None
    assert tablet.resolve("x" * 65) is None
    assert tablet.resolve("no-such-token") is None


# PINs ---------------------------------------------------------------------------------------


def test_set_pin_takes_four_digits_or_nothing(event):
    link = tablets.link_for(event, 1)
    for bad in ("123", "12345", "12a4"):
        with pytest.raises(ServiceError, match="four digits"):
            tablets.set_pin(link, bad, by=director_of(event))
    tablets.set_pin(link, " 0427 ", by=director_of(event))
    assert TableLink.objects.get(pk=link.pk).pin == "0427"
    tablets.set_pin(link, "", by=director_of(event))
    assert TableLink.objects.get(pk=link.pk).pin == ""
    actions = AuditEntry.objects.filter(event=event).values_list("action", flat=True)
    assert {"pin set", "pin cleared"} <= set(actions)


def test_random_pin_is_four_digits():
    assert all(len(p) == 4 and p.isdigit() for p in (tablets.random_pin() for _ in range(50)))


def test_pin_fingerprint_changes_with_the_pin_and_the_link(event):
    link = with_pin(event, 1, "1234")
    first = tablets.pin_fingerprint(link)
    assert tablets.pin_fingerprint(link) == first  # stable while nothing changes
    tablets.set_pin(link, "5678", by=director_of(event))
    assert tablets.pin_fingerprint(link) != first
    tablets.set_pin(link, "1234", by=director_of(event))
    assert tablets.pin_fingerprint(link) == first  # the same PIN again: the same fingerprint
    new = tablets.reissue(event, 1, by=director_of(event))
    new.pin = "1234"
    assert tablets.pin_fingerprint(new) != first  # another link, even with the same PIN


def test_check_pin_right_and_wrong(event):
    link = with_pin(event, 1)
    assert tablets.check_pin(link, RIGHT, "10.0.0.1") is True
    assert tablets.check_pin(link, f" {RIGHT} ", "10.0.0.1") is True
    assert tablets.check_pin(link, WRONG, "10.0.0.1") is False
    assert PinFailure.objects.filter(link=link).count() == 1  # only the wrong one is kept


def test_five_wrong_pins_lock_the_table_from_every_address(event):
    link = with_pin(event, 1)
    for i in range(5):
        assert tablets.check_pin(link, WRONG, f"10.0.0.{i}") is False
    # The sixth try, even the right PIN from a new address, is refused.
    with pytest.raises(ServiceError, match="too many wrong PINs"):
        tablets.check_pin(link, RIGHT, "10.0.0.99")
    assert PinFailure.objects.filter(link=link).count() == 5  # refusals are not counted
    # Another table of the event is not locked.
    assert tablets.check_pin(with_pin(event, 2), RIGHT, "10.0.0.99") is True


def test_wrong_pins_without_an_address_count_for_the_table(event):
    link = with_pin(event, 1)
    for _ in range(5):
        assert tablets.check_pin(link, WRONG, None) is False
    with pytest.raises(ServiceError, match="too many wrong PINs"):
        tablets.check_pin(link, RIGHT, None)


def test_ten_wrong_pins_lock_the_address_across_the_events_tables(event):
    one, two, three = (with_pin(event, t) for t in (1, 2, 3))
    # 4 + 4 + 2 wrong tries: no table reaches its 5, the address reaches its 10.
    for link, tries in ((one, 4), (two, 4), (three, 2)):
        for _ in range(tries):
            assert tablets.check_pin(link, WRONG, "10.0.0.7") is False
    with pytest.raises(ServiceError, match="too many wrong PINs"):
        tablets.check_pin(three, RIGHT, "10.0.0.7")
    # Another address at the same table: table 3 has only two failures.
    assert tablets.check_pin(three, RIGHT, "10.0.0.8") is True


def test_the_address_limit_is_per_event(event, director):
    other = make_event(director, name="Another night")
    one, two, three = (with_pin(other, t) for t in (1, 2, 3))
    for link, tries in ((one, 4), (two, 4), (three, 2)):
        for _ in range(tries):
            assert tablets.check_pin(link, WRONG, "10.0.0.7") is False
    with pytest.raises(ServiceError, match="too many wrong PINs"):
        tablets.check_pin(three, RIGHT, "10.0.0.7")
    # Ten failures from this address in the other event do not lock it out of this one.
    assert tablets.check_pin(with_pin(event, 1), RIGHT, "10.0.0.7") is True


def test_old_failures_fall_out_of_the_window(event):
    link = with_pin(event, 1)
    for _ in range(5):
        tablets.check_pin(link, WRONG, "10.0.0.7")
    with pytest.raises(ServiceError, match="too many wrong PINs"):
        tablets.check_pin(link, RIGHT, "10.0.0.7")
    long_ago = timezone.now() - tablets.PIN_WINDOW - timedelta(seconds=1)
    PinFailure.objects.filter(link=link).update(at=long_ago)
    assert tablets.check_pin(link, RIGHT, "10.0.0.7") is True


# Director calls -----------------------------------------------------------------------------


def test_a_table_calls_once_until_answered(event):
    call = tablets.call_director(event, 2, 1)
    assert tablets.call_director(event, 2, 1) == call  # pressed twice: one call
    other = tablets.call_director(event, 3, 1)
    assert tablet.open_calls(event.pk) == [call, other]
    assert AuditEntry.objects.filter(event=event, action="director called").count() == 2


def test_answer_call_closes_it_once(event):
    call = tablets.call_director(event, 2, 1)
    tablets.answer_call(event, call.pk, by=director_of(event))
    assert tablet.open_calls(event.pk) == []
    assert DirectorCall.objects.get(pk=call.pk).answered_at is not None
    tablets.answer_call(event, call.pk, by=director_of(event))  # answered twice: one entry
    assert AuditEntry.objects.filter(event=event, action="call answered").count() == 1
    # The table may call again; it is a new call.
    again = tablets.call_director(event, 2, 2)
    assert again.pk != call.pk and tablet.open_calls(event.pk) == [again]


def test_answer_call_ignores_another_events_call(event, director):
    other = make_event(director, name="Another night")
    theirs = tablets.call_director(other, 1, 1)
    tablets.answer_call(event, theirs.pk, by=director_of(event))
    assert tablet.open_calls(other.pk) == [theirs]
    assert not AuditEntry.objects.filter(event=event, action="call answered").exists()


def test_the_director_unlocks_a_locked_table(event, director):
    link = with_pin(event, 1)
    for _ in range(5):
        assert tablets.check_pin(link, WRONG, "10.0.0.7") is False
    assert tablets.is_locked(link)
    tablets.unlock(link, by=Actor.director(director))
    assert not tablets.is_locked(link)
    assert tablets.check_pin(link, RIGHT, "10.0.0.7") is True  # the address is forgiven too
    assert event.auditentry_set.filter(action="unlocked").exists()
