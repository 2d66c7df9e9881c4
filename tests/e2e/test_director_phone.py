"""The director answers a table's call from a phone at the table.

The call is the first thing on the control panel, seen without scrolling; the
rulings guide opens at the irregularity the call names with the others folded, and
*Record the ruling* is on the screen as soon as the choice is: the ruling recorded
within two screens of the top of the page.
"""

import pytest
from django.contrib.auth import get_user_model

from tournament.models import DirectorCall, Ruling
from tournament.services import tablets

from ..factories import make_event
from .axe import no_axe_violations
from .conftest import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_call_answered_from_a_390_px_phone(live_server, browser, shots):
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    # A 12-table evening: the panel's board buttons and progress grid are long.
    event = make_event(td, tables=12, boards_per_round=2, record_auctions=True)
    link = tablets.link_for(event, 1)
    tablet = browser.new_context(**PHONE).new_page()
    tablet.goto(f"{live_server.url}/t/{link.token}/boards/1/auction/")
    for text in ("1H", "P", "X"):  # North, East; South doubles his partner: refused
        tablet.click(f"form:has(input[name=call][value='{text}']) button")
        tablet.wait_for_load_state()
    tablet.click(".refused button:has-text('Call the director')")
    tablet.wait_for_selector("text=The director has been called")

    context = browser.new_context(**PHONE)
    phone = context.new_page()
    phone.goto(f"{live_server.url}/login/")
    phone.fill("#id_username", "td")
    phone.fill("#id_password", "whist-club-1915")
    phone.click("button[type=submit]")
    phone.wait_for_url("**/director/")
    phone.goto(f"{live_server.url}/director/events/{event.pk}/")
    height = PHONE["viewport"]["height"]
    # The call and its button on the first screen, nothing scrolled.
    assert phone.evaluate("window.scrollY") == 0
    rule = phone.locator(".calls a:has-text('Rule on board 1')")
    box = rule.bounding_box()
    assert box and box["y"] + box["height"] <= height, box
    assert "Table 1 calls the director" in phone.inner_text(".calls")
    shots(phone, "director-call-390")
    rule.click()
    phone.wait_for_load_state()  # the ruling page whole before its parts are counted

    # The guide opens at the double of partner's declaration, the others folded.
    assert "{#" not in phone.inner_text("main")  # no template text shown as words
    opened = phone.locator("details.irregularity[open]")
    assert opened.count() == 1
    assert "A double of partner's declaration" in opened.locator("summary").inner_text()
    assert phone.locator("details.irregularity:not([open])").count() >= 5
    choice = opened.locator("label.choice").first
    choice.click()  # scrolled into view as a finger would
    record = phone.locator("button:has-text('Record the ruling')")
    box = record.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, box  # on this screen
    scrolled = phone.evaluate("window.scrollY")
    assert scrolled + height <= 2 * height, scrolled  # within two screens of the top
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    no_axe_violations(phone)
    shots(phone, "director-ruling-call-390")
    record.click()
    phone.wait_for_selector("text=Ruled: A double of partner")
    assert Ruling.objects.filter(event=event).count() == 1
    assert not DirectorCall.objects.filter(event=event, answered_at__isnull=True).exists()
    context.close()
