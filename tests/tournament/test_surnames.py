"""The register sorted by surname: the surname a name gives, the director's own, and the
register's order on its page, its files and the players' pick-list."""

import csv
import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.models import Club, Member
from tournament.models.club import in_register_order, surname_of

from .conftest import make_event


@pytest.mark.parametrize(
    ("name", "surname"),
    [
        ("Jane Alden", "Alden"),
        ("Anna van der Berg", "van der Berg"),
        ("Walter de la Mare", "de la Mare"),
        ("Maria von Trapp", "von Trapp"),
        ("Alden, Jane", "Alden"),
        ("van der Berg, Anna", "van der Berg"),
        ("John Smith Jr.", "Smith"),
        ("Henry Ford III", "Ford"),
        ("  Mrs.   Ethel   Culbertson ", "Culbertson"),
        ("Cher", "Cher"),
        ("Van Morrison", "Morrison"),  # a first word is a name, never a particle
        ("Jr.", "Jr."),
        ("John Smith, Jr.", "Smith"),
        (", Jane", "Jane"),
        (",", ","),
        ("", ""),
    ],
)
def test_the_surname_a_name_gives(name, surname):
    assert surname_of(name) == surname


words = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Zs", "Cc", "Zl", "Zp")),
    min_size=1,
    max_size=12,
)
names = st.lists(
    st.one_of(words, st.sampled_from(["van", "der", "de", "la", "Jr.", "III", ",", "Sr"])),
    min_size=1,
    max_size=6,
).map(" ".join)


SUFFIXES = {"jr", "sr", "ii", "iii", "iv"}


@settings(max_examples=300, deadline=None)
@given(names)
def test_any_names_surname_is_a_part_of_it_and_never_empty(name):
    surname = surname_of(name)
    text = " ".join(name.split())
    assert surname if text else surname == ""
    if not text.replace(",", "").strip():
        assert surname == text  # commas alone, kept as typed
        return
    before, comma, after = text.partition(",")
    if comma and before.strip() and after.strip().lower().strip(".") not in SUFFIXES:
        assert surname == before.strip()  # "Alden, Jane"
        return
    # Else its words end the name's (commas aside), but for a suffix ("Jr.") after them.
    words = text.replace(",", " ").split()
    tail = surname.split(" ")
    at = max(i for i in range(len(words)) if words[i : i + len(tail)] == tail)
    assert all(w.lower().strip(".") in SUFFIXES for w in words[at + len(tail) :])
    core = list(words)
    while core and core[-1].lower().strip(".") in SUFFIXES:
        core.pop()
    if len(core) >= 2:  # a first name and more: the first word is never the surname's
        assert at >= 1


@pytest.fixture
def td(db):
    return get_user_model().objects.create_user("td", password="pw-td-1915", is_staff=True)


@pytest.fixture
def as_td(client, td):
    client.force_login(td)
    return client


@pytest.fixture
def register(db):
    club = Club.first()
    for number, name in enumerate(
        [
            "Zoë Ärmel",
            "Tom Dale",
            "Anna van der Berg",
            "Alden, Jane",
            "Martin Van Buren",
            "John Smith Jr.",
            "Bob Carr",
            "ann carr",
        ],
        1,
    ):
        Member.objects.create(club=club, name=name, number=str(number))
    return club


ORDER = [
    "Alden, Jane",
    "Zoë Ärmel",
    "Anna van der Berg",
    "ann carr",
    "Bob Carr",
    "Tom Dale",
    "John Smith Jr.",
    "Martin Van Buren",
]


def test_the_register_is_in_surname_order(register):
    assert [m.name for m in in_register_order(Member.objects.all())] == ORDER


def test_the_register_page_and_its_files_are_in_surname_order(as_td, register):
    page = as_td.get(reverse("director_members")).content.decode()
    at = [page.index(f">{name}</a>") for name in ORDER]
    assert at == sorted(at)
    body = as_td.get(reverse("director_member_download", args=["csv"])).content.decode()
    assert [row[0] for row in csv.reader(io.StringIO(body))][1:] == ORDER


def test_the_players_pick_list_is_in_surname_order_guests_last(as_td, td, register):
    Member.objects.create(club=register, name="Aaron Aardvark", guest=True)
    event = make_event(td)
    page = as_td.get(reverse("director_players", args=[event.pk])).content.decode()
    offered = page[page.index('<datalist id="club-members">') :]
    at = [
        offered.index(f'value="{m.choice_label}"')
        for m in in_register_order(Member.objects.filter(guest=False))
    ]
    assert at == sorted(at)
    assert offered.index('value="Aaron Aardvark"') > at[-1]


def test_the_director_sees_and_changes_the_surname(as_td, register):
    anna = Member.objects.get(name="Anna van der Berg")
    url = reverse("director_member", args=[anna.pk])
    page = as_td.get(url).content.decode()
    assert "<dt>Sorted under</dt><dd>van der Berg</dd>" in page
    assert 'placeholder="van der Berg"' in page  # blank: the name's own surname
    data = {"name": "Anna van der Berg", "number": "3", "active": "on"}
    as_td.post(url, {**data, "surname": "Berg"})
    anna.refresh_from_db()
    assert anna.surname == "Berg"
    assert 'value="Berg"' in as_td.get(url).content.decode()
    # A name changed keeps the surname the director typed ...
    as_td.post(url, {**data, "name": "Anna Berg-Smith", "surname": "Berg"})
    anna.refresh_from_db()
    assert (anna.name, anna.surname) == ("Anna Berg-Smith", "Berg")
    # ... and the surname left blank follows the name.
    as_td.post(url, {**data, "name": "Anna de Vries", "surname": ""})
    anna.refresh_from_db()
    assert anna.surname == "de Vries"
    as_td.post(url, {**data, "name": "Anna Jansen", "surname": ""})
    anna.refresh_from_db()
    assert anna.surname == "Jansen"


def test_a_member_added_with_a_surname_is_sorted_under_it(as_td, register):
    r = as_td.post(
        reverse("director_members"),
        {"name": "Ely Culbertson", "surname": "Aaa", "number": "99", "active": "on"},
    )
    assert r.status_code == 302
    assert in_register_order(Member.objects.all())[0].name == "Ely Culbertson"
