"""One-winner Mitchells: a Mitchell whose North-South and East-West pairs are compared
with each other, so the field has one winner (docs/laws/movements.md#one-winner-mitchells).

A plain Mitchell has two fields: North-South pairs only ever hold the North-South
cards.  Turning pairs round at some tables on some rounds (an *arrow switch*) puts an
East-West pair in the North-South seats on those boards, where its score is set
against the North-South pairs' (docs/laws/movements.md#balance).  Three
constructions:

* **Arrow switch every k-th round** (the EBU's advice for a one-winner Mitchell, e.g.
  the Durham club's *The Web Mitchell: a guide*: "some rounds are arrowswitched (the
  optimum number is about 1/8th of the rounds)"): every table turns round on rounds
  k, 2k, ... (at least two rounds); k is chosen from :data:`ARROW_STEPS` for the
  smallest coefficient of variation of the balance, and offered only where that is
  smaller than the last-round switch's (``mitchell-N-arrow``).
* **Scrambled**: on rounds a, a + k, a + 2k, ... half the tables turn round, the
  even-numbered tables on the first of those rounds, the odd-numbered on the next,
  and so on; (a, k) is chosen from :func:`scramble_choices` for the smallest
  coefficient of variation.
* **Web** (John "Spider" Harris, as given by bridgecentral.com, *Web Mitchell*): two
  copies of each board; tables 1 to T/2 play the first copy, which moves down one
  table with the sets in ascending order at each table, and tables T/2 + 1 to T the
  second copy, moving down one table with the sets in descending order; the
  East-West pairs move up one table round all T tables and never skip.  It uses
  about half the sets a Mitchell of T tables would, and every pair plays every set.
  Alone it still has two winners, so it is arrow-switched every k-th round as above.

Every choice is made on the full field with one board a round (the balance does
not depend on the number of boards a round) and is deterministic: ties go to the
smaller step, then the earlier start.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cache

from .balance import figures
from .mitchells import mitchell
from .one_winner_table import OFFERS
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

__all__ = [
    "ARROW_STEPS",
    "arrow_step",
    "arrow_turns",
    "from_name",
    "offers",
    "scramble_choice",
    "scramble_choices",
    "scramble_turns",
    "scrambled_mitchell",
    "search",
    "switched_mitchell",
    "turned",
    "web_mitchell",
    "web_plain",
    "web_sets",
]

# The steps the arrow-switch search considers: every 2nd round up to every 8th.
ARROW_STEPS = range(2, 9)


def turned(schedule: Iterable[TableRound], turn: set[tuple[int, int]]) -> list[TableRound]:
    """``schedule`` with the pairs at each ``(round, table)`` of ``turn`` turned round."""
    return [
        replace(tr, ns=tr.ew, ew=tr.ns, note=join_notes(tr.note, ARROW_SWITCH_NOTE))
        if (tr.round, tr.table) in turn
        else tr
        for tr in schedule
    ]


def arrow_turns(rounds: int, tables: int, step: int) -> set[tuple[int, int]]:
    """The ``(round, table)`` seats an arrow switch every ``step`` rounds turns: every
    table on rounds ``step``, ``2 step``, ..."""
    return {(r, t) for r in range(step, rounds + 1, step) for t in range(1, tables + 1)}


def scramble_choices(rounds: int) -> list[tuple[int, int]]:
    """Every ``(start, step)`` the scrambled search considers: steps 2 to 4, each start
    up to the step."""
    return [(a, k) for k in range(2, 5) for a in range(1, k + 1) if a <= rounds]


def scramble_turns(rounds: int, tables: int, start: int, step: int) -> set[tuple[int, int]]:
    """The seats a scramble turns: on rounds ``start``, ``start + step``, ... the
    even-numbered tables, then the odd-numbered, alternately."""
    out = set()
    for j, r in enumerate(range(start, rounds + 1, step)):
        out |= {(r, t) for t in range(1, tables + 1) if t % 2 == j % 2}
    return out


def _base(tables: int, bpr: int, even: str) -> Movement:
    if tables % 2 and even != "":
        raise MovementError("an odd number of tables needs neither a skip nor a relay")
    if tables % 2 == 0 and even not in ("skip", "relay"):
        raise MovementError('with an even number of tables choose "skip" or "relay"')
    return mitchell(tables, bpr, even=even or "skip")


def _cv(base: Movement, turn: set[tuple[int, int]]) -> tuple[float, int] | None:
    """The balance of ``base`` turned at ``turn``: its coefficient of variation, or None
    when it still has two winners."""
    f = figures(replace(base, schedule=tuple(turned(base.schedule, turn))))
    return (f.compared_cv, f.winners) if f.winners == 1 else None


@cache
def arrow_step(tables: int, even: str = "", web: bool = False) -> int | None:
    """The step of :data:`ARROW_STEPS` turning at least two rounds with the smallest
    coefficient of variation for the Mitchell (or, ``web``, the Web Mitchell) of
    ``tables`` tables; None when no step gives one winner."""
    base = web_plain(tables, 1) if web else _base(tables, 1, even)
    best: tuple[float, int] | None = None
    for step in ARROW_STEPS:
        if 2 * step > base.rounds:
            break  # one round turned is the last-round arrow switch's kind
        got = _cv(base, arrow_turns(base.rounds, tables, step))
        if got is not None and (best is None or got[0] < best[0]):
            best = (got[0], step)
    return None if best is None else best[1]


@cache
def scramble_choice(tables: int, even: str = "") -> tuple[int, int] | None:
    """The ``(start, step)`` of :func:`scramble_choices` with the smallest coefficient of
    variation; None when none gives one winner."""
    base = _base(tables, 1, even)
    best: tuple[float, tuple[int, int]] | None = None
    for start, step in scramble_choices(base.rounds):
        got = _cv(base, scramble_turns(base.rounds, tables, start, step))
        if got is not None and (best is None or got[0] < best[0]):
            best = (got[0], (start, step))
    return None if best is None else best[1]


def _even_part(tables: int, even: str) -> str:
    return f"-{even}" if tables % 2 == 0 else ""


def _rebuilt(
    base: Movement,
    turn: set[tuple[int, int]],
    desc: str,
    note: str,
    pairs: int | None,
    name: str,
) -> Movement:
    phantom = phantom_of(pairs, base.tables)
    return finish(
        "mitchell",
        base.tables,
        base.rounds,
        base.boards_per_round,
        base.board_sets,
        turned(base.schedule, turn),
        desc,
        [*base.notes, note],
        phantom,
        dict(base.bystand_sets),
        name=name,
    )


def switched_mitchell(
    tables: int,
    boards_per_round: int = 3,
    *,
    step: int,
    even: str = "",
    pairs: int | None = None,
) -> Movement:
    """The Mitchell of ``tables`` tables (``even``: "skip" or "relay" for an even
    number) with every table turned round on rounds ``step``, ``2 step``, ..."""
    base = _base(tables, boards_per_round, even)
    if not 2 <= step <= base.rounds:
        raise MovementError(f"an arrow switch every {step} rounds does not fit {base.rounds}")
    rounds = list(range(step, base.rounds + 1, step))
    return _rebuilt(
        base,
        arrow_turns(base.rounds, tables, step),
        base.description.split(", ", 1)[0] + f", {tables} tables, {base.rounds} rounds, "
        f"arrow switch every {step} rounds, one winner",
        "arrow switch in rounds " + ", ".join(map(str, rounds)) + ": every pair turns round",
        pairs,
        f"mitchell-{tables}{_even_part(tables, even)}-switch-{step}",
    )


def scrambled_mitchell(
    tables: int,
    boards_per_round: int = 3,
    *,
    start: int,
    step: int,
    even: str = "",
    pairs: int | None = None,
) -> Movement:
    """The Mitchell of ``tables`` tables scrambled on rounds ``start``, ``start + step``,
    ...: on the first of them the even-numbered tables turn round, on the next the
    odd-numbered, and so on."""
    base = _base(tables, boards_per_round, even)
    if not (step >= 2 and 1 <= start <= min(step, base.rounds)):
        raise MovementError(f"a scramble from round {start} every {step} rounds does not fit")
    rounds = list(range(start, base.rounds + 1, step))
    return _rebuilt(
        base,
        scramble_turns(base.rounds, tables, start, step),
        base.description.split(", ", 1)[0] + f", {tables} tables, {base.rounds} rounds, "
        "scrambled, one winner",
        "scrambled in rounds "
        + ", ".join(map(str, rounds))
        + ": half the tables turn round (the even-numbered first, then the odd-numbered)",
        pairs,
        f"mitchell-{tables}{_even_part(tables, even)}-scrambled-{start}-{step}",
    )


def web_sets(tables: int) -> int:
    """The board sets of the Web Mitchell at ``tables`` tables: one a table in each half
    of the room, so half the tables, which must be odd (with an even half a set would
    rest on a stand in each half, two different sets a round, which the schedule's one
    bystand a round cannot say)."""
    return tables // 2


def _copy_note(tr: TableRound, half: int) -> TableRound:
    """The Web's note for a table: which copy it plays, and where the other one is."""
    first = tr.table <= half
    (other,) = tr.shared
    note = (
        f"web: the {'first' if first else 'second'} copy of this set; "
        f"the {'second' if first else 'first'} copy is at table {other}"
    )
    return replace(tr, note=note, copies=True, copy=1 if first else 2)


def web_plain(tables: int, bpr: int) -> Movement:
    """The Web Mitchell's schedule before any arrow switch (two winners)."""
    check_size("mitchell", tables, bpr)
    if tables % 4 != 2 or tables < 6:
        raise MovementError(
            "a Web Mitchell runs at 6, 10, 14, ... tables (an odd number in each half of "
            f"the room), not {tables}"
        )
    half = tables // 2
    sets = web_sets(tables)
    schedule: list[TableRound] = []
    for r in range(1, sets + 1):
        for t in range(1, tables + 1):
            ew = str(tables + (t - 1 - (r - 1)) % tables + 1)
            if t <= half:
                s = (t - 1 + r - 1) % sets + 1
            else:
                s = (half - (t - half) - (r - 1)) % sets or sets
            schedule.append(table_round(r, t, str(t), ew, s, bpr))
    schedule = [_copy_note(tr, half) for tr in declare_shared(schedule, "web")]
    notes = [
        f"two copies of every board: the first copy is played at tables 1 to {half}, "
        f"the second at tables {half + 1} to {tables}",
        f"the boards move down one table in each half (from table 1 to table {half}, and "
        f"from table {half + 1} to table {tables}); East-West pairs move up one table "
        f"round all {tables} tables and never skip",
    ]
    desc = f"Web Mitchell, {tables} tables, {sets} rounds"
    return finish("mitchell", tables, sets, bpr, sets, schedule, desc, notes, None, name="")


def web_mitchell(
    tables: int, boards_per_round: int = 3, *, step: int, pairs: int | None = None
) -> Movement:
    """The Web Mitchell of ``tables`` tables, every table turned round on rounds
    ``step``, ``2 step``, ..."""
    base = web_plain(tables, boards_per_round)
    if not 2 <= step <= base.rounds:
        raise MovementError(f"an arrow switch every {step} rounds does not fit {base.rounds}")
    rounds = list(range(step, base.rounds + 1, step))
    return _rebuilt(
        base,
        arrow_turns(base.rounds, tables, step),
        f"Web Mitchell, {tables} tables, {base.rounds} rounds, arrow switch every {step} "
        "rounds, one winner",
        "arrow switch in rounds " + ", ".join(map(str, rounds)) + ": every pair turns round",
        pairs,
        f"web-{tables}-switch-{step}",
    )


def search(tables: int) -> list[tuple[str, float]]:
    """Every one-winner Mitchell the searches find for ``tables`` tables, with its
    coefficient of variation, smallest first (ties: in the order built)."""
    found: list[tuple[str, float]] = []
    evens = ("relay", "skip") if tables % 2 == 0 else ("",)
    for even in evens:
        step = arrow_step(tables, even)
        last = figures(mitchell(tables, 1, even=even or "skip", arrow_switch=True))
        if step is not None:
            m = switched_mitchell(tables, 1, step=step, even=even)
            cv = figures(m).compared_cv
            if cv < last.compared_cv:  # offered where it balances better than the last round
                found.append((m.name, cv))
        choice = scramble_choice(tables, even)
        if choice is not None:
            m = scrambled_mitchell(tables, 1, start=choice[0], step=choice[1], even=even)
            found.append((m.name, figures(m).compared_cv))
    if tables % 4 == 2 and tables >= 6:
        step = arrow_step(tables, web=True)
        if step is not None:
            m = web_mitchell(tables, 1, step=step)
            found.append((m.name, figures(m).compared_cv))
    return sorted(found, key=lambda f: f[1])


def offers(pairs: int) -> list[str]:
    """The one-winner Mitchells for ``pairs`` pairs at ``ceil(pairs / 2)`` tables, the
    smallest spread first: the searches' results as stored in
    :data:`.one_winner_table.OFFERS` (a test runs the searches again)."""
    tables = (pairs + 1) // 2
    if not 3 <= tables <= MAX_TABLES["mitchell"]:
        return []
    return list(OFFERS.get(tables, ()))


def from_name(name: str, boards_per_round: int, pairs: int | None) -> Movement | None:
    """``mitchell-N[-relay|-skip]-switch-K``, ``mitchell-N[-relay|-skip]-scrambled-A-K``
    and ``web-N-switch-K``."""
    parts = name.split("-")
    if len(parts) < 4 or parts[0] not in ("mitchell", "web") or not parts[1].isdigit():
        return None
    tables = int(parts[1])
    rest = parts[2:]
    if not all(p.isdigit() for p in rest if p not in ("relay", "skip", "switch", "scrambled")):
        return None
    if parts[0] == "web":
        if len(rest) == 2 and rest[0] == "switch":
            return web_mitchell(tables, boards_per_round, step=int(rest[1]), pairs=pairs)
        return None
    even = ""
    if rest[0] in ("relay", "skip"):
        even, rest = rest[0], rest[1:]
    if len(rest) == 2 and rest[0] == "switch":
        return switched_mitchell(
            tables, boards_per_round, step=int(rest[1]), even=even, pairs=pairs
        )
    if len(rest) == 3 and rest[0] == "scrambled":
        return scrambled_mitchell(
            tables,
            boards_per_round,
            start=int(rest[1]),
            step=int(rest[2]),
            even=even,
            pairs=pairs,
        )
    return None


def stored_table(tables: range = range(3, MAX_TABLES["mitchell"] + 1)) -> str:
    """The source of :mod:`.one_winner_table`'s ``OFFERS``, from the searches."""
    lines = ["OFFERS: dict[int, tuple[str, ...]] = {"]
    for n in tables:
        names = ", ".join(f'"{name}"' for name, _ in search(n))
        lines.append(f"    {n}: ({names},),")
    lines.append("}")
    return "\n".join(lines) + "\n"
