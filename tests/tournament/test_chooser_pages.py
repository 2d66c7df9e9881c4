"""The chooser on the director's pages: the new-event form offers the candidates for the
pairs present, each with its reason and figures, and a candidate chosen sets the event's
movement by name; the public Movements page lists them with links to guide cards."""

import re

import pytest
from django.urls import reverse

from scoring.movements import build
from scoring.movements.chooser import choose
from tournament.models import Event, Seating


@pytest.fixture
def alice(client, director):
    client.force_login(director)
    return client


NEW_EVENT = {
    "name": "Tuesday pairs",
    "date": "1915-04-06",
    "code": "1915",
    "premium": "on",
    "form": "pairs",
    "method": "matchpoints",
    "movement": "mitchell",
    "even": "skip",
}


def _radios(page):
    return re.findall(r'<input type="radio" name="movement_name" value="([^"]*)"', page)


def test_the_new_event_form_offers_the_candidates_for_the_pairs_present(alice):
    page = alice.get(reverse("director_event_create"), {"choose-pairs": "14"}).content.decode()
    expected = choose(14)
    assert _radios(page) == [c.name for c in expected] + [""]
    assert f'value="{expected[0].name}" checked' in page  # the best is chosen to start
    assert "One winner, every pair meets every other" in page
    assert "13 rounds · 7 tables · 26 boards a pair · one winner · balance" in page
    assert 'type="hidden" name="choose-pairs" value="14"' in page


def test_asking_the_chooser_keeps_what_was_typed(alice):
    """The event's form as the director left it comes along with the question
    (keeptyped.js): the answer shows it again, an unticked box unticked."""
    typed = {
        "keep-name": "Tuesday pairs",
        "keep-date": "1915-04-06",
        "keep-code": "royalton",
        "keep-form": "individual",  # then the pairs' chooser asked: a pair contest
        "keep-method": "matchpoints",
    }  # "keep-premium" left out: the premium box was unticked
    page = alice.get(reverse("director_event_create"), {"choose-pairs": "14", **typed})
    text = page.content.decode()
    assert 'name="name" value="Tuesday pairs"' in text
    assert 'name="date" value="1915-04-06"' in text
    assert '<option value="royalton" selected>' in text
    assert '<option value="matchpoints" selected>' in text
    assert '<option value="pairs" selected>' in text
    assert 'name="premium" id="id_premium">' in text  # no "checked"
    assert f'value="{choose(14)[0].name}" checked' in text  # the chooser's answer picked
    plain = alice.get(reverse("director_event_create"), {"choose-pairs": "14"}).content.decode()
    assert 'name="premium" id="id_premium" checked>' in plain  # nothing kept: the defaults


def test_without_pairs_the_form_is_as_before(alice):
    page = alice.get(reverse("director_event_create")).content.decode()
    assert _radios(page) == []
    assert "Show the movements" in page and 'name="tables"' in page


def test_a_howell_chosen_on_the_form_creates_its_event(alice):
    data = {**NEW_EVENT, "choose-pairs": "13", "movement_name": "howell-7"}
    r = alice.post(reverse("director_event_create"), data)
    event = Event.objects.get(name="Tuesday pairs")
    assert r.status_code == 302
    bpr = next(c for c in choose(13) if c.name == "howell-7").boards_per_round
    movement = build("howell-7", bpr, 13)
    assert (event.movement_name, event.movement, event.tables, event.pairs_count) == (
        "howell-7",
        "howell",
        7,
        13,
    )
    assert event.boards_per_round == bpr
    seats = sorted(
        (s.round, s.table, s.ns.label if s.ns else None, s.ew.label if s.ew else None)
        for s in Seating.objects.filter(event=event).select_related("ns", "ew")
    )
    assert seats == sorted((tr.round, tr.table, tr.ns, tr.ew) for tr in movement.schedule)


def test_keeping_the_settings_still_works_and_needs_the_tables(alice):
    data = {**NEW_EVENT, "choose-pairs": "10", "movement_name": ""}
    page = alice.post(reverse("director_event_create"), data).content.decode()
    assert "Give the number of tables, or choose a movement above." in page
    assert not Event.objects.exists()
    r = alice.post(
        reverse("director_event_create"), {**data, "tables": "5", "boards_per_round": "3"}
    )
    assert r.status_code == 302
    event = Event.objects.get()
    assert (event.movement_name, event.tables) == ("", 5)


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"choose-pairs": "14", "movement_name": "howell-3"}, "Choose one of the movements listed"),
        ({"movement_name": "howell-7"}, "Choose one of the movements listed"),
        ({"choose-pairs": "14", "movement_name": "howell-7", "form": "teams"}, "its own rotation"),
    ],
)
def test_a_choice_not_offered_is_a_message_and_nothing_is_lost(alice, extra, words):
    page = alice.post(reverse("director_event_create"), {**NEW_EVENT, **extra}).content.decode()
    assert words in page
    assert 'value="Tuesday pairs"' in page
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("query", "words"),
    [({"choose-pairs": "x"}, "A whole number, please."), ({"choose-pairs": "500"}, "At most 80.")],
)
def test_a_bad_number_of_pairs_is_a_message(alice, query, words):
    r = alice.get(reverse("director_event_create"), query)
    assert r.status_code == 200 and words in r.content.decode()


def test_the_public_movements_page_lists_the_candidates_with_links(client):
    page = client.get(reverse("movement_preview"), {"choose-pairs": "16"}).content.decode()
    for c in choose(16):
        assert f"?name={c.name}&amp;boards_per_round={c.boards_per_round}&amp;pairs=16" in page
    assert "Two winners, North-South and East-West; needs a relay between tables 1 and 8" in page


def test_a_candidates_link_shows_its_schedule_and_guide_cards(client):
    page = client.get(
        reverse("movement_preview"), {"name": "howell-4", "boards_per_round": "3", "pairs": "7"}
    ).content.decode()
    assert "Howell, 4 tables, 7 rounds, 7 pairs, 21 boards (3 a round)" in page
    assert "Guide cards" in page


def test_a_candidates_page_keeps_the_question_and_the_list(client):
    """Each candidate's link carries the question asked, so its page shows the form as
    filled and the list folded above the schedule: the next candidate is one tap away."""
    asked = {"choose-pairs": "16", "choose-boards": "24"}
    listed = client.get(reverse("movement_preview"), asked).content.decode()
    first, second = choose(16, boards=24)[:2]
    link = (
        f"?name={first.name}&amp;boards_per_round={first.boards_per_round}&amp;pairs=16"
        "&amp;choose-pairs=16&amp;choose-boards=24"
    )
    assert link in listed
    page = client.get(
        reverse("movement_preview"),
        {"name": first.name, "boards_per_round": first.boards_per_round, "pairs": 16, **asked},
    ).content.decode()
    assert "Guide cards" in page
    assert 'name="choose-pairs" value="16"' in page and 'name="choose-boards" value="24"' in page
    assert "<summary>The movements for 16 pairs, best first</summary>" in page
    assert f"?name={second.name}&amp;" in page


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ({"name": "waltz-9", "boards_per_round": "2"}, "no movement called"),
        ({"name": "howell-4", "boards_per_round": "0"}, "At least 1."),
        ({"name": "howell-4", "boards_per_round": "2", "pairs": "3"}, "do not fit 4 tables"),
    ],
)
def test_a_bad_link_is_a_message(client, query, words):
    r = client.get(reverse("movement_preview"), query)
    assert r.status_code == 200 and words in r.content.decode()


def test_the_field_page_offers_the_candidates_for_the_field_as_it_is_now(alice, director):
    from tests.factories import enter, make_event
    from tournament import services
    from tournament.services import Actor

    event = make_event(director, tables=4, boards_per_round=2)
    page = alice.get(reverse("director_field", args=[event.pk])).content.decode()
    assert "Movements for 8 pairs" in page and "No result is in yet" in page
    assert "Seat the field in this movement" in page
    services.withdraw_pair(event, "3", 2, by=Actor.director(director))
    enter(event, 1, 1, 1, "4H S 10")
    page = alice.get(reverse("director_field", args=[event.pk])).content.decode()
    assert "Movements for 7 pairs" in page and "Play has started" in page
    for c in choose(7):
        assert f"?name={c.name}&amp;" in page


def _seats(event):
    return sorted(
        (
            s.round,
            s.table,
            s.ns.label if s.ns else None,
            s.ew.label if s.ew else None,
            s.first_board,
            s.last_board,
        )
        for s in Seating.objects.filter(event=event).select_related("ns", "ew")
    )


def test_before_play_the_field_is_seated_in_another_movement(alice, director):
    from tests.factories import make_event

    names = {str(n): [f"Player {n}a", f"Player {n}b"] for n in range(1, 9)}
    event = make_event(director, tables=4, boards_per_round=2, pair_names=names)
    chosen = next(c for c in choose(8) if c.name == "howell-4")
    r = alice.post(
        reverse("director_field", args=[event.pk]),
        {"action": "reseat", "choose-pairs": "8", "movement_name": "howell-4"},
        follow=True,
    )
    assert "The field is seated in the Howell, 4 tables" in r.content.decode()
    event.refresh_from_db()
    assert (event.movement_name, event.movement, event.tables) == ("howell-4", "howell", 4)
    assert event.boards_per_round == chosen.boards_per_round
    assert _seats(event) == sorted(
        (tr.round, tr.table, tr.ns, tr.ew, tr.boards[0], tr.boards[-1])
        for tr in chosen.movement.schedule
    )
    assert event.round_set.count() == 7
    assert event.board_set.count() == chosen.movement.boards
    pair = event.pair_set.get(label="3")
    assert sorted(pair.player_set.values_list("name", flat=True)) == ["Player 3a", "Player 3b"]


def test_a_reseat_never_drops_a_named_pair_nor_moves_a_result(alice, director):
    from tests.factories import enter, make_event

    event = make_event(director, tables=4, boards_per_round=2, pair_names={"8": ["A", "B"]})
    before = _seats(event)
    r = alice.post(
        reverse("director_field", args=[event.pk]),
        {"action": "reseat", "choose-pairs": "7", "movement_name": "howell-4"},
        follow=True,
    )
    assert "has no place for pair 8, which has its players" in r.content.decode()
    assert _seats(event) == before
    enter(event, 1, 1, 1, "4H S 10")
    r = alice.post(
        reverse("director_field", args=[event.pk]),
        {"action": "reseat", "choose-pairs": "8", "movement_name": "howell-4"},
        follow=True,
    )
    assert "Play has started (a result is in): the movement stays" in r.content.decode()
    assert _seats(event) == before
    event.refresh_from_db()
    assert event.movement_name == ""


def _candidate(page, name):
    """The list item of the candidate ``name`` on a chooser page."""
    items = re.findall(r'<li class="candidate">(.*?)</li>', page, re.S)
    return next(item for item in items if f"<code>{name}</code>" in item)


def test_a_switch_candidates_reason_names_the_rounds_it_switches(client):
    page = client.get(reverse("movement_preview"), {"choose-pairs": "16"}).content.decode()
    switch = _candidate(page, "mitchell-8-relay-switch-4")
    assert "arrow switch every 4 rounds" in switch
    assert "One winner, by an arrow switch in rounds 4 and 8;" in switch
    assert "last round" not in switch
    assert "One winner, by an arrow switch in rounds 3 and 6;" in _candidate(
        page, "mitchell-8-skip-switch-3"
    )


def test_the_boards_a_pair_count_the_round_a_pair_sits_out(alice):
    """15 pairs: the pair drawn against the phantom sits out a round, so a relay
    Mitchell of 8 rounds of 3 plays 21 or 24 boards a pair; 13 pairs in the 7-table
    Howell each sit out one of its 13 rounds of 2, so play 24 (not 26)."""
    page = alice.get(reverse("director_event_create"), {"choose-pairs": "15"}).content.decode()
    assert "8 rounds · 8 tables · 21 or 24 boards a pair ·" in _candidate(page, "mitchell-8-relay")
    page = alice.get(reverse("movement_preview"), {"choose-pairs": "13"}).content.decode()
    assert "13 rounds · 7 tables · 24 boards a pair ·" in _candidate(page, "howell-7")
    assert "26 boards a pair" not in page
