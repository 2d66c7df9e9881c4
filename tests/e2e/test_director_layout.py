"""The director's correction form and a Law B traveller line at a laptop's and a phone's
width: a new user's club evening found the honours answer cut off and the Law B line a
tall narrow column on the phone."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tournament import services
from tournament.services import Actor

from ..factories import enter, make_event
from .axe import violations

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LONGEST = "North-South: four honours in one hand, the fifth with the opponents"


def _log_in(browser, live_server, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "whist-club-1915")
    page.click("button[type=submit]")
    page.wait_for_url("**/director/")
    return context, page


# How the select shows its chosen answer: the lines it needs (the answer's width in the
# select's own font over the room inside it) and the height it has for them.
MEASURE = """select => {
    const style = getComputedStyle(select);
    const canvas = document.createElement("canvas").getContext("2d");
    canvas.font = style.font;
    const text = canvas.measureText(select.selectedOptions[0].textContent).width;
    const inside = select.clientWidth - parseFloat(style.paddingLeft)
        - parseFloat(style.paddingRight) - 20;  // the arrow
    const wraps = style.appearance === "base-select" && style.whiteSpace === "normal";
    const lineHeight = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
    return {
        text, inside, wraps,
        lines: Math.ceil(text / inside),
        height: select.getBoundingClientRect().height,
        lineHeight,
        right: select.getBoundingClientRect().right,
    };
}"""


def test_the_correction_forms_honours_answer_reads_in_full(live_server, browser, shots):
    """The honours select was capped at 12rem: "North-South: four honours in one hand, the
    fifth with the opponents" read "North-South: all five" at 1280 px and 390 px.  At a
    laptop's width it is as wide as its longest answer; on a phone it is the screen's
    width and the answer wraps onto a second line."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, name="Club evening")  # no hand record: the honours are asked
    result = enter(event, 1, 1, 1, "4H N 10", honours={"N": 4, "E": 1})
    for width in (1280, 390):
        context, page = _log_in(browser, live_server, width)
        page.goto(f"{live_server.url}/director/events/{event.pk}/results/{result.pk}/")
        honours = page.locator("#id_honours")
        assert honours.evaluate("s => s.selectedOptions[0].textContent") == LONGEST
        m = honours.evaluate(MEASURE)
        if width == 1280:
            assert m["text"] <= m["inside"], m  # one line, in full
        else:
            assert m["right"] <= width, m  # on the screen
            assert m["text"] <= m["inside"] or (
                m["wraps"] and m["height"] >= m["lines"] * m["lineHeight"]
            ), m
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert not violations(page)
        shots(page, f"director-correction-{width}")
        context.close()


def test_a_law_b_line_on_the_directors_traveller_is_compact_on_a_phone(live_server, browser, shots):
    """At 390 px the Law B line's explanation filled an 18rem column five lines deep,
    a row four times the others' height; it reads in a few wide lines now."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, name="Club evening", tables=4)
    for s in event.seating_set.filter(first_board=1):
        if s.round != 3:
            enter(event, 1, s.round, s.table, "3D S 9")
    third = event.seating_set.get(first_board=1, round=3)
    services.apply_irregular(
        event,
        board_number=1,
        round_no=3,
        table=third.table,
        discovered="after-overplay",
        short_hand="S",
        surplus_with="partner",
        by=Actor.director(td, "South held 12 cards"),
    )
    context, page = _log_in(browser, live_server, 390)
    page.goto(f"{live_server.url}/director/events/{event.pk}/boards/1/")
    heights = page.evaluate(
        "[...document.querySelectorAll('table.traveller tbody tr')].map(r => "
        "[r.querySelector('td.law-b') !== null, r.getBoundingClientRect().height])"
    )
    law_b = [h for is_law_b, h in heights if is_law_b]
    others = [h for is_law_b, h in heights if not is_law_b]
    assert len(law_b) == 1 and others
    assert law_b[0] <= 2 * max(others), heights  # was about 4 times
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not violations(page)
    shots(page, "director-traveller-law-b-390")
    context.close()


def test_the_progress_grid_fits_a_laptop_and_closing_names_unagreed_scores(
    live_server, browser, shots
):
    """A new user's trial: with five tables the round-by-table grid was wider than the
    page at 1280 px and cut off its "Close round" buttons; and closing a round did not
    say that scores the opponents had not yet agreed would be agreed by it."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, name="Tuesday pairs", tables=5)
    for table in range(1, 6):
        first = 2 * table - 1
        enter(event, first, 1, table, "4H S 10", confirmed=True)
        enter(event, first + 1, 1, table, "3NT N 9", confirmed=table != 5)
    event.seating_set.filter(round=1, table__lt=5).update(agreed_at=timezone.now())
    event.seating_set.filter(round=2, table=5).update(absent=True)
    context, page = _log_in(browser, live_server, 1280)
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    grid = page.locator("table.progress").locator("xpath=..")
    fits = grid.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert fits, grid.evaluate("e => [e.scrollWidth, e.clientWidth]")
    close = page.locator("button:has-text('Close round 1')")
    box = close.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1280
    message = close.locator("xpath=..").get_attribute("data-confirm")
    assert "Not yet agreed by the opponents: table 5 (1 board); closing agrees it" in message
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    shots(page, "director-progress-1280")
    context.close()
