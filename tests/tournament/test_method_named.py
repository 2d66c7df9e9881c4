"""Every standings page names the comparison it uses: matchpoints, or total points
(Law H), on an event's page, a championship section's and the championship's own."""

import pytest
from django.urls import reverse

from tests.factories import enter, make_contest
from tournament.queries import contests


@pytest.mark.parametrize(
    ("method", "named", "across"),
    [
        (
            "matchpoints",
            "Matchpoints",
            "every pair matchpointed against the pairs of every section that held the same cards",
        ),
        (
            "total",
            "Total points (Law H)",
            "every pair's total points against the average of every section that held the "
            "same cards (Law H)",
        ),
    ],
)
def test_a_section_and_its_championship_name_their_method(client, director, method, named, across):
    contest = make_contest(director, method=method)
    a, b = contests.parts(contest)
    enter(a, 1, 1, 1, "4H S 10")
    enter(a, 1, 2, 3, "4H S 8")
    enter(b, 1, 1, 1, "4H S 11")
    client.force_login(director)
    section = client.get(reverse("event_standings", args=[a.pk])).content.decode()
    assert f", {named}" in section and across in section
    card = client.get(reverse("event_pair", args=[a.pk, "1"])).content.decode()
    assert across in card
    for url in (
        reverse("contest_standings", args=[contest.pk]),
        reverse("director_contest", args=[contest.pk]),
    ):
        page = client.get(url).content.decode()
        assert f" · {named} · " in page
    if method == "matchpoints":  # nothing on a matchpoint page says it is Law H's
        assert "Law H" not in section and "Law H" not in card
        assert (
            "Law H"
            not in client.get(reverse("contest_standings", args=[contest.pk])).content.decode()
        )
