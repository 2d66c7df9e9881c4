"""Issue 16 in a browser: a whole auction tapped on a phone, a double of partner's
declaration refused, the director ruling it from his phone, the 50 points on the score."""

import pytest
from django.contrib.auth import get_user_model

from tournament import tablets
from tournament.models import Result

from ..factories import make_event
from .axe import no_axe_violations
from .conftest import PHONE
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
    assert "2H" in tablet.inner_text(".big-note") and "by N" in tablet.inner_text(".big-note")
    shots(tablet, "scorer-auction-over")
    tablet.click("a:has-text('Now the play')")
    assert "come from the auction" in tablet.inner_text("main")
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
