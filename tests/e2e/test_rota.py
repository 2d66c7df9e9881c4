"""The club's rota in the browser: a second director of the club finds the event the
first one made, sets its standings to factored, and the standings say so (b, B, and
each sum as played) on a laptop and on a phone."""

import pytest
from django.contrib.auth import get_user_model

from tournament.models import Club

from ..factories import late_pair_evening
from .conftest import PHONE, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_colleague_factors_the_first_directors_evening(live_server, browser, shots):
    users = get_user_model().objects
    first = users.create_user("alden", password="pw-alden-1915", is_staff=True)
    colleague = users.create_user("td", password="pw-td-deputy-1915", is_staff=True)
    for user in (first, colleague):
        Club.first().directors.add(user)
    event = late_pair_evening(first, name="Tuesday pairs")

    context, page = log_in(browser, live_server, 1280, "pw-td-deputy-1915")
    page.get_by_role("link", name="Events").first.click()
    listed = page.inner_text("main")
    assert "Tuesday pairs" in listed and "alden" in listed  # made by the other director
    shots(page, "events-list-1280")
    page.get_by_role("link", name="Tuesday pairs").click()
    page.get_by_label("Factored (sum x B / b, to the boards most pairs played)").check()
    shots(page.locator("form.factoring"), "panel-factoring-1280")
    page.get_by_role("button", name="Set").click()
    assert "Standings: Factored" in page.inner_text("ul.messages")
    page.goto(f"{live_server.url}/events/{event.pk}/")
    text = page.inner_text("main")
    assert "Total points (Law H), factored" in text and "As played" in text
    assert "× 6 ÷ the boards it played with a comparison (b)" in text
    shots(page, "standings-factored-1280")
    context.close()

    phone = browser.new_context(**PHONE)
    small = phone.new_page()
    small.goto(live_server.url + "/login/")
    small.fill("#id_username", "td")
    small.fill("#id_password", "pw-td-deputy-1915")
    small.click("button[type=submit]")
    small.wait_for_url("**/director/")
    small.goto(f"{live_server.url}/events/{event.pk}/")
    assert small.evaluate("document.documentElement.scrollWidth") <= 390
    shots(small, "standings-factored-390")
    phone.close()
