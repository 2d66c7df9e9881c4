"""The share-and-bump Mitchell: an even number of tables ``N`` on ``N - 1`` board sets,
``N - 1`` rounds, with no skip and no bystand, and every pair plays every board
(docs/laws/movements.md#share-and-bump).

No public description precise enough to reproduce was found under this name
(docs/decisions/mitchell-variants.md); this is our construction, from the published
parts it is named for: a *share* (two tables play one set, as in the relay) and a
*bump* (a pair displaced for a round, as in the displacement or "bump" Mitchell):

* tables 1 to ``M = N - 1`` are an odd Mitchell: North-South pairs 1 to ``M`` stay,
  East-West pairs ``N + 1`` to ``2N - 1`` move up one table round them (pair
  ``N + t`` starts at table ``t``), the board sets move down one;
* pair ``2N``, the *bumper*, plays East-West at table ``2r - 1`` (round ``M``) in
  round ``r``: it takes the seat of the East-West pair that would sit there, which
  is *bumped* to the bump table ``N`` for that round;
* at table ``N`` the stationary pair ``N`` plays the bumped pair on the same set as
  the bumper's table: the two tables share that set.

The bumped pair plays its own path's set, so it plays every set once and is back on
its path the next round; the bumper plays set ``3r - 2`` (round ``M``) and meets
North-South pair ``2r - 1``, and pair ``N`` meets each bumped pair once: all
different when ``M`` is prime to 6.  That is a *strong complete mapping* of the
integers mod ``M`` (here ``r -> 2r``), which exists exactly when ``M`` is prime to 6,
so the movement is offered at 6, 8, 12, 14, 18, 20, ... tables and not where 3
divides ``N - 1`` (4, 10, 16, ...), where some pair would meet another twice.
"""

from __future__ import annotations

from math import gcd

from .schedule import (
    MAX_TABLES,
    Movement,
    MovementError,
    TableRound,
    check_size,
    finish,
    join_notes,
    phantom_of,
    set_boards,
    table_round,
)

__all__ = ["from_name", "offers", "share_and_bump"]


def share_and_bump(tables: int, boards_per_round: int = 3, *, pairs: int | None = None) -> Movement:
    """The share-and-bump Mitchell for ``tables`` tables (even, with ``tables - 1``
    prime to 6); see the module's docstring for the construction."""
    check_size("mitchell", tables, boards_per_round)
    n = tables
    m = n - 1
    if n % 2 or gcd(m, 6) != 1:
        raise MovementError(
            "a share-and-bump Mitchell runs at an even number of tables one more than a "
            f"number prime to 6 (6, 8, 12, 14, 18, 20, ...), not {n}"
        )
    phantom = phantom_of(pairs, n)
    bumper = str(2 * n)
    schedule: list[TableRound] = []
    for r in range(m):  # from 0: round r + 1
        host = (2 * r) % m  # the bumper's table, from 0
        for t in range(m):
            s = (t + r) % m + 1
            ew = str(n + 1 + (t - r) % m)
            if t == host:
                bumped = ew
                note = (
                    f"bump: pair {bumper} plays East-West here, pair {ew} goes to table {n}; "
                    f"shares this set with table {n}"
                )
                schedule.append(
                    TableRound(
                        r + 1,
                        t + 1,
                        str(t + 1),
                        bumper,
                        s,
                        set_boards(s, boards_per_round),
                        note,
                        (n,),
                    )
                )
                shared_set = s
            else:
                schedule.append(table_round(r + 1, t + 1, str(t + 1), ew, s, boards_per_round))
        schedule.append(
            TableRound(
                r + 1,
                n,
                str(n),
                bumped,
                shared_set,
                set_boards(shared_set, boards_per_round),
                join_notes(
                    f"bump table: pair {bumped} is bumped here for this round",
                    f"shares this set with table {host + 1}",
                ),
                (host + 1,),
            )
        )
    route = ", ".join(str((2 * r) % m + 1) for r in range(m))
    notes = [
        f"East-West pairs {n + 1} to {2 * n - 1} move up one table round tables 1 to {m}; "
        f"the boards move down one table round tables 1 to {m}",
        f"pair {bumper} bumps: it plays East-West at tables {route} in turn; the pair it "
        f"bumps plays that round at table {n} against pair {n}, on the same boards "
        "(the two tables share them), and is back on its way the round after",
    ]
    desc = f"Share-and-bump Mitchell, {n} tables, {m} rounds"
    return finish(
        "mitchell",
        n,
        m,
        boards_per_round,
        m,
        schedule,
        desc,
        notes,
        phantom,
        name=f"mitchell-{n}-share",
    )


def offers(pairs: int) -> list[str]:
    """The share-and-bump Mitchell for ``pairs`` pairs at ``ceil(pairs / 2)`` tables,
    where it runs."""
    n = (pairs + 1) // 2
    if 6 <= n <= MAX_TABLES["mitchell"] and n % 2 == 0 and gcd(n - 1, 6) == 1:
        return [f"mitchell-{n}-share"]
    return []


def from_name(name: str, boards_per_round: int, pairs: int | None) -> Movement | None:
    """``mitchell-N-share``."""
    parts = name.split("-")
    if len(parts) != 3 or parts[0] != "mitchell" or parts[2] != "share":
        return None
    if not parts[1].isdigit():
        return None
    return share_and_bump(int(parts[1]), boards_per_round, pairs=pairs)
