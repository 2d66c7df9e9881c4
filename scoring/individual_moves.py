"""Where each player of an individual sits, round by round, and where he goes next.

In an individual the players, not the pairs, move: after each round the tablet names
the seat each of the table's four players takes next, and the room display shows
every player's move (docs/laws/duplicate.md, "Individuals").  These are facts of the
schedule alone, read here from any table-rounds that name their four players
(:class:`SeatedTable`: the individual movements' table-rounds have this shape), so
the tablet, the display and the cards say the same thing.

A player missing from a round's tables sits out that round.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol

from .errors import ScoringError
from .pairs import pair_label_key

SEAT_NAMES = {"n": "North", "e": "East", "s": "South", "w": "West"}


class SeatedTable(Protocol):
    """One table in one round of an individual: its number and its four players."""

    @property
    def round(self) -> int: ...
    @property
    def table(self) -> int: ...
    @property
    def n(self) -> str: ...
    @property
    def e(self) -> str: ...
    @property
    def s(self) -> str: ...
    @property
    def w(self) -> str: ...


class Place(NamedTuple):
    """A player's place in one round: a table and a seat ("N", "E", "S", "W"), or
    ``None`` for both when he sits out."""

    round: int
    table: int | None
    seat: str | None

    @property
    def sits_out(self) -> bool:
        return self.table is None

    def words(self) -> str:
        """The place as the tablet and the display say it: "table 3 East", "sit out"."""
        if self.table is None or self.seat is None:
            return "sit out"
        return f"table {self.table} {SEAT_NAMES[self.seat.lower()]}"


class Move(NamedTuple):
    """A player's move from one round to the next."""

    player: str
    now: Place
    next: Place

    def words(self) -> str:
        """ "table 1 North, then table 2 West"; "stays at table 1 North"."""
        if self.now == self.next._replace(round=self.now.round):
            return f"stays at {self.now.words()}" if not self.now.sits_out else "sits out again"
        return f"{self.now.words()}, then {self.next.words()}"


def places(tables: Iterable[SeatedTable], players: Iterable[str] = ()) -> dict[str, list[Place]]:
    """Every player's place in every round, rounds in order (a round he is missing
    from, a sit-out); players in label order.  ``players``: the whole field, when some
    may be seated in no round at all.  A player seated twice in a round is refused,
    naming him."""
    by_round: dict[int, dict[str, Place]] = {}
    for t in tables:
        seated = by_round.setdefault(t.round, {})
        for seat in ("n", "e", "s", "w"):
            player = getattr(t, seat)
            if player in seated:
                raise ScoringError(
                    f"round {t.round}: player {player} is seated twice "
                    f"(table {seated[player].table} and table {t.table})"
                )
            seated[player] = Place(t.round, t.table, seat.upper())
    field = {p for seated in by_round.values() for p in seated} | set(players)
    rounds = sorted(by_round)
    return {
        p: [by_round[r].get(p, Place(r, None, None)) for r in rounds]
        for p in sorted(field, key=pair_label_key)
    }


def moves_after(tables: Iterable[SeatedTable], round_number: int) -> list[Move]:
    """Each player's move at the end of ``round_number``, in label order: where he sat
    and where he sits next.  The last round has no moves (an empty list)."""
    everyone = places(tables)
    out: list[Move] = []
    for player, seq in everyone.items():
        rounds = [p.round for p in seq]
        if round_number not in rounds:
            raise ScoringError(f"there is no round {round_number} in this movement")
        at = rounds.index(round_number)
        if at + 1 < len(seq):
            out.append(Move(player, seq[at], seq[at + 1]))
    return out
