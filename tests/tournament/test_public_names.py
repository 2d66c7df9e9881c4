"""Members of one name told apart on the public pages, by the order they joined the
register; and a member's history of team matches, with the team's score and result."""

import re
from dataclasses import replace

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournament import services
from tournament.models import Club, Member, Player, Season
from tournament.queries.club import history, match_result, team_place
from tournament.queries.names import public_name, public_names
from tournament.services import Actor

from .test_seasons import evening


@pytest.fixture
def td(db):
    return get_user_model().objects.create_user("td", password="pw-td-1915", is_staff=True)


@pytest.fixture
def smiths(db):
    """Two John Smiths on the register (the first joined first), and a Jane Alden."""
    club = Club.first()
    first = Member.objects.create(club=club, name="John Smith", number="101")
    second = Member.objects.create(club=club, name="john  SMITH", number="102")
    alden = Member.objects.create(club=club, name="Jane Alden", number="103")
    Member.objects.create(club=club, name="Tom Dale", number="104")
    return first, second, alden


def test_the_second_of_a_name_is_told_apart_by_the_order_it_joined(smiths):
    first, second, alden = smiths
    assert public_names([second, alden, first]) == {
        first.pk: "John Smith",
        second.pk: "john  SMITH\u00a0(2)",
        alden.pk: "Jane Alden",
    }
    assert public_name(second) == "john  SMITH\u00a0(2)" and public_name(first) == "John Smith"
    third = Member.objects.create(club=first.club, name="John Smith", guest=True)
    assert public_name(third) == "John Smith\u00a0(3)"
    # Another club's John Smith is that club's first.
    rival = Club.objects.create(name="Rival", short_name="R")
    theirs = Member.objects.create(club=rival, name="John Smith")
    assert public_names([theirs, second]) == {
        theirs.pk: "John Smith",
        second.pk: "john  SMITH\u00a0(2)",
    }


@pytest.fixture
def season(td, smiths):
    season = Season.objects.create(club=smiths[0].club, name="Autumn", method="matchpoints")
    # Pair 1: the first John Smith and Jane Alden; pair 2: the second and Tom Dale.
    event = evening(
        td,
        0,
        method="matchpoints",
        season=season,
        pair_names={"1": ["101", "103"], "2": ["102", "104"]},
    )
    services.set_published(event, True, by=Actor.director(td))
    return season, event


def test_the_public_season_page_tells_the_two_apart(client, season, smiths):
    first, second, _ = smiths
    season, _ = season
    page = client.get(reverse("season_standings", args=[season.pk])).content.decode()
    assert f'<a href="/members/{first.pk}/">John Smith</a>' in page
    assert f'<a href="/members/{second.pk}/">john  SMITH\u00a0(2)</a>' in page
    assert "101" not in page and "102" not in page  # the public never sees a number


def test_a_members_public_page_and_his_partners_use_the_same_names(client, season, smiths):
    first, second, alden = smiths
    page = client.get(reverse("member_page", args=[second.pk])).content.decode()
    assert "<h1>john  SMITH\u00a0(2)</h1>" in page
    assert "<title>john  SMITH\u00a0(2) · Duplicate Auction</title>" in page
    page = client.get(reverse("member_page", args=[first.pk])).content.decode()
    assert "<h1>John Smith</h1>" in page
    page = client.get(reverse("member_page", args=[alden.pk])).content.decode()
    assert re.search(r"<td>John Smith</td>", page)  # her partner, the first of the name
    assert "(2)" not in page


def test_the_score_card_links_each_member_by_his_public_name(client, season, smiths):
    second = smiths[1]
    _, event = season
    page = client.get(reverse("event_pair", args=[event.pk, "2"])).content.decode()
    assert f'<a href="/members/{second.pk}/">john  SMITH\u00a0(2)\'s evenings</a>' in page


def test_the_directors_pages_name_the_member_by_his_number(client, td, season, smiths):
    client.force_login(td)
    season, _ = season
    page = client.get(reverse("director_season", args=[season.pk])).content.decode()
    assert "John Smith (#101)" in page and "john  SMITH (#102)" in page
    assert "(2)" not in page


# --- A member's history of team matches -----------------------------------------------


def test_a_team_match_in_a_members_history_has_its_score_and_result(client, demo):
    _, team_event = demo
    match, pending = match_result(team_event)
    assert pending == 0 and match.winner == "A"
    won = Player.objects.filter(pair__event=team_event, pair__team__label="A").first().member
    lost = Player.objects.filter(pair__event=team_event, pair__team__label="B").first().member
    (a,) = [p for p in history(won, public=True) if p.event == team_event]
    (b,) = [p for p in history(lost, public=True) if p.event == team_event]
    margin = match.margin_rounded
    assert (a.score, a.place) == (f"Team A {match.teams['A'].rounded}", f"won by {margin} points")
    assert (b.score, b.place) == (f"Team B {match.teams['B'].rounded}", f"lost by {margin} points")
    page = client.get(reverse("member_page", args=[won.pk])).content.decode()
    row = page[page.index(team_event.name) :].split("</tr>", 1)[0]
    assert f"Team A {match.teams['A'].rounded}" in row and f"won by {margin} points" in row
    assert "—" not in row.replace(f"{a.partner}", "")


def test_a_team_match_still_being_played_leads_and_a_tie_is_a_tie(demo):
    _, team_event = demo
    match, _ = match_result(team_event)
    assert team_place(match, "A", 2) == f"leads by {match.margin_rounded} points so far"
    assert team_place(match, "B", 2) == f"trails by {match.margin_rounded} points so far"
    level = replace(match, winner=None, margin_rounded=0)
    assert team_place(level, "A", 0) == "a tie" and team_place(level, "B", 3) == "level so far"
    close = replace(match, by_fraction=True, margin_rounded=0)
    assert team_place(close, "B", 0) == "lost by the fraction of a point"
    one = replace(match, margin_rounded=1)
    assert team_place(one, "A", 0) == "won by 1 point"
