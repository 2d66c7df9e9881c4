"""The round timer follows the rounds on the room display with nobody touching it.

Rounds of three minutes and a change of tables of one minute; the test moves the
clock's anchor on the server (exactly what the passing of time does to it) so that
each phase ends two seconds later, and watches the display move through three rounds
by itself: the heading and the clock always name the same round.  The display refreshes
every second here (``DISPLAY_REFRESH_SECONDS``, five in the room), so each change is
waited for a second, not five.
"""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tournament.models import Event
from tournament.services import Actor, display

from ..factories import make_event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MINUTE = 60
PLAY, CHANGE = 3, 1  # minutes: a round's play (past the two minutes' warning), a change
REFRESH = 1  # seconds between the display's refreshes in these tests


@pytest.fixture(autouse=True)
def _quick_refresh(settings):
    settings.DISPLAY_REFRESH_SECONDS = REFRESH


def _phase_ends_in(event, seconds: int, minutes_gone: int) -> None:
    """Round 1's play ends (ended) so that the phase ``minutes_gone`` minutes of the
    schedule after it ends ``seconds`` from now."""
    ends = timezone.now() + timedelta(seconds=seconds - minutes_gone * MINUTE)
    Event.objects.filter(pk=event.pk).update(timer_ends_at=ends)


def _same_round_throughout(page) -> tuple[str, str, str]:
    """The heading, the clock's name and its note, which must name one round."""
    heading = page.inner_text(".display-head .round")
    label = page.get_attribute("[data-timer]", "aria-label")
    note = page.inner_text(".clock-note")
    number = label.split()[1]
    assert f"round {number} " in heading.lower() + " ", (heading, label)
    assert f"round {number}" in note.lower() or note.startswith("Time:"), (note, label)
    return heading, label, note


def test_three_rounds_run_by_themselves(live_server, browser, shots):
    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    by = Actor.director(td)
    event = make_event(td, name="Tuesday pairs")  # 3 tables, 3 rounds
    token = display.display_link(event, by=by)
    display.set_timer(event, minutes=PLAY, changeover=CHANGE, follows="change-over", by=by)
    display.start_timer(event, by=by)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{live_server.url}/display/{token}/")
    assert page.get_attribute("[data-poll]", "data-interval") == str(REFRESH)
    heading, label, _ = _same_round_throughout(page)
    assert heading.startswith("Round 1") and label == "Round 1 timer"

    # Each phase in turn ends two seconds from now; the display (a refresh every REFRESH
    # seconds) moves on by itself.  (minutes of the schedule gone, what the display shows next)
    steps = [
        (0, "Next: round 2", "Round 2 timer", "change"),
        (CHANGE, "Round 2", "Round 2 timer", "running"),
        (CHANGE + PLAY, "Next: round 3", "Round 3 timer", "change"),
        (2 * CHANGE + PLAY, "Round 3", "Round 3 timer", "running"),
        (2 * CHANGE + 2 * PLAY, "Round 3", "Round 3 timer", "over"),
    ]
    for gone, heading_now, label_now, state in steps:
        _phase_ends_in(event, 2, gone)
        page.wait_for_selector(
            f'[data-timer][data-state="{state}"][aria-label="{label_now}"]', timeout=15_000
        )
        heading, label, note = _same_round_throughout(page)
        assert heading.startswith(heading_now), (heading, heading_now)
        if state == "change":
            assert "starts in this time" in note
            moves = page.inner_text(".display-moves h2")
            assert moves.startswith(f"At the end of round {int(label_now.split()[1]) - 1}")
            shots(page, f"round-clock-change-{label_now.split()[1]}")
        elif state == "running":
            face = page.inner_text(".clock-face")
            assert face.startswith(("3:00", "2:5")), face  # a fresh round: its full time
        else:
            assert note.startswith("Time: finish the board in play")
    # Nobody pressed anything: the only timer lines in the audit trail are the
    # director's settings and start.
    details = list(event.auditentry_set.filter(action="timer").values_list("detail", flat=True))
    assert len(details) == 2, details
    page.close()


def test_following_the_directors_closes(live_server, browser):
    """The other choice: round 1's time stays up until the director closes the round;
    the close starts round 2's clock at once, and the display follows within a refresh."""
    from tournament import services

    td = get_user_model().objects.create_user("td", password="whist-club-1915")
    by = Actor.director(td)
    event = make_event(td, name="Tuesday pairs")
    token = display.display_link(event, by=by)
    display.set_timer(event, minutes=PLAY, changeover=CHANGE, follows="close", by=by)
    display.start_timer(event, by=by)
    _phase_ends_in(event, 1, 0)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{live_server.url}/display/{token}/")
    page.wait_for_selector('[data-timer][data-state="over"][aria-label="Round 1 timer"]')
    # A refresh later the time is still up: no change-over.
    assert page.get_attribute("[data-poll]", "data-interval") == str(REFRESH)
    page.wait_for_timeout(REFRESH * 1000 + 500)
    assert page.get_attribute("[data-timer]", "data-state") == "over"
    services.close_round(event, 1, by=by)
    page.wait_for_selector(
        '[data-timer][data-state="running"][aria-label="Round 2 timer"]', timeout=10_000
    )
    heading, _, note = _same_round_throughout(page)
    assert heading.startswith("Round 2") and note == "left in round 2"
    page.close()
