"""Director pages and who may see them."""

import re

import pytest
from django import forms
from django.urls import reverse

from tournament import services
from tournament.models import AuditEntry, Event, Result
from tournament.services import Actor, Entry

from ..factories import enter
from .conftest import make_event

# A correction of board 1's 4H by South from 10 tricks to 9, as the result page posts it.
CORRECTED = {
    "contract": "4H",
    "declarer": "S",
    "tricks": "9",
    "honours": "trumps:NS-3",
    "action": "save",
}


@pytest.fixture
def alice(client, director):
    client.force_login(director)
    return client


def test_anonymous_is_sent_to_log_in(client, event):
    r = client.get(reverse("director_event", args=[event.pk]))
    assert r.status_code == 302 and "/login/" in r["Location"]


def test_a_director_of_another_club_cannot_see_or_change_the_event(client, event, rival_director):
    client.force_login(rival_director)
    for name, args in [
        ("director_event", [event.pk]),
        ("director_players", [event.pk]),
        ("director_traveller", [event.pk, 1]),
        ("director_irregular", [event.pk, 1]),
        ("director_guides", [event.pk]),
        ("director_audit", [event.pk]),
    ]:
        assert client.get(reverse(name, args=args)).status_code == 404, name
    r = client.post(reverse("director_round", args=[event.pk, 1, "close"]))
    assert r.status_code == 404
    r = client.post(reverse("director_publish", args=[event.pk]), {"published": "1"})
    assert r.status_code == 404
    r = client.post(
        reverse("director_traveller", args=[event.pk, 1]),
        {"r1t1-contract": "4H", "r1t1-declarer": "S", "r1t1-tricks": "10", "action": "save"},
    )
    assert r.status_code == 404
    assert not Result.objects.exists() and not event.round_set.get(number=1).closed
    assert event not in client.get(reverse("director_events")).context["events"]


def test_any_director_of_the_club_runs_and_corrects_an_event_another_made(
    client, event, director, other_director
):
    """The club's rota: bob opens alice's event, closes its round and corrects its result;
    the event stays alice's for the record and the audit trail names bob for his part."""
    res = enter(event, 1, 1, 1, by=Actor.director(director))  # 4H by S, 10 tricks
    client.force_login(other_director)
    for name, args in [
        ("director_event", [event.pk]),
        ("director_players", [event.pk]),
        ("director_traveller", [event.pk, 1]),
        ("director_audit", [event.pk]),
    ]:
        assert client.get(reverse(name, args=args)).status_code == 200, name
    listed = client.get(reverse("director_events"))
    assert event in listed.context["events"] and "alice" in listed.content.decode()
    client.post(reverse("director_round", args=[event.pk, 1, "close"]))
    assert event.round_set.get(number=1).closed
    r = client.post(
        reverse("director_result", args=[event.pk, res.pk]),
        {**CORRECTED, "reason": "tricks miscounted"},
    )
    assert r.status_code == 302
    live = Result.objects.get(event=event, board__number=1, table=1, round=1, is_live=True)
    assert live.tricks == 9
    event.refresh_from_db()
    assert event.owner == director
    lines = {(a.action, a.actor) for a in AuditEntry.objects.filter(event=event)}
    assert any(actor == "director bob" and "close" in action for action, actor in lines), lines
    assert AuditEntry.objects.filter(event=event, user=other_director, reason="tricks miscounted")


def test_public_sees_only_published_results(client, event):
    url = reverse("event_standings", args=[event.pk])
    assert client.get(url).status_code == 404
    assert client.get(reverse("event_traveller", args=[event.pk, 1])).status_code == 404
    assert client.get(reverse("event_pair", args=[event.pk, "1"])).status_code == 404
    services.set_published(event, True, by=Actor.director(event.owner))
    assert client.get(url).status_code == 200
    assert client.get(reverse("event_traveller", args=[event.pk, 1])).status_code == 200
    assert client.get(reverse("event_pair", args=[event.pk, "1"])).status_code == 200
    assert event in client.get(reverse("events")).context["events"]


# The new-event form as a director fills it in.
NEW_EVENT = {
    "name": "Tuesday pairs",
    "date": "1915-04-06",
    "code": "1915",
    "premium": "on",
    "form": "pairs",
    "method": "matchpoints",
    "movement": "howell",
    "tables": "3",
    "boards_per_round": "2",
    "even": "skip",
}


def test_create_event_then_players(alice):
    r = alice.post(
        reverse("director_event_create"),
        NEW_EVENT,
    )
    event = Event.objects.get(name="Tuesday pairs")
    assert r.status_code == 302 and r["Location"] == reverse("director_players", args=[event.pk])
    # Where each pair sits in round 1, beside its number ("Pair 1-6" alone would leave
    # the director to know the movement's numbering).
    page = alice.get(r["Location"]).content.decode()
    for seating in event.seating_set.filter(round=1):
        pair = '<th scope="row"><span class="phone-only">Pair </span>{}</th><td class="start">'
        assert pair.format(seating.ns.label) + f"North-South, table {seating.table}</td>" in page
        assert pair.format(seating.ew.label) + f"East-West, table {seating.table}</td>" in page
    data = {"form-TOTAL_FORMS": "6", "form-INITIAL_FORMS": "6"}
    for i in range(6):
        data[f"form-{i}-player1"] = f"Player {i}a"
        data[f"form-{i}-player2"] = f"Player {i}b"
    alice.post(reverse("director_players", args=[event.pk]), data)
    assert event.pair_set.get(label="1").names == "Player 0a & Player 0b"


def test_the_names_check_counts_a_pair_named_only_with_both_players(alice, event):
    """The audit line must not say "names of 3 of 6 pairs entered" when two of the three
    pairs have one player each.  A pair is named when both players are;
    the line says which pairs still lack a name (as the page's warning does)."""
    names = {"1": ("Mrs. Alden", "Mr. Alden"), "2": ("Mrs. Brook", ""), "4": ("", "Mr. Dunn")}
    data = {"form-TOTAL_FORMS": "6", "form-INITIAL_FORMS": "6"}
    for i, label in enumerate(["1", "2", "3", "4", "5", "6"]):
        first, second = names.get(label, ("", ""))
        data[f"form-{i}-player1"], data[f"form-{i}-player2"] = first, second
    r = alice.post(reverse("director_players", args=[event.pk]), data, follow=True)
    assert "Still without both names: pair 2, 3, 4, 5, 6" in r.content.decode()
    line = AuditEntry.objects.filter(event=event, action="players").get()
    assert line.detail == (
        "1 of 6 pairs named (both players); still without both names: pair 2, 3, 4, 5, 6"
    )
    page = alice.get(reverse("director_audit", args=[event.pk])).content.decode()
    assert "1 of 6 pairs named (both players)" in page
    data.update({"form-1-player2": "Mr. Brook", "form-3-player1": "Mrs. Dunn"})
    for i in (2, 4, 5):
        data[f"form-{i}-player1"], data[f"form-{i}-player2"] = f"P{i}a", f"P{i}b"
    alice.post(reverse("director_players", args=[event.pk]), data)
    assert AuditEntry.objects.filter(event=event, action="players").first().detail == (
        "6 of 6 pairs named (both players)"
    )


def test_two_teams_of_one_name_are_refused_keeping_what_was_typed(alice, director):
    """A team match named "Hawks v hawks": every "To Hawks" column was then ambiguous."""
    e = make_event(director, form="teams", movement="teams", tables=2, boards_per_round=1)
    data = {"form-TOTAL_FORMS": "4", "form-INITIAL_FORMS": "4", "form-0-player1": "Mrs. Alden"}
    url = reverse("director_players", args=[e.pk])
    r = alice.post(url, {**data, "team-A": "Hawks", "team-B": " hawks "})
    page = r.content.decode()
    assert r.status_code == 200 and "The two teams need different names" in page
    assert 'value="Hawks"' in page and 'value="hawks"' in page and 'value="Mrs. Alden"' in page
    assert sorted(e.team_set.values_list("name", flat=True)) != ["Hawks", "hawks"]
    assert not e.pair_set.get(label="A1").player_set.filter(name="Mrs. Alden").exists()
    r = alice.post(url, {**data, "team-A": "Hawks", "team-B": "Owls"})
    assert r.status_code == 302
    assert sorted(e.team_set.values_list("name", flat=True)) == ["Hawks", "Owls"]


def test_create_event_errors_keep_the_input(alice):
    r = alice.post(
        reverse("director_event_create"),
        {
            "name": "Too big",
            "date": "1915-04-06",
            "code": "1915",
            "form": "pairs",
            "method": "total",
            "movement": "howell",
            "tables": "17",
            "boards_per_round": "2",
            "even": "skip",
        },
    )
    page = r.content.decode()
    assert r.status_code == 200 and "Up to 16 tables" in page and 'value="Too big"' in page
    assert not Event.objects.filter(name="Too big").exists()


def test_traveller_entry_preview_then_save(alice, event):
    url = reverse("director_traveller", args=[event.pk, 1])
    data = {
        "r1t1-contract": "4H",
        "r1t1-declarer": "S",
        "r1t1-tricks": "10",
        "r2t3-contract": "3HX",
        "r2t3-declarer": "S",
        "r2t3-tricks": "7",
        "r2t3-revokes_ew": "1",
        "r2t3-revoke_penalty": "tricks",
    }
    # No hand record: a blank honours answer is a prompt, not "no honours"
    # (docs/laws/scoring.md, "Honours").
    r = alice.post(url, {**data, "action": "preview"})
    page = r.content.decode()
    assert page.count("Honours: How did the honours lie?") == 2
    assert 'value="3HX"' in page and not Result.objects.exists()
    data.update({"r1t1-honours": "trumps:EW-3", "r2t3-honours": "trumps:NS-3"})
    r = alice.post(url, {**data, "action": "preview"})
    page = r.content.decode()
    # 3HX, 7 + 3 penalty tricks: 4 x 8 x 2 = 64 + 125 premium + NS simple honours 16 = 205.
    assert "duplicate premium" in page and "<strong>205</strong>" in page
    assert not Result.objects.exists()
    r = alice.post(url, {**data, "action": "save"})
    assert r.status_code == 302
    # 4H made: 32 + 125 = 157 to NS, EW simple honours 2 x 8 = 16: 141.
    assert sorted(Result.objects.values_list("net_ns", flat=True)) == [141, 205]


def test_traveller_entry_error_keeps_every_row(alice, event):
    url = reverse("director_traveller", args=[event.pk, 1])
    r = alice.post(
        url,
        {
            "r1t1-contract": "4H",
            "r1t1-declarer": "S",
            "r1t1-tricks": "10",
            "r2t3-contract": "9H",
            "r2t3-declarer": "S",
            "r2t3-tricks": "7",
            "action": "save",
        },
    )
    page = r.content.decode()
    assert "is not a contract" in page
    assert 'value="9H"' in page and 'value="4H"' in page
    assert not Result.objects.exists()


def test_traveller_save_refused_by_a_row_says_nothing_was_saved(alice, event):
    """The good rows' previews must not look saved: the top message says which row stops it."""
    url = reverse("director_traveller", args=[event.pk, 1])
    row = {"r1t1-contract": "4H", "r1t1-declarer": "S", "r1t1-tricks": "10"}
    r = alice.post(
        url,
        {
            **row,
            "r1t1-honours": "trumps:EW-3",
            "r2t3-contract": "4Z",
            "r2t3-declarer": "S",
            "r2t3-tricks": "7",
            "action": "save",
        },
    )
    page = r.content.decode()
    assert "Nothing was saved: correct round 2, table 3" in page
    assert "round 1, table 1" not in page and 'value="4Z"' in page
    assert not Result.objects.exists()
    # A preview is not a refusal: it says nothing of saving.
    r = alice.post(url, {**row, "r2t3-contract": "4Z", "action": "preview"})
    assert "Nothing was saved" not in r.content.decode()


def test_correction_page_with_reason_after_close(alice, event, director):
    res = services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=Entry("4H", "S", 10),
        by=Actor.director(director),
    )
    services.close_round(event, 1, by=Actor.director(director))
    url = reverse("director_result", args=[event.pk, res.pk])
    form = CORRECTED
    r = alice.post(url, form)
    assert "give a reason" in r.content.decode()
    r = alice.post(url, {**form, "reason": "tricks miscounted"})
    assert r.status_code == 302
    page = alice.get(r["Location"]).content.decode()
    assert "tricks miscounted" in page and "History" in page


def test_control_panel_close_round_and_absent(alice, event):
    url = reverse("director_event", args=[event.pk])
    assert "Results missing at" in alice.get(url).content.decode()
    alice.post(reverse("director_round", args=[event.pk, 1, "close"]))
    assert event.round_set.get(number=1).closed
    alice.post(reverse("director_absent", args=[event.pk, 2, 3]), {"absent": "1"})
    assert event.seating_set.get(round=2, table=3).absent
    fragment = alice.get(url + "?fragment=1").content.decode()
    assert "absent" in fragment


def test_control_panel_names_a_single_board_as_one(alice, director):
    """One board a round: "bd 1", not "bds 1–1"; two or more keep the range."""
    one = make_event(director, name="One a round", boards_per_round=1)
    page = alice.get(reverse("director_event", args=[one.pk])).content.decode()
    assert '<span class="bds">bd 1:</span>' in page and "bds 1–1" not in page
    two = make_event(director, name="Two a round", boards_per_round=2)
    page = alice.get(reverse("director_event", args=[two.pk])).content.decode()
    assert '<span class="bds">bds 1–2:</span>' in page


def test_irregular_form(alice, event, director):
    services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=Entry("4H", "S", 10),
        by=Actor.director(director),
    )
    services.enter_result(
        event,
        board_number=1,
        round_no=2,
        table=3,
        entry=Entry("4H", "S", 8),
        by=Actor.director(director),
    )
    answers = {
        "where": "3-2",  # the director picks from the tables that play the board
        "discovered": "after-overplay",
        "short_hand": "N",
        "surplus_with": "opponent",
    }
    url = reverse("director_irregular", args=[event.pk, 1])
    r = alice.post(url, answers)  # first what Law B will do, nothing done yet
    assert r.status_code == 200 and "What Law B will do" in r.content.decode()
    assert services.live_result(event, 1, 3, 2) is None
    r = alice.post(url, {**answers, "confirm": "1", "expect": r.context["plan"].key})
    assert r.status_code == 302
    assert services.live_result(event, 1, 3, 2).adjusted == "average"


def test_guide_and_table_cards(alice, event):
    page = alice.get(reverse("director_guides", args=[event.pk])).content.decode()
    assert "Table 3" in page and "At the end of the round" in page
    page = alice.get(reverse("director_tables", args=[event.pk])).content.decode()
    assert "North-South <strong>1</strong>" in page


def test_team_match_standings_show_law_g(client, director):
    e = make_event(director, form="teams", movement="teams", tables=3, boards_per_round=1)
    # Board 1 travels: table 1 in round 1, table 3 in round 2, table 2 in round 3.
    for rnd, table in ((1, 1), (2, 3), (3, 2)):
        services.enter_result(
            e,
            board_number=1,
            round_no=rnd,
            table=table,
            entry=Entry("4H", "S", 10),
            by=Actor.director(director),
        )
    client.force_login(director)
    page = client.get(reverse("event_standings", args=[e.pk])).content.decode()
    assert "Duplicate Law G" in page and "Level so far" in page  # boards still to come
    assert "Boards not yet complete at every table" in page
    assert "An odd number of pairs a team" in page  # three pairs a team


def test_an_even_team_match_does_not_explain_the_odd_pair_average(client, director):
    """Four pairs a team: no average is added (Law G's odd-pair average needs an odd
    pair), so the page does not say it is added."""
    from tournament.models import Seating

    e = make_event(director, form="teams", movement="teams", tables=4, boards_per_round=1)
    for s in Seating.objects.playing(e, 1):
        services.enter_result(
            e,
            board_number=1,
            round_no=s.round,
            table=s.table,
            entry=Entry("4H", "S", 10),
            by=Actor.director(director),
        )
    client.force_login(director)
    page = client.get(reverse("event_standings", args=[e.pk])).content.decode()
    assert "Duplicate Law G" in page
    assert "An odd number of pairs a team" not in page
    assert "An even number of pairs a team" in page and "no average added" in page
    assert "with Law G average" not in page and "odd-pair average added" not in page
    assert ">total: " in page and "so far</text>" in page  # the chart's end: 3 boards to come
    # Teams as columns, the rounded totals in a row of their own (a phone never cuts it).
    assert '<th class="left" scope="row">Rounded total</th>' in page
    assert "{#" not in page and "score sheet" not in page  # the template's note stays in it


def test_admin_lists_every_model(client, director):
    from django.apps import apps
    from django.contrib import admin

    models = set(apps.get_app_config("tournament").get_models())
    assert models <= set(admin.site._registry)
    director.is_staff = director.is_superuser = True
    director.save()
    client.force_login(director)
    for model in models:
        url = reverse(f"admin:tournament_{model._meta.model_name}_changelist")
        assert client.get(url).status_code == 200, model


def test_a_correction_from_a_stale_page_does_not_overwrite_a_newer_one(alice, event, director):
    res = services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=Entry("4H", "S", 10),
        by=Actor.director(director),
    )
    url = reverse("director_result", args=[event.pk, res.pk])
    form = {"contract": "4H", "declarer": "S", "honours": "trumps:NS-3", "action": "save"}
    # Tab B saves 10 tricks (version 2); tab A, opened at version 1, then saves 9.
    assert alice.post(url, {**form, "tricks": "10", "version": "1"}).status_code == 302
    r = alice.post(url, {**form, "tricks": "9", "version": "1"})
    assert "changed since you opened it" in r.content.decode()
    live = Result.objects.get(event=event, is_live=True)
    assert (live.version, live.tricks) == (2, 10)


def test_a_traveller_row_for_a_table_that_entered_meanwhile_is_named(alice, event, director):
    services.enter_result(
        event,
        board_number=1,
        round_no=1,
        table=1,
        entry=Entry("3NT", "N", 9),
        by=Actor.tablet(1),
    )
    r = alice.post(
        reverse("director_traveller", args=[event.pk, 1]),
        {"r1t1-contract": "1NT", "r1t1-declarer": "W", "r1t1-tricks": "7", "action": "save"},
        follow=True,
    )
    page = r.content.decode()
    assert "entered there meanwhile by table 1" in page and "your row (1NT) was not saved" in page
    assert Result.objects.filter(event=event).count() == 1


def test_a_team_match_score_card_says_when_its_held_back_boards_count(client, director):
    """A board still travelling is held back from a team pair's public card; the note
    said "the pair's total in the standings counts it already", but a team match has
    no pair standings and Law G counts a board only once every table has played it."""
    from tournament.models import Seating

    e = make_event(director, form="teams", movement="teams", tables=3, boards_per_round=1)
    first = Seating.objects.playing(e, 1).first()
    services.enter_result(
        e,
        board_number=1,
        round_no=first.round,
        table=first.table,
        entry=Entry("4H", "S", 10),
        by=Actor.director(director),
    )
    e.published = True
    e.save()
    page = client.get(reverse("event_pair", args=[e.pk, first.ns.label])).content.decode()
    assert "1 board this pair has played is not shown yet" in page
    assert "The team totals count it once every table has played it" in page
    assert "in the standings counts" not in page


def test_number_fields_refuse_in_the_rooms_words():
    """A number out of range is refused in the room's words, "At most 13.", not
    Django's ("Ensure this value is less than or equal to 13")."""
    from tournament.forms import MovementForm
    from tournament.forms.fields import WholeNumber

    data = {"movement": "mitchell", "tables": "31", "boards_per_round": "14", "even": "skip"}
    errors = MovementForm(data).errors
    assert errors["tables"] == ["At most 30."] and errors["boards_per_round"] == ["At most 13."]
    data.update(tables="1", boards_per_round="two")
    errors = MovementForm(data).errors
    assert errors["tables"] == ["At least 2."]
    assert errors["boards_per_round"] == ["A whole number, please."]
    field = WholeNumber(min_value=0, max_value=13)
    with pytest.raises(forms.ValidationError) as refused:
        field.clean("14")
    assert refused.value.messages == ["At most 13."]


def test_a_model_forms_limits_refuse_in_the_rooms_words(alice):
    """The event form's numbers come from the model (its own limits): refused in the same
    words as any other whole number, with everything typed kept."""
    data = {**NEW_EVENT, "boards_per_round": "many"}
    page = alice.post(reverse("director_event_create"), data).content.decode()
    assert "A whole number, please." in page and "Enter a whole number" not in page
    assert 'value="Tuesday pairs"' in page


def _typed_rows(page: str) -> dict[str, tuple[str, str]]:
    """The players page's rows as shown: pair label -> the two names in its inputs."""
    rows = {}
    for label, inside in re.findall(
        r"<tr><th[^>]*>(?:<span[^>]*>[^<]*</span>)?([^<]+)</th>(.*?)</tr>", page, re.S
    ):
        names = re.findall(r'name="form-\d+-player[12]"(?: value="([^"]*)")?', inside)
        if len(names) == 2:
            rows[label] = (names[0], names[1])
    return rows


def test_a_pair_added_while_names_are_typed_is_said_and_nothing_typed_is_lost(alice, director):
    """The players page opened with five pairs; a late pair joins from another screen while
    the names are typed.  The page sent five rows for an event of six pairs: refused with
    what happened, every name typed shown again in its own pair's row, nothing saved."""
    odd = make_event(director, pairs_count=5)
    url = reverse("director_players", args=[odd.pk])
    page = alice.get(url).content.decode()
    assert len(re.findall(r'type="hidden" name="form-\d+-pair"', page)) == 5  # each row's pair
    data = {"form-TOTAL_FORMS": "5", "form-INITIAL_FORMS": "5"}
    for i, label in enumerate(["1", "2", "3", "4", "5"]):
        data[f"form-{i}-pair"] = label
        data[f"form-{i}-player1"], data[f"form-{i}-player2"] = f"Mrs. {label}", f"Mr. {label}"
    late = services.add_late_pair(odd, 2, by=Actor.director(director))
    r = alice.post(url, data)
    assert r.status_code == 200
    page = r.content.decode()
    assert f"Pair {late.label} joined the event after this page was opened" in page
    assert "nothing was saved" in page
    rows = _typed_rows(page)
    assert rows == {
        **{label: (f"Mrs. {label}", f"Mr. {label}") for label in "12345"},
        late.label: ("", ""),
    }
    assert not odd.pair_set.filter(player__name__startswith="Mrs.").exists()
    assert not AuditEntry.objects.filter(event=odd, action="players").exists()
    # Sent again from the page as shown (six rows now): saved.
    data = {"form-TOTAL_FORMS": "6", "form-INITIAL_FORMS": "6"}
    for i, (label, (first, second)) in enumerate(rows.items()):
        data[f"form-{i}-pair"], data[f"form-{i}-player1"] = label, first
        data[f"form-{i}-player2"] = second or "Mr. Late"
    assert alice.post(url, data).status_code == 302
    assert odd.pair_set.get(label="3").names == "Mrs. 3 & Mr. 3"


@pytest.mark.parametrize(
    "management",
    [
        {"form-TOTAL_FORMS": "7", "form-INITIAL_FORMS": "6"},  # one row too many
        {"form-TOTAL_FORMS": "100000", "form-INITIAL_FORMS": "6"},  # past any count
        {"form-TOTAL_FORMS": "-1", "form-INITIAL_FORMS": "6"},
        {"form-TOTAL_FORMS": "six", "form-INITIAL_FORMS": "x"},
        {"form-TOTAL_FORMS": "\u0666", "form-INITIAL_FORMS": "6"},  # an Arabic-Indic six
        {},  # no counts at all
    ],
)
def test_a_tampered_players_page_is_refused_keeping_the_names(alice, event, management):
    url = reverse("director_players", args=[event.pk])
    data = {**management}
    for i, label in enumerate("123456"):
        data[f"form-{i}-pair"] = label
        data[f"form-{i}-player1"] = f"Mrs. {label}"
    data["form-6-pair"] = "99"  # a row for no pair of the event
    data["form-6-player1"] = "Nobody"
    r = alice.post(url, data)
    assert r.status_code == 200
    page = r.content.decode()
    assert "This page does not match the event&#x27;s 6 pairs" in page
    assert {label: names[0] for label, names in _typed_rows(page).items()} == {
        label: f"Mrs. {label}" for label in "123456"
    }
    assert not AuditEntry.objects.filter(event=event, action="players").exists()


def test_a_players_row_named_twice_is_refused(alice, event):
    """Two rows for pair 1 (a duplicated field): which is meant cannot be known."""
    url = reverse("director_players", args=[event.pk])
    data = {"form-TOTAL_FORMS": "6", "form-INITIAL_FORMS": "6"}
    for i, label in enumerate("112345"):
        data[f"form-{i}-pair"], data[f"form-{i}-player1"] = label, f"Row {i}"
    r = alice.post(url, data)
    assert r.status_code == 200 and "nothing was saved" in r.content.decode()
    assert not AuditEntry.objects.filter(event=event, action="players").exists()
