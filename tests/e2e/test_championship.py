"""A championship's section page in a real browser: at 1280 px (the director) and at
390 px (a player's phone) it says it compares its own section alone and links the
championship's standings across sections, nothing off the screen."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from tests.factories import make_contest
from tournament import services
from tournament.queries import contests
from tournament.services import Actor, Entry

from .axe import no_axe_violations

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def spring_championship(director):
    """Two sections, two sessions, matchpoints, the session percentages averaged."""
    return make_contest(
        director,
        name="Spring championship",
        date=datetime.date(1915, 4, 1),
        sessions=2,
        carry="average",
        method="matchpoints",
    )


def test_a_section_page_says_whom_it_compares_at_1280_and_390(live_server, browser, shots):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    contest = spring_championship(director)
    a, b = contests.parts(contest, 1)
    by = Actor.director(director)
    # Board 1, round 1, table 1 of each section; section A's round 2, table 3 too.
    for event, round_no, table, tricks in ((a, 1, 1, 10), (a, 2, 3, 8), (b, 1, 1, 11)):
        services.enter_result(
            event,
            board_number=1,
            round_no=round_no,
            table=table,
            entry=Entry("4H", "S", tricks),
            by=by,
        )
    services.set_contest_published(contest, True, by=by)

    for name, context in (("1280", {"viewport": {"width": 1280, "height": 900}}), ("390", PHONE)):
        page = browser.new_context(**context).new_page()
        page.goto(f"{live_server.url}/events/{a.pk}/")
        note = page.locator("#scope-note")
        assert note.is_visible()
        text = note.inner_text()
        assert text.startswith("Section A alone.")
        assert "compare section A's pairs with one another only" in text
        assert "session 1's sections A and B together" in text
        # The note sits within the screen: nothing of it off to the side.
        box = note.bounding_box()
        assert box is not None and box["x"] >= 0
        assert box["x"] + box["width"] <= context["viewport"]["width"] + 1
        assert (
            page.evaluate("document.documentElement.scrollWidth") <= (context["viewport"]["width"])
        )
        no_axe_violations(page)
        shots(page, f"section-scope-{name}")
        link = note.get_by_role("link", name="The championship's standings across sections")
        link.click()
        page.wait_for_url(f"**/contests/{contest.pk}/")
        assert "Each section's own page compares its pairs with one another only" in (
            page.inner_text("main")
        )
        page.context.close()


def test_a_director_seeds_session_2_and_ranks_the_championship_as_one(live_server, browser, shots):
    director = get_user_model().objects.create_user("td", password="whist-club-1915")
    contest = spring_championship(director)
    by = Actor.director(director)
    for e in contests.parts(contest, 1):
        services.set_player_names(
            e, {str(n): [f"Mrs. {e.section}{n}", f"Mr. {e.section}{n}"] for n in range(1, 7)}, by=by
        )
    a, b = contests.parts(contest, 1)
    for event, round_no, table, tricks in ((a, 1, 1, 10), (a, 2, 3, 8), (b, 1, 1, 11)):
        services.enter_result(
            event,
            board_number=1,
            round_no=round_no,
            table=table,
            entry=Entry("4H", "S", tricks),
            by=by,
        )
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", "whist-club-1915")
    page.click("button[type=submit]")
    page.wait_for_url("**/director/")
    page.goto(f"{live_server.url}/director/contests/{contest.pk}/")
    page.click("text=Seat session 2: re-seed by hand or from the standings so far")
    page.wait_for_selector("text=Seed session 2 from the standings so far")
    no_axe_violations(page)
    shots(page, "contest-seat-1280")
    page.click("text=Seed session 2 from the standings so far")
    page.wait_for_selector("text=Session 2 seated")
    # Across the sections B1 (+165) topped North-South and goes to section A's pair 1.
    a2 = contests.parts(contest, 2)[0]
    from tournament.queries import standings

    assert standings.pair_names(a2)["1"] == "Mrs. B1 & Mr. B1"
    page.click("text=One overall ranking across directions")
    page.wait_for_selector("text=One overall ranking: every pair ranked together.")
    assert "One ranking of every pair" in page.inner_text("main")
    no_axe_violations(page)
    shots(page, "contest-one-ranking-1280")
