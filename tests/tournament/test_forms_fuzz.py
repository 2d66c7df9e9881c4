"""Every form and URL turns bad input into a message, never a server error.

Hypothesis throws random and hostile values at the tablet's board form, the
director's traveller and correction forms, the new-event form, the Law B
form, the table-links page and the round actions.  Each answer must be a
page or a redirect (never a 5xx), and what a refused form stored must be
nothing at all.  Bounded: a few dozen examples each.
"""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament import services
from tournament.models import Event, Result, TableLink
from tournament.services import Actor, Entry, tablets

FUZZ = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Values a form might be sent: real ones, edge cases, and rubbish.
nasty_text = st.one_of(
    st.sampled_from(
        [
            "",
            " ",
            "4H",
            "4 h",
            "3NTXX",
            "PASS",
            "8NT",
            "0C",
            "2RS",
            "3SR",
            "2NULLO",
            "-1",
            "14",
            "abc",
            "٣",
            "²",
            "1e9",
            "99999999999999999999",
            "<script>",
            "x" * 400,
            "trumps:NS-3",
            "aces:none",
            "trumps:bogus",
            "N",
            "NS",
            "points",
            "tricks",
        ]
    ),
    st.text(max_size=30),
)


def form_data(fields):
    return st.fixed_dictionaries({}, optional={f: nasty_text for f in fields})


@pytest.fixture
def alice(client, director):
    client.force_login(director)
    return client


TABLET_FIELDS = [
    "bid",
    "agree",
    "level",
    "strain",
    "royal",
    "doubled",
    "declarer",
    "tricks",
    "honours",
    "revokes_ns",
    "revokes_ew",
    "revoke_penalty",
    "penalty_side",
    "penalty_points",
    "penalty_law",
    "key",
]


@FUZZ
@given(data=form_data(TABLET_FIELDS))
def test_tablet_board_form_never_fails(client, event, data):
    link = tablets.link_for(event, 1)
    before = Result.objects.count()
    r = client.post(reverse("scorer_board", args=[link.token, 1]), data)
    assert r.status_code in (200, 302, 403, 404)
    if r.status_code == 200:  # refused: shown again with the errors, nothing stored
        assert Result.objects.count() == before


@FUZZ
@given(data=form_data(TABLET_FIELDS))
def test_tablet_preview_never_fails_and_stores_nothing(client, event, data):
    link = tablets.link_for(event, 1)
    before = Result.objects.count()
    r = client.post(reverse("scorer_preview", args=[link.token, 1]), data)
    assert r.status_code in (200, 403)
    assert Result.objects.count() == before


ENTRY_FIELDS = [
    "contract",
    "declarer",
    "tricks",
    "honours",
    "revokes_ns",
    "revokes_ew",
    "revoke_penalty",
    "penalty_side",
    "penalty_points",
    "penalty_law",
]


@FUZZ
@given(data=form_data([f"r1t1-{f}" for f in ENTRY_FIELDS] + ["action", "reason"]))
def test_traveller_entry_never_fails(alice, event, data):
    data.setdefault("action", "save")
    before = Result.objects.count()
    r = alice.post(reverse("director_traveller", args=[event.pk, 1]), data)
    assert r.status_code in (200, 302)
    for result in Result.objects.all()[before:]:
        # What was stored is in the code's normal form and was scored.
        assert result.contract == result.contract.strip().upper()
        assert result.net_ns is not None


@FUZZ
@given(data=form_data([*ENTRY_FIELDS, "adjusted", "reason", "action"]))
def test_correction_form_never_fails(alice, event, director, data):
    result = Result.objects.filter(event=event).live().first()
    if result is None:
        result = services.enter_result(
            event,
            board_number=1,
            round_no=1,
            table=1,
            entry=Entry("4H", "S", 10, honours={"N": 2, "S": 1, "E": 1, "W": 1}),
            by=Actor.director(director),
        )
    r = alice.post(reverse("director_result", args=[event.pk, result.pk]), data)
    assert r.status_code in (200, 302, 404)


EVENT_FIELDS = [
    "name",
    "date",
    "code",
    "english_slams",
    "premium",
    "form",
    "method",
    "movement",
    "tables",
    "boards_per_round",
    "even",
    "arrow_switch",
    "pairs_count",
    "movement_name",
    "choose-pairs",
    "choose-boards",
    "choose-minutes",
]


@FUZZ
@given(data=form_data(EVENT_FIELDS))
def test_new_event_form_never_fails(alice, data):
    before = Event.objects.count()
    r = alice.post(reverse("director_event_create"), data)
    assert r.status_code in (200, 302)
    if r.status_code == 200:
        assert Event.objects.count() == before


@FUZZ
@given(data=form_data(["choose-pairs", "choose-boards", "choose-minutes"]))
def test_the_chooser_never_fails(alice, data):
    r = alice.get(reverse("director_event_create"), data)
    assert r.status_code == 200
    r = alice.get(reverse("movement_preview"), {**data, "name": data.get("choose-pairs", "")})
    assert r.status_code == 200


CSV_CELLS = st.sampled_from(["1", "2", "3", "-", "1-2", "3-4", '"1,2"', "x", "", "2 3"])


@FUZZ
@given(
    name=nasty_text,
    rows=st.lists(st.lists(CSV_CELLS, min_size=5, max_size=7), max_size=6),
)
def test_keeping_a_movement_never_fails(alice, director, name, rows):
    from tournament.models import Club, ClubMovement

    director.is_staff = True
    director.save()
    Club.first().directors.add(director)
    text = "round,table,ns,ew,boards,shared\n" + "\n".join(",".join(r) for r in rows)
    before = ClubMovement.objects.count()
    r = alice.post(reverse("director_movements"), {"name": name, "text": text})
    assert r.status_code in (200, 302)
    if r.status_code == 200:
        assert ClubMovement.objects.count() == before  # refused: nothing kept


@FUZZ
@given(data=form_data(["where", "discovered", "short_hand", "surplus_with", "reason"]))
def test_irregular_form_never_fails(alice, event, data):
    r = alice.post(reverse("director_irregular", args=[event.pk, 1]), data)
    assert r.status_code in (200, 302)


@FUZZ
@given(data=form_data(["action", "table", "pin"]))
def test_links_page_never_fails(alice, event, data):
    r = alice.post(reverse("director_links", args=[event.pk]), data)
    assert r.status_code in (200, 302)
    # A PIN is only ever four ASCII digits, on a table the event has.
    for link in TableLink.objects.filter(event=event):
        assert link.pin == "" or (len(link.pin) == 4 and link.pin.isascii() and link.pin.isdigit())
        assert 1 <= link.table <= event.tables


@FUZZ
@given(
    number=st.integers(min_value=0, max_value=2**31 - 1),
    action=st.sampled_from(["close", "reopen", "bogus"]),
    reason=nasty_text,
)
def test_round_actions_never_fail(alice, event, number, action, reason):
    r = alice.post(reverse("director_round", args=[event.pk, number, action]), {"reason": reason})
    assert r.status_code in (302, 404)


def test_round_that_does_not_exist_is_a_message(alice, event):
    r = alice.post(reverse("director_round", args=[event.pk, 99, "close"]), follow=True)
    assert "There is no round 99" in r.content.decode()


def test_links_page_table_abc_is_a_message(alice, event):
    r = alice.post(
        reverse("director_links", args=[event.pk]), {"action": "pin", "table": "abc", "pin": "1234"}
    )
    page = alice.get(r["Location"]).content.decode()
    assert "There is no table" in page and "choose a table from the list" in page
    r = alice.post(
        reverse("director_links", args=[event.pk]), {"action": "pin", "table": "9", "pin": "1234"}
    )
    assert "This event has no table 9" in alice.get(r["Location"]).content.decode()
    assert not TableLink.objects.filter(event=event, table=9).exists()


def test_traveller_contract_is_stored_in_normal_form(alice, event):
    r = alice.post(
        reverse("director_traveller", args=[event.pk, 1]),
        {
            "r1t1-contract": " 4 h ",
            "r1t1-declarer": "S",
            "r1t1-tricks": "10",
            "r1t1-honours": "trumps:EW-3",
            "action": "save",
        },
    )
    assert r.status_code == 302
    result = Result.objects.get(event=event)
    # 4H made: 4 x 8 = 32 + 125 premium = 157 to NS; EW simple honours 2 x 8 = 16: net 141.
    assert (result.contract, result.net_ns) == ("4H", 141)


def test_missing_result_after_close_needs_a_reason(alice, event, director):
    services.close_round(event, 1, by=Actor.director(director))
    row = {
        "r1t1-contract": "1NT",
        "r1t1-declarer": "N",
        "r1t1-tricks": "7",
        "r1t1-honours": "aces:none",
        "action": "save",
    }
    r = alice.post(reverse("director_traveller", args=[event.pk, 1]), row)
    assert r.status_code == 200 and not Result.objects.filter(event=event).exists()
    page = r.content.decode()
    assert "give a reason" in page and 'value="1NT"' in page  # nothing typed is lost
    r = alice.post(
        reverse("director_traveller", args=[event.pk, 1]), {**row, "reason": "late traveller"}
    )
    assert r.status_code == 302
    assert Result.objects.get(event=event).reason == "late traveller"


# The room display's controls; the auction and the rulings guide.


@FUZZ
@given(
    action=st.sampled_from(
        ["start", "pause", "resume", "plus", "minus", "stop", "standings", "running-score",
         "auctions", "link", "bogus"]
    ),
    data=form_data(["minutes", "shown"]),
)  # fmt: skip
def test_room_controls_never_fail(alice, event, action, data):
    r = alice.post(reverse("director_display", args=[event.pk, action]), data)
    assert r.status_code in (302, 404)
    event.refresh_from_db()
    assert 0 <= event.timer_minutes <= 120


@FUZZ
@given(data=form_data(["call", "seen", "action"]))
def test_tablet_auction_never_fails(client, director, data):
    event = services.create_event(
        director, name="Auctions", date="1915-03-01", tables=3, boards_per_round=2,
        record_auctions=True,
    )  # fmt: skip
    link = tablets.link_for(event, 1)
    r = client.post(reverse("scorer_auction", args=[link.token, 1]), data)
    assert r.status_code in (200, 302)
    from tournament.queries import auctions

    seating = event.seating_set.get(round=1, table=1)
    board = event.board_set.get(number=1)
    for call in auctions.auction_of(event, seating, board).calls:  # only legal calls stored
        assert str(call) in ("P", "X", "XX") or call.bid is not None


@FUZZ
@given(data=form_data(["ruling", "offender", "call", "reason"]))
def test_rulings_guide_never_fails(alice, event, data):
    r = alice.post(reverse("director_ruling", args=[event.pk, 1, 1, 1]), data)
    assert r.status_code in (200, 302)


@FUZZ
@given(data=form_data(["board", "seat", "call", "note"]))
def test_tablet_call_for_the_director_never_fails(client, event, data):
    link = tablets.link_for(event, 1)
    r = client.post(reverse("scorer_call", args=[link.token]), data)
    assert r.status_code == 302
