"""The club's member register: typed once, found again, imported, exported, merged."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook

from tournament import services
from tournament.forms.members import match_columns, read_member_file
from tournament.models import Club, Member, Player
from tournament.services import Actor, members
from tournament.services.members import Ambiguous, MemberRow, find_member

from .conftest import make_event


@pytest.fixture
def td(db):
    """A director of the club (an active staff account, as the Directors page makes)."""
    return get_user_model().objects.create_user("td", password="pw-td-1915", is_staff=True)


@pytest.fixture
def club(db):
    return Club.first()


@pytest.fixture
def as_td(client, td):
    client.force_login(td)
    return client


def csv_upload(text: str, name: str = "members.csv"):
    f = io.BytesIO(text.encode("utf-8"))
    f.name = name
    return f


def xlsx_upload(rows, name="members.xlsx"):
    wb = Workbook()
    ws = wb.active
    for row in rows:
        ws.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    buf.seek(0)
    buf.name = name
    return buf


# --- The club itself ----------------------------------------------------------------


def test_one_club_made_on_first_run_and_every_event_in_it(td, club):
    assert Club.objects.count() == 1
    event = make_event(td)
    assert event.club == club


def test_a_new_director_belongs_to_the_club(td, club):
    from tournament.services import directors

    user = directors.add_director("carol", "a-long-enough-password-1915", by=td)
    assert club.directors.filter(pk=user.pk).exists()


# --- Finding a typed name -----------------------------------------------------------


def test_a_name_is_found_by_label_number_or_name_else_a_guest(club):
    alden = Member.objects.create(club=club, name="Jane Alden", number="123")
    assert find_member(club, "Jane Alden (#123)") == alden
    assert find_member(club, "123") == alden
    assert find_member(club, "  jane   ALDEN ") == alden
    guest = find_member(club, "Mr. Visitor")
    assert guest is not None and guest.guest and guest.name == "Mr. Visitor"
    assert find_member(club, "mr. visitor") == guest  # typed again: the same guest
    assert find_member(club, "   ") is None


def test_two_members_of_one_name_need_the_number(club):
    Member.objects.create(club=club, name="John Grant", number="7")
    Member.objects.create(club=club, name="John Grant", number="8")
    with pytest.raises(Ambiguous, match="#7, #8"):
        find_member(club, "John Grant")
    assert find_member(club, "John Grant (#8)").number == "8"


def test_member_number_unique_within_the_club(club):
    members.save_member(club, MemberRow("A", "5"))
    with pytest.raises(services.ServiceError, match="already A's"):
        members.save_member(club, MemberRow("B", "5"))


# --- The players page: typed names become members ---------------------------------


def test_players_page_offers_the_register_and_links_members(as_td, td, club):
    alden = Member.objects.create(club=club, name="Jane Alden", number="123")
    event = make_event(td)
    url = reverse("director_players", args=[event.pk])
    page = as_td.get(url).content.decode()
    assert '<datalist id="club-members">' in page and 'value="Jane Alden (#123)"' in page
    assert 'list="club-members"' in page
    # Without JavaScript the field is plain text: the number alone finds the member.
    data = {"form-TOTAL_FORMS": "6", "form-INITIAL_FORMS": "6"}
    for i in range(6):
        data[f"form-{i}-player1"] = ""
        data[f"form-{i}-player2"] = ""
    data["form-0-player1"] = "123"
    data["form-0-player2"] = "A Visitor"
    assert as_td.post(url, data).status_code == 302
    p1, p2 = Player.objects.filter(pair__event=event, pair__label="1").order_by("position")
    assert (p1.member, p1.name) == (alden, "Jane Alden")
    assert p2.member.guest and p2.name == "A Visitor"
    # The page shows the member as the list offers him, and saving again changes nothing.
    assert 'value="Jane Alden (#123)"' in as_td.get(url).content.decode()


def test_players_page_refuses_an_ambiguous_name_keeping_what_was_typed(as_td, td, club):
    Member.objects.create(club=club, name="John Grant", number="7")
    Member.objects.create(club=club, name="John Grant", number="8")
    event = make_event(td)
    url = reverse("director_players", args=[event.pk])
    data = {"form-TOTAL_FORMS": "6", "form-INITIAL_FORMS": "6"}
    for i in range(6):
        data[f"form-{i}-player1"] = data[f"form-{i}-player2"] = ""
    data["form-0-player1"] = "John Grant"
    data["form-1-player1"] = "Somebody Typed"
    r = as_td.post(url, data)
    assert r.status_code == 200
    page = r.content.decode()
    assert "2 members are called John Grant" in page and 'value="Somebody Typed"' in page
    assert not Player.objects.filter(pair__event=event).exclude(name="").exists()


def test_a_late_pair_is_typed_from_the_register(td, club):
    alden = Member.objects.create(club=club, name="Jane Alden", number="123")
    event = make_event(td, tables=3, pairs_count=5)
    pair = services.add_late_pair(event, 1, names=["123", "New Guest"], by=Actor.director(td))
    p1, p2 = pair.player_set.order_by("position")
    assert p1.member == alden and p2.member.guest


# --- Guests: made members, merged --------------------------------------------------


def test_merge_a_guest_into_a_member_moves_the_evenings(td, club):
    alden = Member.objects.create(club=club, name="Jane Alden", number="123")
    event = make_event(td, pair_names={"1": ["Mrs Alden", "Mr Hale"]})
    guest = Member.objects.get(name="Mrs Alden")
    assert guest.guest
    moved = members.merge_member(guest, alden, by=Actor.director(td))
    assert moved == 1
    player = Player.objects.get(pair__event=event, position=1, pair__label="1")
    assert player.member == alden and player.name == "Jane Alden"
    assert not Member.objects.filter(pk=guest.pk).exists()
    with pytest.raises(services.ServiceError, match="only a guest"):
        members.merge_member(alden, Member.objects.get(name="Mr Hale"), by=Actor.director(td))


def test_make_a_guest_a_member(club):
    guest = find_member(club, "Miss Norcross")
    members.make_member(guest, "400")
    guest.refresh_from_db()
    assert not guest.guest and guest.number == "400"


def test_a_removed_member_keeps_the_results_played(td, club):
    Member.objects.create(club=club, name="Jane Alden", number="123")
    event = make_event(td, pair_names={"1": ["123", "Mr Hale"]})
    alden = Member.objects.get(number="123")
    members.remove_member(alden)
    player = Player.objects.get(pair__event=event, pair__label="1", position=1)
    assert player.name == "Jane Alden" and player.member is None
    assert "Jane Alden" in event.pair_set.get(label="1").names


def test_merge_and_actions_through_the_pages(as_td, td, club):
    alden = Member.objects.create(club=club, name="Jane Alden", number="123")
    make_event(td, pair_names={"1": ["Mrs A", "Mr B"]})
    guest = Member.objects.get(name="Mrs A")
    r = as_td.post(
        reverse("director_member_action", args=[guest.pk, "merge"]), {"into": str(alden.pk)}
    )
    assert r.status_code == 302 and not Member.objects.filter(pk=guest.pk).exists()
    other = Member.objects.get(name="Mr B")
    r = as_td.post(reverse("director_member_action", args=[other.pk, "merge"]), {"into": "x"})
    assert r.status_code == 302 and Member.objects.filter(pk=other.pk).exists()
    r = as_td.post(
        reverse("director_member_action", args=[other.pk, "make-member"]), {"number": "123"}
    )
    other.refresh_from_db()
    assert other.guest  # the number is Jane Alden's: refused
    assert (
        as_td.post(reverse("director_member_action", args=[other.pk, "bogus"])).status_code == 404
    )


# --- Importing a membership list ---------------------------------------------------


def test_headers_matched_loosely():
    cols = match_columns(
        ["Surname", "First Name", "Member No.", "E-mail address", "Mobile", "Status"]
    )
    assert cols == {"last": 0, "first": 1, "number": 2, "email": 3, "phone": 4, "active": 5}
    assert match_columns(["Full name", "EBU number"])["number"] == 1


def test_a_list_is_read_with_every_refused_row_and_why():
    read = read_member_file(
        "list.csv",
        (
            b"Name;Membership number;Email;Active\n"
            b"Jane Alden;123;jane@example.org;yes\n"
            b";124;nobody@example.org;yes\n"
            b"Tom Dale;125;not-an-address;yes\n"
            b"Ann Foster;126;;maybe\n"
            b"Bob Grant;;;no\n"
        ),
    )
    assert [r.name for _, r in read.rows] == ["Jane Alden", "Bob Grant"]
    assert read.rows[1][1].active is False
    assert [(line, why) for line, _, why in read.refused] == [
        (3, "no name"),
        (4, "'not-an-address' is not an e-mail address"),
        (5, "active: 'maybe' is neither yes nor no"),
    ]


def test_a_file_without_names_is_refused_in_words():
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError, match="No column of names"):
        read_member_file("x.csv", b"Colour,Size\nred,2\n")
    with pytest.raises(ValidationError, match="cannot be read"):
        read_member_file("x.xlsx", b"PK\x03\x04 not really a workbook")


def test_import_previews_then_stores_on_confirm_and_reimport_updates_by_number(as_td, club):
    url = reverse("director_member_import")
    text = "Name,Member number,E-mail,Phone\n" + "".join(
        f"Member {i},{1000 + i},m{i}@example.org,0123 {i}\n" for i in range(1, 41)
    )
    text += "Bad Row,,broken@,\n,1999,,\n"
    r = as_td.post(url, {"file": csv_upload(text)})
    assert r.status_code == 200
    page = r.content.decode()
    assert "40</strong> to add" in page and "2</strong> refused" in page
    assert "broken@" in page and "no name" in page
    assert not Member.objects.exists()  # nothing stored until confirmed
    rows = r.context["rows"]
    r = as_td.post(url, {"confirm": "1", "rows": rows})
    assert r.status_code == 302
    assert Member.objects.filter(club=club).count() == 40
    # The secretary's XLSX: one member's e-mail changed, another's name; numbers as numbers.
    sheet = [["Surname", "First name", "Member No", "Email"]]
    sheet += [[f"{i}", "Member", 1000 + i, f"m{i}@example.org"] for i in range(1, 41)]
    sheet[5][3] = "new5@example.org"
    r = as_td.post(url, {"file": xlsx_upload(sheet)})
    plan = r.context["preview"]
    assert [m.number for m, _ in plan.updated] == ["1005"]
    as_td.post(url, {"confirm": "1", "rows": r.context["rows"]})
    assert Member.objects.count() == 40
    assert Member.objects.get(number="1005").email == "new5@example.org"


def test_a_tampered_preview_is_refused(as_td):
    r = as_td.post(reverse("director_member_import"), {"confirm": "1", "rows": "forged"})
    assert r.status_code == 302 and not Member.objects.exists()


def test_export_reads_back_as_an_import(as_td, club):
    Member.objects.create(club=club, name="Jane Alden", number="123", email="j@example.org")
    r = as_td.get(reverse("director_member_download", args=["xlsx"]))
    ws = load_workbook(io.BytesIO(r.content)).active
    assert [c.value for c in ws[2]][:3] == ["Jane Alden", "123", "j@example.org"]
    csv_body = as_td.get(reverse("director_member_download", args=["csv"])).content
    read = read_member_file("m.csv", csv_body)
    assert read.rows[0][1] == MemberRow("Jane Alden", "123", "j@example.org", "", True)
    assert as_td.get(reverse("director_member_download", args=["pdf"])).status_code == 404


def test_the_first_run_names_the_club(club):
    from tournament.management.commands.room import name_the_club

    name_the_club("Whist Club of New York")
    club.refresh_from_db()
    assert (club.name, club.short_name) == ("Whist Club of New York", "Whist")
    name_the_club("Another Name")  # a named club keeps its name
    club.refresh_from_db()
    assert club.name == "Whist Club of New York"


def test_club_settings_page(as_td, club):
    r = as_td.post(
        reverse("director_club"),
        {"name": "Knickerbocker", "short_name": "KWC", "time_zone": "Mars/Olympus"},
    )
    assert r.status_code == 200 and "is not a time zone name" in r.content.decode()
    r = as_td.post(
        reverse("director_club"),
        {"name": "Knickerbocker", "short_name": "KWC", "time_zone": "America/New_York"},
    )
    assert r.status_code == 302
    club.refresh_from_db()
    assert club.time_zone == "America/New_York" and not club.email_score_cards
    assert "Knickerbocker" in as_td.get(reverse("home")).content.decode()


@settings(max_examples=150)
@given(st.binary(max_size=600))
def test_any_file_is_read_or_refused_in_words(data):
    from django.core.exceptions import ValidationError

    for name in ("list.csv", "list.xlsx"):
        try:
            read = read_member_file(name, data)
        except ValidationError as e:
            assert e.messages and all(m.strip() for m in e.messages)
        else:
            for _, row in read.rows:
                assert row.name and len(row.name) <= members.NAME_MAX


cell = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)


@settings(max_examples=150)
@given(st.lists(st.lists(cell, min_size=1, max_size=6), min_size=1, max_size=8))
def test_any_csv_rows_are_read_or_refused_row_by_row(rows):
    import csv as csv_module

    from django.core.exceptions import ValidationError

    buf = io.StringIO()
    csv_module.writer(buf).writerows([["Name", "Member number", "E-mail", "Active"], *rows])
    try:
        read = read_member_file("list.csv", buf.getvalue().encode())
    except ValidationError as e:
        assert e.messages
        return
    lines = [line for line, _ in read.rows] + [line for line, _, _ in read.refused]
    assert len(lines) == len(set(lines))
    for _, _, why in read.refused:
        assert why


def test_a_new_club_takes_the_rooms_clock(db, settings):
    settings.CLUB_TIME_ZONE = "Australia/Sydney"
    assert Club.objects.create(name="Sydney", short_name="Syd").time_zone == "Australia/Sydney"
