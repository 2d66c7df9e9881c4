"""The seats a table keys at its first round (the event's option: docs/scorers.md): which
player of the field each seat names, what the director named beforehand, and the
director's view of every table's seats, still unnamed or to settle.

Read here, under the verbs (:mod:`tournament.services.seats`), so the tablet's page, the
control panel and the verbs read the seats one way.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Event, Pair, Player, Seating, SeatName

SEATS = ("N", "E", "S", "W")
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def first_seating(event: Event, table: int) -> Seating | None:
    """The table's first table-round, where its seats are keyed."""
    return (
        Seating.objects.filter(event=event, table=table)
        .select_related("ns", "ew")
        .order_by("round")
        .first()
    )


def seat_players(seating: Seating) -> dict[str, tuple[Pair, int]]:
    """Each seat of a pair contest's table-round as (its pair, the player's position): North
    and East are their pairs' player 1, South and West player 2.  A seat without a pair
    (a sit-out) is not asked."""
    out: dict[str, tuple[Pair, int]] = {}
    for pair, seats in ((seating.ns, "NS"), (seating.ew, "EW")):
        if pair is not None:
            out[seats[0]] = (pair, 1)
            out[seats[1]] = (pair, 2)
    return {seat: out[seat] for seat in SEATS if seat in out}


def director_names(seating: Seating) -> dict[str, Player]:
    """The players the director has named on the players page, by seat."""
    places = seat_players(seating)
    players = {
        (p.pair_id, p.position): p
        for p in Player.objects.filter(pair__in=[pair for pair, _ in places.values()])
        .select_related("member")
        .exclude(name="")
    }
    return {
        seat: players[(pair.pk, position)]
        for seat, (pair, position) in places.items()
        if (pair.pk, position) in players
    }


def named_beforehand(seating: Seating) -> bool:
    """Whether the director named every seat's player beforehand: the table then only
    confirms the names, and is not asked for numbers."""
    return len(director_names(seating)) == len(seat_players(seating))


@dataclass(frozen=True)
class SeatLine:
    """One seat as the control panel shows it: the name keyed or confirmed there (blank:
    unnamed), its state, and, for a seat to settle, the name on the players page."""

    table: int
    seat: str
    pair: str
    name: str
    state: str  # "" (unnamed), "out" (no pair in the seat this round), or a SeatName.State
    director: str = ""

    @property
    def where(self) -> str:
        return SEAT_NAMES[self.seat]


def seat_board(event: Event) -> list[tuple[int, list[SeatLine]]]:
    """Every table's seats at its first round, table by table, seat by seat."""
    firsts: dict[int, Seating] = {}
    for s in Seating.objects.filter(event=event).select_related("ns", "ew").order_by("round"):
        firsts.setdefault(s.table, s)
    held = {(s.table, s.seat): s for s in SeatName.objects.filter(event=event)}
    clashing = [s for s in held.values() if s.state == SeatName.State.CLASH]
    on_page: dict[tuple[int, int], str] = {}
    if clashing:
        on_page = {
            (p.pair_id, p.position): p.name
            for p in Player.objects.filter(pair__event=event).exclude(name="")
        }
    out = []
    for table, seating in sorted(firsts.items()):
        places = seat_players(seating)
        lines = []
        for seat in SEATS:
            if seat not in places:
                lines.append(SeatLine(table, seat, "", "", "out"))
                continue
            pair, position = places[seat]
            keyed = held.get((table, seat))
            clash = keyed is not None and keyed.state == SeatName.State.CLASH
            lines.append(
                SeatLine(
                    table,
                    seat,
                    pair.label,
                    keyed.name if keyed is not None else "",
                    keyed.state if keyed is not None else "",
                    on_page.get((pair.pk, position), "") if clash else "",
                )
            )
        out.append((table, lines))
    return out
