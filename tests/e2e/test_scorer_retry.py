"""The tablet on flaky Wi-Fi (#12.5): a lost answer is retried with the same key, once stored.

Phone-sized Chromium; the network faults are made by Playwright's routing:
the first "Score it" reaches the server but its answer is lost, or the
server answers 503, or nothing gets an answer at all.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournament import tablets
from tournament.models import Result

from ..tournament.conftest import make_event
from .test_scorer_flow import PHONE, tap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WAITING = "Not sent yet: the server did not answer; trying again…"
FAILED = "Not sent: check the Wi-Fi and press Score it again (nothing will be entered twice)"


@pytest.fixture
def board_page(live_server, browser):
    """A phone at table 1's board 1, and the event."""
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director)
    link = tablets.link_for(event, 1)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{link.token}/boards/1/")
    yield page, event
    context.close()


def four_hearts_made(page) -> None:
    tap(page, "#id_level_4")
    tap(page, "#id_strain_2")  # hearts
    tap(page, "#id_declarer_2")  # South
    tap(page, "#id_tricks_10")
    tap(page, "input[value='trumps:EW-3']")  # no hand record: the honours are asked


def posts(page, answer):
    """Route the board's POSTs through ``answer(route, n)`` (n counts from 0); returns the log."""
    log: list[str] = []

    def handle(route, request):
        if request.method != "POST":
            route.continue_()
            return
        log.append(request.post_data_json.get("key", "") if request.post_data else "")
        answer(route, len(log) - 1)

    page.route("**/boards/1/", handle)
    return log


def lost_answer(route) -> None:
    """The request reaches the server (which stores the result); its answer never arrives."""
    route.fetch()
    route.abort("connectionreset")


def test_a_lost_answer_is_retried_with_the_same_key_and_stored_once(board_page):
    page, event = board_page
    seen: list[str] = []
    page.expose_function("statusSeen", lambda text: seen.append(text))
    page.evaluate(
        """() => new MutationObserver(() => window.statusSeen(
            document.querySelector('[data-resend-status]').textContent))
            .observe(document.querySelector('[data-resend-status]'), {childList: true})"""
    )
    log = posts(page, lambda route, n: lost_answer(route) if n == 0 else route.continue_())
    four_hearts_made(page)
    page.click("button:has-text('Score it')")
    page.wait_for_selector("text=Hand the tablet to the opponents")
    assert WAITING in seen
    assert len(log) == 2 and log[0] == log[1] and log[0]  # the same key, sent twice
    result = Result.objects.get(event=event)
    # 4H made: 32 + 125 premium = 157 to NS, less EW's simple honours 2 x 8 = 16.
    assert (result.contract, result.net_ns) == ("4H", 141)
    assert page.url.endswith(f"/results/{result.pk}/")
    note = page.locator("[data-resend-note]")
    note.filter(has_text="The result is entered once").wait_for()  # told, on the result page
    assert note.get_attribute("role") == "status"


def test_a_503_is_retried_and_a_form_with_errors_replaces_the_page(board_page):
    page, event = board_page
    log = posts(
        page,
        lambda route, n: (
            route.fulfill(status=503, body="restarting") if n == 1 else route.continue_()
        ),
    )
    tap(page, "#id_level_4")  # no declaration, declarer or tricks: the form comes back
    page.click("button:has-text('Score it')")
    page.wait_for_selector("text=Choose the declaration.")
    assert page.url.endswith("/boards/1/") and not Result.objects.exists()
    # The page was replaced by the form with its errors; it is sent by the script again.
    four_hearts_made(page)
    page.click("button:has-text('Score it')")
    page.wait_for_selector("text=Hand the tablet to the opponents")
    assert len(log) == 3 and log[1] == log[2]
    assert Result.objects.filter(event=event).count() == 1


def test_no_answer_at_all_then_score_it_again_enters_it_once(board_page):
    page, event = board_page
    page.evaluate("document.querySelector('form[data-resend]').dataset.resendDelays = '50,50'")
    log = posts(page, lambda route, n: lost_answer(route))  # every answer lost
    four_hearts_made(page)
    page.click("button:has-text('Score it')")
    status = page.locator("[data-resend-status]")
    status.filter(has_text=FAILED).wait_for()
    assert status.get_attribute("role") == "status"
    assert len(log) == 3 and len(set(log)) == 1  # the first try and two retries, one key
    assert Result.objects.filter(event=event).count() == 1  # the first try landed
    # The Wi-Fi is back: "Score it" again, from the keyboard, sends the same key.
    page.unroute("**/boards/1/")
    page.focus("button:has-text('Score it')")
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Hand the tablet to the opponents")
    assert Result.objects.filter(event=event).count() == 1


def test_without_javascript_the_form_posts_as_before(live_server, browser):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director)
    link = tablets.link_for(event, 1)
    context = browser.new_context(**PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{link.token}/boards/1/")
    four_hearts_made(page)
    page.click("button:has-text('Score it')")
    page.wait_for_selector("text=Hand the tablet to the opponents")
    assert Result.objects.filter(event=event).count() == 1
    context.close()
