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


def test_late_and_withdrawn_pairs_are_marked_wherever_pairs_are_listed(client, director):
    """A 3-table Mitchell of 5 pairs (the phantom is pair 6): East-West move up a table a
    round, so pair 4 plays table 1, 2, 3 in rounds 1-3 and pair 3 sits out in round 1.
    Pair 4 withdraws from round 2: pair 2 sits out in round 2 (table 2) and pair 3 in
    round 3 (table 3).  A late pair takes the phantom's place, pair 6, from round 2."""
    from tests.factories import enter as enter_line
    from tests.factories import make_event

    odd = make_event(director, pairs_count=5, display_standings=True)
    by = Actor.director(director)
    enter_line(odd, 1, 1, 1)  # pair 1 v 4, boards 1-2
    enter_line(odd, 3, 1, 2)  # pair 2 v 5, boards 3-4
    services.withdraw_pair(odd, "4", 2, by=by)
    services.add_late_pair(odd, 2, place="6", names=["Ann Late", "Bob Late"], by=by)
    from tournament.queries import standings

    marks = standings.field_marks(odd)
    assert marks == {
        "4": "withdrawn from round 2, did not play rounds 2\u20133",
        "6": "late: joined in round 2, did not play round 1",
    }
    row = next(r for r in standings.pair_contest(odd) if r.pair == "4")
    assert row.mark == marks["4"] and row.boards == 1  # its round-1 board still counts
    client.force_login(director)
    page = client.get(reverse("event_standings", args=[odd.pk])).content.decode()
    assert f'<span class="field-mark">{marks["4"]}</span>' in page
    # Its own score card: the mark, and rounds 2 and 3 each saying why they are empty.
    card = client.get(reverse("event_pair", args=[odd.pk, "4"])).content.decode()
    assert "Withdrawn from round 2, did not play rounds 2\u20133" in card
    assert card.count("Not played: withdrawn from round 2") == 2
    # Its opponents' cards name the sit-out its withdrawal made; the phantom's is plain.
    two = client.get(reverse("event_pair", args=[odd.pk, "2"])).content.decode()
    assert "Sat out: its opponents, pair 4, withdrew from round 2" in two
    three = client.get(reverse("event_pair", args=[odd.pk, "3"])).content.decode()
    assert three.count("Sat out") == 2 and "pair 4, withdrew" in three
    late = client.get(reverse("event_pair", args=[odd.pk, "6"])).content.decode()
    assert "Not played: a late pair, joined in round 2" in late
    # The files: the standings' last column.
    rows = list(csv.reader(io.StringIO(exports.standings_csv(odd).lstrip("\ufeff"))))
    assert rows[0][-1] == "Late or withdrawn"
    assert [r[-1] for r in rows[1:] if r[2] == "4"] == [marks["4"]]
    # The room display's standings.
    shown = client.get(reverse("event_display", args=[odd.pk])).content.decode()
    assert marks["4"] in shown
