"""The field changes during play: a late pair takes a free place, a withdrawn pair
leaves; the movement as played follows (docs/decisions/movement-as-played.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..pairs import pair_label_key
from .schedule import Movement, MovementError

__all__ = ["LATE", "WITHDRAWN", "FieldChange", "vacant_places", "with_field_changes"]


LATE, WITHDRAWN = "late", "withdrawn"


@dataclass(frozen=True, slots=True)
class FieldChange:
    """A change to the field in play: a pair withdrawn from a round on, or a late pair
    that takes a free place (a phantom's, or a withdrawn pair's) from a round on.

    ``place`` is a late pair's place in the movement: the number of the pair whose
    path it follows (the phantom's number, "10" in a 5-table Mitchell of 9 pairs,
    or the withdrawn pair's).  Pairs met before ``from_round`` are unchanged.
    """

    kind: str  # LATE or WITHDRAWN
    pair: str
    from_round: int
    place: str = ""


def _occupants(
    full: Movement, phantom: str | None, changes: Sequence[FieldChange]
) -> dict[str, list[tuple[int, str | None]]]:
    """Each place's occupants from a round on: place -> [(from round, pair or None)]."""
    held: dict[str, list[tuple[int, str | None]]] = {
        p: [(1, None if p == phantom else p)] for p in full.pairs
    }

    def holder(place: str, round_no: int) -> str | None:
        return [who for r, who in held[place] if r <= round_no][-1]

    for c in changes:
        if not 1 <= c.from_round <= full.rounds:
            raise MovementError(f"there is no round {c.from_round}: rounds 1-{full.rounds}")
        if c.kind == WITHDRAWN:
            places = [p for p in held if holder(p, c.from_round) == c.pair]
            if not places:
                raise MovementError(f"pair {c.pair} does not play in round {c.from_round}")
            held[places[0]].append((c.from_round, None))
        elif c.kind == LATE:
            if c.place not in held:
                raise MovementError(f"there is no place {c.place!r} in this movement")
            if any(holder(c.place, r) is not None for r in range(c.from_round, full.rounds + 1)):
                raise MovementError(
                    f"place {c.place} is taken in round {c.from_round}: a late pair takes a "
                    "phantom's place or a withdrawn pair's"
                )
            if any(c.pair == who for seq in held.values() for _, who in seq):
                raise MovementError(f"pair {c.pair} is already in the field")
            held[c.place].append((c.from_round, c.pair))
        else:
            raise MovementError(f"unknown change {c.kind!r}")
    return held


def with_field_changes(
    full: Movement, phantom: str | None, changes: Sequence[FieldChange]
) -> Movement:
    """The movement as played: ``full`` (every place filled, the phantom's too) with the
    phantom's place empty and each change applied in order from its round on.

    The tables, boards and moves stay the movement's: a late pair follows its place's
    path and a withdrawn pair's opponents sit out where it would have sat, so every
    guide card, next move and board set is still the movement's own.
    """
    held = _occupants(full, phantom, changes)

    def holder(place: str | None, round_no: int) -> str | None:
        if place is None:
            return None
        return [who for r, who in held[place] if r <= round_no][-1]

    schedule = tuple(
        replace(tr, ns=holder(tr.ns, tr.round), ew=holder(tr.ew, tr.round)) for tr in full.schedule
    )
    pairs = sorted(
        {who for seq in held.values() for _, who in seq if who is not None}, key=pair_label_key
    )
    notes = [
        f"pair {c.pair} joins in round {c.from_round} in place {c.place}"
        if c.kind == LATE
        else f"pair {c.pair} withdrawn from round {c.from_round}"
        for c in changes
    ]
    withdrawn = {c.pair: c.from_round for c in changes if c.kind != LATE}
    joined = {c.pair: c.from_round for c in changes if c.kind == LATE}
    return replace(
        full,
        schedule=schedule,
        pairs=tuple(pairs),
        notes=(*full.notes, *notes),
        withdrawn=withdrawn,
        joined=joined,
    )


def vacant_places(
    full: Movement, phantom: str | None, changes: Sequence[FieldChange], from_round: int
) -> list[str]:
    """The places a late pair may take from ``from_round``: empty from then to the end."""
    held = _occupants(full, phantom, changes)
    return [
        place
        for place, seq in held.items()
        if all(
            [who for r, who in seq if r <= round_no][-1] is None
            for round_no in range(from_round, full.rounds + 1)
        )
    ]
