"""Wording that must not mislead: a zero score with a sign, and a team match's spread
chart naming an average no line is compared with (Law G)."""

import io
from fractions import Fraction

from django.urls import reverse
from openpyxl import load_workbook

from scoring.fractions_fmt import signed
from tournament import exports, services
from tournament.queries import charts
from tournament.services import Actor, tablets

from ..factories import enter
from .conftest import make_event


def test_a_zero_score_has_no_sign():
    assert [signed(x) for x in (50, -30, 0, Fraction(1, 3), Fraction(-1, 2))] == [
        "+50",
        "-30",
        "0",
        "0",
        "-1",  # halves away from zero, as the tables round
    ]
    assert charts.one_decimal(0) == "0.0" and charts.one_decimal(Fraction(-1, 100)) == "0.0"
    assert charts.one_decimal(Fraction(1, 20)) == "+0.1"


def test_the_tablets_score_that_stands_for_a_passed_out_deal_reads_0(client, event):
    """9a: "The score that stands: passed out, NS +0" on the tablet's result page."""
    link = tablets.link_for(event, 1)
    result = enter(event, 1, 1, 1, "PASS", by=Actor.tablet(1), confirmed=True)
    assert result.summary == "passed out, NS 0"
    enter(event, 2, 1, 1, "4H S 10", by=Actor.tablet(1), confirmed=True)
    services.agree_round(event.seating_set.get(round=1, table=1), by=Actor.tablet(1))
    url = reverse("scorer_result", args=[link.token, result.pk])
    page = client.get(url, follow=True).content.decode()
    assert "The score that stands: passed out, NS 0." in page and "+0" not in page


def _team_match(director):
    teams = make_event(director, form="teams", movement="teams", tables=3)
    for s in teams.seating_set.all():
        if 1 in s.board_numbers:
            enter(teams, 1, s.round, s.table, "3NT N 9" if s.table != 2 else "3NT N 7")
    services.set_published(teams, True, by=Actor.director(director))
    return teams


def test_a_team_matchs_spread_chart_names_no_average(client, director):
    """9b: the team traveller's chart said "the dashed line: the average the table
    compares with, +175.0"; a team match compares no line with an average (Law G)."""
    teams = _team_match(director)
    page = client.get(reverse("event_traveller", args=[teams.pk, 1])).content.decode()
    assert "chart-spread" in page  # the spread is still charted
    assert "average-line" not in page and "average the table compares with" not in page
    assert "▲ average" not in page and "Average " not in page
    buf = io.BytesIO()
    exports.write_xlsx(teams, buf)
    cells = [
        v
        for row in load_workbook(io.BytesIO(buf.getvalue()))["Charts"].iter_rows(values_only=True)
        for v in row
    ]
    assert "Board 1: net NS scores" in cells and "Average (Law H)" not in cells


def test_a_pair_contests_spread_chart_keeps_its_law_h_average(client, event):
    """Total points (Law H) compare each line with the board's average: still drawn."""
    for board, table, line in ((1, 1, "4H S 10"), (1, 2, "4H S 9"), (1, 3, "3NT N 9")):
        rnd = event.seating_set.get(table=table, first_board__lte=board, last_board__gte=board)
        enter(event, board, rnd.round, table, line)
    services.set_published(event, True, by=Actor.director(event.owner))
    page = client.get(reverse("event_traveller", args=[event.pk, 1])).content.decode()
    assert "average-line" in page and "the average the table compares with" in page


def test_a_level_team_match_on_the_tablet_has_no_sign(director):
    # Board 1 the same at both tables (4H S 10, +157 to NS at each): each team's pairs
    # net +157 - 157 = 0, so the tablet's running score reads "0" for both, not "+0".
    from tournament.models import Seating
    from tournament.views.scorer.rounds import running_scores

    event = make_event(director, form="teams", movement="teams", tables=2)
    enter(event, 1, 1, 1, "4H S 10")
    enter(event, 1, 2, 2, "4H S 10")
    seating = Seating.objects.get(event=event, round=2, table=2)
    assert [row["score"] for row in running_scores(event, seating)] == ["0", "0"]
