"""The tablet on flaky Wi-Fi (#12.5): a lost answer is retried with the same key, once stored.

Phone-sized Chromium; the network faults are made by Playwright's routing:
the first "Score it" reaches the server but its answer is lost, or the
server answers 503, or nothing gets an answer at all.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournament import services
from tournament.models import Result
from tournament.services import Actor, tablets

from ..tournament.conftest import make_event
from .conftest import PHONE
from .test_scorer_flow import tap

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WAITING = "Not sent yet: the server did not answer; trying again…"
SAVED = "Saved on this tablet, not yet sent"


def four_hearts_made(page) -> None:
    tap(page, "input[name=bid][value='4H']")  # the contract in one tap
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
    tap(page, "#id_declarer_2")  # no contract or tricks: the form comes back
    page.click("button:has-text('Score it')")
    page.wait_for_selector("text=Choose the contract (or Passed out).")
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
    status.filter(has_text=SAVED).wait_for()
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


def _kept_offline(live_server, browser):
    """Table 1's phone taps board 1 in (4H by S, 10 tricks) with the Wi-Fi down: the entry
    is kept on the tablet.  (event, link, context, page)."""
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director)
    link = tablets.link_for(event, 1)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{link.token}/boards/1/")
    four_hearts_made(page)
    context.set_offline(True)
    page.click("button:has-text('Score it')")
    page.locator("[data-resend-status]").filter(has_text=SAVED).wait_for()
    return event, link, context, page


def test_an_entry_made_offline_is_kept_then_stored_once_when_the_network_returns(
    live_server, browser, shots
):
    """Wi-Fi lost at the table (Playwright's offline mode), entry kept on the
    tablet and shown as not yet sent; the network returns and it is stored exactly once."""
    event, link, context, page = _kept_offline(live_server, browser)
    outbox = page.locator("[data-outbox]")
    outbox.filter(has_text="saved on this tablet, not yet sent").wait_for()
    assert "Board 1" in outbox.inner_text()
    assert not Result.objects.filter(event=event).exists()  # only what the server stored counts
    shots(page, "scorer-offline")
    context.set_offline(False)  # the browser says "online": the tablet sends it by itself
    page.wait_for_selector("text=Hand the tablet to the opponents", timeout=20000)
    assert Result.objects.filter(event=event).count() == 1
    page.locator("[data-resend-note]").filter(has_text="entered, once").wait_for()
    assert page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('da-outbox'))"
        " .map(k => JSON.parse(localStorage[k]).length)"
    ) == [0]
    # The same entry again (a second device, a reload): one result, whatever the retries.
    page.goto(f"{live_server.url}/t/{link.token}/")
    assert Result.objects.filter(event=event).count() == 1
    context.close()


def test_the_round_page_lists_what_is_still_waiting(live_server, browser, shots):
    event, link, context, page = _kept_offline(live_server, browser)
    # The pages load again but saving still fails (the server's Wi-Fi side is down).
    page.route(
        "**/boards/1/",
        lambda route, request: (
            route.abort("connectionreset") if request.method == "POST" else route.continue_()
        ),
    )
    context.set_offline(False)
    page.goto(f"{live_server.url}/t/{link.token}/")
    waiting = page.locator("[data-outbox]")
    waiting.filter(has_text="Board 1").wait_for()
    assert "not yet sent" in waiting.inner_text()
    tile = page.locator("a.tile").first.inner_text()
    assert "enter the result" in tile and "not yet sent" in tile  # not entered yet
    assert page.locator("button:has-text('Round agreed')").is_disabled()
    shots(page, "scorer-waiting")
    page.unroute("**/boards/1/")
    page.evaluate("window.dispatchEvent(new Event('online'))")  # the network is back
    page.wait_for_selector("a.tile.waiting", timeout=20000)  # entered: now to confirm
    assert Result.objects.filter(event=event).count() == 1
    assert waiting.is_hidden()
    context.close()


CLOSED = "Board 1 is not one of this table's boards now"


def test_an_entry_refused_because_the_round_closed_says_so_with_javascript_on(board_page, shots):
    """The director closes round 1 while the phone has board 1's taps in: "Score it" must
    not land on round 2's page with no message at all (as it would if resend.js followed
    the redirect, which shows the refusal to the script, then loaded the page again without
    it), leaving the scorer believing the board entered: the page the server answered is
    the one shown, the refusal, at the round page's own address."""
    page, event = board_page
    four_hearts_made(page)
    services.close_round(event, 1, by=Actor.director(event.owner))
    page.click("button:has-text('Score it')")
    refusal = page.locator(".messages .error")
    refusal.filter(has_text=CLOSED).wait_for()
    assert "Nothing was saved" in refusal.inner_text()
    assert "Round 2" in page.inner_text("main h1")
    assert page.url.endswith(f"/t/{tablets.link_for(event, 1).token}/")  # the round's address
    assert page.evaluate("document.activeElement.closest('.messages') !== null")  # read out
    assert not page.locator("[data-resend-note]").inner_text()  # no "Sent" beside it
    assert not Result.objects.filter(event=event).exists()
    shots(page, "scorer-refused-round-closed")
    # The round page works as loaded: a board of round 2 opens from it.
    page.click("a.tile:has-text('Board 3')")
    page.wait_for_url("**/boards/3/")


def test_an_entry_kept_offline_and_refused_on_arrival_is_not_reported_entered(
    live_server, browser, shots
):
    """The same refusal for an entry kept on the tablet while the Wi-Fi was down: when it
    is sent, it must show as not entered, with the reason, not "entered, once"."""
    event, _link, context, page = _kept_offline(live_server, browser)
    services.close_round(event, 1, by=Actor.director(event.owner))
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    outbox = page.locator("[data-outbox] li.refused")
    outbox.filter(has_text=CLOSED).wait_for(timeout=20000)
    assert "not entered" in outbox.inner_text()
    assert "entered, once" not in page.inner_text("main")
    # The form's own status line no longer says the entry waits to be sent.
    status = page.inner_text("[data-resend-status]")
    assert "Not entered" in status and "not yet sent" not in status, status
    assert not Result.objects.filter(event=event).exists()
    # Its two actions are tap targets (44 px, WCAG 2.5.5), not the 26 px "mini" button.
    for action in ("a:has-text('Enter it again')", "button:has-text('Discard')"):
        box = outbox.locator(action).bounding_box()
        assert box is not None and box["height"] >= 44, (action, box)
    shots(page, "scorer-kept-entry-refused")
    outbox.locator("button:has-text('Discard')").click()
    page.locator("[data-outbox] li.refused").wait_for(state="detached")
    context.close()
