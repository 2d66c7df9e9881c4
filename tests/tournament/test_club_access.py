"""Who reaches the club's pages and files: anonymous, a table's link, a director; and a
member's e-mail and phone never on a public page, export or USEBIO file."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.movements import build
from scoring.movements.custom import to_csv
from tournament import services
from tournament.exports.registry import EXPORT_FORMATS
from tournament.models import Club, ClubMovement, Member, Season, Seating
from tournament.queries.club import short_code
from tournament.services import Actor, tablets

from ..factories import enter, make_event

EMAIL, PHONE = "jane.secret@example.org", "0999 777 123"
LINES = ["4H S 10", "2S N 8", "1NT E 7", "3C W 9", "4H S 9", "2S N 9", "1NT E 6"]


def played(owner, **fields):
    """An event with every board played at every table (a different line at each)."""
    event = make_event(owner, **fields)
    n = 0
    for s in Seating.objects.filter(event=event).exclude(ns=None).exclude(ew=None):
        for board in s.board_numbers:
            enter(event, board, s.round, s.table, LINES[n % len(LINES)])
            n += 1
    for rnd in event.round_set.values_list("number", flat=True):
        services.close_round(event, rnd, by=Actor.director(owner))
    return event


@pytest.fixture
def td(db):
    user = get_user_model().objects.create_user("td", password="pw-td-1915", is_staff=True)
    Club.first().directors.add(user)  # a director of the room's club, as when it has several
    return user


@pytest.fixture
def setting(td):
    """A published evening where Jane Alden (with e-mail and phone) played, in a season,
    and an unpublished one."""
    club = Club.first()
    Member.objects.create(club=club, name="Jane Alden", number="123", email=EMAIL, phone=PHONE)
    season = Season.objects.create(club=club, name="Autumn", method="total")
    names = {"1": ["123", "Tom Hale"]}
    published = played(td, pair_names=names, season=season)
    services.set_published(published, True, by=Actor.director(td))
    hidden = played(td, pair_names=names, name="Not yet")
    own = ClubMovement.objects.create(
        club=club, name="Our Howell", csv=to_csv(build("howell-3", 2)), created_by=td
    )
    return {
        "movement": own,
        "club": club,
        "member": Member.objects.get(number="123"),
        "season": season,
        "published": published,
        "hidden": hidden,
    }


def club_pages(s):
    m = s["member"].pk
    return [
        ("director_members", []),
        ("director_member", [m]),
        ("director_member_import", []),
        ("director_member_download", ["xlsx"]),
        ("director_member_download", ["csv"]),
        ("director_club", []),
        ("director_seasons", []),
        ("director_season", [s["season"].pk]),
        ("director_movements", []),
        ("director_movement_download", [s["movement"].pk]),
    ]


def table_link_client(client, event):
    """A browser that has opened a table's link (no PIN): the tablet's session."""
    link = tablets.link_for(event, 1)
    assert client.get(reverse("scorer_home", args=[link.token])).status_code == 200
    return client


def test_club_pages_need_a_director(client, setting):
    for name, args in club_pages(setting):
        r = client.get(reverse(name, args=args))
        assert r.status_code == 302 and "/login/" in r["Location"], name
    table_link_client(client, setting["published"])
    for name, args in club_pages(setting):
        r = client.get(reverse(name, args=args))
        assert r.status_code == 302 and "/login/" in r["Location"], name
    r = client.post(reverse("director_member_action", args=[setting["member"].pk, "remove"]))
    assert r.status_code == 302 and Member.objects.filter(pk=setting["member"].pk).exists()


def test_a_logged_in_non_director_is_refused(client, setting):
    user = get_user_model().objects.create_user("visitor", password="pw-visitor-1915")
    client.force_login(user)
    for name, args in club_pages(setting):
        assert client.get(reverse(name, args=args)).status_code == 403, name


def test_the_director_sees_the_register_with_contact_details(client, td, setting):
    client.force_login(td)
    for name, args in club_pages(setting):
        assert client.get(reverse(name, args=args)).status_code == 200, name
    assert EMAIL in client.get(reverse("director_members")).content.decode()
    page = client.get(reverse("director_member", args=[setting["member"].pk])).content.decode()
    assert EMAIL in page and PHONE in page and "Not yet" in page  # unpublished evenings too
    assert EMAIL.encode() in client.get(reverse("director_member_download", args=["csv"])).content
    mail = reverse("director_mail", args=[setting["published"].pk])
    assert client.get(mail).status_code == 200


def test_another_clubs_member_does_not_exist_for_this_director(client, td, setting):
    other = Club.objects.create(name="Elsewhere", short_name="Else")
    stranger = Member.objects.create(club=other, name="Stranger")
    client.force_login(td)
    assert client.get(reverse("director_member", args=[stranger.pk])).status_code == 404


def test_another_clubs_movement_does_not_exist_for_this_director(client, td, setting):
    other = Club.objects.create(name="Elsewhere", short_name="Else")
    theirs = ClubMovement.objects.create(
        club=other, name="Their Howell", csv=to_csv(build("howell-2", 2))
    )
    client.force_login(td)
    assert client.get(reverse("director_movement_download", args=[theirs.pk])).status_code == 404
    page = client.get(reverse("director_movements")).content.decode()
    assert "Our Howell" in page and "Their Howell" not in page
    # The library's CSV is for the club's directors too.
    library = reverse("director_movement_library") + "?name=howell-3&boards_per_round=2"
    assert client.get(library).content.decode() == to_csv(build("howell-3", 2))
    client.logout()
    r = client.get(library)
    assert r.status_code == 302 and "/login/" in r["Location"]


def public_urls(s):
    p, season = s["published"], s["season"]
    pair = p.pair_set.get(label="1")
    return [
        reverse("home"),
        reverse("events"),
        reverse("member_page", args=[s["member"].pk]),
        reverse("season_standings", args=[season.pk]),
        reverse("season_download", args=[season.pk, "xlsx"]),
        reverse("season_download", args=[season.pk, "csv"]),
        reverse("event_standings", args=[p.pk]),
        reverse("event_pair", args=[p.pk, "1"]),
        reverse("short_link", args=[short_code(pair.pk)]),
        *(reverse("event_download", args=[p.pk, fmt]) for fmt in EXPORT_FORMATS),
    ]


@pytest.mark.parametrize("who", ["anonymous", "table", "director"])
def test_contact_details_never_on_a_public_page_or_file(client, td, setting, who):
    if who == "table":
        table_link_client(client, setting["hidden"])
    elif who == "director":
        client.force_login(td)
    for url in public_urls(setting):
        r = client.get(url)
        assert r.status_code in (200, 302), url
        body = r.content
        assert EMAIL.encode() not in body and PHONE.encode() not in body, url
        assert b"jane.secret" not in body, url
    member_page = client.get(reverse("member_page", args=[setting["member"].pk])).content.decode()
    assert "Jane Alden" in member_page and "Tom Hale" in member_page
    if who != "director":
        assert "Not yet" not in member_page  # the public sees published evenings only


def test_unpublished_evenings_stay_private(client, setting):
    hidden = setting["hidden"]
    pair = hidden.pair_set.get(label="1")
    assert client.get(reverse("short_link", args=[short_code(pair.pk)])).status_code == 404
    assert client.get(reverse("short_link", args=["not-base36!"])).status_code == 404
    Member.objects.create(club=setting["club"], name="Never Played")
    lonely = Member.objects.get(name="Never Played")
    assert client.get(reverse("member_page", args=[lonely.pk])).status_code == 404
    assert (
        client.get(reverse("season_download", args=[setting["season"].pk, "pdf"])).status_code
        == 404
    )
    season = client.get(reverse("season_standings", args=[setting["season"].pk])).content.decode()
    assert "Not yet" not in season


def test_short_link_leads_to_the_score_card(client, setting):
    pair = setting["published"].pair_set.get(label="1")
    r = client.get(reverse("short_link", args=[short_code(pair.pk)]))
    assert r.status_code == 302
    assert r["Location"] == reverse("event_pair", args=[setting["published"].pk, "1"])
    assert int(short_code(pair.pk), 36) == pair.pk


def test_the_mail_page_is_the_clubs_directors_only(client, td, setting):
    url = reverse("director_mail", args=[setting["published"].pk])
    r = client.get(url)
    assert r.status_code == 302 and "/login/" in r["Location"]
    table_link_client(client, setting["published"])
    assert client.get(url).status_code == 302
    colleague = get_user_model().objects.create_user(
        "colleague", password="pw-c-1915", is_staff=True
    )
    Club.first().directors.add(colleague)
    client.force_login(colleague)
    assert client.get(url).status_code == 200  # the club's rota: any of its directors
    other = get_user_model().objects.create_user("other", password="pw-other-1915", is_staff=True)
    Club.objects.create(name="Another club", short_name="Another").directors.add(other)
    client.force_login(other)
    assert client.get(url).status_code == 404  # another club's event does not exist
    assert client.post(url).status_code == 404


def test_tonights_results_on_the_table_cards_and_at_the_end_on_the_display(client, td, setting):
    from tournament.services import display as display_module

    event = setting["published"]
    standings = reverse("event_standings", args=[event.pk])
    client.force_login(td)
    cards = client.get(reverse("director_tables", args=[event.pk])).content.decode()
    # Each of the three tables' cards: its scoring link's code and tonight's results'.
    assert cards.count("<svg") == 2 * 3
    assert cards.count(f"<code>http://testserver{standings}</code>") == 3
    client.logout()
    token = display_module.display_link(event, by=Actor.director(td))
    page = client.get(reverse("room_display", args=[token]) + "?fragment=1").content.decode()
    assert "Tonight's results" in page and "<svg" in page  # every round played, published
    hidden = setting["hidden"]
    token = display_module.display_link(hidden, by=Actor.director(td))
    page = client.get(reverse("room_display", args=[token]) + "?fragment=1").content.decode()
    assert "Tonight's results" not in page  # not published: no code to a page that is not
    assert EMAIL not in page


def test_the_score_card_shows_its_short_link_and_the_players_pages(client, setting):
    event = setting["published"]
    pair = event.pair_set.get(label="1")
    page = client.get(reverse("event_pair", args=[event.pk, "1"])).content.decode()
    assert f"http://testserver/p/{short_code(pair.pk)}/" in page
    assert reverse("member_page", args=[setting["member"].pk]) in page
