"""Setting an individual up on the director's pages: the new-event form offers the
individual movements for the players present with their figures, a movement chosen
makes the event, and the players page names each player (docs/director/individuals.md)."""

import re

import pytest
from django.urls import reverse

from scoring.movements.individuals import offers, sizes
from tournament.models import Event, Individual, Member, Player
from tournament.queries.movements import individual_candidates


@pytest.fixture
def alice(client, director):
    client.force_login(director)
    return client


NEW_INDIVIDUAL = {
    "name": "Thursday individual",
    "date": "1915-04-08",
    "code": "1915",
    "premium": "on",
    "form": "individual",
    "method": "total",
    "movement": "mitchell",
    "even": "skip",
    "ind-players": "12",
}


def _radios(page):
    return re.findall(r'<input type="radio" name="movement_name" value="([^"]*)"', page)


def test_the_form_offers_the_individuals_for_the_players_present(alice):
    page = alice.get(reverse("director_event_create"), {"ind-players": "12"}).content.decode()
    assert _radios(page) == offers(12)
    assert "For 12 players, the whole movement first" in page
    assert "Every two players partner once, and any two oppose 2 times" in page
    assert "partners 1–1 · opponents 2–2" in page
    assert '<option value="individual" selected>Individual</option>' in page


def test_a_number_the_library_has_no_individual_for_is_said(alice):
    page = alice.get(reverse("director_event_create"), {"ind-players": "7"}).content.decode()
    assert _radios(page) == [] and "at least 8" in page.lower()


def test_an_individual_chosen_on_the_form_creates_its_event(alice):
    response = alice.post(
        reverse("director_event_create"), {**NEW_INDIVIDUAL, "movement_name": "individual-12-r7"}
    )
    event = Event.objects.get(name="Thursday individual")
    assert response.status_code == 302
    assert response["Location"] == reverse("director_players", args=[event.pk])
    assert (event.form, event.movement, event.movement_name) == (
        "individual",
        "individual",
        "individual-12-r7",
    )
    assert (event.tables, event.boards_per_round) == (3, 4)  # 28 boards, near 24-27
    assert Individual.objects.filter(event=event).count() == 12


def test_an_individual_without_its_movement_is_refused_and_nothing_made(alice):
    page = alice.post(
        reverse("director_event_create"), {**NEW_INDIVIDUAL, "tables": "3"}
    ).content.decode()
    assert "An individual plays an individual movement" in page
    assert not Event.objects.exists()


def test_a_pair_contest_with_an_individual_movement_is_refused(alice):
    page = alice.post(
        reverse("director_event_create"),
        {**NEW_INDIVIDUAL, "form": "pairs", "movement_name": "individual-12"},
    ).content.decode()
    assert "is an individual&#x27;s: choose Individual" in page
    assert not Event.objects.exists()


def test_the_players_page_names_each_player(alice):
    alice.post(
        reverse("director_event_create"), {**NEW_INDIVIDUAL, "movement_name": "individual-12"}
    )
    event = Event.objects.get()
    Member.objects.create(club=event.club, name="Jane Alden", number="123")
    url = reverse("director_players", args=[event.pk])
    page = alice.get(url).content.decode()
    assert page.count('name="player-') == 12 and "Table 1 North" in page
    response = alice.post(url, {"player-1": "Jane Alden (#123)", "player-2": "Tom Visitor"})
    assert response.status_code == 302
    one = Individual.objects.get(event=event, label="1")
    assert one.member is not None and one.member.number == "123"
    assert set(Player.objects.filter(individual=one).values_list("name", flat=True)) == {
        "Jane Alden"
    }
    assert Individual.objects.get(event=event, label="2").name == "Tom Visitor"
    page = alice.get(url).content.decode()
    assert 'value="Jane Alden (#123)"' in page


def test_a_name_the_field_cannot_keep_is_refused_and_kept(alice):
    alice.post(
        reverse("director_event_create"), {**NEW_INDIVIDUAL, "movement_name": "individual-12"}
    )
    event = Event.objects.get()
    url = reverse("director_players", args=[event.pk])
    page = alice.post(url, {"player-1": "Bad\x07name", "player-2": "Kept"}, follow=True)
    text = page.content.decode()
    assert "Nothing was saved" in text and 'value="Kept"' in text
    assert not Individual.objects.filter(event=event).exclude(name="").exists()


def _candidate(page, name):
    items = re.findall(r'<li class="candidate">(.*?)</li>', page, re.S)
    return next(item for item in items if f"<code>{name}</code>" in item)


@pytest.mark.parametrize(
    ("players", "name", "words"),
    [
        # 7 rounds of 4: seven players sit out one round, players 6 and 8 none.
        ("9", "individual-9", "7 rounds · 2 tables · 24 or 28 boards a player"),
        # 13 rounds of 2: every player sits out one round.
        ("13", "individual-13", "13 rounds · 3 tables · 24 boards a player"),
        ("12", "individual-12", "11 rounds · 3 tables · 22 boards a player"),
    ],
)
def test_the_boards_a_player_are_what_the_players_play(alice, players, name, words):
    page = alice.get(reverse("director_event_create"), {"ind-players": players}).content.decode()
    assert words in _candidate(page, name)


def test_every_candidates_boards_a_player_count_the_rounds_sat_out():
    """Every size the library offers, at the chooser's boards a round: the figure names
    the numbers of boards the players play, and says two when they differ."""
    for players in sizes():
        for c in individual_candidates(players):
            m = c.individual
            played = {
                p: sum(len(tr.boards) for tr in m.schedule if p in tr.seats.values())
                for p in m.players
            }
            counts = sorted(set(played.values()))
            assert c.boards_a_player == " or ".join(map(str, counts)), c.name
