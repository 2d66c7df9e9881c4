"""The room between boards: the round timer, the room display, what the tablets do.

The timer lives on the event's row, so every display and tablet agrees.  It
follows the rounds: a round plays for the event's minutes a round, the tables
change for its change-over minutes, and the next round's clock starts by itself;
or, as the director chooses, the next round's clock starts when the director
closes the round.  The row holds one phase as an anchor: the round, play or
change-over, and when it ends (running) or the seconds it has left (paused);
``timer_state`` walks the schedule from it to the present with arithmetic alone,
so nothing has to wake up at the end of a round and every screen works out the
same phase.  A display counts down by itself from the seconds left that the
server reports with each refresh, so a slow network never makes two screens
disagree by more than a refresh.  Each verb locks the event's row, settles the
anchor to the present and decides from the state it finds under the lock (two
directors pressing "pause" at once pause once), and writes the audit trail.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from ..choices import TimerFollows, TimerPhase
from ..errors import ServiceError
from ..models import Event, Round, Seating
from . import locks
from .audit import Actor, audit

MAX_MINUTES = 120
MAX_CHANGEOVER_MINUTES = 30
WARNING_SECONDS = 120  # "two minutes left": finish the board in play


@dataclass(frozen=True, slots=True)
class TimerState:
    """What a display shows.

    ``state``: "running" (a round's play), "change" (the tables changing before
    ``round``), "paused" (either; ``phase`` says which), "over" (``round``'s time is
    up and the next round's clock waits: for the director to close the round, or
    there is no next round) or "stopped".  ``round`` is the round the clock counts
    for, so a display never shows one round's clock under another's number.
    """

    state: str
    seconds_left: int
    minutes: int
    round: int | None = None
    phase: str = TimerPhase.PLAY
    ends_at: datetime | None = None

    @property
    def warning(self) -> bool:
        return (
            self.phase == TimerPhase.PLAY
            and self.state in ("running", "paused")
            and 0 < self.seconds_left <= WARNING_SECONDS
        )

    @property
    def changing(self) -> bool:
        """The tables are changing: the clock counts down to ``round``'s start."""
        return self.phase == TimerPhase.CHANGE and self.state in ("change", "paused")

    @property
    def shown(self) -> str:
        """The clock face: "14:05"."""
        return f"{self.seconds_left // 60:d}:{self.seconds_left % 60:02d}"


def _walk(
    event: Event, number: int, phase: str, ends_at: datetime, now: datetime, rounds: int
) -> tuple[int, str, datetime]:
    """From a phase ending at ``ends_at``, the phase in progress at ``now``: a change-over
    always leads into its round's play; a round's play leads into the next round's
    change-over (or straight into its play, with no change-over) only when the clock
    moves on by itself and there is a next round.  Otherwise the round's time stays up."""
    play = timedelta(minutes=event.timer_minutes)
    change = timedelta(minutes=event.changeover_minutes)
    by_itself = event.timer_follows == TimerFollows.CHANGE_OVER
    while now >= ends_at:
        if phase == TimerPhase.CHANGE:
            phase, ends_at = TimerPhase.PLAY, ends_at + play
        elif by_itself and number < rounds:
            number += 1
            if change:
                phase, ends_at = TimerPhase.CHANGE, ends_at + change
            else:
                ends_at += play
        else:
            break
    return number, phase, ends_at


def timer_state(event: Event, now: datetime | None = None, rounds: int | None = None) -> TimerState:
    """The timer as of ``now``: arithmetic on the event's row (``rounds``, the event's
    number of rounds, is counted when not given)."""
    now = now or timezone.now()
    number, phase = event.timer_round, event.timer_phase or TimerPhase.PLAY
    if event.timer_ends_at is not None:
        ends_at = event.timer_ends_at
        if number is not None:
            if rounds is None:
                rounds = event.round_set.count()
            number, phase, ends_at = _walk(event, number, phase, ends_at, now, rounds)
        left = max(0, round((ends_at - now).total_seconds()))
        # A change-over always has time left (_walk moves past one that ran out).
        state = "change" if phase == TimerPhase.CHANGE else "running" if left else "over"
        return TimerState(state, left, event.timer_minutes, number, phase, ends_at)
    if event.timer_left is not None:
        return TimerState("paused", event.timer_left, event.timer_minutes, number, phase)
    return TimerState("stopped", event.timer_minutes * 60, event.timer_minutes)


def _settle(e: Event, state: TimerState) -> list[str]:
    """Move the anchor to the phase in progress (the fields it wrote)."""
    e.timer_round, e.timer_phase = state.round, state.phase
    if state.state == "paused":
        e.timer_ends_at, e.timer_left = None, state.seconds_left
    elif state.state == "stopped":
        e.timer_ends_at = e.timer_left = None
    else:
        e.timer_ends_at, e.timer_left = state.ends_at, None
    return ["timer_round", "timer_phase", "timer_ends_at", "timer_left"]


def _save(event: Event, fields: list[str], action: str, detail: str, by: Actor) -> Event:
    event.save(update_fields=fields)
    audit(event, action, detail, by=by)
    return event


def _check_minutes(minutes: int) -> None:
    if not 1 <= minutes <= MAX_MINUTES:
        raise ServiceError(f"a round lasts from 1 to {MAX_MINUTES} minutes, not {minutes}")


@transaction.atomic
def set_timer(event: Event, *, minutes: int, changeover: int, follows: str, by: Actor) -> Event:
    """The event's round length, change-over and what starts the next round's clock.
    A phase under way keeps its end; the next ones follow the new lengths."""
    _check_minutes(minutes)
    if not 0 <= changeover <= MAX_CHANGEOVER_MINUTES:
        raise ServiceError(
            f"a change of tables takes from 0 to {MAX_CHANGEOVER_MINUTES} minutes, not {changeover}"
        )
    if follows not in TimerFollows.values:
        raise ServiceError("choose what starts the next round's clock")
    e = locks.event(event)
    fields = _settle(e, timer_state(e))
    if (e.timer_minutes, e.changeover_minutes, e.timer_follows) == (minutes, changeover, follows):
        return e
    e.timer_minutes, e.changeover_minutes, e.timer_follows = minutes, changeover, follows
    fields += ["timer_minutes", "changeover_minutes", "timer_follows"]
    detail = (
        f"{minutes} min a round, {changeover} min to change, "
        f"next round {TimerFollows(follows).label}"
    )
    return _save(e, fields, "timer", detail, by)


@transaction.atomic
def start_timer(event: Event, minutes: int | None = None, *, by: Actor) -> Event:
    """Start a round's play afresh at ``minutes`` (which become the event's round
    length) or the event's: the director's "start", for the round in play now, or
    "restart", for the round the clock counts (during a change of tables, the round
    it leads to), which may be ahead of the slowest table."""
    e = locks.event(event)
    minutes = e.timer_minutes if minutes is None else minutes
    _check_minutes(minutes)
    state = timer_state(e)
    if state.state != "stopped" and state.round is not None:
        number: int | None = state.round
    else:
        playing = current_round(e)
        number = playing.number if playing else None
    e.timer_minutes = minutes
    e.timer_ends_at = timezone.now() + timedelta(minutes=minutes)
    e.timer_left = None
    e.timer_round = number
    e.timer_phase = TimerPhase.PLAY
    detail = f"{minutes} min" + (f", round {number}" if number else "")
    fields = ["timer_minutes", "timer_ends_at", "timer_left", "timer_round", "timer_phase"]
    return _save(e, fields, "timer", detail, by)


@transaction.atomic
def pause_timer(event: Event, *, by: Actor) -> Event:
    e = locks.event(event)
    state = timer_state(e)
    if state.state not in ("running", "change"):  # paused, stopped or over: nothing to pause
        return e
    fields = _settle(e, state)
    e.timer_left, e.timer_ends_at = state.seconds_left, None
    return _save(e, fields, "timer", f"paused at {state.shown}", by)


@transaction.atomic
def resume_timer(event: Event, *, by: Actor) -> Event:
    e = locks.event(event)
    if e.timer_left is None or e.timer_ends_at is not None:
        return e
    left = e.timer_left
    e.timer_ends_at, e.timer_left = timezone.now() + timedelta(seconds=left), None
    return _save(e, ["timer_ends_at", "timer_left"], "timer", "resumed", by)


@transaction.atomic
def add_minutes(event: Event, minutes: int, *, by: Actor) -> Event:
    """Give the room more (or, negative, less) time in the phase under way, without
    restarting the round."""
    e = locks.event(event)
    state = timer_state(e)
    if state.state == "stopped":
        raise ServiceError("the timer is not started: start it first")
    fields = _settle(e, state)
    left = max(0, min(MAX_MINUTES * 60, state.seconds_left + 60 * minutes))
    if state.state == "paused":
        e.timer_left = left
    else:
        e.timer_ends_at, e.timer_left = timezone.now() + timedelta(seconds=left), None
    return _save(e, fields, "timer", f"{minutes:+d} min", by)


@transaction.atomic
def stop_timer(event: Event, *, by: Actor) -> Event:
    e = locks.event(event)
    if e.timer_ends_at is None and e.timer_left is None:
        return e
    e.timer_ends_at = e.timer_left = None
    return _save(e, ["timer_ends_at", "timer_left"], "timer", "stopped", by)


def round_closed(event: Event, number: int, *, by: Actor) -> None:
    """The director closed round ``number``: a clock still on it (or an earlier round)
    moves on, so the display never counts a closed round.  The next round's clock starts
    now, or, when the clock moves on by itself, the change-over before it does; closing
    the last round stops the clock.  Called inside the close's transaction."""
    e = locks.event(event)
    rounds = e.round_set.count()
    state = timer_state(e, rounds=rounds)
    if state.state == "stopped" or state.round is None or state.round > number:
        return
    fields = _settle(e, state)
    now = timezone.now()
    if number >= rounds:
        e.timer_ends_at = e.timer_left = None
        _save(e, fields, "timer", f"stopped: round {number}, the last, closed", by)
        return
    e.timer_round, e.timer_left = number + 1, None
    if e.timer_follows == TimerFollows.CHANGE_OVER and e.changeover_minutes:
        e.timer_phase = TimerPhase.CHANGE
        e.timer_ends_at = now + timedelta(minutes=e.changeover_minutes)
        detail = f"round {number} closed: the change-over to round {number + 1}"
    else:
        e.timer_phase = TimerPhase.PLAY
        e.timer_ends_at = now + timedelta(minutes=e.timer_minutes)
        detail = f"round {number} closed: round {number + 1}'s clock started"
    _save(e, fields, "timer", detail, by)


@transaction.atomic
def _switch(
    event: Event, field: str, on: bool, *, action: str, said: tuple[str, str], by: Actor
) -> Event:
    """Turn one of the event's switches on or off, under the event's lock; a switch
    already as asked changes nothing and writes nothing.  ``said``: (on, off) in words."""
    e = locks.event(event)
    if getattr(e, field) == on:
        return e
    Event.objects.filter(pk=e.pk).update(**{field: on})
    e.refresh_from_db(fields=[field])
    audit(e, action, said[0] if on else said[1], by=by)
    return e


def show_standings(event: Event, shown: bool, *, by: Actor) -> Event:
    said = ("standings shown on the room display", "standings hidden")
    return _switch(event, "display_standings", shown, action="display", said=said, by=by)


def set_running_score(event: Event, shown: bool, *, by: Actor) -> Event:
    said = ("tablets show the running score", "tablets keep the score a surprise")
    return _switch(event, "tablet_running_score", shown, action="tablets", said=said, by=by)


def set_seats_at_table(event: Event, asked: bool, *, by: Actor) -> Event:
    """Tablets ask each seat for its member number at the table's first round
    (tournament/services/seats.py), or the director names the players on the players page."""
    said = ("tablets ask the players for their numbers", "the director names the players")
    return _switch(event, "seats_at_table", asked, action="tablets", said=said, by=by)


def set_record_auctions(event: Event, shown: bool, *, by: Actor) -> Event:
    """Tablets record the auction call by call, or take the contract typed."""
    said = ("tablets record the auction", "tablets take the contract as typed")
    return _switch(event, "record_auctions", shown, action="tablets", said=said, by=by)


@transaction.atomic
def display_link(event: Event, *, by: Actor, new: bool = False) -> str:
    """The room display's private token, made on first use (or anew: the old one stops)."""
    e = locks.event(event)
    if e.display_token and not new:
        return e.display_token
    e.display_token = secrets.token_urlsafe(16)
    _save(e, ["display_token"], "display", "new room display link", by)
    event.display_token = e.display_token
    return e.display_token


def current_round(event: Event) -> Round | None:
    """The round in play: the first one neither closed by the director nor agreed at
    every table that plays in it (None once every round is over)."""
    playing = Seating.objects.filter(
        event=event, agreed_at__isnull=True, absent=False, ns__isnull=False, ew__isnull=False
    ).values("round")
    return (
        Round.objects.filter(event=event, closed_at__isnull=True, number__in=playing)
        .order_by("number")
        .first()
    )
