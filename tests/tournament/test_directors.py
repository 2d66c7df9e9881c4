"""The club's director accounts: the first run, the Directors page, its refusals.

No account has a well-known password: the first director's is asked for at a
terminal or generated (and printed once) when there is none; every other
director is added by a director, with a password Django's validators accept.
"""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from tournament.management.commands.createdirector import (
    first_director_lines,
    make_first_director,
)
from tournament.models import Event
from tournament.services import ServiceError
from tournament.services import directors as accounts

from .conftest import make_event
from .test_races import Device, gated_race, needs_postgresql, untimed_race

User = get_user_model()

# Passwords anyone could guess: the demo's former fixed one (spelled in two parts so
# that no file holds it whole), the user name, and the classics.
WELL_KNOWN = ("auction" + "1915", "director", "password", "admin", "12345678", "")
STRONG = "brewster-dale-elwood"


def nobody_has_a_well_known_password() -> None:
    for user in User.objects.all():
        for guess in (*WELL_KNOWN, user.get_username()):
            assert not user.check_password(guess), (user, guess)


def new_director(name: str = "carrow", password: str = STRONG):
    return accounts.add_director(name, password)


def logged_in(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def can_log_in(username: str, password: str) -> bool:
    """Through the log-in page, as a director would (the login limit applies)."""
    r = Client().post(reverse("login"), {"username": username, "password": password})
    return r.status_code == 302


# The first run.


@pytest.mark.django_db
def test_a_new_database_gets_a_generated_password_that_nobody_knows():
    out = io.StringIO()
    user, password = make_first_director(out, interactive=False)
    assert accounts.is_director(user) and user.is_superuser
    assert user.check_password(password)
    assert len(password) == 23 and password.count("-") == 3  # 4 groups of 5: ~99 bits
    nobody_has_a_well_known_password()
    lines = first_director_lines(user, password, "http://192.168.1.20:8000/login/")
    assert sum(password in line for line in lines) == 1
    assert "Directors page" in lines[1]


@pytest.mark.django_db
def test_two_new_databases_get_different_passwords():
    seen = set()
    for _ in range(5):
        User.objects.all().delete()  # a new database each time
        _, password = make_first_director(io.StringIO(), interactive=False)
        seen.add(password)
    assert len(seen) == 5


@pytest.mark.django_db
def test_a_second_run_never_resets_the_first_directors_password():
    user, password = make_first_director(io.StringIO(), interactive=False)
    with pytest.raises(ServiceError, match="has a director already"):
        make_first_director(io.StringIO(), interactive=False)
    call_command("createdirector", "--if-none", stdout=io.StringIO())
    user.refresh_from_db()
    assert user.check_password(password) and accounts.directors().count() == 1


@pytest.mark.django_db
def test_at_a_terminal_the_first_director_is_asked_until_the_password_passes():
    typed = iter(["short", "short", STRONG, "not-the-same", "password", "password", STRONG, STRONG])
    out = io.StringIO()
    user, generated = make_first_director(
        out,
        interactive=True,
        read_line=lambda prompt: "  mrs-alden ",
        read_secret=lambda prompt: next(typed),
    )
    assert generated is None  # typed: never printed
    assert user.get_username() == "mrs-alden" and user.check_password(STRONG)
    said = out.getvalue()
    assert "at least 8 characters" in said
    assert "The two passwords differ" in said
    assert "too common" in said
    assert STRONG not in said


@pytest.mark.django_db
def test_the_demo_belongs_to_the_first_director_and_makes_no_account():
    with pytest.raises(CommandError, match="createdirector"):
        call_command("demo", stdout=io.StringIO())
    user, _ = make_first_director(io.StringIO(), interactive=False)
    call_command("demo", stdout=io.StringIO())
    assert User.objects.count() == 1
    assert set(Event.objects.values_list("owner", flat=True)) == {user.pk}
    nobody_has_a_well_known_password()


@pytest.mark.django_db
def test_createdirector_without_a_terminal_prints_a_generated_password():
    make_first_director(io.StringIO(), interactive=False)
    out = io.StringIO()
    call_command("createdirector", "--noinput", "--username", "grant", stdout=out)
    password = out.getvalue().split("password: ")[1].split()[0]
    assert User.objects.get(username="grant").check_password(password)
    with pytest.raises(CommandError, match="already a director called 'grant'"):
        call_command("createdirector", "--noinput", "--username", "Grant", stdout=out)
    with pytest.raises(CommandError, match="--username"):
        call_command("createdirector", "--noinput", stdout=out)


# The Directors page.


@pytest.mark.django_db
def test_a_director_adds_a_director_who_logs_in():
    me = new_director("alden")
    c = logged_in(me)
    page = c.get(reverse("director_accounts"))
    assert page.status_code == 200 and b"alden" in page.content
    r = c.post(
        reverse("director_accounts"),
        {"username": "brewster", "password1": STRONG, "password2": STRONG},
        follow=True,
    )
    assert b"Director brewster added" in r.content
    assert can_log_in("brewster", STRONG)


@pytest.mark.django_db
def test_a_weak_or_mismatched_first_password_is_refused_and_the_name_kept():
    c = logged_in(new_director("alden"))
    for p1, p2, said in (
        ("short", "short", b"at least 8 characters"),
        ("password", "password", b"too common"),
        (STRONG, STRONG + "x", b"didn\xe2\x80\x99t match"),
    ):
        r = c.post(
            reverse("director_accounts"), {"username": "brewster", "password1": p1, "password2": p2}
        )
        assert r.status_code == 200 and said in r.content, r.content
        assert b'value="brewster"' in r.content  # what was typed is kept
    assert not User.objects.filter(username="brewster").exists()


@pytest.mark.django_db
def test_removing_a_director_deactivates_him_and_his_events_pass_on():
    me, other = new_director("alden"), new_director("brewster")
    event = make_event(other)
    r = logged_in(me).post(reverse("director_account_remove", args=[other.pk]), follow=True)
    assert b"brewster can no longer log in" in r.content and b"1 event" in r.content
    other.refresh_from_db()
    assert not other.is_active
    assert Event.objects.get(pk=event.pk).owner == me
    assert not can_log_in("brewster", STRONG)
    # The name cannot be taken again by someone else while the old account stands.
    with pytest.raises(ServiceError, match="has been removed"):
        accounts.add_director("Brewster", STRONG)


@pytest.mark.django_db
def test_no_director_removes_himself_or_the_last_director():
    me = new_director("alden")
    c = logged_in(me)
    r = c.post(reverse("director_account_remove", args=[me.pk]), follow=True)
    assert b"cannot remove your own account" in r.content
    assert b">Remove<" not in c.get(reverse("director_accounts")).content  # not offered
    me.refresh_from_db()
    assert me.is_active
    # A removed director's open page cannot remove the one who is left.
    other = new_director("brewster")
    User.objects.filter(pk=other.pk).update(is_active=False)
    with pytest.raises(ServiceError, match="not a director's any more"):
        accounts.remove_director(me, by=other)


@pytest.mark.django_db
def test_resetting_another_directors_password():
    me, other = new_director("alden"), new_director("brewster")
    c = logged_in(me)
    url = reverse("director_account_password", args=[other.pk])
    r = c.post(url, {"new_password1": "short", "new_password2": "short"})
    assert r.status_code == 200 and b"at least 8 characters" in r.content
    r = c.post(url, {"new_password1": "pell-quincy-royce", "new_password2": "pell-quincy-royce"})
    assert r.status_code == 302
    other.refresh_from_db()
    assert other.check_password("pell-quincy-royce") and not other.check_password(STRONG)
    # One's own password goes through the change page, which asks the old one.
    assert c.get(reverse("director_account_password", args=[me.pk])).url == reverse(
        "password_change"
    )


@pytest.mark.django_db
def test_changing_ones_own_password_asks_the_old_one_and_stays_logged_in():
    me = new_director("alden")
    c = logged_in(me)
    url = reverse("password_change")
    new = "sears-otis-norcross"
    r = c.post(url, {"old_password": "wrong", "new_password1": new, "new_password2": new})
    assert r.status_code == 200 and b"old password was entered incorrectly" in r.content
    r = c.post(
        url, {"old_password": STRONG, "new_password1": new, "new_password2": new}, follow=True
    )
    assert b"Your password is changed" in r.content
    assert c.get(reverse("director_accounts")).status_code == 200  # still logged in
    me.refresh_from_db()
    assert me.check_password(new)


@pytest.mark.django_db
def test_only_directors_reach_the_directors_page_and_the_admin():
    director = new_director("alden")
    plain = User.objects.create_user("visitor", password=STRONG)  # not staff: not a director
    urls = [
        reverse("director_accounts"),
        reverse("director_account_password", args=[director.pk]),
        reverse("password_change"),
    ]
    for url in urls:
        r = Client().get(url)
        assert r.status_code == 302 and r.url.startswith(reverse("login")), url
        r = logged_in(plain).get(url)
        assert r.status_code == 403 and b"Only a director" in r.content, url
    r = logged_in(plain).post(reverse("director_account_remove", args=[director.pk]))
    assert r.status_code == 403
    assert Client().post(reverse("director_account_remove", args=[director.pk])).status_code == 302
    director.refresh_from_db()
    assert director.is_active
    # The admin sees every club: the site administrator's alone, not a club's director's.
    assert logged_in(plain).get("/admin/").status_code == 302
    assert logged_in(director).get("/admin/").status_code == 302
    site_admin = accounts.add_director("brewster", STRONG, site_admin=True)
    assert logged_in(site_admin).get("/admin/").status_code == 200


@pytest.mark.django_db
def test_the_admin_offers_no_account_action_of_its_own():
    """Accounts change on the Directors page alone, where its rules hold."""
    me = accounts.add_director("alden", STRONG, site_admin=True)
    other = new_director("brewster")
    c = logged_in(me)
    assert c.get("/admin/auth/user/").status_code == 200  # to look at
    assert c.get("/admin/auth/user/add/").status_code == 403
    assert c.post(f"/admin/auth/user/{other.pk}/delete/", {"post": "yes"}).status_code == 403
    r = c.post(f"/admin/auth/user/{other.pk}/change/", {"username": "x", "is_active": ""})
    assert r.status_code == 403
    r = c.post(
        f"/admin/auth/user/{other.pk}/password/",
        {"password1": "x-y-z-1234567", "password2": "x-y-z-1234567"},
    )
    assert r.status_code in (403, 404)
    assert c.get("/admin/password_change/").url == reverse("password_change")
    other.refresh_from_db()
    assert other.is_active and other.get_username() == "brewster"
    assert other.check_password(STRONG)


# Two directors removing each other at once leave one.


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_two_directors_removing_each_other_at_once_leave_one(monkeypatch):
    from tournament.services import directors as module

    for i in range(6):
        a, b = new_director(f"a{i}"), new_director(f"b{i}")
        for other in accounts.directors().exclude(pk__in=[a.pk, b.pk]):
            User.objects.filter(pk=other.pk).update(is_active=False)
        first = Device("first", lambda a=a, b=b: accounts.remove_director(b, by=a))
        second = Device("second", lambda a=a, b=b: accounts.remove_director(a, by=b))
        if i % 2:
            first, second = second, first
        waited = gated_race(monkeypatch, (module, "lock_directors"), first, second)
        assert waited
        assert first.outcome == 0, first.outcome
        assert isinstance(second.outcome, ServiceError), second.outcome
        assert accounts.directors().filter(pk__in=[a.pk, b.pk]).count() == 1
    for i in range(6):
        a, b = new_director(f"c{i}"), new_director(f"d{i}")
        for other in accounts.directors().exclude(pk__in=[a.pk, b.pk]):
            User.objects.filter(pk=other.pk).update(is_active=False)
        devices = (
            Device("x", lambda a=a, b=b: accounts.remove_director(b, by=a)),
            Device("y", lambda a=a, b=b: accounts.remove_director(a, by=b)),
        )
        untimed_race(*devices)
        assert accounts.directors().filter(pk__in=[a.pk, b.pk]).count() == 1
