"""The players key their own numbers at the table's first round (docs/scorers.md,
"Who sits here"): each seat a member number or a guest's name, the four names confirmed,
a name that differs from the players page left to the director, and the panel's seats."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament import services
from tournament.models import AuditEntry, Member, Player, SeatName
from tournament.services import Actor, ServiceError, seats, tablets
from tournament.services.seats import Keyed

from .conftest import make_event

# A 3-table Mitchell, 2 boards a round: at round 1 table 1 holds pair 1 North-South and
# pair 4 East-West, so North and South are pair 1's players 1 and 2, East and West pair 4's.


@pytest.fixture
def event(director):
    return make_event(director, seats_at_table=True)


@pytest.fixture
def register(event):
    club = event.club
    return {
        n: Member.objects.create(club=club, name=name, number=n)
        for n, name in (
            ("101", "Jane Alden"),
            ("102", "Tom Baker"),
            ("103", "Ann Cole"),
            ("104", "Ruth Dane"),
            ("105", "Hal Eyre"),
        )
    }


def url(name, link, *args):
    return reverse(name, args=[link.token, *args])


def players(event, label):
    return list(
        Player.objects.filter(pair__event=event, pair__label=label)
        .order_by("position")
        .values_list("name", "member__number")
    )


def tablet(table=1, key=""):
    return Actor.tablet(table, key)


def test_the_round_page_waits_for_the_seats_and_an_event_without_the_option_does_not(
    client, director, event
):
    link = tablets.link_for(event, 1)
    r = client.get(url("scorer_home", link))
    assert r.status_code == 302 and r["Location"] == url("scorer_seats", link)
    plain = make_event(director)
    other = tablets.link_for(plain, 1)
    assert client.get(url("scorer_home", other)).status_code == 200
    assert client.get(url("scorer_seats", other)).status_code == 404


def test_four_seats_keyed_one_unknown_refused_one_guest_the_rest_kept(client, event, register):
    link = tablets.link_for(event, 1)
    r = client.post(
        url("scorer_seats", link),
        {
            "N-number": "101",
            "E-number": "999",  # no member has it
            "S-number": "",
            "S-guest": "Walter Visitor",
            "W-number": "104",
        },
    )
    page = r.content.decode()
    assert r.status_code == 200
    assert "No member of the club has the number 999" in page
    # Nothing entered is lost: the refused seat keeps what it typed, the others are kept.
    assert 'value="999"' in page
    assert set(SeatName.objects.filter(event=event).values_list("seat", "name")) == {
        ("N", "Jane Alden"),
        ("S", "Walter Visitor"),
        ("W", "Ruth Dane"),
    }
    r = client.post(url("scorer_seats", link), {"E-number": "102"})
    assert r.status_code == 302
    page = client.get(url("scorer_seats", link)).content.decode()
    for name in ("Jane Alden", "Tom Baker", "Walter Visitor", "Ruth Dane"):
        assert name in page
    # Names only: no member's number is on the screen that confirms them.
    for number in register:
        assert number not in page
    r = client.post(url("scorer_seats", link), {"do": "confirm", "key": "c1"})
    assert r["Location"] == url("scorer_home", link)
    assert players(event, "1") == [("Jane Alden", "101"), ("Walter Visitor", "")]
    assert players(event, "4") == [("Tom Baker", "102"), ("Ruth Dane", "104")]
    guest = Member.objects.get(name="Walter Visitor")
    assert guest.guest and Player.objects.filter(member=guest).count() == 1
    assert client.get(url("scorer_home", link)).status_code == 200  # on to the boards


def test_a_wrong_number_one_member_twice_and_one_seated_at_another_table(event, register):
    assert seats.key_seats(event, 2, [Keyed("N", "105")], by=tablet(2)) == {}
    refused = seats.key_seats(
        event,
        1,
        [
            Keyed("N", "101"),
            Keyed("E", "101"),
            Keyed("S", "105"),
            Keyed("W", "x" * 30),
        ],
        by=tablet(),
    )
    # One number at two seats: both told, neither kept (which seat is it?).
    assert refused == {
        "N": "That number is keyed at another seat of this table: check it.",
        "E": "That number is keyed at another seat of this table: check it.",
        "S": "Number 105 is already keyed at table 2: check it, or call the director.",
        "W": f"No member of the club has the number {'x' * 20}: check it, or give a guest's "
        "name instead.",
    }
    assert not SeatName.objects.filter(event=event, table=1).exists()
    both = seats.key_seats(event, 1, [Keyed("E", "102", "Walter")], by=tablet())
    assert both == {"E": "Give a member number or a guest's name, not both."}


def test_confirming_needs_every_seat_and_a_retry_is_the_first_answer(event, register):
    seats.key_seats(event, 1, [Keyed("N", "101"), Keyed("E", "102")], by=tablet())
    with pytest.raises(ServiceError, match="South, West still to key"):
        seats.confirm_seats(event, 1, by=tablet(key="t1-k"))
    seats.key_seats(event, 1, [Keyed("S", "103"), Keyed("W", "104")], by=tablet())
    first = seats.confirm_seats(event, 1, by=tablet(key="t1-k"))
    again = seats.confirm_seats(event, 1, by=tablet(key="t1-k"))
    assert [s.pk for s in first] == [s.pk for s in again]
    lines = AuditEntry.objects.filter(event=event, action="seats", detail__contains="confirmed")
    assert lines.count() == 1
    with pytest.raises(ServiceError, match="already confirmed"):
        seats.key_seats(event, 1, [Keyed("N", "105")], by=tablet())


def test_a_name_that_differs_from_the_players_page_goes_to_the_director(
    client, director, event, register
):
    services.set_player_names(
        event, {"1": ["Hal Eyre (#105)", "Ann Cole (#103)"]}, by=Actor.director(director)
    )
    seats.key_seats(
        event,
        1,
        [Keyed("N", "101"), Keyed("E", "102"), Keyed("S", "103"), Keyed("W", "104")],
        by=tablet(),
    )
    done = {s.seat: s.state for s in seats.confirm_seats(event, 1, by=tablet(key="t1-x"))}
    # North: the table keyed Jane Alden where the director had Hal Eyre.  South agrees.
    assert done == {"N": "clash", "E": "named", "S": "named", "W": "named"}
    assert players(event, "1") == [("Hal Eyre", "105"), ("Ann Cole", "103")]  # not overwritten
    client.force_login(director)
    page = client.get(reverse("director_event", args=[event.pk])).content.decode()
    assert "At the table: Jane Alden" in page and "players page: Hal Eyre" in page
    settle = reverse("director_settle_seat", args=[event.pk, 1, "N"])
    assert client.post(settle, {"take": "table"}).status_code == 302
    assert players(event, "1") == [("Jane Alden", "101"), ("Ann Cole", "103")]
    assert SeatName.objects.get(event=event, table=1, seat="N").state == "named"
    # Nothing left to settle there: said, not a server error.
    r = client.post(settle, {"take": "director"}, follow=True)
    assert "has nothing to settle" in r.content.decode()


def test_the_director_keeps_his_own_name(director, event, register):
    services.set_player_names(event, {"4": ["Hal Eyre (#105)", ""]}, by=Actor.director(director))
    seats.key_seats(
        event,
        1,
        [Keyed("N", "101"), Keyed("E", "102"), Keyed("S", "103"), Keyed("W", "104")],
        by=tablet(),
    )
    seats.confirm_seats(event, 1, by=tablet(key="t1-y"))
    s = seats.settle_seat(event, 1, "E", take_table=False, by=Actor.director(director))
    assert (s.name, s.state) == ("Hal Eyre", "named")
    assert players(event, "4") == [("Hal Eyre", "105"), ("Ruth Dane", "104")]


def test_named_beforehand_the_table_confirms_without_being_asked(client, director, event, register):
    services.set_player_names(
        event,
        {"1": ["Jane Alden (#101)", "Ann Cole (#103)"], "4": ["Tom Baker (#102)", "Walter"]},
        by=Actor.director(director),
    )
    link = tablets.link_for(event, 1)
    page = client.get(url("scorer_seats", link)).content.decode()
    assert "The director has named you" in page and 'name="N-number"' not in page
    assert client.post(url("scorer_seats", link), {"do": "confirm", "key": "b"}).status_code == 302
    assert set(SeatName.objects.filter(event=event).values_list("seat", "state")) == {
        ("N", "named"),
        ("E", "named"),
        ("S", "named"),
        ("W", "named"),
    }
    assert players(event, "4") == [("Tom Baker", "102"), ("Walter", "")]


def test_the_panel_shows_each_tables_unnamed_seats(client, director, event, register):
    seats.key_seats(event, 2, [Keyed("N", "101"), Keyed("W", "", "Walter")], by=tablet(2))
    client.force_login(director)
    page = client.get(reverse("director_event", args=[event.pk]) + "?fragment=1").content
    text = page.decode()
    assert text.count('class="unnamed"') == 3 * 4 - 2  # twelve seats, two keyed
    assert 'Jane Alden <span class="note">keyed, not confirmed' in text


def test_a_seat_is_keyed_only_at_the_tables_first_round_while_it_is_open(director, event, register):
    services.close_round(event, 1, by=Actor.director(director))
    with pytest.raises(ServiceError, match="round 1 is over at this table"):
        seats.key_seats(event, 1, [Keyed("N", "101")], by=tablet())


def test_the_option_on_the_new_event_form_and_the_panels_switch(client, director):
    client.force_login(director)
    assert 'name="seats_at_table"' in client.get(reverse("director_event_create")).content.decode()
    event = make_event(director)
    client.post(reverse("director_display", args=[event.pk, "seats"]), {"shown": "1"})
    event.refresh_from_db()
    assert event.seats_at_table
    with pytest.raises(ServiceError, match="does not ask"):
        seats.key_seats(make_event(director), 1, [Keyed("N", "1")], by=tablet())


TYPED = st.one_of(
    st.sampled_from(["101", "102", "103", "104", " 105 ", "999", "", "  "]),
    st.text(max_size=30).filter(lambda t: "\x00" not in t),
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.dictionaries(st.sampled_from("NESW"), st.tuples(TYPED, TYPED)))
def test_whatever_the_seats_type_each_is_kept_or_told_why(event, register, typed):
    """Any numbers and names typed: each seat typed is kept with the name its number or
    guest gives, or refused with a reason, and no seat is lost; never an error."""
    SeatName.objects.filter(event=event).delete()
    before = seats.key_seats(event, 1, [Keyed("N", "101")], by=tablet())
    assert before == {}
    keyed = [Keyed(seat, number, guest) for seat, (number, guest) in typed.items()]
    refused = seats.key_seats(event, 1, keyed, by=tablet())
    held = {s.seat: s for s in SeatName.objects.filter(event=event, table=1)}
    by_number = {m.number: m.name for m in register.values()}
    last = {k.seat: k for k in keyed}  # one entry a seat, as the tablet's form posts
    for seat, k in last.items():
        number, guest = " ".join(k.number.split()), " ".join(k.guest.split())
        if seat in refused:
            assert refused[seat].endswith(".")
            continue
        if number or guest:
            assert seat in held
            assert held[seat].name == (by_number[number] if number else guest)
    # North keyed first stays unless North typed a good name again: nothing entered is lost.
    north = last.get("N")
    if north is None or "N" in refused or not (north.number.strip() or north.guest.strip()):
        assert held["N"].name == "Jane Alden"
