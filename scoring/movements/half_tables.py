"""Half tables: an odd pair beyond a full Mitchell, seated by a *rover*
(docs/laws/movements.md#half-tables).

The other two ways with a half table live with their movements: the *sit-out* is
the phantom pair every family takes (``pairs = 2N - 1``), and the *Bowman*
(:mod:`.bowman`, ``2N - 1`` pairs on ``N - 2`` sets) is a Mitchell with two tables
appended, the last of them the bye.

The rover (the EBU's *Rover Mitchell*, its movement manual's list of "rover tables";
bridgecentral.com, *Whist rover pairs*; Bernard Magee's glossary, "a pair in a
Mitchell movement that displaces a different North-South pair each round"): with
``2N + 1`` pairs at ``N`` tables, pair ``2N + 1`` sits out round 1 and from round 2
takes the North-South seat of a different table each round; the pair it displaces
sits out that round and is back in its own seat the next.  So no table stands empty,
the rover and each displaced pair sit out one round, and nobody else any.

The rover's tables are found by a depth-first search, deterministic, whose result
is checked: a table not yet visited and a board set the rover has not played, with
as few East-West pairs met twice as it can find (none, else one, ...; the EBU's list
has the rover meet one pair twice at 9 and 15 tables); each round it tries first the
table two up from the last, as the EBU's lists do (1, 3, 5, ...).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from .balance import figures
from .mitchells import mitchell
from .schedule import MAX_TABLES, Movement, MovementError, TableRound, finish, join_notes

__all__ = ["from_name", "offers", "rover_mitchell", "rover_tables"]


# The most tables the search visits for one allowance of repeated opponents before it
# allows one more: enough for every field up to forty tables, and quick.
_BUDGET = 20_000


def _search(base: Movement, repeats: int) -> tuple[int, ...] | None:
    """The rover's tables for rounds 2 on, meeting at most ``repeats`` East-West pairs a
    second time, or None (none found within :data:`_BUDGET` steps)."""
    n = base.tables
    chosen: list[int] = []
    sets: set[int] = set()
    met: list[str | None] = []
    budget = [_BUDGET]

    def visit(r: int, again: int) -> bool:
        if r > base.rounds:
            return True
        last = chosen[-1] if chosen else 0
        # Two up from the last first, then on round; a pair not yet met before one met.
        order = [(last + 1 + k) % n + 1 for k in range(n)]
        order.sort(key=lambda t: base.at(r, t).ew in met)
        for t in order:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            tr = base.at(r, t)
            if t in chosen or tr.board_set in sets:
                continue
            more = again + (tr.ew in met)
            if more > repeats:
                continue
            chosen.append(t)
            sets.add(tr.board_set)
            met.append(tr.ew)
            if visit(r + 1, more):
                return True
            chosen.pop()
            sets.discard(tr.board_set)
            met.pop()
        return False

    return tuple(chosen) if visit(2, 0) else None


def _published(base: Movement, even: str) -> list[tuple[int, ...]]:
    """The EBU's rover routes: with an odd number of tables two up a round from table 1
    (1, 3, 5, ...); with a relay, alternately table ``c + i`` and ``c + N/2 + 1 + i``
    (the EBU's lists start at c = 1: 1, 6, 2, 7, ... at 8 tables), each start c."""
    n, visits = base.tables, base.rounds - 1
    if n % 2:
        return [tuple(2 * i % n + 1 for i in range(visits))]
    if even != "relay":
        return []
    routes = []
    for c in range(1, n + 1):
        route = [(c - 1 + i // 2 + (n // 2 + 1) * (i % 2)) % n + 1 for i in range(visits)]
        routes.append(tuple(route))
    return routes


def _repeats(base: Movement, route: tuple[int, ...]) -> int | None:
    """How many East-West pairs the rover meets twice on ``route``; None when the route
    visits a table twice or plays a set twice."""
    seats = [base.at(r, t) for r, t in enumerate(route, start=2)]
    if len(set(route)) < len(route) or len({tr.board_set for tr in seats}) < len(seats):
        return None
    return len(seats) - len({tr.ew for tr in seats})


@cache
def rover_tables(tables: int, even: str = "") -> tuple[int, ...]:
    """The tables the rover visits in rounds 2, 3, ... of the Mitchell of ``tables``
    tables (``even``: "skip" or "relay"), meeting a new East-West pair each round where
    the search finds a way, else repeating one."""
    base = mitchell(tables, 1, even=even or "skip")
    for route in _published(base, even):
        if _repeats(base, route) == 0:
            return route
    for repeats in range(base.rounds):
        found = _search(base, repeats)
        if found is not None:
            return found
    raise MovementError(f"no rover fits a Mitchell of {tables} tables")


def rover_mitchell(
    tables: int, boards_per_round: int = 3, *, even: str = "", pairs: int | None = None
) -> Movement:
    """The Mitchell of ``tables`` tables with a rover: ``2N + 1`` pairs (see the module's
    docstring)."""
    if tables % 2 and even:
        raise MovementError("an odd number of tables needs neither a skip nor a relay")
    if tables % 2 == 0 and even not in ("skip", "relay"):
        raise MovementError('with an even number of tables choose "skip" or "relay"')
    if not 3 <= tables <= MAX_TABLES["mitchell"]:
        raise MovementError(f"a rover Mitchell is offered for 3 to 40 tables, not {tables}")
    if pairs is not None and pairs != 2 * tables + 1:
        raise MovementError(
            f"a rover seats one pair beyond a full Mitchell: {tables} tables with a rover "
            f"seat {2 * tables + 1} pairs, not {pairs}"
        )
    base = mitchell(tables, boards_per_round, even=even or "skip")
    rover = str(2 * tables + 1)
    visits = dict(zip(range(2, base.rounds + 1), rover_tables(tables, even), strict=True))
    schedule: list[TableRound] = []
    for tr in base.schedule:
        if visits.get(tr.round) == tr.table:
            note = f"rover: pair {rover} plays North-South here, pair {tr.ns} sits out"
            tr = replace(tr, ns=rover, note=join_notes(tr.note, note))
        schedule.append(tr)
    route = ", ".join(f"round {r} table {t} (pair {t} sits out)" for r, t in visits.items())
    notes = [
        *base.notes,
        f"rover: pair {rover} sits out round 1, then plays North-South at {route}; "
        "a displaced pair is back at its own table the round after",
    ]
    desc = base.description.split(", ", 1)[0] + f", {tables} tables, {base.rounds} rounds"
    desc += f", rover pair {rover}"
    name = f"mitchell-{tables}" + (f"-{even}" if even else "") + "-rover"
    return finish(
        "mitchell",
        tables,
        base.rounds,
        boards_per_round,
        base.board_sets,
        schedule,
        desc,
        notes,
        None,
        dict(base.bystand_sets),
        name=name,
    )


@cache
def _spread(tables: int, even: str) -> float:
    return figures(rover_mitchell(tables, 1, even=even)).compared_cv


def offers(pairs: int) -> list[str]:
    """The rover Mitchells for an odd ``pairs`` at ``(pairs - 1) / 2`` tables, the
    smaller spread first (relay or skip with an even number of tables)."""
    tables = (pairs - 1) // 2
    if pairs % 2 == 0 or not 3 <= tables <= MAX_TABLES["mitchell"]:
        return []
    evens = ("relay", "skip") if tables % 2 == 0 else ("",)
    ranked = sorted(evens, key=lambda e: _spread(tables, e))
    return [f"mitchell-{tables}" + (f"-{e}" if e else "") + "-rover" for e in ranked]


def from_name(name: str, boards_per_round: int, pairs: int | None) -> Movement | None:
    """``mitchell-N-rover``, ``mitchell-N-relay-rover``, ``mitchell-N-skip-rover``."""
    parts = name.split("-")
    if parts[0] != "mitchell" or parts[-1] != "rover" or len(parts) not in (3, 4):
        return None
    if not parts[1].isdigit():
        return None
    even = parts[2] if len(parts) == 4 else ""
    if even not in ("", "relay", "skip"):
        return None
    return rover_mitchell(int(parts[1]), boards_per_round, even=even, pairs=pairs)
