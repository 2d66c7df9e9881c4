"""Where an individual's players sit, read off its movement: each player's place in a
round and his move after it (scoring.individual_moves, docs/laws/duplicate.md,
"Individuals").  An individual's field never changes in play, so its movement as
planned is its movement as played, and these read no row but the event's."""

from __future__ import annotations

from typing import NamedTuple

from scoring.individual_moves import SEAT_NAMES, Move, Place, moves_after, places

from ..models import Event, Individual, Player, Seating
from .movements import individual_for

__all__ = [
    "SeatedPlayer",
    "TableMove",
    "moves_of",
    "names_of",
    "places_of",
    "seated_players",
    "table_moves",
    "where_players_start",
]


class SeatedPlayer(NamedTuple):
    """One seat of an individual's table-round: the seat, the player's label and name."""

    seat: str  # "N", "E", "S", "W"
    label: str
    name: str

    @property
    def where(self) -> str:
        return SEAT_NAMES[self.seat.lower()]


class TableMove(NamedTuple):
    """A player's move as his table's tablet says it: where he sat and goes next."""

    player: SeatedPlayer
    words: str  # "table 2 East", "sit out"


def places_of(event: Event) -> dict[str, list[Place]]:
    """Every player's place in every round, players in label order."""
    movement = individual_for(event)
    return places(movement.schedule, movement.players)


def where_players_start(event: Event) -> dict[str, str]:
    """Each player's seat in round 1 ("table 2 North", "sit out"), by label: the players
    page lists players by number, and a director at the door needs where each sits."""
    return {label: seq[0].words() for label, seq in places_of(event).items() if seq}


def moves_of(event: Event, round_number: int) -> list[Move]:
    """Each player's move at the end of ``round_number``, in label order (the last
    round: none)."""
    return moves_after(individual_for(event).schedule, round_number)


def names_of(event: Event) -> dict[str, str]:
    """Each player's name by label ("" while unnamed)."""
    return dict(Individual.objects.filter(event=event).values_list("label", "name"))


def seated_players(seating: Seating) -> list[SeatedPlayer]:
    """The four players of an individual's table-round, North, East, South, West: each
    partnership's player 1 sits North (or East), player 2 South (or West)."""
    seats = {
        (p.pair_id, p.position): p
        for p in Player.objects.filter(pair_id__in=[seating.ns_id, seating.ew_id])
        .exclude(individual=None)
        .select_related("individual")
    }
    out = []
    for seat, pair, position in (
        ("N", seating.ns_id, 1),
        ("E", seating.ew_id, 1),
        ("S", seating.ns_id, 2),
        ("W", seating.ew_id, 2),
    ):
        p = seats.get((pair, position)) if pair is not None else None
        if p is not None and p.individual is not None:
            out.append(SeatedPlayer(seat, p.individual.label, p.individual.name))
    return out


def table_moves(event: Event, seating: Seating) -> tuple[list[TableMove], list[SeatedPlayer]]:
    """After a table's round: where each of its four players goes next, and who comes to
    this table next round (by the seat he takes).  The last round: nothing."""
    here = seated_players(seating)
    moves = {m.player: m for m in moves_of(event, seating.round)}
    going = [TableMove(p, moves[p.label].next.words()) for p in here if p.label in moves]
    names = names_of(event)
    coming = sorted(
        (
            SeatedPlayer(m.next.seat or "", m.player, names.get(m.player, ""))
            for m in moves.values()
            if m.next.table == seating.table
        ),
        key=lambda p: "NESW".index(p.seat),
    )
    return going, coming
