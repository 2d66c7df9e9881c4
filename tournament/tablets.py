"""Table scorers' tablets: private links, PINs, the table's current round.

A tablet reaches one table of one event through an unguessable link, and,
if the director set one, a 4-digit PIN.  Wrong PINs are rate-limited per
table and per address.  The server decides what the table may touch: its
own boards of its current round, nothing else.
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from .models import DirectorCall, Event, PinFailure, Result, Round, Seating, TableLink
from .services import ServiceError, audit

PIN_WINDOW = timedelta(minutes=15)
MAX_FAILURES_PER_TABLE = 5
MAX_FAILURES_PER_ADDRESS = 10


def link_for(event: Event, table: int) -> TableLink:
    """The table's live link, made on first use."""
    link = TableLink.objects.filter(event=event, table=table, revoked_at__isnull=True).first()
    if link is None:
        link = TableLink.objects.create(event=event, table=table)
    return link


def links(event: Event) -> list[TableLink]:
    tables = sorted(set(Seating.objects.filter(event=event).values_list("table", flat=True)))
    return [link_for(event, t) for t in tables]


@transaction.atomic
def reissue(event: Event, table: int, *, user, pin: str | None = None) -> TableLink:
    """Revoke the table's link and issue a new one (a lost or misused tablet)."""
    TableLink.objects.filter(event=event, table=table, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    link = TableLink.objects.create(event=event, table=table, pin=pin or "")
    audit(event, "link reissued", f"table {table}", user=user)
    return link


def set_pin(link: TableLink, pin: str, *, user) -> None:
    """Set (4 digits) or clear (empty) the table's PIN."""
    pin = pin.strip()
    if pin and (len(pin) != 4 or not pin.isdigit()):
        raise ServiceError("a PIN is four digits, e.g. 0427; leave it empty for none")
    link.pin = pin
    link.save(update_fields=["pin"])
    audit(link.event, "pin set" if pin else "pin cleared", f"table {link.table}", user=user)


def random_pin() -> str:
    return f"{secrets.randbelow(10_000):04d}"


def resolve(token: str) -> TableLink | None:
    return (
        TableLink.objects.filter(token=token, revoked_at__isnull=True)
        .select_related("event")
        .first()
    )


def check_pin(link: TableLink, pin: str, address: str | None) -> bool:
    """True for the right PIN.  Refuses every try once too many were wrong."""
    since = timezone.now() - PIN_WINDOW
    by_table = PinFailure.objects.filter(link=link, at__gte=since).count()
    by_address = PinFailure.objects.filter(address=address, at__gte=since).count() if address else 0
    if by_table >= MAX_FAILURES_PER_TABLE or by_address >= MAX_FAILURES_PER_ADDRESS:
        raise ServiceError(
            "too many wrong PINs: wait a quarter of an hour, or ask the director for the PIN"
        )
    if secrets.compare_digest(pin.strip(), link.pin):
        return True
    PinFailure.objects.create(link=link, address=address)
    return False


def current_seating(event: Event, table: int) -> Seating | None:
    """The table's current round: the first it has not agreed and the director not closed."""
    closed = Round.objects.filter(event=event, closed_at__isnull=False).values("number")
    return (
        Seating.objects.filter(event=event, table=table, agreed_at__isnull=True)
        .exclude(round__in=closed)
        .select_related("ns", "ew")
        .order_by("round")
        .first()
    )


def board_results(seating: Seating) -> dict[int, Result]:
    return {
        r.board.number: r
        for r in Result.objects.filter(seating=seating, is_live=True).select_related("board")
    }


def round_complete(seating: Seating, done: dict[int, Result] | None = None) -> bool:
    """Every board of the round entered and confirmed (``done``: its live results)."""
    if seating.sit_out or seating.absent:
        return True
    if done is None:
        done = board_results(seating)
    return all(n in done and done[n].confirmed for n in seating.board_numbers)


@transaction.atomic
def agree_round(seating: Seating, *, via: str) -> Seating:
    """The table agrees its round's scores (Law E): from now on only the director corrects."""
    seating = Seating.objects.select_for_update().get(pk=seating.pk)
    if seating.agreed_at is not None:
        return seating
    if not round_complete(seating):
        missing = [
            n
            for n in seating.board_numbers
            if n not in board_results(seating) or not board_results(seating)[n].confirmed
        ]
        raise ServiceError(
            "every board must be entered and confirmed by the opponents first; still open: "
            + ", ".join(f"board {n}" for n in missing)
        )
    seating.agreed_at = timezone.now()
    seating.save(update_fields=["agreed_at"])
    audit(seating.event, "round agreed", f"round {seating.round}, table {seating.table}", via=via)
    return seating


def call_director(event: Event, table: int, round_no: int) -> DirectorCall:
    call = DirectorCall.objects.filter(event=event, table=table, answered_at__isnull=True).first()
    if call is None:
        call = DirectorCall.objects.create(event=event, table=table, round=round_no)
        audit(event, "director called", f"table {table}, round {round_no}", via=f"table {table}")
    return call


def open_calls(event: Event) -> list[DirectorCall]:
    return list(DirectorCall.objects.filter(event=event, answered_at__isnull=True))


def answer_call(event: Event, call_id: int, *, user) -> None:
    DirectorCall.objects.filter(Q(event=event) & Q(pk=call_id)).update(answered_at=timezone.now())
    audit(event, "call answered", f"call {call_id}", user=user)
