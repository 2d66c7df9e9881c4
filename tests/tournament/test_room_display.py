"""The round timer, the room display, and what a tablet shows between boards."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournament import services
from tournament.models import AuditEntry, Event
from tournament.services import Actor, ServiceError, tablets
from tournament.services import display as display_module
from tournament.services.display import timer_state

from ..factories import enter, event_with_results, make_event
from .test_races import Device, gated_race, needs_postgresql


@pytest.fixture
def alice(client, director):
    client.force_login(director)
    return client


def _by(event):
    return Actor.director(event.owner)


def test_timer_runs_pauses_resumes_and_ends(event):
    assert timer_state(event).state == "stopped"
    display_module.start_timer(event, 15, by=_by(event))
    event.refresh_from_db()
    now = timezone.now()
    # 15 minutes from the start; 13 minutes later 2:00 is left: the warning.
    assert timer_state(event, now).seconds_left in (899, 900)
    later = timer_state(event, now + timedelta(minutes=13))
    assert later.state == "running" and later.seconds_left <= 120 and later.warning
    # At 15 minutes round 1's time is up and the change of tables to round 2 runs.
    after = timer_state(event, now + timedelta(minutes=16))
    assert (after.state, after.round, after.seconds_left) in (
        ("change", 2, 60), ("change", 2, 59)
    )  # fmt: skip
    display_module.pause_timer(event, by=_by(event))
    event.refresh_from_db()
    paused = timer_state(event, now + timedelta(hours=1))  # a pause does not run down
    assert paused.state == "paused" and paused.seconds_left in (899, 900)
    assert paused.shown in ("14:59", "15:00")
    display_module.add_minutes(event, -1, by=_by(event))
    event.refresh_from_db()
    assert timer_state(event).seconds_left in (839, 840)
    display_module.resume_timer(event, by=_by(event))
    event.refresh_from_db()
    assert timer_state(event).state == "running"
    display_module.stop_timer(event, by=_by(event))
    event.refresh_from_db()
    assert timer_state(event).state == "stopped"
    actions = list(AuditEntry.objects.filter(event=event, action="timer").values_list("detail"))
    assert len(actions) == 5  # start, pause, -1, resume, stop: each in the audit trail


def test_timer_refuses_nonsense_and_idle_verbs_change_nothing(event):
    with pytest.raises(ServiceError, match="from 1 to 120 minutes"):
        display_module.start_timer(event, 0, by=_by(event))
    with pytest.raises(ServiceError, match="not started"):
        display_module.add_minutes(event, 1, by=_by(event))
    display_module.pause_timer(event, by=_by(event))  # nothing to pause
    display_module.resume_timer(event, by=_by(event))  # nothing to resume
    assert not AuditEntry.objects.filter(event=event, action="timer").exists()


def test_director_controls_from_the_panel(alice, event):
    url = reverse("director_event", args=[event.pk])
    page = alice.get(url).content.decode()
    assert "Open the room display" in page and "Timer: not started" in page
    r = alice.post(reverse("director_display", args=[event.pk, "start"]), {"minutes": "abc"})
    assert "whole minutes" in alice.get(r["Location"]).content.decode()
    alice.post(reverse("director_display", args=[event.pk, "start"]), {"minutes": "12"})
    alice.post(reverse("director_display", args=[event.pk, "pause"]))
    page = alice.get(url).content.decode()
    assert "paused at 1" in page  # 12:00 or 11:59
    alice.post(reverse("director_display", args=[event.pk, "standings"]), {"shown": "1"})
    alice.post(reverse("director_display", args=[event.pk, "running-score"]), {"shown": "1"})
    event.refresh_from_db()
    assert event.display_standings and event.tablet_running_score and event.timer_minutes == 12
    assert alice.post(reverse("director_display", args=[event.pk, "nonsense"])).status_code == 404


def test_the_display_link_needs_no_login_and_shows_no_board(client, director):
    event = event_with_results(director, {(1, 1, 1): "4H S 10", (1, 3, 2): "3NT N 9"})
    token = display_module.display_link(event, by=_by(event))
    display_module.start_timer(event, 15, by=_by(event))
    display_module.show_standings(event, True, by=_by(event))
    tablets.call_director(event, 2, 1)
    page = client.get(reverse("room_display", args=[token])).content.decode()
    assert "Round 1" in page and "Table 2 calls the director" in page
    assert "Standings so far" in page and "At the end of round 1" in page
    assert 'data-state="running"' in page
    # A 3-table Mitchell: after round 1 EW 4 goes from table 1 to table 2, boards 1-2 to table 3
    # (the direction is named only when a pair changes it).
    assert "EW 4 → 2</span>" in page and "Bds 1–2 → 3</span>" in page
    # Never a contract, let alone a hand (the page's own random link is left out:
    # a token may spell "4H" by chance, which once failed CI).
    shown = page.replace(token, "")
    assert "4H" not in shown and "3NT" not in shown
    # A new link stops the old one; a wrong one is a 404, as is the event's own
    # address until its results are published.
    new = display_module.display_link(event, by=_by(event), new=True)
    assert client.get(reverse("room_display", args=[token])).status_code == 404
    assert client.get(reverse("room_display", args=[new])).status_code == 200
    assert client.get(reverse("event_display", args=[event.pk])).status_code == 404
    services.set_published(event, True, by=_by(event))
    assert client.get(reverse("event_display", args=[event.pk])).status_code == 200


def test_closing_the_round_moves_the_clock_on_so_no_round_shows_anothers_clock(client, director):
    """The director closes round 1 while its clock still runs: the display must never
    show round 1's minutes under round 2's number.  The clock moves on with the close:
    the change of tables to round 2 (the clock moving on by itself), or round 2's play
    straight away (the clock following the director's closes)."""
    event = make_event(director)
    token = display_module.display_link(event, by=_by(event))
    display_module.start_timer(event, 15, by=_by(event))
    services.close_round(event, 1, by=_by(event))
    page = client.get(reverse("room_display", args=[token])).content.decode()
    assert "Next: round 2 <span" in page and "round 2 starts in this time" in page
    assert "left in round 1" not in page and 'aria-label="Round 2 timer"' in page
    assert "At the end of round 1" in page  # the moves of the round just played
    event.refresh_from_db()
    state = timer_state(event)
    assert (state.state, state.round, state.phase) == ("change", 2, "change")
    assert 110 <= state.seconds_left <= 120  # the default two minutes to change tables
    client.force_login(director)
    panel = client.get(reverse("director_event", args=[event.pk])).content.decode()
    assert "Timer: changing tables, 1:5" in panel or "Timer: changing tables, 2:00" in panel
    display_module.pause_timer(event, by=_by(event))
    page = client.get(reverse("room_display", args=[token])).content.decode()
    assert "Change of tables, paused: round 2 starts after it." in page
    # Restart: round 2's play afresh, at the minutes given.
    display_module.start_timer(event, 12, by=_by(event))
    page = client.get(reverse("room_display", args=[token])).content.decode()
    assert "Round 2 <span" in page and "left in round 2" in page
    assert AuditEntry.objects.filter(event=event, action="timer").first().detail == (
        "12 min, round 2"
    )
    # Following the director's closes: closing round 2 starts round 3's play at once.
    display_module.set_timer(event, minutes=12, changeover=2, follows="close", by=_by(event))
    services.close_round(event, 2, by=_by(event))
    event.refresh_from_db()
    state = timer_state(event)
    assert (state.state, state.round, state.phase) == ("running", 3, "play")
    assert 710 <= state.seconds_left <= 720
    # Closing the last round stops the clock: the display says every round is played.
    services.close_round(event, 3, by=_by(event))
    event.refresh_from_db()
    assert timer_state(event).state == "stopped"
    page = client.get(reverse("room_display", args=[token])).content.decode()
    assert "All rounds played" in page and "data-timer" not in page


def _at(event, number, phase, ends_at):
    event.timer_round, event.timer_phase, event.timer_ends_at = number, phase, ends_at
    event.timer_left = None
    return event


def test_the_clock_follows_the_rounds_by_itself(event):
    """Rounds of 15 minutes, 2 to change, 3 rounds: from round 1's start the schedule runs
    round 1 0:00-15:00, change 15:00-17:00, round 2 17:00-32:00, change 32:00-34:00, round 3
    34:00-49:00, and then the time is up for good."""
    t0 = timezone.now()
    event.timer_minutes, event.changeover_minutes = 15, 2
    _at(event, 1, "play", t0 + timedelta(minutes=15))
    m = timedelta(minutes=1)

    def at(minutes, seconds=0):
        s = timer_state(event, t0 + minutes * m + timedelta(seconds=seconds), rounds=3)
        return s.state, s.round, s.phase, s.seconds_left

    assert at(0) == ("running", 1, "play", 900)
    assert at(14, 30) == ("running", 1, "play", 30)
    assert at(15) == ("change", 2, "change", 120)
    assert at(16) == ("change", 2, "change", 60)
    assert at(17) == ("running", 2, "play", 900)
    assert at(31, 59) == ("running", 2, "play", 1)
    assert at(32, 30) == ("change", 3, "change", 90)
    assert at(34) == ("running", 3, "play", 900)
    assert at(49) == ("over", 3, "play", 0)  # the last round: no next one
    assert at(600) == ("over", 3, "play", 0)
    # No change-over: each round's clock starts as the one before runs out.
    event.changeover_minutes = 0
    assert at(15) == ("running", 2, "play", 900)
    assert at(44, 59) == ("running", 3, "play", 1)
    # Following the director's closes: the time stays up until round 1 is closed.
    event.changeover_minutes, event.timer_follows = 2, "close"
    assert at(15) == ("over", 1, "play", 0)
    assert at(90) == ("over", 1, "play", 0)


def test_pause_and_minutes_apply_to_the_phase_under_way(event):
    display_module.set_timer(event, minutes=1, changeover=1, follows="change-over", by=_by(event))
    display_module.start_timer(event, by=_by(event))
    event.refresh_from_db()
    # Round 1's minute ran out 10 s ago: the change of tables is 50 s from its end.
    event.timer_ends_at = timezone.now() - timedelta(seconds=10)
    event.save(update_fields=["timer_ends_at"])
    display_module.pause_timer(event, by=_by(event))
    event.refresh_from_db()
    assert (event.timer_round, event.timer_phase) == (2, "change")
    assert event.timer_left in (49, 50)
    later = timer_state(event, timezone.now() + timedelta(hours=2))  # a pause holds
    assert (later.state, later.round, later.changing) == ("paused", 2, True)
    display_module.add_minutes(event, 1, by=_by(event))
    display_module.resume_timer(event, by=_by(event))
    event.refresh_from_db()
    state = timer_state(event)
    assert (state.state, state.round) == ("change", 2) and 108 <= state.seconds_left <= 110
    # The settings change the phases to come, not the one under way.
    display_module.set_timer(event, minutes=20, changeover=3, follows="change-over", by=_by(event))
    event.refresh_from_db()
    assert 108 <= timer_state(event).seconds_left <= 110
    after = timer_state(event, timezone.now() + timedelta(seconds=115))
    assert (after.state, after.round) == ("running", 2) and after.seconds_left > 19 * 60


def test_timer_settings_refuse_nonsense_in_the_directors_words(alice, event):
    url = reverse("director_display", args=[event.pk, "settings"])
    for data, words in (
        ({"minutes": "0", "changeover": "2", "follows": "close"}, "from 1 to 120 minutes"),
        ({"minutes": "15", "changeover": "45", "follows": "close"}, "from 0 to 30 minutes"),
        ({"minutes": "15", "changeover": "two", "follows": "close"}, "whole minutes"),
        ({"minutes": "15", "changeover": "2", "follows": "never"}, "what starts the next"),
    ):
        r = alice.post(url, data)
        assert words in alice.get(r["Location"]).content.decode()
    r = alice.post(url, {"minutes": "18", "changeover": "3", "follows": "close"})
    event.refresh_from_db()
    assert (event.timer_minutes, event.changeover_minutes, event.timer_follows) == (
        18, 3, "close"
    )  # fmt: skip
    page = alice.get(r["Location"]).content.decode()
    assert 'value="close" checked' in page and 'id="timer-changeover"' in page


def test_current_round_moves_on_when_every_table_agrees(director):
    event = make_event(director)
    assert display_module.current_round(event).number == 1
    event.seating_set.filter(round=1).update(agreed_at=timezone.now())
    assert display_module.current_round(event).number == 2
    services.close_round(event, 2, by=_by(event))
    assert display_module.current_round(event).number == 3


def _tablet(event, table):
    link = tablets.link_for(event, table)
    return Client(), link


def test_after_an_agreed_board_the_tablet_shows_its_traveller_so_far(director):
    # Board 1: table 1 in round 1, table 3 in round 2, table 2 in round 3 (3-table Mitchell).
    event = make_event(director)
    enter(event, 1, 1, 1, "4H S 10", confirmed=True)
    enter(event, 1, 2, 3, "4H S 8", confirmed=True)  # a later round, entered by the director
    client, link = _tablet(event, 1)
    mine = enter(event, 2, 1, 1, "3NT N 9", by=Actor.tablet(1))
    url = reverse("scorer_result", args=[link.token, mine.pk])
    assert "so far" not in client.get(url).content.decode()  # not yet agreed
    r = client.post(url, {"action": "confirm"})
    assert r["Location"] == url  # back to the board, now with its traveller
    page = client.get(url).content.decode()
    assert "Board 2 so far" in page and "only yours yet" in page
    # A lone line has no figure ("0.00" would be matchpoints of a top of 0, while the
    # director's pages, later in the evening, show it factored up) until there is
    # something to compare with.
    lone = page[page.index('<table class="so-far">') :]
    lone = lone[: lone.index("</table>")]
    assert "Nothing to compare with yet" in lone and ">—</abbr>" in lone
    assert "Back to the round" in page  # both boards of the round are in: no "Next"
    first = event.result_set.get(board__number=1, round=1)
    page = client.get(reverse("scorer_result", args=[link.token, first.pk])).content.decode()
    # Board 1's traveller: table 1 (ours) and table 3; not table 2, which plays it later.
    assert "Board 1 so far" in page and "Next: board 2" not in page
    so_far = page[page.index('<table class="so-far">') :]
    so_far = so_far[: so_far.index("</table>")]
    assert so_far.count("<tr") == 3  # the heading and two lines
    assert "4H by S, 8 tricks" in so_far and "(you)" in so_far
    assert "Nothing to compare with yet" not in so_far  # two lines: compared


def test_a_team_matchs_board_so_far_names_the_teams_in_narrow_columns(director):
    """A team match's "board so far" on the tablet headed its points columns with the
    teams' full names would push the table sideways on a phone, so the columns carry the
    team letters, the names in the note above and in a title."""
    from tournament.models import Seating, Team

    event = make_event(director, form="teams", movement="teams", tables=3, boards_per_round=1)
    Team.objects.filter(event=event, label="A").update(name="Knickerbocker Whist Club")
    Team.objects.filter(event=event, label="B").update(name="Brooklyn Duplicate Society")
    first = Seating.objects.playing(event, 1).first()
    client, link = _tablet(event, first.table)
    mine = enter(event, 1, first.round, first.table, "4H S 10", by=Actor.tablet(first.table))
    url = reverse("scorer_result", args=[link.token, mine.pk])
    client.post(url, {"action": "confirm"})
    page = client.get(url).content.decode()
    head = page[page.index('<table class="so-far">') :]
    head = head[: head.index("</thead>")]
    assert '<abbr title="Knickerbocker Whist Club">A</abbr>' in head
    assert "Brooklyn Duplicate Society</th>" not in head
    assert "A: Knickerbocker Whist Club; B: Brooklyn Duplicate Society" in page


def test_running_score_only_when_the_director_allows(director):
    event = event_with_results(
        director,
        {
            (1, 1, 1): "4H S 10",
            (2, 1, 1): "3NT N 9",
            (3, 1, 2): "2S E 8",
            (4, 1, 2): "1H N 7",
            (1, 2, 3): "4H S 8",  # board 1 again, at table 3 in round 2: 4H S 10 beats it
        },
        method="matchpoints",
    )
    for table in (1, 2):
        for r in event.result_set.filter(table=table):
            services.confirm_result(r, by=Actor.tablet(table))
    seating = event.seating_set.get(round=1, table=1)
    services.agree_round(seating, by=Actor.tablet(1))
    client, link = _tablet(event, 1)
    url = reverse("scorer_next", args=[link.token, 1])
    assert "So far" not in client.get(url).content.decode()
    display_module.set_running_score(event, True, by=_by(event))
    page = client.get(url).content.decode()
    assert "So far" in page and "North-South 1" in page and "East-West 4" in page
    running = page[page.index("So far") : page.index("Next round")]
    # North-South 1 won board 1's only comparison (1 matchpoint of a top of 1): first of the
    # three North-South pairs with a result so far (1, 2 and 3).
    ns = running[running.index("North-South 1") : running.index("East-West 4")]
    assert "1 of 3" in ns


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_two_directors_pausing_at_once_pause_once(director, monkeypatch):
    event = make_event(director)
    display_module.start_timer(event, 10, by=_by(event))

    def pause():
        return display_module.pause_timer(Event.objects.get(pk=event.pk), by=_by(event))

    a, b = Device("a", pause), Device("b", pause)
    waited = gated_race(monkeypatch, (display_module, "timer_state"), a, b)
    assert waited  # b waited for a's lock on the event, then found it paused
    assert AuditEntry.objects.filter(event=event, action="timer").count() == 2  # start, one pause


@pytest.mark.django_db(transaction=True)
@needs_postgresql
def test_a_pause_while_the_round_is_closed_pauses_the_clock_the_close_moved_on(
    director, monkeypatch
):
    """One director closes round 1 (the clock moves on to the change of tables) while
    another presses Pause: the pause waits for the close's lock on the event, then
    pauses the change-over the close started, not round 1's play it read before."""
    event = make_event(director)
    display_module.start_timer(event, 15, by=_by(event))

    def close():
        return services.close_round(Event.objects.get(pk=event.pk), 1, by=_by(event))

    def pause():
        return display_module.pause_timer(Event.objects.get(pk=event.pk), by=_by(event))

    a, b = Device("a", close), Device("b", pause)
    waited = gated_race(monkeypatch, (display_module, "timer_state"), a, b)
    assert waited  # b waited for a's lock on the event
    event.refresh_from_db()
    state = timer_state(event)
    assert (state.state, state.round, state.phase) == ("paused", 2, "change")
    details = list(
        AuditEntry.objects.filter(event=event, action="timer")
        .order_by("pk")
        .values_list("detail", flat=True)
    )
    assert details[1:] == ["round 1 closed: the change-over to round 2", details[2]]
    assert details[2].startswith("paused at ")


def test_a_tablet_whose_round_the_director_closed_says_so(director, client):
    """The director closes the last round while a table has entered nothing: its tablet
    says so and asks for the director, not "all rounds played"."""
    from django.utils import timezone

    event = make_event(director)
    event.seating_set.filter(round__lt=3).update(agreed_at=timezone.now())
    for r in (1, 2, 3):
        services.close_round(event, r, by=_by(event))
    link = tablets.link_for(event, 2)
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "The director closed round 3 before this table agreed it." in page
    assert "call the director" in page.lower()
    assert "All rounds played" not in page
    # Rounds 1 and 3 closed, 2 agreed here: both named, not "round 1 and the rounds after
    # it".
    event.seating_set.filter(table=2, round=1).update(agreed_at=None)
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "The director closed rounds 1 and 3 before this table agreed them." in page
    assert "the rounds after it" not in page
    # None agreed here: "every round", not the list of them all.
    event.seating_set.filter(table=2).update(agreed_at=None)
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "The director closed every round before this table agreed it." in page
    event.seating_set.filter(table=2).update(agreed_at=timezone.now())
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "All rounds played" in page


def test_a_round_closed_with_every_board_entered_is_no_alarm(director, client):
    """Every board of the last round entered and agreed by both sides, only "Round
    agreed" not tapped: the tablet raises no alarm ("if you have results to give, call the
    director") for a round the director closed."""
    from django.utils import timezone

    event = make_event(director)
    event.seating_set.filter(round__lt=3).update(agreed_at=timezone.now())
    link = tablets.link_for(event, 2)
    last = event.seating_set.get(round=3, table=2)
    *boards, missing = last.board_numbers
    for board in boards:
        enter(event, board, 3, 2, "4H S 10", confirmed=True)
    for r in (1, 2, 3):
        services.close_round(event, r, by=_by(event))
    # One board of round 3 never entered here: the alarm stands.
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "The director closed round 3 before this table agreed it." in page
    # Every board entered: nothing was lost, so no call for the director.
    enter(event, missing, 3, 2, "4H S 10", by=Actor.director(director, "the score card"))
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "All rounds played" in page and "call the director" not in page.lower()


def test_a_tablet_shows_the_clock_only_of_its_own_round(director):
    event = make_event(director)
    display_module.start_timer(event, 15, by=_by(event))
    client, link = _tablet(event, 1)
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert 'aria-label="Round 1 clock"' in page and "left in round 1" in page
    # Round 1's time and the change of tables are over: the clock counts round 2 while
    # this table is still in round 1, so its tablet shows no clock at all.
    Event.objects.filter(pk=event.pk).update(timer_ends_at=timezone.now() - timedelta(minutes=3))
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "<h1>Round 1</h1>" in page and "data-timer" not in page
    # The director closes round 1: the table is in round 2, and so is the clock.
    services.close_round(event, 1, by=_by(event))
    page = client.get(reverse("scorer_home", args=[link.token])).content.decode()
    assert "<h1>Round 2</h1>" in page and 'aria-label="Round 2 clock"' in page
    assert "left in round 2" in page
