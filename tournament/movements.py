"""Movements: who sits where, which boards, and where everyone goes next.

Pure Python (no ORM), so the schedule can be generated, tested and printed
without a database.  Three families, from duplicate whist:

* **Mitchell**: North-South pairs stay put, East-West pairs move up one
  table, boards move down one.  With an even number of tables the director
  chooses a *skip* (East-West jump a table after half the rounds; every pair
  misses one board set) or a *relay-bystand* (tables 1 and N share a board
  set and one set rests on a stand between the middle tables).
* **Howell** (complete): every pair meets every other once and plays every
  board set once.  Pairs follow the circle method (the top pair stays at
  table 1 North-South, the others rotate); the board sets come from cyclic
  "starters" or, for 2, 3 and 5 tables, from tables found by exhaustive
  search and checked by the test-suite.  With 2 and 3 tables some tables must
  share a set (no Room square of side 3 or 5 exists), and the schedule says
  so in its notes.
* **Team match** (Duplicate Law G): two teams of k pairs at k tables, pairs
  stationary, half of each team North-South; the board sets rotate so every
  board is played once at every table.

Pairs are labelled by number as strings ("1", "2", ...); team-match pairs
as "A1", "B3".  A missing pair (an odd number of pairs) is ``None``: its
opponents sit out that round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from scoring import pair_label_key

from .choices import MovementKind

__all__ = [
    "FieldChange",
    "Movement",
    "MovementError",
    "TableRound",
    "howell",
    "make_movement",
    "mitchell",
    "team_match",
    "vacant_places",
    "with_field_changes",
]

MAX_TABLES = {"mitchell": 40, "howell": 8, "teams": 30}  # a section of a championship: 40


class MovementError(ValueError):
    """A movement that cannot be run, said in a director's words."""


@dataclass(frozen=True, slots=True)
class TableRound:
    """One table in one round."""

    round: int
    table: int
    ns: str | None
    ew: str | None
    board_set: int
    boards: tuple[int, ...]
    note: str = ""

    @property
    def sit_out(self) -> bool:
        """True when one side's pair is missing (a phantom): the other sits out."""
        return self.ns is None or self.ew is None


@dataclass(frozen=True)
class Movement:
    """A whole schedule: every table of every round."""

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    board_sets: int
    schedule: tuple[TableRound, ...]
    pairs: tuple[str, ...]
    description: str
    notes: tuple[str, ...] = ()
    bystand_sets: dict[int, int] = field(default_factory=dict)  # round -> resting set
    # pair -> the round it was withdrawn from (the movement as played): it leaves, it
    # does not sit out (with_field_changes).
    withdrawn: dict[str, int] = field(default_factory=dict)

    @property
    def boards(self) -> int:
        return self.board_sets * self.boards_per_round

    def round(self, number: int) -> list[TableRound]:
        """The tables of round ``number`` (from 1), in table order."""
        return [self._by_seat[(number, t)] for t in range(1, self.tables + 1)]

    @cached_property
    def _by_seat(self) -> dict[tuple[int, int], TableRound]:
        return {(tr.round, tr.table): tr for tr in self.schedule}

    @cached_property
    def _by_pair(self) -> dict[tuple[str, int], tuple[int, str]]:
        index: dict[tuple[str, int], tuple[int, str]] = {}
        for tr in self.schedule:
            if tr.ns is not None:
                index[(tr.ns, tr.round)] = (tr.table, "NS")
            if tr.ew is not None:
                index[(tr.ew, tr.round)] = (tr.table, "EW")
        return index

    def at(self, round_no: int, table: int) -> TableRound:
        try:
            return self._by_seat[(round_no, table)]
        except KeyError:
            raise MovementError(f"there is no table {table} in round {round_no}") from None

    def where(self, pair: str, round_no: int) -> tuple[int, str] | None:
        """Where ``pair`` sits in ``round_no``: ``(table, "NS"|"EW")``, or None (sits out)."""
        return self._by_pair.get((pair, round_no))

    def board_set_next(self, board_set: int, round_no: int) -> list[int]:
        """Tables that play ``board_set`` in the round after ``round_no`` (empty: rests or ends)."""
        return [
            t
            for t in range(1, self.tables + 1)
            if (round_no + 1, t) in self._by_seat
            and self._by_seat[(round_no + 1, t)].board_set == board_set
        ]

    def next_move(self, round_no: int, table: int) -> dict[str, Any]:
        """What the guide card says at the end of ``round_no`` at ``table``."""
        tr = self.at(round_no, table)
        last = round_no >= self.rounds
        result: dict[str, Any] = {"last_round": last}
        for side, pair in (("ns", tr.ns), ("ew", tr.ew)):
            if last or pair is None:
                result[side] = None
                continue
            nxt = self.where(pair, round_no + 1)
            if nxt:
                result[side] = {"table": nxt[0], "direction": nxt[1]}
            elif self.withdrawn.get(pair, self.rounds + 1) <= round_no + 1:
                result[side] = {"leaves": True}  # withdrawn: told so, not to sit out
            else:
                result[side] = {"sits_out": True}
        if last:
            result["boards"] = None
        else:
            dest = self.board_set_next(tr.board_set, round_no)
            result["boards"] = {"tables": dest, "bystand": not dest}
        return result

    def arrivals(self, round_no: int) -> list[tuple[str, int, str]]:
        """Pairs seated in the round after ``round_no`` that sit at no table in it, with
        where they go: ``(pair, table, "NS"|"EW")``.  A pair back from a sit-out and a
        late pair joining then: no table's guide card moves them, so the room display
        names them."""
        if round_no >= self.rounds:
            return []
        seated = {tr.ns for tr in self.round(round_no)} | {tr.ew for tr in self.round(round_no)}
        out = []
        for tr in self.round(round_no + 1):
            for pair, direction in ((tr.ns, "NS"), (tr.ew, "EW")):
                if pair is not None and pair not in seated:
                    out.append((pair, tr.table, direction))
        return sorted(out, key=lambda a: pair_label_key(a[0]))

    def guide_cards(self) -> list[dict[str, Any]]:
        """One card per table: each round's pairs, boards and next moves."""
        cards = []
        for table in range(1, self.tables + 1):
            rows = []
            for r in range(1, self.rounds + 1):
                tr = self.at(r, table)
                rows.append(
                    {
                        "round": r,
                        "ns": tr.ns,
                        "ew": tr.ew,
                        "boards": list(tr.boards),
                        "note": tr.note,
                        "next": self.next_move(r, table),
                    }
                )
            cards.append({"table": table, "rounds": rows})
        return cards

    def to_json(self) -> dict[str, Any]:
        return {
            "movement": self.kind,
            "description": self.description,
            "tables": self.tables,
            "rounds_count": self.rounds,
            "boards_per_round": self.boards_per_round,
            "boards": self.boards,
            "notes": list(self.notes),
            "rounds": [
                {
                    "round": r,
                    "tables": [
                        {
                            "table": tr.table,
                            "ns": tr.ns,
                            "ew": tr.ew,
                            "boards": list(tr.boards),
                            **({"sit_out": True} if tr.sit_out else {}),
                            **({"note": tr.note} if tr.note else {}),
                        }
                        for tr in self.round(r)
                    ],
                    **({"bystand_set": self.bystand_sets[r]} if r in self.bystand_sets else {}),
                }
                for r in range(1, self.rounds + 1)
            ],
        }

    def to_text(self) -> str:
        """A readable table: one line per round, one column per table."""
        lines = [self.description]
        lines += [f"  note: {n}" for n in self.notes]
        width = max(14, 6 + len(_fmt_boards(self.schedule[0].boards)))
        header = "Round  " + "".join(f"Table {t:<{width - 6}}" for t in range(1, self.tables + 1))
        lines.append(header.rstrip())
        for r in range(1, self.rounds + 1):
            cells = []
            for tr in self.round(r):
                ns = tr.ns or "-"
                ew = tr.ew or "-"
                cells.append(f"{ns}v{ew} {_fmt_boards(tr.boards)}".ljust(width))
            lines.append(f"{r:<7}" + "".join(cells).rstrip())
        return "\n".join(lines) + "\n"


def _fmt_boards(boards: tuple[int, ...]) -> str:
    if not boards:
        return ""
    if len(boards) == 1:
        return f"b{boards[0]}"
    return f"b{boards[0]}-{boards[-1]}"


def _check(kind: str, tables: int, boards_per_round: int) -> None:
    if isinstance(tables, bool) or not isinstance(tables, int):
        raise MovementError(f"the number of tables must be a whole number, not {tables!r}")
    low = 2
    high = MAX_TABLES[kind]
    if tables < low:
        raise MovementError(
            f"a {kind} needs at least {low} tables; with {tables} there is nobody to compare with"
        )
    if tables > high:
        hint = " (use a Mitchell for a larger field)" if kind == MovementKind.HOWELL else ""
        raise MovementError(f"a {kind} is offered for {low} to {high} tables, not {tables}{hint}")
    if isinstance(boards_per_round, bool) or not isinstance(boards_per_round, int):
        raise MovementError(f"boards per round must be a whole number, not {boards_per_round!r}")
    if boards_per_round < 1:
        raise MovementError("each round needs at least one board")
    if boards_per_round > 13:
        raise MovementError(
            f"{boards_per_round} boards a round is more than any session plays (1 to 13)"
        )


def _set_boards(board_set: int, bpr: int) -> tuple[int, ...]:
    start = (board_set - 1) * bpr + 1
    return tuple(range(start, start + bpr))


def phantom_of(pairs: int | None, tables: int) -> str | None:
    """The label of the missing pair when the field is odd, else None."""
    if pairs is None or pairs == 2 * tables:
        return None
    if pairs == 2 * tables - 1:
        return str(2 * tables)
    raise MovementError(
        f"{pairs} pairs do not fit {tables} tables: {tables} tables seat "
        f"{2 * tables - 1} or {2 * tables} pairs"
    )


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
    _check("mitchell", tables, boards_per_round)
    n = tables
    phantom = phantom_of(pairs, n)
    notes: list[str] = []
    schedule: list[TableRound] = []
    bystand: dict[int, int] = {}
    if even not in ("skip", "relay"):
        raise MovementError('with an even number of tables choose "skip" or "relay"')
    if n % 2 == 1:
        rounds = n
        sets = n
        desc = f"Mitchell, {n} tables, {rounds} rounds"
        for r in range(1, rounds + 1):
            for t in range(1, n + 1):
                ew_start = (t - 1 - (r - 1)) % n + 1
                s = (t - 1 + (r - 1)) % n + 1
                schedule.append(_tr(r, t, str(t), str(n + ew_start), s, boards_per_round))
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
                schedule.append(_tr(r, t, str(t), str(n + ew_start), s, boards_per_round))
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
                note = (
                    "relay: shares this set with table " + str(n if t == 1 else 1)
                    if t
                    in (
                        1,
                        n,
                    )
                    else ""
                )
                schedule.append(
                    _tr(r, t, str(t), str(n + ew_start), s, boards_per_round, note=note)
                )
            bystand[r] = (half + (r - 1)) % n + 1
    if arrow_switch:
        last = [tr for tr in schedule if tr.round == rounds]
        schedule = [tr for tr in schedule if tr.round != rounds] + [
            TableRound(
                tr.round,
                tr.table,
                tr.ew,
                tr.ns,
                tr.board_set,
                tr.boards,
                _join(tr.note, "arrow switch: pairs turn round"),
            )
            for tr in last
        ]
        notes.append("arrow switch in the last round: North-South pairs play East-West")
        desc += ", arrow switch"
    return _finish(
        "mitchell", n, rounds, boards_per_round, sets, schedule, desc, notes, phantom, bystand
    )


def _join(a: str, b: str) -> str:
    return f"{a}; {b}" if a else b


def _tr(r: int, t: int, ns: str, ew: str, s: int, bpr: int, note: str = "") -> TableRound:
    return TableRound(r, t, ns, ew, s, _set_boards(s, bpr), note)


def _finish(
    kind: str,
    tables: int,
    rounds: int,
    bpr: int,
    sets: int,
    schedule: list[TableRound],
    desc: str,
    notes: list[str],
    phantom: str | None,
    bystand: dict[int, int] | None = None,
) -> Movement:
    if phantom is not None:
        schedule = [
            TableRound(
                tr.round,
                tr.table,
                None if tr.ns == phantom else tr.ns,
                None if tr.ew == phantom else tr.ew,
                tr.board_set,
                tr.boards,
                _join(tr.note, "sit-out (phantom pair)") if phantom in (tr.ns, tr.ew) else tr.note,
            )
            for tr in schedule
        ]
        notes = [*notes, f"odd number of pairs: pair {phantom} is a phantom; its opponents sit out"]
        desc += f", {2 * tables - 1} pairs"
    labels = sorted(
        {p for tr in schedule for p in (tr.ns, tr.ew) if p is not None},
        key=pair_label_key,
    )
    schedule.sort(key=lambda tr: (tr.round, tr.table))
    return Movement(
        kind=kind,
        tables=tables,
        rounds=rounds,
        boards_per_round=bpr,
        board_sets=sets,
        schedule=tuple(schedule),
        pairs=tuple(labels),
        description=f"{desc}, {sets * bpr} boards ({bpr} a round)",
        notes=tuple(notes),
        bystand_sets=bystand or {},
    )


# Howell board sets.  For 4, 6, 7 and 8 tables a cyclic starter: table k
# (0 = the stationary pair's table) plays set (round + c_k) mod m, m = 2n - 1
# rounds; the starters make every pair meet every set once with no sharing.
_HOWELL_STARTERS: dict[int, tuple[int, ...]] = {
    4: (0, 2, 4, 1),
    6: (0, 3, 5, 9, 1, 4),
    7: (0, 3, 5, 9, 1, 6, 2),
    8: (0, 2, 7, 11, 6, 1, 13, 5),
}
# For 2, 3 and 5 tables no cyclic starter exists; these assignments (round x
# table -> set, from 0) were found by exhaustive search.  2 and 3 tables must
# share sets (no Room square of side 3 or 5 exists): the 2-table Howell plays
# one set at both tables every round; the 3-table Howell shares one round.
_HOWELL_TABLES: dict[int, tuple[tuple[int, ...], ...]] = {
    2: ((0, 0), (1, 1), (2, 2)),
    3: ((0, 1, 2), (2, 1, 3), (3, 0, 2), (1, 0, 3), (4, 4, 4)),
    5: (
        (0, 1, 2, 3, 4),
        (2, 1, 0, 3, 5),
        (3, 6, 2, 7, 0),
        (1, 7, 3, 4, 5),
        (5, 2, 6, 8, 3),
        (6, 1, 4, 8, 5),
        (8, 1, 6, 7, 4),
        (7, 2, 8, 0, 5),
        (4, 6, 7, 0, 8),
    ),
}


def howell(tables: int, boards_per_round: int = 2, *, pairs: int | None = None) -> Movement:
    """A complete Howell: 2n pairs at n tables, 2n - 1 rounds.

    Pair 2n sits North-South at table 1 throughout; in round r (from 0) the
    others, numbered 0 .. 2n-2 on a circle, meet r + k against r - k at table
    k + 1, and pair r meets the stationary pair.  Directions alternate with
    the round so moving pairs play both ways.
    """
    _check("howell", tables, boards_per_round)
    n = tables
    m = 2 * n - 1
    phantom = phantom_of(pairs, n)
    schedule: list[TableRound] = []
    notes: list[str] = []
    for r in range(m):
        for k in range(n):
            if k == 0:
                ns, ew = str(2 * n), str(r + 1)
            else:
                a, b = (r + k) % m + 1, (r - k) % m + 1
                ns, ew = (str(a), str(b)) if (r + k) % 2 == 0 else (str(b), str(a))
            if n in _HOWELL_STARTERS:
                s = (r + _HOWELL_STARTERS[n][k]) % m + 1
            else:
                s = _HOWELL_TABLES[n][r][k] + 1
            schedule.append(_tr(r + 1, k + 1, ns, ew, s, boards_per_round))
    # Mark tables that share a set in a round (relays).
    shared: list[TableRound] = []
    for tr in schedule:
        others = [
            o.table
            for o in schedule
            if o.round == tr.round and o.board_set == tr.board_set and o.table != tr.table
        ]
        if others:
            note = "shares this set with table " + " and ".join(str(t) for t in others)
            tr = TableRound(tr.round, tr.table, tr.ns, tr.ew, tr.board_set, tr.boards, note)
        shared.append(tr)
    if any(tr.note for tr in shared):
        notes.append(
            "some tables share a board set in a round: relay the boards between them, "
            "each table starting on a different board, or duplicate the set"
        )
    desc = f"Howell, {n} tables, {m} rounds"
    return _finish("howell", n, m, boards_per_round, m, shared, desc, notes, phantom)


def team_match(pairs_per_team: int, boards_per_round: int = 4) -> Movement:
    """A team match (Duplicate Law G): teams A and B of k pairs at k tables.

    Pairs are stationary: A_t and B_t sit at table t, team A North-South at
    tables 1 .. ceil(k/2) and East-West at the rest, so each team holds the
    other's cards at the other tables.  The k board sets move down one table
    a round; after k rounds every board has been played once at every table.
    """
    _check("teams", pairs_per_team, boards_per_round)
    k = pairs_per_team
    a_ns = (k + 1) // 2
    schedule = []
    for r in range(1, k + 1):
        for t in range(1, k + 1):
            s = (t - 1 + (r - 1)) % k + 1
            ns, ew = (f"A{t}", f"B{t}") if t <= a_ns else (f"B{t}", f"A{t}")
            schedule.append(_tr(r, t, ns, ew, s, boards_per_round))
    desc = f"Team match, {k} pairs a team at {k} tables, {k} rounds"
    notes = [
        f"team A sits North-South at tables 1-{a_ns}"
        if a_ns > 1
        else "team A sits North-South at table 1"
    ]
    return _finish("teams", k, k, boards_per_round, k, schedule, desc, notes, None)


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
        MovementKind.MITCHELL: 3,
        MovementKind.HOWELL: 2,
        MovementKind.TEAMS: 4,
    }
    if kind not in defaults:
        raise MovementError(f'unknown movement "{kind}": choose mitchell, howell or teams')
    bpr = defaults[kind] if boards_per_round is None else boards_per_round
    if kind == MovementKind.MITCHELL:
        return mitchell(tables, bpr, even=even, pairs=pairs, arrow_switch=arrow_switch)
    if arrow_switch:
        raise MovementError("the arrow switch belongs to a Mitchell")
    if kind == MovementKind.HOWELL:
        return howell(tables, bpr, pairs=pairs)
    if pairs is not None:
        raise MovementError("a team match seats two equal teams: give the pairs per team as tables")
    return team_match(tables, bpr)


# --- The field changes during play -----------------------------------------------

LATE, WITHDRAWN = "late", "withdrawn"


@dataclass(frozen=True, slots=True)
class FieldChange:
    """A change to the field in play: a pair withdrawn from a round on, or a late pair
    that takes a free place (a phantom's, or a withdrawn pair's) from a round on.

    ``place`` is a late pair's place in the movement: the number of the pair whose
    path it follows (the phantom's number, "10" in a 5-table Mitchell of 9 pairs,
    or the withdrawn pair's).  Pairs met before ``from_round`` are unchanged.
    """

    kind: str  # LATE or WITHDRAWN
    pair: str
    from_round: int
    place: str = ""


def _occupants(
    full: Movement, phantom: str | None, changes: Sequence[FieldChange]
) -> dict[str, list[tuple[int, str | None]]]:
    """Each place's occupants from a round on: place -> [(from round, pair or None)]."""
    held: dict[str, list[tuple[int, str | None]]] = {
        p: [(1, None if p == phantom else p)] for p in full.pairs
    }

    def holder(place: str, round_no: int) -> str | None:
        return [who for r, who in held[place] if r <= round_no][-1]

    for c in changes:
        if not 1 <= c.from_round <= full.rounds:
            raise MovementError(f"there is no round {c.from_round}: rounds 1-{full.rounds}")
        if c.kind == WITHDRAWN:
            places = [p for p in held if holder(p, c.from_round) == c.pair]
            if not places:
                raise MovementError(f"pair {c.pair} does not play in round {c.from_round}")
            held[places[0]].append((c.from_round, None))
        elif c.kind == LATE:
            if c.place not in held:
                raise MovementError(f"there is no place {c.place!r} in this movement")
            if any(holder(c.place, r) is not None for r in range(c.from_round, full.rounds + 1)):
                raise MovementError(
                    f"place {c.place} is taken in round {c.from_round}: a late pair takes a "
                    "phantom's place or a withdrawn pair's"
                )
            if any(c.pair == who for seq in held.values() for _, who in seq):
                raise MovementError(f"pair {c.pair} is already in the field")
            held[c.place].append((c.from_round, c.pair))
        else:
            raise MovementError(f"unknown change {c.kind!r}")
    return held


def with_field_changes(
    full: Movement, phantom: str | None, changes: Sequence[FieldChange]
) -> Movement:
    """The movement as played: ``full`` (every place filled, the phantom's too) with the
    phantom's place empty and each change applied in order from its round on.

    The tables, boards and moves stay the movement's: a late pair follows its place's
    path and a withdrawn pair's opponents sit out where it would have sat, so every
    guide card, next move and board set is still the movement's own.
    """
    held = _occupants(full, phantom, changes)

    def holder(place: str | None, round_no: int) -> str | None:
        if place is None:
            return None
        return [who for r, who in held[place] if r <= round_no][-1]

    schedule = tuple(
        replace(tr, ns=holder(tr.ns, tr.round), ew=holder(tr.ew, tr.round)) for tr in full.schedule
    )
    pairs = sorted(
        {who for seq in held.values() for _, who in seq if who is not None}, key=pair_label_key
    )
    notes = [
        f"pair {c.pair} joins in round {c.from_round} in place {c.place}"
        if c.kind == LATE
        else f"pair {c.pair} withdrawn from round {c.from_round}"
        for c in changes
    ]
    withdrawn = {c.pair: c.from_round for c in changes if c.kind != LATE}
    return replace(
        full,
        schedule=schedule,
        pairs=tuple(pairs),
        notes=(*full.notes, *notes),
        withdrawn=withdrawn,
    )


def vacant_places(
    full: Movement, phantom: str | None, changes: Sequence[FieldChange], from_round: int
) -> list[str]:
    """The places a late pair may take from ``from_round``: empty from then to the end."""
    held = _occupants(full, phantom, changes)
    return [
        place
        for place, seq in held.items()
        if all(
            [who for r, who in seq if r <= round_no][-1] is None
            for round_no in range(from_round, full.rounds + 1)
        )
    ]
