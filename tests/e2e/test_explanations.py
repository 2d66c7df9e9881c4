"""A line's "how" on the traveller and a player's evening on the score card, in the
browser: opened in one tap (a <details>, no script), by keyboard alone, at a phone's
width without scrolling sideways, and clean under axe, as a player at 390 px and the
director at 1280 px."""

import pytest
from django.contrib.auth import get_user_model

from tournament import services
from tournament.services import Actor, deals

from ..factories import enter, make_event
from .axe import no_axe_violations
from .conftest import PHONE, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LINES = ("4H S 10", "3NT N 7", "2S E 9", "1NT W 8", "PASS", "4S N 10")


def _evening():
    """A 3-table matchpoint Mitchell under the 1915 laws, its hands dealt and solved,
    every board played, board 2 at table 2 given average-plus and average-minus."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, name="Tuesday pairs", method="matchpoints")
    deals.deal_event(event, seed="explanations", by=Actor.director(td))
    for s in event.seating_set.all():
        for board in s.board_numbers:
            enter(event, board, s.round, s.table, LINES[(board + s.table) % 6], confirmed=True)
    s = next(s for s in event.seating_set.all() if 2 in s.board_numbers and s.table == 2)
    services.adjust_score(
        event,
        board_number=2,
        round_no=s.round,
        table=2,
        adjusted="plus/minus",
        by=Actor.director(td, reason="slow play"),
    )
    services.set_published(event, True, by=Actor.director(td))
    return event


def _fits(page, width):
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_player_opens_how_a_line_was_scored_at_390_px(live_server, browser, shots):
    event = _evening()
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.pk}/boards/2/")
    how = page.locator("details.how:visible").first
    assert not how.locator("p.how").is_visible()
    # By keyboard alone: the disclosure's summary takes the focus and opens with Enter.
    how.locator("summary").focus()
    page.keyboard.press("Enter")
    text = how.locator("p.how").inner_text()
    assert "matchpoints" in text and text.endswith(").")
    _fits(page, 390)
    adjusted = page.locator("details.how:visible").nth(2)
    adjusted.locator("summary").tap()
    assert adjusted.locator("p.how").is_visible()
    no_axe_violations(page)
    shots(page, "traveller-how-390")
    context.close()


def test_the_director_sees_how_each_line_was_scored_at_1280_px(live_server, browser, shots):
    event = _evening()
    context, page = log_in(browser, live_server, 1280, "whist-club-1915")
    page.goto(f"{live_server.url}/events/{event.pk}/boards/2/")
    hows = page.locator("details.how:visible")
    assert hows.count() == 3
    for i in range(3):
        hows.nth(i).locator("summary").click()
    said = [hows.nth(i).locator("p.how").inner_text() for i in range(3)]
    assert any(s.startswith("Average-plus to North-South, 60% of the top 4") for s in said)
    _fits(page, 1280)
    no_axe_violations(page)
    shots(page, "traveller-how-1280")
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_players_evening_on_the_score_card(live_server, browser, shots, width):
    event = _evening()
    options = PHONE if width == 390 else {"viewport": {"width": width, "height": 900}}
    context = browser.new_context(**options)
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.pk}/pairs/1/")
    summary = page.locator("p.evening-summary").inner_text()
    assert "above average; declared" in summary and "at or above par on " in summary
    field = page.locator("details.how:visible").first
    field.locator("summary").tap() if width == 390 else field.locator("summary").click()
    said = field.locator("p.how").inner_text()
    assert said.startswith("The field: best ") and " par." in said
    _fits(page, width)
    no_axe_violations(page)
    shots(page, f"score-card-evening-{width}")
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_standings_total_says_how_at_each_width(live_server, browser, shots, width):
    event = _evening()
    options = PHONE if width == 390 else {"viewport": {"width": width, "height": 900}}
    context = browser.new_context(**options)
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.pk}/")
    how = page.locator("table.standings details.how").first
    how.locator("summary").focus()
    page.keyboard.press("Enter")
    said = how.locator("p.how")
    assert said.inner_text().startswith("The sum of its matchpoints on its ")
    said.locator("a").click()
    page.wait_for_url("**/pairs/**")
    page.go_back()
    _fits(page, width)
    no_axe_violations(page)
    page.locator("table.standings details.how summary").first.click()
    shots(page, f"standings-how-{width}")
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_an_individuals_figures_say_how_player_by_player(live_server, browser, shots, width):
    """A traveller line names what it gives each of its four players; a player's total
    is the sum of his boards, linked to his card; his card says his evening."""
    from .test_every_reader import _individual

    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = _individual(director)
    options = PHONE if width == 390 else {"viewport": {"width": width, "height": 900}}
    context = browser.new_context(**options)
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.pk}/boards/1/")
    how = page.locator("details.how:visible").first
    how.locator("summary").focus()
    page.keyboard.press("Enter")
    said = how.locator("p.how").inner_text()
    assert "For the players: North 7 and South 1 score " in said
    assert said.endswith("(a partnership's score is both its players').")
    _fits(page, width)
    no_axe_violations(page)
    shots(page, f"individual-traveller-how-{width}")
    page.goto(f"{live_server.url}/events/{event.pk}/")
    total = page.locator("table.standings details.how").first
    total.locator("summary").focus()
    page.keyboard.press("Enter")
    assert total.locator("p.how").inner_text().startswith("The sum of his scores against ")
    total.locator("p.how a").click()
    page.wait_for_url("**/players/**")
    summary = page.locator("p.evening-summary").inner_text()
    assert "above average; declared" in summary and "at or above par on " in summary
    field = page.locator("details.how:visible").first
    field.locator("summary").tap() if width == 390 else field.locator("summary").click()
    assert "other table" in field.locator("p.how").inner_text()
    _fits(page, width)
    no_axe_violations(page)
    shots(page, f"individual-card-evening-{width}")
    context.close()
