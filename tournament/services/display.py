"""The room between boards: the round timer, the room display, what the tablets do.

The timer lives on the event's row, so every display and tablet agrees: it is
running (``timer_ends_at``), paused (``timer_left`` seconds) or stopped
(neither).  A display counts down by itself from the seconds left that the
server reports with each refresh, so a slow network never makes two screens
disagree by more than a refresh.  Each verb locks the event's row and decides
from the state it finds under the lock (two directors pressing "pause" at once
pause once), and writes the audit trail.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from ..errors import ServiceError
from ..models import Event, Round, Seating
from . import locks
from .audit import Actor, audit

MAX_MINUTES = 120
WARNING_SECONDS = 120  # "two minutes left": finish the board in play


@dataclass(frozen=True, slots=True)
class TimerState:
    """What a display shows: ``state`` is "running", "paused", "stopped" or "over"."""

    state: str
    seconds_left: int
    minutes: int
    round: int | None = None  # the round it was started for (None: not known)

    @property
    def warning(self) -> bool:
        return self.state in ("running", "paused") and 0 < self.seconds_left <= WARNING_SECONDS

    @property
    def shown(self) -> str:
        """The clock face: "14:05"."""
        return f"{self.seconds_left // 60:d}:{self.seconds_left % 60:02d}"


def timer_state(event: Event, now: datetime | None = None) -> TimerState:
    """The timer as of ``now`` (pure arithmetic on the event's row)."""
    now = now or timezone.now()
    if event.timer_ends_at is not None:
        left = max(0, round((event.timer_ends_at - now).total_seconds()))
        return TimerState(
            "running" if left else "over", left, event.timer_minutes, event.timer_round
        )
    if event.timer_left is not None:
        return TimerState("paused", event.timer_left, event.timer_minutes, event.timer_round)
    return TimerState("stopped", event.timer_minutes * 60, event.timer_minutes)


def _save(event: Event, fields: list[str], action: str, detail: str, by: Actor) -> Event:
    event.save(update_fields=fields)
    audit(event, action, detail, by=by)
    return event


@transaction.atomic
def start_timer(event: Event, minutes: int, *, by: Actor) -> Event:
    """Start the round timer afresh at ``minutes`` (the director's "new round"), for the
    round in play now: the display keeps naming that round if the room moves on first."""
    if not 1 <= minutes <= MAX_MINUTES:
        raise ServiceError(f"a round lasts from 1 to {MAX_MINUTES} minutes, not {minutes}")
    e = locks.event(event)
    playing = current_round(e)
    e.timer_minutes = minutes
    e.timer_ends_at = timezone.now() + timedelta(minutes=minutes)
    e.timer_left = None
    e.timer_round = playing.number if playing else None
    detail = f"{minutes} min" + (f", round {playing.number}" if playing else "")
    fields = ["timer_minutes", "timer_ends_at", "timer_left", "timer_round"]
    return _save(e, fields, "timer", detail, by)


@transaction.atomic
def pause_timer(event: Event, *, by: Actor) -> Event:
    e = locks.event(event)
    state = timer_state(e)
    if state.state != "running":  # already paused, stopped or over: nothing to pause
        return e
    e.timer_left, e.timer_ends_at = state.seconds_left, None
    return _save(e, ["timer_ends_at", "timer_left"], "timer", f"paused at {state.shown}", by)


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
    """Give the room more (or, negative, less) time without restarting the round."""
    e = locks.event(event)
    state = timer_state(e)
    if state.state == "stopped":
        raise ServiceError("the timer is not started: start it first")
    left = max(0, min(MAX_MINUTES * 60, state.seconds_left + 60 * minutes))
    if e.timer_ends_at is not None or state.state == "over":
        e.timer_ends_at, e.timer_left = timezone.now() + timedelta(seconds=left), None
    else:
        e.timer_left = left
    return _save(e, ["timer_ends_at", "timer_left"], "timer", f"{minutes:+d} min", by)


@transaction.atomic
def stop_timer(event: Event, *, by: Actor) -> Event:
    e = locks.event(event)
    if e.timer_ends_at is None and e.timer_left is None:
        return e
    e.timer_ends_at = e.timer_left = None
    return _save(e, ["timer_ends_at", "timer_left"], "timer", "stopped", by)


@transaction.atomic
def _switch(
    event: Event, field: str, on: bool, *, action: str, said: tuple[str, str], by: Actor
) -> Event:
    """Turn one of the event's switches on or off, under the event's lock; a switch
    already as asked changes nothing and writes nothing.  ``said``: (on, off) in words."""
    e = locks.event(event)
    if getattr(e, field) == on:
        return e
    setattr(e, field, on)
    return _save(e, [field], action, said[0] if on else said[1], by)


def show_standings(event: Event, shown: bool, *, by: Actor) -> Event:
    said = ("standings shown on the room display", "standings hidden")
    return _switch(event, "display_standings", shown, action="display", said=said, by=by)


def set_running_score(event: Event, shown: bool, *, by: Actor) -> Event:
    said = ("tablets show the running score", "tablets keep the score a surprise")
    return _switch(event, "tablet_running_score", shown, action="tablets", said=said, by=by)


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
