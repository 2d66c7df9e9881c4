"""An individual's pages: the tablet names the four players and, after the round, the
seat each takes next; the director's pages and the room display serve it (docs/laws/
duplicate.md, "Individuals"; docs/director/individuals.md)."""

import pytest
from django.urls import reverse

from scoring.individual_moves import moves_after
from scoring.movements.individuals import from_name
from tournament import services
from tournament.models import Event, SeatName
from tournament.services import Actor, seats, tablets

from ..factories import enter, make_event

NAMES = {"3": "Jane Alden", "4": "Tom Bird", "7": "Ann Cole", "2": "Bob Dane"}


@pytest.fixture
def eight(director):
    return make_event(
        director,
        form="individual",
        movement_name="individual-8-r3",
        tables=0,
        boards_per_round=1,
        individual_names=NAMES,
    )


def test_the_tablet_names_the_four_players_by_seat(client, eight):
    link = tablets.link_for(eight, 1)
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    # Round 1, table 1: N3 E7 S4 W2.
    seats_shown = page.split('class="table-players"')[1].split("</ul>")[0]
    order = [seats_shown.index(n) for n in ("Jane Alden", "Ann Cole", "Tom Bird", "Bob Dane")]
    assert order == sorted(order)
    assert "North</span> <strong>3</strong> Jane Alden" in seats_shown


def test_the_next_page_says_where_each_player_goes(client, eight, director):
    enter(eight, 1, 1, 1, "4H S 10", confirmed=True)
    link = tablets.link_for(eight, 1)
    client.post(reverse("scorer_agree", args=[link.token]))
    page = client.get(reverse("scorer_next", args=[link.token, 1])).content.decode()
    moves = {
        m.player: m.next.words() for m in moves_after(from_name("individual-8-r3", 1).schedule, 1)
    }
    for label in ("3", "7", "4", "2"):
        assert f"<strong>{label}</strong>" in page and moves[label] in page
    assert "Coming to this table:" in page
    assert "back from sitting out" not in page


def test_the_director_pages_serve_an_individual(client, eight, director):
    client.force_login(director)
    enter(eight, 1, 1, 1, "4H S 10")
    for name in (
        "director_event",
        "director_players",
        "director_audit",
        "director_guides",
        "director_tables",
        "director_links",
        "event_standings",
    ):
        response = client.get(reverse(name, args=[eight.pk]))
        assert response.status_code == 200, name
    traveller = client.get(reverse("event_traveller", args=[eight.pk, 1])).content.decode()
    assert "Jane Alden" in traveller and "Ann Cole" in traveller
    # The director's entry of board 1: its table-round by the players in each seat.
    entry = client.get(reverse("director_traveller", args=[eight.pk, 1])).content.decode()
    assert "<th>Players (NS v EW)</th>" in entry
    # Table 1 has its result; table 2's row, round 1: N8 E1 S6 W5.
    assert "<td>North 8, South 6 v East 1, West 5</td>" in entry


def test_players_keying_their_numbers_name_the_individual(eight, director):
    Event.objects.filter(pk=eight.pk).update(seats_at_table=True)
    services.set_individual_names(
        eight, {"3": "", "4": "", "7": "", "2": ""}, by=Actor.director(director)
    )
    by = Actor.tablet(1)
    seats.key_seats(
        eight,
        1,
        [seats.Keyed(s, guest=f"Guest {s}") for s in "NESW"],
        by=by,
    )
    seats.confirm_seats(eight, 1, by=by)
    players = {i.label: i.name for i in eight.individual_set.all()}
    assert (players["3"], players["7"], players["4"], players["2"]) == (
        "Guest N",
        "Guest E",
        "Guest S",
        "Guest W",
    )
    # The name is on every partnership player 3 plays in.
    assert set(eight.individual_set.get(label="3").seats.values_list("name", flat=True)) == {
        "Guest N"
    }
    assert SeatName.objects.filter(event=eight, state=SeatName.State.NAMED).count() == 4


def test_the_room_display_shows_each_players_move(client, eight, director):
    from tournament.services import display

    display.show_standings(eight, True, by=Actor.director(director))
    enter(eight, 1, 1, 1, "4H S 10")
    token = display.display_link(eight, by=Actor.director(director))
    page = client.get(reverse("room_display", args=[token])).content.decode()
    assert "each player to his seat" in page
    # Round 1: player 3 sat North at table 1; in round 2 he sits West at table 1.
    assert "T1 N → <strong>table 1 W</strong>" in page
    assert "Jane Alden" in page and "Player 3" in page


def test_the_guide_cards_are_one_a_player(client, eight, director):
    client.force_login(director)
    page = client.get(reverse("director_guides", args=[eight.pk])).content.decode()
    assert page.count('class="card guide-card player-guide"') == 8
    assert "Player 3 · Jane Alden" in page
    assert "7&amp;1" not in page and "sits out next round" not in page


def test_the_table_cards_and_the_board_page_seat_the_players(client, eight, director):
    # Round 1, table 1: N3 E7 S4 W2.
    client.force_login(director)
    cards = client.get(reverse("director_tables", args=[eight.pk])).content.decode()
    assert "Round 1: North 3, South 4, East 7, West 2; board 1." in cards
    link = tablets.link_for(eight, 1)
    board = client.get(reverse("scorer_board", args=[link.token, 1])).content.decode()
    assert "North 3, South 4 v East 7, West 2" in board


def test_the_seats_page_asks_each_player_by_his_number(client, eight):
    Event.objects.filter(pk=eight.pk).update(seats_at_table=True)
    services.set_individual_names(
        eight, dict.fromkeys(("3", "4", "7", "2"), ""), by=Actor.director(eight.owner)
    )
    link = tablets.link_for(eight, 1)
    page = client.get(reverse("scorer_seats", args=[link.token])).content.decode()
    for seat, label in (("North", "3"), ("East", "7"), ("South", "4"), ("West", "2")):
        assert f"{seat} · player {label}" in page
    assert "&amp;" not in page.split("<main")[1].split("</main>")[0]


def test_the_panel_names_who_sees_the_running_score(client, eight, director):
    """The director's switch says who the tablets show it to: in an individual each
    player at the table, in a pair event each pair, in a team match the match."""
    client.force_login(director)
    pairs = make_event(director, name="Pairs")
    teams = make_event(director, name="Teams", form="teams", movement="teams", tables=2)
    said = {}
    for event in (eight, pairs, teams):
        services.display.set_running_score(event, True, by=Actor.director(director))
        said[event.form] = client.get(reverse("director_event", args=[event.pk])).content.decode()
    assert "each player at the table also sees his score and place so far" in said["individual"]
    assert "each pair also sees its score and place so far" in said["pairs"]
    assert "both teams also see the match score so far" in said["teams"]
    for event in (eight, pairs, teams):
        services.display.set_running_score(event, False, by=Actor.director(director))
    shown = {
        e.form: client.get(reverse("director_event", args=[e.pk])).content.decode()
        for e in (eight, pairs, teams)
    }
    assert "Tablets: show each player his running score" in shown["individual"]
    assert "Tablets: show each pair its running score" in shown["pairs"]
    assert "Tablets: show both teams the running score" in shown["teams"]


def test_the_factoring_speaks_of_players_in_an_individual(client, eight, director):
    """Law H's sums over unequal boards: the director's option names the players who
    played fewer boards, and the boards most players played."""
    client.force_login(director)
    page = client.get(reverse("director_event", args=[eight.pk])).content.decode()
    assert "Total points (Law H) · Individual, 8 players" in page  # the form said once
    assert "Players that played fewer boards" in page and "Pairs that played" not in page
    assert "to the boards most players played" in page and "most pairs played" not in page
    answer = client.post(
        reverse("director_factoring", args=[eight.pk]), {"factoring": "factored"}, follow=True
    )
    said = answer.content.decode()
    assert "Standings: Factored (sum x B / b, to the boards most players played)." in said
    pairs = make_event(director, name="Pairs")
    page = client.get(reverse("director_event", args=[pairs.pk])).content.decode()
    assert "Pairs that played fewer boards" in page and "most pairs played" in page


def test_a_table_card_says_a_share_of_every_round_once(client, director):
    """Nine players at two tables play every round's set from copies at both tables:
    each table's card says so once, not round by round."""
    nine = make_event(
        director, form="individual", movement_name="individual-9-r3", tables=0,
        boards_per_round=2,
    )  # fmt: skip
    client.force_login(director)
    cards = client.get(reverse("director_tables", args=[nine.pk])).content.decode()
    assert cards.count("<li>Every round: the boards are played at table 2 too") == 1
    assert cards.count("<li>Every round: the boards are played at table 1 too") == 1
    assert "<li>Round 2:" not in cards
    assert "Round 1: North 3, South 4, East 7, West 2; boards 1–2." in cards


def test_a_players_card_names_the_round_he_sat_out(client, director):
    """Nine players, one out each round (individual-9-r3: player 1 in round 1, 3 in
    round 2, 9 in round 3): a card shows the round its player sat out among his boards."""
    nine = make_event(
        director, form="individual", movement_name="individual-9-r3", tables=0,
        boards_per_round=1,
    )  # fmt: skip
    client.force_login(director)
    card = client.get(reverse("event_player", args=[nine.pk, "3"])).content.decode()
    body = card[card.index("<tbody>") : card.index("</tbody>")]
    assert body.count('<tr class="gap">') == 1
    assert '<span class="short">Round 2: </span>Sat out</td>' in body
    seven = client.get(reverse("event_player", args=[nine.pk, "7"])).content.decode()
    assert '<tr class="gap">' not in seven  # 7 plays every round
