"""The Appendix Mitchell: a Mitchell of ``B`` tables (``B`` odd) with two tables
appended, so a field of ``2B + 3`` or ``2B + 4`` pairs plays ``B`` rounds on ``B``
board sets (docs/laws/movements.md#the-appendix-mitchell).

The construction is the published "1½ table appendix Mitchell" (bridgecentral.com,
*1½ table appendix Mitchell*), which the EBU's movement manual calls the *Bowman*
(EBU Club Focus, spring 2011, "Switched Bowman for 11 tables"):

* the ``B + 2`` tables stand in one circle; the pairs move as in a Mitchell of
  ``B + 2`` tables: North-South stay, East-West move up one table a round (from the
  last table to table 1);
* the boards move as in a Mitchell of ``B`` tables: down one table round tables
  1 to ``B`` (from table 1 to table ``B``);
* the appendix table ``B + 1`` always shares the set of table 1;
* with ``2B + 4`` pairs the last table ``B + 2`` shares in turn with tables ``B``,
  ``B - 2``, ... (two tables down a round, round the base), so it plays the sets in
  descending order; with ``2B + 3`` pairs its stationary pair is the one missing and
  it is the bye: the East-West pair reaching it sits out, and it holds no boards
  (board set 0, no boards), so it shares with no table.

The pair at the last table is numbered ``2N`` (``N = B + 2`` tables) so that the
missing pair of an odd field is the highest number, as in every movement here; the
East-West pairs are ``N`` to ``2N - 1``, pair ``N + t - 1`` starting at table ``t``.
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
    phantom_of,
    table_round,
)

__all__ = ["appendix_mitchell", "from_name", "offers"]


def _set_at(table: int, round_no: int, base: int) -> int:
    """The set a base table plays: table ``t`` starts on set ``t``, the sets move down one."""
    return (table - 1 + round_no - 1) % base + 1


def appendix_mitchell(
    tables: int, boards_per_round: int = 3, *, pairs: int | None = None
) -> Movement:
    """The Appendix Mitchell (Bowman) for ``tables`` tables: a base of ``tables - 2``
    tables (odd, at least 3), ``tables - 2`` rounds and board sets; see the module's
    docstring for the construction and its sources."""
    check_size("mitchell", tables, boards_per_round)
    n = tables
    base = n - 2
    if base < 3 or base % 2 == 0:
        raise MovementError(
            "an Appendix Mitchell appends two tables to an odd Mitchell: "
            f"it runs at 5, 7, 9, ... tables, not {n}"
        )
    phantom = phantom_of(pairs, n)
    stationary = {t: str(t) for t in range(1, n)} | {n: str(2 * n)}
    schedule: list[TableRound] = []
    for r in range(1, base + 1):
        for t in range(1, n + 1):
            ew = str(n + (t - 1 - (r - 1)) % n)
            if t <= base:
                s = _set_at(t, r, base)
            elif t == base + 1:
                s = _set_at(1, r, base)
            elif phantom is not None:
                # The bye: its stationary pair is the one missing, so it holds no boards
                # (set 0) and shares with no table.
                schedule.append(TableRound(r, t, stationary[t], ew, 0, (), "the bye"))
                continue
            else:
                partner = (base - 2 * (r - 1) - 1) % base + 1
                s = _set_at(partner, r, base)
            schedule.append(table_round(r, t, stationary[t], ew, s, boards_per_round))
    schedule = declare_shared(schedule, "appendix: shares this set")
    notes = [
        f"East-West pairs move up one table round all {n} tables (from table {n} to table 1); "
        f"the boards move down one table round tables 1 to {base} (from table 1 to table "
        f"{base})",
        f"table {base + 1} plays the boards of table 1 each round",
    ]
    if phantom is None:
        notes.append(
            f"table {n} plays the boards of tables {base}, {base - 2}, ... in turn "
            "(two tables down each round)"
        )
    else:
        notes.append(f"table {n} is the bye: the East-West pair that reaches it sits out")
    desc = f"Appendix Mitchell, {base} tables and 2 appended, {base} rounds"
    return finish(
        "mitchell",
        n,
        base,
        boards_per_round,
        base,
        schedule,
        desc,
        notes,
        phantom,
        name=f"mitchell-{n}-appendix",
    )


def offers(pairs: int) -> list[str]:
    """The Appendix Mitchell for an even ``pairs`` when ``pairs / 2`` tables leave an odd
    base of at least 3 tables.  Its half-table form (``2N - 1`` pairs) is offered as the
    Bowman (:mod:`.bowman`, the same schedule); the name still builds it."""
    tables = (pairs + 1) // 2
    if pairs % 2 == 0 and 5 <= tables <= MAX_TABLES["mitchell"] and tables % 2 == 1:
        return [f"mitchell-{tables}-appendix"]
    return []


def from_name(name: str, boards_per_round: int, pairs: int | None) -> Movement | None:
    """``mitchell-N-appendix``."""
    parts = name.split("-")
    if len(parts) != 3 or parts[0] != "mitchell" or parts[2] != "appendix":
        return None
    if not parts[1].isdigit():
        return None
    return appendix_mitchell(int(parts[1]), boards_per_round, pairs=pairs)
