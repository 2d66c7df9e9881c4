"""Where an individual's players sit, read off its movement: each player's place in a
round and his move after it (scoring.individual_moves, docs/laws/duplicate.md,
"Individuals").  An individual's field never changes in play, so its movement as
planned is its movement as played, and these read no row but the event's."""

from __future__ import annotations

from scoring.individual_moves import Move, Place, moves_after, places

from ..models import Event
from .movements import individual_for

__all__ = ["moves_of", "places_of", "where_players_start"]


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
