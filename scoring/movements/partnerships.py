"""An individual movement as its partnerships play it: the one schedule shape.

In an individual each table-round seats two partnerships, North with South and East
with West, and no two players partner twice (docs/laws/movements.md#individuals).
So each partnership of the schedule plays exactly one round, and the individual's
schedule *is* a pair schedule whose pairs are its partnerships (labelled
``"3&7"``, North or East first).  Read that way every per-pair path of the app (a
table-round's two sides, a result's, the locks, the travellers) serves an individual
as it serves a pair contest; who sits where as a player stays the individual
movement's own (:mod:`.individuals`, :mod:`scoring.individual_moves`).
"""

from __future__ import annotations

from ..errors import ScoringError
from ..individuals import IndividualResult
from ..pairs import BoardResult
from .individuals import IndividualMovement, IndividualTableRound
from .schedule import Movement, TableRound

__all__ = [
    "INDIVIDUAL",
    "as_individual",
    "as_partnerships",
    "partners",
    "partnership_label",
    "partnerships_of",
]

# The family an individual's partnership schedule is run as (an event's ``movement``).
INDIVIDUAL = "individual"


def partnership_label(first: str, second: str) -> str:
    """A partnership's label: its North (or East) player, "&", its South (or West)."""
    return f"{first}&{second}"


def partners(label: str) -> tuple[str, str]:
    """The two players of a partnership's label: North (or East), then South (or West)."""
    first, sep, second = label.partition("&")
    if not sep or not first or not second or "&" in second:
        raise ScoringError(f'"{label}" is not a partnership of an individual (such as "3&7")')
    return first, second


def partnerships_of(tr: IndividualTableRound) -> tuple[str, str]:
    """The table-round's North-South and East-West partnerships' labels."""
    return partnership_label(tr.n, tr.s), partnership_label(tr.e, tr.w)


def as_partnerships(movement: IndividualMovement) -> Movement:
    """``movement``'s schedule with each table's two partnerships as its pairs: the
    same tables, rounds, boards, shares and notes.  A table of a shared set plays its
    own copy (the individual designs' board sets are duplicated for their tables)."""
    schedule: list[TableRound] = []
    pairs: list[str] = []
    for tr in sorted(movement.schedule, key=lambda t: (t.round, t.table)):
        ns, ew = partnerships_of(tr)
        pairs += [ns, ew]
        schedule.append(
            TableRound(
                tr.round,
                tr.table,
                ns,
                ew,
                tr.board_set,
                tr.boards,
                tr.note,
                tr.shared,
                copies=bool(tr.shared),
            )
        )
    return Movement(
        kind=INDIVIDUAL,
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
        board_sets=movement.board_sets,
        schedule=tuple(schedule),
        pairs=tuple(pairs),
        description=movement.description,
        notes=movement.notes,
        name=movement.name,
    )


def as_individual(result: BoardResult) -> IndividualResult:
    """A traveller line between two partnerships as the line of its four players
    (:class:`scoring.individuals.IndividualResult`): the same board, score, adjusted
    score and version, each seat its player."""
    n, s = partners(result.ns)
    e, w = partners(result.ew)
    return IndividualResult(
        result.board, n, e, s, w, result.net_ns, result.adjusted, result.weights, result.version
    )
