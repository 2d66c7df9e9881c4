"""Standings, travellers and score cards, recomputed from the live results.

Nothing here is stored: every figure comes from :mod:`scoring` run on the
results as they are now, in a constant number of queries however large the
event (one for the results, one or two for names).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Q

from scoring import BoardResult, charts, compare_boards, pair_standings, score_team_match
from scoring.adjusted import WEIGHTED, is_director_adjustment, parse_awards, parse_weights
from scoring.fractions_fmt import exact, round_half_away, two_decimals
from scoring.pairs import BoardLine, PairStanding
from scoring.teams import MatchResult, TableSeating, TeamBoardResult

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
    library's input: THE place rows become inputs, for pages and exports alike.

    A weighted score's parts come from their stored text ("1/3"); a fouled board's
    line is on version 2 when its table is listed on the board (``Board.fouled``).
    """
    adjusted = row["adjusted"] or None
    weights = parse_weights(row["weights"]) if adjusted == WEIGHTED and row["weights"] else None
    fouled = row["board__fouled"]
    version = 2 if fouled and [row["round"], row["table"]] in fouled else 1
    return BoardResult(
        row["board__number"],
        row["ns__label"],
        row["ew__label"],
        row["net_ns"],
        adjusted,
        weights,
        version,
    )


def as_board_results(results) -> list[BoardResult]:
    """Live traveller lines as the scoring library's input (one query, no model instances).

    ``results`` is a Result queryset.
    """
    return [board_result(row) for row in results.values(*BOARD_RESULT_FIELDS)]


def board_results(event: Event) -> list[BoardResult]:
    """Every live traveller line of the event (one query)."""
    return as_board_results(_live(event))


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


def pair_contest(event: Event) -> list[StandingRow]:
    results = board_results(event)
    if not results:
        return []
    names = pair_names(event)
    rows = []
    for s in pair_standings(results, event.method, event.adjusted_values):
        rows.append(_row(s, names))
    return rows


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


def traveller(event: Event, board: Board) -> list[TravellerLine]:
    """Every live result of a board with its comparison (Law H or matchpoints).

    In a team match a line is not compared with an average: its net score goes to
    the team sitting North-South and against the team sitting East-West (Law G),
    so each line carries its points to each team instead.
    """
    on_board = _live(event).filter(board=board).order_by("round", "table")
    results = list(on_board.select_related("ns", "ew", "board"))
    inputs = as_board_results(on_board)
    lines: list[BoardLine | None] = (
        list(compare_boards(inputs, event.method, event.adjusted_values)) if inputs else []
    )
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
    """A pair's personal score card: every board it played, from its own side."""
    results = list(
        _live(event)
        .filter(Q(ns=pair) | Q(ew=pair))
        .select_related("board", "ns", "ew")
        .order_by("round", "board__number")
    )
    by_board = {}
    all_results = board_results(event)
    lines = compare_boards(all_results, event.method, event.adjusted_values) if all_results else []
    for compared in lines:
        r = compared.result
        if pair.label in (r.ns, r.ew):
            by_board[r.board] = compared
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
                "net": (r.net_ns if ns_side else -r.net_ns) if r.net_ns is not None else None,
                "score": _fmt(mine, line.top) if line is not None and mine is not None else "",
                "to_team": _signed(to_team.get(r.board.number)),
            }
        )
    return rows


def score_card_charts(event: Event, pair: Pair, shown: set[int]) -> dict[str, Any]:
    """The score card's two charts (issue 19): the pair's running score round by round
    beside the best of its field at each round, and each board against the average
    (total points) or 50% (matchpoints).  Only the boards in ``shown`` (what this viewer
    may see of the event) count, for the pair and the field alike."""
    if event.is_team_match:
        return {}
    rows = list(_live(event).values(*BOARD_RESULT_FIELDS))
    inputs = [board_result(r) for r in rows]
    lines = compare_boards(inputs, event.method, event.adjusted_values) if inputs else []
    percent = event.by_matchpoints
    ns_pairs = {line.result.ns for line in lines}
    ew_pairs = {line.result.ew for line in lines}
    one_field = bool(ns_pairs & ew_pairs)
    mine_side = "NS" if pair.label in ns_pairs else "EW"
    field = (ns_pairs | ew_pairs) if one_field else (ns_pairs if mine_side == "NS" else ew_pairs)
    # Per pair, per round: (score, top) on the shown boards.
    per: dict[str, dict[int, list[Fraction]]] = {}
    own: list[tuple[int, int, Fraction | int]] = []  # (round, board, against the average)
    for row, line in zip(rows, lines, strict=True):
        if row["board__number"] not in shown or line.ns_score is None:
            continue
        top = line.top or 0
        for label, score in ((line.result.ns, line.ns_score), (line.result.ew, line.ew_score)):
            acc = per.setdefault(label, {}).setdefault(row["round"], [Fraction(0), Fraction(0)])
            acc[0] += Fraction(score or 0)
            acc[1] += top
            if label == pair.label:
                value = Fraction(score or 0) * 100 / top if percent and top else score or 0
                own.append((row["round"], row["board__number"], value))
    rounds = sorted({r for r, _, _ in own})

    def upto(label: str, r: int) -> Fraction | None:
        got = [v for rnd, v in per.get(label, {}).items() if rnd <= r]
        score = sum((v[0] for v in got), Fraction(0))
        top = sum((v[1] for v in got), Fraction(0))
        if percent:
            return score * 100 / top if top else None
        return score if got else None

    mine = [upto(pair.label, r) for r in rounds]
    best: list[Fraction | int] = []
    for r in rounds:
        others = [v for p in field if (v := upto(p, r)) is not None]
        best.append(max(others) if others else Fraction(0))
    own.sort()
    return {
        "running_chart": charts.running(
            rounds, [m or Fraction(0) for m in mine], best, percent=percent
        ),
        "boards_chart": charts.boards([(b, v) for _, b, v in own], percent=percent),
    }


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
    table, in board order, then the match total with Law G's average added."""
    rows = list(_live(event).values(*BOARD_RESULT_FIELDS))
    inputs = [board_result(r) for r in rows]
    lines = compare_boards(inputs, event.method, event.adjusted_values) if inputs else []
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
    final = match.teams["A"].score - match.teams["B"].score
    return charts.margin(boards, running, final)
