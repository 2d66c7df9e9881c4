"""A club's first evening on a new database: the printed password, then its own accounts.

The first director's password is generated and printed once (as ``make run`` does
when not at a terminal); the director logs in with it, changes it, adds a second
director from the Directors page, and the second director logs in.
"""

import io
import re

import pytest
from django.contrib.auth import get_user_model

from tournament.management.commands.createdirector import (
    first_director_lines,
    make_first_director,
)

from .conftest import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NEW_PASSWORD = "knickerbocker-1915"
SECOND_PASSWORD = "whist-club-brewster"


def log_in(page, url: str, username: str, password: str) -> None:
    page.goto(url + "/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")


def test_first_director_logs_in_changes_password_and_adds_a_second(live_server, browser, shots):
    assert not get_user_model().objects.exists()  # a new database
    user, generated = make_first_director(io.StringIO(), interactive=False)
    printed = "\n".join(first_director_lines(user, generated, f"{live_server.url}/login/"))
    name, password = re.search(r"First director: (\S+), password: (\S+)", printed).groups()

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    log_in(page, live_server.url, name, password)
    page.wait_for_url("**/director/")
    page.get_by_role("link", name="Directors").click()
    page.wait_for_url("**/director/accounts/")
    shots(page, "directors-1280")

    # Change the printed password for one of the director's own.
    page.get_by_role("link", name="Change my password").click()
    page.fill("#id_old_password", password)
    page.fill("#id_new_password1", NEW_PASSWORD)
    page.fill("#id_new_password2", NEW_PASSWORD)
    page.get_by_role("button", name="Change my password").click()
    page.wait_for_url("**/director/accounts/")
    assert "Your password is changed" in page.inner_text("ul.messages")

    # A weak first password for the new director is refused, the name kept.
    page.fill("#id_username", "brewster")
    page.fill("#id_password1", "password")
    page.fill("#id_password2", "password")
    page.get_by_role("button", name="Add the director").click()
    assert "too common" in page.inner_text("main")
    assert page.input_value("#id_username") == "brewster"
    page.fill("#id_password1", SECOND_PASSWORD)
    page.fill("#id_password2", SECOND_PASSWORD)
    page.get_by_role("button", name="Add the director").click()
    assert "Director brewster added" in page.inner_text("ul.messages")
    assert "brewster" in page.inner_text("table")
    page.get_by_role("button", name="Log out").click()

    # The printed password no longer works; the new ones do.
    log_in(page, live_server.url, name, password)
    assert "/login/" in page.url
    log_in(page, live_server.url, name, NEW_PASSWORD)
    page.wait_for_url("**/director/")
    page.get_by_role("button", name="Log out").click()

    # The second director, on a phone.
    context = browser.new_context(**PHONE)
    phone = context.new_page()
    log_in(phone, live_server.url, "brewster", SECOND_PASSWORD)
    phone.wait_for_url("**/director/")
    phone.goto(live_server.url + "/director/accounts/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    rows = phone.inner_text("table")
    assert name in rows and "brewster" in rows and "(you)" in rows
    shots(phone, "directors-390")
    context.close()
