"""A tablet's submission has one path and one answer (services.submit_board), with or
without an auction recorded: stored, already stored (a retry), refused with its reason
and field, or not this table's board; the board page renders each."""

import pytest
from django.urls import reverse

from tournament import services
from tournament.services import Actor, AuctionNotOver, Outcome, ResultConflict
from tournament.services.tablets import link_for

from ..factories import entry, make_event
from .test_scorer import board_post


def submit(event, board=1, line="4H S 10", key="k1", table=1):
    return services.submit_board(
        event, board_number=board, table=table, entry=entry(line), by=Actor.tablet(table, key)
    )


@pytest.mark.django_db
def test_stored_then_already_stored(director):
    event = make_event(director)
    first = submit(event)
    assert first.outcome == Outcome.STORED and first.result is not None
    assert first.refusal is None and first.seating is None
    again = submit(event)  # the same key: a retry
    assert again.outcome == Outcome.ALREADY_STORED and again.result == first.result


@pytest.mark.django_db
def test_refused_with_the_reason_and_the_field(director):
    event = make_event(director)
    submit(event)
    rival = submit(event, line="3NT N 9", key="k2")  # another device, the same board
    assert rival.outcome == Outcome.REFUSED and rival.result is None
    assert isinstance(rival.refusal, ResultConflict)
    assert "already has a result" in str(rival.refusal)
    # A revoke by a defender alone: declarer's choice of penalty is still to make.
    choice = services.submit_board(
        event,
        board_number=2,
        table=1,
        entry=entry("4H S 10", revokes_ew=1),
        by=Actor.tablet(1, "k3"),
    )
    assert choice.outcome == Outcome.REFUSED and choice.refusal.field == "revoke_penalty"


@pytest.mark.django_db
def test_not_this_tables_board_says_where_the_table_is(director):
    event = make_event(director)
    sent = submit(event, board=5)  # round 3's boards at table 1
    assert sent.outcome == Outcome.NOT_THIS_TABLES and sent.result is None
    assert sent.seating is not None and sent.seating.round == 1


@pytest.mark.django_db
def test_the_same_path_with_an_auction_sends_the_table_to_its_calls(client, director):
    event = make_event(director, record_auctions=True)
    sent = submit(event)
    assert sent.outcome == Outcome.REFUSED and isinstance(sent.refusal, AuctionNotOver)
    link = link_for(event, 1)
    r = client.post(reverse("scorer_board", args=[link.token, 1]), board_post(bid="4H", key="9"))
    assert r.status_code == 302
    assert r["Location"] == reverse("scorer_auction", args=[link.token, 1])
    assert not event.result_set.exists()
