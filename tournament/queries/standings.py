"""The event's standings, and the stored lines read as :mod:`scoring`'s input and compared.

Nothing here is stored: every figure comes from :mod:`scoring` run on the
results as they are now, in a constant number of queries however large the
event (one for the results, one or two for names).  The reading of stored lines
(:func:`line_input`, :class:`EventRows`) and their comparison (:func:`compare`)
are here, under the standings that use them most; the travellers and score
cards build on them (:mod:`.travellers`, :mod:`.score_cards`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Count

from scoring import BoardResult, compare_boards, pair_standings, score_team_match
from scoring.adjusted import WEIGHTED, parse_weights
from scoring.fractions_fmt import exact, mixed_fraction, round_half_away, two_decimals
from scoring.irregular import ADJUSTMENTS
from scoring.pairs import BoardLine, PairStanding
from scoring.pairs.explain import PAIRS, PLAYERS, explain_total
from scoring.teams import MatchResult, TableSeating, TeamBoardResult

from ..models import Board, Event, FieldChange, Pair, Result, Round, Seating
from . import charts


def _live(event: Event):
    return Result.objects.filter(event=event).live()


BOARD_RESULT_FIELDS = (
    "board__number",
    "ns__label",
    "ew__label",
    "net_ns",
    "adjusted",
    "weights",
    "round",
    "table",
    "board__fouled",
)


def board_result(row: Mapping[str, Any]) -> BoardResult:
    """One live traveller line (a row of ``.values(*BOARD_RESULT_FIELDS)``) as the scoring
    library's input, for the exports that read more of each row than the comparison.

    See :func:`line_input`, THE place a stored line becomes an input.
    """
    return line_input(
        row["board__number"],
        row["ns__label"],
        row["ew__label"],
        row["net_ns"],
        row["adjusted"],
        row["weights"],
        row["board__fouled"],
        row["round"],
        row["table"],
    )


def line_input(
    board: int,
    ns: str,
    ew: str,
    net_ns: int | None,
    adjusted: str,
    weights: Any,
    fouled: list | None,
    round_no: int,
    table: int,
) -> BoardResult:
    """THE place a stored traveller line becomes the scoring library's input, for pages
    and exports alike.

    A weighted score's parts come from their stored text ("1/3"); a fouled board's
    line is on version 2 when its table is listed on the board (``Board.fouled``).
    """
    adjusted = adjusted or None  # type: ignore[assignment]
    parts = parse_weights(weights) if adjusted == WEIGHTED and weights else None
    version = 2 if fouled and [round_no, table] in fouled else 1
    return BoardResult(board, ns, ew, net_ns, adjusted, parts, version)


def as_board_results(results, rounds: list[int] | None = None) -> list[BoardResult]:
    """Live traveller lines as the scoring library's input (no model instances).

    ``rounds``, when given, is filled with each line's round, in the same order.

    ``results`` is a Result queryset.  The JSON columns (a weighted score's parts, a
    board's fouled tables) are read apart, for the few lines and boards that have
    them: decoding them on every line would be two thirds of a big event's read.
    """
    rows = list(
        results.values_list(
            "board_id", "board__number", "ns__label", "ew__label", "net_ns", "adjusted",
            "round", "table", "pk",
        )
    )  # fmt: skip
    if not rows:
        return []
    fouled = {
        pk: tables
        for pk, tables in Board.objects.filter(pk__in={r[0] for r in rows}).values_list(
            "pk", "fouled"
        )
        if tables
    }
    if rounds is not None:
        rounds[:] = [r[6] for r in rows]
    return _inputs(
        (number, ns, ew, net, adj, rnd, table, pk, fouled.get(board))
        for board, number, ns, ew, net, adj, rnd, table, pk in rows
    )


def _inputs(lines: Iterable[tuple]) -> list[BoardResult]:
    """Lines (board number, NS label, EW label, net, adjusted, round, table, id, the
    board's fouled tables) as the library's input, through :func:`line_input` where a
    line needs it; a weighted score's parts read for those lines alone."""
    lines = list(lines)
    weighted = [line[7] for line in lines if line[4] == WEIGHTED]
    weights = (
        dict(Result.objects.filter(pk__in=weighted).values_list("pk", "weights"))
        if weighted
        else {}
    )
    out: list[BoardResult] = []
    append = out.append
    for number, ns, ew, net, adj, rnd, table, pk, fouled in lines:
        if adj == WEIGHTED or fouled:
            append(line_input(number, ns, ew, net, adj, weights.get(pk), fouled, rnd, table))
        else:  # the common line, as line_input makes it (no parts, version 1)
            append(BoardResult(number, ns, ew, net, adj or None, None, 1))
    return out


def board_results(event: Event, rows: EventRows | None = None) -> list[BoardResult]:
    """Every live traveller line of the event (one query, or none given ``rows``)."""
    if rows is None:
        return as_board_results(_live(event))
    return rows.live_inputs()


class EventRows:
    """Every result row of an event, every version, read once in one query without joins:
    what the standings and the publication rule both need (a 1,000-table standings page
    read the event's 26,000 lines twice).  Labels and board numbers come from the
    event's pairs and boards, read apart (a few thousand rows, not tens of thousands).
    """

    FIELDS = ("board_id", "round", "table", "is_live", "ns_id", "ew_id", "net_ns", "adjusted", "id")

    def __init__(self, event: Event) -> None:
        self.event = event
        # In id order: SQLite then walks the event's index in table order (the planner
        # otherwise took (event, is_live, board), visiting the table at random: twice
        # the time for 26,000 rows; docs/decisions/standings-rows.md).
        self.rows = list(
            Result.objects.filter(event=event).order_by("pk").values_list(*self.FIELDS)
        )
        self.boards = {
            pk: (number, fouled)
            for pk, number, fouled in Board.objects.filter(event=event).values_list(
                "pk", "number", "fouled"
            )
        }

    def live_inputs(self, rounds: list[int] | None = None) -> list[BoardResult]:
        """The live lines as the scoring library's input (as :func:`as_board_results`),
        in no particular order (the standings do not depend on it); ``rounds``, when
        given, is filled with each line's round, in the same order."""
        live = [r for r in self.rows if r[3]]
        if rounds is not None:
            rounds[:] = [r[1] for r in live]
        if not live:
            return []
        label = dict(Pair.objects.filter(event=self.event).values_list("pk", "label"))
        boards = self.boards  # board id: (number, fouled tables)
        return _inputs(
            (boards[b][0], label[ns], label[ew], net, adj, rnd, table, pk, boards[b][1])
            for b, rnd, table, _, ns, ew, net, adj, pk in live
        )

    def versions(self) -> list[tuple[int, int, int, bool]]:
        """(board number, round, table, live) of every version: the publication rule's
        input (:func:`tournament.access.publication`)."""
        return [(self.boards[b][0], rnd, table, live) for b, rnd, table, live, *_ in self.rows]


def pair_names(event: Event) -> dict[str, str]:
    names: dict[str, list[str]] = {}
    rows = Pair.objects.filter(event=event).order_by("player__position")
    for label, name in rows.values_list("label", "player__name"):
        names.setdefault(label, [])
        if name:
            names[label].append(name)
    return {label: " & ".join(n) for label, n in names.items()}


def rounds_text(rounds: Sequence[int]) -> str:
    """Rounds as a reader says them: "round 3", "rounds 1-2", "rounds 1, 4"."""
    rounds = sorted(rounds)
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    if rounds == list(range(rounds[0], rounds[-1] + 1)):
        return f"rounds {rounds[0]}\u2013{rounds[-1]}"
    return "rounds " + ", ".join(map(str, rounds))


def field_marks(event: Event) -> dict[str, str]:
    """Each late or withdrawn pair's mark, naming the rounds it did not play:
    "late: joined in round 2, did not play round 1"; "withdrawn from round 3, did
    not play rounds 3-4".  Wherever pairs are listed (standings, score cards, files,
    the room display) a pair that played fewer rounds says why and which.

    One query when the field never changed; two when it did."""
    changes = list(
        FieldChange.objects.filter(event=event).values_list("pair__label", "kind", "from_round")
    )
    if not changes:
        return {}
    last = Round.objects.filter(event=event).count()
    said: dict[str, list[str]] = {}
    missed: dict[str, set[int]] = {}
    for label, kind, from_round in changes:
        if kind == FieldChange.Kind.LATE:
            rounds = set(range(1, from_round))
            said.setdefault(label, []).append(f"late: joined in round {from_round}")
        else:
            rounds = set(range(from_round, last + 1))
            said.setdefault(label, []).append(f"withdrawn from round {from_round}")
        missed.setdefault(label, set()).update(rounds)
    out = {}
    for label, words in said.items():
        text = ", ".join(words)
        if missed[label]:
            text += f", did not play {rounds_text(sorted(missed[label]))}"
        out[label] = text
    return out


@dataclass
class StandingRow:
    pair: str
    names: str
    direction: str | None
    score: Fraction | int
    exact: str
    display: str
    percent: str
    rank: str
    boards: int
    percent_value: Fraction | None = None  # what matchpoint ranks follow (boards may differ)
    mark: str = ""  # a late or withdrawn pair's mark (field_marks)
    # Factored total points (Event.factoring): the sum as played (exact, and rounded for
    # display), the boards compared (b) and the boards the most pairs played (B).
    as_played_value: Fraction | int | None = None
    as_played: str = ""
    compared: int | None = None
    factor_to: int | None = None
    # An individual's player (docs/laws/duplicate.md, "Individuals"), not a pair.
    individual: bool = False

    @property
    def exact_shown(self) -> str:
        """The exact score as the pages show it, a mixed number: "135 1/2", where
        "271/2" would be read as 27 1/2."""
        return mixed_fraction(self.score)

    @property
    def how(self) -> str:
        """How the total was reached, in words (scoring.pairs.explain.explain_total): read
        when a row is shown, so a page of 50 pays for its 50."""
        return explain_total(
            self.score,
            self.boards,
            self.percent_value,
            self.as_played_value,
            self.compared,
            self.factor_to,
            PLAYERS if self.individual else PAIRS,
        )


def pair_contest(
    event: Event,
    rows: EventRows | None = None,
    results: Sequence[BoardResult] | None = None,
) -> list[StandingRow]:
    """The pair contest's standings, best first within each field.

    ``rows``: the event's result rows, when already read (:class:`EventRows`);
    ``results``: every live line of the event as :func:`board_results` gives them,
    when the caller has read them already (an export reads them once for its
    standings, travellers and charts); neither: read here."""
    if results is None:
        results = board_results(event, rows)
    if not results:
        return []
    names = pair_names(event)
    marks = field_marks(event)
    tables = law_b_tables(event, results)
    return [
        _row(s, names, marks.get(s.pair, ""))
        for s in pair_standings(
            results, event.method, event.adjusted_values, tables=tables, factoring=event.factoring
        )
    ]


def factored_to(rows: Sequence[StandingRow]) -> int | None:
    """B, when the standings are factored (the same for every row); else None."""
    return next((r.factor_to for r in rows if r.factor_to is not None), None)


def exact_adds(rows: Sequence[StandingRow]) -> bool:
    """Whether a standings' exact column says anything its scores do not: some score is
    rounded for display (a Law H total with a fraction, matchpoints in thirds).  When
    none is, the column only repeats the score ("83/2" beside "41.50"), which puzzles
    players; the exports keep it either way."""
    for r in rows:
        try:
            if Fraction(r.display.replace("\u2212", "-")) != r.score:
                return True
        except ValueError:
            return True
    return False


def _row(s: PairStanding, names: dict[str, str], mark: str = "") -> StandingRow:
    return StandingRow(
        pair=s.pair,
        names=names.get(s.pair, ""),
        direction=s.direction,
        score=s.score,
        exact=exact(s.score),
        display=s.display,
        percent=two_decimals(s.percent) if s.percent is not None else "",
        rank=s.rank,
        boards=s.boards,
        percent_value=s.percent,
        mark=mark,
        as_played_value=s.as_played,
        as_played="" if s.as_played is None else str(round_half_away(s.as_played)),
        compared=s.compared,
        factor_to=s.factor_to,
    )


def team_match(event: Event) -> MatchResult | None:
    """Law G for a team match event; None until every table has results on a board."""
    seatings = list(
        Seating.objects.filter(event=event, round=1).select_related("ns__team", "ew__team")
    )
    tables = [TableSeating(s.table, s.ns.team.label, s.ew.team.label) for s in seatings]  # type: ignore[union-attr]
    rows = _live(event).values_list("board__number", "table", "net_ns", "adjusted")
    per_board: dict[int, list[TeamBoardResult]] = {}
    for b, t, net, adj in rows:
        per_board.setdefault(b, []).append(TeamBoardResult(b, t, net, adj or None))
    complete = [r for rs in per_board.values() if len(rs) == len(tables) for r in rs]
    if not complete:
        return None
    return score_team_match(tables, complete)


def team_boards_pending(event: Event) -> list[int]:
    """Boards not yet played at every table (left out of the match score until they are)."""
    tables = Seating.objects.filter(event=event, round=1).count()
    counts: dict[int, int] = {}
    for b in _live(event).values_list("board__number", flat=True):
        counts[b] = counts.get(b, 0) + 1
    boards = Board.objects.filter(event=event).values_list("number", flat=True)
    return [b for b in boards if counts.get(b, 0) < tables]


def compare(
    event: Event, inputs: Sequence[BoardResult], *, expected: int | None = None
) -> list[BoardLine]:
    """The event's lines compared by its method and settings (:func:`scoring.compare_boards`).

    The one place the app compares lines: a board with a Law B artificial score is
    checked against the tables its movement plays it at, not the lines entered so
    far (a 4-table board with one real score and the artificial one so far is not a
    "two-table contest"), and its artificial lines wait for the first real score;
    the schedule is read only when some line is artificial.
    """
    if not inputs:
        return []
    return compare_boards(
        inputs,
        event.method,
        event.adjusted_values,
        expected=expected,
        tables=law_b_tables(event, inputs),
    )


def law_b_tables(event: Event, inputs: Iterable[BoardResult]) -> dict[int, int]:
    """How many tables play each board that has a Law B artificial score (none: no query)."""
    boards = {r.board for r in inputs if r.adjusted in ADJUSTMENTS}
    return Seating.objects.tables_per_board(event, boards) if boards else {}


def expected_plays(event: Event) -> int:
    """The most live results any board of the event has: the number of times a board is
    compared against (Neuberg's expected).  A board played fewer times (a table absent)
    has its matchpoints factored up to that top, on its traveller as in the standings."""
    live = _live(event)
    return (
        live.values("board_id").annotate(n=Count("id")).order_by("-n").values_list("n", flat=True)
    ).first() or 0


def standings_chart(rows: list[StandingRow], event: Event) -> charts.Boards | None:
    """The final scores by place, one field: Law H points against 0, or the
    percentage against 50%; the same figures as the standings table."""
    if event.by_matchpoints:
        values: list[tuple[int | str, Fraction | int]] = [
            (r.pair, r.percent_value) for r in rows if r.percent_value is not None
        ]
        return charts.boards(values, percent=True)
    return charts.boards([(r.pair, r.score) for r in rows], percent=False)


def team_margin_chart(event: Event, match: MatchResult) -> charts.Margin | None:
    """A team match's running margin (team A less team B) over the boards played at every
    table, in board order, then the match total with Law G's average added: the margin
    of the teams' rounded totals, the very figures of the Law G table (the exact
    fraction only when it decides a tie of the rounded totals, as the page says)."""
    rows = list(_live(event).values(*BOARD_RESULT_FIELDS))
    inputs = [board_result(r) for r in rows]
    lines = compare(event, inputs)
    teams = dict(Pair.objects.filter(event=event).values_list("label", "team__label"))
    tables = Seating.objects.filter(event=event, round=1).count()
    per_board: dict[int, list[Fraction]] = {}
    for line in lines:
        if line.net_ns is None:
            continue
        sign = 1 if teams.get(line.result.ns) == "A" else -1
        per_board.setdefault(line.result.board, []).append(sign * Fraction(line.net_ns))
    boards = sorted(b for b, v in per_board.items() if len(v) == tables)
    running: list[Fraction | int] = []
    total = Fraction(0)
    for b in boards:
        # What team A scores on a board, team B scores less: the margin moves by twice it.
        total += 2 * sum(per_board[b], Fraction(0))
        running.append(int(total) if total.denominator == 1 else total)
    team_a, team_b = match.teams["A"], match.teams["B"]
    fraction = team_a.score - team_b.score if team_a.rounded == team_b.rounded else None
    final = not team_boards_pending(event)  # else the total is the margin so far
    return charts.margin(boards, running, team_a.rounded - team_b.rounded, fraction, final=final)
