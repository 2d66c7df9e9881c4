"""Membership lists as real secretaries keep them: the number under any of its common
headers, Excel's Unicode Text, a title above the headers, a surname column."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from tournament.forms.members import header_key, match_columns, read_member_file
from tournament.models import Club, Member
from tournament.models.club import in_register_order
from tournament.services import members
from tournament.services.members import MemberRow

NUMBER_HEADERS = [
    "ACBL #",
    "ACBL number",
    "ACBL No",
    "EBU number",
    "EBU no",
    "EBU No.",
    "Member No.",
    "Member number",
    "Membership number",
    "Membership No",
    "ABF number",
    "ABF no",
    "NZB number",
    "SBU number",
    "WBU number",
    "CBF number",
    "Player ID",
    "Player number",
    "Number",
    "No.",
    "Nº",
    "#",
    "Member #",
    "member_id",
    "CLUB NO",
]


def xlsx_bytes(rows) -> bytes:
    wb = Workbook()
    ws = wb.active
    for row in rows:
        ws.append(row)
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


@pytest.mark.parametrize("header", NUMBER_HEADERS)
def test_the_member_number_under_its_common_headers(header):
    assert match_columns(["Name", header]) == {"name": 0, "number": 1}
    read = read_member_file("list.csv", f"Name,{header}\nJane Alden,K1234\n".encode())
    assert read.rows == [(2, MemberRow("Jane Alden", "K1234", None, None, None))]


def test_headers_that_are_not_the_number_are_not_taken_for_it():
    assert header_key("ACBL #") == "acblnumber" and header_key("No.") == "no"
    assert match_columns(["Name", "Phone no"]) == {"name": 0, "phone": 1}
    assert match_columns(["Member", "Player"]) == {"name": 1}  # a name, never a number
    assert "number" not in match_columns(["Name", "Club"])


def test_excel_unicode_text_is_read():
    text = (
        "Name\tACBL #\tE-mail\r\nAnna van der Berg\t1001\tanna@example.org\r\nZoë Ärmel\t1002\t\r\n"
    )
    for data in (b"\xff\xfe" + text.encode("utf-16-le"), text.encode("utf-16-le")):
        read = read_member_file("members.txt", data)
        assert [(r.name, r.number) for _, r in read.rows] == [
            ("Anna van der Berg", "1001"),
            ("Zoë Ärmel", "1002"),
        ]
        assert read.columns == {"name": "Name", "number": "ACBL #", "email": "E-mail"}


@pytest.mark.parametrize(
    "data",
    [
        "Name;Member No.\nZoë Ärmel;7\n".encode("utf-8-sig"),
        "Name;Member No.\nZoë Ärmel;7\n".encode(),
        "Name;Member No.\nZoë Ärmel;7\n".encode("cp1252"),
        "Name;Member No.\nZoë Ärmel;7\n".encode("utf-16"),
    ],
    ids=["utf-8 with BOM", "utf-8", "cp1252", "utf-16"],
)
def test_every_encoding_a_spreadsheet_saves_is_read(data):
    read = read_member_file("list.csv", data)
    assert read.rows == [(2, MemberRow("Zoë Ärmel", "7", None, None, None))]


def test_an_old_xls_workbook_is_refused_saying_what_to_save():
    with pytest.raises(ValidationError, match=r"Excel 97-2003 workbook \(\.xls\)"):
        read_member_file("list.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600)


def test_a_title_row_above_the_headers_is_left_out():
    sheet = [
        ["Whist Club of New York: membership 1915"],
        [],
        ["Name", "Membership number", "Email"],
        ["Jane Alden", 123, "jane@example.org"],
        ["Tom Dale", 124, None],
    ]
    read = read_member_file("list.xlsx", xlsx_bytes(sheet))
    assert read.header_line == 3
    assert [(line, r.name, r.number) for line, r in read.rows] == [
        (4, "Jane Alden", "123"),
        (5, "Tom Dale", "124"),
    ]
    csv_text = b"Members, 1915\nName,Number\nJane Alden,123\n,124\n"
    read = read_member_file("list.csv", csv_text)
    assert read.header_line == 2 and [r.name for _, r in read.rows] == ["Jane Alden"]
    assert read.refused == [(4, "124", "no name")]


def test_a_title_named_like_a_column_is_not_taken_for_the_headers():
    read = read_member_file("list.csv", b"Member names\nName\nJane Alden\n")
    assert read.header_line == 2 and [r.name for _, r in read.rows] == ["Jane Alden"]


def test_a_title_above_unknown_headers_is_named_with_its_row():
    sheet = [["Our members"], ["Who", "Which"], ["Jane Alden", 123]]
    with pytest.raises(ValidationError) as e:
        read_member_file("list.xlsx", xlsx_bytes(sheet))
    assert e.value.messages == [
        "Row 1 looks like a title: the headers (Name, Member number, E-mail, Phone, Active) "
        "should be the first row; remove the rows above them. Row 2 has Who, Which."
    ]


def test_unknown_headers_are_named_with_those_expected():
    with pytest.raises(ValidationError) as e:
        read_member_file("list.csv", b"Colour,Size,Member\nred,2,x\n")
    (message,) = e.value.messages
    assert "Found: Colour, Size, Member." in message
    assert "Name (or First name and Surname), Member number, E-mail, Phone, Active" in message


def test_a_surname_column_is_read_and_first_and_surname_make_the_name():
    read = read_member_file(
        "list.csv",
        b"First name,Family name,ACBL #\nAnna,van der Berg,1\nJane,,2\n",
    )
    assert [(r.name, r.surname) for _, r in read.rows] == [
        ("Anna van der Berg", "van der Berg"),
        ("Jane", ""),
    ]
    read = read_member_file("list.csv", b"Name,Last name\nJohn Smith Jr.,Smith-Jones\n")
    assert read.rows[0][1].surname == "Smith-Jones"
    read = read_member_file("list.csv", b"Name,Number\nAnna van der Berg,3\n")
    assert read.rows[0][1].surname is None  # no column: taken from the name


def test_an_imported_surname_sorts_the_register(db):
    club = Club.first()
    read = read_member_file(
        "list.csv",
        b"Surname,First name,Member no\nvan der Berg,Anna,1\nAlden,Jane,2\nCarr,,3\n,Kit Zed,4\n",
    )
    members.import_members(club, read.rows)
    register = in_register_order(Member.objects.filter(club=club))
    assert [(m.name, m.surname) for m in register] == [
        ("Jane Alden", "Alden"),
        ("Anna van der Berg", "van der Berg"),
        ("Carr", "Carr"),
        ("Kit Zed", "Zed"),
    ]
    # The list again without its surname column: each keeps the surname it has.
    read = read_member_file("list.csv", b"Name,Member no\nAnna Berg-Smith,1\nJane Alden,2\n")
    plan = members.import_members(club, read.rows)
    assert [m.number for m, _ in plan.updated] == ["1"]
    anna = Member.objects.get(number="1")
    assert (anna.name, anna.surname) == ("Anna Berg-Smith", "Berg-Smith")


# Bytes a list begins with: nothing, the marks and magic numbers the reader looks at.
STARTS = st.sampled_from(
    [b"", b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf", b"PK\x03\x04", b"\xd0\xcf\x11\xe0"]
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STARTS, st.binary(max_size=800), st.sampled_from(["l.csv", "l.txt", "l.xlsx", ""]))
def test_any_bytes_are_read_or_refused_in_the_modules_words(start, data, name):
    try:
        read = read_member_file(name, start + data)
    except ValidationError as e:
        assert e.messages and all(m.strip() for m in e.messages)
    else:
        for _, row in read.rows:
            assert row.name and len(row.name) <= members.NAME_MAX


def test_the_preview_shows_a_surname_the_list_changes(client, db):
    user = get_user_model().objects.create_user("td", password="pw-td-1915", is_staff=True)
    client.force_login(user)
    club = Club.first()
    Member.objects.create(club=club, name="Anna van der Berg", number="1")
    upload = io.BytesIO(b"Name,Surname,Member no\nAnna van der Berg,Berg,1\n")
    upload.name = "list.csv"
    r = client.post(reverse("director_member_import"), {"file": upload})
    page = r.content.decode()
    assert "(sorted under van der Berg)" in page and "(sorted under Berg)" in page
    client.post(reverse("director_member_import"), {"confirm": "1", "rows": r.context["rows"]})
    assert Member.objects.get(number="1").surname == "Berg"
