"""An HTTP fuzz of every form the director and the tablets post.

The forms are not listed by hand: every page a director or a table scorer opens
is fetched, and every ``<form method="post">`` on it is read (its address, its
fields, each select's and radio's choices, each field's ``maxlength``), so a form
a later page adds is fuzzed without a change here.  Each case posts one form with
its fields kept, changed or left out: the value the page holds, another of its
choices, hostile text, text just past the field's limit and far past it, long
team lists (derived names past an event's 120 characters), counts out of range,
a field sent twice, a field the form does not have, a stale formset count.

The answer must never be a server error (5xx).  The world the forms act on is
kept from case to case, as an evening's is: rounds get closed, results
voided, pairs added, so stale pages and forms are posted as well.

Used by ``tests/tournament/test_http_fuzz.py`` (a bounded run in the suite) and
``python -m benchmarks.form_fuzz`` (a long run that prints posts and 5xx).
"""

from __future__ import annotations

import datetime
import io
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from hypothesis import strategies as st

from tests.factories import make_contest
from tournament import services
from tournament.models import Club, Member, Result, Season, TableLink
from tournament.services import Actor, seats, tablets
from tournament.services.seats import Keyed

from ..factories import enter, make_event

PBN_SAMPLE = (Path(__file__).resolve().parents[1] / "fixtures" / "other_program.pbn").read_bytes()


@dataclass(frozen=True)
class Field:
    """One named control of a form: its kind, the value the page holds, its choices."""

    name: str
    kind: str
    value: str | None = None
    options: tuple[str, ...] = ()
    maxlength: int | None = None


@dataclass(frozen=True)
class Target:
    """A form to post: who posts it, where, and its fields.  A tablet's address holds
    ``{token}`` for its table's link, which a director may reissue meanwhile."""

    who: str  # "director" or "tablet"
    page: str
    action: str
    fields: tuple[Field, ...]
    event: int | None = None
    table: int | None = None

    def __str__(self) -> str:
        return f"{self.who} {self.action} (from {self.page})"


class _Forms(HTMLParser):
    """The post forms of a page, each as (action, [Field])."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[tuple[str | None, dict[str, Field]]] = []
        self._form: dict[str, Field] | None = None
        self._select: str | None = None

    def _add(self, f: Field) -> None:
        assert self._form is not None
        old = self._form.get(f.name)
        if old is None:
            self._form[f.name] = f
            return
        value = f.value if old.value is None else old.value
        options = tuple(dict.fromkeys(old.options + f.options))
        self._form[f.name] = Field(old.name, old.kind, value, options, old.maxlength)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            if a.get("method", "get").lower() == "post":
                self._form = {}
                self.forms.append((a.get("action") or None, self._form))
            return
        if self._form is None:
            return
        name = a.get("name")
        limit = int(a["maxlength"]) if a.get("maxlength", "").isdigit() else None
        if tag == "input" and name:
            kind = a.get("type", "text").lower()
            if kind in ("checkbox", "radio"):
                value = a.get("value", "on")
                self._add(Field(name, kind, value if "checked" in a else None, (value,)))
            else:
                self._add(Field(name, kind, a.get("value", ""), (), limit))
        elif tag in ("button",) and name:
            self._add(Field(name, "button", None, (a.get("value", ""),)))
        elif tag == "textarea" and name:
            self._add(Field(name, "textarea", "", (), limit))
        elif tag == "select" and name:
            self._select = name
            self._add(Field(name, "select", None))
        elif tag == "option" and self._select:
            value = a.get("value", "")
            self._add(Field(self._select, "select", value if "selected" in a else None, (value,)))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def forms_on(html: str, page: str) -> list[tuple[str, tuple[Field, ...]]]:
    parser = _Forms()
    parser.feed(html)
    return [(action or page, tuple(fields.values())) for action, fields in parser.forms]


@dataclass
class World:
    """The director's and the tables' world the forms act on."""

    director: Any
    desk: Client
    tablet: Client
    pages: list[tuple[str, str, int | None, int | None]] = field(default_factory=list)


def make_world(director: Any = None, colleague: Any = None) -> World:
    """Two directors; a pair contest with results, one of five pairs (a phantom), a team
    match, one that records auctions, a league and a contest; the pages they open.

    ``director`` and ``colleague``: accounts of the caller's to build it with (a club's
    director, who owns everything, and another director of his club, whose password
    page is one of the pages); by default two new ones."""
    users = get_user_model()
    alice = director or users.objects.create_user("fuzz-td", password="pw-fuzz-1915", is_staff=True)
    other = colleague or users.objects.create_user(
        "fuzz-other", password="pw-other-1915", is_staff=True
    )
    pairs = make_event(alice, name="Fuzz pairs")
    enter(pairs, 1, 1, 1, confirmed=True)
    enter(pairs, 3, 1, 2)
    odd = make_event(alice, name="Fuzz odd", pairs_count=5)
    teams = make_event(alice, name="Fuzz match", form="teams", tables=2, boards_per_round=1)
    enter(teams, 1, 1, 1)
    auctions = make_event(alice, name="Fuzz auctions", record_auctions=True)
    league = services.create_league(
        alice,
        name="Fuzz league",
        date=datetime.date(1915, 1, 12),
        teams=["Hawks", "Owls", "Larks"],
        pairs_per_team=2,
        boards_per_round=1,
        draw="swiss",
        rounds=3,
    )
    contest = make_contest(alice, name="Fuzz contest")
    # The club's own pages: its register (a member, and a guest typed in at an event,
    # whose page offers "make a member" and "merge"), its settings, a season.
    club = Club.first()
    club.directors.add(alice, other)
    member = Member.objects.create(club=club, name="Jane Alden", number="101")
    guest = Member.objects.create(club=club, name="Walter Visitor", guest=True)
    season = Season.objects.create(club=club, name="Fuzz season", method="total")
    # The players key their numbers at the table: table 1's North differs from the players
    # page (the panel's two settling forms), table 2 still asks (the tablet's seats page).
    seated = make_event(alice, name="Fuzz seats", seats_at_table=True)
    services.set_player_names(seated, {"1": ["Walter Visitor", ""]}, by=Actor.director(alice))
    keyed = [
        Keyed("N", "101"),
        Keyed("E", "", "Amelia Quillfeather"),
        Keyed("S", "", "Beatrix Quillfeather"),
        Keyed("W", "", "Cyril Quillfeather"),
    ]
    seats.key_seats(seated, 1, keyed, by=Actor.tablet(1))
    seats.confirm_seats(seated, 1, by=Actor.tablet(1))
    world = World(
        alice, Client(raise_request_exception=False), Client(raise_request_exception=False)
    )
    desk = [
        reverse("director_events"),
        reverse("director_event_create"),
        reverse("director_contest_create"),
        reverse("director_league_create"),
        reverse("director_accounts"),
        reverse("password_change"),
        reverse("director_league", args=[league.pk]),
        reverse("director_contest", args=[contest.pk]),
    ]
    desk.append(reverse("director_account_password", args=[other.pk]))
    desk += [
        reverse("director_club"),
        reverse("director_members"),
        reverse("director_member_import"),
        reverse("director_member", args=[member.pk]),
        reverse("director_member", args=[guest.pk]),
        reverse("director_seasons"),
        reverse("director_season", args=[season.pk]),
    ]
    for page in desk:
        world.pages.append(("director", page, None, None))
    for event in (pairs, odd, teams, auctions, seated):
        result = Result.objects.filter(event=event).live().first()
        for name, args in (
            ("director_event", []),
            ("director_players", []),
            ("director_field", []),
            ("director_traveller", [1]),
            ("director_traveller", [2]),
            ("director_irregular", [1]),
            ("director_adjust", [1]),
            ("director_ruling", [1, 1, 1]),
            ("director_rulings", []),
            ("director_links", []),
            ("director_deals", []),
            ("director_export", []),
            *((("director_result", [result.pk]),) if result else ()),
        ):
            world.pages.append(("director", reverse(name, args=[event.pk, *args]), event.pk, None))
        for table in (1, 2):
            token = tablets.link_for(event, table).token
            tablet_pages = [
                reverse("scorer_home", args=[token]),
                reverse("scorer_board", args=[token, 1 if table == 1 else 3]),
                reverse("scorer_board", args=[token, 2 if table == 1 else 4]),
            ]
            if event.record_auctions:
                tablet_pages.append(reverse("scorer_auction", args=[token, 1]))
            if event.seats_at_table:
                tablet_pages.append(reverse("scorer_seats", args=[token]))
            mine = Result.objects.filter(event=event, table=table).live().first()
            if mine is not None:
                tablet_pages.append(reverse("scorer_result", args=[token, mine.pk]))
                tablet_pages.append(reverse("scorer_change", args=[token, mine.pk]))
            for page in tablet_pages:
                world.pages.append(("tablet", page, event.pk, table))
    return world


def crawl(world: World) -> list[Target]:
    """Every post form on the world's pages, each once (by who, address and fields)."""
    targets: dict[tuple, Target] = {}
    for who, page, event, table in world.pages:
        client = _client(world, who, event, table)
        response = client.get(_current(page, event, table), follow=True)
        html = response.content.decode("utf-8", "replace")
        for action, fields in forms_on(html, page):
            if who == "tablet" and event is not None and table is not None:
                token = TableLink.objects.get(event_id=event, table=table).token
                action = action.replace(token, "{token}")
                page = page.replace(token, "{token}")
            key = (who, action, tuple(sorted(f.name for f in fields)))
            targets.setdefault(key, Target(who, page, action, fields, event, table))
    return list(targets.values())


def _current(url: str, event: int | None, table: int | None) -> str:
    """A tablet's address with its table's current link (a director may reissue it)."""
    if "{token}" not in url or event is None or table is None:
        return url
    token = TableLink.objects.filter(event_id=event, table=table).values_list("token", flat=True)
    return url.replace("{token}", token.first() or "gone")


def _client(world: World, who: str, event: int | None, table: int | None) -> Client:
    if who == "director":
        # Logged in afresh each time: a fuzzed form may have logged out or changed the
        # password.
        world.desk.force_login(world.director)
        return world.desk
    # A fuzzed links page may have set PINs: the tablets' forms are what is fuzzed, not
    # the PIN page, so each post finds its table without one.
    if event is not None:
        TableLink.objects.filter(event_id=event).exclude(pin="").update(pin="")
    return world.tablet


# --- Values ------------------------------------------------------------------------

NASTY = st.sampled_from(
    [
        "",
        " ",
        "0",
        "-1",
        "1",
        "2",
        "3",
        "7",
        "13",
        "14",
        "99",
        "32767",
        "32768",
        "2147483648",
        "99999999999999999999",
        "1e9",
        "1.5",
        "-0",
        "٣",
        "²",
        "abc",
        "None",
        "null",
        "on",
        "4H",
        "3NTXX",
        "PASS",
        "N",
        "NS",
        "EW",
        "1915-04-01",
        "1915-02-30",
        "0001-01-01",
        "9999-12-31",
        "<script>alert(1)</script>",
        "'; DROP TABLE x; --",
        "\x00",
        "a\x00b",
        "\u202e",
        "\ud7ff",
        "𝄞",
        "trumps:NS-3",
        "aces:none",
        "plus/minus",
        "weighted",
        "1/3",
        "0/0",
    ]
)
# Characters no keyboard types, which PostgreSQL's text refuses (NUL) or a line ends with.
CONTROL = st.sampled_from(["\x00", "a\x00b", "\x00" * 3, "\r\n", "a\tb", "\x1b[31m"])
LENGTHS = (40, 41, 64, 65, 80, 81, 119, 120, 121, 300, 301, 1000, 5000)
TEAM_LINES = st.lists(
    st.sampled_from(["Hawks", "Owls", "Larks", "Wrens", "hawks", "H" * 80, "O" * 80, "L" * 81, ""]),
    max_size=8,
).map("\n".join)
FILES = st.sampled_from(
    [
        PBN_SAMPLE,
        b"",
        b'[Board "1"]\n[Dealer "N"]\n[Deal "N:garbage"]\n',
        b"\xff\xfe\x00\x00binary",
        PBN_SAMPLE * 40,
    ]
)


def _long(limit: int | None) -> st.SearchStrategy[str]:
    lengths = (limit - 1, limit, limit + 1, 2 * limit) if limit else LENGTHS
    return st.tuples(st.sampled_from(lengths), st.sampled_from("xé W")).map(lambda t: t[1] * t[0])


def values_of(f: Field) -> st.SearchStrategy[Any]:
    """What one field may be sent: what the page holds, its choices, rubbish, too long."""
    if f.kind == "file":
        return FILES.map(_upload)
    kept = [st.just(f.value)] if f.value is not None else []
    choices = [st.sampled_from(f.options)] if f.options else []
    text: st.SearchStrategy[str] = st.one_of(
        *kept, *choices, NASTY, CONTROL, _long(f.maxlength), st.text(max_size=20)
    )
    if f.kind == "textarea":
        text = st.one_of(text, TEAM_LINES)
    if f.name.endswith("TOTAL_FORMS") or f.name.endswith("INITIAL_FORMS"):
        text = st.one_of(text, st.integers(-2, 1200).map(str))
    return text


def _upload(body: bytes) -> io.BytesIO:
    upload = io.BytesIO(body)
    upload.name = "deals.pbn"
    return upload


OMIT = object()


@st.composite
def form_data(draw: st.DrawFn, target: Target) -> dict[str, Any]:
    """A post of ``target``: each field kept as the page has it, changed, sent twice, or
    left out; sometimes a field the form does not have."""
    data: dict[str, Any] = {}
    for f in target.fields:
        how = draw(st.sampled_from(("page", "page", "fuzz", "fuzz", "twice", "omit")))
        if how == "omit":
            continue
        if how == "page" and f.kind != "file":
            if f.value is not None:
                data[f.name] = f.value
            elif f.options:
                data[f.name] = draw(st.sampled_from(f.options))
            continue
        value = draw(values_of(f))
        if how == "twice" and f.kind != "file":
            data[f.name] = [value, draw(values_of(f))]
        else:
            data[f.name] = value
    if draw(st.integers(0, 9)) == 0:
        data[
            draw(st.sampled_from(("form-99-player1", "action", "extra", "csrfmiddlewaretoken")))
        ] = draw(NASTY)
    return data


def post(world: World, target: Target, data: dict[str, Any]) -> int:
    """Post ``data`` to ``target`` as its user would; the answer's status."""
    client = _client(world, target.who, target.event, target.table)
    for value in data.values():  # a file is read once a post
        if isinstance(value, io.BytesIO):
            value.seek(0)
    return client.post(_current(target.action, target.event, target.table), data).status_code


def describe(target: Target, data: dict[str, Any]) -> str:
    shown = {k: (v if not isinstance(v, io.BytesIO) else "<file>") for k, v in data.items()}
    text = repr(shown)
    return f"{target}: {text[:600]}" + ("…" if len(text) > 600 else "")


# --- Every text field, one by one ----------------------------------------------------

# The controls that carry text (typed, or held by the page and posted back as it came).
TEXT_KINDS = frozenset(
    {"text", "textarea", "hidden", "search", "email", "tel", "url", "password", "number", "date"}
)
# What no database stores, sent to every text control; and what a one-line name must
# not hold, sent to those a person types in (a number or a date with a line break is
# read as a number or a date, or refused as one).
NUL = "\x00abc"
LINE_BREAK = "Hawks\r\nOwls"
TYPED_KINDS = frozenset({"text", "textarea", "search", "email", "tel", "url"})


def as_the_page_holds(target: Target) -> dict[str, Any]:
    """A post of ``target`` as its page holds it: each field's value, or its first choice."""
    data: dict[str, Any] = {}
    for f in target.fields:
        if f.kind == "file":
            data[f.name] = _upload(PBN_SAMPLE)
        elif f.value is not None:
            data[f.name] = f.value
        elif f.options and f.kind not in ("checkbox", "radio", "button"):
            data[f.name] = f.options[0]
    return data


def unstored_posts(targets: list[Target]) -> list[tuple[Target, dict[str, Any]]]:
    """Each form of ``targets`` as its page holds it but for one text field, holding a NUL,
    or a line break; one form of each shape (the same address but for the numbers in it,
    the same text fields: the same form of another event or table)."""
    shapes: dict[tuple, Target] = {}
    for t in targets:
        names = tuple(sorted(f.name for f in text_fields(t)))
        shapes.setdefault((t.who, re.sub(r"\d+", "N", t.action), names), t)
    posts = []
    for target in shapes.values():
        for f in text_fields(target):
            for value in (NUL, LINE_BREAK) if f.kind in TYPED_KINDS else (NUL,):
                posts.append((target, {**as_the_page_holds(target), f.name: value}))
    return posts


def text_fields(target: Target) -> list[Field]:
    return [f for f in target.fields if f.kind in TEXT_KINDS and f.name != "csrfmiddlewaretoken"]
