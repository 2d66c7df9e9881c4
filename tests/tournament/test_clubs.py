"""Clubs as tenants: which club an account runs, a new club with its first director,
directors removed club by club, the site administrator's admin and Clubs page, and each
club's pages and files on its own clock.  (Every route tried by another club's director:
tests/tournament/test_tenants.py.)"""

import datetime
import io
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tournament import exports, services
from tournament.models import Club, Event, Result
from tournament.services import ServiceError
from tournament.services import clubs as club_services
from tournament.services import directors as accounts

from ..factories import enter, make_event
from .test_races import Device, gated_race, needs_postgresql

pytestmark = pytest.mark.django_db
STRONG = "whist-club-of-1915"
User = get_user_model()


def logged_in(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


@pytest.fixture
def two_clubs():
    """The room's club with its first director (the site administrator), and a second
    club made on the Clubs page's verb with its own first director."""
    first, _ = accounts.first_director("ann", STRONG)
    home = Club.first()
    other, bob = club_services.create_club(
        name="Riverside Whist Club",
        short_name="Riverside",
        time_zone="Australia/Sydney",
        username="bob",
        password=STRONG,
        by=first,
    )
    return {"ann": first, "home": home, "bob": bob, "other": other}


# Which club an account runs.


def test_an_account_in_no_club_runs_the_room_club_only_while_the_room_has_one():
    loose = User.objects.create_user("loose", is_staff=True)
    assert Club.of(loose) == Club.first()  # a one-club room: as made by createsuperuser
    Club.objects.create(name="Second", short_name="Two")
    loose = User.objects.get(pk=loose.pk)  # a new request
    assert Club.of(loose) is None
    with pytest.raises(ServiceError, match="directs no club"):
        services.create_event(loose, name="Nowhere", date=datetime.date(1915, 1, 1))
    r = logged_in(loose).get(reverse("director_members"))
    assert r.status_code == 403 and b"directs no club" in r.content


def test_a_director_runs_his_own_club_and_his_events_belong_to_it(two_clubs):
    bob, other = two_clubs["bob"], two_clubs["other"]
    assert Club.of(bob) == other and not bob.is_superuser
    event = make_event(bob, name="Riverside Tuesday")
    assert event.club == other
    assert Club.of(two_clubs["ann"]) == two_clubs["home"] and two_clubs["ann"].is_superuser


# A new club.


def test_a_club_is_made_with_its_first_director_or_not_at_all(two_clubs):
    ann = two_clubs["ann"]
    before = (Club.objects.count(), User.objects.count())
    refusals = [
        ({"name": "riverside whist club"}, "already a club"),
        ({"time_zone": "Mars/Olympus"}, "not a time zone"),
        ({"password": "short"}, "too short"),
        ({"username": "bob"}, "already a director"),
        ({"short_name": " "}, "a name and a short name"),
    ]
    for change, message in refusals:
        fields = {
            "name": "Hillside",
            "short_name": "Hill",
            "time_zone": "Europe/London",
            "username": "carol",
            "password": STRONG,
            **change,
        }
        with pytest.raises(ServiceError, match=message):
            club_services.create_club(**fields, by=ann)
        assert (Club.objects.count(), User.objects.count()) == before, change


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_two_administrators_naming_a_club_alike_at_once_make_one(monkeypatch, two_clubs):
    """The first holds the clubs' lock just after taking it; the second waits for it and
    then finds the name taken."""
    from tournament.services import locks

    def make(username: str):
        return lambda: club_services.create_club(
            name="Hillside Whist Club",
            short_name="Hillside",
            time_zone="Europe/London",
            username=username,
            password=STRONG,
            by=two_clubs["ann"],
        )

    first, second = Device("first", make("carol")), Device("second", make("dora"))
    assert gated_race(monkeypatch, (locks, "clubs"), first, second)
    assert isinstance(first.outcome, tuple), first.outcome
    assert isinstance(second.outcome, ServiceError), second.outcome
    assert "already a club" in str(second.outcome)
    assert Club.objects.filter(name="Hillside Whist Club").count() == 1
    assert not User.objects.filter(username="dora").exists()


def test_the_clubs_page_is_the_site_administrators(two_clubs):
    ann, bob = two_clubs["ann"], two_clubs["bob"]
    url = reverse("site_clubs")
    assert Client().get(url).status_code == 302  # the log-in page
    r = logged_in(bob).get(url)
    assert r.status_code == 403 and b"administrator manages the clubs" in r.content
    page = logged_in(ann).get(url).content.decode()
    assert "Riverside Whist Club" in page and "Australia/Sydney" in page
    r = logged_in(ann).post(
        url,
        {
            "name": "Hillside Whist Club",
            "short_name": "Hillside",
            "time_zone": "Europe/Dublin",
            "username": "carol",
            "password1": STRONG,
            "password2": STRONG,
        },
        follow=True,
    )
    assert b"Hillside Whist Club made, with carol as its first director" in r.content
    carol = User.objects.get(username="carol")
    assert Club.of(carol).name == "Hillside Whist Club" and not carol.is_superuser
    # A refusal keeps what was typed.
    r = logged_in(ann).post(
        url,
        {"name": "Lakeside", "short_name": "Lake", "time_zone": "Nowhere/At_All"},
    )
    assert r.status_code == 200 and b'value="Lakeside"' in r.content
    assert not Club.objects.filter(name="Lakeside").exists()


def test_the_admin_is_the_site_administrators(two_clubs):
    assert logged_in(two_clubs["ann"]).get("/admin/").status_code == 200
    assert logged_in(two_clubs["bob"]).get("/admin/").status_code == 302
    assert logged_in(two_clubs["bob"]).get("/admin/tournament/event/").status_code == 302


# Directors, club by club.


def test_the_directors_page_lists_and_reaches_the_clubs_own(two_clubs):
    ann, bob = two_clubs["ann"], two_clubs["bob"]
    page = logged_in(bob).get(reverse("director_accounts")).content.decode()
    assert "Riverside Whist Club" in page and "<td>bob" in page
    assert "<td>ann" not in page
    for name in ("director_account_password", "director_account_remove"):
        r = logged_in(bob).post(reverse(name, args=[ann.pk]))
        assert r.status_code == 404, name
    ann.refresh_from_db()
    assert ann.is_active and ann.check_password(STRONG)
    r = logged_in(bob).post(
        reverse("director_accounts"),
        {"username": "dora", "password1": STRONG, "password2": STRONG},
    )
    assert r.status_code == 302
    assert Club.of(User.objects.get(username="dora")) == two_clubs["other"]


def test_a_director_is_removed_from_his_own_club_by_its_own_directors(two_clubs):
    ann, bob = two_clubs["ann"], two_clubs["bob"]
    accounts.add_director("eve", STRONG, by=ann)
    with pytest.raises(ServiceError, match="not a director"):
        accounts.remove_director(bob, by=ann)  # not of ann's club: not reached
    dora = accounts.add_director("dora", STRONG, by=bob)
    event = make_event(dora, name="Dora's evening")
    assert accounts.remove_director(dora, by=bob) == 1
    dora.refresh_from_db()
    event.refresh_from_db()
    assert not dora.is_active and event.owner == bob  # her evening passed on


def test_a_director_of_two_clubs_removed_from_one_keeps_the_other(two_clubs):
    ann, bob, other = two_clubs["ann"], two_clubs["bob"], two_clubs["other"]
    both = accounts.add_director("fay", STRONG, by=ann)
    other.directors.add(both)
    accounts.remove_director(both, by=bob, club=other)
    both.refresh_from_db()
    assert both.is_active and list(both.clubs.all()) == [two_clubs["home"]]


def test_createdirector_adds_to_a_named_club(two_clubs):
    out = io.StringIO()
    call_command(
        "createdirector", "--noinput", "--username", "gus", "--club", "riverside", stdout=out
    )
    assert Club.of(User.objects.get(username="gus")) == two_clubs["other"]
    with pytest.raises(CommandError, match="No club called 'Atlantis'; the clubs are"):
        call_command("createdirector", "--noinput", "--username", "hal", "--club", "Atlantis")


# The public: the clubs, each on its own page.


def test_the_front_page_lists_the_clubs_each_with_its_own_page(two_clubs):
    bob = two_clubs["bob"]
    shown = make_event(bob, name="Riverside Open")
    services.set_published(shown, True, by=services.Actor.director(bob))
    make_event(two_clubs["ann"], name="Home Night", published=True)
    home = Client().get("/").content.decode()
    assert "Riverside Whist Club" in home and two_clubs["home"].name in home
    page = Client().get(reverse("club_home", args=[two_clubs["other"].pk])).content.decode()
    assert "Riverside Open" in page and "Home Night" not in page
    assert Client().get(reverse("club_home", args=[9999])).status_code == 404
    listed = Client().get(reverse("events")).content.decode()  # every club's results
    assert "Riverside Open" in listed and "Home Night" in listed
    assert f'href="{reverse("club_home", args=[two_clubs["other"].pk])}"' in listed


# Each club's clock.


def test_each_clubs_pages_and_files_keep_its_own_clock(two_clubs):
    """A result entered at one moment reads at each club's own local time, on the page
    and in the spreadsheet."""
    seen = {}
    for who, zone in (("ann", "America/New_York"), ("bob", "Australia/Sydney")):
        director = two_clubs[who]
        Club.objects.filter(pk=Club.of(director).pk).update(time_zone=zone)
        event = make_event(director, name=f"{who}'s evening")
        result = enter(event, 1, 1, 1, "4H S 10")
        at = Result.objects.get(pk=result.pk).created_at.astimezone(ZoneInfo(zone))
        page = logged_in(director).get(reverse("director_result", args=[event.pk, result.pk]))
        assert f"{at:%H:%M:%S}" in page.content.decode(), who
        book = load_workbook(io.BytesIO(exports.xlsx_bytes(Event.objects.get(pk=event.pk))))
        sheet = book["Travellers"]
        heading = [c.value for c in sheet[1]]
        cell = sheet.cell(row=2, column=heading.index("Entered") + 1).value
        assert f"{cell:%H:%M:%S}" == f"{at:%H:%M:%S}", who
        seen[who] = at.utcoffset()
    assert seen["ann"] != seen["bob"]
