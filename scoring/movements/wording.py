"""What a table is told, in words: the one home of the guide cards', the tablet's and
the room display's sentences about seats and boards.

Every sentence is read off the schedule's facts (a table-round's ``shared`` tables,
the movement's ``bystand_sets``, a pair absent from a round, ``next_move`` and
``arrivals``), never off the family's name, so a movement added to the library is
told at the tables without a change here.  See docs/director/events.md
("Planning a movement") and docs/scorers.md ("Where next").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .schedule import Movement, TableRound

__all__ = [
    "TableWords",
    "board_words",
    "bystand_rows",
    "bystand_words",
    "guide_cards",
    "sharing_words",
    "table_words",
]

SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}


@dataclass(frozen=True, slots=True)
class TableWords:
    """One table's round, as its guide card and its tablet say it.

    ``seated`` names the pairs (or the sit-out); ``sit_out`` is the sentence for a
    table with one pair or none; ``sharing`` says how a shared set is played;
    ``ns_next``/``ew_next`` where each pair goes; ``boards_next`` where this table's
    boards go; ``boards_in`` where the next round's boards come from when they do not
    come the plain way (from the bystand, the side, another table's share);
    ``arriving`` who sits here next round; ``returning`` only those no other table's
    move sends here (back from a sit-out, a pair joining late); ``board_notes`` the
    boards' moves that are not one table's plain pass to another (a share, the
    bystand, a rest, the director's new set), what the room display adds.
    """

    round: int
    table: int
    boards: str
    seated: str
    sit_out: str
    sharing: str
    ns_next: str
    ew_next: str
    boards_next: str
    boards_in: str
    arriving: tuple[str, ...]
    returning: tuple[str, ...]
    board_notes: tuple[str, ...]
    last_round: bool
    ns: str | None = None
    ew: str | None = None
    note: str = ""  # the movement's own note on the table-round (an arrow switch, a rover)


def board_words(boards: tuple[int, ...] | list[int]) -> str:
    """``boards 9-10``, ``board 9`` (a one-board round), ``no boards``."""
    if not boards:
        return "no boards"
    if len(boards) == 1:
        return f"board {boards[0]}"
    return f"boards {boards[0]}-{boards[-1]}"


def _tables(numbers: list[int] | tuple[int, ...]) -> str:
    """``table 4``, ``tables 1 and 4``, ``tables 1, 2 and 3``."""
    names = [str(t) for t in numbers]
    if len(names) == 1:
        return f"table {names[0]}"
    return "tables " + ", ".join(names[:-1]) + " and " + names[-1]


def sharing_words(tr: TableRound) -> str:
    """How a table plays a set it shares with other tables this round ("" if none).

    The tables of the share, in table order, each start on a different board of the
    set and play it in order, round to its first board after its last: table ``i``
    plays board ``(i + j) mod b`` at its ``j``-th turn, so no two tables want one board
    at once.  With more tables than boards no such start exists: the set is
    duplicated (a copy for each table) or the tables take turns.  A share the movement
    plays from copies (``copies``) passes nothing.
    """
    if not tr.shared:
        return ""
    group = sorted((tr.table, *tr.shared))
    others = [t for t in group if t != tr.table]
    boards = tr.boards
    if tr.copies:
        yours = f" (yours is the {_ORDINALS.get(tr.copy, str(tr.copy))})" if tr.copy else ""
        return (
            f"{board_words(boards)} are played at {_tables(others)} too, each table from its "
            f"own copy{yours}: play yours as dealt, nothing passes between the tables"
        )
    head = f"share {board_words(boards)} with {_tables(others)}"
    if len(boards) < len(group):
        return (
            f"{head}: {len(group)} tables on {len(boards)} "
            f"board{'s' if len(boards) > 1 else ''}, so duplicate the set "
            "(a copy for each table) or play them in turn"
        )
    mine = boards[group.index(tr.table)]
    starts = ", ".join(f"{_tables([t])} on board {boards[group.index(t)]}" for t in others)
    if len(group) == 2 and len(boards) == 2:
        return f"{head}: start on board {mine}, {starts}, pass them across"
    after = group[(group.index(tr.table) + 1) % len(group)]
    return (
        f"{head}: start on board {mine}, {starts}; play the set in order "
        f"(board {boards[0]} after board {boards[-1]}), passing each board "
        f"to table {after} when you have played it"
    )


def bystand_words(movement: Movement, round_no: int) -> str:
    """Which set rests on the bystand in ``round_no`` ("" when none does)."""
    rest = movement.bystand_sets.get(round_no)
    if rest is None:
        return ""
    boards = _set_boards(movement, rest)
    return f"{board_words(boards)} rest on the bystand this round"


def _set_boards(movement: Movement, board_set: int) -> tuple[int, ...]:
    played = next((tr.boards for tr in movement.schedule if tr.board_set == board_set), None)
    if played is not None:
        return played
    first = (board_set - 1) * movement.boards_per_round + 1
    return tuple(range(first, first + movement.boards_per_round))


def _next_play(movement: Movement, board_set: int, after: int) -> tuple[int, list[int]] | None:
    """The first round after ``after`` that plays ``board_set``, and its tables."""
    for r in range(after + 1, movement.rounds + 1):
        tables = [tr.table for tr in movement.round(r) if tr.board_set == board_set]
        if tables:
            return r, tables
    return None


def _boards_next(movement: Movement, tr: TableRound) -> str:
    """Where this table's boards go at the end of its round ("" for a bye, which holds
    none)."""
    if not tr.boards:
        return ""
    r = tr.round
    what = board_words(tr.boards)
    dest = movement.board_set_next(tr.board_set, r, tr.copy)
    one = len(tr.boards) == 1  # "board 9 rests", "boards 9-10 rest"
    them, they, rest, are = ("it", "it", "rests", "is") if one else ("them", "they", "rest", "are")
    if tr.copy and len(dest) == 1:
        # Each copy goes on round its own tables: say where this one goes, and the other.
        return f"your copy of {what} to table {dest[0]}{_other_copies(movement, tr)}"
    if len(dest) == 1:
        return f"{what} to table {dest[0]}"
    if dest:
        return f"{what} to {_tables(dest)}: they share {them} next round"
    if movement.bystand_sets.get(r + 1) == tr.board_set:
        return f"{what} to the bystand: {they} {rest} there next round"
    later = _next_play(movement, tr.board_set, r + 1)
    if later is not None:
        where = f"{_tables(later[1])} in round {later[0]}"
        return f"{what} {rest} next round: set {them} aside for {where}"
    return f"{what} {are} finished: hand {them} to the director"


def _other_copies(movement: Movement, tr: TableRound) -> str:
    """Where the other copies of this table's set go: " (the second copy, at table 9,
    goes to table 8)"; "" when none moves on."""
    told = []
    for other in sorted(tr.shared):
        there = movement.at(tr.round, other)
        if not there.copy or there.copy == tr.copy:
            continue
        dest = movement.board_set_next(there.board_set, tr.round, there.copy)
        if dest:
            told.append(
                f"the {_ORDINALS.get(there.copy, str(there.copy))} copy, at table {other}, "
                f"goes to {_tables(dest)}"
            )
    return f" ({'; '.join(told)})" if told else ""


def _boards_in(movement: Movement, tr: TableRound) -> str:
    """Where this table's boards for the next round come from, when that is not one
    table's plain move (which the other table's card already says)."""
    nxt = movement.at(tr.round + 1, tr.table)
    if not nxt.boards:  # a bye next round: no boards to fetch
        return ""
    what = board_words(nxt.boards)
    if nxt.copies and nxt.copy:
        # Played from copies: this table's copy comes from one table, and nothing is shared.
        share = ""
        mine = [t.table for t in movement.round(tr.round) if t.board_set == nxt.board_set]
        came = [t for t in mine if movement.at(tr.round, t).copy == nxt.copy]
        if nxt.board_set == tr.board_set and tr.copy == nxt.copy:
            return f"keep your copy of {what} for next round"
        if came:
            return ""  # the other table's card sends it here, the plain way
    share = f" (shared with {_tables(nxt.shared)})" if nxt.shared else ""
    if nxt.board_set == tr.board_set:
        return f"keep {what} for next round{share}"
    came = [t.table for t in movement.round(tr.round) if t.board_set == nxt.board_set]
    if came:
        return f"next round's {what} come from {_tables(came)}{share}" if share else ""
    if movement.bystand_sets.get(tr.round) == nxt.board_set:
        return f"take {what} from the bystand for next round{share}"
    played_before = any(
        t.board_set == nxt.board_set for t in movement.schedule if t.round < tr.round
    )
    if played_before:
        return f"take {what} from the boards set aside for next round{share}"
    return f"take {what} from the director for next round: they are new{share}"


def _pair_next(movement: Movement, tr: TableRound, side: str, move: dict[str, Any] | None) -> str:
    """Where the pair at ``side`` goes at the end of the round, as a sentence."""
    pair = tr.ns if side == "NS" else tr.ew
    if pair is None or move is None:
        return ""
    who = f"{SIDE_NAMES[side]} pair {pair}"
    if move.get("leaves"):
        return f"{who}: withdrawn, the evening ends here, thank you"
    if move.get("sits_out"):
        back = next(
            (
                (r, where)
                for r in range(tr.round + 2, movement.rounds + 1)
                if (where := movement.where(pair, r))
            ),
            None,
        )
        if back is None:
            return f"{who}: sits out next round, the last"
        r, (table, direction) = back
        return (
            f"{who}: sits out next round, then table {table} {SIDE_NAMES[direction]} in round {r}"
        )
    if move["table"] == tr.table and move["direction"] == side:
        return f"{who}: stay at this table"
    return f"{who}: go to table {move['table']}, {SIDE_NAMES[move['direction']]}"


def _arriving(movement: Movement, tr: TableRound) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Who sits at this table next round and from where; and, of those, the pairs no
    table's move sends here (back from a sit-out, or joining)."""
    nxt = movement.at(tr.round + 1, tr.table)
    arriving: list[str] = []
    returning: list[str] = []
    for side, pair in (("NS", nxt.ns), ("EW", nxt.ew)):
        if pair is None:
            continue
        who = f"{SIDE_NAMES[side]} pair {pair}"
        before = movement.where(pair, tr.round)
        if before == (tr.table, side):
            continue
        if before is not None:
            arriving.append(f"{who} from table {before[0]}")
            continue
        late = movement.joined.get(pair) == tr.round + 1
        told = f"{who}, joining the event" if late else f"{who}, back from sitting out"
        arriving.append(told)
        returning.append(told)
    return tuple(arriving), tuple(returning)


def _seated(tr: TableRound) -> tuple[str, str]:
    """The pairs at the table, and the sentence for a table with one pair or none."""
    if tr.ns is None and tr.ew is None:
        return "no pairs", "this table is empty this round"
    if tr.ns is None or tr.ew is None:
        side, pair = ("NS", tr.ns) if tr.ns is not None else ("EW", tr.ew)
        told = f"{SIDE_NAMES[side]} pair {pair} sits out this round: no opponents here"
        return f"{SIDE_NAMES[side]} pair {pair}", told
    return f"North-South pair {tr.ns} v East-West pair {tr.ew}", ""


def table_words(movement: Movement, round_no: int, table: int) -> TableWords:
    """Everything the table at ``table`` is told about round ``round_no``."""
    tr = movement.at(round_no, table)
    move = movement.next_move(round_no, table)
    last = bool(move["last_round"])
    seated, sit_out = _seated(tr)
    arriving, returning = ((), ()) if last else _arriving(movement, tr)
    boards_next = "" if last else _boards_next(movement, tr)
    boards_in = "" if last else _boards_in(movement, tr)
    plain = len(movement.board_set_next(tr.board_set, round_no, tr.copy)) == 1
    notes = tuple(n for n in ("" if plain else boards_next, boards_in) if n)
    return TableWords(
        round=round_no,
        table=table,
        boards=board_words(tr.boards),
        seated=seated,
        sit_out=sit_out,
        sharing=sharing_words(tr),
        ns_next="" if last else _pair_next(movement, tr, "NS", move["ns"]),
        ew_next="" if last else _pair_next(movement, tr, "EW", move["ew"]),
        boards_next=boards_next,
        boards_in=boards_in,
        arriving=arriving,
        returning=returning,
        board_notes=notes,
        last_round=last,
        ns=tr.ns,
        ew=tr.ew,
        note=tr.note,
    )


def bystand_rows(movement: Movement) -> list[dict[str, Any]]:
    """The bystand's own card: each round's resting set, where it came from and where
    it goes (empty for a movement with no bystand)."""
    rows = []
    for r in sorted(movement.bystand_sets):
        rest = movement.bystand_sets[r]
        came = [tr.table for tr in movement.round(r - 1) if tr.board_set == rest] if r > 1 else []
        goes = movement.board_set_next(rest, r) if r < movement.rounds else []
        rows.append(
            {
                "round": r,
                "boards": board_words(_set_boards(movement, rest)),
                "from": f"from {_tables(came)}" if came else "",
                "to": f"to {_tables(goes)}" if goes else "",
            }
        )
    return rows


def guide_cards(movement: Movement) -> list[dict[str, Any]]:
    """One card a table, each round's row in words (:func:`table_words`): what the
    guide cards print, the director's and the public Movements page's alike."""
    return [
        {
            "table": t,
            "rounds": [table_words(movement, r, t) for r in range(1, movement.rounds + 1)],
        }
        for t in range(1, movement.tables + 1)
    ]


def card_shares(rounds: list[TableWords]) -> list[str]:
    """The table card's lines on the sets its table shares, round by round ("Round 2:
    share boards 5-6 with table 4 ..."); one line, "Every round: ...", when the table
    shares every round in the same way, only the boards changing (a field whose sets
    are duplicated for its tables), so the card says it once."""
    shared = [w for w in rounds if w.sharing]
    if not shared:
        return []
    ways = {w.sharing.replace(w.boards, "the boards", 1) for w in shared}
    if len(shared) == len(rounds) and len(ways) == 1:
        (way,) = ways
        return [f"Every round: {way}."]
    return [f"Round {w.round}: {w.sharing}." for w in shared]
