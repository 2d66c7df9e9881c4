"""The soundness rules every movement in the library keeps, and a director's own
movement must keep before it is run (docs/laws/movements.md#soundness).

A movement is sound when:

* every round seats every table once, and no pair sits twice in a round;
* no pair plays a board twice;
* every pair plays the same number of rounds, except that a pair may sit out at
  most one round more than another;
* a board is at one table in a round, unless the movement declares the tables
  that share it (a relay or a shared set), so the guide cards can say so.

The rules hold for a movement as planned; a late pair or a withdrawal changes the
field in play (``with_field_changes``) and is not checked against them.
"""

from __future__ import annotations

from collections import defaultdict

from .schedule import Movement, MovementError

__all__ = ["check", "problems"]


def problems(movement: Movement) -> list[str]:
    """Every rule ``movement`` breaks, each said in a director's words (empty: sound)."""
    out: list[str] = []
    rounds: dict[int, list[int]] = defaultdict(list)
    seated: dict[tuple[int, str], int] = {}
    boards_of: dict[str, set[int]] = defaultdict(set)
    rounds_played: dict[str, int] = defaultdict(int)
    at: dict[tuple[int, int], list[int]] = defaultdict(list)  # (round, board) -> tables
    for tr in movement.schedule:
        rounds[tr.round].append(tr.table)
        for board in tr.boards:
            at[(tr.round, board)].append(tr.table)
        for pair in (tr.ns, tr.ew):
            if pair is None:
                continue
            if (tr.round, pair) in seated:
                out.append(
                    f"round {tr.round}: pair {pair} sits at tables {seated[(tr.round, pair)]} "
                    f"and {tr.table}"
                )
            seated[(tr.round, pair)] = tr.table
            again = boards_of[pair].intersection(tr.boards)
            if again:
                out.append(
                    f"round {tr.round}, table {tr.table}: pair {pair} plays board "
                    f"{min(again)} a second time"
                )
            boards_of[pair].update(tr.boards)
            rounds_played[pair] += 1
        if tr.ns is not None and tr.ns == tr.ew:
            out.append(f"round {tr.round}, table {tr.table}: pair {tr.ns} plays itself")
    if sorted(rounds) != list(range(1, movement.rounds + 1)):
        out.append(f"the rounds are not numbered 1 to {movement.rounds}")
    for r, tables in sorted(rounds.items()):
        if sorted(tables) != list(range(1, movement.tables + 1)):
            out.append(f"round {r} does not seat tables 1 to {movement.tables} once each")
    if rounds_played:
        few, most = min(rounds_played.values()), max(rounds_played.values())
        if most - few > 1:
            short = min(rounds_played, key=lambda p: rounds_played[p])
            out.append(
                f"pair {short} plays {few} rounds and another {most}: a pair may sit out "
                "at most one round more than another"
            )
    by_seat = {(tr.round, tr.table): tr for tr in movement.schedule}
    told: set[tuple[int, tuple[int, ...]]] = set()
    for (r, board), tables in sorted(at.items()):
        if len(tables) < 2:
            continue
        group = tuple(sorted(tables))
        for t in group:
            declared = set(by_seat[(r, t)].shared)
            if not set(group).difference({t}) <= declared and (r, group) not in told:
                told.add((r, group))
                out.append(
                    f"round {r}: board {board} is at tables "
                    + " and ".join(str(x) for x in group)
                    + " and the movement does not say they share it"
                )
    return out


def check(movement: Movement) -> Movement:
    """``movement`` itself when it is sound, else a :class:`MovementError` naming the
    first rule it breaks (and how many more there are)."""
    found = problems(movement)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise MovementError(f"this movement cannot be run: {found[0]}{more}")
    return movement
