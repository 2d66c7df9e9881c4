"""The club's settings page offers the two settings its exported files follow: whether
its member numbers are national numbers (USEBIO) and the paper its spreadsheets print on."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from openpyxl import load_workbook

from tournament import exports
from tournament.exports.usebio import write_usebio
from tournament.models import Club, Member, Player

from ..factories import enter, make_event

pytestmark = pytest.mark.django_db

SETTINGS = {"name": "Knickerbocker", "short_name": "KWC", "time_zone": "America/New_York"}


@pytest.fixture
def as_director(client):
    td = get_user_model().objects.create_user("td", password="pw-td-1915", is_staff=True)
    club = Club.first()
    club.directors.add(td)
    client.force_login(td)
    return client, td, club


def test_the_page_offers_both_settings(as_director):
    client, _, _ = as_director
    page = client.get(reverse("director_club")).content.decode()
    assert 'name="national_numbers"' in page
    assert "our member numbers are national numbers" in page.lower()
    assert 'name="paper_size"' in page and "US Letter" in page and ">A4<" in page


def test_the_settings_are_saved_and_the_files_follow_them(as_director):
    client, td, club = as_director
    r = client.post(
        reverse("director_club"), {**SETTINGS, "national_numbers": "on", "paper_size": "letter"}
    )
    assert r.status_code == 302
    club.refresh_from_db()
    assert club.national_numbers and club.paper_size == "letter"
    event = make_event(td, pair_names={"1": ["Alden", "Brewster"]})
    player = Player.objects.get(pair__event=event, name="Alden")
    player.member = Member.objects.create(club=club, name="Alden", number="123456")
    player.save(update_fields=["member"])
    enter(event, 1, 1, 1, "4H S 10")
    root = ET.fromstring(write_usebio(event))
    assert root.findtext("CLUB/CLUB_NAME") == "Knickerbocker"
    numbers = {
        p.findtext("PLAYER_NAME"): p.findtext("NATIONAL_ID_NUMBER") for p in root.iter("PLAYER")
    }
    assert numbers["Alden"] == "123456"
    wb = load_workbook(io.BytesIO(exports.xlsx_bytes(event)))
    assert {int(ws.page_setup.paperSize) for ws in wb.worksheets} == {1}  # Letter
    # Turned off again: the numbers leave the file; a post without the paper keeps it.
    assert client.post(reverse("director_club"), SETTINGS).status_code == 302
    club.refresh_from_db()
    assert not club.national_numbers and club.paper_size == "letter"
    event.refresh_from_db()  # the club as a new request reads it
    root = ET.fromstring(write_usebio(event))
    assert {p.findtext("NATIONAL_ID_NUMBER") for p in root.iter("PLAYER")} == {""}


def test_an_unknown_paper_is_refused_in_words(as_director):
    client, _, club = as_director
    r = client.post(reverse("director_club"), {**SETTINGS, "paper_size": "foolscap"})
    assert r.status_code == 200
    assert "Select a valid choice" in r.content.decode()
    club.refresh_from_db()
    assert club.paper_size == "a4" and club.name != "Knickerbocker"
