"""Four players key their numbers at a table's first round on a phone at 390 px (one
number unknown, one guest), confirm the four names, and the director's panel at 1280 px
shows the table's seats named and the other tables' still unnamed (docs/scorers.md)."""

import pytest
from django.contrib.auth import get_user_model

from tournament import services
from tournament.models import Member, Player
from tournament.services import Actor, tablets

from ..tournament.conftest import make_event
from .axe import no_axe_violations
from .conftest import PHONE, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_four_players_key_their_numbers_and_the_panel_names_the_seats(live_server, browser, shots):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director, name="Tuesday pairs", seats_at_table=True)
    for number, name in (("101", "Jane Alden"), ("102", "Tom Baker"), ("104", "Ruth Dane")):
        Member.objects.create(club=event.club, name=name, number=number)
    link = tablets.link_for(event, 1)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{link.token}/")
    # The table's first round asks who sits where before its boards.
    assert "who sits here" in page.inner_text("h1")
    page.fill("[name=N-number]", "101")
    page.fill("[name=E-number]", "999")  # no member has it
    page.fill("[name=S-guest]", "Walter Visitor")
    page.fill("[name=W-number]", "104")
    page.click("button:has-text('Look up the names')")
    east = page.locator("fieldset[data-seat=E]")
    assert "No member of the club has the number 999" in east.inner_text()
    # Nothing entered is lost: East's number as typed, the others found by name.
    assert page.input_value("[name=E-number]") == "999"
    assert page.input_value("[name=N-number]") == "101"
    assert "Jane Alden" in page.inner_text("fieldset[data-seat=N] legend")
    assert "Walter Visitor" in page.inner_text("fieldset[data-seat=S] legend")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    no_axe_violations(page)
    shots(page, "seats-refused-390")
    page.fill("[name=E-number]", "102")
    page.click("button:has-text('Look up the names')")
    names = page.inner_text("ul.seat-names")
    for name in ("Jane Alden", "Tom Baker", "Walter Visitor", "Ruth Dane"):
        assert name in names
    body = page.inner_text("main")
    assert not any(number in body for number in ("101", "102", "104"))  # names only
    shots(page, "seats-confirm-390")
    page.click("button:has-text('confirm')")
    assert page.inner_text("h1") == "Round 1"
    assert "Names confirmed" in page.inner_text(".messages")
    assert "Jane Alden & Walter Visitor" in page.inner_text(".big-note")
    shots(page, "seats-round-390")
    context.close()
    assert Player.objects.filter(pair__event=event).exclude(name="").count() == 4

    desk, panel = log_in(browser, live_server, 1280, "whist-club-1915")
    panel.goto(f"{live_server.url}/director/events/{event.pk}/")
    row = panel.locator("table.seats tr[data-table='1']")
    for name in ("Jane Alden", "Tom Baker", "Walter Visitor", "Ruth Dane"):
        assert name in row.inner_text()
    assert "unnamed" not in row.inner_text()
    assert panel.locator("table.seats tr[data-table='2'] .unnamed").count() == 4
    shots(panel.locator("#seats"), "seats-panel-1280")
    desk.close()


def test_named_beforehand_and_a_seat_that_differs_settled_on_the_panel(live_server, browser, shots):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director, name="Tuesday pairs", seats_at_table=True)
    club = event.club
    for number, name in (("101", "Jane Alden"), ("102", "Tom Baker"), ("105", "Hal Eyre")):
        Member.objects.create(club=club, name=name, number=number)
    # Table 1 named beforehand: the phone only confirms.  Table 2: the director put Hal
    # Eyre at North (pair 2), and the table keys Jane Alden there.
    services.set_player_names(
        event,
        {
            "1": ["Tom Baker (#102)", "Ann Cole"],
            "4": ["Ruth Dane", "Walter Visitor"],
            "2": ["Hal Eyre (#105)", ""],
        },
        by=Actor.director(director),
    )
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tablets.link_for(event, 1).token}/")
    assert "The director has named you" in page.inner_text("main")
    assert page.locator("input[name$=-number]").count() == 0
    page.click("button:has-text('confirm')")
    assert page.inner_text("h1") == "Round 1"
    page.goto(f"{live_server.url}/t/{tablets.link_for(event, 2).token}/")
    page.fill("[name=N-number]", "101")
    for seat, guest in (("E", "Amy Fry"), ("S", "Bea Gale"), ("W", "Cy Hunt")):
        page.fill(f"[name={seat}-guest]", guest)
    page.click("button:has-text('Look up the names')")
    page.click("button:has-text('confirm')")
    assert "the director will check one of them" in page.inner_text(".messages")
    shots(page, "seats-clash-390")
    context.close()

    desk, panel = log_in(browser, live_server, 1280, "whist-club-1915")
    panel.goto(f"{live_server.url}/director/events/{event.pk}/")
    north = panel.locator("table.seats tr[data-table='2'] td[data-seat=N]")
    assert "At the table: Jane Alden" in north.inner_text()
    assert "players page: Hal Eyre" in north.inner_text()
    no_axe_violations(panel)
    shots(panel.locator("#seats"), "seats-settle-1280")
    north.locator("button:has-text('Take Jane Alden')").click()
    assert "Jane Alden is named there" in panel.inner_text(".messages")
    north = panel.locator("table.seats tr[data-table='2'] td[data-seat=N]")
    assert north.inner_text().strip() == "Jane Alden"
    assert list(
        Player.objects.filter(pair__event=event, pair__label="2", position=1).values_list(
            "name", "member__number"
        )
    ) == [("Jane Alden", "101")]
    desk.close()
