"""The team match's rotation (Duplicate Law G): two teams of k pairs at k tables.
See docs/laws/teams.md.
"""

from __future__ import annotations

from .schedule import MAX_TABLES, Movement, MovementError, check_size, finish, table_round

__all__ = ["from_name", "offers", "team_match"]


def team_match(pairs_per_team: int, boards_per_round: int = 4) -> Movement:
    """A team match (Duplicate Law G): teams A and B of k pairs at k tables.

    Pairs are stationary: A_t and B_t sit at table t, team A North-South at
    tables 1 .. ceil(k/2) and East-West at the rest, so each team holds the
    other's cards at the other tables.  The k board sets move down one table
    a round; after k rounds every board has been played once at every table.
    """
    check_size("teams", pairs_per_team, boards_per_round)
    k = pairs_per_team
    a_ns = (k + 1) // 2
    schedule = []
    for r in range(1, k + 1):
        for t in range(1, k + 1):
            s = (t - 1 + (r - 1)) % k + 1
            ns, ew = (f"A{t}", f"B{t}") if t <= a_ns else (f"B{t}", f"A{t}")
            schedule.append(table_round(r, t, ns, ew, s, boards_per_round))
    desc = f"Team match, {k} pairs a team at {k} tables, {k} rounds"
    notes = [
        f"team A sits North-South at tables 1-{a_ns}"
        if a_ns > 1
        else "team A sits North-South at table 1"
    ]
    return finish(
        "teams", k, k, boards_per_round, k, schedule, desc, notes, None, name=f"teams-{k}"
    )


def offers(pairs: int) -> list[str]:
    """The team match's rotation for ``pairs`` pairs a team."""
    return [f"teams-{pairs}"] if 2 <= pairs <= MAX_TABLES["teams"] else []


def from_name(name: str, boards_per_round: int, pairs: int | None) -> Movement | None:
    """``teams-K``: two teams of K pairs."""
    parts = name.split("-")
    if parts[0] != "teams" or len(parts) != 2 or not parts[1].isdigit():
        return None
    if pairs is not None:
        raise MovementError("a team match seats two equal teams: give the pairs per team")
    return team_match(int(parts[1]), boards_per_round)
