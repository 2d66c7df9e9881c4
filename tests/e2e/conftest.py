"""End-to-end tests in headless Chromium (Debian's, driven by Playwright).

The browser is Debian's ``chromium-headless-shell`` where it is installed: the same
Blink engine as ``chromium`` without the desktop browser around it, and what
Playwright itself runs for a headless test. It measured the browser tests in about
half the time and half the processor work (docs/decisions/test-time.md). Without
it the tests drive ``chromium``; $E2E_CHROMIUM names another browser.

Skipped, with the reason, where Chromium or Playwright is missing; CI installs
both.  Screenshots are taken only when $SCREENSHOTS_DIR names a folder for them
(the docs' pictures are made with SCREENSHOTS_DIR=docs/screenshots; a look at the
pages after a change, with any other folder): no test reads a picture, and a
whole page's picture costs the browser up to a second.
"""

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = (
    os.environ.get("E2E_CHROMIUM")
    or shutil.which("chromium-headless-shell")
    or shutil.which("chromium")
    or "/usr/bin/chromium"
)

# Playwright's sync API runs an event loop in this thread; the live server and the
# ORM calls the tests make stay synchronous, which Django must be told is safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

playwright_sync = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
if not Path(CHROMIUM).exists():
    pytest.skip(
        "Chromium is not installed (apt-get install chromium-headless-shell)",
        allow_module_level=True,
    )


# What the Content-Security-Policy refused on any page of the running test: Chromium
# says each refusal on the page's console ("Refused to execute inline script because it
# violates the following Content Security Policy directive ...").
REFUSED: list[str] = []


def _watch(page) -> None:
    def seen(message) -> None:
        text = message.text
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            REFUSED.append(f"{page.url}: {text}")

    page.on("console", seen)


class WatchedBrowser:
    """The browser, each of its pages watched for refusals of the policy."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.on("page", _watch)
        return context

    def new_page(self, **options):
        page = self._browser.new_page(**options)
        _watch(page)
        return page

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def no_policy_refusals():
    """Every browser test fails on anything the Content-Security-Policy refused: the pages
    hold no inline script or style, and load nothing from elsewhere."""
    REFUSED.clear()
    yield
    refused, REFUSED[:] = list(REFUSED), []
    assert refused == [], "\n".join(refused)


@pytest.fixture(scope="session")
def browser():
    with playwright_sync.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield WatchedBrowser(b)
        b.close()


SCREENSHOTS = os.environ.get("SCREENSHOTS_DIR")


@pytest.fixture
def shots():
    """``shots(page_or_part, name)``: a picture of a whole page (or of one part of it, a
    Playwright locator) saved as ``name``.png in $SCREENSHOTS_DIR; nothing without it."""
    folder = Path(SCREENSHOTS) if SCREENSHOTS else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)

    def take(target, name: str) -> Path | None:
        if folder is None:
            return None
        path = folder / f"{name}.png"
        if isinstance(target, playwright_sync.Page):
            target.screenshot(path=str(path), full_page=True)
        else:
            target.screenshot(path=str(path))
        return path

    return take


# A phone as the table scorers use it (the tablet pages are laid out for 390 px).
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}


@pytest.fixture
def board_page(live_server, browser):
    """A phone at table 1's board 1, and the event."""
    from django.contrib.auth import get_user_model

    from tournament.services import tablets

    from ..factories import make_event

    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    event = make_event(director)
    link = tablets.link_for(event, 1)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{link.token}/boards/1/")
    yield page, event
    context.close()


def log_in(browser, live_server, width: int, password: str, *, username: str = "td"):
    """A new browser context at ``width`` px, logged in as the director: (context, page)
    on the director's home page."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_url("**/director/")
    return context, page
