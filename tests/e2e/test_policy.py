"""The Content-Security-Policy in the browser: what it refuses is caught, what the pages
need still works without inline script, and forms show only what applies.

Every browser test fails on a refusal of the policy (tests/e2e/conftest.py); this file
shows that check sees one, and drives the pages whose script left their templates.
"""

import time

import pytest
from django.contrib.auth import get_user_model

from ..factories import make_event
from . import conftest
from .conftest import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "whist-club-1915"


def _refused(page, wanted: str) -> list[str]:
    """The refusals seen so far that mention ``wanted`` (the console's messages arrive
    with the browser's next answer)."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        page.evaluate("0")  # a round trip: the console's events are taken on the way
        found = [r for r in conftest.REFUSED if wanted in r]
        if found:
            return found
        time.sleep(0.05)
    return []


def test_an_inline_script_is_refused_and_the_check_sees_it(live_server, browser):
    context = browser.new_context()
    page = context.new_page()
    response = page.goto(live_server.url + "/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.ran = true'; document.body.appendChild(s); }"
    )
    assert page.evaluate("window.ran === undefined")  # refused, not run
    assert _refused(page, "inline script"), conftest.REFUSED
    conftest.REFUSED.clear()  # this test's own refusal, seen: not a failure of the page
    context.close()


def test_a_print_button_prints_without_inline_script(live_server, browser, shots):
    director = get_user_model().objects.create_user("td", password=PASSWORD)
    event = make_event(director)
    context, page = log_in(browser, live_server, 1280, PASSWORD)
    context.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; }")
    page.goto(f"{live_server.url}/director/events/{event.pk}/table-cards/")
    page.click("button[data-print]")
    assert page.evaluate("window.printed") == 1
    context.close()


def test_a_team_match_form_hides_the_pair_contests_adjusted_scores(live_server, browser, shots):
    get_user_model().objects.create_user("td", password=PASSWORD)
    context, page = log_in(browser, live_server, 1280, PASSWORD)
    page.goto(f"{live_server.url}/director/events/new/")
    legend = page.locator("legend", has_text="The director's adjusted scores")
    assert legend.is_visible()  # a pair contest by total points: Law H's average-plus
    assert page.locator("#id_adjusted_points").is_visible()
    page.select_option("#id_form", "teams")
    assert not legend.is_visible() and not page.locator("#id_adjusted_points").is_visible()
    assert not page.locator("#id_adjusted_plus_percent").is_visible()
    shots(page, "director-new-team-match-1280")
    page.select_option("#id_form", "pairs")
    assert legend.is_visible()
    context.close()
