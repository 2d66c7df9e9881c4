"""The Content-Security-Policy on every kind of answer, and nothing inline for it to refuse.

The policy (django-csp, tournament/settings.py) lets a page load script, style and
images from this server only, and run no inline script or style: a name typed into a
form can never run as script on another device.  The templates hold no inline script,
style or event handler, so the policy refuses nothing the app itself sends (the
browser tests fail on any refusal: tests/e2e/conftest.py).  gunicorn's ``Server``
header is checked with the room's real server: tests/tournament/test_room.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tournament import services
from tournament.services import Actor, tablets

from ..factories import enter
from .conftest import make_event

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"


def directives(response) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy", "")
    parts = [p.strip().split() for p in header.split(";") if p.strip()]
    return {p[0]: p[1:] for p in parts}


def assert_policy(response, what: str) -> None:
    policy = directives(response)
    assert policy, f"{what}: no Content-Security-Policy header"
    for name in ("default-src", "script-src", "style-src", "img-src", "connect-src"):
        assert policy.get(name) == ["'self'"], (what, name, policy.get(name))
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"], what
    assert policy["frame-ancestors"] == ["'none'"], what
    assert not any("unsafe" in v for values in policy.values() for v in values), what
    assert "Server" not in response.headers, what


@pytest.mark.django_db
def test_every_kind_of_answer_carries_the_policy(director):
    event = make_event(director)
    enter(event, 1, 1, 1, "4H S 10", confirmed=True)
    result = event.result_set.get()
    services.set_published(event, True, by=Actor.director(director))
    link = tablets.link_for(event, 1)
    public, desk = Client(), Client()
    desk.force_login(director)
    answers = {
        "home": public.get(reverse("home")),
        "log in": public.get(reverse("login")),
        "a public tool": public.get(reverse("deal_calculator")),
        "the published events": public.get(reverse("events")),
        "standings": public.get(reverse("event_standings", args=[event.pk])),
        "a traveller": public.get(reverse("event_traveller", args=[event.pk, 1])),
        "the room display": public.get(reverse("event_display", args=[event.pk])),
        "a download": public.get(reverse("event_download", args=[event.pk, "csv"])),
        "a tablet's board": public.get(reverse("scorer_board", args=[link.token, 2])),
        "a tablet's result": public.get(reverse("scorer_result", args=[link.token, result.pk])),
        "the control panel": desk.get(reverse("director_event", args=[event.pk])),
        "the players page": desk.get(reverse("director_players", args=[event.pk])),
        "the table cards": desk.get(reverse("director_tables", args=[event.pk])),
        "a polled fragment": desk.get(
            reverse("director_event", args=[event.pk]), {"fragment": "1"}, HTTP_X_FRAGMENT="1"
        ),
        "the admin": desk.get("/admin/login/"),
        "a redirect": public.get(reverse("director_events")),
        "not found": public.get("/no/such/page/"),
        "a stale form": Client(enforce_csrf_checks=True).post(reverse("login"), {}),
        "a static file": public.get("/static/tournament/site.css"),
    }
    kinds = {what: r.status_code for what, r in answers.items()}
    assert kinds["not found"] == 404 and kinds["a stale form"] == 403, kinds
    assert kinds["a redirect"] == 302 and kinds["home"] == 200, kinds
    for what, response in answers.items():
        assert_policy(response, what)


@pytest.mark.django_db
@pytest.mark.urls("tests.tournament.test_safe_defaults")
def test_the_server_error_page_carries_the_policy():
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    assert_policy(response, "a server error")


# What the policy refuses: a <script> with a body, a <style> element, a style="..."
# attribute, an on...="..." event handler, a javascript: address.
INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline script"),
    (re.compile(r"<style\b", re.I), "a style element"),
    (re.compile(r"""\sstyle\s*=\s*["'{]""", re.I), "a style attribute"),
    (re.compile(r"""\son[a-z]+\s*=\s*["'{]""", re.I), "an event handler attribute"),
    (re.compile(r"javascript:", re.I), "a javascript: address"),
]


def test_no_template_holds_an_inline_script_or_style():
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text()
        for pattern, what in INLINE:
            for m in pattern.finditer(text):
                line = text.count("\n", 0, m.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert found == []


def test_the_inline_check_finds_what_it_looks_for():
    """The check above cannot pass by matching nothing."""
    samples = {
        "an inline script": "<script>alert(1)</script>",
        "a style element": "<style>p{}</style>",
        "a style attribute": '<p style="color: red">',
        "an event handler attribute": '<button onclick="go()">',
        "a javascript: address": '<a href="javascript:go()">',
    }
    for pattern, what in INLINE:
        assert pattern.search(samples[what]), what
    assert not any(p.search('<script src="/static/x.js" defer></script>') for p, _ in INLINE)
