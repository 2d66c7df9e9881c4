"""The Bowman: a Mitchell for a field with a half table, ``2N - 1`` pairs at ``N``
tables, on ``N - 2`` board sets and rounds (docs/laws/movements.md#the-bowman).

The published Bowman is the "1½ table appendix Mitchell" (bridgecentral.com,
*1½ table appendix Mitchell*; the EBU's movement manual (Manning) lists it as the
*Bowman*; EBU Club Focus, spring 2011, "Switched Bowman for 11 tables" and its
adaptation for 10½ tables; EBU Club Focus, "Unusual (but useful) movements for
clubs": a Bowman has two tables more than board sets).  With a half table it is
this, for ``N`` tables and a base of ``B = N - 2``:

* the ``N`` tables stand in one circle; pairs ``1`` to ``N - 1`` sit North-South at
  their tables throughout, and table ``N`` has no North-South pair: it is the *bye*,
  holding no boards, and the East-West pair that reaches it sits out that round;
* the East-West pairs ``N`` to ``2N - 1`` (pair ``N + t - 1`` starts at table ``t``)
  move up one table a round round all ``N`` tables (from table ``N`` to table 1);
* the board sets move down one table round tables 1 to ``B`` (from table 1 to table
  ``B``), and table ``B + 1`` plays table 1's set every round: the two share it.

With an odd base (``N`` odd: 10½ tables are ``N`` = 11, a base of 9) that is the
published movement, the Appendix Mitchell's half-table form
(:mod:`.appendix`, the same schedule).  With an even base the East-West pairs would
meet their sets again after ``B / 2`` rounds, as in any Mitchell of an even number
of tables, so they *skip* a table after round ``B / 2`` (move up two), as the
skip Mitchell does (docs/laws/movements.md#the-classic-mitchell); that adaptation
is the library's (docs/decisions/mitchell-variants.md#the-bowman), checked by the
soundness rules for every size.

So every pair plays ``B`` rounds less its one sit-out at most, nobody plays a set
twice, one set is shared each round and none rests on a stand.
"""

from __future__ import annotations

from .schedule import (
    MAX_TABLES,
    Movement,
    MovementError,
    TableRound,
    check_size,
    declare_shared,
    finish,
    table_round,
)

__all__ = ["bowman_mitchell", "from_name", "offers"]

# The fewest tables: a base of three tables and two more (4½ tables, 9 pairs).
LEAST_TABLES = 5


def _set_at(table: int, round_no: int, base: int) -> int:
    """The set a base table plays: table ``t`` starts on set ``t``, the sets move down one."""
    return (table - 1 + round_no - 1) % base + 1


def _moved(round_no: int, base: int) -> int:
    """How many tables the East-West pairs have moved up by ``round_no``: one a round,
    and with an even base two at the change after round ``base / 2`` (the skip)."""
    skip = base % 2 == 0 and round_no > base // 2
    return round_no - 1 + (1 if skip else 0)


def bowman_mitchell(
    tables: int, boards_per_round: int = 3, *, pairs: int | None = None
) -> Movement:
    """The Bowman for ``2 * tables - 1`` pairs at ``tables`` tables (5 to 40): see the
    module's docstring for the construction and its sources."""
    check_size("mitchell", tables, boards_per_round)
    n = tables
    base = n - 2
    if n < LEAST_TABLES:
        raise MovementError(
            f"a Bowman appends two tables to a Mitchell of at least 3: it runs at "
            f"{LEAST_TABLES} tables or more, not {n}"
        )
    if pairs is not None and pairs != 2 * n - 1:
        raise MovementError(
            f"a Bowman of {n} tables seats {2 * n - 1} pairs (the last table is the bye), "
            f"not {pairs}"
        )
    missing = str(2 * n)  # the bye's North-South pair: the highest number, as a phantom
    schedule: list[TableRound] = []
    for r in range(1, base + 1):
        for t in range(1, n + 1):
            ew = str(n + (t - 1 - _moved(r, base)) % n)
            if t == n:
                schedule.append(TableRound(r, t, missing, ew, 0, (), "the bye"))
                continue
            s = _set_at(t if t <= base else 1, r, base)
            schedule.append(table_round(r, t, str(t), ew, s, boards_per_round))
    schedule = declare_shared(schedule, "Bowman: shares this set")
    notes = [
        f"East-West pairs move up one table round all {n} tables (from table {n} to table "
        f"1); the boards move down one table round tables 1 to {base} (from table 1 to "
        f"table {base})",
        f"table {base + 1} plays the boards of table 1 each round",
        f"table {n} is the bye: the East-West pair that reaches it sits out",
    ]
    desc = f"Bowman, {base} tables and 2 appended, {base} rounds"
    if base % 2 == 0:
        notes.append(
            f"after round {base // 2} the East-West pairs skip a table (move up two), so "
            "none meets a board set twice"
        )
        desc += ", with a skip"
    return finish(
        "mitchell",
        n,
        base,
        boards_per_round,
        base,
        schedule,
        desc,
        notes,
        missing,
        name=f"mitchell-{n}-bowman",
    )


def offers(pairs: int) -> list[str]:
    """The Bowman for an odd ``pairs`` at ``(pairs + 1) / 2`` tables, 5 to 40 of them."""
    tables = (pairs + 1) // 2
    if pairs % 2 == 1 and LEAST_TABLES <= tables <= MAX_TABLES["mitchell"]:
        return [f"mitchell-{tables}-bowman"]
    return []


def from_name(name: str, boards_per_round: int, pairs: int | None) -> Movement | None:
    """``mitchell-N-bowman``."""
    parts = name.split("-")
    if len(parts) != 3 or parts[0] != "mitchell" or parts[2] != "bowman":
        return None
    if not parts[1].isdigit():
        return None
    return bowman_mitchell(int(parts[1]), boards_per_round, pairs=pairs)
