"""The workbook holds numbers as numbers (no "number stored as text" in any cell, the
premium as its side and its value in two columns, an exact score a number when
whole) and its times on the club's clock, the same as the pages show."""

from __future__ import annotations

import io
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tournament import exports
from tournament.models import Club, Event, Result

from ..factories import enter, event_with_results

pytestmark = pytest.mark.django_db

# What a spreadsheet flags as "number stored as text": a decimal number in a text cell.
NUMBER = re.compile(r"\s*[-+]?([0-9]+([.,][0-9]*)?|[.,][0-9]+)([eE][-+]?[0-9]+)?\s*")


def workbook(event):
    return load_workbook(io.BytesIO(exports.xlsx_bytes(event)))


def text_numbers(wb) -> list[tuple[str, str, object]]:
    """Every text cell that a spreadsheet would take for a number, with where it is."""
    found = []
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "s" and NUMBER.fullmatch(str(cell.value)):
                    found.append((ws.title, cell.coordinate, cell.value))
    return found


def column(ws, name: str) -> list:
    header = [c.value for c in next(ws.iter_rows(max_row=1))]
    i = header.index(name)
    return [row[i].value for row in ws.iter_rows(min_row=2)]


@pytest.fixture
def matchpoints(demo):
    pairs, _ = demo
    pairs.method = "matchpoints"
    pairs.save(update_fields=["method"])
    return pairs


def test_no_cell_holds_a_number_as_text(demo, matchpoints):
    _, team = demo
    for event in (matchpoints, team):
        assert text_numbers(workbook(event)) == []
    matchpoints.method = "total"
    matchpoints.save(update_fields=["method"])
    assert text_numbers(workbook(matchpoints)) == []


def test_the_self_check_finds_a_number_stored_as_text():
    assert NUMBER.fullmatch("15") and NUMBER.fullmatch("-378.33") and NUMBER.fullmatch(" 1,5")
    assert not NUMBER.fullmatch("958/5") and not NUMBER.fullmatch("NS 125")
    assert not NUMBER.fullmatch("2=") and not NUMBER.fullmatch("4H")


def test_premium_is_a_side_and_a_number(demo):
    pairs, _ = demo
    ws = workbook(pairs)["Travellers"]
    sides, points = column(ws, "Premium to"), column(ws, "Premium")
    given = [(s, p) for s, p in zip(sides, points, strict=True) if s is not None]
    assert given and {s for s, _ in given} <= {"NS", "EW"}
    assert {p for _, p in given} == {125}  # Duplicate Law A's premium, as a number


def exact_and_decimal(event):
    ws = workbook(event)["Standings"]
    return column(ws, "Exact score"), column(ws, "Score (decimal)")


def test_an_exact_fraction_is_text_beside_its_decimal(matchpoints):
    exact, decimal = exact_and_decimal(matchpoints)
    for e, d in zip(exact, decimal, strict=True):
        whole, _, part = e.partition(" ")  # "191 3/5": the demo's (Neuberg) totals, none whole
        n, _, q = part.partition("/")
        sign = -1 if whole.startswith("-") else 1
        assert q and d == pytest.approx(int(whole) + sign * int(n) / int(q))


def test_a_whole_exact_score_is_a_number(director):
    # Boards 1 and 2 at all three tables (round 1 table 1, round 2 table 3, round 3
    # table 2): every matchpoint total is whole.
    lines = {}
    for board in (1, 2):
        lines[board, 1, 1] = "4H S 10"
        lines[board, 2, 3] = "4H S 9"
        lines[board, 3, 2] = "2S N 8"
    event = event_with_results(director, lines, method="matchpoints")
    exact, decimal = exact_and_decimal(event)
    assert exact and all(isinstance(e, int) and e == d for e, d in zip(exact, decimal, strict=True))


def test_a_page_and_the_workbook_show_the_same_club_time(client, event, director):
    """The event's club's clock (its Club page's time zone), on the page and in the file."""
    Club.objects.filter(pk=event.club_id).update(time_zone="America/New_York")
    event = Event.objects.get(pk=event.pk)
    result = enter(event, 1, 1, 1, "4H S 10")
    client.force_login(director)
    page = client.get(reverse("director_result", args=[event.pk, result.pk])).content.decode()
    entered = Result.objects.get(pk=result.pk).created_at
    local = entered.astimezone(ZoneInfo("America/New_York"))
    assert local.utcoffset() != entered.utcoffset()  # the club is not on UTC
    shown = f"{local:%H:%M:%S}"
    assert shown in page
    cell = column(workbook(event)["Travellers"], "Entered")[0]
    assert isinstance(cell, datetime)  # a date and time cell, not text
    assert f"{cell:%H:%M:%S}" == shown
    assert f"{entered.astimezone(ZoneInfo('UTC')):%H:%M:%S}" != shown
