"""Clubs as tenants: one service hosts many clubs, and a director reaches his own club only.

Club A's director builds a rich world (the form fuzz's events, league and contest, and a
club's register with e-mails and phones, a season with a published and an unpublished
evening, an export, a table's call, a room display).  Every page he reaches is crawled;
then each page is opened by club B's director, and each form on them posted by B's
director, an anonymous visitor and a browser holding one of A's table links:

- what the public may not open, B may not either (403, 404 or the log-in page), and
  B's own pages of the club as a whole (his events, register, settings) show nothing
  of A's;
- a form of A's posted by anyone else is refused and leaves the database as it was;
- B's own pages (events, members, seasons, directors, settings, new event forms, the
  register's files) hold nothing of A's, and A's director accounts are not B's to manage;
- A's table and display links, and A's published results, still open for whoever has them;
- a site administrator makes a club with its first director (``site_clubs``), and the
  public front page and each club's page (``club_home``) show every club's published
  results and nothing else.

The crawl finds the pages and forms by itself (``httpfuzz.forms_on``), so a page or a
form added later is checked without a change here.  Each failure names the address,
the visitor and what he got, all of them at once.
"""

from __future__ import annotations

import io
import re
import time
import zipfile
from collections import Counter, deque
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test import Client
from django.urls import Resolver404, get_resolver, resolve, reverse

from tournament import jobs, services
from tournament.models import Club, ClubMovement, Contest, Event, League, Member, Season
from tournament.queries.club import short_code
from tournament.services import Actor, tablets
from tournament.services import display as display_service

from ..factories import make_contest, make_event
from . import httpfuzz
from .test_club_access import played  # an evening with every board played

User = get_user_model()
PASSWORD = "pw-tenants-1915"
PIN = "4271"

# Club A: its directors, its register (names, e-mails, phones), its evenings.
A_NAME = "Ashby Whist Club"
A_DIRECTOR, A_COLLEAGUE = "ashby-td", "ashby-deputy"
A_MEMBERS = [
    ("Philippa Quennell", "301", "p.quennell@ashby.example", "0113 496 0301"),
    ("Horace Vintry", "302", "h.vintry@ashby.example", "0113 496 0302"),
    ("Ermengarde Loxley", "303", "e.loxley@ashby.example", "0113 496 0303"),
]
A_GUEST = "Ottoline Crabbe"  # typed in at an evening: a guest on A's register
A_SEASON = "Ashby autumn season"
A_PUBLISHED, A_HIDDEN = "Ashby autumn night", "Ashby secret pairs"

# Club B: a director, a register and evenings of its own.
B_NAME = "Brook Auction Club"
B_DIRECTOR = "brook-td"
B_MEMBER = ("Barnaby Moss", "901", "b.moss@brook.example", "0161 496 0901")
B_GUEST = "Tobias Wren"
B_SEASON = "Brook spring season"
B_PUBLISHED, B_HIDDEN = "Brook spring night", "Brook private pairs"

# The crawl: what it never opens, and how long and how far it may go (it takes about
# ten seconds on a quiet machine).  The time cap cuts only the second helpings of a
# view: every kind of page is opened first, however slow the machine, so what the
# crawl reaches does not depend on how busy the cores are.
SKIPPED = ("/static/", "/logout/", "/admin/", "/login/")
CRAWL_SECONDS = 30
CRAWL_PAGES = 800
# At most this many addresses of one view naming the same kind of object: each view is
# opened for every kind of event (pairs, teams, a league's match, a contest's section,
# published or not), not for each of its forty boards.
PER_VIEW = 4

# Views whose address carries the credential itself: whoever holds the link may open it
# (a table's tablet, the room display); their forms are the table's, not a director's.
LINK_VIEWS = ("/t/", "/display/")
LOGIN = "/login/"


# --- The two clubs -----------------------------------------------------------------


def director_of(club: Club, name: str) -> Any:
    """A director (an active staff account, not a site administrator) of ``club``."""
    user = User.objects.create_user(name, password=PASSWORD, is_staff=True)
    club.directors.add(user)
    return user


@dataclass
class Clubs:
    a: Club
    b: Club
    a_td: Any
    a_colleague: Any
    b_td: Any
    a_published: Event
    a_hidden: Event
    b_published: Event
    b_hidden: Event
    a_season: Season
    b_season: Season
    world: httpfuzz.World | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def make_clubs(rich: bool = True) -> Clubs:
    """Club A and club B, each with a director, a register, a season with a published and
    an unpublished evening, and a room display for A's unpublished one; ``rich``: A's
    director also builds the form fuzz's world, an export, a table's call, a contest of
    two sessions and an evening with a table absent.

    A is the room's first club (``Club.first()``, the one the migrations made), renamed, as
    when a room's club becomes one of a service's: a page that falls back on the room's
    club then shows A's to B, and the test sees it."""
    a = Club.first()
    a.name, a.short_name = A_NAME, "Ashby"
    a.save()
    b = Club.objects.create(name=B_NAME, short_name="Brook")
    assert Club.first() == a and Club.objects.count() == 2
    a_td, a_colleague = director_of(a, A_DIRECTOR), director_of(a, A_COLLEAGUE)
    b_td = director_of(b, B_DIRECTOR)
    for name, number, email, phone in A_MEMBERS:
        Member.objects.create(club=a, name=name, number=number, email=email, phone=phone)
    name, number, email, phone = B_MEMBER
    Member.objects.create(club=b, name=name, number=number, email=email, phone=phone)
    a_season = Season.objects.create(club=a, name=A_SEASON, method="total")
    b_season = Season.objects.create(club=b, name=B_SEASON, method="total")
    a_names = {"1": ["301", "302"], "2": ["303", A_GUEST]}
    a_published = played(a_td, name=A_PUBLISHED, pair_names=a_names, season=a_season)
    services.set_published(a_published, True, by=Actor.director(a_td))
    a_hidden = played(a_td, name=A_HIDDEN, pair_names=a_names, season=a_season)
    b_names = {"1": ["901", B_GUEST]}
    b_published = played(b_td, name=B_PUBLISHED, pair_names=b_names, season=b_season)
    services.set_published(b_published, True, by=Actor.director(b_td))
    b_hidden = make_event(b_td, name=B_HIDDEN, pair_names=b_names, season=b_season)
    for event, club in ((a_published, a), (a_hidden, a), (b_published, b), (b_hidden, b)):
        assert event.club == club, event
    clubs = Clubs(
        a=a,
        b=b,
        a_td=a_td,
        a_colleague=a_colleague,
        b_td=b_td,
        a_published=a_published,
        a_hidden=a_hidden,
        b_published=b_published,
        b_hidden=b_hidden,
        a_season=a_season,
        b_season=b_season,
    )
    by = Actor.director(a_td)
    clubs.extra["display"] = display_service.display_link(a_hidden, by=by)
    if rich:
        clubs.world = httpfuzz.make_world(director=a_td, colleague=a_colleague)
        clubs.extra["export"] = jobs.start_export(a_published, by=by)
        jobs.run(clubs.extra["export"].pk)
        clubs.extra["call"] = tablets.call_director(a_hidden, 1, 1, note="Revoke at table 1")
        # A contest of two sessions (its seating page) and a table marked absent (its form).
        clubs.extra["sessions"] = make_contest(a_td, name="Ashby two sessions", sessions=2)
        absent = make_event(a_td, name="Ashby absent table")
        services.set_absent(absent, 1, 2, True, by=by)
        clubs.extra["absent"] = absent
        # The world's events (its league's and contest's among them) and A's evenings.
        assert Event.objects.filter(club=a).count() >= 14
    return clubs


def secrets_of(club: Club) -> list[str]:
    """What no page of another club's director may show: the club's members' names,
    e-mails and phones (guests too), the names of its evenings, leagues and contests the
    public does not see, its seasons, its directors' user names."""
    found = set()
    for row in Member.objects.filter(club=club).values_list("name", "email", "phone"):
        found.update(x for x in row if x)
    for event in Event.objects.filter(club=club).select_related("league", "contest"):
        if not event.is_public:
            found.add(event.name)
    for group in (League, Contest):
        found.update(
            group.objects.filter(club=club, published=False).values_list("name", flat=True)
        )
    found.update(Season.objects.filter(club=club).values_list("name", flat=True))
    found.update(club.directors.values_list("username", flat=True))
    return sorted(found)


def text_of(response: Any) -> str:
    """A response's text: a page, a CSV, or the XML parts of an XLSX."""
    body = b"".join(response.streaming_content) if response.streaming else response.content
    if body[:2] == b"PK":
        with zipfile.ZipFile(io.BytesIO(body)) as z:
            body = b"".join(z.read(n) for n in z.namelist() if n.endswith(".xml"))
    return body.decode("utf-8", "replace")


def shown(text: str, secrets: list[str]) -> list[str]:
    """Which of ``secrets`` the text shows (as written, or escaped in HTML or XML)."""
    plain = unescape(text)
    return [s for s in secrets if s in plain]


# --- Answers and who may have them --------------------------------------------------


@dataclass
class Answer:
    """The chain of (status, address, Location) a visitor got, redirects followed on the
    same site (at most five), and the last response."""

    chain: list[tuple[int, str, str]]
    last: Any

    @property
    def refused(self) -> bool:
        """A 403 or 404, or sent to the log-in page, before any page is shown."""
        for status, _url, location in self.chain:
            if status in (403, 404):
                return True
            if status in (301, 302, 303, 307, 308):
                if urlsplit(urljoin("/", location)).path == LOGIN:
                    return True
                continue
            return False
        return False

    @property
    def page(self) -> bool:
        """A page shown (200) at the end, not the log-in page."""
        status, url, _ = self.chain[-1]
        return status == 200 and urlsplit(url).path != LOGIN

    def __str__(self) -> str:
        return " -> ".join(f"{s} {u}" for s, u, _ in self.chain)


def answer(client: Client, method: str, url: str, data: dict | None = None) -> Answer:
    response = client.post(url, data or {}) if method == "POST" else client.get(url)
    chain = []
    for _ in range(5):
        location = response.get("Location", "")
        chain.append((response.status_code, url, location))
        if response.status_code not in (301, 302, 303, 307, 308) or not location:
            break
        url = urljoin(url, location)
        if urlsplit(url).netloc not in ("", "testserver"):
            break
        response = client.get(url)
    return Answer(chain, response)


def public(anonymous: Answer) -> bool:
    """The public's page: an anonymous visitor is shown it (a redirect to it counts)."""
    return anonymous.page and not anonymous.refused


# --- The fingerprint ----------------------------------------------------------------


def fingerprint() -> dict[str, list[tuple]]:
    """Every row of every model of the app with its many-to-many tables, and the accounts
    but for the last log-in time (a log-in writes it): what a refused form leaves as it
    was."""
    rows = {}
    for model in apps.get_app_config("tournament").get_models(include_auto_created=True):
        rows[model._meta.label] = [
            tuple(repr(v) if isinstance(v, (dict, list)) else v for v in row)  # JSON: hashable
            for row in model.objects.order_by("pk").values_list()
        ]
    rows["accounts"] = list(
        User.objects.order_by("pk").values_list(
            "pk", "username", "password", "is_active", "is_staff", "is_superuser"
        )
    )
    return rows


# A statement that changes rows of the app's tables or the accounts.
WRITE = re.compile(
    r"\s*(INSERT|UPDATE|DELETE|REPLACE)\b.*\b(tournament_\w+|auth_user)\b", re.I | re.S
)


class Writes:
    """The statements a request sent that change the app's rows or the accounts (Django's
    ``execute_wrapper``).  A post that sent none left every row as it was, so the rows
    need not be read again to say so; one that sent any is compared row by row
    (:func:`fingerprint`)."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if WRITE.match(sql):
            self.seen.append(sql)
        return execute(sql, params, many, context)


def changes(before: dict, after: dict) -> list[str]:
    """The tables whose rows differ, with how many rows went and came (a changed row
    is one of each)."""
    out = []
    for label in sorted(set(before) | set(after)):
        old, new = set(before.get(label, ())), set(after.get(label, ()))
        if old != new:
            out.append(f"{label}: -{len(old - new)} +{len(new - old)}")
    return out


def clubs_reached(snapshot: dict) -> dict[tuple[str, Any], set[int]]:
    """Each row's clubs: its ``club``, those its foreign keys lead to (an event's, a
    member's, a season's...) and, for an account, the clubs it directs."""
    models = {
        m._meta.label: m
        for m in apps.get_app_config("tournament").get_models(include_auto_created=True)
    }
    columns = {label: [f.attname for f in m._meta.concrete_fields] for label, m in models.items()}
    by_pk = {
        label: {row[0]: dict(zip(columns[label], row, strict=True)) for row in snapshot[label]}
        for label in models
    }
    directs: dict[Any, set[int]] = {}
    for row in by_pk[Club.directors.through._meta.label].values():
        directs.setdefault(row["user_id"], set()).add(row["club_id"])
    memo: dict[tuple[str, Any], set[int]] = {}

    def of(label: str, pk: Any) -> set[int]:
        if (label, pk) in memo:
            return memo[(label, pk)]
        memo[(label, pk)] = set()  # a cycle of keys ends here
        row = by_pk.get(label, {}).get(pk)
        found: set[int] = set()
        for f in models[label]._meta.concrete_fields if row is not None else ():
            value = row[f.attname]
            if not f.is_relation or value is None:
                continue
            if f.related_model is Club:
                found.add(value)
            elif f.related_model is User:
                found |= directs.get(value, set())
            elif f.related_model._meta.label in models:
                found |= of(f.related_model._meta.label, value)
        memo[(label, pk)] = found
        return found

    out = {(label, pk): of(label, pk) for label, rows in by_pk.items() for pk in rows}
    for row in snapshot["accounts"]:
        out[("accounts", row[0])] = directs.get(row[0], set())
    return out


def touched_clubs(before: dict, after: dict) -> set[int]:
    """The clubs of every row a post added, removed or changed (as it was and as it is)."""
    reached = {**clubs_reached(before), **clubs_reached(after)}
    found: set[int] = set()
    for label in set(before) | set(after):
        for row in set(before.get(label, ())) ^ set(after.get(label, ())):
            found |= reached.get((label, row[0]), set())
    return found


# --- The crawl ----------------------------------------------------------------------


class _Links(HTMLParser):
    """Every address a page leads to: its links, its forms' actions (a form without one
    posts to the page itself) and the addresses its script fetches (``data-poll``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            value = value or ""
            action = tag == "form" and name == "action"
            fetched = name.startswith("data-") and value.startswith("/")
            if action or name == "href" or fetched:
                self.found.append(value)


@dataclass(frozen=True)
class Form:
    page: str
    action: str
    fields: tuple[httpfuzz.Field, ...]


@dataclass
class Crawl:
    pages: dict[str, str] = field(default_factory=dict)  # address: its text, as he saw it
    forms: list[Form] = field(default_factory=list)
    seconds: float = 0.0
    capped: bool = False


def view_of(path: str) -> Any | None:
    try:
        return resolve(urlsplit(path).path)
    except Resolver404:
        return None


def club_wide(path: str) -> bool:
    """A page of the club as a whole (the event list, the register, the settings, a new
    event): each director opens it for his own club; no object's key in its address."""
    match = view_of(path)
    return match is not None and not (set(match.kwargs) - {"fmt"})


def link_view(path: str) -> bool:
    return urlsplit(path).path.startswith(LINK_VIEWS)


# The view (the start of its name) whose ``pk`` names an object of another model than an
# event, and that model.
OBJECTS: tuple[tuple[str, Any], ...] = (
    ("director_account", User),
    ("director_member", Member),
    ("director_movement", ClubMovement),
    ("member_page", Member),
    ("director_season", Season),
    ("season_", Season),
    ("director_league", League),
    ("league_", League),
    ("director_contest", Contest),
    ("contest_", Contest),
    ("club_", Club),
)


def clubs_named(path: str) -> set[int]:
    """The clubs of the object an address names by its ``pk`` (an event, a member, a
    season, a league, a contest, a director's account, a club); none for other
    addresses."""
    match = view_of(path)
    if match is None or "pk" not in match.kwargs:
        return set()
    pk = match.kwargs["pk"]
    model = next((m for start, m in OBJECTS if match.url_name.startswith(start)), Event)
    if model is User:
        return set(Club.objects.filter(directors=pk).values_list("pk", flat=True))
    if model is Club:
        return set(Club.objects.filter(pk=pk).values_list("pk", flat=True))
    return set(model.objects.filter(pk=pk).values_list("club_id", flat=True))


def _same_site(base: str, href: str) -> str | None:
    href = href.strip()
    if href.startswith(("#", "mailto:", "tel:", "javascript:", "data:")):
        return None
    url, _ = urldefrag(urljoin(base, href))
    parts = urlsplit(url)
    if parts.scheme not in ("", "http", "https") or parts.netloc not in ("", "testserver"):
        return None
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    if path.startswith(SKIPPED) or view_of(path) is None:
        return None
    return path


def _shape(path: str) -> tuple:
    """A view, what kind of event its address names, and its query's keys (PER_VIEW)."""
    match = view_of(path)
    kind: tuple = ()
    if match is not None and "pk" in match.kwargs and "/events/" in path:
        event = Event.objects.filter(pk=match.kwargs["pk"]).first()
        if event is not None:
            kind = (event.form, event.published, event.league_id is None, event.contest_id)
    query = urlsplit(path).query
    keys = tuple(sorted(p.split("=", 1)[0] for p in query.split("&") if p))
    return (match.url_name if match else path, kind, keys)


def crawl(client: Client, starts: list[str]) -> Crawl:
    """Every page ``client`` reaches from ``starts``, following links and form actions on
    the same site, and the post forms on them (each once, by address and fields).

    The starts first, then the addresses of a view (and kind of event) not yet opened,
    then the others, each in the order found.  The time cap applies only to the others:
    a crawl cut short by it has still opened every kind of page."""
    out = Crawl()
    begun = time.monotonic()
    first, later = deque(dict.fromkeys(starts)), deque()
    seen = set(first)
    per_view: Counter = Counter()
    shapes: dict[str, tuple] = {}
    forms: dict[tuple, Form] = {}

    def shape_of(url: str) -> tuple:
        if url not in shapes:
            shapes[url] = _shape(url)
        return shapes[url]

    def follow(base: str, href: str) -> None:
        target = _same_site(base, href)
        if target and target not in seen:
            seen.add(target)
            (later if per_view[shape_of(target)] else first).append(target)

    while first or later:
        late = not first and time.monotonic() - begun > CRAWL_SECONDS
        if late or len(out.pages) >= CRAWL_PAGES:
            out.capped = True
            break
        url = (first or later).popleft()
        shape = shape_of(url)
        if per_view[shape] >= PER_VIEW and url not in starts:
            continue
        response = client.get(url)
        if response.status_code in (301, 302, 303):
            out.pages[url] = ""  # an address he opens, leading on (a short link, a form's)
            follow(url, response["Location"])
            continue
        if response.status_code != 200:
            continue
        per_view[shape] += 1
        out.pages[url] = text_of(response)
        if "text/html" not in response.get("Content-Type", ""):
            continue
        parser = _Links()
        parser.feed(out.pages[url])
        for href in parser.found:
            follow(url, href or url)
        for action, fields in httpfuzz.forms_on(out.pages[url], url):
            target = _same_site(url, action)
            if target is not None:
                forms.setdefault(
                    (target, tuple(sorted(f.name for f in fields))), Form(url, target, fields)
                )
    out.forms = list(forms.values())
    out.seconds = time.monotonic() - begun
    return out


def page_values(form: Form) -> dict[str, Any]:
    """What a browser sends for the form as the page holds it, its first button pressed:
    each field's value, a select's chosen (or first) option, the checked boxes; no file."""
    data: dict[str, Any] = {}
    pressed = False
    for f in form.fields:
        if f.name == "csrfmiddlewaretoken" or f.kind == "file":
            continue
        if f.kind == "button":
            if not pressed and f.options:
                data[f.name] = f.options[0]
                pressed = True
        elif f.kind in ("checkbox", "radio"):
            if f.value is not None:
                data[f.name] = f.value
        elif f.kind == "select":
            value = f.value if f.value is not None else (f.options[0] if f.options else None)
            if value is not None:
                data[f.name] = value
        elif f.value is not None:
            data[f.name] = f.value
    return data


def table_link_client(event: Event, by: Any) -> Client:
    """A browser that opened table 1's link of ``event`` and gave its PIN: the tablet's
    session (its PIN's mark in the session)."""
    client = Client(raise_request_exception=False)
    link = tablets.link_for(event, 1)
    tablets.set_pin(link, PIN, by=Actor.director(by))
    home = reverse("scorer_home", args=[link.token])
    assert client.post(home, {"pin": PIN}).status_code == 302
    assert client.get(home).status_code == 200
    return client


def logged_in(client: Client, user: Any) -> Client:
    client.force_login(user)
    return client


def logs_in(client: Client, username: str, password: str) -> bool:
    """Through the log-in page, as a director would (the log-in limit applies)."""
    r = client.post(reverse("login"), {"username": username, "password": password})
    return r.status_code == 302


# --- 1 and 2: the crawl, and every cell --------------------------------------------


@pytest.mark.django_db
def test_another_clubs_director_reaches_nothing_the_public_may_not_see():
    """Every page A's director reaches, opened by B's director; every form on them posted
    by B's director, an anonymous visitor and A's table link."""
    c = make_clubs()
    assert c.world is not None
    desk = logged_in(Client(raise_request_exception=False), c.a_td)
    # The director's event list, every page of the fuzz's world (a table's too: the director
    # holds its link), and what no page links: a published evening's display (opened by
    # address) and a pair's short link (printed on its score card).
    pair = c.a_published.pair_set.get(label="1")
    starts = [reverse("director_events")]
    starts += [page for _, page, _, _ in c.world.pages]
    starts += [
        reverse("director_members"),
        reverse("director_seasons"),
        reverse("director_club"),
        reverse("director_event", args=[c.a_hidden.pk]),
        reverse("director_event", args=[c.extra["absent"].pk]),
        reverse("director_export", args=[c.a_published.pk]),
        reverse("director_contest", args=[c.extra["sessions"].pk]),
        reverse("event_display", args=[c.a_published.pk]),
        reverse("short_link", args=[short_code(pair.pk)]),
    ]
    found = crawl(desk, starts)
    print(
        f"\ncrawl: {len(found.pages)} pages, {len(found.forms)} forms in {found.seconds:.1f} s"
        + (" (capped)" if found.capped else "")
    )
    # The crawl reaches every kind of A's objects (it cannot pass by finding none).
    paths = {urlsplit(p).path for p in found.pages}
    actions = {f.action for f in found.forms}
    members = {m.pk for m in Member.objects.filter(club=c.a)}
    assert {
        view_of(p).kwargs.get("pk") for p in paths if p.startswith("/director/members/")
    } & members
    for name, args in (
        ("director_season", [c.a_season.pk]),
        ("director_account_password", [c.a_colleague.pk]),
        ("director_event", [c.a_hidden.pk]),
        ("director_export_file", [c.a_published.pk, c.extra["export"].pk]),
        ("director_member_download", ["csv"]),
        ("director_contest_seat", [c.extra["sessions"].pk, 2]),
        ("event_display", [c.a_published.pk]),
    ):
        assert reverse(name, args=args) in paths, (name, sorted(paths))
    absent = c.extra["absent"].pk
    assert any(a.startswith(f"/director/events/{absent}/rounds/1/tables/2/") for a in actions)
    assert any(p.startswith("/t/") and p.endswith("/auction/") for p in paths)
    for start in ("/display/", "/t/", "/director/leagues/", "/director/contests/"):
        assert any(p.startswith(start) for p in paths), (start, sorted(paths))
    for name, args in (
        ("director_answer_call", [c.a_hidden.pk, c.extra["call"].pk]),
        ("director_account_remove", [c.a_colleague.pk]),
        ("director_season", [c.a_season.pk]),
    ):
        assert reverse(name, args=args) in actions, (name, sorted(actions))
    assert any(a.startswith("/director/members/") and a.endswith("/remove/") for a in actions)
    assert len(found.pages) >= 200 and len(found.forms) >= 100
    reached = {view_of(p).url_name for p in [*found.pages, *actions]}
    named = {getattr(p, "name", None) for p in get_resolver().url_patterns} - {None}
    never = sorted(named - reached)
    print(f"views the crawl never reached: {', '.join(never)}")

    anonymous = Client(raise_request_exception=False)
    other = Client(raise_request_exception=False)
    tablet = table_link_client(c.a_hidden, c.a_td)
    secrets_a, secrets_b = secrets_of(c.a), secrets_of(c.b)
    cells: Counter = Counter()
    reaches: list[str] = []

    # GET.  Where the public is refused, B is refused too; B's own pages of the club as a
    # whole show nothing of A's; and A's pages show nothing of B's (the crawl is A's).
    for url, text in found.pages.items():
        anon = answer(anonymous, "GET", url)
        cells["GET anonymous"] += 1
        if public(anon):
            # The public's page: anyone may open it, and B sees no more of A's there than
            # the public does.
            mine = answer(logged_in(other, c.b_td), "GET", url)
            cells["GET B's director"] += 1
            to_public = set(shown(text_of(anon.last), secrets_a))
            if more := set(shown(text_of(mine.last), secrets_a)) - to_public:
                reaches.append(f"GET {url}: B's director is shown more of A's: {sorted(more)}")
            continue
        cells["GET A's director (nothing of B's)"] += 1
        if leaked := shown(text, [s for s in secrets_b if s not in url]):
            reaches.append(f"GET {url}: A's director is shown B's {leaked}")
        if clubs_named(url) == {c.b.pk}:
            # B's own object (his account on A's Directors page): A reached it, said above.
            reaches.append(f"GET {url}: A's director opened an object of club B's")
            continue
        mine = answer(logged_in(other, c.b_td), "GET", url)
        cells["GET B's director"] += 1
        if club_wide(url):
            if mine.page and (leaked := shown(text_of(mine.last), secrets_a)):
                reaches.append(f"GET {url}: B's director's own page shows A's {leaked}")
        elif not mine.refused:
            reaches.append(f"GET {url}: B's director got {mine}")
    other.force_login(c.b_td)
    assert other.get(reverse("director_events")).status_code == 200  # B was logged in

    # POST.  Each of A's forms with the values its page held, by B's director, an anonymous
    # visitor and A's table link; each post in a savepoint rolled back after it, so every
    # post meets the same world (and a leak does not hide the next).  Refused, and the
    # database as it was; B's own club-wide forms (a new event, a member, his settings)
    # may act, on his club only.
    before = fingerprint()
    for form in found.forms:
        if link_view(form.action):
            continue  # the table's or the display's own form: the link is its credential
        data = page_values(form)
        wide, named = club_wide(form.action), clubs_named(form.action)
        visitors = [("anonymous", anonymous), ("A's table link", tablet)]
        if named != {c.b.pk}:  # not B's own account (A's Directors page lists it today)
            visitors.insert(0, ("B's director", other))
        for who, client in visitors:
            with transaction.atomic():
                if who == "B's director":
                    client.force_login(c.b_td)  # in the savepoint: its session goes with it
                writes = Writes()
                with connection.execute_wrapper(writes):
                    got = answer(client, "POST", form.action, data)
                after = fingerprint() if writes.seen else before
                transaction.set_rollback(True)
            cells[f"POST {who}"] += 1
            where = f"POST {form.action} (a form of {form.page}) by {who}"
            if who == "B's director" and wide:
                if c.a.pk in touched_clubs(before, after):
                    reaches.append(f"{where}: changed A's rows: {changes(before, after)}")
                continue
            if not got.refused:
                reaches.append(f"{where}: got {got}")
            if after != before:
                reaches.append(f"{where}: the database changed: {changes(before, after)}")
    assert fingerprint() == before

    total = sum(cells.values())
    print(f"cells: {total} ({', '.join(f'{k}: {n}' for k, n in cells.items())})")
    print(f"reaches: {len(reaches)}" + "".join(f"\n  {line}" for line in reaches))
    assert not reaches, f"{len(reaches)} reaches in {total} cells:\n" + "\n".join(reaches)


# --- 3: B's own pages show nothing of A's -----------------------------------------


@pytest.mark.django_db
def test_a_directors_own_pages_show_nothing_of_another_club():
    c = make_clubs()
    secrets = secrets_of(c.a)
    assert {A_DIRECTOR, A_COLLEAGUE, A_HIDDEN, A_GUEST, A_MEMBERS[0][2]} <= set(secrets)
    b = logged_in(Client(raise_request_exception=False), c.b_td)
    pages = [
        reverse("director_events"),
        reverse("director_members"),
        reverse("director_members") + "?q=301",  # A's member's number
        reverse("director_members") + "?q=Quennell",
        reverse("director_member_import"),
        reverse("director_member_download", args=["csv"]),
        reverse("director_member_download", args=["xlsx"]),
        reverse("director_seasons"),
        reverse("director_season", args=[c.b_season.pk]),
        reverse("director_accounts"),
        reverse("director_club"),
        reverse("password_change"),
        reverse("director_event_create"),
        reverse("director_contest_create"),
        reverse("director_league_create"),
        reverse("director_event", args=[c.b_hidden.pk]),
        reverse("director_players", args=[c.b_hidden.pk]),
    ]
    failures = []
    for url in pages:
        r = b.get(url)
        if r.status_code != 200:
            failures.append(f"{url}: {r.status_code}")
        elif leaked := shown(text_of(r), [s for s in secrets if s not in url]):
            failures.append(f"{url} shows A's {leaked}")

    # B's own forms given the keys of A's objects (as an altered page would send them):
    # A's evening into B's season, B's guest merged into A's member.  Nothing of A's moves.
    guest = Member.objects.get(club=c.b, name=B_GUEST)
    a_member = Member.objects.get(club=c.a, number="301")
    for url, data in (
        (
            reverse("director_season", args=[c.b_season.pk]),
            {"events": "1", "pick": [str(c.b_published.pk), str(c.a_published.pk)]},
        ),
        (
            reverse("director_member_action", args=[guest.pk, "merge"]),
            {"into": str(a_member.pk)},
        ),
    ):
        before = fingerprint()
        b.post(url, data)
        if c.a.pk in touched_clubs(before, fingerprint()):
            failures.append(f"POST {url} {data}: changed A's rows")

    # A's director accounts are not B's to reset or remove: they do not exist for him.
    for target in (c.a_td, c.a_colleague):
        reset = reverse("director_account_password", args=[target.pk])
        new = {"new_password1": "pw-Taken-over-1", "new_password2": "pw-Taken-over-1"}
        remove = reverse("director_account_remove", args=[target.pk])
        for method, url, data in (
            ("GET", reset, None),
            ("POST", reset, new),
            ("POST", remove, None),
        ):
            r = b.post(url, data or {}) if method == "POST" else b.get(url)
            if r.status_code != 404:
                failures.append(f"{method} {url} ({target.username}): {r.status_code}, not 404")
            b.force_login(c.b_td)  # a password reset may have ended his session
        target.refresh_from_db()
        if not (target.is_active and target.check_password(PASSWORD)):
            failures.append(f"{target.username}: removed or given a new password by B")
    # Removing a director hands his events to the one who removed him.
    if owned := list(Event.objects.filter(club=c.a, owner=c.b_td).values_list("name", flat=True)):
        failures.append(f"A's events passed to B's director: {owned}")
    assert not failures, "\n".join(failures)


# --- 4: links and published results still open ----------------------------------------


@pytest.mark.django_db
def test_table_and_display_links_and_published_results_open_for_whoever_has_them():
    c = make_clubs(rich=False)
    # An evening of A's in play: its table's link and its room display, each opened by a
    # browser that never logged in.
    tonight = make_event(c.a_td, name="Ashby tonight")
    token = tablets.link_for(tonight, 1).token
    fresh = Client()
    assert fresh.get(reverse("scorer_home", args=[token])).status_code == 200
    assert fresh.get(reverse("scorer_board", args=[token, 1])).status_code == 200
    shown_link = display_service.display_link(tonight, by=Actor.director(c.a_td))
    for event, link in ((tonight, shown_link), (c.a_hidden, c.extra["display"])):
        display = Client().get(reverse("room_display", args=[link]))
        assert display.status_code == 200 and event.name in display.content.decode()

    member = Member.objects.get(club=c.a, number="301")
    published = [
        reverse("event_standings", args=[c.a_published.pk]),
        reverse("event_pair", args=[c.a_published.pk, "1"]),
        reverse("event_traveller", args=[c.a_published.pk, 1]),
        reverse("event_download", args=[c.a_published.pk, "standings-csv"]),
        reverse("season_standings", args=[c.a_season.pk]),
        reverse("member_page", args=[member.pk]),
        reverse("event_standings", args=[c.b_published.pk]),
    ]
    # Each visitor, and the unpublished evenings that are not his to see.
    for who, client, not_his in (
        ("anonymous", Client(), (c.a_hidden, c.b_hidden)),
        ("B's director", logged_in(Client(), c.b_td), (c.a_hidden,)),
        ("A's director", logged_in(Client(), c.a_td), (c.b_hidden,)),
        ("a table link", table_link_client(c.a_hidden, c.a_td), (c.a_hidden, c.b_hidden)),
    ):
        for url in published:
            assert client.get(url).status_code == 200, (who, url)
        page = client.get(reverse("event_standings", args=[c.a_published.pk])).content.decode()
        assert A_PUBLISHED in page and "Philippa Quennell" in page, who
        assert "p.quennell@ashby.example" not in page
        for hidden in not_his:
            url = reverse("event_standings", args=[hidden.pk])
            assert client.get(url).status_code == 404, (who, url)


# --- 5: the site administrator, the front page, each club's page -------------------------


NEW_CLUB = {
    "name": "Carrow Bridge Circle",
    "short_name": "Carrow",
    "time_zone": "Europe/London",
    "username": "carrow-td",
    "password1": "Quiet-lantern-1915",
    "password2": "Quiet-lantern-1915",
}


@pytest.mark.django_db
def test_a_site_administrator_makes_a_club_and_its_first_director():
    c = make_clubs(rich=False)
    url = "/site/clubs/"
    assert reverse("site_clubs") == url
    admin = User.objects.create_superuser("site-admin", "admin@service.example", PASSWORD)
    site = logged_in(Client(), admin)
    page = site.get(url)
    assert page.status_code == 200
    assert A_NAME in page.content.decode() and B_NAME in page.content.decode()

    # Anyone else is refused, and makes no club: a club's directors, a logged-in account
    # that directs nothing (403); a visitor and a table's link (the log-in page).
    plain = User.objects.create_user("not-a-director", password=PASSWORD)
    for who, client, status in (
        ("A's director", logged_in(Client(), c.a_td), 403),
        ("B's director", logged_in(Client(), c.b_td), 403),
        ("an account", logged_in(Client(), plain), 403),
        ("anonymous", Client(), 302),
        ("a table link", table_link_client(c.a_hidden, c.a_td), 302),
    ):
        for method in ("GET", "POST"):
            r = client.post(url, NEW_CLUB) if method == "POST" else client.get(url)
            assert r.status_code == status, (who, method, r.status_code)
            if status == 302:
                assert urlsplit(r["Location"]).path == LOGIN, (who, method, r["Location"])
        assert not Club.objects.filter(name=NEW_CLUB["name"]).exists(), who
        assert not User.objects.filter(username=NEW_CLUB["username"]).exists(), who

    r = site.post(url, NEW_CLUB)
    assert r.status_code in (200, 302), r.status_code
    club = Club.objects.get(name=NEW_CLUB["name"])
    assert (club.short_name, club.time_zone) == ("Carrow", "Europe/London")
    first = User.objects.get(username=NEW_CLUB["username"])
    assert first.is_active and first.is_staff and not first.is_superuser
    assert list(club.directors.all()) == [first]
    assert list(first.clubs.all()) == [club]

    # He logs in with the password chosen for him and finds an empty club of his own.
    carrow = Client()
    assert logs_in(carrow, NEW_CLUB["username"], NEW_CLUB["password1"])
    others = secrets_of(c.a) + secrets_of(c.b) + [A_PUBLISHED, B_PUBLISHED, A_NAME, B_NAME]
    for name in (
        "director_events",
        "director_members",
        "director_seasons",
        "director_accounts",
        "director_club",
        "director_event_create",
    ):
        r = carrow.get(reverse(name))
        assert r.status_code == 200, name
        assert not shown(text_of(r), others), (name, shown(text_of(r), others))
    assert NEW_CLUB["name"] in carrow.get(reverse("director_club")).content.decode()
    assert carrow.get(reverse("site_clubs")).status_code == 403
    assert carrow.get(reverse("director_event", args=[c.a_hidden.pk])).status_code == 404
    assert carrow.get(reverse("director_event", args=[c.b_hidden.pk])).status_code == 404


@pytest.mark.django_db
def test_a_director_added_on_the_directors_page_is_his_clubs_and_no_site_administrator():
    """A director adds another on the Directors page: the new one is a director of that
    club only, neither a site administrator (``site_clubs``) nor an admin of every club's
    records (the admin's member list holds every club's e-mails and phones)."""
    c = make_clubs(rich=False)
    b = logged_in(Client(), c.b_td)
    pw = "Amber-harbour-1915"
    new = {"username": "brook-deputy", "password1": pw, "password2": pw}
    assert b.post(reverse("director_accounts"), new).status_code == 302
    deputy = User.objects.get(username="brook-deputy")
    assert list(deputy.clubs.all()) == [c.b]
    assert deputy.is_staff and deputy.is_active and not deputy.is_superuser
    client = Client()
    assert logs_in(client, "brook-deputy", pw)
    assert client.get(reverse("site_clubs")).status_code == 403
    # The admin (every club's members) sends him to its own log-in page, as anyone not
    # its site administrator.
    admin = client.get("/admin/tournament/member/")
    assert admin.status_code == 302 and admin["Location"].startswith("/admin/login/")
    members = client.get(reverse("director_members")).content.decode()
    assert B_MEMBER[0] in members and A_MEMBERS[0][0] not in members


@pytest.mark.django_db
def test_the_front_page_lists_every_club_and_each_club_has_its_page():
    c = make_clubs(rich=False)
    for who, client in (("anonymous", Client()), ("B's director", logged_in(Client(), c.b_td))):
        home = client.get(reverse("home")).content.decode()
        assert A_NAME in home and B_NAME in home, who
        for club in (c.a, c.b):
            assert f"/clubs/{club.pk}/" in home, (who, club)  # a link to the club's page
        assert reverse("club_home", args=[c.a.pk]) == f"/clubs/{c.a.pk}/"
        for club, mine, theirs in (
            (c.a, (A_PUBLISHED, A_SEASON), (B_PUBLISHED, B_SEASON)),
            (c.b, (B_PUBLISHED, B_SEASON), (A_PUBLISHED, A_SEASON)),
        ):
            r = client.get(reverse("club_home", args=[club.pk]))
            assert r.status_code == 200, (who, club)
            page = r.content.decode()
            for text in mine:
                assert text in page, (who, club, text)
            # Another club's evenings and seasons, and nobody's unpublished one or contacts.
            for text in (*theirs, A_HIDDEN, B_HIDDEN, A_MEMBERS[0][2], B_MEMBER[2]):
                assert text not in page, (who, club, text)
    assert Client().get(reverse("club_home", args=[c.b.pk + 100])).status_code == 404


@pytest.mark.django_db
def test_the_write_detector_sees_every_change_a_post_could_make():
    """The crawl skips reading every row again after a post that sent no write: the
    detector must see the ORM's writes to the app's tables and to the accounts."""
    club = Club.first()
    user = User.objects.create_user("detector-td", is_staff=True)
    for change in (
        lambda: Club.objects.filter(pk=club.pk).update(name="Renamed"),
        lambda: Member.objects.create(club=club, name="New Member"),
        lambda: Member.objects.filter(club=club).delete(),
        lambda: User.objects.filter(pk=user.pk).update(is_active=False),
    ):
        writes = Writes()
        with connection.execute_wrapper(writes):
            change()
        assert writes.seen
    writes = Writes()
    with connection.execute_wrapper(writes):
        list(Club.objects.all())
        list(Member.objects.filter(club=club))
    assert writes.seen == []
