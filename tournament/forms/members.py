"""The club's forms: one member, a membership list to import, the club's settings, a
season and its rule, and reading a membership secretary's CSV or XLSX file.

A list comes as its secretary keeps it: the header row is matched loosely ("Surname",
"Member No.", "E-mail address" all find their column), and every row is checked
field by field.  A row refused is shown with its reason and kept out; the good
rows are only a plan (:func:`tournament.services.members.import_plan`) until the
director confirms it.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from ..models import Club, Member, Season
from ..models.club import surname_of
from ..services import ServiceError, user_message
from ..services.members import NAME_MAX, NUMBER_MAX, MemberRow
from ..services.seasons import check_rule
from .fields import OneLineText, whole_numbers

PHONE_MAX = 30
FILE_MAX_BYTES = 2 * 1024 * 1024
ROWS_MAX = 5000

# A header as compared: letters and digits only, lower case ("Member No." is "memberno",
# "ACBL #" is "acblnumber").
COLUMNS: dict[str, set[str]] = {
    "name": {"name", "fullname", "membername", "player", "playername", "names"},
    "first": {"first", "firstname", "forename", "forenames", "givenname", "christianname"},
    "last": {"last", "lastname", "surname", "familyname"},
    "number": set(),  # NUMBER_HEADER
    "email": {"email", "emailaddress", "mail", "eaddress"},
    "phone": {"phone", "telephone", "tel", "mobile", "phonenumber", "mobilephone", "cell"},
    "active": {"active", "status", "current", "paid", "subspaid", "membershipstatus"},
}
# The national bodies whose numbers a club's list carries: "ACBL #", "EBU no", "ABF number".
BODIES = ("acbl", "ebu", "abf", "nzb", "sbu", "wbu", "cbf", "cbai", "ibu", "nbo", "national")
# A member number's header: a body, a member or player, then a word for number ("EBU
# number", "Member No.", "Player ID", "No."), or a national body's name alone ("ACBL").
NUMBER_HEADER = re.compile(
    r"(?P<body>(?:" + "|".join(BODIES) + r"|club|bridge)?(?:member|membership|player|mem)?)"
    r"(?P<end>number|num|nbr|no|nr|id|ref)?"
)
# Failing an exact name, a header containing one of these words (first match wins).
CONTAINS = [
    ("email", ("mail",)),
    ("phone", ("phone", "mobile", "tel")),
    ("last", ("surname", "lastname")),
    ("first", ("firstname", "forename")),
    ("number", ("number", "memberno", "membershipno")),
    ("active", ("status", "active")),
    ("name", ("name",)),
]
YES = {"", "yes", "y", "true", "1", "active", "current", "member", "paid", "x"}
NO = {"no", "n", "false", "0", "inactive", "lapsed", "resigned", "former", "left", "unpaid"}
# What the first row should name, in the words a refusal uses.
EXPECTED = "Name (or First name and Surname), Member number, E-mail, Phone, Active"
# The rows looked through for the headers (a title or two may stand above them).
HEADER_SEARCH = 10


def header_key(text: str) -> str:
    """A header as compared: "#" read as "number", "Nº" as "no", then letters and digits."""
    text = str(text or "").casefold().replace("#", "number").replace("º", "o").replace("°", "o")
    return re.sub(r"[^a-z0-9]", "", text)


def is_exact(key: str) -> bool:
    """A header the register knows by its whole name, not by a word within it."""
    return is_number_header(key) or any(key in names for names in COLUMNS.values())


def is_number_header(key: str) -> bool:
    found = NUMBER_HEADER.fullmatch(key)
    if found is None or not key:
        return False
    return bool(found["end"]) or found["body"] in BODIES


def match_columns(headers: list[str]) -> dict[str, int]:
    """Which column holds what: {"name": 0, "number": 2, ...}; a header matched once."""
    found: dict[str, int] = {}
    keys = [header_key(h) for h in headers]
    for i, key in enumerate(keys):
        for what, names in COLUMNS.items():
            exact = key in names or (what == "number" and is_number_header(key))
            if exact and what not in found:
                found[what] = i
                break
    for i, key in enumerate(keys):
        if not key or i in found.values():
            continue
        for what, words in CONTAINS:
            if what not in found and any(w in key for w in words):
                found[what] = i
                break
    return found


def names_members(columns: dict[str, int]) -> bool:
    """The columns found name the members: a name, or a first name or surname."""
    return "name" in columns or "first" in columns or "last" in columns


def cell_text(value: Any) -> str:
    """A cell as text: a whole float (an XLSX number, 1234.0) without its ".0"."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return " ".join(str(value).split())


@dataclass
class MemberFile:
    """A list read: its good rows (with their line numbers), its refused rows with why,
    which columns were found, and the row the headers were on (a title may stand above)."""

    rows: list[tuple[int, MemberRow]] = field(default_factory=list)
    refused: list[tuple[int, str, str]] = field(default_factory=list)
    columns: dict[str, str] = field(default_factory=dict)  # what -> the header as written
    header_line: int = 1


def read_row(cells: list[str], columns: dict[str, int]) -> tuple[MemberRow | None, str, str]:
    """One row as a member, or None with (what the row names, why it was refused)."""

    def get(what: str) -> str:
        i = columns.get(what)
        return cells[i] if i is not None and i < len(cells) else ""

    name = get("name")
    surname: str | None = get("last") if "last" in columns else None
    if not name and (get("first") or get("last")):
        name = f"{get('first')} {get('last')}".strip()
    elif name and "name" in columns and get("first") and "first" in columns:
        # "First name" beside "Name": the name column holds the surname.
        if surname is None:
            surname = name
        name = f"{get('first')} {name}"
    name = " ".join(name.split())
    number, email, phone = get("number"), get("email"), get("phone")
    shown = name or number or email or "(blank)"
    have = set(columns)
    if not name:
        return None, shown, "no name"
    if len(name) > NAME_MAX:
        return None, shown[:NAME_MAX] + "…", f"the name is longer than {NAME_MAX} characters"
    if surname is not None and len(surname) > NAME_MAX:
        return None, shown, f"the surname is longer than {NAME_MAX} characters"
    if len(number) > NUMBER_MAX:
        return None, shown, f"the member number is longer than {NUMBER_MAX} characters"
    if email:
        try:
            validate_email(email)
        except ValidationError:
            return None, shown, f"{email!r} is not an e-mail address"
    if len(phone) > PHONE_MAX:
        return None, shown, f"the phone number is longer than {PHONE_MAX} characters"
    active = get("active").casefold()
    if active not in YES and active not in NO:
        return None, shown, f"active: {get('active')!r} is neither yes nor no"
    # A column the list does not have leaves that field of a member as it is.
    row = MemberRow(
        name,
        number,
        email if "email" in have else None,
        phone if "phone" in have else None,
        (active not in NO) if "active" in have else None,
        surname,
    )
    return row, shown, ""


def _find_headers(first: list[tuple[int, list[str]]]) -> tuple[int, dict[str, int]] | None:
    """Of the list's first rows (line, cells), the headers: the row naming the most columns
    of those that name the members, then the most by their whole names (a title "Member
    names" names one column by a word), the earliest of equals; with what it names."""
    best: tuple[int, dict[str, int]] | None = None
    score = (0, 0)
    for at, (_, texts) in enumerate(first):
        columns = match_columns(texts)
        this = (len(columns), sum(is_exact(header_key(t)) for t in texts))
        if names_members(columns) and (best is None or this > score):
            best, score = (at, columns), this
    return best


def _no_headers(first: list[tuple[int, list[str]]]) -> ValidationError:
    """Why the list's first rows hold no headers, in words: a title above them, or which
    headers were found and which the register reads."""
    line, texts = first[0]
    filled = [t for t in texts if t]
    wider = next(((n, c) for n, c in first[1:] if len([t for t in c if t]) > 1), None)
    if len(filled) == 1 and wider is not None:
        return ValidationError(
            f"Row {line} looks like a title: the headers (Name, Member number, E-mail, "
            "Phone, Active) should be the first row; remove the rows above them. "
            f"Row {wider[0]} has {', '.join(t for t in wider[1] if t)}."
        )
    return ValidationError(
        f"No column of names: the first row should name the columns, as {EXPECTED}. "
        f"Found: {', '.join(filled) or 'nothing'}."
    )


def read_table(table: Iterable[list[Any]]) -> MemberFile:
    """Rows of cells, the headers first (a title or two may stand above them), as members."""
    it = iter(enumerate(table, 1))
    first: list[tuple[int, list[str]]] = []
    for line, cells in it:
        texts = [cell_text(c) for c in cells]
        if any(texts):
            first.append((line, texts))
            if len(first) == HEADER_SEARCH:
                break
    if not first:
        raise ValidationError("The file has no rows.")
    found = _find_headers(first)
    if found is None:
        raise _no_headers(first)
    at, columns = found
    result = MemberFile(header_line=first[at][0])
    headers = first[at][1]
    result.columns = {what: headers[i] for what, i in columns.items()}
    for line, texts in [*first[at + 1 :], *((n, [cell_text(c) for c in r]) for n, r in it)]:
        if not any(texts):
            continue
        if len(result.rows) + len(result.refused) >= ROWS_MAX:
            raise ValidationError(f"The list has more than {ROWS_MAX} members; split it.")
        row, shown, why = read_row(texts, columns)
        if row is None:
            result.refused.append((line, shown, why))
        else:
            result.rows.append((line, row))
    return result


# An Excel 97-2003 workbook (.xls) begins with these bytes (an OLE2 compound file).
OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def file_text(data: bytes) -> str:
    """A text file's contents: UTF-16 (Excel's "Unicode Text", with its byte-order mark or
    without), UTF-8 (with a byte-order mark or without), else Windows' cp1252."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise ValidationError(
                "This file begins as Unicode Text but cannot be read as it; save it again "
                "from the spreadsheet as CSV."
            ) from None
    head = data[:4096]
    if b"\x00" in head and len(data) % 2 == 0:
        # UTF-16 without its mark: every other byte of plain text is a zero.
        kind = "utf-16-le" if head[1::2].count(0) > head[0::2].count(0) else "utf-16-be"
        try:
            return data.decode(kind)
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_member_file(name: str, data: bytes) -> MemberFile:
    """A membership list: CSV or tab-separated text (comma, semicolon or tab; UTF-8,
    UTF-16 or Windows), or XLSX."""
    if len(data) > FILE_MAX_BYTES:
        raise ValidationError("The file is larger than 2 MB; is it the membership list?")
    if data.startswith(OLE2):
        raise ValidationError(
            "This is an Excel 97-2003 workbook (.xls); save it as an Excel Workbook (XLSX) "
            "or as CSV, and import that."
        )
    if data[:2] == b"PK" or name.lower().endswith((".xlsx", ".xlsm")):
        return read_table(_xlsx_rows(data))
    text = file_text(data)
    if "\x00" in text:
        raise ValidationError("This is not a CSV or XLSX file; save the list as one of them.")
    lines = text.splitlines()[:HEADER_SEARCH]
    delimiter = max((",", ";", "\t"), key=lambda d: max((n.count(d) for n in lines), default=0))
    try:
        return read_table(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error as e:
        raise ValidationError(
            f"This CSV file cannot be read ({e}); save it again from the spreadsheet as CSV."
        ) from e


def _xlsx_rows(data: bytes) -> Iterable[list[Any]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        rows = [list(r) for r in book.worksheets[0].iter_rows(values_only=True)]
        book.close()
    except Exception as e:  # openpyxl raises many kinds for a file that is not a workbook
        raise ValidationError(
            "This XLSX file cannot be read; save it again from the spreadsheet."
        ) from e
    return rows


class MemberImportForm(forms.Form):
    file = forms.FileField(
        label="Membership list (CSV, XLSX or Unicode Text)",
        help_text="The first row names the columns: Name (or First name and Surname), "
        "Member number, E-mail, Phone, Active.",
    )

    def clean_file(self) -> MemberFile:
        upload = self.cleaned_data["file"]
        if upload.size > FILE_MAX_BYTES:
            raise ValidationError("The file is larger than 2 MB; is it the membership list?")
        return read_member_file(upload.name or "", upload.read())


class MemberForm(forms.Form):
    name = OneLineText(max_length=NAME_MAX)
    surname = OneLineText(
        max_length=NAME_MAX,
        required=False,
        help_text="The register is sorted by it. Blank: taken from the name "
        '("Anna van der Berg": van der Berg, among the B\'s; "Alden, Jane": Alden).',
    )
    number = OneLineText(max_length=NUMBER_MAX, required=False, label="Member number")
    email = forms.EmailField(required=False, label="E-mail")
    phone = OneLineText(max_length=PHONE_MAX, required=False)
    active = forms.BooleanField(required=False, initial=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        # The surname the name gives, shown where the field is left blank.
        name = str((self.initial or {}).get("name") or "")
        self.fields["surname"].widget.attrs["placeholder"] = (
            surname_of(name) if name.strip() else "from the name"
        )

    def row(self) -> MemberRow:
        d = self.cleaned_data
        return MemberRow(
            " ".join(d["name"].split()),
            d["number"].strip(),
            d["email"],
            d["phone"],
            d["active"],
            " ".join(d["surname"].split()),
        )

    @classmethod
    def initial_of(cls, member: Member) -> dict[str, Any]:
        """The member as the form shows him: a surname of his own (a director's or a list's)
        in the field, one taken from his name left blank so that it follows the name."""
        own = member.surname if member.surname != surname_of(member.name) else ""
        return {
            "name": member.name,
            "surname": own,
            "number": member.number,
            "email": member.email,
            "phone": member.phone,
            "active": member.active,
        }


class ClubForm(forms.ModelForm):
    """The club's settings: its names and clock, the score cards' e-mail, whether its
    member numbers are the national body's (USEBIO's ``NATIONAL_ID_NUMBER``) and the
    paper its spreadsheets print on."""

    class Meta:
        model = Club
        fields = [
            "name",
            "short_name",
            "time_zone",
            "email_score_cards",
            "national_numbers",
            "paper_size",
        ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A form posted without the paper (an older page, a script) keeps the club's.
        self.fields["paper_size"].required = False

    def clean_paper_size(self) -> str:
        return self.cleaned_data.get("paper_size") or self.instance.paper_size


class SeasonForm(forms.ModelForm):
    """A season and its rule (matchpoints: best N of at least M evenings)."""

    class Meta:
        model = Season
        fields = ["name", "method", "best", "at_least", "current"]
        formfield_callback = whole_numbers  # the model's integers in the room's words

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        try:
            check_rule(data.get("best"), data.get("at_least") or 1)
        except ServiceError as e:
            raise ValidationError(user_message(e)) from None
        return data
