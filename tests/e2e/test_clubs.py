"""A service for several clubs in the browser: the site administrator adds a club with
its first director on the Clubs page; that director logs in to an empty club of his
own; the front page lists the clubs.  Each page fits a laptop's and a phone's width and
passes axe."""

import pytest

from tournament.models import Club
from tournament.services import directors as accounts

from .axe import page_problems
from .conftest import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "whist-club-of-1915"
WIDTHS = (1280, 390)


def test_the_site_administrator_adds_a_club_whose_director_sees_only_it(
    live_server, browser, shots
):
    accounts.add_director("td", PASSWORD, site_admin=True)
    context, page = log_in(browser, live_server, 1280, PASSWORD)
    page.goto(live_server.url + "/site/clubs/")
    page.fill("#id_name", "Riverside Whist Club")
    page.fill("#id_short_name", "Riverside")
    page.fill("#id_time_zone", "Australia/Sydney")
    page.fill("#id_username", "bob")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Add the club and its director").click()
    page.wait_for_load_state()
    assert "Riverside Whist Club made, with bob as its first director" in page.content()
    shots(page, "site-clubs-1280")
    context.close()
    riverside = Club.objects.get(name="Riverside Whist Club")

    problems = []
    pages = {"clubs": "/site/clubs/", "front": "/", "club": f"/clubs/{riverside.pk}/"}
    for width in WIDTHS:
        context, page = log_in(browser, live_server, width, PASSWORD)
        for name, url in pages.items():
            response = page.goto(live_server.url + url)
            assert response is not None and response.status == 200, (name, url)
            problems += page_problems(page, name, width)
        context.close()
    assert not problems, "\n".join(problems)

    # Bob, on a phone: his own club, its Directors page, no Clubs page.
    context, page = log_in(browser, live_server, 390, PASSWORD, username="bob")
    page.goto(live_server.url + "/director/accounts/")
    assert page.get_by_role("heading", name="Directors of Riverside Whist Club").is_visible()
    assert "td" not in page.locator("table").inner_text().split()
    shots(page, "club-directors-390")
    assert page.goto(live_server.url + "/site/clubs/").status == 403
    context.close()
