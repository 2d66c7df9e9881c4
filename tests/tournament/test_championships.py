"""Championships as directors run them: a section's pages say whom they compare, late
and withdrawn pairs marked, re-seeding between sessions, one overall ranking."""

import csv
import io

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import enter, make_contest
from tournament import exports, services
from tournament.queries import contests
from tournament.services import Actor, ServiceError


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


# The championship of the "must show": 2 sections x 2 sessions of a 3-table Mitchell
# (pairs 1-3 North-South, 4-6 East-West in each section), matchpoints, the session
# percentages averaged.  Board 1 is played at every table of a section: round 1 table 1
# (pair 1 v 4), round 2 table 3 (3 v 5), round 3 table 2 (2 v 6).
BOARD_1 = ((1, 1, 1), (1, 2, 3), (1, 3, 2))


def players(seat):
    return [f"North {seat}", f"South {seat}"]


def championship(director, **fields):
    contest = make_contest(director, sessions=2, method="matchpoints", carry="average", **fields)
    for e in contests.parts(contest, 1):
        services.set_player_names(
            e,
            {str(n): players(e.section + str(n)) for n in range(1, 7)},
            by=Actor.director(director),
        )
    return contest


def play_board_1(contest, session, lines):
    """``lines``: section -> the three tables' lines in BOARD_1's order."""
    for e in contests.parts(contest, session):
        for (board, round_no, table), line in zip(BOARD_1, lines[e.section], strict=True):
            enter(e, board, round_no, table, line)


def test_seeding_from_the_standings_deals_each_field_to_the_sections_in_turn_and_back(
    director,
):
    contest = championship(director)
    # Session 1, board 1, North-South nets (1915 laws): 4H by S making 10 = 4 odd tricks
    # x 8 + the premium 125 = +157; 11 tricks = 40 + 125 = +165; 9 tricks: one down, -50;
    # 8 tricks: -100; 2H by S making 8 = 2 x 8 = +16, no premium.
    play_board_1(
        contest,
        1,
        {"A": ["4H S 10", "4H S 9", "4H S 8"], "B": ["4H S 11", "4H S 10", "2H S 8"]},
    )
    # Across both sections, six lines, a top of 10 (2 for each pair beaten, 1 a tie):
    # NS +165 B1 10 (100%), +157 A1 and B3 7 each (70%), +16 B2 4 (40%), -50 A3 2 (20%),
    # -100 A2 0 (0%).  EW the top less its opponents': B4 0%, A4 and B5 30%, B6 60%,
    # A5 80%, A6 100%.
    # The seeding, each field apart, best first (a tie in seat order), dealt A, B, B, A,
    # A, B, each pair taking its section's lowest free number of its direction:
    # NS B1 -> A1, A1 -> B1, B3 -> B2, B2 -> A2, A3 -> A3, A2 -> B3;
    # EW A6 -> A4, A5 -> B4, B6 -> B5, A4 -> A5, B5 -> A6, B4 -> B6.
    seats = services.seeding_from_standings(contest, 2)
    assert seats == {
        "B1": "A1", "A1": "B1", "B3": "B2", "B2": "A2", "A3": "A3", "A2": "B3",
        "A6": "A4", "A5": "B4", "B6": "B5", "A4": "A5", "B5": "A6", "B4": "B6",
    }  # fmt: skip
    moved = services.seed_from_standings(contest, 2, by=Actor.director(director))
    assert moved == 11  # A3 alone keeps its seat
    a2, b2 = contests.parts(contest, 2)
    from tournament.queries import standings

    assert standings.pair_names(a2)["1"] == "North B1 & South B1"
    assert standings.pair_names(b2)["6"] == "North B4 & South B4"
    # The tablets and guide cards of session 2 read the seats' players.
    from tournament.models import Seating

    table_1 = Seating.objects.select_related("ns", "ew").get(event=a2, round=1, table=1)
    assert (table_1.ns.names, table_1.ew.names) == ("North B1 & South B1", "North A6 & South A6")
    client = Client()
    client.force_login(director)
    cards = client.get(reverse("director_guides", args=[b2.pk])).content.decode()
    assert "North A1 &amp; South A1" in cards


def test_re_seating_by_hand_is_checked_and_refused_once_played(director):
    contest = championship(director)
    by = Actor.director(director)
    with pytest.raises(ServiceError, match="pairs A1 and A2 are both given seat B1"):
        services.reseed(contest, 2, {"A1": "B1", "A2": "B1"}, by=by)
    with pytest.raises(ServiceError, match="session 2 has no seat C1"):
        services.reseed(contest, 2, {"A1": "C1"}, by=by)
    with pytest.raises(ServiceError, match="session 1 has no pair A9"):
        services.reseed(contest, 2, {"A9": "A1"}, by=by)
    with pytest.raises(ServiceError, match="first session is seated by the movement"):
        services.reseed(contest, 1, {"A1": "A1"}, by=by)
    services.set_player_names(contests.parts(contest, 1)[0], {"2": ["", ""]}, by=by)
    with pytest.raises(ServiceError, match="name both players of pair A2 in session 1 first"):
        services.reseed(contest, 2, {"A2": "B2"}, by=by)
    # A North-South pair moved to an East-West seat of the other section.
    assert services.reseed(contest, 2, {"A1": "B4", "B4": "A1"}, by=by) == 2
    b2 = contests.parts(contest, 2)[1]
    from tournament.queries import standings

    assert standings.pair_names(b2)["4"] == "North A1 & South A1"
    assert standings.pair_names(b2)["1"] == ""  # a seat nobody was given is left free
    enter(b2, 1, 1, 1, "4H S 10")
    with pytest.raises(ServiceError, match="session 2 has results already"):
        services.reseed(contest, 2, {"A1": "B1"}, by=by)


def test_the_seat_page_seats_by_hand_or_by_the_standings_and_refuses_in_words(client, director):
    contest = championship(director)
    client.force_login(director)
    url = reverse("director_contest_seat", args=[contest.pk, 2])
    page = client.get(url).content.decode()
    assert "Seed session 2 from the standings so far" in page and "dealt to the" in page
    assert 'name="pair-A1"' in page and "North A1 &amp; South A1" in page
    contest_page = client.get(reverse("director_contest", args=[contest.pk])).content.decode()
    assert url in contest_page
    # The same seat twice: the form says so, nothing is written, nothing typed is lost.
    r = client.post(url, {"pair-A1": "B1", "pair-A2": "B1", "pair-B1": "A1"})
    assert r.status_code == 200
    text = r.content.decode()
    assert "seat B1 is given to pair A1 too" in text
    assert '<option value="A1" selected>A1</option>' in text  # pair B1's choice kept
    b2 = contests.parts(contest, 2)[1]
    from tournament.queries import standings

    assert standings.pair_names(b2)["1"] == ""  # session 2 still unnamed
    r = client.post(url, {"pair-A1": "B1", "pair-B1": "A1"})
    assert r.status_code == 302
    assert standings.pair_names(b2)["1"] == "North A1 & South A1"
    r = client.post(url, {"seed": "1"})
    assert r.status_code == 302  # nothing played: the standings so far seed it (all equal)
    assert client.get(reverse("director_contest_seat", args=[contest.pk, 1])).status_code == 404
    assert client.get(reverse("director_contest_seat", args=[contest.pk, 9])).status_code == 404


def test_two_sections_two_sessions_re_seeded_and_one_overall_ranking(client, director):
    """The championship checked by hand: session 1 as in the seeding test above, seeded
    from its standings, session 2 played at the new seats, one overall ranking.

    How percentages of different fields combine (docs/laws/beyond.md): each pair's
    session percentage is a share of the tops it could earn in its own field (its
    direction, across the sections); a North-South 60% and an East-West 60% are equal,
    so one ranking orders them as they stand.  Here each session's percentages are
    averaged (each session counts alike)."""
    contest = championship(director, one_ranking=True)
    by = Actor.director(director)
    play_board_1(
        contest,
        1,
        {"A": ["4H S 10", "4H S 9", "4H S 8"], "B": ["4H S 11", "4H S 10", "2H S 8"]},
    )
    services.seed_from_standings(contest, 2, by=by)
    # Session 2 at the new seats (seat <- the players of session 1's pair):
    # A1 <- B1, A2 <- B2, A3 <- A3, B1 <- A1, B2 <- B3, B3 <- A2;
    # A4 <- A6, A5 <- A4, A6 <- B5, B4 <- A5, B5 <- B6, B6 <- B4.
    play_board_1(
        contest,
        2,
        {"A": ["4H S 10", "4H S 10", "4H S 8"], "B": ["4H S 11", "2H S 8", "4H S 9"]},
    )
    # Board 1 of session 2, NS nets by seat: A1 +157 (round 1 table 1), A3 +157 (round 2
    # table 3), A2 -100 (round 3 table 2), B1 +165, B3 +16, B2 -50.  Top 10:
    # B1 10 (100%), A1 and A3 7 (70%), B3 4 (40%), B2 2 (20%), A2 0 (0%); EW the
    # top less its opponents': B4 0%, A4 30%, A5 30%, B5 60%, B6 80%, A6 100%.
    # By the players (session 1's pair), the two sessions' percentages averaged:
    #   A1 (70 + 100) / 2 = 85    B1 (100 + 70) / 2 = 85
    #   A6 (100 + 30) / 2 = 65    B5 (30 + 100) / 2 = 65
    #   B6 (60 + 60) / 2 = 60
    #   A3 (20 + 70) / 2 = 45     B3 (70 + 20) / 2 = 45
    #   A5 (80 + 0) / 2 = 40      B4 (0 + 80) / 2 = 40
    #   A4 (30 + 30) / 2 = 30
    #   A2 (0 + 40) / 2 = 20      B2 (40 + 0) / 2 = 20
    # One ranking of all twelve, North-South and East-West together: 1= (85), 3= (65),
    # 5 (60), 6= (45), 8= (40), 10 (30), 11= (20).
    rows = contests.overall_table(contest)
    got = {r.seats[0]: (r.total, r.rank, r.direction) for r in rows}
    assert got == {
        "A1": (85, "1=", None), "B1": (85, "1=", None),
        "A6": (65, "3=", None), "B5": (65, "3=", None),
        "B6": (60, "5", None),
        "A3": (45, "6=", None), "B3": (45, "6=", None),
        "A5": (40, "8=", None), "B4": (40, "8=", None),
        "A4": (30, "10", None),
        "A2": (20, "11=", None), "B2": (20, "11=", None),
    }  # fmt: skip
    # Each pair carries its own scores from seat to seat: A1's players sat at B1.
    a1 = next(r for r in rows if r.seats[0] == "A1")
    assert a1.seats == ("A1", "B1") and a1.sessions == (70, 100) and a1.pair == "B1"
    # Asked by direction, the same figures rank within each field.
    services.set_one_ranking(contest, False, by=by)
    by_direction = {r.seats[0]: (r.rank, r.direction) for r in contests.overall_table(contest)}
    assert by_direction["A1"] == ("1=", "NS") and by_direction["A6"] == ("1=", "EW")
    assert by_direction["A4"] == ("6", "EW") and by_direction["A2"] == ("5=", "NS")
    # The pages and the file say it.
    client.force_login(director)
    client.post(reverse("director_contest_action", args=[contest.pk, "one-ranking"]))
    contest.refresh_from_db()
    assert contest.one_ranking
    page = client.get(reverse("director_contest", args=[contest.pk])).content.decode()
    assert "One ranking of every pair" in page and "60% North-South is as good" in page
    assert "A1 → B1" in page and "North A1 &amp; South A1" in page
    text = exports.contest_csv_bytes(contest).decode("utf-8-sig")
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0][:4] == ["Rank", "Pair (seat each session)", "Players", "Direction"]
    row = next(line for line in lines if line[1] == "A1 → B1")
    assert row[:4] == ["1=", "A1 → B1", "North A1 & South A1", ""]


FUZZ = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
seat_values = st.one_of(
    st.sampled_from(["", "A1", "B6", "C1", "A0", "a1", "A", "1", "<b>", "A1 ", "x" * 300]),
    st.text(max_size=12),
)


@FUZZ
@given(
    values=st.dictionaries(
        st.sampled_from(["pair-A1", "pair-A2", "pair-B1", "pair-B4", "pair-Z9", "seed"]),
        seat_values,
        max_size=5,
    )
)
def test_the_seat_page_turns_any_input_into_a_page_or_a_redirect(client, director, values):
    from tournament.models import Contest

    contest = Contest.objects.first() or championship(director)  # one a test, not a draw
    client.force_login(director)
    r = client.post(reverse("director_contest_seat", args=[contest.pk, 2]), values)
    assert r.status_code in (200, 302), r.status_code
