"""The chooser: the movements the library can run for a field, best first, each with
its boards a round and a reason in a director's words (docs/director/movements.md).

Every family listed in :data:`~.library.FAMILIES` is asked for the names it offers
for the field; each is built, checked by the soundness rules
(:func:`~.soundness.problems`) and measured (:func:`~.balance.figures`).  A new
family appears here by being listed there.

**The session's length.**  A session is measured in its boards: rounds times boards
a round, what a pair plays that sits out no round (a pair that sits out a round plays
a round fewer, and the candidate's *boards a pair* says so: :func:`played_words`).
Without a constraint the chooser aims at 24-27 boards, a club evening.  ``boards``
asks for about that many (within a tenth, at least two boards either way).
``minutes`` asks for a session that fits that time, assuming **7.5 minutes a board
and one minute for each change of tables**; the most boards a round that fit are
chosen (with ``minutes`` alone, the time is the only constraint).

**The ranking.**  The director's constraints first (how far a candidate's length
misses them), then one winner before two, then balance (a smaller coefficient of
variation of the comparisons, docs/laws/movements.md#balance), then fewer relays,
shared sets and bystands, then fewer sit-outs; a tie keeps the library's order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .balance import Figures, figures
from .library import build, offered
from .schedule import ARROW_SWITCH_NOTE, Movement, MovementError
from .soundness import problems

__all__ = [
    "BOARD_MINUTES",
    "CHANGE_MINUTES",
    "Candidate",
    "boards_a_round",
    "choose",
    "played_words",
    "session_minutes",
    "switched_rounds",
]

# The time assumptions (stated in the docs): minutes to play a board, and to change
# tables between two rounds.
BOARD_MINUTES = Fraction(15, 2)
CHANGE_MINUTES = 1
# A club evening when the director names no length: boards each pair plays.
DEFAULT_BOARDS = (24, 27)
MOST_BOARDS_A_ROUND = 13


@dataclass(frozen=True)
class Candidate:
    """One movement the chooser offers, with what a director weighs."""

    name: str
    movement: Movement
    figures: Figures
    reason: str

    @property
    def winners(self) -> int:
        return self.figures.winners

    @property
    def boards_per_round(self) -> int:
        return self.movement.boards_per_round

    @property
    def boards_played(self) -> int:
        """The session's length in boards (rounds times boards a round): what a pair
        that sits out no round plays, the length the ranking measures."""
        return self.movement.rounds * self.movement.boards_per_round

    @property
    def boards_a_pair(self) -> str:
        """The boards each pair plays, counted from the schedule: "24", or "21 or 24"
        when a pair that sits out a round plays fewer (docs/director/movements.md)."""
        return played_words(self.figures.boards_each)

    @property
    def minutes(self) -> int:
        """The session's length by the chooser's assumptions, rounded up."""
        return _ceil(session_minutes(self.movement.rounds, self.boards_per_round))

    def to_json(self) -> dict[str, Any]:
        """The movement's JSON with the chooser's facts beside it."""
        return {
            **self.movement.to_json(),
            "name": self.name,
            "winners": self.winners,
            "figures": self.figures.to_json(),
            "reason": self.reason,
            "minutes": self.minutes,
        }


def played_words(counts: Iterable[int]) -> str:
    """The boards each entry plays, in a director's words: the one number when every
    pair (or player) plays as many, else each number there is, "24 or 28"."""
    numbers = [str(n) for n in sorted(set(counts))]
    if not numbers:
        return "0"
    return numbers[0] if len(numbers) == 1 else ", ".join(numbers[:-1]) + " or " + numbers[-1]


def session_minutes(rounds: int, boards_per_round: int) -> Fraction:
    """The session's length: 7.5 minutes a board and a minute for each change."""
    return rounds * boards_per_round * BOARD_MINUTES + max(rounds - 1, 0) * CHANGE_MINUTES


def _ceil(x: Fraction) -> int:
    return -(-x.numerator // x.denominator)


def _band(boards: int | None, minutes: int | None) -> tuple[int, int]:
    if boards is None:
        return (1, 10**6) if minutes is not None else DEFAULT_BOARDS
    slack = max(2, boards // 10)
    return max(1, boards - slack), boards + slack


def _miss(rounds: int, bpr: int, band: tuple[int, int], minutes: int | None) -> Fraction:
    """How far a length misses the constraints, in boards (0: it fits them)."""
    played = rounds * bpr
    low, high = band
    miss = Fraction(max(low - played, played - high, 0))
    if minutes is not None:
        over = session_minutes(rounds, bpr) - minutes
        if over > 0:
            miss += over / BOARD_MINUTES
    return miss


def boards_a_round(rounds: int, boards: int | None = None, minutes: int | None = None) -> int:
    """The boards a round that best fit a movement of ``rounds`` rounds to the
    director's length (see the module)."""
    return _boards_a_round(rounds, _band(boards, minutes), minutes)


def _boards_a_round(rounds: int, band: tuple[int, int], minutes: int | None) -> int:
    """The boards a round that best fit: the least miss; with a time, the most boards
    that fit it; else the length nearest the middle of the band."""
    middle = Fraction(band[0] + band[1], 2)

    def key(bpr: int) -> tuple[Fraction, Fraction]:
        tie = -Fraction(bpr) if minutes is not None else abs(rounds * bpr - middle)
        return _miss(rounds, bpr, band, minutes), tie

    return min(range(1, MOST_BOARDS_A_ROUND + 1), key=key)


def choose(pairs: int, boards: int | None = None, minutes: int | None = None) -> list[Candidate]:
    """The movements for a field of ``pairs`` pairs, best first (see the module).

    The answer depends on the three numbers alone, and working out every candidate's
    figures takes up to a second or so for a big field: it is kept for the process
    (the most recent 256 questions), so a page that asks again costs nothing."""
    return list(_choose(pairs, boards, minutes))


@lru_cache(maxsize=256)
def _choose(pairs: int, boards: int | None, minutes: int | None) -> tuple[Candidate, ...]:
    if isinstance(pairs, bool) or not isinstance(pairs, int) or pairs < 1:
        raise MovementError(f"the number of pairs must be a whole number, not {pairs!r}")
    if boards is not None and not 1 <= boards <= 200:
        raise MovementError(f"a session of {boards} boards is not one a club plays (1 to 200)")
    if minutes is not None and not 10 <= minutes <= 24 * 60:
        raise MovementError(f"a session of {minutes} minutes is not one a club plays")
    band = _band(boards, minutes)
    built: list[tuple[tuple[Any, ...], str, Movement, Figures]] = []
    for order, name in enumerate(offered(pairs)):
        try:
            probe = build(name, 1, pairs)
            movement = build(name, _boards_a_round(probe.rounds, band, minutes), pairs)
        except MovementError:
            continue
        if problems(movement):
            continue  # the chooser offers only what the soundness rules pass
        figs = figures(movement)
        key = (
            _miss(movement.rounds, movement.boards_per_round, band, minutes),
            figs.winners,
            round(figs.compared_cv, 9),
            figs.relays + figs.bystands,
            figs.sit_outs,
            order,
        )
        built.append((key, name, movement, figs))
    built.sort(key=lambda item: item[0])
    measured = {name: figs for _, name, _, figs in built}
    return tuple(
        Candidate(
            name, movement, figs, reason(movement, figs, beside=_even_or_classic(name, measured))
        )
        for _, name, movement, figs in built
    )


def _even_or_classic(name: str, measured: dict[str, Figures]) -> Figures | None:
    """The figures of the even Howell offered beside the classic ``name`` (or of the
    classic beside the even one), so each reason can say how they differ."""
    if name.startswith("howell-") and name.endswith("-even"):
        return measured.get(name.removesuffix("-even"))
    return measured.get(f"{name}-even") if name.startswith("howell-") else None


def _meets_every_other(movement: Movement) -> bool:
    met: set[frozenset[str]] = set()
    for tr in movement.schedule:
        if tr.ns is not None and tr.ew is not None:
            met.add(frozenset((tr.ns, tr.ew)))
    n = len(movement.pairs)
    return len(met) == n * (n - 1) // 2


def _shared_tables(movement: Movement) -> list[tuple[int, ...]]:
    groups = {tuple(sorted((tr.table, *tr.shared))) for tr in movement.schedule if tr.shared}
    return sorted(groups)


def _runs(numbers: list[int]) -> str:
    """Sorted numbers in a director's words, a run of three or more as "1 to 7":
    [1, 2, 3, 6, 7] is "1 to 3, 6 and 7"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    words: list[str] = []
    for run in runs:
        words += [f"{run[0]} to {run[-1]}"] if len(run) >= 3 else [str(n) for n in run]
    return _and(words)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _cv(figs: Figures) -> str:
    return f"{figs.compared_cv:.3f}"


def _howell_balance(movement: Movement, figs: Figures, beside: Figures | None) -> str:
    """What an even Howell's directions buy, or what the classic layout is kept for
    (docs/laws/movements.md#the-even-howells): said only when the chooser offers both."""
    if movement.name.endswith("-even"):
        if figs.compared_least == figs.compared_most:
            return (
                "every pair is compared with every other equally often, on "
                f"{figs.compared_most} boards"
            )
        against = f", against {_cv(beside)} for the classic layout" if beside else ""
        return (
            f"every two pairs are compared on {figs.compared_least} to "
            f"{figs.compared_most} boards (CV {_cv(figs)}{against})"
        )
    if beside is None:
        return ""
    return (
        "the classic layout, kept for events already set up with it "
        f"(it compares the pairs less evenly: CV {_cv(figs)}, the even Howell's {_cv(beside)})"
    )


def switched_rounds(movement: Movement) -> list[int]:
    """The rounds in which every table turns its pairs round (an arrow switch), read off
    the schedule's table-rounds, as their guide cards say it
    (docs/laws/movements.md#one-winner-mitchells).  A round in which only some tables
    turn (a scramble) is not one of them."""
    turned: dict[int, list[bool]] = {}
    for tr in movement.schedule:
        turned.setdefault(tr.round, []).append(ARROW_SWITCH_NOTE in tr.note.split("; "))
    return sorted(r for r, tables in turned.items() if all(tables))


def _in_rounds(rounds: list[int], last: int) -> str:
    """The rounds switched, in words: "in the last round", "in round 5", "in rounds 4
    and 8"."""
    if rounds == [last]:
        return "in the last round"
    return f"in round {rounds[0]}" if len(rounds) == 1 else f"in rounds {_runs(rounds)}"


def reason(movement: Movement, figs: Figures, *, beside: Figures | None = None) -> str:
    """Why a director would choose ``movement``, in a few words: the winners, what it
    meets, what it needs (relays, bystands), who sits out, and its length.  ``beside``
    is the figures of the even Howell offered with a classic one (or the reverse)."""
    parts: list[str] = []
    if figs.winners == 1:
        if _meets_every_other(movement):
            parts.append("one winner, every pair meets every other")
            if movement.kind == "howell" and (balance := _howell_balance(movement, figs, beside)):
                parts.append(balance)
        elif switched := switched_rounds(movement):
            parts.append("one winner, by an arrow switch " + _in_rounds(switched, movement.rounds))
        else:
            parts.append("one winner")
    elif figs.winners == 2:
        parts.append("two winners, North-South and East-West")
    else:
        parts.append(f"{figs.winners} winners")
    needs: list[str] = []
    groups = _shared_tables(movement)
    if len(groups) == 1:
        needs.append(f"a relay between tables {_and([str(t) for t in groups[0]])}")
    elif groups:
        # Sets shared by different tables in different rounds: the tables, once each,
        # and the cards for which round.
        needs.append(
            f"sets shared at tables {_runs(sorted({t for g in groups for t in g}))}, "
            "the guide cards say in which rounds"
        )
    if figs.bystands:
        needs.append("a bystand")
    if needs:
        parts[-1] += "; needs " + " and ".join(needs)
    sit_out_rounds = {tr.round for tr in movement.schedule if tr.sit_out}
    if sit_out_rounds and len(sit_out_rounds) == movement.rounds:
        parts.append("a pair sits out each round")
    elif sit_out_rounds:
        parts.append("a pair sits out in some rounds")
    byes = sorted({tr.table for tr in movement.schedule if not tr.boards})
    if len(byes) == 1 and movement.board_sets < movement.tables:
        # The Bowman's half table (docs/laws/movements.md#the-bowman): a table with no
        # boards, where the moving pair that reaches it sits out.
        parts.append(
            f"table {byes[0]} is the bye, so {movement.board_sets} board sets serve "
            f"{movement.tables} tables"
        )
    most = figs.boards_a_pair[1]
    if most < movement.boards and not sit_out_rounds:
        parts.append(f"each pair plays {most} of the {movement.boards} boards")
    bpr = movement.boards_per_round
    minutes = _ceil(session_minutes(movement.rounds, bpr))
    parts.append(
        f"{movement.rounds} rounds of {bpr} board{'s' if bpr != 1 else ''}, "
        f"about {minutes // 60} h {minutes % 60:02d}"
    )
    return "; ".join(parts)
