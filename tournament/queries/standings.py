"""Standings, travellers and score cards, recomputed from the live results.

Nothing here is stored: every figure comes from :mod:`scoring` run on the
results as they are now, in a constant number of queries however large the
event (one for the results, one or two for names).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from django.db import connection
from django.db.models import Count

from scoring import BoardResult, charts, compare_boards, pair_standings, score_team_match
from scoring.adjusted import WEIGHTED, is_director_adjustment, parse_awards, parse_weights
from scoring.fractions_fmt import exact, round_half_away, two_decimals
from scoring.irregular import ADJUSTMENTS
from scoring.pairs import BoardLine, BoardSummary, PairStanding, compare_line
from scoring.teams import MatchResult, TableSeating, TeamBoardResult

from . import pagecache
from .models import Board, Event, Pair, Result, Ruling, Seating


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
    them: decoding them on every line was two thirds of a 26,000-line read (issue 18).
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
    new = tuple.__new__  # a named tuple made from its whole tuple, in C (26,000 a view)
    for number, ns, ew, net, adj, rnd, table, pk, fouled in lines:
        if adj == WEIGHTED or fouled:
            append(line_input(number, ns, ew, net, adj, weights.get(pk), fouled, rnd, table))
        else:  # the common line, as line_input makes it (no parts, version 1)
            append(new(BoardResult, (number, ns, ew, net, adj or None, None, 1)))
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

    FIELDS = ("board_id", "round", "table", "is_live", "ns_id", "ew_id", "net_ns", "adjusted", "pk")

    def __init__(self, event: Event) -> None:
        self.event = event
        # In id order: SQLite then walks the event's index in table order (the planner
        # otherwise took (event, is_live, board), visiting the table at random: twice
        # the time for 26,000 rows).
        # Straight from the cursor: the only converter Django would apply is SQLite's
        # 0/1 to a bool for is_live, which is only ever tested for truth here (a
        # sixth of the read's time at 26,000 rows).
        query = Result.objects.filter(event=event).order_by("pk").values_list(*self.FIELDS)
        sql, params = query.query.sql_with_params()
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            self.rows = cursor.fetchall()
        self.boards = {
            pk: (number, fouled)
            for pk, number, fouled in Board.objects.filter(event=event).values_list(
                "pk", "number", "fouled"
            )
        }

    def live_inputs(self) -> list[BoardResult]:
        """The live lines as the scoring library's input (as :func:`as_board_results`),
        in no particular order (the standings do not depend on it)."""
        live = [r for r in self.rows if r[3]]
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
    tables = law_b_tables(event, results)
    return [
        _row(s, names)
        for s in pair_standings(results, event.method, event.adjusted_values, tables=tables)
    ]


def exact_adds(rows: Sequence[StandingRow]) -> bool:
    """Whether a standings' exact column says anything its scores do not: some score is
    rounded for display (a Law H total with a fraction, matchpoints in thirds).  When
    none is, the column only repeats the score ("83/2" beside "41.50"), which puzzled
    players (a new user's trial); the exports keep it either way."""
    for r in rows:
        try:
            if Fraction(r.display.replace("\u2212", "-")) != r.score:
                return True
        except ValueError:
            return True
    return False


def _row(s: PairStanding, names: dict[str, str]) -> StandingRow:
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


@dataclass
class TravellerLine:
    result: Result
    line: BoardLine | None
    # A team match (Law G): this line's net to each team, in the order of ``team_labels``.
    team_points: tuple[str, ...] = ()
    # An artificial (Law B) line: which real score it took, e.g. "the lowest NS score
    # on the board, -114 at table 2 (Duplicate Law B(3))".
    basis: str = ""
    # The director's rulings on this table's auction (issue 16), in words with their law.
    rulings: tuple[str, ...] = ()

    @property
    def director_adjusted(self) -> bool:
        """The director's adjusted score (not played, average-plus/minus, weighted)."""
        return is_director_adjustment(self.result.adjusted or None)

    @property
    def version(self) -> int:
        """Which version of a fouled board this table played (1 unless fouled)."""
        return self.line.result.version if self.line else 1

    @property
    def net(self) -> str:
        """The net score compared, rounded for display (a weighted or Law B average
        score may be a fraction; the exact value is in the exports)."""
        return _fmt(self.line.net_ns, None) if self.line else ""

    @property
    def ns_score(self) -> str:
        return _fmt(self.line.ns_score, self.line.top) if self.line else ""

    @property
    def ew_score(self) -> str:
        return _fmt(self.line.ew_score, self.line.top) if self.line else ""


def _fmt(x: Fraction | int | None, top: int | None) -> str:
    if x is None:  # a line not played earns nothing
        return ""
    if top is not None:
        return two_decimals(x)
    return str(round_half_away(x)) if Fraction(x).denominator != 1 else str(x)


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


def traveller(event: Event, board: Board) -> list[TravellerLine]:
    """Every live result of a board with its comparison (Law H or matchpoints).

    In a team match a line is not compared with an average: its net score goes to
    the team sitting North-South and against the team sitting East-West (Law G),
    so each line carries its points to each team instead.
    """
    on_board = _live(event).filter(board=board).order_by("round", "table")
    results = list(on_board.select_related("ns", "ew", "board"))
    inputs = as_board_results(on_board)
    # The event's top, not this board's alone: a board that a table missed is factored
    # up to it (Neuberg), as the standings and the score cards count it.
    expected = expected_plays(event) if inputs and event.method != "total" else None
    lines: list[BoardLine | None] = list(compare(event, inputs, expected=expected))
    basis = _artificial_basis(results)
    ruled = _rulings_of(board)
    if not event.is_team_match:
        return [
            TravellerLine(r, line, basis=basis.get(r.pk, ""), rulings=ruled.get(r.seating_id, ()))
            for r, line in zip(results, lines, strict=True)
        ]
    labels = team_labels(event)
    teams = dict(Pair.objects.filter(event=event).values_list("label", "team__label"))
    out = []
    for r, line in zip(results, lines, strict=True):
        net = line.net_ns if line else r.net_ns
        points = {teams[r.ns.label]: net, teams[r.ew.label]: -net} if net is not None else {}
        team_points = tuple(_signed(points.get(t)) for t in labels)
        out.append(
            TravellerLine(r, line, team_points, basis.get(r.pk, ""), ruled.get(r.seating_id, ()))
        )
    return out


def adjusted_notes(event: Event, board: Board, lines: list[TravellerLine]) -> list[str]:
    """What a reader of the traveller needs to know of its adjusted scores: a fouled
    board's versions and the values of average-plus and average-minus, in words."""
    notes = []
    if board.fouled:
        where = ", ".join(f"round {r} table {t}" for r, t in board.fouled)
        factored = ", each factored up to the board's full top" if event.by_matchpoints else ""
        notes.append(
            f"A fouled board: {where} played a second version; each version's lines are "
            f"compared only with each other{factored}."
        )
    kinds = {tl.result.adjusted for tl in lines if tl.director_adjusted}
    if "not-played" in kinds:
        notes.append(
            "A board not played at a table is compared like an absent table: its pairs "
            "score nothing on it"
            + (
                ", and the others' matchpoints are factored up (Neuberg)."
                if event.by_matchpoints
                else "."
            )
        )
    if any(parse_awards(k) for k in kinds):
        notes.append(
            f"Adjusted scores in this event: {event.adjusted_values.describe(event.method)}; "
            "they take no part in the others' comparison."
        )
    return notes


def _rulings_of(board: Board) -> dict[int, tuple[str, ...]]:
    """The rulings on a board's auctions, by table-round: "S: A double of partner's
    declaration: 50 points ... (Law 54)"."""
    out: dict[int, list[str]] = {}
    for seating, offender, summary, law in Ruling.objects.filter(board=board).values_list(
        "seating", "offender", "summary", "law"
    ):
        out.setdefault(seating, []).append(f"{offender}: {summary} ({law})")
    return {k: tuple(v) for k, v in out.items()}


def _artificial_basis(results: list[Result]) -> dict[int, str]:
    """For each artificial line, the real score it was taken from (Duplicate Law B(3))."""
    real = [(r.net_ns, r.table) for r in results if not r.adjusted and r.net_ns is not None]
    out: dict[int, str] = {}
    for r in results:
        if not r.adjusted or not real:
            continue
        if r.adjusted == "average":
            n = len(real)
            out[r.pk] = f"the average of the {n} real score{'s' if n > 1 else ''} on the board"
            continue
        lowest_ns = r.adjusted == "ns-lowest"
        net = min(n for n, _ in real) if lowest_ns else max(n for n, _ in real)
        tables = ", ".join(str(t) for n, t in real if n == net)
        side = "North-South" if lowest_ns else "East-West"
        out[r.pk] = f"{side}'s lowest score on the board: {net:+d} to NS, as at table {tables}"
    return out


def team_labels(event: Event) -> list[str]:
    """The match's team labels in order ("A", "B")."""
    return sorted(event.team_set.values_list("label", flat=True))


def team_board_totals(lines: list[TravellerLine], event: Event) -> tuple[str, ...]:
    """A board's points to each team (Law G: the sum of its pairs' nets), when every
    table has played it; empty while the board is still being played."""
    tables = Seating.objects.filter(event=event, round=1).count()
    if not lines or len(lines) < tables:
        return ()
    labels = team_labels(event)
    teams = dict(Pair.objects.filter(event=event).values_list("label", "team__label"))
    total = dict.fromkeys(labels, Fraction(0))
    for tl in lines:
        net = tl.line.net_ns if tl.line else tl.result.net_ns
        if net is None:  # a line that counts for nothing (never once every table has played)
            continue
        total[teams[tl.result.ns.label]] += net
        total[teams[tl.result.ew.label]] -= net
    return tuple(_signed(total[t]) for t in labels)


def team_columns(event: Event, lines: list[TravellerLine]) -> dict[str, Any]:
    """The traveller table's team columns (``teams``, ``team_totals``); none in a pair contest."""
    if not event.is_team_match:
        return {}
    return {
        "teams": list(event.team_set.order_by("label")),
        "team_totals": team_board_totals(lines, event),
    }


def _signed(x: Fraction | int | None) -> str:
    """A team's points on a board, signed, rounded half away from zero for display."""
    if x is None:
        return ""
    shown = round_half_away(x) if Fraction(x).denominator != 1 else int(x)
    return f"+{shown}" if shown > 0 else str(shown)


def score_card(event: Event, pair: Pair) -> list[dict[str, Any]]:
    """A pair's personal score card: every board it played, from its own side.

    Its cost is the pair's own boards, not the event's (issue 18): each line is
    compared from its board's summary (:func:`pair_lines`); a team match (two
    teams) still reads every table, for what each board gave the pair's team.
    """
    # North-South and East-West apart: each reads its own index (an OR of the two read
    # the whole event's lines).
    mine = _live(event).select_related("board", "ns", "ew")
    results = sorted(
        [*mine.filter(ns=pair), *mine.filter(ew=pair)], key=lambda r: (r.round, r.board.number)
    )
    lines: list[BoardLine] = []
    if event.is_team_match:
        all_results = board_results(event)
        lines = compare(event, all_results)
        by_board = {c.result.board: c for c in lines if pair.label in (c.result.ns, c.result.ew)}
    else:
        by_board = pair_lines(event, pair, results)
    # A team match: what each board gave this pair's team over every table (Law G).
    to_team: dict[int, Fraction] = {}
    if event.is_team_match and pair.team_id is not None:
        teams = dict(Pair.objects.filter(event=event).values_list("label", "team_id"))
        tables = Seating.objects.filter(event=event, round=1).count()
        count: dict[int, int] = {}
        for compared in lines:
            r = compared.result
            if compared.net_ns is None:
                continue
            sign = 1 if teams[r.ns] == pair.team_id else -1
            to_team[r.board] = to_team.get(r.board, Fraction(0)) + sign * compared.net_ns
            count[r.board] = count.get(r.board, 0) + 1
        to_team = {b: v for b, v in to_team.items() if count[b] == tables}
    rows = []
    for r in results:
        line = by_board.get(r.board.number)
        ns_side = r.ns_id == pair.pk
        mine = (line.ns_score if ns_side else line.ew_score) if line else None
        rows.append(
            {
                "round": r.round,
                "table": r.table,
                "board": r.board.number,
                "direction": "NS" if ns_side else "EW",
                "opponents": (r.ew if ns_side else r.ns).label,
                "result": r,
                "line": line,
                "net": (r.net_ns if ns_side else -r.net_ns) if r.net_ns is not None else None,
                "score": _fmt(mine, line.top) if line is not None and mine is not None else "",
                "to_team": _signed(to_team.get(r.board.number)),
            }
        )
    return rows


def pair_lines(event: Event, pair: Pair, results: list[Result]) -> dict[int, BoardLine]:
    """The comparison of each of a pair's lines (``results``, live), by board number.

    Three queries whose answers are the size of the pair's boards' *distinct scores*,
    not of their lines: how many lines each board has at each real score, and at each
    kind of adjusted score (both counted by the database), and the most lines any
    board has (Neuberg's expected).  From them each board's summary, then
    :func:`scoring.pairs.compare_line`: what the traveller gives the line.

    A board the summary cannot settle (a fouled board's versions, the director's
    adjusted scores) is compared whole, as the traveller compares it.
    """
    if not results:
        return {}
    expected = expected_plays(event)
    mine = {r.board_id: r for r in results}
    # By board alone (the boards are the event's): the database counts from its index
    # of each board's scores (Result.Meta.indexes) instead of reading the event's lines.
    on_boards = Result.objects.filter(board_id__in=mine).live().order_by()
    scores: dict[int, dict[int, int]] = {}
    for board_id, net, n in (
        on_boards.filter(adjusted="").values_list("board_id", "net_ns").annotate(n=Count("id"))
    ):
        scores.setdefault(board_id, {})[net] = n
    adjusted: dict[int, dict[str, int]] = {}
    for board_id, kind, n in (
        on_boards.exclude(adjusted="").values_list("board_id", "adjusted").annotate(n=Count("id"))
    ):
        adjusted.setdefault(board_id, {})[kind] = n
    special = {b for b, r in mine.items() if r.board.fouled} | {
        b for b, kinds in adjusted.items() if set(kinds) - set(ADJUSTMENTS)
    }
    out: dict[int, BoardLine] = {}
    if special:
        whole = as_board_results(_live(event).filter(board_id__in=special))
        for c in compare(event, whole, expected=expected):
            if pair.label in (c.result.ns, c.result.ew):
                out[c.result.board] = c
    for b, r in mine.items():
        if b in special:
            continue
        at = scores.get(b, {})
        law_b = adjusted.get(b, {})
        values = sorted(at)
        lowest, highest = (values[0], values[-1]) if values else (0, 0)
        summary = BoardSummary(
            lines=sum(at.values()) + sum(law_b.values()),
            real=sum(at.values()),
            total=sum(v * n for v, n in at.items()),
            lowest=lowest,
            lowest_count=at.get(lowest, 0),
            highest=highest,
            highest_count=at.get(highest, 0),
            below=sum(n for v, n in at.items() if r.net_ns is not None and v < r.net_ns),
            equal=at.get(r.net_ns, 0) if not r.adjusted else 0,  # type: ignore[arg-type]
        )
        line = line_input(
            r.board.number,
            r.ns.label,
            r.ew.label,
            r.net_ns,
            r.adjusted,
            None,
            None,
            r.round,
            r.table,
        )
        tables = Seating.objects.playing(event, r.board.number).count() if law_b else None
        out[r.board.number] = compare_line(line, summary, event.method, expected, law_b, tables)
    return out


def score_card_charts(
    event: Event,
    pair: Pair,
    shown: set[int],
    rows: list[dict[str, Any]] | None = None,
    stamp: str = "",
) -> dict[str, Any]:
    """The score card's two charts (issue 19): the pair's running score round by round
    beside the best of its field at each round, and each board against the average
    (total points) or 50% (matchpoints).  Only the boards in ``shown`` (what this viewer
    may see of the event) count, for the pair and the field alike.

    ``rows``: the pair's score card (:func:`score_card`), its own lines.  The field's
    best running score needs the whole event compared: that is kept under the event's
    ``stamp`` (:mod:`tournament.pagecache`), so only the first card after a change
    pays for it.
    """
    if event.is_team_match:
        return {}
    if rows is None:
        rows = score_card(event, pair)
    percent = event.by_matchpoints
    own: list[tuple[int, int, Fraction | int]] = []  # (round, board, against the average)
    per_round: dict[int, list[Fraction]] = {}
    side = "NS"
    for row in rows:
        line = row["line"]
        if row["board"] not in shown or line is None or line.ns_score is None:
            continue
        side = row["direction"]
        score = line.ns_score if side == "NS" else line.ew_score
        top = line.top or 0
        acc = per_round.setdefault(row["round"], [Fraction(0), Fraction(0)])
        acc[0] += Fraction(score or 0)
        acc[1] += top
        value = Fraction(score or 0) * 100 / top if percent and top else score or 0
        own.append((row["round"], row["board"], value))
    rounds = sorted(per_round)
    mine: list[Fraction | int] = []
    score_sum, top_sum = Fraction(0), Fraction(0)
    for r in rounds:
        score_sum += per_round[r][0]
        top_sum += per_round[r][1]
        mine.append(
            (score_sum * 100 / top_sum if top_sum else Fraction(0)) if percent else score_sum
        )
    variant = ",".join(map(str, sorted(shown)))
    best_of = pagecache.cached(
        "running-best",
        event,
        stamp or pagecache.event_stamp(event),
        variant,
        lambda: running_best(event, shown),
    )
    field = best_of["one field"] if best_of["one field"] is not None else best_of[side]
    best = [field.get(r, Fraction(0)) for r in rounds]
    own.sort()
    return {
        "running_chart": charts.running(rounds, mine, best, percent=percent),
        "boards_chart": charts.boards([(b, v) for _, b, v in own], percent=percent),
    }


def running_best(event: Event, shown: set[int]) -> dict[str, Any]:
    """Each field's best running score after each round, on the boards in ``shown``: a
    score card's running chart draws its pair beside it.  ``"one field"``: the whole
    field's, when pairs play both directions (a Howell), else None and ``"NS"`` and
    ``"EW"`` each direction's.

    Exact, in integers: every score times the lines' common denominator, and a
    percentage compared by cross-multiplying; one Fraction a round at the end (a
    Fraction a line was a second at 1,000 tables).
    """
    round_of: list[int] = []
    inputs = as_board_results(_live(event), round_of)
    lines = compare(event, inputs)
    percent = event.by_matchpoints
    ns_pairs = {line.result.ns for line in lines}
    ew_pairs = {line.result.ew for line in lines}
    counted = [
        (rnd, line)
        for rnd, line in zip(round_of, lines, strict=True)
        if line.result.board in shown and line.ns_score is not None
    ]
    scale = (
        lcm(*(Fraction(line.ns_score or 0).denominator for _, line in counted)) if counted else 1
    )
    per: dict[str, dict[int, list[int]]] = {}
    for rnd, line in counted:
        top = line.top or 0
        for label, score in ((line.result.ns, line.ns_score), (line.result.ew, line.ew_score)):
            scaled = (
                score * scale
                if type(score) is int
                else score.numerator * (scale // score.denominator)  # type: ignore[union-attr]
            )
            acc = per.setdefault(label, {}).setdefault(rnd, [0, 0])
            acc[0] += scaled
            acc[1] += top
    all_rounds = sorted({r for rounds in per.values() for r in rounds})

    def best_of(field: set[str]) -> dict[int, Fraction]:
        best: dict[int, tuple[int, int]] = {}  # round: (scaled score, top) of the best
        for label in field:
            score = top = 0
            got = False
            rounds = per.get(label, {})
            for r in all_rounds:
                if r in rounds:
                    score += rounds[r][0]
                    top += rounds[r][1]
                    got = True
                if not got or (percent and not top):
                    continue
                held = best.get(r)
                if percent:
                    better = held is None or score * held[1] > held[0] * top
                else:
                    better = held is None or score > held[0]
                if better:
                    best[r] = (score, top)
        return {
            r: Fraction(s * 100, t * scale) if percent else Fraction(s, scale)
            for r, (s, t) in best.items()
        }

    if ns_pairs & ew_pairs:
        return {"one field": best_of(ns_pairs | ew_pairs)}
    return {"one field": None, "NS": best_of(ns_pairs), "EW": best_of(ew_pairs)}


def standings_chart(rows: list[StandingRow], event: Event) -> charts.Boards | None:
    """The final scores by place, one field (issue 19): Law H points against 0, or the
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
