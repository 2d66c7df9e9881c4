"""The tablets' verbs: private links, PINs, director calls.

A tablet reaches one table of one event through an unguessable link, and,
if the director set one, a 4-digit PIN.  Wrong PINs are rate-limited per
table and per address (within the event), counted under a lock on the
event so racing guesses cannot exceed either limit.  What the link may reach is
decided in :mod:`tournament.access`; what a tablet reads (its link, its table's
current round, the open calls) is in :mod:`tournament.queries.tablet`.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac

from ..errors import ServiceError
from ..models import DirectorCall, Event, PinFailure, Seating, TableLink
from ..queries import tablet
from . import locks
from .audit import Actor, audit
from .text import storable

PIN_WINDOW = timedelta(minutes=15)
MAX_FAILURES_PER_TABLE = 5
MAX_FAILURES_PER_ADDRESS = 10


def link_for(event: Event, table: int) -> TableLink:
    """The table's live link, made on first use; refuses a table the event does not have."""
    link = TableLink.objects.filter(event=event, table=table, revoked_at__isnull=True).first()
    if link is None:
        if not Seating.objects.filter(event=event, table=table).exists():
            raise ServiceError(f"this event has no table {table}")
        link = TableLink.objects.create(event=event, table=table)
    return link


def links(event: Event) -> list[TableLink]:
    return [link_for(event, t) for t in tablet.tables(event.pk)]


@transaction.atomic
def reissue(event: Event, table: int, *, by: Actor) -> TableLink:
    """Revoke the table's link and issue a new one (a lost or misused tablet)."""
    link_for(event, table)  # the table exists
    TableLink.objects.filter(event=event, table=table, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    link = TableLink.objects.create(event=event, table=table)
    audit(event, "link reissued", f"table {table}", by=by)
    return link


def set_pin(link: TableLink, pin: str, *, by: Actor) -> None:
    """Set (4 digits) or clear (empty) the table's PIN; tablets unlocked with the old one lock."""
    pin = pin.strip()
    if pin and (len(pin) != 4 or not all(c in "0123456789" for c in pin)):
        raise ServiceError("a PIN is four digits, e.g. 0427; leave it empty for none")
    link.pin = pin
    link.save(update_fields=["pin"])
    audit(link.event, "pin set" if pin else "pin cleared", f"table {link.table}", by=by)


def random_pin() -> str:
    return f"{secrets.randbelow(10_000):04d}"


def pin_fingerprint(link: TableLink) -> str:
    """What a browser session keeps once unlocked: it stops matching when the PIN changes."""
    return salted_hmac("tablet-pin", f"{link.pk}:{link.token}:{link.pin}").hexdigest()


def is_locked(link: TableLink) -> bool:
    """Whether this table's tablet is refused for too many wrong PINs just now."""
    since = timezone.now() - PIN_WINDOW
    return PinFailure.objects.filter(link=link, at__gte=since).count() >= MAX_FAILURES_PER_TABLE


@transaction.atomic
def unlock(link: TableLink, *, by: Actor) -> None:
    """The director lifts a PIN lock at once (the players are at the table, not guessing):
    the table's wrong PINs are forgotten, and those from the same addresses on this event."""
    locks.event(link.event_id)
    failures = PinFailure.objects.filter(link=link)
    addresses = set(failures.exclude(address=None).values_list("address", flat=True))
    failures.delete()
    PinFailure.objects.filter(link__event=link.event_id, address__in=addresses).delete()
    audit(link.event, "unlocked", f"table {link.table}: wrong PINs forgotten", by=by)


@transaction.atomic
def check_pin(link: TableLink, pin: str, address: str | None) -> bool:
    """True for the right PIN.  Refuses every try once too many were wrong.

    The event's row is locked while the failures are counted and a new one
    written, so racing requests cannot get more guesses than either limit:
    the per-address limit counts every table of the event, so a lock on the
    link alone let two tables' guesses from one address pass it together.
    (``FOR NO KEY UPDATE``: saving a result, which refers to the event, does not wait.)
    """
    locks.event(link.event_id)
    since = timezone.now() - PIN_WINDOW
    by_table = PinFailure.objects.filter(link=link, at__gte=since).count()
    by_address = (
        PinFailure.objects.filter(link__event=link.event_id, address=address, at__gte=since).count()
        if address
        else 0
    )
    if by_table >= MAX_FAILURES_PER_TABLE or by_address >= MAX_FAILURES_PER_ADDRESS:
        raise ServiceError(
            "too many wrong PINs: ask the director to unlock this table (or wait a quarter "
            "of an hour)"
        )
    if link.pin and secrets.compare_digest(pin.strip(), link.pin):
        return True
    PinFailure.objects.create(link=link, address=address)
    return False


def call_director(
    event: Event,
    table: int,
    round_no: int,
    *,
    board: int | None = None,
    seat: str = "",
    call: str = "",
    note: str = "",
) -> DirectorCall:
    """A table calls the director; from the auction recorder, with the board and the
    call the code refused, so the rulings guide opens at it.

    A call for the director is never refused: the seat, call and note are the tablet's
    copy of its own refusal, never typed, and one the database cannot keep is left
    off the call (tournament/text.py), which still goes."""
    seat, call, note = (t if storable(t) else "" for t in (seat, call, note))
    found = DirectorCall.objects.filter(event=event, table=table, answered_at__isnull=True).first()
    if found is not None:
        if board is not None and found.board is None:  # the call now says what it is about
            found.board, found.seat, found.call, found.note = board, seat, call[:12], note[:300]
            found.save(update_fields=["board", "seat", "call", "note"])
        return found
    found = DirectorCall.objects.create(
        event=event,
        table=table,
        round=round_no,
        board=board,
        seat=seat[:1],
        call=call[:12],
        note=note[:300],
    )
    about = f", board {board}: {seat} {call}" if board is not None else ""
    audit(
        event, "director called", f"table {table}, round {round_no}{about}", by=Actor.tablet(table)
    )
    return found


def answer_call(event: Event, call_id: int, *, by: Actor) -> None:
    answered = DirectorCall.objects.filter(event=event, pk=call_id, answered_at__isnull=True)
    if answered.update(answered_at=timezone.now()):
        audit(event, "call answered", f"call {call_id}", by=by)
