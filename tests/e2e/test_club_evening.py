"""A club's second evening, in a real browser.

The director imports the 40-member list (two bad rows shown, not stored), imports
the secretary's XLSX with one member changed (updated by number), names the pairs by
typing on a 390 px phone and in a browser without JavaScript, merges a guest into the
member it was, plays and publishes; the member's page and the season's standings
show the evening.
"""

import datetime

import pytest
from django.contrib.auth import get_user_model
from openpyxl import Workbook

from tournament import services
from tournament.models import Club, Member, Player, Season, Seating
from tournament.services import Actor

from ..factories import enter, make_event
from .axe import no_axe_violations
from .conftest import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "whist-club-1915"
LINES = ["4H S 10", "2S N 8", "1NT E 7", "3C W 9", "4H S 9", "2S N 9", "1NT E 6"]


def play(event, owner, shift=0):
    n = shift
    for s in Seating.objects.filter(event=event).exclude(ns=None).exclude(ew=None):
        for board in s.board_numbers:
            enter(event, board, s.round, s.table, LINES[n % len(LINES)], confirmed=True)
            n += 1
    for rnd in event.round_set.values_list("number", flat=True):
        services.close_round(event, rnd, by=Actor.director(owner))


def log_in(context, live_server):
    page = context.new_page()
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", "td")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url("**/director/")
    return page


def test_a_clubs_second_evening(live_server, browser, shots, tmp_path):
    td = get_user_model().objects.create_user("td", password=PASSWORD, is_staff=True)
    club = Club.first()
    club.name = "Knickerbocker Whist Club"
    club.save()
    season = Season.objects.create(club=club, name="Autumn season", method="total")

    # The list: 40 members, and two bad rows (no name; an address that is not one).
    rows = ["Surname,First name,Member No.,E-mail,Mobile"]
    rows += [f"Player{i},Ann,{100 + i},ann{i}@example.org,0700 {i:03}" for i in range(1, 41)]
    rows += [",,141,nobody@example.org,", "Broken,Bob,142,bob-at-example,"]
    listing = tmp_path / "members.csv"
    listing.write_text("\n".join(rows) + "\n", encoding="utf-8")

    desk = browser.new_context(viewport={"width": 1280, "height": 900})
    page = log_in(desk, live_server)
    page.goto(live_server.url + "/director/members/import/")
    page.set_input_files("#id_file", str(listing))
    page.click("text=Preview the import")
    page.wait_for_selector("text=Refused rows (not imported)")
    refused = page.inner_text("table.refused")
    assert "no name" in refused and "'bob-at-example' is not an e-mail address" in refused
    assert Member.objects.count() == 0  # nothing stored until confirmed
    no_axe_violations(page)
    shots(page, "club-import-preview-1280")
    page.click("text=Import 40 members")
    page.wait_for_selector("text=Imported: 40 added")
    assert Member.objects.count() == 40

    # The secretary's XLSX: one member's mobile changed; member numbers as numbers.
    wb = Workbook()
    ws = wb.active
    ws.append(["Member number", "Name", "Mobile"])
    for i in range(1, 41):
        ws.append([100 + i, f"Ann Player{i}", "0711 999" if i == 7 else f"0700 {i:03}"])
    book = tmp_path / "members.xlsx"
    wb.save(book)
    page.goto(live_server.url + "/director/members/import/")
    page.set_input_files("#id_file", str(book))
    page.click("text=Preview the import")
    page.wait_for_selector("text=Import 1 member")
    assert "0711 999" in page.inner_text("body")
    page.click("text=Import 1 member")
    page.wait_for_selector("text=1 updated")
    assert Member.objects.get(number="107").phone == "0711 999"
    assert Member.objects.count() == 40

    # The first evening was last week, in the season.
    first = make_event(
        td,
        name="Tuesday pairs, week 1",
        date=datetime.date(1915, 10, 5),
        season=season,
        pair_names={str(p): [str(100 + 2 * p - 1), str(100 + 2 * p)] for p in range(1, 7)},
    )
    play(first, td)
    services.set_published(first, True, by=Actor.director(td))

    # Tonight: the director names the pairs on a phone by typing.
    tonight = make_event(
        td, name="Tuesday pairs, week 2", date=datetime.date(1915, 10, 12), season=season
    )
    phone = browser.new_context(**PHONE)
    mobile = log_in(phone, live_server)
    mobile.goto(f"{live_server.url}/director/events/{tonight.pk}/players/")
    field = mobile.locator("#id_form-0-player1")
    assert field.get_attribute("list") == "club-members"
    options = mobile.locator("#club-members option")
    assert options.count() == 40
    assert mobile.locator('#club-members option[value="Ann Player1 (#101)"]').count() == 1
    field.fill("Ann Player1 (#101)")  # what choosing from the list puts in the field
    mobile.fill("#id_form-0-player2", "102")  # or the member number alone
    mobile.fill("#id_form-1-player1", "ann player3")  # or the name, any case
    mobile.fill("#id_form-1-player2", "Mrs. Visitor")  # not on the register: a guest
    no_axe_violations(mobile)
    shots(mobile, "club-players-390")
    mobile.click("text=Save players")
    mobile.wait_for_url(f"**/director/events/{tonight.pk}/")

    # The rest from a browser without JavaScript: plain text fields.
    plain = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=False)
    nojs = log_in(plain, live_server)
    nojs.goto(f"{live_server.url}/director/events/{tonight.pk}/players/")
    for i in range(2, 6):
        nojs.fill(f"#id_form-{i}-player1", str(100 + 2 * i + 1))
        nojs.fill(f"#id_form-{i}-player2", str(100 + 2 * i + 2))
    nojs.click("text=Save players")
    nojs.wait_for_url(f"**/director/events/{tonight.pk}/")
    pair1 = Player.objects.filter(pair__event=tonight, pair__label="1").order_by("position")
    assert [p.member.number for p in pair1] == ["101", "102"]
    assert Player.objects.filter(pair__event=tonight, member__isnull=False).count() == 12

    # Mrs. Visitor was Ann Player4 all along: merge the guest into the member.
    guest = Member.objects.get(name="Mrs. Visitor", guest=True)
    page.goto(f"{live_server.url}/director/members/")
    page.click("text=Mrs. Visitor")
    page.select_option("#merge-into", label="Ann Player4 (#104)")
    page.click("button:has-text('Merge')")
    page.wait_for_selector("text=merged into Ann Player4")
    assert not Member.objects.filter(pk=guest.pk).exists()
    shots(page, "club-member-1280")

    # Play, and publish from the control panel.
    play(tonight, td, shift=3)
    page.goto(f"{live_server.url}/director/events/{tonight.pk}/")
    page.click("text=Publish results")
    page.wait_for_selector("text=Results published.")

    # The member's page and the season's standings show tonight, to anyone.
    public = browser.new_context(**PHONE)
    visitor = public.new_page()
    ann4 = Member.objects.get(number="104")
    visitor.goto(f"{live_server.url}/members/{ann4.pk}/")
    body = visitor.inner_text("main")
    assert "Tuesday pairs, week 1" in body and "Tuesday pairs, week 2" in body
    assert "Ann Player3" in body  # tonight's partner
    assert "ann4@example.org" not in visitor.content() and "0700 004" not in visitor.content()
    no_axe_violations(visitor)
    shots(visitor, "club-member-page-390")
    visitor.goto(f"{live_server.url}/seasons/{season.pk}/")
    standings = visitor.inner_text("table")
    assert "Ann Player4" in standings
    row = visitor.locator("tr", has_text="Ann Player4").inner_text()
    assert "\t2\t" in row  # two evenings
    no_axe_violations(visitor)
    shots(visitor, "club-season-390")
    visitor.goto(live_server.url + "/")
    assert "Knickerbocker Whist Club" in visitor.inner_text("h1")
    assert "Tuesday pairs, week 2" in visitor.inner_text("main")
    for context in (desk, phone, plain, public):
        context.close()
