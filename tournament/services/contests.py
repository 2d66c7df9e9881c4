"""Sections and sessions: create a contest, publish it, share its deals.

Each (session, section) is an :class:`~tournament.models.Event` with its own
movement, tablets and rounds, so the room machinery is untouched.  The sections
of a session play the same boards; ranking them across sections and carrying the
sessions over is the read side's (:mod:`tournament.queries.contests`).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from string import ascii_uppercase
from typing import Any

from django.db import transaction

from scoring import ScoringError
from scoring.pairs import pair_label_key
from scoring.sessions import snake_seats
from scoring.wording import count

from ..choices import Form, Method
from ..errors import ServiceError
from ..models import Board, Contest, Event, Pair, Player, Result, SeatAssignment
from ..queries.contests import overall_table, parts, seated
from . import directors, locks
from .audit import Actor, audit
from .events import check_derived_name, create_event, set_group_published
from .text import checked

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
    one_ranking: bool = False,
    **fields: Any,
) -> Contest:
    """A contest of ``sections`` x ``sessions`` pair events with the same settings."""
    checked(name, what="The contest's name", field="name")
    if not 1 <= sections <= MAX_SECTIONS or not 1 <= sessions <= MAX_SESSIONS:
        raise ServiceError(f"1 to {MAX_SECTIONS} sections and 1 to {MAX_SESSIONS} sessions")
    if sections * sessions < 2:
        raise ServiceError("a contest has at least two sections or two sessions")
    if fields.get("form", Form.PAIRS) != Form.PAIRS:
        raise ServiceError("sections and sessions are for pair events")
    if carry == Contest.Carry.AVERAGE and fields.get("method") != Method.MATCHPOINTS:
        raise ServiceError("percentages are averaged only in a matchpoint event")
    if sessions > 1 or sections > 1:
        check_derived_name(
            _part_name(name, sessions, sections, sessions, ascii_uppercase[sections - 1]),
            'each part is named from the contest, its session and its section ("Winter '
            'Pairs, session 2, section B")',
            "the contest's name",
        )
    contest = Contest.objects.create(
        club=directors.club_of(owner),
        name=name,
        date=date,
        owner=owner,
        carry=carry,
        one_ranking=one_ranking,
    )
    for s in range(1, sessions + 1):
        for letter in ascii_uppercase[:sections]:
            part = _part_name(name, sessions, sections, s, letter)
            event = create_event(owner, name=part, date=date, **fields)
            event.contest, event.session, event.section = contest, s, letter
            event.save(update_fields=["contest", "session", "section"])
    return contest


def _part_name(name: str, sessions: int, sections: int, session: int, section: str) -> str:
    """A part's name: the contest's, then its session and section where there are several."""
    parts = [name]
    if sessions > 1:
        parts.append(f"session {session}")
    if sections > 1:
        parts.append(f"section {section}")
    return ", ".join(parts)


@transaction.atomic
def set_contest_published(contest: Contest, published: bool, *, by: Actor) -> None:
    """Publish (or hide) a contest's standings, and with them its sessions' sections (a
    section is public while its contest is: :attr:`Event.is_public`).  Audited as an
    event's publishing is: a line in each section's trail (which also moves each
    section's page stamp, :mod:`tournament.queries.pagecache`), as a league's is."""
    set_group_published(contest, published, parts, kind="contest", by=by)


@transaction.atomic
def set_one_ranking(contest: Contest, one: bool, *, by: Actor) -> None:
    """Rank every pair together overall (or each direction apart), as the director asks;
    a line in each section's trail (which also moves its page's stamp)."""
    locked = locks.group(contest)
    if locked.one_ranking == one:
        return
    locked.one_ranking = contest.one_ranking = one
    locked.save(update_fields=["one_ranking"])
    said = (
        "one overall ranking: North-South and East-West ranked together"
        if one
        else "overall ranked by direction (one field where the movement makes one)"
    )
    for e in parts(locked):
        audit(e, "contest ranking", said, by=by)


@transaction.atomic
def share_deals(contest: Contest, session: int, *, by: Actor) -> int:
    """Copy the first section's hand records (and double-dummy tables) to the session's
    other sections where theirs are empty; returns the boards copied.  A board already
    holding another deal is refused, naming it (nothing copied)."""
    events = parts(contest, session)
    if not events:
        raise ServiceError(f"this contest has no session {session}")
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
        for b in locks.boards(e, source):
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


def _seat_order(seat: str) -> tuple:
    return (seat[:1], pair_label_key(seat[1:]))


@transaction.atomic
def reseed(contest: Contest, session: int, seats: Mapping[str, str], *, by: Actor) -> int:
    """Seat session ``session``'s pairs: ``seats`` maps each pair of the session before
    ("A3") to its seat in this one ("B1").  Returns how many pairs changed seat.

    A pair is its players (:func:`tournament.queries.contests.entrant`), so re-seeding
    writes each pair's players into its new seat: the carry-over follows them, and the
    session's guide cards, table cards and tablets name them at their new seats.  A
    seat no pair is given is left without names, for a new pair.  Refused once the
    session has a result, or when a pair of the session before lacks its players' names
    (it could not be followed), a seat is given twice or does not exist.
    """
    locks.group(contest)
    if session < 2:
        raise ServiceError("the first session is seated by the movement: re-seed session 2 on")
    events = locks.events(Event.objects.filter(contest=contest, session=session))
    if not events:
        raise ServiceError(f"there is no session {session}")
    # The tables' rows, so a result on its way waits for the new seats (or lands first
    # and is seen below).
    locks.seatings_of(events)
    played = Result.objects.filter(event__in=events).select_related("event").first()
    if played is not None:
        raise ServiceError(
            f"session {session} has results already (section {played.event.section}, "
            f"{played.where}): re-seat it before play, or remove its results first"
        )
    before = seated(contest, session - 1)
    now = seated(contest, session)
    unknown = sorted((p for p in seats if p not in before), key=_seat_order)
    if unknown:
        raise ServiceError(f"session {session - 1} has no pair {', '.join(unknown)}")
    nowhere = sorted((s for s in seats.values() if s not in now), key=_seat_order)
    if nowhere:
        raise ServiceError(f"session {session} has no seat {', '.join(nowhere)}")
    taken: dict[str, str] = {}
    for pair, seat in sorted(seats.items(), key=lambda x: _seat_order(x[0])):
        if seat in taken:
            raise ServiceError(f"pairs {taken[seat]} and {pair} are both given seat {seat}")
        taken[seat] = pair
    unnamed = sorted((p for p in seats if before[p][0].startswith("seat:")), key=_seat_order)
    if unnamed:
        raise ServiceError(
            f"name both players of pair {', '.join(unnamed)} in session {session - 1} first: "
            "a pair is followed from session to session by its players"
        )
    pairs = {
        (p.event.section or "A") + p.label: p
        for p in Pair.objects.filter(event__in=events).select_related("event")
    }
    # The players' places in the club's register go with their names, so the pair is
    # the same members in every session (their histories and the season follow it).
    members: dict[str, list[int | None]] = {}
    for section, label, member in (
        Player.objects.filter(pair__event__contest=contest, pair__event__session=session - 1)
        .order_by("position")
        .values_list("pair__event__section", "pair__label", "member_id")
    ):
        members.setdefault((section or "A") + label, []).append(member)
    moved = 0
    said: dict[int, list[str]] = {e.pk: [] for e in events}
    for seat in sorted(now, key=_seat_order):
        source = taken.get(seat)
        names = before[source][1] if source else ["", ""]
        ids = [*members.get(source or "", []), None, None][:2]
        at = pairs[seat]
        for i, name in enumerate([*names, "", ""][:2], 1):
            Player.objects.update_or_create(
                pair=at, position=i, defaults={"name": name, "member_id": ids[i - 1]}
            )
        if source is not None and source != seat:
            moved += 1
        said[at.event_id].append(
            f"{seat}: {' & '.join(n for n in names if n)} (pair {source} of session {session - 1})"
            if source
            else f"{seat}: left free"
        )
    for e in events:
        audit(
            e,
            "re-seeded",
            f"seats from session {session - 1}: " + "; ".join(said[e.pk]),
            by=by,
        )
    return moved


SEEDING = (
    "the pairs in order of the standings so far, each field apart (North-South pairs to "
    "North-South seats, East-West to East-West; one field to every seat), dealt to the "
    "sections in turn and back (1st to A, 2nd to B, 3rd to B, 4th to A, ...), each "
    "taking the lowest free number of its field in its section"
)


def _round_one_fields(contest: Contest, session: int) -> dict[str, str | None]:
    """Each seat of a session ("A3") -> the direction it sits in round 1 (None: no table)."""
    out: dict[str, str | None] = {}
    rows = Pair.objects.filter(event__contest=contest, event__session=session).values_list(
        "pk", "event__section", "label"
    )
    directions = dict(
        SeatAssignment.objects.filter(
            event__contest=contest, event__session=session, round=1
        ).values_list("pair_id", "direction")
    )
    for pk, section, label in rows:
        out[(section or "A") + label] = directions.get(pk)
    return out


def seeding_from_standings(contest: Contest, session: int) -> dict[str, str]:
    """The seats :data:`SEEDING` gives the pairs of the session before ``session``: in
    order of the standings so far (:func:`tournament.queries.contests.overall_table` up
    to it), the pairs of that session without a score last, by seat."""
    if session < 2:
        raise ServiceError("the first session is seated by the movement: re-seed session 2 on")
    events = parts(contest, session)
    if not events:
        raise ServiceError(f"there is no session {session}")
    # The movement's fields (a Mitchell's directions), whatever the overall ranking:
    # a pair is seeded among the pairs it was compared with.
    so_far = overall_table(contest, upto=session - 1, one_field=False)
    index = session - 2  # the session before, among the rows' seats
    ranked: list[str] = [
        seat for r in so_far if len(r.seats) > index and (seat := r.seats[index]) is not None
    ]
    one_field = any(r.direction is None for r in so_far)
    was = _round_one_fields(contest, session - 1)
    ranked += sorted((s for s in was if s not in ranked), key=_seat_order)
    seats = _round_one_fields(contest, session)
    fields: dict[str | None, list[str]] = {}
    for seat in ranked:
        fields.setdefault(None if one_field else was[seat], []).append(seat)
    out: dict[str, str] = {}
    for field, pairs in fields.items():
        free = [
            sorted(
                (s for s, d in seats.items() if s[:1] == (e.section or "A"))
                if one_field
                else (s for s, d in seats.items() if s[:1] == (e.section or "A") and d == field),
                key=_seat_order,
            )
            for e in events
        ]
        try:
            out.update(snake_seats(pairs, free))
        except ScoringError as e:
            name = {"NS": "the North-South field", "EW": "the East-West field"}.get(
                field or "", "the field"
            )
            raise ServiceError(f"{name}: {e}") from None
    return out


@transaction.atomic
def seed_from_standings(contest: Contest, session: int, *, by: Actor) -> int:
    """Seat session ``session`` as :data:`SEEDING` says (:func:`reseed` re-checks it all
    under the lock)."""
    locks.group(contest)
    return reseed(contest, session, seeding_from_standings(contest, session), by=by)
