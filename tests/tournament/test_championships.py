"""Championships as directors run them: a section's pages say whom they compare, late
and withdrawn pairs marked, re-seeding between sessions, one overall ranking."""

import csv
import datetime
import io

import openpyxl
from django.urls import reverse

from tournament import exports, services
from tournament.queries import contests
from tournament.services import Actor, Entry


def make_contest(owner, sections=2, sessions=1, carry="total", method="total", **fields):
    return services.create_contest(
        owner,
        name="Club championship",
        date=datetime.date(1915, 2, 2),
        sections=sections,
        sessions=sessions,
        carry=carry,
        tables=3,
        boards_per_round=2,
        method=method,
        **fields,
    )


def enter(event, board, round_no, table, line):
    contract, declarer, tricks = line.split()
    services.enter_result(
        event,
        board_number=board,
        round_no=round_no,
        table=table,
        entry=Entry(contract, declarer, int(tricks)),
        by=Actor.director(event.owner),
    )


def test_a_section_says_it_compares_itself_alone_and_shows_the_championship(client, director):
    contest = make_contest(director, method="matchpoints")
    a, b = contests.parts(contest)
    # Board 1 of a 3-table Mitchell: round 1 table 1 (pair 1 v 4), round 2 table 3
    # (pair 3 v 5).  Section A: 4H by S, 10 tricks (+157) and 8 tricks (-100); section B
    # round 1 table 1: 11 tricks (+165).
    enter(a, 1, 1, 1, "4H S 10")
    enter(a, 1, 2, 3, "4H S 8")
    enter(b, 1, 1, 1, "4H S 11")
    # Section A alone, North-South: A1 beat A3, 2 of a top of 2 = 100%.
    # Across the sections (three lines, top 4): B1 4, A1 2 (beat A3), A3 0: A1 50%,
    # second North-South.
    client.force_login(director)
    page = client.get(reverse("event_standings", args=[a.pk])).content.decode()
    assert "Section A alone." in page
    assert "compare section A's pairs with one another only" in page
    assert "session 1's sections A and B together" in page
    assert reverse("contest_standings", args=[contest.pk]) in page
    assert "100.00" in page
    traveller = client.get(reverse("event_traveller", args=[a.pk, 1])).content.decode()
    assert "Section A alone." in traveller
    assert reverse("contest_standings", args=[contest.pk]) in traveller
    card = client.get(reverse("event_pair", args=[a.pk, "1"])).content.decode()
    assert "across the sections pair A1 scores 50.00%, rank 2 NS" in card
    # Another director of the section who cannot open the unpublished championship is
    # told so, not given a link that is a 404.
    client.logout()
    a.published = True
    a.save()
    public = client.get(reverse("event_standings", args=[a.pk])).content.decode()
    assert "Section A alone." in public
    assert reverse("contest_standings", args=[contest.pk]) not in public
    assert "once it is published" in public


def test_the_exports_headings_say_whom_they_compare(director, event):
    contest = make_contest(director, method="matchpoints")
    a, b = contests.parts(contest)
    enter(a, 1, 1, 1, "4H S 10")
    enter(b, 1, 1, 1, "4H S 11")
    header = next(csv.reader(io.StringIO(exports.standings_csv(a).lstrip("\ufeff"))))
    assert "Percent (section A alone)" in header and "Score (section A alone)" in header
    header = next(csv.reader(io.StringIO(exports.travellers_csv(a).lstrip("\ufeff"))))
    assert "NS comparison (section A alone)" in header
    wb = openpyxl.load_workbook(io.BytesIO(exports.contest_xlsx_bytes(contest)))
    heads = [c.value for c in next(wb["Session 1"].iter_rows(max_row=1))]
    assert "Percent (sections A and B together)" in heads
    # An evening that is no section keeps its plain headings.
    plain = next(csv.reader(io.StringIO(exports.standings_csv(event).lstrip("\ufeff"))))
    assert "Score" in plain and not any("alone" in h for h in plain)
