"""The library's front door: a movement by family and size (what an event stores)."""

from __future__ import annotations

from .howell import howell
from .mitchell import mitchell
from .schedule import Family, Movement, MovementError
from .teams import team_match

__all__ = ["make_movement"]


def make_movement(
    kind: str,
    tables: int,
    boards_per_round: int | None = None,
    *,
    even: str = "skip",
    pairs: int | None = None,
    arrow_switch: bool = False,
) -> Movement:
    """Build a movement by name: "mitchell", "howell" or "teams"."""
    defaults: dict[str, int] = {
        Family.MITCHELL: 3,
        Family.HOWELL: 2,
        Family.TEAMS: 4,
    }
    if kind not in defaults:
        raise MovementError(f'unknown movement "{kind}": choose mitchell, howell or teams')
    bpr = defaults[kind] if boards_per_round is None else boards_per_round
    if kind == Family.MITCHELL:
        return mitchell(tables, bpr, even=even, pairs=pairs, arrow_switch=arrow_switch)
    if arrow_switch:
        raise MovementError("the arrow switch belongs to a Mitchell")
    if kind == Family.HOWELL:
        return howell(tables, bpr, pairs=pairs)
    if pairs is not None:
        raise MovementError("a team match seats two equal teams: give the pairs per team as tables")
    return team_match(tables, bpr)
