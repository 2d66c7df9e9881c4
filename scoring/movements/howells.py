"""The Howell family: every pair meets every other, all pairs one field.

* The **complete Howell** (``howell-N``, 2 to 16 tables): every pair meets every
  other once and plays every board set once.  The pairs follow the circle method
  (the top pair stays North-South at table 1, the others rotate) and the board
  sets make the rounds x sets array a Room square of side 2N - 1, so from 4 tables
  up no set is at two tables in a round.  The sets come from cyclic starters
  (the starter-adder construction of Room squares: table k plays set
  ``round + c_k``; for 4 tables the published endless Howell, from 9 tables up
  adders balanced by difference sets); for 2, 3 and 5 tables from tables found by
  exhaustive search.  No Room square of side 3 or 5 exists, so the 2- and 3-table Howells
  share a set by design, declared so the guide cards say how to play it.
* A **partial Howell** (``howell-N-rR``): R of the complete Howell's 2N - 1
  rounds, chosen for balance; no pair meets another twice.
* An **even Howell** (``howell-N-even``, 2 to 8 tables): the complete Howell's
  meetings and sets, with only which pair of each table sits North-South changed
  (each moving table keeps one sense), so that the pairs are compared more evenly:
  at 2, 4, 6 and 8 tables every two pairs on the same number of boards.  The
  classic ``howell-N`` stays as the club has played it.
* A **Howell with extra sets** (``howell-N-sS``): the complete Howell's meetings
  on S > 2N - 1 sets, so that every table plays its own set in every round (the
  3-table Howell on 6 sets, found by exhaustive search).

Which construction each size uses, and what was searched and stored:
docs/decisions/howell-constructions.md.  The laws' side: docs/laws/movements.md.
"""

from __future__ import annotations

from dataclasses import replace

from .howell_tables import (
    BALANCED_STARTERS,
    EVEN_SENSES,
    EXTRA_SET_TABLES,
    PARTIAL_ROUNDS,
    SEARCHED_TABLES,
    STARTERS,
)
from .schedule import (
    MAX_TABLES,
    Movement,
    MovementError,
    TableRound,
    check_size,
    declare_shared,
    finish,
    phantom_of,
    set_boards,
    table_round,
)

__all__ = [
    "even_howell",
    "extra_sets_howell",
    "from_name",
    "howell",
    "offers",
    "partial_howell",
    "partial_rounds",
]


def _layout(n: int, bpr: int, senses: tuple[int, ...] | None = None) -> list[TableRound]:
    """The complete Howell's schedule for ``n`` tables: every table of every round.

    Pair 2n sits North-South at table 1 throughout; in round r (from 0) the
    others, numbered 0 .. 2n-2 on a circle, meet r + k against r - k at table
    k + 1, and pair r meets the stationary pair.  ``senses`` (e_1 .. e_{n-1})
    seats pair r + e_k k North-South at table k + 1 instead of the size's own
    directions: the same meetings on the same sets.
    """
    m = 2 * n - 1
    schedule: list[TableRound] = []
    for r in range(m):
        for k in range(n):
            if k == 0:
                ns, ew = str(2 * n), str(r + 1)
            elif senses is not None:
                e = senses[k - 1]
                ns, ew = str((r + e * k) % m + 1), str((r - e * k) % m + 1)
            elif n in BALANCED_STARTERS:
                # Each table keeps its sense: pair r + e_k k North-South, so every
                # moving pair sits North-South at n - 1 tables and East-West at n.
                e = BALANCED_STARTERS[n][1][k - 1]
                ns, ew = str((r + e * k) % m + 1), str((r - e * k) % m + 1)
            else:
                # Directions alternate with the round so moving pairs play both ways.
                a, b = (r + k) % m + 1, (r - k) % m + 1
                ns, ew = (str(a), str(b)) if (r + k) % 2 == 0 else (str(b), str(a))
            if n in BALANCED_STARTERS:
                s = (r + BALANCED_STARTERS[n][0][k]) % m + 1
            elif n in STARTERS:
                s = (r + STARTERS[n][k]) % m + 1
            else:
                s = SEARCHED_TABLES[n][r][k] + 1
            schedule.append(table_round(r + 1, k + 1, ns, ew, s, bpr))
    return schedule


def _sharing_notes(n: int, bpr: int) -> list[str]:
    """How to play a set that two or three tables share in a round (2 and 3 tables)."""
    if n == 2:
        how = (
            "both tables play the same board set every round: each table starts on a "
            "different board of the set and the two tables exchange boards after each "
            "one"
        )
    else:
        how = (
            "in the last round all three tables play the same board set: table 1 starts "
            "on the set's first board, table 2 on its second, table 3 on its third, and "
            "after each board every table passes it to the next (1 to 2, 2 to 3, 3 to 1)"
        )
    if bpr < n:
        how += (
            f"; with {bpr} board{'s' if bpr > 1 else ''} a round there are not enough "
            "boards to go round: duplicate the set (one copy for each table) instead"
        )
    else:
        how += "; or duplicate the set, one copy for each table"
    return [how]


def howell(tables: int, boards_per_round: int = 2, *, pairs: int | None = None) -> Movement:
    """A complete Howell: 2n pairs at n tables, 2n - 1 rounds and 2n - 1 board sets."""
    return _complete(tables, boards_per_round, pairs, None)


def even_howell(
    tables: int,
    boards_per_round: int = 2,
    *,
    pairs: int | None = None,
    senses: tuple[int, ...] | None = None,
) -> Movement:
    """The complete Howell's meetings and sets with each moving table keeping one
    sense, chosen for balance (docs/laws/movements.md#the-howells-figures).

    The senses are stored in :data:`EVEN_SENSES` (or given as ``senses``, one
    sign for each moving table, for weighing candidates).
    """
    check_size("howell", tables, boards_per_round)
    if senses is None:
        if tables not in EVEN_SENSES:
            held = ", ".join(str(n) for n in sorted(EVEN_SENSES))
            raise MovementError(
                f"the library holds no even Howell for {tables} tables (it holds one for "
                f"{held} tables; from 9 tables up the Howell itself is the even one)"
            )
        senses = EVEN_SENSES[tables]
    if len(senses) != tables - 1 or not set(senses) <= {1, -1}:
        raise MovementError(
            f"an even Howell of {tables} tables needs {tables - 1} senses of 1 or -1"
        )
    return _complete(tables, boards_per_round, pairs, senses)


def _complete(n: int, bpr: int, pairs: int | None, senses: tuple[int, ...] | None) -> Movement:
    """The complete Howell at ``n`` tables, in its own directions or in ``senses``."""
    check_size("howell", n, bpr)
    m = 2 * n - 1
    phantom = phantom_of(pairs, n)
    schedule = _layout(n, bpr, senses)
    notes: list[str] = []
    if n in (2, 3):
        # No Room square of side 3 or 5: these share sets by design, declared so the
        # guide cards say where the boards go.
        schedule = declare_shared(schedule, "shares this set")
        notes += _sharing_notes(n, bpr)
    if senses is None:
        desc, name = f"Howell, {n} tables, {m} rounds", f"howell-{n}"
    else:
        desc, name = f"Even Howell, {n} tables, {m} rounds", f"howell-{n}-even"
        notes.append(
            "the Howell's meetings and board sets, with each moving table keeping one "
            "direction so that the pairs are compared more evenly"
        )
    return finish("howell", n, m, bpr, m, schedule, desc, notes, phantom, name=name)


def partial_rounds(tables: int) -> dict[int, tuple[int, ...]]:
    """The partial Howells the library holds for ``tables`` tables: round count ->
    the complete Howell's rounds it plays."""
    return {r: chosen for (n, r), chosen in PARTIAL_ROUNDS.items() if n == tables}


def partial_howell(
    tables: int,
    rounds: int,
    boards_per_round: int = 2,
    *,
    pairs: int | None = None,
    chosen: tuple[int, ...] | None = None,
) -> Movement:
    """A partial Howell: ``rounds`` of the complete Howell's rounds, so no pair meets
    another twice and no pair plays a board twice.

    The rounds are the ones stored for balance in :data:`PARTIAL_ROUNDS` (or
    ``chosen``, the complete Howell's round numbers, for comparing candidates).
    They are played in the complete Howell's order and renumbered 1 .. R; the board
    sets they use are renumbered in the order they are first played, so the boards
    are contiguous.
    """
    check_size("howell", tables, boards_per_round)
    n = tables
    m = 2 * n - 1
    if chosen is None:
        held = partial_rounds(n)
        if rounds not in held:
            offer = ", ".join(str(r) for r in sorted(held)) or "none"
            raise MovementError(
                f"the library holds no partial Howell of {rounds} rounds for {n} tables "
                f"(rounds held for {n} tables: {offer}; the complete Howell plays {m})"
            )
        chosen = held[rounds]
    picked = sorted(chosen)
    if len(set(picked)) != rounds or not all(1 <= r <= m for r in picked):
        raise MovementError(f"a partial Howell plays {rounds} different rounds of 1 to {m}")
    phantom = phantom_of(pairs, n)
    renumber = {old: new for new, old in enumerate(picked, start=1)}
    sets: dict[int, int] = {}
    schedule: list[TableRound] = []
    for tr in _layout(n, boards_per_round):
        if tr.round not in renumber:
            continue
        s = sets.setdefault(tr.board_set, len(sets) + 1)
        schedule.append(
            replace(
                tr, round=renumber[tr.round], board_set=s, boards=set_boards(s, boards_per_round)
            )
        )
    notes = [
        f"a partial Howell: {rounds} of the complete Howell's {m} rounds; every pair meets "
        f"{rounds} others once"
    ]
    if len(sets) > rounds:
        notes.append(
            f"{len(sets)} board sets are in play and each pair plays {rounds} of them, so "
            "some boards are played at fewer tables than others"
        )
    schedule = declare_shared(schedule, "shares this set")
    if any(tr.shared for tr in schedule):
        notes += _sharing_notes(n, boards_per_round)
    desc = f"Partial Howell, {n} tables, {rounds} of {m} rounds"
    return finish(
        "howell",
        n,
        rounds,
        boards_per_round,
        len(sets),
        schedule,
        desc,
        notes,
        phantom,
        name=f"howell-{n}-r{rounds}",
    )


def extra_sets_howell(
    tables: int,
    sets: int,
    boards_per_round: int = 2,
    *,
    pairs: int | None = None,
    table: tuple[tuple[int, ...], ...] | None = None,
) -> Movement:
    """The complete Howell's meetings on ``sets`` board sets, more than its rounds, so
    that no two tables share a set in a round: every pair still meets every other
    once, and plays each set at most once.

    The sets are stored in :data:`EXTRA_SET_TABLES` (or given as ``table``, round x
    table -> set from 0, for weighing candidates).
    """
    check_size("howell", tables, boards_per_round)
    n = tables
    m = 2 * n - 1
    if table is None:
        if (n, sets) not in EXTRA_SET_TABLES:
            held = ", ".join(f"{t} tables on {s} sets" for t, s in sorted(EXTRA_SET_TABLES))
            raise MovementError(
                f"the library holds no Howell of {n} tables on {sets} board sets (it holds {held})"
            )
        table = EXTRA_SET_TABLES[(n, sets)]
    phantom = phantom_of(pairs, n)
    schedule: list[TableRound] = []
    for tr in _layout(n, boards_per_round):
        s = table[tr.round - 1][tr.table - 1] + 1
        schedule.append(replace(tr, board_set=s, boards=set_boards(s, boards_per_round)))
    notes = [
        f"{sets} board sets for {m} rounds, so that every table plays its own set in "
        f"every round: each pair plays {m} of the {sets} sets, and a set is played at "
        "fewer tables than another"
    ]
    desc = f"Howell with extra sets, {n} tables, {m} rounds"
    return finish(
        "howell",
        n,
        m,
        boards_per_round,
        sets,
        schedule,
        desc,
        notes,
        phantom,
        name=f"howell-{n}-s{sets}",
    )


def offers(pairs: int) -> list[str]:
    """The Howells for ``pairs`` pairs at ``ceil(pairs / 2)`` tables: the even
    Howell where the library holds one (more even than the classic layout), the
    complete Howell, then the three-quarter Howell from 7 tables up (the 3-table one
    of four rounds), then the Howells with extra sets; each alternative only where
    it makes one field."""
    tables = (pairs + 1) // 2
    if not 2 <= tables <= MAX_TABLES["howell"]:
        return []
    # With 3 pairs one table plays a round and nobody is compared, in either layout.
    even = tables in EVEN_SENSES and not (tables == 2 and pairs % 2)
    complete = ([f"howell-{tables}-even"] if even else []) + [f"howell-{tables}"]
    if tables == 3 and pairs % 2:
        # Five pairs leave two tables a round: the alternatives compare them less
        # evenly than either complete Howell (docs/laws/movements.md#a-howell-with-extra-sets).
        return complete
    # The three-quarter Howell where the complete one is long; the other partial
    # Howells are built by name.
    three_quarter = round(3 * (2 * tables - 1) / 4)
    partials = [4] if tables == 3 else [three_quarter] if tables >= 7 else []
    extra = sorted(s for t, s in EXTRA_SET_TABLES if t == tables)
    return (
        complete
        + [f"howell-{tables}-r{r}" for r in partials]
        + [f"howell-{tables}-s{s}" for s in extra]
    )


def from_name(name: str, boards_per_round: int, pairs: int | None) -> Movement | None:
    """``howell-N``: the complete Howell at N tables; ``howell-N-rR``: its partial
    Howell of R rounds; ``howell-N-sS``: its Howell on S board sets;
    ``howell-N-even``: its even Howell."""
    parts = name.split("-")
    if parts[0] != "howell" or len(parts) not in (2, 3) or not parts[1].isdigit():
        return None
    if len(parts) == 2:
        return howell(int(parts[1]), boards_per_round, pairs=pairs)
    rest = parts[2]
    if rest == "even":
        return even_howell(int(parts[1]), boards_per_round, pairs=pairs)
    if rest[:1] not in ("r", "s") or not rest[1:].isdigit():
        return None
    if rest[0] == "s":
        return extra_sets_howell(int(parts[1]), int(rest[1:]), boards_per_round, pairs=pairs)
    return partial_howell(int(parts[1]), int(rest[1:]), boards_per_round, pairs=pairs)
