"""A season across evenings: its standings from the published evenings' own standings,
under its rule (scoring.season, whose worked examples are in tests/scoring/test_season.py),
updated on publishing and on a correction after publishing."""

import io
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from openpyxl import load_workbook

from tournament import services
from tournament.models import Club, Member, Season, Seating
from tournament.queries.club import event_standings, season_standings
from tournament.services import Actor, ServiceError
from tournament.services.seasons import set_season_events

from ..factories import enter, entry, make_event

LINES = ["4H S 10", "2S N 8", "1NT E 7", "3C W 9", "4H S 9", "2S N 9", "1NT E 6", "5D S 11"]


@pytest.fixture
def td(db):
    return get_user_model().objects.create_user("td", password="pw-td-1915", is_staff=True)


def evening(owner, shift, **fields):
    """A finished 3-table evening, every board played; ``shift`` varies the lines."""
    event = make_event(owner, **fields)
    n = shift
    for s in Seating.objects.filter(event=event).exclude(ns=None).exclude(ew=None):
        for board in s.board_numbers:
            enter(event, board, s.round, s.table, LINES[n % len(LINES)])
            n += 1
    for rnd in event.round_set.values_list("number", flat=True):
        services.close_round(event, rnd, by=Actor.director(owner))
    return event


def row_of(event, label):
    return next(r for r in event_standings(event) if r.pair == label)


def register(club):
    for i, name in enumerate(["Alden", "Brewster", "Carrow", "Dale"], 1):
        Member.objects.create(club=club, name=name, number=str(i))


def test_total_points_season_sums_each_evenings_law_h_score(td):
    club = Club.first()
    register(club)
    season = Season.objects.create(club=club, name="Autumn", method="total")
    one = evening(td, 0, pair_names={"1": ["1", "2"], "2": ["3", "4"]}, season=season)
    two = evening(td, 3, pair_names={"1": ["1", "3"]}, season=season, name="Second")
    # Nothing is published yet: the public season is empty, the director's counts both.
    assert season_standings(season) == []
    assert len(season_standings(season, public=False)) == 4
    for e in (one, two):
        services.set_published(e, True, by=Actor.director(td))
    rows = {r.member.name: r for r in season_standings(season)}
    # Alden played pair 1 both evenings: the sum of pair 1's two contest scores.
    # Brewster played pair 1 on the first evening only; Dale pair 2 on the first only.
    p1, p1b, p2 = row_of(one, "1").score, row_of(two, "1").score, row_of(one, "2").score
    assert rows["Alden"].exact == Fraction(p1) + Fraction(p1b)
    assert rows["Brewster"].exact == p1 and rows["Brewster"].played == 1
    assert rows["Dale"].exact == p2
    assert rows["Carrow"].exact == Fraction(p2) + Fraction(p1b) and rows["Carrow"].played == 2
    ranked = [r.exact for r in season_standings(season)]
    assert ranked == sorted(ranked, reverse=True)

    # A correction after publishing: the season follows at once (the evening's stamp moved).
    before = rows["Alden"].exact
    seating = Seating.objects.filter(event=one, ns__label="1").first()
    board = seating.first_board
    result = services.live_result(one, board, seating.round, seating.table)
    services.correct_result(
        result,
        entry=entry("7NT S 1"),  # down six: a big loss for the declaring side, pair 1
        by=Actor.director(td, "the wrong contract was entered"),
    )
    after = {r.member.name: r for r in season_standings(season)}["Alden"].exact
    assert after == Fraction(row_of(one, "1").score) + Fraction(p1b)
    assert after < before


def test_matchpoint_season_best_n_of_at_least_m(td):
    club = Club.first()
    register(club)
    season = Season.objects.create(
        club=club, name="Winter", method="matchpoints", best=1, at_least=2
    )
    mp = {"method": "matchpoints", "season": season}
    one = evening(td, 0, pair_names={"1": ["1", "2"], "2": ["3", "4"]}, **mp)
    two = evening(td, 5, pair_names={"1": ["1", "2"]}, name="Second", **mp)
    for e in (one, two):
        services.set_published(e, True, by=Actor.director(td))
    rows = season_standings(season)
    # Alden and Brewster: two evenings, the best one counts (N = 1); Carrow and Dale have
    # one evening, fewer than M = 2: listed after, unranked.
    best = max(row_of(one, "1").percent_value, row_of(two, "1").percent_value)
    assert [(r.member.name, r.rank, r.exact) for r in rows[:2]] == [
        ("Alden", "1=", best),
        ("Brewster", "1=", best),
    ]
    assert [(r.member.name, r.rank) for r in rows[2:]] == [("Carrow", ""), ("Dale", "")]


def test_a_members_page_charts_the_percentages(client, td):
    club = Club.first()
    register(club)
    events = [
        evening(
            td, shift, method="matchpoints", name=f"Night {shift}", pair_names={"1": ["1", "2"]}
        )
        for shift in (0, 2, 5)
    ]
    for e in events:
        services.set_published(e, True, by=Actor.director(td))
    alden = Member.objects.get(name="Alden")
    page = client.get(reverse("member_page", args=[alden.pk])).content.decode()
    percents = [row_of(e, "1").percent for e in events]
    assert "<svg" in page and "Percentage each evening" in page
    for p in percents:
        assert f"{p}%" in page  # the chart's description names each evening's figure
    assert "Brewster" in page  # the partner


def test_a_season_holds_one_kind_of_event(td):
    club = Club.first()
    season = Season.objects.create(club=club, name="Winter", method="matchpoints")
    total = make_event(td)
    with pytest.raises(ServiceError, match="matchpoints evenings only"):
        set_season_events(season, [total.pk], by=Actor.director(td))
    mp = make_event(td, method="matchpoints", name="MP night")
    assert set_season_events(season, [mp.pk], by=Actor.director(td)) == 1
    assert set_season_events(season, [], by=Actor.director(td)) == 1
    mp.refresh_from_db()
    assert mp.season is None


def test_season_pages_and_files(client, td):
    club = Club.first()
    register(club)
    client.force_login(td)
    r = client.post(
        reverse("director_seasons"),
        {"name": "Autumn", "method": "total", "best": "", "at_least": "1", "current": "on"},
    )
    season = Season.objects.get(name="Autumn")
    assert r.status_code == 302
    one = evening(td, 0, pair_names={"1": ["1", "2"]})
    r = client.post(reverse("director_season", args=[season.pk]), {"events": "1", "pick": [one.pk]})
    assert r.status_code == 302
    one.refresh_from_db()
    assert one.season == season
    services.set_published(one, True, by=Actor.director(td))
    page = client.get(reverse("season_standings", args=[season.pk])).content.decode()
    assert "Alden" in page and "Brewster" in page
    home = client.get(reverse("home")).content.decode()
    assert "Autumn" in home and one.name in home
    ws = load_workbook(
        io.BytesIO(client.get(reverse("season_download", args=[season.pk, "xlsx"])).content)
    ).active
    # The public's file names the members, as the public page does: no member number.
    assert [c.value for c in ws[1]] == ["Rank", "Member", "Evenings", "Counted", "Score"]
    names = {ws.cell(row=i, column=2).value for i in range(2, ws.max_row + 1)}
    assert names == {"Alden", "Brewster"}
    csv_text = client.get(reverse("season_download", args=[season.pk, "csv"])).content.decode()
    assert "Alden" in csv_text and "Member number" not in csv_text
    # A bad rule is refused in words, nothing saved.
    r = client.post(
        reverse("director_seasons"),
        {"name": "Bad", "method": "matchpoints", "best": "0", "at_least": "1"},
    )
    assert r.status_code == 200 and not Season.objects.filter(name="Bad").exists()
