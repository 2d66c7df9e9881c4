"""The field changes during play: a late pair, a withdrawal.

The event: a 3-table Mitchell of 5 pairs under the 1915 laws (2 boards a round).
North-South 1-3 stay put; East-West 4, 5 and the phantom 6 move up a table each
round, so the phantom's opponents sit out: in round 1 pair 3 at table 3.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.movements import FieldChange, make_movement, with_field_changes
from tournament import services
from tournament.models import Result, Seating
from tournament.services import Actor, ServiceError

from ..factories import enter, make_event


@pytest.fixture
def odd(director):
    return make_event(director, pairs_count=5)


def seat(event, round_no, table):
    s = Seating.objects.select_related("ns", "ew").get(event=event, round=round_no, table=table)
    return (s.ns.label if s.ns else None, s.ew.label if s.ew else None)


def where(event, label, round_no):
    return services.movement_for(event).where(label, round_no)


def test_the_phantoms_path(odd):
    assert seat(odd, 1, 3) == ("3", None)  # round 1: pair 3 sits out
    assert where(odd, "6", 2) is None


def test_a_late_pair_takes_the_phantoms_place_from_its_round(odd):
    by = Actor.director(odd.owner)
    pair = services.add_late_pair(odd, 2, names=["Ann Late", "Bob Late"], by=by)
    assert pair.label == "6" and pair.names == "Ann Late & Bob Late"
    assert seat(odd, 1, 3) == ("3", None)  # round 1 is as it was: a sit-out
    movement = services.movement_for(odd)
    table, direction = movement.where("6", 2)
    assert seat(odd, 2, table) == (seat(odd, 2, table)[0], "6") and direction == "EW"
    assert "6" in movement.pairs
    # The guide card of that table names pair 6 from round 2; its next move is the phantom's.
    card = next(c for c in movement.guide_cards() if c["table"] == table)
    assert card["rounds"][1]["ew"] == "6"
    # The tablet of that table sees the pair (seating rows) and may enter a result.
    enter(odd, movement.at(2, table).boards[0], 2, table)


def test_a_withdrawal_leaves_its_opponents_sitting_out_and_keeps_its_results(odd):
    by = Actor.director(odd.owner, reason="train to catch")
    t1 = services.movement_for(odd).where("4", 1)[0]
    kept = enter(odd, services.movement_for(odd).at(1, t1).boards[0], 1, t1)
    services.withdraw_pair(odd, "4", 2, by=by)
    assert where(odd, "4", 2) is None and where(odd, "4", 1) is not None
    assert Result.objects.get(pk=kept.pk).is_live
    t3 = services.movement_for(odd).where("1", 3)[0]
    assert None in seat(odd, 3, t3) or seat(odd, 3, t3)[1] != "4"


def test_a_withdrawal_refused_while_the_pair_has_later_results(odd):
    by = Actor.director(odd.owner)
    table = where(odd, "4", 2)[0]
    enter(odd, services.movement_for(odd).at(2, table).boards[0], 2, table)
    with pytest.raises(ServiceError, match="has results in round 2: withdraw it from round 3"):
        services.withdraw_pair(odd, "4", 1, by=by)
    services.withdraw_pair(odd, "4", 3, by=by)  # from the next round: fine


def test_a_late_pair_into_a_withdrawn_pairs_place(director):
    event = make_event(director)  # 6 pairs: nobody sits out
    by = Actor.director(director)
    with pytest.raises(ServiceError, match="no place is free"):
        services.add_late_pair(event, 2, by=by)
    services.withdraw_pair(event, "5", 2, by=by)
    assert services.places_free(event, 2) == ["5"]
    late = services.add_late_pair(event, 3, by=by)
    assert late.label == "7"  # a new number: 5 keeps its own results and name
    movement = services.movement_for(event)
    assert movement.where("7", 3) == make_movement("mitchell", 3, 2).where("5", 3)
    assert movement.where("7", 2) is None and movement.where("5", 3) is None


def test_changes_are_refused_in_words(odd, director):
    by = Actor.director(odd.owner)
    with pytest.raises(ServiceError, match="no round 9"):
        services.add_late_pair(odd, 9, by=by)
    with pytest.raises(ServiceError, match="no pair 42"):
        services.withdraw_pair(odd, "42", 2, by=by)
    services.close_round(odd, 1, by=by)
    with pytest.raises(ServiceError, match="round 1 is closed"):
        services.add_late_pair(odd, 1, by=by)
    teams = make_event(director, form="teams", tables=2)
    with pytest.raises(ServiceError, match="team match"):
        services.withdraw_pair(teams, "A1", 1, by=Actor.director(director))


def test_the_panel_forms(client, director, odd):
    from django.urls import reverse

    client.force_login(director)
    url = reverse("director_field", args=[odd.pk])
    page = client.get(url)
    assert page.status_code == 200 and b"late pair" in page.content.lower()
    r = client.post(
        url, {"action": "late", "late-from_round": "2", "late-place": "", "late-player1": "Ann"}
    )
    assert r.status_code == 302
    bad = client.post(url, {"action": "withdraw", "out-pair": "6", "out-from_round": "7"})
    assert bad.status_code == 200 and b"no round 7" in bad.content
    ok = client.post(url, {"action": "withdraw", "out-pair": "6", "out-from_round": "3"})
    assert ok.status_code == 302
    assert where(odd, "6", 3) is None


def test_a_late_pair_into_a_place_whose_tablet_had_moved_on_plays_there(director):
    """Pair 3 withdrawn, its table's tablet goes on past the sit-out ("on to the next
    round" agrees it); a late pair then takes pair 3's place from that round: the tablet
    gets that round back instead of saying the table has finished."""
    from django.utils import timezone

    from tournament.queries import tablet

    event = make_event(director)  # 3 tables, 6 pairs, 3 rounds
    by = Actor.director(director)
    services.withdraw_pair(event, "3", 3, by=by)
    table = services.movement_for(event).where("3", 2)[0]
    sitting = Seating.objects.get(event=event, round=3, table=table)
    assert sitting.sit_out
    Seating.objects.filter(event=event, round__lte=3, table=table).update(
        agreed_at=timezone.now()
    )  # the table's tablet went through every round, the sit-out too
    assert tablet.current_seating(event.pk, table) is None
    late = services.add_late_pair(event, 3, place="3", by=by)
    again = Seating.objects.get(pk=sitting.pk)
    assert again.agreed_at is None and not again.sit_out
    assert tablet.current_seating(event.pk, table).round == 3  # its round to play
    assert late.label in seat(event, 3, table)


def test_the_guide_card_and_tablet_say_a_withdrawn_pair_leaves(director, client):
    from django.urls import reverse

    from tournament.services import tablets

    event = make_event(director)
    by = Actor.director(director, reason="Flo felt unwell")
    services.withdraw_pair(event, "3", 3, by=by)
    movement = services.movement_for(event)
    table = movement.where("3", 2)[0]
    assert movement.next_move(2, table)["ns"] == {"leaves": True}
    # Its round-3 opponents sit out (they are not told to leave).
    opponent = seat(event, 3, table)
    assert opponent.count(None) == 1
    # The audit line says the reason once.
    line = event.auditentry_set.filter(action="withdrawn").get()
    assert line.detail.count("Flo felt unwell") == 0 and line.reason == "Flo felt unwell"
    # The tablet's page after agreeing round 2 says so.
    link = tablets.link_for(event, table)
    Seating.objects.filter(event=event, round__lte=2, table=table).update(
        agreed_at="2026-01-01T20:00Z"
    )
    page = client.get(reverse("scorer_next", args=[link.token, 2]))
    assert page.status_code == 200
    assert "withdrawn, the evening ends here, thank you" in page.content.decode()


def test_withdrawing_after_results_in_the_last_round_says_there_is_none_later(director):
    event = make_event(director)  # 3 rounds
    table = services.movement_for(event).where("1", 3)[0]
    enter(event, services.movement_for(event).at(3, table).boards[0], 3, table)
    with pytest.raises(ServiceError, match="the last round: there is no later round"):
        services.withdraw_pair(event, "1", 2, by=Actor.director(director))


def test_the_room_display_names_pairs_coming_into_play(odd):
    """A late pair joining in round 2 sits at no table in round 1, so no table's move
    names it: the display does.  (The phantom's opponents sit out at their own table,
    which their guide card already names.)"""
    assert services.movement_for(odd).arrivals(1) == []
    services.add_late_pair(odd, 2, by=Actor.director(odd.owner))
    arriving = services.movement_for(odd).arrivals(1)
    late = [a for a in arriving if a[0] == "6"]
    assert late and late[0][1:] == services.movement_for(odd).where("6", 2)
    assert services.movement_for(odd).arrivals(3) == []


# --- Properties -------------------------------------------------------------------


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.integers(1, 3), st.integers(0, 6))
def test_adding_then_withdrawing_a_pair_loses_no_result(director, from_round, played):
    """Results entered anywhere stay exactly as they were, and the seating is back."""
    event = make_event(director, pairs_count=5)
    by = Actor.director(director)
    movement = services.movement_for(event)
    tables = [tr for tr in movement.schedule if not tr.sit_out and tr.round < from_round]
    for tr in tables[:played]:
        enter(event, tr.boards[0], tr.round, tr.table)
    before = sorted(Result.objects.filter(event=event).values_list("pk", "net_ns", "is_live"))
    seating = sorted(Seating.objects.filter(event=event).values_list("round", "table", "ns", "ew"))
    services.add_late_pair(event, from_round, by=by)
    services.withdraw_pair(event, "6", from_round, by=by)
    after = sorted(Result.objects.filter(event=event).values_list("pk", "net_ns", "is_live"))
    assert after == before
    again = sorted(Seating.objects.filter(event=event).values_list("round", "table", "ns", "ew"))
    assert again == seating


@given(st.sampled_from(["mitchell", "howell"]), st.integers(3, 6), st.data())
def test_changes_keep_the_movement_whole(kind, tables, data):
    """Tables and boards never move; no pair sits twice in a round."""
    full = make_movement(kind, tables, 2)
    withdrawn = data.draw(st.sampled_from(full.pairs))
    out_from = data.draw(st.integers(1, full.rounds))
    join_from = data.draw(st.integers(out_from, full.rounds))
    changes = [
        FieldChange("withdrawn", withdrawn, out_from),
        FieldChange("late", "99", join_from, withdrawn),
    ]
    played = with_field_changes(full, None, changes)
    for a, b in zip(full.schedule, played.schedule, strict=True):
        assert (a.round, a.table, a.boards) == (b.round, b.table, b.boards)
    for r in range(1, full.rounds + 1):
        seated = [p for tr in played.round(r) for p in (tr.ns, tr.ew) if p]
        assert len(seated) == len(set(seated))
        assert ("99" in seated) == (r >= join_from)


def test_the_room_display_and_a_sitting_out_tablet_name_the_pairs(odd, client):
    from django.urls import reverse

    from tournament.services import tablets
    from tournament.views.display import display_context

    services.add_late_pair(odd, 2, by=Actor.director(odd.owner))
    context = display_context(odd)
    assert [a[0] for a in context["arrivals"]] == ["6"]
    # Round 1, table 3: North-South 3 sits out (the phantom's place); its tablet says who.
    page = client.get(reverse("scorer_home", args=[tablets.link_for(odd, 3).token]))
    assert "North-South <strong>3</strong> sits out this round" in page.content.decode()
