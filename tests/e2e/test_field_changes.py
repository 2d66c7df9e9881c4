"""An evening with a late pair and a withdrawal, in a real browser.

A 3-table Mitchell of 5 pairs: the phantom 6's opponents sit out.  A pair arrives
in time for round 1 and takes the phantom's place (its table's phone shows it);
pair 5 leaves after round 1 (its round-2 table's phone says it sits out); the
guide cards follow; round 1's results stand.
"""

import pytest
from django.contrib.auth import get_user_model

from tournament import services
from tournament.models import Result
from tournament.queries import standings
from tournament.services import Actor, Entry, tablets

from ..tournament.conftest import make_event
from .axe import no_axe_violations

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_an_evening_with_a_late_pair_and_a_withdrawal(live_server, browser, shots):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director, name="Friday pairs", pairs_count=5)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "whist-club-1915")
    page.click("button[type=submit]")
    page.wait_for_url("**/director/")

    # A late pair arrives before round 1 starts: it takes the phantom's place.
    page.goto(f"{live_server.url}/director/events/{event.pk}/")
    page.click("text=Late pair / withdrawal")
    page.wait_for_selector("text=the phantom's place (6), free from round 1")  # a new page
    page.fill("#id_late-player1", "Mrs. Late")
    page.fill("#id_late-player2", "Mr. Late")
    page.click("text=Add the late pair")
    page.wait_for_selector("text=Pair 6 joins from round 1")
    movement = services.movement_for(event)
    table, _ = movement.where("6", 1)
    no_axe_violations(page)
    shots(page, "field-late-pair-1280")

    # Its table's phone shows it at once.
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live_server.url}/t/{tablets.link_for(event, table).token}/")
    assert "East-West 6 (Mrs. Late & Mr. Late)" in phone.inner_text(".big-note")
    shots(phone, "field-late-pair-tablet-390")

    # Round 1 is played at every table (the late pair's too) and closed.
    for tr in movement.round(1):
        for board in tr.boards:
            services.enter_result(
                event,
                board_number=board,
                round_no=1,
                table=tr.table,
                entry=Entry("2H", "S", 8 + board % 2),
                by=Actor.tablet(tr.table),
                confirmed=True,
            )
    services.close_round(event, 1, by=Actor.director(director))

    # Pair 5 leaves before round 2.
    page.goto(f"{live_server.url}/director/events/{event.pk}/field/")
    page.select_option("#id_out-pair", "5")
    page.fill("#id_out-from_round", "1")  # a closed round: refused, nothing lost
    page.fill("#id_out-reason", "a train to catch")
    page.click("text=Withdraw the pair")
    page.wait_for_selector("text=round 1 is closed")
    assert page.input_value("#id_out-reason") == "a train to catch"
    page.fill("#id_out-from_round", "2")
    page.click("text=Withdraw the pair")
    page.wait_for_selector("text=Pair 5 withdrawn from round 2")
    shots(page, "field-withdrawn-1280")

    # Its round-2 table's phone: that table sits out.
    left = movement.where("5", 2)[0]
    phone.goto(f"{live_server.url}/t/{tablets.link_for(event, left).token}/")
    assert "Round 2" in phone.inner_text("h1")
    assert "sits out" in phone.inner_text(".big-note")
    shots(phone, "field-withdrawn-tablet-390")
    no_axe_violations(phone)

    # The guide cards follow; round 1's results all stand and count.
    page.goto(f"{live_server.url}/director/events/{event.pk}/guide-cards/")
    assert (
        "pair 6 joins in round 1" in page.content()
        and "pair 5 withdrawn from round 2" in page.content()
    )
    # Pair 5's move after round 1 says it leaves (withdrawn), not that it sits out.
    assert "withdrawn" in page.inner_text("body")
    shots(page, "field-guide-cards-1280")
    assert Result.objects.filter(event=event, round=1, is_live=True).count() == 6
    ranked = {s.pair for s in standings.pair_contest(event)}
    assert {"5", "6"} <= ranked
