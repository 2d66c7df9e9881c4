"""A season credits each member of an individual with his own standing there, beside
the pair contests' (docs/laws/duplicate.md, "A season"; "Individuals")."""

from fractions import Fraction

from django.urls import reverse

from tournament import services
from tournament.models import Club, Member, Season
from tournament.queries.club import history, individual_letters, season_standings
from tournament.services import Actor
from tournament.services.seasons import set_season_events

from ..factories import enter, make_event
from .test_individual_standings import evening


def test_the_season_credits_each_member_of_an_individual(director):
    club = Club.first()
    for i, name in enumerate(["Alden", "Brewster", "Carrow"], 1):
        Member.objects.create(club=club, name=name, number=str(i), email=f"{i}@example.org")
    season = Season.objects.create(club=club, name="Autumn", method="total")
    event = evening(director, names={"4": "Alden", "1": "Brewster", "7": "Carrow"})
    by = Actor.director(director)
    assert set_season_events(season, [event.pk], by=by) == 1
    services.set_published(event, True, by=by)
    rows = {r.member.name: r for r in season_standings(season)}
    # The hand sums of test_individual_standings: players 4, 1 and 7.
    assert rows["Alden"].exact == Fraction(197, 2) and rows["Alden"].played == 1
    assert rows["Brewster"].exact == Fraction(181, 2)
    assert rows["Carrow"].exact == Fraction(-197, 2)
    assert [r.member.name for r in season_standings(season)] == ["Alden", "Brewster", "Carrow"]
    # His evenings: the individual once (not once a partnership), with his place.
    alden = Member.objects.get(club=club, name="Alden")
    (played,) = history(alden, public=True)
    assert (played.pair, played.place, played.individual) == ("4", "1 of 8", True)
    letters = individual_letters(event, lambda label: f"https://x/{label}")
    assert len(letters) == 3
    assert "You played as player 4: 99, place 1." in letters[1].body  # by number: 1, 4, 7


def test_the_member_page_links_the_players_card(director, client):
    club = Club.first()
    Member.objects.create(club=club, name="Alden", number="1")
    event = make_event(
        director,
        form="individual",
        movement_name="individual-8-r3",
        tables=0,
        boards_per_round=1,
        individual_names={"4": "Alden"},
    )
    enter(event, 1, 1, 1, "4H S 10")
    services.set_published(event, True, by=Actor.director(director))
    alden = Member.objects.get(club=club, name="Alden")
    page = client.get(reverse("member_page", args=[alden.pk])).content.decode()
    assert reverse("event_player", args=[event.pk, "4"]) in page
