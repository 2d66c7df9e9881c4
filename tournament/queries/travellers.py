"""A board's traveller: every live line of a board with its comparison, the
notes its adjusted scores need, and in a team match each line's points to each
team (Law G).

Beside the standings on the read side: recomputed from the live results by
:mod:`scoring` through :func:`tournament.queries.standings.compare` (the one
place the app compares lines), stored nowhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.adjusted import NOT_PLAYED, is_director_adjustment, parse_awards
from scoring.fractions_fmt import round_half_away, two_decimals
from scoring.individual_explain import explain_individual_board
from scoring.individuals import IndividualLine
from scoring.movements.partnerships import as_individual, partners
from scoring.pairs import BoardLine, Explanation, explain_board
from scoring.pairs.explain import one_decimal

from ..choices import Adjusted, Method
from ..models import Board, Event, Pair, Result, Ruling, Seating
from .individuals import names_of
from .standings import as_board_results, compare, expected_plays


@dataclass
class TravellerLine:
    result: Result
    line: BoardLine | None
    # A team match (Law G): this line's net to each team, in the order of ``team_labels``.
    team_points: tuple[str, ...] = ()
    # An artificial (Law B) line: which real score it took, e.g. "the lowest NS score
    # on the board, -114 at table 2 (Duplicate Law B(3))".
    basis: str = ""
    # The director's rulings on this table's auction, in words with their law.
    rulings: tuple[str, ...] = ()
    # How the line's comparison was reached, in words with its law
    # (scoring.pairs.explain_board; Law G's points to each team in a team match).
    how: str = ""
    # An individual: the North-South and East-West players, each "N 3 Jane Alden"
    # (scoring.movements.partnerships: a partnership's label names its two players).
    players: tuple[tuple[tuple[str, str, str], ...], ...] = ()

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
        return score_text(self.line.net_ns, None) if self.line else ""

    @property
    def ns_score(self) -> str:
        return score_text(self.line.ns_score, self.line.top) if self.line else ""

    @property
    def ew_score(self) -> str:
        return score_text(self.line.ew_score, self.line.top) if self.line else ""


def score_text(x: Fraction | int | None, top: int | None) -> str:
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
    on_board = Result.objects.filter(event=event, board=board).live().order_by("round", "table")
    results = list(on_board.select_related("ns", "ew", "board"))
    inputs = as_board_results(on_board)
    # The event's top, not this board's alone: a board that a table missed is factored
    # up to it (Neuberg), as the standings and the score cards count it.
    expected = expected_plays(event) if inputs and event.method != Method.TOTAL else None
    lines: list[BoardLine | None] = list(compare(event, inputs, expected=expected))
    basis = _artificial_basis(results)
    ruled = _rulings_of(board)
    if not event.is_team_match:
        explained = explain_lines(event, lines) if lines else []  # type: ignore[arg-type]
        seated = _players_of(event, results) if event.is_individual else {}
        return [
            TravellerLine(
                r,
                line,
                basis=basis.get(r.pk, ""),
                rulings=ruled.get(r.seating_id, ()),
                how=e.sentence,
                players=seated.get(r.pk, ()),
            )
            for r, line, e in zip(results, lines, explained, strict=True)
        ]
    labels = team_labels(event)
    teams = dict(Pair.objects.filter(event=event).values_list("label", "team__label"))
    out = []
    for r, line in zip(results, lines, strict=True):
        net = line.net_ns if line else r.net_ns
        points = {teams[r.ns.label]: net, teams[r.ew.label]: -net} if net is not None else {}
        team_points = tuple(signed_points(points.get(t)) for t in labels)
        how = (
            f"Net {one_decimal(net)} to North-South: to team {teams[r.ns.label]}, and "
            f"against team {teams[r.ew.label]}, whose pair sat East-West (Law G)."
            if net is not None
            else ""
        )
        out.append(
            TravellerLine(
                r, line, team_points, basis.get(r.pk, ""), ruled.get(r.seating_id, ()), how
            )
        )
    return out


def explain_lines(event: Event, lines: list[BoardLine]) -> list[Explanation]:
    """A board's lines explained (:func:`scoring.pairs.explain_board`); an individual's
    for its players, each partnership's line read as its four players' and what it
    gives each of them said (:func:`scoring.individual_explain.explain_individual_board`)."""
    if not event.is_individual:
        return explain_board(lines, event.adjusted_values)
    seated = [
        IndividualLine(
            as_individual(line.result), line.net_ns, line.ns_score, line.ew_score, line.top
        )
        for line in lines
    ]
    return explain_individual_board(seated, event.adjusted_values)


def _players_of(
    event: Event, results: list[Result]
) -> dict[int, tuple[tuple[tuple[str, str, str], ...], ...]]:
    """An individual's lines' players by result: ((N, S), (E, W)), each (seat, label,
    name), read off the partnerships' labels."""
    names = names_of(event)
    out: dict[int, tuple[tuple[tuple[str, str, str], ...], ...]] = {}
    for r in results:
        n, s = partners(r.ns.label)
        e, w = partners(r.ew.label)
        out[r.pk] = (
            (("N", n, names.get(n, "")), ("S", s, names.get(s, ""))),
            (("E", e, names.get(e, "")), ("W", w, names.get(w, ""))),
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
    if NOT_PLAYED in kinds:
        notes.append(
            "A board not played at a table is compared like an absent table: its "
            f"{'four players' if event.is_individual else 'pairs'} score nothing on it"
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
        if r.adjusted == Adjusted.AVERAGE:
            n = len(real)
            out[r.pk] = f"the average of the {n} real score{'s' if n > 1 else ''} on the board"
            continue
        lowest_ns = r.adjusted == Adjusted.NS_LOWEST
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
    return tuple(signed_points(total[t]) for t in labels)


def team_columns(event: Event, lines: list[TravellerLine]) -> dict[str, Any]:
    """The traveller table's team columns (``teams``, ``team_totals``); none in a pair contest."""
    if not event.is_team_match:
        return {}
    return {
        "teams": list(event.team_set.order_by("label")),
        "team_totals": team_board_totals(lines, event),
    }


def signed_points(x: Fraction | int | None) -> str:
    """A team's points on a board, signed, rounded half away from zero for display."""
    if x is None:
        return ""
    shown = round_half_away(x) if Fraction(x).denominator != 1 else int(x)
    return f"+{shown}" if shown > 0 else str(shown)
