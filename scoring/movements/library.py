"""The library's front door: a movement by name (what an event stores), and the
names each family offers for a field.

A movement's *name* is its stable key: ``mitchell-7``, ``mitchell-8-relay``,
``howell-10``, ``mitchell-11-bowman``, ``teams-4``.  Every family module offers two
functions, listed in :data:`FAMILIES`:

* ``offers(pairs) -> list[str]``: the names it can run for a field of ``pairs``
  pairs (for a team match, pairs a team), best arrangement of each kind first;
* ``from_name(name, boards_per_round, pairs) -> Movement | None``: the movement a
  name stands for, or None when the name is not the family's.

:func:`build` asks each family in turn, so a new family is one module and one
line here.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from . import (
    appendix,
    bowman,
    half_tables,
    howells,
    mitchells,
    one_winner_mitchells,
    share_and_bump,
    team_matches,
)
from .howells import howell
from .mitchells import mitchell
from .schedule import Family, Movement, MovementError
from .team_matches import team_match

__all__ = ["FAMILIES", "build", "make_movement", "offered"]

# Every family of pair movements and the team match's, in the order the chooser
# lists them when their figures tie.
FAMILIES: tuple[ModuleType, ...] = (
    howells,
    mitchells,
    share_and_bump,
    one_winner_mitchells,
    appendix,
    bowman,
    half_tables,
    team_matches,
)


def build(name: str, boards_per_round: int, pairs: int | None = None) -> Movement:
    """The movement ``name`` stands for, with ``boards_per_round`` boards a round, for
    ``pairs`` pairs (None: every place filled)."""
    for family in FAMILIES:
        from_name: Callable[..., Movement | None] = family.from_name
        movement = from_name(name, boards_per_round, pairs)
        if movement is not None:
            return movement
    raise MovementError(f'there is no movement called "{name}" in the library')


def offered(pairs: int, *, teams: bool = False) -> list[str]:
    """Every name the library offers for ``pairs`` pairs (``teams``: pairs a team)."""
    names: list[str] = []
    for family in FAMILIES:
        if (family is team_matches) == teams:
            names += family.offers(pairs)
    return names


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
