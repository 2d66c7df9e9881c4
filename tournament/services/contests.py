"""Sections and sessions: create a contest, publish it, share its deals.

Each (session, section) is an :class:`~tournament.models.Event` with its own
movement, tablets and rounds, so the room machinery is untouched.  The sections
of a session play the same boards; ranking them across sections and carrying the
sessions over is the read side's (:mod:`tournament.queries.contests`).
"""

from __future__ import annotations

import datetime
from string import ascii_uppercase
from typing import Any

from django.db import transaction

from scoring.wording import count

from ..choices import Form, Method
from ..errors import ServiceError
from ..models import Board, Club, Contest
from ..queries.contests import parts
from .audit import Actor, audit
from .events import create_event, set_group_published

MAX_SECTIONS = 8


MAX_SESSIONS = 6


@transaction.atomic
def create_contest(
    owner: Any,
    *,
    name: str,
    date: datetime.date,
    sections: int,
    sessions: int,
    carry: str,
    **fields: Any,
) -> Contest:
    """A contest of ``sections`` x ``sessions`` pair events with the same settings."""
    if not 1 <= sections <= MAX_SECTIONS or not 1 <= sessions <= MAX_SESSIONS:
        raise ServiceError(f"1 to {MAX_SECTIONS} sections and 1 to {MAX_SESSIONS} sessions")
    if sections * sessions < 2:
        raise ServiceError("a contest has at least two sections or two sessions")
    if fields.get("form", Form.PAIRS) != Form.PAIRS:
        raise ServiceError("sections and sessions are for pair events")
    if carry == Contest.Carry.AVERAGE and fields.get("method") != Method.MATCHPOINTS:
        raise ServiceError("percentages are averaged only in a matchpoint event")
    contest = Contest.objects.create(
        club=Club.of(owner), name=name, date=date, owner=owner, carry=carry
    )
    for s in range(1, sessions + 1):
        for letter in ascii_uppercase[:sections]:
            parts = [name]
            if sessions > 1:
                parts.append(f"session {s}")
            if sections > 1:
                parts.append(f"section {letter}")
            event = create_event(owner, name=", ".join(parts), date=date, **fields)
            event.contest, event.session, event.section = contest, s, letter
            event.save(update_fields=["contest", "session", "section"])
    return contest


@transaction.atomic
def set_contest_published(contest: Contest, published: bool, *, by: Actor) -> None:
    """Publish (or hide) a contest's standings, and with them its sessions' sections (a
    section is public while its contest is: :attr:`Event.is_public`).  Audited as an
    event's publishing is: a line in each section's trail (which also moves each
    section's page stamp, :mod:`tournament.queries.pagecache`), as a league's is."""
    set_group_published(contest, published, parts, kind="contest", by=by)


@transaction.atomic
def share_deals(contest: Contest, session: int, *, by: Actor) -> int:
    """Copy the first section's hand records (and double-dummy tables) to the session's
    other sections where theirs are empty; returns the boards copied.  A board already
    holding another deal is refused, naming it (nothing copied)."""
    events = parts(contest, session)
    if len(events) < 2:
        raise ServiceError("this session has one section: nothing to share")
    source = {b.number: b for b in Board.objects.filter(event=events[0]).exclude(deal="")}
    if not source:
        raise ServiceError(
            f"section {events[0].section}'s boards have no hand records yet: deal or import "
            "them there first"
        )
    copied = 0
    for e in events[1:]:
        boards = Board.objects.select_for_update(no_key=True).filter(event=e, number__in=source)
        for b in boards:
            deal = source[b.number]
            if b.deal and b.deal != deal.deal:
                raise ServiceError(
                    f"section {e.section}'s board {b.number} holds another deal already; "
                    "clear it before sharing"
                )
            if not b.deal:
                b.deal, b.dd_tricks = deal.deal, deal.dd_tricks
                b.save(update_fields=["deal", "dd_tricks"])
                copied += 1
        audit(
            e,
            "deals shared",
            f"{count(copied, 'hand record')} copied from section {events[0].section}",
            by=by,
        )
    return copied
