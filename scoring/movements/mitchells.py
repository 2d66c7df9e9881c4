"""The Mitchell: North-South pairs stay put, East-West pairs move up one table, the
boards move down one (Mitchell arithmetic, as in duplicate whist).

With an even number of tables the director chooses a *skip* (East-West jump a table
after half the rounds; every pair misses one board set) or a *relay-bystand*
(tables 1 and N share a board set and one set rests on a stand between the middle
tables).  See docs/laws/movements.md.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from .schedule import (
    ARROW_SWITCH_NOTE,
    MAX_TABLES,
    Movement,
    MovementError,
    TableRound,
    check_size,
    declare_shared,
    finish,
    join_notes,
    phantom_of,
    table_round,
)

__all__ = ["from_name", "mitchell", "offers"]


def mitchell(
    tables: int,
    boards_per_round: int = 3,
    *,
    even: str = "skip",
    pairs: int | None = None,
    arrow_switch: bool = False,
) -> Movement:
    """A Mitchell for ``tables`` tables.

    Pair ``t`` sits North-South at table ``t`` throughout; pair ``N + t``
    starts East-West at table ``t`` and moves up one table a round; the
    board sets move down one.  With an odd number of tables there are N
    rounds and every pair plays every set.  With an even number, ``even``
    chooses "skip" (N - 1 rounds, East-West skip a table after round N/2,
    every pair misses one set) or "relay" (relay-bystand: N rounds, tables
    1 and N share a set, one set rests on the stand between tables N/2 and
    N/2 + 1).  ``arrow_switch`` turns the pairs round in the last round so
    every pair plays in both directions.
    """
    check_size("mitchell", tables, boards_per_round)
    if even not in ("skip", "relay"):
        raise MovementError('with an even number of tables choose "skip" or "relay"')
    if pairs is not None and (isinstance(pairs, bool) or not isinstance(pairs, int)):
        raise MovementError(f"the number of pairs must be a whole number, not {pairs!r}")
    return _mitchell(tables, boards_per_round, even, pairs, bool(arrow_switch))


# The one-winner, share and rover families build their Mitchell base again for each
# name the chooser weighs, so a built Mitchell is kept (it is immutable).
@lru_cache(maxsize=128)
def _mitchell(
    tables: int, boards_per_round: int, even: str, pairs: int | None, arrow_switch: bool
) -> Movement:
    n = tables
    phantom = phantom_of(pairs, n)
    notes: list[str] = []
    schedule: list[TableRound] = []
    bystand: dict[int, int] = {}
    if n % 2 == 1:
        rounds = n
        sets = n
        desc = f"Mitchell, {n} tables, {rounds} rounds"
        for r in range(1, rounds + 1):
            for t in range(1, n + 1):
                ew_start = (t - 1 - (r - 1)) % n + 1
                s = (t - 1 + (r - 1)) % n + 1
                schedule.append(table_round(r, t, str(t), str(n + ew_start), s, boards_per_round))
    elif even == "skip":
        rounds = n - 1
        sets = n
        half = n // 2
        desc = f"Mitchell with a skip, {n} tables, {rounds} rounds"
        notes.append(
            f"after round {half} the East-West pairs skip a table (move up two); "
            "every pair misses one board set"
        )
        for r in range(1, rounds + 1):
            shift = r - 1 if r <= half else r
            for t in range(1, n + 1):
                ew_start = (t - 1 - shift) % n + 1
                s = (t - 1 + (r - 1)) % n + 1
                schedule.append(table_round(r, t, str(t), str(n + ew_start), s, boards_per_round))
    else:
        rounds = n
        sets = n
        half = n // 2
        desc = f"Mitchell with a relay and bystand, {n} tables, {rounds} rounds"
        notes.append(
            f"tables 1 and {n} share a board set each round (relay); one set rests on the "
            f"bystand between tables {half} and {half + 1}"
        )
        # The board circuit: n places, boards move one place down a round.
        # Place 0 is shared by tables 1 and n; places 1..half-1 are tables 2..half;
        # place half is the bystand; places half+1..n-1 are tables half+1..n-1.
        place_of_table = {1: 0, n: 0}
        for t in range(2, half + 1):
            place_of_table[t] = t - 1
        for t in range(half + 1, n):
            place_of_table[t] = t
        for r in range(1, rounds + 1):
            for t in range(1, n + 1):
                ew_start = (t - 1 - (r - 1)) % n + 1
                s = (place_of_table[t] + (r - 1)) % n + 1
                schedule.append(table_round(r, t, str(t), str(n + ew_start), s, boards_per_round))
            bystand[r] = (half + (r - 1)) % n + 1
        schedule = declare_shared(schedule, "relay: shares this set")
    if arrow_switch:
        last = [tr for tr in schedule if tr.round == rounds]
        schedule = [tr for tr in schedule if tr.round != rounds] + [
            replace(tr, ns=tr.ew, ew=tr.ns, note=join_notes(tr.note, ARROW_SWITCH_NOTE))
            for tr in last
        ]
        notes.append("arrow switch in the last round: North-South pairs play East-West")
        desc += ", arrow switch"
    name = f"mitchell-{n}" + ("" if n % 2 else f"-{even}") + ("-arrow" if arrow_switch else "")
    return finish(
        "mitchell", n, rounds, boards_per_round, sets, schedule, desc, notes, phantom, bystand, name
    )


def offers(pairs: int) -> list[str]:
    """The Mitchells for ``pairs`` pairs: ``ceil(pairs / 2)`` tables, the odd pair a
    sit-out; with an even number of tables the relay first (every pair plays every
    board) and the skip."""
    tables = (pairs + 1) // 2
    if not 3 <= tables <= MAX_TABLES["mitchell"]:
        return []
    if tables % 2:
        return [f"mitchell-{tables}", f"mitchell-{tables}-arrow"]
    return [
        f"mitchell-{tables}-{even}{arrow}" for even in ("relay", "skip") for arrow in ("", "-arrow")
    ]


def from_name(name: str, boards_per_round: int, pairs: int | None) -> Movement | None:
    """``mitchell-N``, ``mitchell-N-skip``, ``mitchell-N-relay``, each with ``-arrow``."""
    parts = name.split("-")
    if parts[0] != "mitchell" or len(parts) < 2 or not parts[1].isdigit():
        return None
    rest = parts[2:]
    arrow = rest[-1:] == ["arrow"]
    rest = rest[:-1] if arrow else rest
    if rest not in ([], ["skip"], ["relay"]):
        return None
    return mitchell(
        int(parts[1]),
        boards_per_round,
        even=rest[0] if rest else "skip",
        pairs=pairs,
        arrow_switch=arrow,
    )
