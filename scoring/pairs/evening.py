"""A player's evening: each board the pair played against par and against the field
(the best score from its side, the average it was compared with, and where it stood),
and the evening summed up in plain words ("7 of 12 boards above average; declared 5,
made 4").

Read off the pair's stored comparison (:class:`~scoring.pairs.BoardLine`) and its
board's real scores counted by score, never a second comparison: the average is the
one Law H compared the line with (``docs/laws/duplicate.md``, H), half the top in
matchpoints; par is :mod:`scoring.par`'s under the event's code.  A board passed out,
not played or adjusted counts in neither figure, and the summary says how many there
were.  Exact until the sentence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .explain import PAIRS, Entries, mp_text, one_decimal
from .lines import BoardLine, as_whole

__all__ = ["BoardEvening", "board_evening", "evening_summary"]

PASSED_OUT = "passed out"
NOT_PLAYED = "not played"
ADJUSTED = "adjusted"


@dataclass(frozen=True, slots=True)
class BoardEvening:
    """One of a pair's boards, from the pair's side.

    ``left_out``: why the board counts in neither figure ("passed out", "not played",
    "adjusted"), else "".  ``best``: the best net score from the pair's side among
    the board's real scores; ``average``: what the line was compared with (Law H's
    average net from its side, or half the matchpoint top); ``beat``/``tied``/``lost``:
    the other real scores; ``par``: the par net from its side, None where the hand was
    not solved.
    """

    board: int
    left_out: str
    net: int | None = None
    score: Fraction | int | None = None
    top: int | None = None
    best: int | None = None
    average: Fraction | int | None = None
    beat: int = 0
    tied: int = 0
    lost: int = 0
    par: int | None = None
    par_contract: str = ""
    declared: bool = False
    made: bool = False
    sentence: str = ""

    @property
    def above_average(self) -> bool:
        """Above what it was compared with: plus against Law H's average, or more than
        half the matchpoint top."""
        if self.left_out or self.score is None:
            return False
        return self.score > 0 if self.top is None else 2 * self.score > self.top

    @property
    def against_par(self) -> int | None:
        """The pair's net less par, from its side (None: no par, or not counted)."""
        if self.left_out or self.par is None or self.net is None:
            return None
        return self.net - self.par


def board_evening(
    board: int,
    side: str,
    line: BoardLine | None,
    scores: Mapping[int, int],
    *,
    passed_out: bool = False,
    declared: bool = False,
    made: bool = False,
    par_ns: int | None = None,
    par_contract: str = "",
    entries: Entries = PAIRS,
) -> BoardEvening:
    """One board of a pair's evening.

    ``side``: "NS" or "EW", where the pair sat; ``line``: the board's stored comparison
    of its line; ``scores``: the board's real net scores (North-South's view) counted
    by score, the pair's own among them; ``declared``/``made``: the pair declared the
    contract, and made it; ``par_ns``: the board's par net to North-South under the
    event's code, with its contract in words; ``entries``: an individual's player
    (:data:`~scoring.pairs.explain.PLAYERS`) reads his partnership's line, and where it
    stood is counted in the other tables, whose two players are beaten or tied together.
    """
    result = line.result if line else None
    if line is None or result is None or line.ns_score is None:
        return BoardEvening(board, NOT_PLAYED)
    if result.adjusted is not None:
        return BoardEvening(board, ADJUSTED)
    if passed_out:
        return BoardEvening(board, PASSED_OUT)
    sign = 1 if side == "NS" else -1
    net: int = sign * result.net_ns  # type: ignore[operator]
    own = {sign * v: n for v, n in scores.items()}
    beat = sum(n for v, n in own.items() if v < net)
    lost = sum(n for v, n in own.items() if v > net)
    tied = max(own.get(net, 1) - 1, 0)
    best = max(own, default=net)
    score = line.ns_score if side == "NS" else line.ew_score
    top = line.top
    if top is None:
        average: Fraction | int = as_whole(sign * (Fraction(line.net_ns) - line.ns_score))  # type: ignore[arg-type]
        field = (
            f"best {one_decimal(best)}, average {one_decimal(average)}; you scored "
            f"{one_decimal(net)}: {one_decimal(score)}"  # type: ignore[arg-type]
        )
    else:
        average = as_whole(Fraction(top, 2))
        field = (
            f"best {one_decimal(best)}; top {top}, average {mp_text(average)}; "
            f"you scored {one_decimal(net)}: {mp_text(score)} matchpoints"  # type: ignore[arg-type]
        )
    standing = f"beat {beat}, tied {tied}, lost {lost} of {entries.others(beat + tied + lost)}"
    par = None if par_ns is None else sign * par_ns
    sentence = f"The field: {field} ({standing})."
    if par is not None:
        diff = net - par
        against = "at par" if diff == 0 else f"{abs(diff)} {'above' if diff > 0 else 'below'} par"
        named = f" ({par_contract})" if par_contract else ""
        sentence += f" Par {one_decimal(par)}{named}: {against}."
    return BoardEvening(
        board,
        "",
        net,
        score,
        top,
        best,
        average,
        beat,
        tied,
        lost,
        par,
        par_contract,
        declared,
        declared and made,
        sentence,
    )


def evening_summary(boards: Sequence[BoardEvening]) -> str:
    """The evening in plain words: how many boards were above average, how many the
    pair declared and made, against par where the hands were solved, and how many
    boards count in neither figure and why."""
    counted = [b for b in boards if not b.left_out]
    if not boards:
        return ""
    above = sum(b.above_average for b in counted)
    declared = sum(b.declared for b in counted)
    made = sum(b.made for b in counted)
    n = len(counted)
    parts = [
        f"{above} of {n} board{'' if n == 1 else 's'} above average",
        f"declared {declared}, made {made}",
    ]
    with_par = [b.against_par for b in counted if b.against_par is not None]
    if with_par:
        at_least = sum(1 for d in with_par if d >= 0)
        k = len(with_par)
        parts.append(
            f"at or above par on {at_least} of the {k} board{'' if k == 1 else 's'} with a par"
        )
    out = "; ".join(parts) + "."
    left: dict[str, int] = {}
    for b in boards:
        if b.left_out:
            left[b.left_out] = left.get(b.left_out, 0) + 1
    if left:
        total = sum(left.values())
        why = ", ".join(f"{k} {v}" for k, v in sorted(left.items()))
        out += f" {total} board{'' if total == 1 else 's'} counted in neither figure ({why})."
    return out[0].upper() + out[1:]
