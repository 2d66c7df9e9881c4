"""The record of corrections open to the players
(docs/director/results.md#the-record-of-corrections).

After publication a corrected line shows its versions on the traveller and the score
card: what changed, when, by whom, why and the law.  The public reads the role, the
event's directors the person; an event may keep it for its directors.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournament import services
from tournament.models import AuditEntry, Board, Event, Seating
from tournament.queries import corrections
from tournament.services import Actor, Entry, auctions, tablets

from .conftest import make_event


def enter(event, user, number, round_no, table, entry):
    return services.enter_result(
        event,
        board_number=number,
        round_no=round_no,
        table=table,
        entry=entry,
        by=Actor.director(user),
    )


def play_board_1(event, user):
    """Board 1 at each of its three table-rounds (round 1 table 1, round 2 table 3,
    round 3 table 2)."""
    first = enter(event, user, 1, 1, 1, Entry("4H", "S", 10))
    enter(event, user, 1, 2, 3, Entry("3S", "N", 8))
    enter(event, user, 1, 3, 2, Entry("2NT", "W", 9))
    return first


@pytest.fixture
def corrected(event, director):
    """Board 1 played everywhere, its round-1 line corrected by the director with a
    reason; published."""
    first = play_board_1(event, director)
    services.correct_result(
        first, entry=Entry("4H", "S", 9), by=Actor.director(director, "a trick miscounted")
    )
    services.set_published(event, True, by=Actor.director(director))
    return event


def traveller(client, event, number=1):
    return client.get(reverse("event_traveller", args=[event.pk, number])).content.decode()


def test_the_public_reads_the_role_the_change_the_reason_and_the_law(client, corrected):
    page = traveller(client, corrected)
    record = page[page.index("The record of corrections") :]
    assert "Round 1, table 1" in record
    assert "Entered</strong> by the director: 4H by S, 10 tricks" in record
    assert "Corrected</strong> by the director: 4H by S, 10 tricks, NS" in record
    assert "→ 4H by S, 9 tricks" in record
    assert "Why: a trick miscounted" in record and "Law: Duplicate Law E" in record
    assert "alice" not in record
    # The lines never corrected have no record.
    assert "Round 2, table 3" not in record and "Round 3, table 2" not in record


def test_the_director_reads_the_person_as_the_audit_trail_names_them(client, corrected, director):
    client.force_login(director)
    page = traveller(client, corrected)
    record = page[page.index("The record of corrections") :]
    assert "Corrected</strong> by director alice" in record
    actors = set(AuditEntry.objects.filter(event=corrected).values_list("actor", flat=True))
    assert "director alice" in actors


def test_an_event_may_keep_the_record_for_its_directors(client, corrected, director):
    services.display.set_record_open(corrected, False, by=Actor.director(director))
    assert Event.objects.get(pk=corrected.pk).record_open is False
    assert "The record of corrections" not in traveller(client, corrected)
    client.force_login(director)
    assert "The record of corrections" in traveller(client, corrected)
    assert AuditEntry.objects.filter(
        event=corrected, action="results", detail="the record of corrections is the directors'"
    ).exists()


def test_the_panel_switches_the_record(client, corrected, director):
    client.force_login(director)
    url = reverse("director_display", args=[corrected.pk, "record"])
    client.post(url, {"shown": "0"})
    assert not Event.objects.get(pk=corrected.pk).record_open
    panel = client.get(reverse("director_event", args=[corrected.pk])).content.decode()
    assert "Show the players the record of corrections" in panel
    client.post(url, {"shown": "1"})
    assert Event.objects.get(pk=corrected.pk).record_open


def test_the_new_event_form_offers_the_option(client, director):
    client.force_login(director)
    page = client.get(reverse("director_event_create")).content.decode()
    assert 'name="record_open"' in page and "Players see the record of corrections" in page


def test_a_tables_correction_names_the_table(client, event, director):
    link = tablets.link_for(event, 1)
    result = services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=Entry("2S", "N", 8),
        by=Actor.tablet(1, key="k-1"),
    )
    services.correct_result(result, entry=Entry("2S", "N", 9), by=Actor.tablet(1, key="k-2"))
    public = corrections.records(event, [1], director=False)
    assert [c.who for c in public[0].changes] == ["the table", "the table"]
    own = corrections.records(event, [1], director=True)
    assert [c.who for c in own[0].changes] == ["table 1", "table 1"]
    assert [c.kind for c in own[0].changes] == ["entered", "corrected"]
    assert link.table == 1


def test_a_result_taken_out_and_entered_again_shows_both(event, director):
    first = play_board_1(event, director)
    services.void_result(first, by=Actor.director(director, "a wrong board was played"))
    enter(event, director, 1, 1, 1, Entry("1NT", "E", 7))
    (line,) = corrections.records(event, [1], director=False)
    assert [c.kind for c in line.changes] == ["entered", "voided", "entered"]
    assert line.changes[1].what == "4H by S, 10 tricks, NS +" + line.changes[1].what.split("+")[1]
    assert line.changes[1].why == "a wrong board was played"
    assert line.changes[1].law == corrections.LAW_E


def test_a_boards_record_is_read_only_for_the_boards_asked(event, director):
    first = play_board_1(event, director)
    services.correct_result(first, entry=Entry("4H", "S", 9), by=Actor.director(director, "x"))
    assert corrections.records(event, [2, 3], director=True) == []
    assert corrections.records(event, [], director=True) == []
    assert len(corrections.records(event, [1, 2], director=True)) == 1


def test_the_score_card_shows_the_pairs_own_record_with_its_board(client, corrected):
    s = Seating.objects.get(event=corrected, round=1, table=1)
    card = client.get(reverse("event_pair", args=[corrected.pk, s.ns.label])).content.decode()
    assert "The record of corrections" in card and "Why: a trick miscounted" in card
    assert f'href="{reverse("event_traveller", args=[corrected.pk, 1])}">Board 1</a>' in card
    other = Seating.objects.get(event=corrected, round=2, table=3).ns
    assert other.pk not in (s.ns_id, s.ew_id)
    card = client.get(reverse("event_pair", args=[corrected.pk, other.label])).content.decode()
    assert "The record of corrections" not in card


def test_a_ruling_shows_with_its_law_and_the_role(client, director):
    # 1915 Law 54: South doubles North's 1H: 50 points to East-West (the ruling's law).
    event = make_event(director, record_auctions=True)
    seating = event.seating_set.get(round=1, table=1)
    board = Board.objects.get(event=event, number=1)
    auctions.make_call(event, seating, board, "1H", seen=0, by=Actor.tablet(1))
    auctions.make_call(event, seating, board, "P", seen=1, by=Actor.tablet(1))
    auctions.rule(
        event,
        seating,
        board,
        irregularity="double-partner",
        option="fifty",
        offender="S",
        call="X",
        by=Actor.director(director, "S doubled partner"),
    )
    enter(event, director, 1, 1, 1, Entry("2H", "N", 8))
    enter(event, director, 1, 2, 3, Entry("3S", "N", 8))
    enter(event, director, 1, 3, 2, Entry("2NT", "W", 9))
    services.set_published(event, True, by=Actor.director(director))
    page = traveller(client, event)
    record = page[page.index("The record of corrections") :]
    assert "Ruling</strong> by the director: S: " in record
    assert "Why: S doubled partner" in record and "Law: Law 54" in record
    assert "alice" not in record


def test_the_record_is_kept_with_the_events_figures_and_a_change_shows_at_once(
    client, corrected, director
):
    """Made once a state of the event (its stamp), so a repeat view reads no line of the
    audit trail; a new correction moves the stamp and shows on the next view."""

    def audit_reads(queries):
        return [
            q["sql"]
            for q in queries.captured_queries
            if "tournament_auditentry" in q["sql"] and "MAX(" not in q["sql"]
        ]

    traveller(client, corrected)
    with CaptureQueriesContext(connection) as queries:
        page = traveller(client, corrected)
    assert "a trick miscounted" in page and audit_reads(queries) == []
    line = services.live_result(corrected, 1, 2, 3)
    services.correct_result(
        line, entry=Entry("3S", "N", 9), by=Actor.director(director, "the wrong board")
    )
    assert "the wrong board" in traveller(client, corrected)


def test_another_clubs_director_reads_the_role_as_the_public_does(
    client, corrected, rival_director
):
    client.force_login(rival_director)
    page = traveller(client, corrected)
    record = page[page.index("The record of corrections") :]
    assert "Corrected</strong> by the director" in record and "alice" not in record
    services.display.set_record_open(corrected, False, by=Actor.director(corrected.owner))
    assert "The record of corrections" not in traveller(client, corrected)
