"""The auction in a browser: a whole auction tapped on a phone, a double of partner's
declaration refused, the director ruling it from his phone, the 50 points on the score."""

import pytest
from django.contrib.auth import get_user_model

from tournament.models import Result
from tournament.services import tablets

from ..factories import make_event
from .axe import no_axe_violations
from .conftest import PHONE, log_in
from .test_scorer_flow import tap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_an_auction_a_ruling_and_its_penalty(live_server, browser, shots):
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, record_auctions=True)  # 1915 laws, board 1 dealt by North
    link = tablets.link_for(event, 1)
    tablet = browser.new_context(**PHONE).new_page()
    tablet.goto(f"{live_server.url}/t/{link.token}/boards/1/")
    assert tablet.url.endswith("/boards/1/auction/")  # the auction comes first

    def call(text):
        tablet.click(f"form:has(input[name=call][value='{text}']) button")
        tablet.wait_for_load_state()

    call("1H")  # North
    call("P")  # East
    call("X")  # South doubles his partner: refused, nothing recorded
    refused = tablet.locator(".refused")
    assert "X by S is not allowed" in refused.inner_text() and "Law 54" in refused.inner_text()
    shots(tablet, "scorer-auction-refused")
    no_axe_violations(tablet)
    tablet.click(".refused button:has-text('Call the director')")
    tablet.wait_for_selector("text=The director has been called")

    director = browser.new_context(**PHONE).new_page()  # the director at the table
    director.goto(f"{live_server.url}/login/")
    director.fill("#id_username", "td")
    director.fill("#id_password", "whist-club-1915")
    director.click("button[type=submit]")
    director.wait_for_url("**/director/")  # logged in before going on
    director.goto(f"{live_server.url}/director/events/{event.pk}/")
    director.click("a:has-text('Rule on board 1')")
    suggested = director.locator("fieldset.suggested")
    assert "A double of partner's declaration" in suggested.inner_text()
    assert director.evaluate("document.documentElement.scrollWidth") <= 390
    shots(director, "director-ruling-390")
    no_axe_violations(director)
    director.click("fieldset.suggested label.choice")
    director.click("button:has-text('Record the ruling')")
    director.wait_for_selector("text=Ruled: A double of partner")

    tablet.reload()
    for text in ("2H", "P", "P", "P"):  # South, West, North, East
        call(text)
    # The last pass goes straight on to the board's page, the contract and declarer
    # filled in from the auction: only the tricks and honours are left to tap.
    assert tablet.url.endswith("/boards/1/")
    assert "come from the auction" in tablet.inner_text("main")
    assert tablet.is_checked("input[name=bid][value='2H']") and tablet.is_checked(
        "#id_declarer_0"
    )  # 2H by N
    shots(tablet, "scorer-auction-over")
    tap(tablet, "#id_tricks_8")
    tap(tablet, "input[value='trumps:EW-3']")
    tablet.click("button:has-text('Score it')")
    tablet.wait_for_selector("text=Hand the tablet to the opponents")
    result = Result.objects.get(event=event, is_live=True)
    # 2H by N made: 2 x 8 = 16 to NS; EW: simple honours 2 x 8 = 16 (Law 6) and the
    # ruling's 50 (Law 54): 66.  Net to NS: 16 - 66 = -50.
    assert (result.contract, result.declarer, result.ns_trick) == ("2H", "N", 16)
    assert (result.ew_honour, result.net_ns) == (66, -50)
    assert result.auction == "1H P 2H P P P"
    assert "Law 54" in tablet.inner_text("main")
    shots(tablet, "scorer-auction-score")


def test_a_pass_out_of_turn_bars_the_offenders_double_of_the_declaration_he_passed(
    live_server, browser, shots
):
    """1915 Law 49: N 1H; W passes in East's turn; the director rules (the order is
    unaffected, W barred until 1H is overbid or doubled); E and S pass; W's double of
    1H is refused at the table with Law 49 named; W passes and 1H stands."""
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(td, record_auctions=True)  # 1915 laws, board 1 dealt by North
    link = tablets.link_for(event, 1)
    tablet_context = browser.new_context(**PHONE)
    tablet = tablet_context.new_page()
    tablet.goto(f"{live_server.url}/t/{link.token}/boards/1/auction/")

    def call(text):
        tablet.click(f"form:has(input[name=call][value='{text}']) button")
        tablet.wait_for_load_state()

    call("1H")  # North
    # West passes out of turn: the table calls the director.
    tablet.click("button:has-text('A call out of turn, or anything else? Call the director')")
    tablet.wait_for_selector("text=The director has been called")

    director_context, director = log_in(browser, live_server, 1280, "whist-club-1915")
    director.goto(f"{live_server.url}/director/events/{event.pk}/")
    director.click("a:has-text('Rule on board 1')")
    # The call named no irregularity: each is folded under its name; the director opens one.
    guide = director.locator("details:has(summary:has-text('A pass out of turn'))")
    assert guide.get_attribute("open") is None
    guide.locator("summary").click()
    assert "Law 49" in guide.inner_text() and "overbid or doubled" in guide.inner_text()
    assert director.locator("summary:has-text('A card exposed or led during the auction')").count()
    director.select_option("#offender", "W")
    director.fill("#made", "P")
    guide.locator("label.choice").click()
    shots(director, "director-ruling-pass-out-of-turn-1280")
    no_axe_violations(director)
    director.click("button:has-text('Record the ruling')")
    director.wait_for_selector("text=Ruled: A pass out of turn")

    tablet.reload()
    assert "W may not declare or double again (Law 49)" in tablet.inner_text(".bars")
    call("P")  # East: the order is unaffected
    call("P")  # South
    assert "only Pass" in tablet.inner_text(".big-note")
    assert "1H, the declaration he passed" in tablet.inner_text(".barred-now")
    assert not tablet.locator(".bars").count()  # said once, beside the bid box
    shots(tablet, "scorer-auction-law-49-barred")
    call("X")  # West doubles the declaration he passed: refused
    refused = tablet.locator(".refused")
    assert "X by W is not allowed" in refused.inner_text()
    assert "(Law 49)" in refused.inner_text()
    assert not tablet.locator(".barred-now").count()  # the refusal says it
    assert tablet.evaluate("document.documentElement.scrollWidth") <= 390
    shots(tablet, "scorer-auction-law-49-refused")
    no_axe_violations(tablet)
    call("P")  # West passes: 1H is final, and the board's page asks for the tricks
    assert tablet.url.endswith("/boards/1/") and "come from the auction" in tablet.inner_text(
        "main"
    )
    assert tablet.is_checked("input[name=bid][value='1H']") and tablet.is_checked("#id_declarer_0")
    tablet_context.close()
    director_context.close()
