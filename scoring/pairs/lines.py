"""A traveller's lines as the library takes them (:class:`BoardResult`) and gives
them back compared (:class:`BoardLine`), their checks, and the exact arithmetic
every comparison shares.

The bottom of the pair contest: the comparison, the matchpoints and the
standings all read lines grouped by board and checked here (a pair twice on a
board, a Law B artificial score with no real score to take it from).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from operator import attrgetter
from typing import NamedTuple

from ..adjusted import (
    NOT_PLAYED,
    WEIGHTED,
    AdjustedValues,
    Weights,
    is_director_adjustment,
    parse_awards,
    parse_weights,
)
from ..errors import ScoringError
from ..irregular import ADJUSTMENTS, check_artificial_score

METHODS = ("total", "matchpoints")


NS_OF, EW_OF, _NET, ADJUSTED_OF, VERSION_OF = (
    attrgetter(a) for a in ("ns", "ew", "net_ns", "adjusted", "version")
)


DEFAULT_VALUES = AdjustedValues()


class BoardResult(NamedTuple):
    """One traveller line: a board played by an NS and an EW pair.

    A named tuple: made by the tens of thousands from the database on every
    standings view, where a frozen dataclass's ``__init__`` cost as much as reading
    the rows.

    ``net_ns`` is the deal's net score from North-South's view; it is None
    when ``adjusted`` names a Law B artificial score ("average",
    "ns-lowest", "ew-lowest") to be computed from the other tables, or one of
    the director's adjusted scores (:mod:`scoring.adjusted`): "not-played",
    an assigned "plus/minus" (each side's award), or "weighted" with its
    ``weights`` ((weight, net), ...).  ``version`` tells a fouled board's
    versions apart: lines are compared only with lines of the same version.
    """

    board: int
    ns: str
    ew: str
    net_ns: int | None
    adjusted: str | None = None
    weights: Weights | None = None
    version: int = 1


class BoardLine(NamedTuple):
    """A traveller line with its comparison: what each pair earned on the board.

    Numbers are exact: ``int`` where whole, ``Fraction`` otherwise.
    """

    result: BoardResult
    # The score compared (artificial for a Law B line, the weighted net for a
    # weighted one); None for a line not played or given an assigned score.
    net_ns: Fraction | int | None
    ns_score: Fraction | int | None  # Law H difference, or matchpoints; None: not played
    ew_score: Fraction | int | None
    top: int | None  # the matchpoint top, or None for total points


def validate_results(results: Sequence[BoardResult]) -> None:
    """Reject what cannot be compared, naming the result at fault."""
    seen: dict[tuple[int, str], int] = {}
    for i, r in enumerate(results, 1):
        where = f"result {i} (board {r.board}, {r.ns} v {r.ew})"
        if isinstance(r.board, bool) or not isinstance(r.board, int) or r.board < 1:
            raise ScoringError(f"{where}: the board number must be a whole number from 1")
        if not r.ns or not r.ew or not isinstance(r.ns, str) or not isinstance(r.ew, str):
            raise ScoringError(f"{where}: both the North-South and East-West pair are needed")
        if r.ns == r.ew:
            raise ScoringError(f"{where}: a pair cannot play against itself")
        if isinstance(r.version, bool) or not isinstance(r.version, int) or r.version < 1:
            raise ScoringError(f"{where}: the version must be a whole number from 1")
        if r.adjusted is not None:
            if r.adjusted not in ADJUSTMENTS and not is_director_adjustment(r.adjusted):
                raise ScoringError(
                    f"{where}: adjusted must be one of {', '.join(ADJUSTMENTS)}, "
                    f'"{NOT_PLAYED}", "{WEIGHTED}" or an award like "plus/minus", '
                    f"not {r.adjusted!r}"
                )
            if r.net_ns is not None:
                raise ScoringError(f"{where}: give either a score or an adjustment, not both")
            if r.adjusted == WEIGHTED:
                try:
                    parse_weights(r.weights or ())
                except ScoringError as e:
                    raise ScoringError(f"{where}: {e}") from None
            elif r.weights is not None:
                raise ScoringError(f"{where}: weights are given only with a weighted score")
        elif isinstance(r.net_ns, bool) or not isinstance(r.net_ns, int):
            raise ScoringError(f"{where}: net_ns must be a whole number of points")
        elif r.weights is not None:
            raise ScoringError(f"{where}: weights are given only with a weighted score")
        for pair in (r.ns, r.ew):
            key = (r.board, pair)
            if key in seen:
                raise ScoringError(
                    f"{where}: pair {pair} already has a result on board {r.board} "
                    f"(result {seen[key]})"
                )
            seen[key] = i


def lines_by_board(results: Sequence[BoardResult]) -> dict[int, list[BoardResult]]:
    """Group the results by board, validating them on the way.

    The checks here are the cheap ones that pass for good input; anything
    suspicious goes to :func:`validate_results`, which names the result.
    """
    boards: dict[int, list[BoardResult]] = defaultdict(list)
    for r in results:
        boards[r.board].append(r)
    for board, lines in boards.items():
        pairs = list(map(NS_OF, lines)) + list(map(EW_OF, lines))
        pair_set = set(pairs)
        if (
            type(board) is not int
            or board < 1
            or len(pair_set) != len(pairs)
            or "" in pair_set
            or set(map(type, pairs)) != {str}
            or any(type(v) is not int or v < 1 for v in set(map(VERSION_OF, lines)))
            or (
                set(map(type, map(_NET, lines))) != {int}
                if set(map(ADJUSTED_OF, lines)) == {None}
                else not all(map(_line_ok, lines))
            )
        ):
            validate_results(results)
    return boards


def _line_ok(r: BoardResult) -> bool:
    """A line's score or adjustment is well formed (the cheap check; weights are
    checked where a weighted line is compared)."""
    if r.adjusted is None:
        return type(r.net_ns) is int and r.weights is None
    if r.net_ns is not None:
        return False
    if r.adjusted in ADJUSTMENTS or r.adjusted == NOT_PLAYED:
        return r.weights is None
    if r.adjusted == WEIGHTED:
        return r.weights is not None
    return parse_awards(r.adjusted) is not None and r.weights is None


def real_scores(board: int, lines: list[BoardResult], tables: int | None = None) -> list[int]:
    """The real scores on a board; Law B decides whether its adjusted lines may stand."""
    real = [r.net_ns for r in lines if r.adjusted is None]
    if len(real) != len(lines):
        check_law_b(board, len(lines), len(real), tables)
    return real  # type: ignore[return-value]


def check_law_b(board: int, lines: int, real: int, tables: int | None = None) -> None:
    """A board with artificial scores: Law B(3) allows them only in a contest of more
    than two tables, and only beside at least one real score.

    ``tables``: how many tables the contest plays the board at; unknown (a board's
    whole traveller, as the command line reads one), the lines are the tables.  While
    an evening is played a board has fewer lines than tables: a 4-table board with
    one real score and the artificial one so far is not a "two-table contest".
    """
    contest = lines if tables is None else max(tables, lines)
    if contest >= 2:
        check_artificial_score(contest, board)  # Law B(3): never with two tables
    if not real:
        raise ScoringError(
            f"board {board} has only adjusted results: an artificial score needs at "
            "least one table's real score on the board (Duplicate Law B(3))"
        )


def still_waiting(lines: list[BoardResult], tables: int | None) -> bool:
    """A board whose only lines so far are Law B's artificial scores, while tables that
    will play it have not: an artificial score is taken from the real scores on the
    deal (Law B(3)), so it has no value until the first of them is entered.  Such a
    board is compared later, not refused (refused once every table has a line)."""
    return (
        tables is not None and len(lines) < tables and all(r.adjusted in ADJUSTMENTS for r in lines)
    )


def as_whole(x: Fraction | int) -> Fraction | int:
    """An int where ``x`` is whole, so whole scores print and add as ints."""
    if type(x) is int:
        return x
    f = Fraction(x)
    return f.numerator if f.denominator == 1 else f


def exact_div(num: Fraction | int, den: int) -> Fraction | int:
    """num / den, as an int when it divides exactly."""
    if type(num) is int:
        return num // den if num % den == 0 else Fraction(num, den)
    return as_whole(Fraction(num) / den)
