"""Sections and sessions in the app: create, compare across, carry over."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import enter
from tests.factories import make_contest as contest_of
from tournament import exports, services
from tournament.models import Board, Contest
from tournament.queries import contests, standings
from tournament.services import Actor, ServiceError, deals


def make_contest(owner, **fields):
    """Two sections and two sessions unless told otherwise."""
    return contest_of(owner, **{"sessions": 2, **fields})


def test_a_contest_is_sections_times_sessions_events(director):
    contest = make_contest(director)
    parts = contests.parts(contest)
    assert [(e.session, e.section) for e in parts] == [(1, "A"), (1, "B"), (2, "A"), (2, "B")]
    assert parts[1].name == "Club championship, session 1, section B"
    assert all(e.tables == 3 and e.method == "total" for e in parts)


def test_sections_are_compared_across(director):
    contest = make_contest(director, sessions=1)
    a, b = contests.parts(contest)
    # Board 1, round 1, table 1 in each section: 4H by S, 10 tricks (+157) in A, 8 (-100) in B.
    enter(a, 1, 1, 1, "4H S 10")
    enter(b, 1, 1, 1, "4H S 8")
    across = {s.pair: s.score for s in contests.session_table(contest, 1)}
    # One line a section: within A alone pair 1 scores 0; across, the average is
    # (157 - 100) / 2 = 57/2, so A1 is 157 - 57/2 = +257/2 and B1 -257/2.
    assert {s.pair: s.score for s in standings.pair_contest(a)}["1"] == 0
    assert across["A1"] * 2 == 257 and across["B1"] * 2 == -257


def test_deals_shared_and_different_deals_refused(director):
    contest = make_contest(director, sessions=1)
    a, b = contests.parts(contest)
    deals.deal_event(a, seed="championship", by=Actor.director(director))
    n = services.share_deals(contest, 1, by=Actor.director(director))
    assert n == Board.objects.filter(event=b).count()
    assert list(Board.objects.filter(event=b).values_list("deal", flat=True)) == list(
        Board.objects.filter(event=a).values_list("deal", flat=True)
    )
    other = Board.objects.get(event=b, number=1)
    other.deal = Board.objects.get(event=a, number=2).deal
    other.save()
    with pytest.raises(
        ServiceError, match="board 1 is not the same deal in section A and section B"
    ):
        contests.session_table(contest, 1)


def test_sessions_carried_over(director):
    contest = make_contest(director, sections=1, sessions=2)
    s1, s2 = contests.parts(contest)
    for event, tricks in ((s1, (10, 8)), (s2, (8, 10))):
        enter(event, 1, 1, 1, f"4H S {tricks[0]}")  # pair 1 NS v pair 4
        enter(event, 1, 2, 3, f"4H S {tricks[1]}")  # pair 3 NS v pair 5 (the Mitchell)
    rows = {r.pair: r for r in contests.overall_table(contest)}
    # Session 1: +157 v -100, pair A1 +257/2; session 2 the other way, -257/2: total 0.
    assert rows["A1"].total == 0 and rows["A1"].sessions == (
        pytest.approx(128.5),
        pytest.approx(-128.5),
    )
    with pytest.raises(ServiceError, match="only in a matchpoint event"):
        make_contest(director, carry="average")


def test_the_pages_and_files(client, director):
    client.force_login(director)
    r = client.post(
        reverse("director_contest_create"),
        {
            "name": "Spring pairs",
            "date": "1915-04-01",
            "code": "1915",
            "premium": "on",
            "method": "matchpoints",
            "movement": "mitchell",
            "tables": "3",
            "boards_per_round": "2",
            "even": "skip",
            "sections": "2",
            "sessions": "2",
            "carry": "average",
        },
    )
    contest = Contest.objects.get(name="Spring pairs")
    assert r.status_code == 302
    page = client.get(reverse("director_contest", args=[contest.pk]))
    assert page.status_code == 200 and b"Session 2" in page.content
    a = contests.parts(contest, 1)[0]
    enter(a, 1, 1, 1, "4H S 10")
    assert exports.contest_xlsx_bytes(contest)[:2] == b"PK"
    public = reverse("contest_standings", args=[contest.pk])
    client.logout()
    assert client.get(public).status_code == 404
    client.force_login(director)
    client.post(reverse("director_contest_action", args=[contest.pk, "publish"]))
    client.logout()
    assert client.get(public).status_code == 200
    csv = client.get(reverse("contest_download", args=[contest.pk, "csv"]))
    assert csv.status_code == 200
    # Named like an event's files (name and date), not "contest-1.csv".
    assert csv["Content-Disposition"] == 'attachment; filename="spring-pairs-19150401.csv"'
    xlsx = client.get(reverse("contest_download", args=[contest.pk, "xlsx"]))
    assert xlsx["Content-Disposition"] == 'attachment; filename="spring-pairs-19150401.xlsx"'
    assert client.get(reverse("contest_download", args=[contest.pk, "doc"])).status_code == 404


def test_a_published_contest_lists_and_opens_its_sections(client, director):
    """The contest on the Results page, its page linking each section's results, each
    section public with it (unfinished boards still hidden), none of it before."""
    contest = make_contest(director, sessions=1)
    a, b = contests.parts(contest)
    enter(a, 1, 1, 1, "4H S 10")
    section = reverse("event_standings", args=[b.pk])
    assert client.get(section).status_code == 404
    contest.published = True
    contest.save()
    listing = client.get(reverse("events")).content.decode()
    assert reverse("contest_standings", args=[contest.pk]) in listing
    page = client.get(reverse("contest_standings", args=[contest.pk])).content.decode()
    assert section in page and reverse("event_standings", args=[a.pk]) in page
    assert client.get(section).status_code == 200
    board_1 = client.get(reverse("event_traveller", args=[a.pk, 1])).content.decode()
    assert "Not yet" in board_1 and "4H" not in board_1


def test_a_matchpoint_contest_page_in_its_own_words_one_table_a_direction(client, director):
    """ "(Law H)" (total points) on a matchpoint contest; North-South and East-West in one
    table with the ranks restarting mid-table."""
    contest = make_contest(director, sessions=2, method="matchpoints", carry="average")
    a, b = contests.parts(contest, 1)
    enter(a, 1, 1, 1, "4H S 10")
    enter(b, 1, 1, 1, "4H S 9")
    client.force_login(director)
    page = client.get(reverse("director_contest", args=[contest.pk])).content.decode()
    assert "(Law H)" not in page and "matchpointed" in page
    # The overall and session 1 (session 2 has no results yet).
    assert page.count("<h3>North-South</h3>") == 2 and page.count("<h3>East-West</h3>") == 2
    assert "100.00" in page  # A1 beat B1 on the one board: two decimals, not "100"
    totals = make_contest(director, sessions=1)
    page = client.get(reverse("director_contest", args=[totals.pk])).content.decode()
    assert "(Law H)" in page


def test_the_contest_form_asks_the_method_first_and_offers_no_team_match(client, director):
    client.force_login(director)
    form = client.get(reverse("director_contest_create")).content.decode()
    assert 'value="teams"' not in form  # a team match is not a section of a pair contest
    assert 'value="mitchell"' in form and 'value="howell"' in form
    assert form.index('name="method"') < form.index('name="carry"')


def test_publishing_a_contest_is_in_its_sections_audit_trails(client, director):
    """Publishing a contest publishes its sections (Event.is_public), and, as an event's
    or a league's publishing does, writes it down: each section's trail says who
    published it with its contest, and unpublishing says so too."""
    from tournament.models import AuditEntry

    contest = make_contest(director)
    client.force_login(director)
    client.post(reverse("director_contest_action", args=[contest.pk, "publish"]))
    contest.refresh_from_db()
    assert contest.published
    sections = list(contest.parts.all())
    assert len(sections) == 4  # two sessions of two sections
    for section in sections:
        assert section.is_public
        line = AuditEntry.objects.filter(event=section).first()  # the newest
        assert (line.action, line.user) == ("published", director)
        assert "the contest was published" in line.detail
    client.post(reverse("director_contest_action", args=[contest.pk, "unpublish"]))
    assert {AuditEntry.objects.filter(event=s).first().action for s in sections} == {"unpublished"}


def test_averaged_percentages_are_exported_to_two_decimals(director):
    """The overall of averaged session percentages is a percentage: 58.33 in the CSV and
    the XLSX as on the page, never 58.333333 (an exact score's six decimals)."""
    import csv
    import io

    import openpyxl

    contest = make_contest(director, sections=1, carry="average", method="matchpoints")
    s1 = contests.parts(contest, 1)[0]
    # Board 1 at three tables (top 4), board 2 at two (top 2): pair A1 4/4 and 1/2.
    enter(s1, 1, 1, 1, "4H S 10")
    enter(s1, 1, 2, 3, "4H S 9")
    enter(s1, 1, 3, 2, "4H S 8")
    enter(s1, 2, 1, 1, "4H S 10")
    enter(s1, 2, 2, 3, "4H S 10")
    enter(s1, 3, 1, 2, "4H S 9")  # board 3: table 2 in round 1, table 1 in round 2
    enter(s1, 3, 2, 1, "4H S 10")
    rows = exports.contest_overall_rows(contest)
    values = [v for r in rows for v in r[4:] if v is not None]
    assert any(v != int(v) for v in values)  # a fraction of a percent to round
    assert all(round(v, 2) == v for v in values)
    text = exports.contest_csv_bytes(contest).decode("utf-8-sig")
    for row in list(csv.reader(io.StringIO(text)))[1:]:
        for cell in row[4:]:
            assert cell == "" or len(cell.partition(".")[2]) <= 2, row
    wb = openpyxl.load_workbook(io.BytesIO(exports.contest_xlsx_bytes(contest)))
    formats = {c.number_format for r in wb["Overall"].iter_rows(min_row=2) for c in r[4:]}
    assert "0.000000" not in formats


def test_a_contest_name_that_makes_a_section_name_too_long_is_refused(client, director):
    """A contest's name within its 120 characters, but its sections are named "{contest},
    session 2, section B", kept in an event's 120: refused on the form in the director's
    words, nothing made."""
    client.force_login(director)
    name = "C" * 120
    r = client.post(
        reverse("director_contest_create"),
        {
            "name": name,
            "date": "1915-04-01",
            "code": "1915",
            "method": "total",
            "movement": "mitchell",
            "tables": "3",
            "boards_per_round": "2",
            "even": "skip",
            "sections": "2",
            "sessions": "2",
            "carry": "total",
        },
    )
    assert r.status_code == 200
    page = r.content.decode()
    # 120 + ", session 2" (11) + ", section B" (11)
    assert "the longest would have 142" in page and "by 22 characters" in page
    assert name in page
    assert not Contest.objects.exists()
    # One section and two sessions: ", session 2" only; 109 characters fit.
    made = services.create_contest(
        director,
        name="C" * 109,
        date=datetime.date(1915, 2, 2),
        sections=1,
        sessions=2,
        carry="total",
        tables=3,
        boards_per_round=2,
        method="total",
    )
    assert max(len(e.name) for e in contests.parts(made, 2)) == 120


@pytest.mark.parametrize(
    "session", ["plus/minus", "", "1.5", "\u0661", "99999999999999999999", "7"]
)
def test_copying_hand_records_of_no_such_session_is_a_message(client, director, session):
    contest = make_contest(director)
    client.force_login(director)
    url = reverse("director_contest_action", args=[contest.pk, "share"])
    r = client.post(url, {"session": session}, follow=True)
    assert r.status_code == 200
    page = r.content.decode()
    assert "There is no such session" in page or "This contest has no session 7" in page
