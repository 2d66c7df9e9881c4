"""Factoring for total points in the app: the director's switch, the standings that name
it with b and B, the files, and the season that adds the factored figures (the rule's
hand-worked example is tests/scoring/test_factoring.py)."""

import csv
import io
from fractions import Fraction

import pytest
from django.urls import reverse

from scoring import pair_standings
from tournament import services
from tournament.models import AuditEntry, Club, Member, Season
from tournament.queries import standings
from tournament.queries.club import season_standings
from tournament.services import Actor, ServiceError

from ..factories import late_pair_evening, make_event


@pytest.fixture
def evening(director):
    return late_pair_evening(director, pair_names={"3": ["Alden", "Brewster"]})


def test_the_director_sets_factoring_and_the_standings_follow(client, director, evening):
    results = standings.board_results(evening)
    as_played = {s.pair: s for s in pair_standings(results, "total")}
    late = [p for p, s in as_played.items() if s.boards == 4]
    assert sorted(late) == ["3", "6"]  # pair 3 and its round-1 opponents (EW 6)
    client.force_login(director)
    page = client.get(reverse("director_event", args=[evening.pk])).content.decode()
    assert "Pairs that played fewer boards" in page
    r = client.post(reverse("director_factoring", args=[evening.pk]), {"factoring": "factored"})
    assert r.status_code == 302
    evening.refresh_from_db()
    assert evening.is_factored
    assert AuditEntry.objects.filter(event=evening, action="factoring", user=director).exists()
    rows = {r.pair: r for r in standings.pair_contest(evening)}
    # B = 6 (four pairs played 6 boards, two pairs 4): pair 3's sum x 6 / 4.
    for pair in ("3", "6"):
        assert rows[pair].score == Fraction(as_played[pair].score) * 6 / 4
        assert rows[pair].compared == 4 and rows[pair].factor_to == 6
    assert rows["1"].score == as_played["1"].score and rows["1"].compared == 6
    html = client.get(reverse("event_standings", args=[evening.pk])).content.decode()
    assert "Total points (Law H), factored" in html
    assert "× 6 ÷ the boards it played with a comparison (b)" in html
    assert ">As played<" in html and "Boards (b)" in html
    client.post(reverse("director_factoring", args=[evening.pk]), {"factoring": "as-played"})
    html = client.get(reverse("event_standings", args=[evening.pk])).content.decode()
    assert "Total points (Law H)" in html and "Total points (Law H), factored" not in html
    assert ">As played<" not in html and "Boards (b)" not in html


def test_the_standings_file_carries_the_sum_as_played_and_b(client, director, evening):
    evening = services.set_factoring(evening, "factored", by=Actor.director(director))
    client.force_login(director)
    text = client.get(reverse("director_download", args=[evening.pk, "standings-csv"]))
    rows = list(csv.DictReader(io.StringIO(text.content.decode("utf-8-sig"))))
    by = {r["Pair"]: r for r in rows}
    assert by["3"]["Boards compared (b)"] == "4" and by["1"]["Boards compared (b)"] == "6"
    exact = {r.pair: r for r in standings.pair_contest(evening)}
    assert by["3"]["As played"] == exact["3"].as_played


def test_matchpoints_and_nonsense_are_refused_in_the_directors_words(director, evening):
    with pytest.raises(ServiceError, match="as played"):
        services.set_factoring(evening, "scaled", by=Actor.director(director))
    mp = make_event(director, method="matchpoints", name="MP night")
    with pytest.raises(ServiceError, match="Matchpoints need no factoring"):
        services.set_factoring(mp, "factored", by=Actor.director(director))


def test_the_new_event_form_offers_factoring_for_total_points(client, director):
    client.force_login(director)
    page = client.get(reverse("director_event_create")).content.decode()
    assert 'name="factoring"' in page and 'data-show-when="form!=teams method=total"' in page


def test_the_season_adds_the_factored_figures(director):
    club = Club.first()
    for i, name in enumerate(["Alden", "Brewster"], 1):
        Member.objects.create(club=club, name=name, number=str(i))
    season = Season.objects.create(club=club, name="Autumn", method="total")
    one = late_pair_evening(
        director, pair_names={"3": ["1", "2"]}, season=season, factoring="factored"
    )
    two = late_pair_evening(director, pair_names={"3": ["1", "2"]}, season=season, name="Two")
    for e in (one, two):
        services.set_published(e, True, by=Actor.director(director))
    factored = next(r for r in standings.pair_contest(one) if r.pair == "3")
    plain = next(r for r in standings.pair_contest(two) if r.pair == "3")
    assert factored.as_played_value == plain.score  # the same lines, one evening factored
    assert factored.score == Fraction(plain.score) * 6 / 4
    rows = {r.member.name: r for r in season_standings(season)}
    assert rows["Alden"].exact == Fraction(factored.score) + Fraction(plain.score)
