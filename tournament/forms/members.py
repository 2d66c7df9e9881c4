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
from ..services import ServiceError, user_message
from ..services.members import NAME_MAX, NUMBER_MAX, MemberRow
from ..services.seasons import check_rule
from .fields import whole_numbers

PHONE_MAX = 30
FILE_MAX_BYTES = 2 * 1024 * 1024
ROWS_MAX = 5000

# A header as compared: letters and digits only, lower case ("Member No." is "memberno").
COLUMNS: dict[str, set[str]] = {
    "name": {"name", "fullname", "membername", "player", "playername", "names"},
    "first": {"first", "firstname", "forename", "forenames", "givenname", "christianname"},
    "last": {"last", "lastname", "surname", "familyname"},
    "number": {
        "number",
        "no",
        "num",
        "nbr",
        "id",
        "memberno",
        "membernumber",
        "membershipno",
        "membershipnumber",
        "memberid",
        "membernum",
        "ebuno",
        "ebunumber",
        "acblno",
        "acblnumber",
    },
    "email": {"email", "emailaddress", "mail", "eaddress"},
    "phone": {"phone", "telephone", "tel", "mobile", "phonenumber", "mobilephone", "cell"},
    "active": {"active", "status", "current", "paid", "subspaid", "membershipstatus"},
}
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


def header_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", str(text or "").casefold())


def match_columns(headers: list[str]) -> dict[str, int]:
    """Which column holds what: {"name": 0, "number": 2, ...}; a header matched once."""
    found: dict[str, int] = {}
    keys = [header_key(h) for h in headers]
    for i, key in enumerate(keys):
        for what, names in COLUMNS.items():
            if key in names and what not in found:
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
    and which columns were found."""

    rows: list[tuple[int, MemberRow]] = field(default_factory=list)
    refused: list[tuple[int, str, str]] = field(default_factory=list)
    columns: dict[str, str] = field(default_factory=dict)  # what -> the header as written


def read_row(cells: list[str], columns: dict[str, int]) -> tuple[MemberRow | None, str, str]:
    """One row as a member, or None with (what the row names, why it was refused)."""

    def get(what: str) -> str:
        i = columns.get(what)
        return cells[i] if i is not None and i < len(cells) else ""

    name = get("name")
    if not name and (get("first") or get("last")):
        name = f"{get('first')} {get('last')}".strip()
    elif name and "name" in columns and get("first") and "first" in columns:
        name = f"{get('first')} {name}"
    name = " ".join(name.split())
    number, email, phone = get("number"), get("email"), get("phone")
    shown = name or number or email or "(blank)"
    have = set(columns)
    if not name:
        return None, shown, "no name"
    if len(name) > NAME_MAX:
        return None, shown[:NAME_MAX] + "…", f"the name is longer than {NAME_MAX} characters"
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
    )
    return row, shown, ""


def read_table(table: Iterable[list[Any]]) -> MemberFile:
    """Rows of cells, the first being the headers, read as members."""
    it = iter(table)
    result = MemberFile()
    for headers in it:
        texts = [cell_text(h) for h in headers]
        if any(texts):
            break
    else:
        raise ValidationError("The file has no rows.")
    columns = match_columns(texts)
    if "name" not in columns and not ("first" in columns or "last" in columns):
        raise ValidationError(
            "No column of names: the first row should name the columns, as Name (or "
            f"First name and Surname), Member number, E-mail, Phone. Found: "
            f"{', '.join(t for t in texts if t) or 'nothing'}."
        )
    result.columns = {what: texts[i] for what, i in columns.items()}
    for line, cells in enumerate(it, 2):
        texts = [cell_text(c) for c in cells]
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


def read_member_file(name: str, data: bytes) -> MemberFile:
    """A membership list, CSV (comma, semicolon or tab; UTF-8 or Windows) or XLSX."""
    if len(data) > FILE_MAX_BYTES:
        raise ValidationError("The file is larger than 2 MB; is it the membership list?")
    if data[:2] == b"PK" or name.lower().endswith((".xlsx", ".xlsm")):
        return read_table(_xlsx_rows(data))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    if "\x00" in text:
        raise ValidationError("This is not a CSV or XLSX file; save the list as one of them.")
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count)
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
        label="Membership list (CSV or XLSX)",
        help_text="The first row names the columns: Name (or First name and Surname), "
        "Member number, E-mail, Phone, Active.",
    )

    def clean_file(self) -> MemberFile:
        upload = self.cleaned_data["file"]
        if upload.size > FILE_MAX_BYTES:
            raise ValidationError("The file is larger than 2 MB; is it the membership list?")
        return read_member_file(upload.name or "", upload.read())


class MemberForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX)
    number = forms.CharField(max_length=NUMBER_MAX, required=False, label="Member number")
    email = forms.EmailField(required=False, label="E-mail")
    phone = forms.CharField(max_length=PHONE_MAX, required=False)
    active = forms.BooleanField(required=False, initial=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    def row(self) -> MemberRow:
        d = self.cleaned_data
        return MemberRow(
            " ".join(d["name"].split()), d["number"].strip(), d["email"], d["phone"], d["active"]
        )

    @classmethod
    def initial_of(cls, member: Member) -> dict[str, Any]:
        return {
            "name": member.name,
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
