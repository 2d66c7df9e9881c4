"""Team events of many teams in the app: create, play, draw, rank, export."""

import datetime
from fractions import Fraction

import pytest
from django.urls import reverse

from tournament import exports, services
from tournament.models import AuditEntry, Event, League, Seating
from tournament.queries import leagues, standings
from tournament.services import Actor, Entry, ServiceError
from tournament.services import league as league_module

from .test_races import ROUNDS, Device, gated_race, needs_postgresql

TEAMS = ["Hawks", "Owls", "Larks", "Wrens"]


def make_league(owner, draw="round-robin", rounds=None, teams=TEAMS):
    return services.create_league(
        owner,
        name="Winter league",
        date=datetime.date(1915, 1, 12),
        teams=teams,
        pairs_per_team=2,
        boards_per_round=1,
        draw=draw,
        rounds=rounds,
    )


def play(match: Event, tricks_at: dict[int, int]) -> None:
    """Every board at every table: 2H by South, ``tricks_at[table]`` tricks; rounds closed."""
    by = Actor.director(match.owner)
    for s in Seating.objects.filter(event=match).order_by("round", "table"):
        for board in s.board_numbers:
            services.enter_result(
                match,
                board_number=board,
                round_no=s.round,
                table=s.table,
                entry=Entry("2H", "S", tricks_at[s.table]),
                by=by,
                confirmed=True,
            )
    for r in range(1, 3):
        services.close_round(match, r, by=by)


def test_a_round_robin_draws_every_meeting_as_a_law_g_match(director):
    league = make_league(director)
    matches = league.matches.order_by("league_round", "pk")
    assert matches.count() == 6  # 4 teams: 3 rounds of 2 meetings
    names = [(m.league_round, *sorted(t.name for t in m.team_set.all())) for m in matches]
    pairs = {frozenset(n[1:]) for n in names}
    assert len(pairs) == 6  # every pair of teams once
    first = matches[0]
    assert first.is_team_match and first.tables == 2
    assert [t.name for t in first.team_set.order_by("label")] == ["Hawks", "Wrens"]


def test_standings_follow_the_finished_matches(director):
    league = make_league(director)
    hawks_wrens = league.matches.get(league_round=1, name__endswith="Hawks v Wrens")
    # Table 1 (Hawks NS) makes 9 tricks, table 2 (Wrens NS) 8: Hawks gain on every board.
    play(hawks_wrens, {1: 9, 2: 8})
    result = standings.team_match(hawks_wrens)
    assert result.winner == "A"
    rows = {r.team: r for r in leagues.league_table(league)}
    assert (rows["Hawks"].won, rows["Wrens"].lost) == (1, 1)
    assert rows["Hawks"].margin == result.margin and rows["Owls"].played == 0
    meetings = [m for m in leagues.meetings(league) if m.round == 1]
    assert meetings[0].winner == "Hawks" and meetings[1].winner is None
    xlsx = exports.league_xlsx_bytes(league)
    assert xlsx[:2] == b"PK"
    csv = exports.league_csv_bytes(league).decode("utf-8-sig")
    assert csv.splitlines()[1].startswith("1,Hawks,1,1,0,0,0,1,")


def test_a_swiss_draws_round_by_round_after_the_results(director):
    league = make_league(director, draw="swiss", rounds=2)
    assert league.matches.count() == 2  # round 1 only: Hawks v Owls, Larks v Wrens
    by = Actor.director(director)
    with pytest.raises(ServiceError, match="round 1 is still being played"):
        services.draw_next_round(league, by=by)
    for m in league.matches.all():
        play(m, {1: 9, 2: 8})  # team A (the first named) wins each
    assert services.draw_next_round(league, by=by) == 2
    round_2 = {
        frozenset(t.name for t in m.team_set.all()) for m in league.matches.filter(league_round=2)
    }
    # Hawks and Larks won; they meet; Owls and Wrens lost; they meet.
    assert round_2 == {frozenset({"Hawks", "Larks"}), frozenset({"Owls", "Wrens"})}
    with pytest.raises(ServiceError, match="all 2 rounds are drawn"):
        services.draw_next_round(league, by=by)


def test_bad_leagues_are_refused_in_words(director):
    with pytest.raises(ServiceError, match="at least three"):
        make_league(director, teams=["A", "B"])
    with pytest.raises(ServiceError, match="same name"):
        make_league(director, teams=["A", "B", "a"])
    with pytest.raises(ServiceError, match="plays 1 to 3 rounds"):
        make_league(director, draw="swiss", rounds=4)
    with pytest.raises(ServiceError, match="round robin or a Swiss"):
        make_league(director, draw="round_robin")  # not one of the draws: nothing made


def test_the_pages(client, director, rival_director):
    client.force_login(director)
    r = client.post(
        reverse("director_league_create"),
        {
            "name": "Spring Swiss",
            "date": "1915-04-01",
            "code": "1915",
            "premium": "on",
            "pairs_per_team": "2",
            "boards_per_round": "2",
            "draw": "swiss",
            "rounds": "3",
            "teams": "Hawks\nOwls\nLarks\nWrens\nRooks",
        },
    )
    league = League.objects.get(name="Spring Swiss")
    assert r.status_code == 302
    page = client.get(reverse("director_league", args=[league.pk]))
    assert b"a bye" in page.content and b"Draw round 2" in page.content
    bad = client.post(reverse("director_league_action", args=[league.pk, "draw"]), follow=True)
    assert b"Round 1 is still being played" in bad.content
    public = reverse("league_standings", args=[league.pk])
    client.logout()
    assert client.get(public).status_code == 404  # not published
    client.force_login(rival_director)  # another club's director: the league is not there
    assert client.get(reverse("director_league", args=[league.pk])).status_code == 404
    client.force_login(director)
    client.post(reverse("director_league_action", args=[league.pk, "publish"]))
    client.logout()
    assert client.get(public).status_code == 200
    csv = client.get(reverse("league_download", args=[league.pk, "csv"]))
    assert csv.status_code == 200
    # Named like an event's files (name and date), not "league-1-standings.csv".
    assert csv["Content-Disposition"] == 'attachment; filename="spring-swiss-19150401.csv"'
    assert client.get(reverse("league_download", args=[league.pk, "pdf"])).status_code == 404


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_two_draws_at_once_draw_one_round(director, monkeypatch):
    for _ in range(max(ROUNDS // 2, 3)):
        league = make_league(director, draw="swiss", rounds=3)
        for m in league.matches.all():
            play(m, {1: 9, 2: 8})
        a, b = (
            Device(n, lambda lg=league: services.draw_next_round(lg, by=Actor.director(director)))
            for n in ("a", "b")
        )
        gated_race(monkeypatch, (league_module, "swiss_draw"), a, b)
        assert a.outcome == 2, a.outcome
        assert isinstance(b.outcome, ServiceError) and "still being played" in str(b.outcome)
        assert league.matches.filter(league_round=2).count() == 2
        assert not league.matches.filter(league_round=3).exists()


def test_a_bye_counts_once_every_match_of_its_round_is_over(director):
    """A round robin draws every bye on the first evening; a bye is the average of a
    match, so it counts only when its round's matches count (it did from the draw)."""
    league = make_league(director, teams=["Hawks", "Owls", "Larks", "Wrens", "Rooks"])

    def byes():
        return {r.team: (r.byes, r.matches) for r in leagues.league_table(league)}

    assert set(byes().values()) == {(0, 0)}
    bye_in = {m.home: m.round for m in leagues.meetings(league) if m.away is None}
    first, second = league.matches.filter(league_round=1).order_by("pk")
    round_1_bye = next(t for t, r in bye_in.items() if r == 1)
    play(first, {1: 9, 2: 8})
    assert byes()[round_1_bye] == (0, 0)  # the other match of round 1 is still played
    play(second, {1: 9, 2: 8})
    after = byes()
    assert after[round_1_bye] == (1, Fraction(1, 2))
    assert all(after[t][0] == 0 for t, r in bye_in.items() if r != 1)
    page = leagues.meetings(league)
    assert [m.finished for m in page if m.away is None] == [True, False, False, False, False]


def test_a_published_league_lists_and_opens_its_matches_by_the_publication_rule(client, director):
    """Publishing a league publishes its matches with it: the Results page lists the
    league, its page links each match, and a match's boards follow the publication rule
    (a board still to be played at a table stays hidden)."""
    league = make_league(director)
    match = league.matches.get(league_round=1, name__endswith="Hawks v Wrens")
    services.enter_result(
        match,
        board_number=1,
        round_no=1,
        table=1,
        entry=Entry("2H", "S", 9),
        by=Actor.director(director),
    )
    standings_url = reverse("event_standings", args=[match.pk])
    traveller = reverse("event_traveller", args=[match.pk, 1])
    assert client.get(standings_url).status_code == 404  # the league is not published
    assert b"Winter league" not in client.get(reverse("events")).content
    league.published = True
    league.save()
    listing = client.get(reverse("events")).content.decode()
    assert reverse("league_standings", args=[league.pk]) in listing
    assert "Winter league, round" not in listing  # its matches are reached from its page
    page = client.get(reverse("league_standings", args=[league.pk])).content.decode()
    assert standings_url in page
    assert client.get(standings_url).status_code == 200
    board_1 = client.get(traveller).content.decode()
    assert "Not yet" in board_1 and "2H" not in board_1  # table 2 has still to play it
    match.refresh_from_db()
    assert match.is_public and not match.published


def test_publishing_a_league_is_in_its_matches_audit_trail(client, director):
    """Publishing an event writes "published" in its audit trail; publishing a league
    (which publishes its matches) writes in each match's trail who published it with
    its league, and when, as an event's does."""
    league = make_league(director)
    client.force_login(director)
    client.post(reverse("director_league_action", args=[league.pk, "publish"]))
    league.refresh_from_db()
    assert league.published
    matches = list(league.matches.all())
    assert len(matches) == 6  # four teams, a round robin: three rounds of two matches
    for match in matches:
        line = AuditEntry.objects.filter(event=match).first()  # the newest
        assert (line.action, line.actor, line.user) == ("published", "director alice", director)
        assert line.detail == (
            "results shown to the public with Winter league (the league was published)"
        )
    page = client.get(reverse("director_audit", args=[matches[0].pk])).content.decode()
    assert "the league was published" in page
    client.post(reverse("director_league_action", args=[league.pk, "unpublish"]))
    league.refresh_from_db()
    assert not league.published
    assert {AuditEntry.objects.filter(event=m).first().action for m in matches} == {"unpublished"}


LEAGUE_FORM = {
    "date": "1915-04-01",
    "code": "1915",
    "premium": "on",
    "pairs_per_team": "2",
    "boards_per_round": "1",
    "draw": "round-robin",
}


def test_names_that_make_a_match_name_too_long_are_refused_with_the_limit(client, director):
    """Each field within its own limit (a league's name 120 characters, a team's 80), but
    a match is named "{league}, round N: {A} v {B}", kept in an event's 120: refused on
    the form in the director's words (a database error on PostgreSQL, a name past its
    column on SQLite, otherwise), nothing made, everything typed kept."""
    client.force_login(director)
    teams = ["H" * 80, "O" * 80, "Larks"]
    name = "Winter league " + "w" * 106  # 120 characters
    r = client.post(
        reverse("director_league_create"),
        {**LEAGUE_FORM, "name": name, "teams": "\n".join(teams)},
    )
    assert r.status_code == 200
    page = r.content.decode()
    # 120 + ", round 3: " (11) + 80 + " v " (3) + 80
    assert "a name holds at most 120 characters" in page
    assert "the longest would have 294" in page and "by 174 characters" in page
    assert name in page and "H" * 80 in page  # kept as typed
    assert not League.objects.exists() and not Event.objects.exists()


def test_the_longest_match_name_that_fits_is_made(director):
    league = services.create_league(
        director,
        name="L" * 37,  # 37 + ", round 3: " (11) + 35 + " v " (3) + 34 = 120
        date=datetime.date(1915, 1, 12),
        teams=["A" * 35, "B" * 34, "C"],
        pairs_per_team=2,
        boards_per_round=1,
        draw="round-robin",
    )
    assert max(len(m.name) for m in league.matches.all()) <= 120
    with pytest.raises(ServiceError, match=r"by 1 character$"):
        services.create_league(
            director,
            name="L" * 38,
            date=datetime.date(1915, 1, 12),
            teams=["A" * 35, "B" * 34, "C"],
            pairs_per_team=2,
            boards_per_round=1,
            draw="round-robin",
        )
    with pytest.raises(ServiceError, match="at most 80 characters"):
        make_league(director, teams=["A" * 81, "B", "C"])
