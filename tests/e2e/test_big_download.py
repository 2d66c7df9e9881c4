"""The page a big file's download shows while the task worker prepares it
(tournament/downloads.py): in the reader's words, reloading itself without a script,
laid out for the director's laptop and for a player's phone; once the file is ready
the same link downloads it."""

from __future__ import annotations

import contextlib

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import Error

from tournament import jobs, services
from tournament.models import Job
from tournament.services import Actor

from ..factories import enter, make_event
from .axe import no_axe_violations
from .conftest import PHONE, log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
STORED_ONLY = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}


@pytest.fixture
def big_event(settings, exports_storage):
    settings.EXPORT_INLINE_LIMIT = 2  # three results make a big event here
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director, name="Club night")
    for table in (1, 2, 3):
        enter(event, 1 if table == 1 else (3 if table == 2 else 5), 1, table, "4H S 10")
    services.set_published(event, True, by=Actor.director(director))
    return event


@override_settings(TASKS=STORED_ONLY)
def test_the_page_that_waits_for_a_big_file(live_server, browser, shots, big_event):
    url = f"{live_server.url}/events/{big_event.pk}/download/xlsx/"
    for width, who in ((390, "phone"), (1280, "director")):
        if who == "phone":
            context = browser.new_context(**PHONE)
            page = context.new_page()
        else:
            context, page = log_in(browser, live_server, width, "whist-club-1915")
        response = page.goto(url)
        assert response.status == 503 and response.headers["retry-after"] == "5"
        assert response.headers["refresh"] == "5"  # the browser reloads it by itself
        assert page.locator("h1").inner_text() == "The file is being prepared"
        assert "Club night" in page.locator("main").inner_text()
        width_used = page.evaluate("document.documentElement.scrollWidth")
        assert width_used <= width  # nothing wider than the screen
        no_axe_violations(page)
        shots(page, f"big-download-preparing-{who}-{width}")
        context.close()
    # The worker writes it; the same link now downloads the file.
    for job in Job.objects.filter(event=big_event, state="queued"):
        jobs.run(job.pk)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    with page.expect_download() as download, contextlib.suppress(Error):
        page.goto(url, wait_until="commit")  # Playwright: "Download is starting"
    assert download.value.suggested_filename.endswith(".xlsx")
    context.close()
