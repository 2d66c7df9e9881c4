"""Hand records on paper: the browser's print puts four boards on an A4 page (two
across, two down), nothing printed refers to a document the players do not have, and
the PDF of 21 boards is 6 pages.  The printed page is photographed for the docs."""

import re

import pytest
from django.contrib.auth import get_user_model

from tournament.services import Actor, deals

from ..factories import make_event
from .conftest import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# A4 at the browser's 96 dots an inch.
A4 = {"width": 794, "height": 1123}


def test_four_boards_to_an_a4_page(live_server, browser, shots):
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, name="Tuesday pairs", tables=7, boards_per_round=3)  # 21 boards
    deals.deal_event(event, seed="print", by=Actor.director(td))
    context, page = log_in(browser, live_server, A4["width"], "whist-club-1915")
    page.goto(f"{live_server.url}/events/{event.pk}/hand-records/")
    page.emulate_media(media="print")
    page.set_viewport_size(A4)
    sheets = page.locator("div.hand-sheet")
    assert sheets.count() == 6  # 21 boards: 5 sheets of four and one of one
    first = sheets.first.locator("section.hand-record")
    assert first.count() == 4
    boxes = [first.nth(i).bounding_box() for i in range(4)]
    # Two across and two down: the first two side by side, the next two under them.
    assert abs(boxes[0]["y"] - boxes[1]["y"]) < 2 and boxes[1]["x"] > boxes[0]["x"]
    assert boxes[2]["y"] > boxes[0]["y"] + boxes[0]["height"] - 2
    assert abs(boxes[2]["x"] - boxes[0]["x"]) < 2
    for box in boxes:  # each board whole inside its quarter of the sheet
        assert box["width"] < A4["width"] / 2 and box["height"] < A4["height"] / 2
    # Each board's double-dummy table and par are printed whole, in small type.
    for i in range(4):
        record = first.nth(i)
        bottom = boxes[i]["y"] + boxes[i]["height"]
        for part in ("table.dd-grid", "p.par"):
            shown = record.locator(part).bounding_box()
            assert shown is not None and shown["y"] + shown["height"] <= bottom, (i, part)
        cell = record.locator("table.dd-grid td").first
        assert float(cell.evaluate("c => parseFloat(getComputedStyle(c).fontSize)")) < 10
    text = page.locator("main").inner_text()
    assert not re.search(r"README|see the|definition", text, re.IGNORECASE)
    assert "Tuesday pairs" in text  # each sheet names its event
    shots(sheets.first, "hand-records-print-a4")
    # The PDF the browser's print makes: one A4 page a sheet of four.
    pdf = page.pdf(format="A4", print_background=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 6
    context.close()
