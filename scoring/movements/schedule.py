"""The schedule of a movement: who sits where, which boards, where everyone goes next.

Pure facts about seats and boards (no database): every family in this package
builds a :class:`Movement`, and everything else (guide cards, the tablet's
"next", the room display, the exports) reads it.  Pairs are labelled by number
as strings ("1", "2", ...), team-match pairs "A1", "B3"; a missing pair (an odd
field) is ``None`` and its opponents sit out that round.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from ..pairs import pair_label_key

__all__ = [
    "ARROW_SWITCH_NOTE",
    "Family",
    "Movement",
    "MovementError",
    "TableRound",
    "declare_shared",
    "finish",
    "fmt_boards",
    "join_notes",
    "phantom_of",
    "set_boards",
    "table_round",
]


class Family(StrEnum):
    """The movement families the library builds (what an event's ``movement`` holds)."""

    MITCHELL = "mitchell"
    HOWELL = "howell"
    TEAMS = "teams"


MAX_TABLES: dict[str, int] = {Family.MITCHELL: 40, Family.HOWELL: 16, Family.TEAMS: 30}

# The note of a table-round whose pairs are turned round (an arrow switch): what the
# guide card prints there, and how the chooser reads off the rounds switched.
ARROW_SWITCH_NOTE = "arrow switch: pairs turn round"


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
    # The other tables that play this board set in this round, declared by the
    # movement (a relay or a shared set); the soundness check refuses an undeclared one.
    shared: tuple[int, ...] = ()
    # True when each table of the share plays its own copy of the set (the Web
    # Mitchell's duplicated boards), not one set passed between them: the cards then
    # say to play the copy as dealt, not to relay (scoring.movements.wording).
    copies: bool = False
    # Which copy of the set this table plays when the movement plays it from several
    # (the Web Mitchell's first and second, 1 and 2), each copy going on round its own
    # tables; 0 when there is one set, or when a share's copies are not told apart.
    copy: int = 0

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
    # late pair -> the round it joins in (the movement as played): the tables tell it as
    # joining, not as back from a sit-out (with_field_changes).
    joined: dict[str, int] = field(default_factory=dict)
    # The movement's stable key in the library ("howell-10", "mitchell-8-relay"): what an
    # event stores and the chooser offers; empty for a movement built by hand.
    name: str = ""

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

    def board_set_next(self, board_set: int, round_no: int, copy: int = 0) -> list[int]:
        """Tables that play ``board_set`` in the round after ``round_no`` (empty: rests or
        ends); with ``copy``, only those that play that copy of it."""
        found = []
        for t in range(1, self.tables + 1):
            tr = self._by_seat.get((round_no + 1, t))
            if tr is not None and tr.board_set == board_set and (not copy or tr.copy == copy):
                found.append(t)
        return found

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
            dest = self.board_set_next(tr.board_set, round_no, tr.copy)
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
            **({"name": self.name} if self.name else {}),
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
                            **({"shared_with": list(tr.shared)} if tr.shared else {}),
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
        width = max(14, 6 + len(fmt_boards(self.schedule[0].boards)))
        header = "Round  " + "".join(f"Table {t:<{width - 6}}" for t in range(1, self.tables + 1))
        lines.append(header.rstrip())
        for r in range(1, self.rounds + 1):
            cells = []
            for tr in self.round(r):
                ns = tr.ns or "-"
                ew = tr.ew or "-"
                cells.append(f"{ns}v{ew} {fmt_boards(tr.boards)}".ljust(width))
            lines.append(f"{r:<7}" + "".join(cells).rstrip())
        return "\n".join(lines) + "\n"


def fmt_boards(boards: tuple[int, ...]) -> str:
    if not boards:
        return ""
    if len(boards) == 1:
        return f"b{boards[0]}"
    return f"b{boards[0]}-{boards[-1]}"


def check_size(kind: str, tables: int, boards_per_round: int) -> None:
    if isinstance(tables, bool) or not isinstance(tables, int):
        raise MovementError(f"the number of tables must be a whole number, not {tables!r}")
    low = 2
    high = MAX_TABLES[kind]
    if tables < low:
        raise MovementError(
            f"a {kind} needs at least {low} tables; with {tables} there is nobody to compare with"
        )
    if tables > high:
        hint = " (use a Mitchell for a larger field)" if kind == Family.HOWELL else ""
        raise MovementError(f"a {kind} is offered for {low} to {high} tables, not {tables}{hint}")
    if isinstance(boards_per_round, bool) or not isinstance(boards_per_round, int):
        raise MovementError(f"boards per round must be a whole number, not {boards_per_round!r}")
    if boards_per_round < 1:
        raise MovementError("each round needs at least one board")
    if boards_per_round > 13:
        raise MovementError(
            f"{boards_per_round} boards a round is more than any session plays (1 to 13)"
        )


def set_boards(board_set: int, bpr: int) -> tuple[int, ...]:
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


def join_notes(a: str, b: str) -> str:
    return f"{a}; {b}" if a else b


def table_round(r: int, t: int, ns: str, ew: str, s: int, bpr: int, note: str = "") -> TableRound:
    return TableRound(r, t, ns, ew, s, set_boards(s, bpr), note)


def declare_shared(schedule: list[TableRound], why: str) -> list[TableRound]:
    """The schedule with every set played at two or more tables in a round declared as
    shared on each of those tables (``shared`` and a note naming the others).  A family
    calls this only where its construction shares a set by design (a relay, the
    2- and 3-table Howells); the soundness check refuses any sharing left undeclared."""
    at: dict[tuple[int, int], list[int]] = {}
    for tr in schedule:
        at.setdefault((tr.round, tr.board_set), []).append(tr.table)
    out = []
    for tr in schedule:
        others = tuple(t for t in at[(tr.round, tr.board_set)] if t != tr.table)
        if others:
            note = f"{why} with table " + " and ".join(str(t) for t in others)
            tr = replace(tr, shared=others, note=join_notes(tr.note, note))
        out.append(tr)
    return out


def finish(
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
    name: str = "",
) -> Movement:
    if phantom is not None:
        schedule = [
            replace(
                tr,
                ns=None if tr.ns == phantom else tr.ns,
                ew=None if tr.ew == phantom else tr.ew,
                note=join_notes(tr.note, "sit-out (phantom pair)"),
            )
            if phantom in (tr.ns, tr.ew)
            else tr
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
        name=name,
    )
