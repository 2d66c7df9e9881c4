"""Every movement everywhere: a shared set, a bystand and a sit-out reach the guide
cards, the table cards, the tablet and the room display in the movement's own words
(scoring.movements.wording), whichever family made the schedule."""

import pytest
from django.urls import reverse

from tournament import services
from tournament.models import Seating
from tournament.services import Actor, tablets
from tournament.services import display as display_module
from tournament.views.display import display_context

from ..factories import make_event


@pytest.fixture
def relay(director):
    # mitchell(4, 2, even="relay"): tables 1 and 4 share boards 1-2 in round 1; boards
    # 5-6 rest on the bystand; table 3's boards 7-8 go to it, table 2 takes 5-6 from it.
    return make_event(director, tables=4, even="relay")


@pytest.fixture
def howell3(director):
    # howell(3, 2): round 5 puts all three tables on boards 9-10.
    return make_event(director, movement="howell", tables=3)


def agreed(event, round_no, table):
    Seating.objects.filter(event=event, round__lte=round_no, table=table).update(
        agreed_at="2026-01-01T20:00Z"
    )


def test_guide_cards_say_the_share_and_the_bystand(client, relay):
    client.force_login(relay.owner)
    page = client.get(reverse("director_guides", args=[relay.pk])).content.decode()
    assert (
        "share boards 1-2 with table 4: start on board 1, table 4 on board 2, pass them across"
    ) in page
    assert "boards 7-8 to the bystand: they rest there next round" in page
    assert "take boards 5-6 from the bystand for next round" in page
    # The bystand's own card: each round's resting set.
    assert "The bystand" in page and '<td data-label="Resting">boards 5-6</td>' in page


def test_guide_cards_say_three_tables_on_one_set(client, howell3):
    client.force_login(howell3.owner)
    page = client.get(reverse("director_guides", args=[howell3.pk])).content.decode()
    assert page.count("3 tables on 2 boards, so duplicate the set") == 3
    assert "The bystand" not in page  # a Howell of three has none


def test_table_cards_list_each_shared_round(client, relay, howell3):
    client.force_login(relay.owner)
    page = client.get(reverse("director_tables", args=[relay.pk])).content.decode()
    # Tables 1 and 4 share a set every round of the relay: 4 rounds on each card.
    assert page.count("Round 1: share boards 1-2 with table") == 2
    assert "Round 4: share boards 7-8 with table 1" in page
    page = client.get(reverse("director_tables", args=[howell3.pk])).content.decode()
    assert page.count("Round 5: share boards 9-10 with tables") == 3


def test_the_public_movements_page_says_the_share(client):
    page = client.get(
        reverse("movement_preview"),
        {"kind": "mitchell", "tables": 4, "boards_per_round": 2, "even": "relay"},
    ).content.decode()
    assert "shared with table 4" in page  # the schedule's cell
    assert "start on board 1, table 4 on board 2, pass them across" in page  # the card
    assert "The bystand" in page


def test_the_tablet_says_the_share_and_where_the_boards_go(client, relay):
    four = tablets.link_for(relay, 4)
    page = client.get(reverse("scorer_home", args=[four.token])).content.decode()
    assert (
        "Share boards 1-2 with table 1: start on board 2, table 1 on board 1, pass them across"
    ) in page
    three = tablets.link_for(relay, 3)
    page = client.get(reverse("scorer_home", args=[three.token])).content.decode()
    assert "Shared boards" not in page  # table 3 plays its own set
    agreed(relay, 1, 3)
    page = client.get(reverse("scorer_next", args=[three.token, 1])).content.decode()
    assert "Boards 7-8 to the bystand: they rest there next round" in page
    assert "East-West pair 6 from table 2" in page  # who sits here next round
    two = tablets.link_for(relay, 2)
    agreed(relay, 1, 2)
    page = client.get(reverse("scorer_next", args=[two.token, 1])).content.decode()
    assert "Boards 3-4 to tables 1 and 4: they share them next round" in page
    assert "Take boards 5-6 from the bystand for next round" in page


def test_a_sit_out_table_is_told_and_its_pair_back_is_named(client, director):
    # 5 pairs at 3 tables: pair 6 is the phantom; pair 3 sits out round 1 at table 3.
    odd = make_event(director, pairs_count=5)
    three = tablets.link_for(odd, 3)
    page = client.get(reverse("scorer_home", args=[three.token])).content.decode()
    assert "sits out this round" in page
    # After round 1 pair 5 moves to table 3 East-West; the card says so for table 2.
    client.force_login(director)
    page = client.get(reverse("director_guides", args=[odd.pk])).content.decode()
    assert "North-South pair 3 sits out this round: no opponents here" in page


def test_the_room_display_adds_the_share_and_the_bystand(relay):
    context = display_context(relay)
    assert context["moves_round"] == 1
    notes = {m["seating"].table: m["notes"] for m in context["moves"]}
    assert notes[2] == (
        "boards 3-4 to tables 1 and 4: they share them next round",
        "take boards 5-6 from the bystand for next round",
    )
    assert notes[3] == ("boards 7-8 to the bystand: they rest there next round",)
    assert context["bystand"] == "boards 5-6 rest on the bystand this round"


def test_the_room_display_page_shows_the_notes(client, relay):
    token = display_module.display_link(relay, by=Actor.director(relay.owner))
    page = client.get(reverse("room_display", args=[token])).content.decode()
    assert (
        '<span class="move-note">Boards 7-8 to the bystand: they rest there next round</span>'
        in page
    )
    assert "<strong>Bystand:</strong> boards 5-6 rest on the bystand this round." in page


def test_a_plain_mitchell_adds_nothing(client, event):
    context = display_context(event)
    assert all(m["notes"] == () for m in context["moves"])
    assert context["bystand"] == ""
    assert not any(tr.shared for tr in services.movement_for(event).schedule)


def test_the_tablet_shows_the_movements_own_note(client, director):
    # A 3-table Mitchell with an arrow switch: in round 3 the pairs turn round, and the
    # round's page says so (the schedule's note on the table-round).
    event = make_event(director, arrow_switch=True)
    agreed(event, 2, 1)
    link = tablets.link_for(event, 1)
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "Round 3" in page
    assert '<p class="note">Arrow switch: pairs turn round.</p>' in page
    client.force_login(director)
    cards = client.get(reverse("director_guides", args=[event.pk])).content.decode()
    assert cards.count("arrow switch: pairs turn round") == 3  # one a table, round 3


def test_the_tablet_says_three_tables_on_one_set(client, howell3):
    agreed(howell3, 4, 2)
    link = tablets.link_for(howell3, 2)
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "Round 5" in page
    assert (
        "Share boards 9-10 with tables 1 and 3: 3 tables on 2 boards, so duplicate the set "
        "(a copy for each table) or play them in turn."
    ) in page
    # At the end of round 4 the table is told the set is new and shared by all three.
    page = client.get(reverse("scorer_next", args=[link.token, 4])).content.decode()
    assert "Take boards 9-10 from the director for next round: they are new" in page
