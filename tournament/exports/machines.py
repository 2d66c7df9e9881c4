"""An event's deals as the files club dealing machines read (``.dup``, ``.dlm``,
``.bri``): the layouts are :mod:`scoring.machines`'; this module only reads the
event's boards into them.

A machine deals every board of the set, so every board needs its deal first; the
files are the director's (the deals page and ``manage.py export_event``), never
the public's.
"""

from __future__ import annotations

from scoring.cards import Deal, parse_pbn_deal
from scoring.machines import MachineFileError, write_bri, write_dlm, write_dup

from ..models import Board, Event


def event_deals(event: Event) -> dict[int, Deal]:
    """Every board's deal, by board number; refused while a board has none."""
    boards = list(Board.objects.filter(event=event).values_list("number", "deal"))
    missing = [n for n, deal in boards if not deal]
    if missing:
        listed = ", ".join(map(str, missing[:6])) + (" ..." if len(missing) > 6 else "")
        raise MachineFileError(
            f"a dealing machine needs every board's deal; board{'s' if len(missing) > 1 else ''} "
            f"{listed} {'have' if len(missing) > 1 else 'has'} none yet (deal or import them first)"
        )
    return {n: parse_pbn_deal(deal) for n, deal in boards}


def dup_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    return write_dup(event_deals(event))


def dlm_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    return write_dlm(event_deals(event), headline=f"Duplicate Auction: {event.name}")


def bri_bytes(event: Event, *, boards: set[int] | None = None) -> bytes:
    return write_bri(event_deals(event))
