"""Individual contests: each player an entry, scored player by player.

A form of event not in the laws; the project's reading (docs/laws/duplicate.md,
"Individuals"):

* each player's score on a board is **his partnership's** net score there: North
  and South share North-South's score, East and West share East-West's;
* he is compared, as in Law H or by matchpoints, with every player who held the
  same seat direction on that board, and his result is the sum of those
  comparisons (or, by matchpoints, his percentage of the tops he played);
* a Law B artificial score, and any adjusted score of the director's, goes to both
  players of the partnership at that table;
* both partners of a partnership always get equal scores on a board.

Every player of a direction on a board holds one of its tables' scores, two
players to each: the average of the players' scores is the average of the tables',
and a player beats, ties or loses to the players of another table together.  So a
board's comparison *is* the pair comparison of its partnerships, and this module
asks :mod:`scoring.pairs` for it (one home for the arithmetic), naming each
table's partnerships for it, then credits the four players.  The matchpoints are
the table's (2 for each other table beaten, 1 for each tie, a top of 2(n - 1)):
counting each of the other players apart would double every figure and leave the
percentages as they are.

Standings are one field (players change direction through the evening), ranked as
the pair standings are: total points with the director's factoring option,
matchpoints on the percentage of the tops played; a player who came late or left
early simply has fewer boards.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from .adjusted import AdjustedValues, Weights
from .errors import ScoringError
from .fractions_fmt import round_half_away, two_decimals
from .pairs import (
    AS_PLAYED,
    FACTORED,
    METHODS,
    BoardResult,
    boards_most_played,
    compare_boards,
    factored,
    pair_label_key,
    rank_labels,
    standing_json,
)
from .pairs.factoring import check_factoring
from .pairs.lines import DEFAULT_VALUES, as_whole

SEATS = ("n", "e", "s", "w")


class IndividualResult(NamedTuple):
    """One traveller line of an individual: a board played by four players.

    ``n``, ``e``, ``s``, ``w``: the labels of the players who sat North, East, South
    and West.  ``net_ns``, ``adjusted``, ``weights`` and ``version`` are read as a
    pair contest's (:class:`scoring.pairs.BoardResult`): the net score from
    North-South's view, or a Law B artificial score or the director's adjusted
    score in its place.
    """

    board: int
    n: str
    e: str
    s: str
    w: str
    net_ns: int | None
    adjusted: str | None = None
    weights: Weights | None = None
    version: int = 1

    @property
    def players(self) -> tuple[str, str, str, str]:
        return (self.n, self.e, self.s, self.w)

    def as_pairs(self) -> BoardResult:
        """The line as its two partnerships played it, for the pair comparison."""
        return BoardResult(
            self.board,
            partnership(self.n, self.s),
            partnership(self.e, self.w),
            self.net_ns,
            self.adjusted,
            self.weights,
            self.version,
        )


def partnership(first: str, second: str) -> str:
    """The label of a table's partnership on one board (the comparison's name for it;
    its messages name the table's partnerships this way)."""
    return f"{first} & {second}"


class IndividualLine(NamedTuple):
    """A line with its comparison: the partnerships' scores, exact.

    ``ns_score`` goes to both North and South, ``ew_score`` to both East and West;
    None for a line not played (or a board whose Law B score still waits for a real
    one).  ``top`` is the matchpoint top, None for total points.
    """

    result: IndividualResult
    net_ns: Fraction | int | None
    ns_score: Fraction | int | None
    ew_score: Fraction | int | None
    top: int | None

    def player_scores(self) -> dict[str, Fraction | int]:
        """Each of the four players' score on the board (partners equal); empty when
        the line earned nothing."""
        if self.ns_score is None or self.ew_score is None:
            return {}
        r = self.result
        return {r.n: self.ns_score, r.s: self.ns_score, r.e: self.ew_score, r.w: self.ew_score}


def validate_individual_results(results: Sequence[IndividualResult]) -> None:
    """Reject a line the comparison cannot read, naming it in a director's words: four
    different players at the table, and no player twice on a board."""
    seen: dict[tuple[int, str], int] = {}
    for i, r in enumerate(results, 1):
        names = ", ".join(f"{seat.upper()} {getattr(r, seat)}" for seat in SEATS)
        where = f"result {i} (board {r.board}: {names})"
        for seat in SEATS:
            label = getattr(r, seat)
            if not isinstance(label, str) or not label:
                raise ScoringError(f"{where}: every seat needs a player ({seat.upper()} is empty)")
        counts = Counter(r.players)
        twice = sorted((p for p, c in counts.items() if c > 1), key=pair_label_key)
        if twice:
            raise ScoringError(f"{where}: player {twice[0]} cannot sit in two seats at a table")
        for player in r.players:
            key = (r.board, player)
            if key in seen:
                raise ScoringError(
                    f"{where}: player {player} already has a result on board {r.board} "
                    f"(result {seen[key]})"
                )
            seen[key] = i


def compare_individual_boards(
    results: Sequence[IndividualResult],
    method: str = "total",
    adjusted_values: AdjustedValues = DEFAULT_VALUES,
    expected: int | None = None,
    tables: Mapping[int, int] | None = None,
) -> list[IndividualLine]:
    """Every line with what its partnerships earned, in input order.

    The arguments are :func:`scoring.pairs.compare_boards`' (the method, the worth of
    average-plus and average-minus, the most lines a board has, the tables that play
    each board); the comparison is that function's, of the tables' partnerships.
    """
    validate_individual_results(results)
    compared = compare_boards(
        [r.as_pairs() for r in results], method, adjusted_values, expected, tables
    )
    return [
        IndividualLine(r, line.net_ns, line.ns_score, line.ew_score, line.top)
        for r, line in zip(results, compared, strict=True)
    ]


class PlayerBoard(NamedTuple):
    """One board of a player's score card: where he sat, with whom and against whom,
    and what he earned.

    ``net`` is the deal's net score from his side's view (North-South's for North
    and South, its negative for East and West); ``score`` his comparison (his
    partnership's, as :class:`IndividualLine` gives it).  Both None for a line not
    played; ``net`` None too for an assigned adjusted score.  ``opponents`` are his
    left-hand then right-hand opponent.
    """

    board: int
    seat: str  # "N", "E", "S" or "W"
    partner: str
    opponents: tuple[str, str]
    net: Fraction | int | None
    score: Fraction | int | None
    top: int | None
    adjusted: str | None


def player_boards(lines: Sequence[IndividualLine], player: str) -> list[PlayerBoard]:
    """A player's score card: each board he sat at, in board order (then version).

    Read off the compared lines, so a card's sum is the standings' own figure (before
    factoring) and never a second computation."""
    out: list[tuple[int, int, PlayerBoard]] = []
    for line in lines:
        r = line.result
        if player not in r.players:
            continue
        at = r.players.index(player)
        seat = SEATS[at]
        north_south = seat in ("n", "s")
        side = line.ns_score if north_south else line.ew_score
        net = line.net_ns if line.net_ns is None or north_south else -line.net_ns
        card = PlayerBoard(
            r.board,
            seat.upper(),
            r.players[(at + 2) % 4],
            (r.players[(at + 1) % 4], r.players[(at + 3) % 4]),
            as_whole(net) if net is not None else None,
            side,
            line.top,
            r.adjusted,
        )
        out.append((r.board, r.version, card))
    return [card for _, _, card in sorted(out, key=lambda x: (x[0], x[1]))]


@dataclass(frozen=True, slots=True)
class PlayerStanding:
    """One player's line in an individual's standings, as
    :class:`scoring.pairs.PairStanding` is a pair's (one field: no direction)."""

    player: str
    score: Fraction | int  # exact: an int where whole
    boards: int
    rank: str
    display: str
    percent: Fraction | None = None
    # Factored total points (scoring.pairs.factoring): ``score`` is the factored sum.
    as_played: Fraction | int | None = None
    compared: int | None = None
    factor_to: int | None = None

    def to_json(self) -> dict:
        return {"player": self.player, **standing_json(self)}


def individual_standings(
    results: Sequence[IndividualResult],
    method: str = "total",
    adjusted_values: AdjustedValues = DEFAULT_VALUES,
    tables: Mapping[int, int] | None = None,
    factoring: str = AS_PLAYED,
) -> list[PlayerStanding]:
    """Standings of an individual, best first, ties sharing a rank ("3=").

    Total points: each player's sum of his Law H comparisons, displayed to the whole
    point; ``factoring`` "factored" ranks the sums scaled to the boards the most
    players played (:mod:`scoring.pairs.factoring`).  Matchpoints: the player's
    matchpoints and their percentage of the tops of the boards he played, displayed
    to two decimals; ranked on the percentage.  Ranks come from the exact values.
    """
    if method not in METHODS:
        raise ScoringError(f'the method is "total" or "matchpoints", not {method!r}')
    check_factoring(factoring)
    lines = compare_individual_boards(results, method, adjusted_values, tables=tables)
    on_board = Counter(r.board for r in results)
    scores: dict[str, Fraction | int] = defaultdict(int)
    played: Counter[str] = Counter()
    compared: Counter[str] = Counter()  # boards played with another line to compare with
    top = 0
    for line in lines:
        got = line.player_scores()
        if not got:
            continue  # not played: earns nothing and counts no board
        top = line.top or 0
        for player, value in got.items():
            scores[player] = as_whole(scores[player] + value)
            played[player] += 1
            if on_board[line.result.board] > 1:
                compared[player] += 1
    as_played: dict[str, Fraction | int] = {}
    most = 0
    if factoring == FACTORED and method == "total":
        most = boards_most_played(compared[p] for p in scores)
        as_played = dict(scores)
        scores = {p: factored(v, compared[p], most) for p, v in scores.items()}
    members = sorted(scores, key=pair_label_key)
    if method == "total" or len({played[p] for p in members}) == 1:
        values = [scores[p] for p in members]  # equal tops: the total orders as the percent
    else:
        values = [Fraction(scores[p], played[p] * top) if top else 0 for p in members]
    ranks = rank_labels(values)
    rows: list[PlayerStanding] = []
    for p, rank in zip(members, ranks, strict=True):
        v = scores[p]
        if method == "total" and as_played:
            rows.append(
                PlayerStanding(
                    p,
                    v,
                    played[p],
                    rank,
                    str(round_half_away(v)),
                    as_played=as_played[p],
                    compared=compared[p],
                    factor_to=most,
                )
            )
        elif method == "total":
            rows.append(PlayerStanding(p, v, played[p], rank, str(round_half_away(v))))
        else:
            # No top (each board played at one table so far): no percentage to give.
            pct = Fraction(v * 100, played[p] * top) if top else None
            rows.append(PlayerStanding(p, v, played[p], rank, two_decimals(v), percent=pct))
    order = sorted(range(len(rows)), key=lambda i: (-values[i], pair_label_key(members[i])))
    return [rows[i] for i in order]
