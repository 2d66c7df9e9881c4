"""Individual movements: four players at a table, each partnering each other at
most once (docs/laws/movements.md#individuals, docs/decisions/individual-designs.md).

A complete design is a cyclic whist tournament Wh(v) (stored in
:mod:`.individual_designs`): with ``v = 4n`` players every two partner exactly once
and oppose exactly twice in ``4n - 1`` rounds; with ``v = 4n + 1`` the same in
``4n + 1`` rounds, one player sitting out each round.  A field between (one to
three over a stored design at the same number of tables) adds players who each
round either sit out or take the seat of a player who then sits out, found by a
deterministic search that never repeats a partnership or a board and keeps the
sit-outs even: after every round no player has sat out twice more than another,
nor twice before every player has sat out once.  A *partial* design plays fewer
rounds: of a complete design, the rounds chosen for the most even spread of
opponents; of a field between, its first rounds.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from .individual_designs import BASE_ROUNDS
from .schedule import MovementError, fmt_boards

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SEATS",
    "IndividualFigures",
    "IndividualMovement",
    "IndividualTableRound",
    "check_individual",
    "from_name",
    "individual",
    "individual_figures",
    "individual_problems",
    "offers",
    "sizes",
]

MIN_PLAYERS = 8
MAX_PLAYERS = 40
SEATS = ("N", "E", "S", "W")
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}
DIRECTION = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
# Whole-design searches give up after this many steps; every stored size finishes
# far inside it (the tests build every size).
_SEARCH_STEPS = 20_000


@dataclass(frozen=True, slots=True)
class IndividualTableRound:
    """One table in one round: the four players by seat, and the boards."""

    round: int
    table: int
    n: str
    e: str
    s: str
    w: str
    board_set: int
    boards: tuple[int, ...]
    note: str = ""
    # The other tables that play this board set in this round (each from its own
    # copy when the design has no board-set starters).
    shared: tuple[int, ...] = ()

    @property
    def seats(self) -> dict[str, str]:
        return {"N": self.n, "E": self.e, "S": self.s, "W": self.w}


@dataclass(frozen=True)
class IndividualMovement:
    """A whole individual schedule: every table of every round, and who sits out."""

    name: str
    players: tuple[str, ...]
    tables: int
    rounds: int
    boards_per_round: int
    board_sets: int
    schedule: tuple[IndividualTableRound, ...]
    description: str
    notes: tuple[str, ...] = ()
    complete: bool = False

    @property
    def boards(self) -> int:
        return self.board_sets * self.boards_per_round

    def round(self, number: int) -> list[IndividualTableRound]:
        """The tables of round ``number`` (from 1), in table order."""
        return sorted((tr for tr in self.schedule if tr.round == number), key=lambda t: t.table)

    def sit_outs(self, number: int) -> list[str]:
        """The players who sit out round ``number``, in label order."""
        seated = {p for tr in self.round(number) for p in tr.seats.values()}
        return [p for p in self.players if p not in seated]

    def where(self, player: str, number: int) -> tuple[IndividualTableRound, str] | None:
        """The table-round and seat of ``player`` in round ``number`` (None: sits out)."""
        for tr in self.round(number):
            for seat, p in tr.seats.items():
                if p == player:
                    return tr, seat
        return None

    def guide_cards(self) -> list[dict[str, Any]]:
        """One card per player: each round's table and seat, partner, opponents and
        boards, or that the player sits out."""
        cards = []
        for player in self.players:
            rows: list[dict[str, Any]] = []
            for r in range(1, self.rounds + 1):
                found = self.where(player, r)
                if found is None:
                    rows.append({"round": r, "sits_out": True})
                    continue
                tr, seat = found
                others = [tr.seats[x] for x in SEATS if DIRECTION[x] != DIRECTION[seat]]
                rows.append(
                    {
                        "round": r,
                        "table": tr.table,
                        "seat": seat,
                        "partner": tr.seats[PARTNER[seat]],
                        "opponents": others,
                        "boards": list(tr.boards),
                        **({"note": tr.note} if tr.note else {}),
                    }
                )
            cards.append({"player": player, "rounds": rows})
        return cards

    def to_json(self) -> dict[str, Any]:
        return {
            "movement": "individual",
            "name": self.name,
            "description": self.description,
            "players": len(self.players),
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
                            "n": tr.n,
                            "e": tr.e,
                            "s": tr.s,
                            "w": tr.w,
                            "boards": list(tr.boards),
                            **({"note": tr.note} if tr.note else {}),
                            **({"shared_with": list(tr.shared)} if tr.shared else {}),
                        }
                        for tr in self.round(r)
                    ],
                    **({"sit_out": self.sit_outs(r)} if self.sit_outs(r) else {}),
                }
                for r in range(1, self.rounds + 1)
            ],
        }

    def to_text(self) -> str:
        """One line a round: each table as N-S v E-W with its boards, then the sit-outs."""
        lines = [self.description, *(f"  note: {n}" for n in self.notes)]
        for r in range(1, self.rounds + 1):
            cells = [
                f"T{tr.table} {tr.n}&{tr.s} v {tr.e}&{tr.w} {fmt_boards(tr.boards)}"
                for tr in self.round(r)
            ]
            out = self.sit_outs(r)
            rest = f" | out: {', '.join(out)}" if out else ""
            lines.append(f"Round {r:<3}" + "  ".join(cells) + rest)
        return "\n".join(lines) + "\n"


# A round as plain seats: tables of (N, E, S, W) player numbers from 0, and each
# table's board set from 0.
_Round = tuple[tuple[tuple[int, int, int, int], ...], tuple[int, ...]]


def sizes() -> list[int]:
    """Every number of players offered: a stored design at the same number of tables
    with at most three players over it."""
    return [p for p in range(MIN_PLAYERS, MAX_PLAYERS + 1) if _base_for(p) is not None]


def _base_for(players: int) -> int | None:
    """The stored design a field of ``players`` is built on: its own complete design
    where one is stored, else the smallest stored size at ``players // 4`` tables (a
    multiple of four, whose rounds share one set and so leave the added players free
    of board clashes)."""
    if players in BASE_ROUNDS:
        return players
    fits = [v for v in BASE_ROUNDS if v // 4 == players // 4 and v <= players]
    return min(fits) if fits else None


@cache
def _developed(v: int) -> tuple[_Round, ...]:
    """The complete design Wh(v), round by round, developed from its base round."""
    m, base, offsets = BASE_ROUNDS[v]
    tables = len(base) // 4
    infinity = m  # the fixed point is player m (the last)
    rounds = []
    for g in range(m):

        def moved(x: int, g: int = g) -> int:
            return infinity if x < 0 else (x + g) % m

        seats = tuple(
            (
                moved(base[4 * i]),
                moved(base[4 * i + 1]),
                moved(base[4 * i + 2]),
                moved(base[4 * i + 3]),
            )
            for i in range(tables)
        )
        sets = tuple((g + o) % m for o in offsets) if offsets else tuple(g for _ in range(tables))
        rounds.append((seats, sets))
    return tuple(rounds)


def _opponent_pairs(rnd: _Round) -> list[tuple[int, int]]:
    out = []
    for n, e, s, w in rnd[0]:
        out += [(min(a, b), max(a, b)) for a in (n, s) for b in (e, w)]
    return out


@cache
def _balanced_rounds(v: int, rounds: int) -> tuple[int, ...]:
    """The ``rounds`` rounds of Wh(v) (indices, in play order) whose opponents are the
    most evenly spread: the least sum of squares of the times two players oppose,
    chosen greedily and then improved by swapping a round in for one out until no
    swap helps.  Deterministic."""
    design = _developed(v)
    opp = [_opponent_pairs(r) for r in design]
    counts: dict[tuple[int, int], int] = defaultdict(int)

    def gain(i: int, sign: int) -> int:
        # change in the sum of squares when round i is added (+1) or removed (-1)
        return sum(2 * sign * counts[p] + 1 for p in opp[i])

    chosen: list[int] = []
    for _ in range(rounds):
        best = min(
            (i for i in range(len(design)) if i not in chosen), key=lambda i: (gain(i, 1), i)
        )
        chosen.append(best)
        for p in opp[best]:
            counts[p] += 1
    improved = True
    while improved:
        improved = False
        for a in list(chosen):
            for p in opp[a]:
                counts[p] -= 1
            out = min(
                (i for i in range(len(design)) if i not in chosen or i == a),
                key=lambda i: (gain(i, 1), i != a, i),
            )
            for p in opp[out]:
                counts[p] += 1
            if out != a:
                chosen[chosen.index(a)] = out
                improved = True
    return tuple(sorted(chosen))


@cache
def _extended(players: int) -> tuple[_Round, ...]:
    """The rounds of a field of ``players`` over its stored design Wh(v): each round
    each added player either sits out or takes a seat whose player then sits out.
    A depth-first search in round order, trying first the players who have sat out
    least, keeps every partnership new, every board new to its player, and the
    sit-outs even after every round.  Where it finds no way through every round of
    the design within its budget of steps, the field plays the most rounds it
    reached."""
    v = _base_for(players)
    assert v is not None
    design = _developed(v)
    extra = list(range(v, players))
    partnered: set[tuple[int, int]] = set()
    opposed: dict[tuple[int, int], int] = defaultdict(int)
    sets_of: dict[int, set[int]] = defaultdict(set)
    out_count = [0] * players
    result: list[_Round] = []
    best: list[_Round] = []
    steps = 0

    def partnerships(seats: tuple[tuple[int, int, int, int], ...]) -> list[tuple[int, int]]:
        return [(min(a, b), max(a, b)) for n, e, s, w in seats for a, b in ((n, s), (e, w))]

    def place(r: int) -> bool:
        nonlocal steps
        if r == len(design):
            return True
        steps += 1
        if steps > _SEARCH_STEPS:
            return False
        seats, sets = design[r]
        seated = [p for t in seats for p in t]
        candidates = []
        for i, plan in enumerate(_plans(seated, extra, out_count)):
            new = [list(t) for t in seats]
            for x, y in plan:
                if y is not None:
                    for t in new:
                        if y in t:
                            t[t.index(y)] = x
            seating = tuple((t[0], t[1], t[2], t[3]) for t in new)
            load = sum(opposed[met] for met in _opponent_pairs((seating, sets)))
            candidates.append((load, i, seating))
        # the plans whose opponents have met least so far first, for an even spread
        for _, _, new_seats in sorted(candidates):
            sitting = set(range(players)) - {p for t in new_seats for p in t}
            counts = [c + (p in sitting) for p, c in enumerate(out_count)]
            if max(counts) - min(counts) > 1:
                continue
            pairs = partnerships(new_seats)
            if any(p in partnered for p in pairs):
                continue
            if any(bs in sets_of[p] for tb, bs in zip(new_seats, sets, strict=True) for p in tb):
                continue
            saved = out_count[:]
            out_count[:] = counts
            partnered.update(pairs)
            for met in _opponent_pairs((new_seats, sets)):
                opposed[met] += 1
            for table, bs in zip(new_seats, sets, strict=True):
                for p in table:
                    sets_of[p].add(bs)
            result.append((new_seats, sets))
            if len(result) > len(best):
                best[:] = result
            if place(r + 1):
                return True
            result.pop()
            for table, bs in zip(new_seats, sets, strict=True):
                for p in table:
                    sets_of[p].discard(bs)
            partnered.difference_update(pairs)
            for met in _opponent_pairs((new_seats, sets)):
                opposed[met] -= 1
            out_count[:] = saved
        return False

    place(0)
    return tuple(best)


def _plans(
    seated: list[int], extra: list[int], out_count: list[int]
) -> list[list[tuple[int, int | None]]]:
    """The ways the added players can fill a round: each ``(x, y)`` seats added player
    ``x`` in player ``y``'s place (``y`` None: ``x`` sits out).  The players who have
    sat out least are tried first as those who sit out."""
    k = len(extra)
    if k == 0:
        return [[]]
    pool = sorted([*extra, *seated], key=lambda p: (out_count[p], p))[: k + 6]
    plans = []
    for out in combinations(pool, k):
        resting = [x for x in extra if x in out]
        seats_free = [y for y in out if y not in extra]
        playing = [x for x in extra if x not in out]
        for order in _permutations(seats_free):
            plan: list[tuple[int, int | None]] = [(x, None) for x in resting]
            plan += list(zip(playing, order, strict=True))
            plans.append(plan)
    return plans


def _permutations(items: list[int]) -> list[list[int]]:
    if len(items) <= 1:
        return [list(items)]
    return [
        [x, *rest]
        for i, x in enumerate(items)
        for rest in _permutations(items[:i] + items[i + 1 :])
    ]


def _full_rounds(players: int) -> int:
    """The most rounds offered: the whole design, or as far as a field between reached."""
    v = _base_for(players)
    assert v is not None
    return BASE_ROUNDS[v][0] if players == v else len(_extended(players))


def individual(
    players: int, boards_per_round: int = 2, rounds: int | None = None
) -> IndividualMovement:
    """The individual movement for ``players`` players: the complete design (or, for a
    field between, every round of its stored design), or ``rounds`` of it."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise MovementError(f"the number of players must be a whole number, not {players!r}")
    offered = sizes()
    if players < MIN_PLAYERS or players > MAX_PLAYERS or players not in offered:
        raise MovementError(
            f"an individual is offered for {MIN_PLAYERS} to {max(offered)} players "
            f"({', '.join(str(p) for p in offered)}), not {players}"
        )
    if isinstance(boards_per_round, bool) or not isinstance(boards_per_round, int):
        raise MovementError(f"boards per round must be a whole number, not {boards_per_round!r}")
    if not 1 <= boards_per_round <= 13:
        raise MovementError(f"boards per round must be 1 to 13, not {boards_per_round}")
    v = _base_for(players)
    assert v is not None
    full = _full_rounds(players)
    if rounds is None:
        rounds = full
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 2 <= rounds <= full:
        raise MovementError(f"{players} players can play 2 to {full} rounds, not {rounds}")
    complete = players == v and rounds == full
    if players == v:
        design = _developed(v)
        picked = [design[i] for i in _balanced_rounds(v, rounds)] if rounds < full else list(design)
    else:
        picked = list(_extended(players)[:rounds])
    return _movement(players, boards_per_round, picked, complete, v, full)


def _movement(
    players: int, bpr: int, picked: list[_Round], complete: bool, v: int, full: int
) -> IndividualMovement:
    rounds = len(picked)
    copies = BASE_ROUNDS[v][2] is None
    number: dict[int, int] = {}  # board set from 0 -> set from 1, in order of first play
    for _, sets in picked:
        for bs in sets:
            number.setdefault(bs, len(number) + 1)
    tables = len(picked[0][0])
    schedule = []
    for r, (seats, sets) in enumerate(picked, start=1):
        for t, ((n, e, s, w), bs) in enumerate(zip(seats, sets, strict=True), start=1):
            b = number[bs]
            start = (b - 1) * bpr + 1
            others = tuple(x for x in range(1, tables + 1) if x != t) if copies else ()
            note = "every table plays this set from its own copy" if others else ""
            schedule.append(
                IndividualTableRound(
                    r,
                    t,
                    str(n + 1),
                    str(e + 1),
                    str(s + 1),
                    str(w + 1),
                    b,
                    tuple(range(start, start + bpr)),
                    note,
                    others,
                )
            )
    name = f"individual-{players}" if rounds == full else f"individual-{players}-r{rounds}"
    kind = (
        "complete whist design" if complete else ("partial" if rounds < full else "whole movement")
    )
    desc = (
        f"Individual, {players} players, {tables} tables, {rounds} rounds ({kind}), "
        f"{len(number) * bpr} boards ({bpr} a round)"
    )
    notes = []
    if copies and tables > 1:
        notes.append("each round every table plays the same set: duplicate it, one copy a table")
    if players > 4 * tables:
        out = players - 4 * tables
        notes.append(f"{out} player{' sits' if out == 1 else 's sit'} out each round, in turn")
    return IndividualMovement(
        name=name,
        players=tuple(str(p) for p in range(1, players + 1)),
        tables=tables,
        rounds=rounds,
        boards_per_round=bpr,
        board_sets=len(number),
        schedule=tuple(schedule),
        description=desc,
        notes=tuple(notes),
        complete=complete,
    )


def offers(players: int) -> list[str]:
    """The names offered for ``players`` players: the whole movement first, then every
    partial one from the most rounds down to three."""
    if players not in sizes():
        return []
    full = _full_rounds(players)
    return [f"individual-{players}"] + [
        f"individual-{players}-r{r}" for r in range(full - 1, 2, -1)
    ]


def from_name(
    name: str, boards_per_round: int, players: int | None = None
) -> IndividualMovement | None:
    """``individual-N`` or ``individual-N-rR``; None when the name is not an individual's."""
    parts = name.split("-")
    if parts[0] != "individual" or len(parts) not in (2, 3) or not parts[1].isdigit():
        return None
    rounds = None
    if len(parts) == 3:
        if not (parts[2].startswith("r") and parts[2][1:].isdigit()):
            return None
        rounds = int(parts[2][1:])
    size = int(parts[1])
    if players is not None and players != size:
        raise MovementError(f"{name} is for {size} players, not {players}")
    return individual(size, boards_per_round, rounds)


@dataclass(frozen=True)
class IndividualFigures:
    """How evenly an individual movement mixes its players: the least and greatest
    times two players partner, oppose, and are compared on a board; and every number
    of boards some player plays, fewest first (one number when every player plays as
    many; a player who sits out a round misses its boards)."""

    partners: tuple[int, int]
    opponents: tuple[int, int]
    compared: tuple[int, int]
    boards_each: tuple[int, ...]


def individual_figures(movement: IndividualMovement) -> IndividualFigures:
    """Over every two players: partners, opponents, and *compared* (boards both held
    in the same direction at different tables), each as (least, greatest); and the
    boards each player plays, counted at the tables he sits at."""
    partner: dict[frozenset[str], int] = defaultdict(int)
    boards_of: dict[str, int] = dict.fromkeys(movement.players, 0)
    oppose: dict[frozenset[str], int] = defaultdict(int)
    held: dict[tuple[int, str], list[tuple[str, int]]] = defaultdict(list)
    for tr in movement.schedule:
        seats = tr.seats
        partner[frozenset((tr.n, tr.s))] += 1
        partner[frozenset((tr.e, tr.w))] += 1
        for a in (tr.n, tr.s):
            for b in (tr.e, tr.w):
                oppose[frozenset((a, b))] += 1
        for seat, p in seats.items():
            boards_of[p] += len(tr.boards)
            for board in tr.boards:
                held[(board, DIRECTION[seat])].append((p, tr.table))
    compared: dict[frozenset[str], int] = defaultdict(int)
    for played in held.values():
        for (p, tp), (q, tq) in combinations(played, 2):
            if tp != tq:
                compared[frozenset((p, q))] += 1
    every = [frozenset(x) for x in combinations(movement.players, 2)]

    def spread(counts: dict[frozenset[str], int]) -> tuple[int, int]:
        values = [counts.get(k, 0) for k in every]
        return min(values), max(values)

    return IndividualFigures(
        spread(partner), spread(oppose), spread(compared), tuple(sorted(set(boards_of.values())))
    )


def individual_problems(movement: IndividualMovement) -> list[str]:
    """Every soundness rule ``movement`` breaks, in a director's words (empty: sound):
    no player twice in a round, no partnership twice, no board twice to a player, the
    rounds played differing by at most one, every table seated once a round, and a
    board at two tables in a round only where declared (docs/laws/movements.md#individuals)."""
    out: list[str] = []
    seated: dict[tuple[int, str], int] = {}
    partnered: dict[frozenset[str], int] = {}
    boards_of: dict[str, set[int]] = defaultdict(set)
    played: dict[str, int] = dict.fromkeys(movement.players, 0)
    at: dict[tuple[int, int], list[int]] = defaultdict(list)
    tables: dict[int, list[int]] = defaultdict(list)
    for tr in movement.schedule:
        tables[tr.round].append(tr.table)
        for board in tr.boards:
            at[(tr.round, board)].append(tr.table)
        for p in tr.seats.values():
            if (tr.round, p) in seated:
                out.append(
                    f"round {tr.round}: player {p} sits at table {seated[(tr.round, p)]} "
                    f"and table {tr.table}"
                )
            seated[(tr.round, p)] = tr.table
            again = boards_of[p].intersection(tr.boards)
            if again:
                out.append(
                    f"round {tr.round}, table {tr.table}: player {p} plays board "
                    f"{min(again)} a second time"
                )
            boards_of[p].update(tr.boards)
            played[p] = played.get(p, 0) + 1
        for a, b in ((tr.n, tr.s), (tr.e, tr.w)):
            key = frozenset((a, b))
            if key in partnered:
                out.append(
                    f"round {tr.round}: players {a} and {b} partner again "
                    f"(first in round {partnered[key]})"
                )
            partnered.setdefault(key, tr.round)
    for r in range(1, movement.rounds + 1):
        if sorted(tables.get(r, [])) != list(range(1, movement.tables + 1)):
            out.append(f"round {r} does not seat tables 1 to {movement.tables} once each")
    if played and max(played.values()) - min(played.values()) > 1:
        short = min(played, key=lambda p: played[p])
        out.append(
            f"player {short} plays {played[short]} rounds and another {max(played.values())}: "
            "a player may sit out at most one round more than another"
        )
    by_seat = {(tr.round, tr.table): tr for tr in movement.schedule}
    for (r, board), group in sorted(at.items()):
        if len(group) > 1 and any(set(group) - {t} - set(by_seat[(r, t)].shared) for t in group):
            out.append(
                f"round {r}: board {board} is at tables {', '.join(map(str, group))} "
                "and the movement does not say they share it"
            )
    return out


def check_individual(movement: IndividualMovement) -> IndividualMovement:
    """``movement`` itself when sound, else a :class:`MovementError` naming the first
    rule it breaks."""
    found = individual_problems(movement)
    if found:
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        raise MovementError(f"this movement cannot be run: {found[0]}{more}")
    return movement
