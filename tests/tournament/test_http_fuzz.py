"""Every form the director and the tablets post, fuzzed over HTTP: never a server error.

The forms are found on the pages themselves (tests/tournament/httpfuzz.py); here a
bounded run, a few hundred posts; ``python -m benchmarks.form_fuzz`` runs thousands
and prints the count of posts and of server errors.
"""

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tournament.models import AuditEntry, DirectorCall, Seating
from tournament.services import tablets

from . import httpfuzz
from .conftest import make_event

# Posts in the suite's run: about ten seconds with the crawl on a quiet machine (the
# long run, thousands of posts on each database, is the benchmark's).
SUITE_POSTS = 100


@pytest.mark.django_db
def test_every_director_and_tablet_form_answers_without_a_server_error():
    world = httpfuzz.make_world()
    targets = httpfuzz.crawl(world)
    found = {t.action for t in targets}
    # The crawl finds the forms of every kind of page (it cannot pass by finding none).
    for expected in (
        reverse("director_event_create"),
        reverse("director_league_create"),
        reverse("director_contest_create"),
        reverse("director_accounts"),
    ):
        assert expected in found, sorted(found)
    assert any(a.endswith("/players/") for a in found)
    assert any(a.endswith("/boards/1/") and a.startswith("/director/") for a in found)
    assert any(a.startswith("/t/{token}/boards/") for a in found)
    assert any(t.page.endswith("/auction/") for t in targets)
    assert sum(t.who == "tablet" for t in targets) >= 4
    assert len(targets) >= 40, len(targets)

    @settings(
        max_examples=SUITE_POSTS,
        deadline=None,
        database=None,
        phases=[Phase.generate, Phase.shrink],
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def one_post(data):
        target = data.draw(st.sampled_from(targets), label="form")
        payload = data.draw(httpfuzz.form_data(target), label="post")
        status = httpfuzz.post(world, target, payload)
        assert status < 500, httpfuzz.describe(target, payload)

    one_post()


@pytest.mark.django_db
def test_a_nul_or_a_line_break_in_every_text_field_of_every_form_is_no_server_error():
    """Each form posted as its page holds it but for one text field, which holds a NUL
    (no database stores one; PostgreSQL refuses it) or a CR/LF (no one-line name holds
    one): field by field, every form of the world (one of each shape), so the text
    reaches the verb behind the form and not only the form's own check
    (tournament/text.py)."""
    world = httpfuzz.make_world()
    targets = httpfuzz.crawl(world)
    assert any(t.action.endswith("/make-member/") for t in targets)
    assert any(t.action == reverse("director_club") for t in targets)
    posts = httpfuzz.unstored_posts(targets)
    assert len(posts) > 200, len(posts)
    failures = []
    for target, data in posts:
        status = httpfuzz.post(world, target, data)
        if status >= 500:
            failures.append(f"{status} {httpfuzz.describe(target, data)}")
    assert not failures, "\n".join(failures)


@pytest.mark.django_db
def test_a_nul_character_posted_where_a_form_reads_text_as_it_came_is_refused(director):
    """A reason read from a post as it came, holding a NUL character (PostgreSQL's text
    refuses it: a server error there), is refused in the director's words and the change
    it explains is not made; a tablet's call for the director still goes, without the
    copy of its refused call that cannot be kept (tournament/text.py)."""
    event = make_event(director)
    desk = Client(raise_request_exception=False)
    desk.force_login(director)
    tablet = Client(raise_request_exception=False)
    link = tablets.link_for(event, 1)
    answers = {
        "absent": desk.post(
            reverse("director_absent_pick", args=[event.pk]),
            {"where": "1-2", "absent": "1", "reason": "no\x00show"},
            follow=True,
        ),
        "call": tablet.post(
            reverse("scorer_call", args=[link.token]),
            {"board": "1", "seat": "N", "call": "1\x00H", "note": "rev\x00oke"},
        ),
    }
    assert answers["absent"].status_code == 200
    assert "The note for the log holds a character no keyboard types" in (
        answers["absent"].content.decode()
    )
    assert not Seating.objects.filter(event=event, absent=True).exists()
    assert not AuditEntry.objects.filter(event=event, action__contains="absent").exists()
    assert answers["call"].status_code == 302
    call = DirectorCall.objects.get(event=event)
    assert (call.board, call.seat, call.call, call.note) == (1, "N", "", "")
