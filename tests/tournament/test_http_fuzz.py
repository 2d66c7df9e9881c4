"""Every form the director and the tablets post, fuzzed over HTTP: never a server error.

The forms are found on the pages themselves (tests/tournament/httpfuzz.py); here a
bounded run, a few hundred posts; ``python -m benchmarks.form_fuzz`` runs thousands
and prints the count of posts and of server errors.
"""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from . import httpfuzz

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
