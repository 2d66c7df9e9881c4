"""A pair's personal score card and its two charts: every board the pair played,
compared from its own side, and its running score beside the best of its field.

Apart from the event's standings because its cost is the pair's own boards, not
the event's (:func:`pair_lines` compares each line from its board's summary).
What costs the whole event is kept by the page cache under the event's stamp:
every board's lines counted by score (:func:`board_counts`, from which each
summary is made) and the field's best running score; a card read with the stamp
then reads only its pair's own lines.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from django.db.models import Count, Q

from scoring.irregular import ADJUSTMENTS
from scoring.movements import Movement, MovementError
from scoring.pairs import BoardLine, BoardSummary, compare_line
from scoring.pairs.evening import BoardEvening, board_evening, evening_summary
from scoring.pairs.explain import PAIRS, PLAYERS

from ..choices import Direction
from ..models import Board, Event, FieldChange, Pair, Result, Round, Seating
from . import charts, hand_records, pagecache
from .movements import planned_for
from .standings import (
    EventRows,
    as_board_results,
    board_results,
    compare,
    expected_plays,
    line_input,
)
from .travellers import score_text, signed_points


def score_card(event: Event, pair: Pair, stamp: str = "") -> list[dict[str, Any]]:
    """A pair's personal score card: every board it played, from its own side.

    Its cost is the pair's own boards, not the event's: each line is
    compared from its board's summary (:func:`pair_lines`), made from the boards'
    counts kept under the event's ``stamp`` when one is given; a team match (two
    teams) still reads every table, for what each board gave the pair's team.
    """
    # North-South and East-West apart, by the pair alone (it is the event's): each reads
    # the pair's own index, never the event's lines (an OR of the two, or the event's
    # index, read the whole event's lines).
    own = Result.objects.live().select_related("board", "ns", "ew")
    results = sorted(
        [*own.filter(ns=pair), *own.filter(ew=pair)], key=lambda r: (r.round, r.board.number)
    )
    lines: list[BoardLine] = []
    if event.is_team_match:
        all_results = board_results(event)
        lines = compare(event, all_results)
        by_board = {c.result.board: c for c in lines if pair.label in (c.result.ns, c.result.ew)}
    else:
        counts = (
            pagecache.cached("board-counts", event, stamp, "", lambda: board_counts(event))
            if stamp
            else None
        )
        by_board = pair_lines(event, pair, results, counts)
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
                "score": score_text(mine, line.top)
                if line is not None and mine is not None
                else "",
                "to_team": signed_points(to_team.get(r.board.number)),
            }
        )
    return rows


@dataclass(frozen=True)
class BoardCounts:
    """Boards' live lines counted: by board id, how many lines at each real net score
    and how many of each kind of adjusted score; and the most lines any board of the
    event has (Neuberg's expected).  Its size is the boards' distinct scores, not their
    lines."""

    scores: dict[int, dict[int, int]]
    adjusted: dict[int, dict[str, int]]
    expected: int


def board_counts(event: Event, board_ids: Any = None) -> BoardCounts:
    """The counts of ``board_ids`` (a set of the event's board ids), or of every board of
    the event; counted by the database from its index of each board's scores
    (``Result.Meta.indexes``) in one query, without reading the lines."""
    if board_ids is None:
        board_ids = Board.objects.filter(event=event).values("pk")
    on_boards = Result.objects.filter(board_id__in=board_ids).live().order_by()
    scores: dict[int, dict[int, int]] = {}
    adjusted: dict[int, dict[str, int]] = {}
    lines: dict[int, int] = {}
    rows = on_boards.values_list("board_id", "adjusted", "net_ns").annotate(n=Count("id"))
    for board_id, kind, net, n in rows:
        if kind:
            per = adjusted.setdefault(board_id, {})
            per[kind] = per.get(kind, 0) + n
        else:
            scores.setdefault(board_id, {})[net] = n
        lines[board_id] = lines.get(board_id, 0) + n
    return BoardCounts(scores, adjusted, max(lines.values(), default=0))


def pair_lines(
    event: Event, pair: Pair, results: list[Result], counts: BoardCounts | None = None
) -> dict[int, BoardLine]:
    """The comparison of each of a pair's lines (``results``, live), by board number.

    From each board's counts (``counts``, the event's as :func:`board_counts` makes them,
    when the caller keeps them; else counted here for the pair's boards, with the most
    lines any board has, in two queries), each board's summary, then
    :func:`scoring.pairs.compare_line`: what the traveller gives the line.

    A board the summary cannot settle (a fouled board's versions, the director's
    adjusted scores) is compared whole, as the traveller compares it.
    """
    if not results:
        return {}
    mine = {r.board_id: r for r in results}
    if counts is None:
        counts = board_counts(event, set(mine))
        expected = expected_plays(event)
    else:
        expected = counts.expected
    scores, adjusted = counts.scores, counts.adjusted
    special = {b for b, r in mine.items() if r.board.fouled} | {
        b for b, kinds in adjusted.items() if b in mine and set(kinds) - set(ADJUSTMENTS)
    }
    out: dict[int, BoardLine] = {}
    if special:
        whole = as_board_results(Result.objects.filter(event=event, board_id__in=special).live())
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
    read: Callable[[], EventRows] | None = None,
) -> dict[str, Any]:
    """The score card's two charts: the pair's running score round by round
    beside the best of its field at each round, and each board against the average
    (total points) or 50% (matchpoints).  Only the boards in ``shown`` (what this viewer
    may see of the event) count, for the pair and the field alike.

    ``rows``: the pair's score card (:func:`score_card`), its own lines.  The field's
    best running score needs the whole event compared: that is kept under the event's
    ``stamp`` (:mod:`tournament.queries.pagecache`), so only the first card after a change
    pays for it; ``read``: the event's result rows, when the page reads them for the
    publication rule too (:class:`~tournament.queries.standings.EventRows`), read once.
    """
    if event.is_team_match:
        return {}
    if rows is None:
        rows = score_card(event, pair, stamp)
    percent = event.by_matchpoints
    own: list[tuple[int, int, Fraction | int]] = []  # (round, board, against the average)
    per_round: dict[int, list[Fraction]] = {}
    side = "NS"
    for row in rows:
        line = row["line"]
        if row["board"] not in shown or line is None or line.ns_score is None:
            continue
        side = row["direction"]
        score = line.ns_score if side == Direction.NS else line.ew_score
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
        lambda: running_best(event, shown, read() if read else None),
    )
    field = best_of["one field"] if best_of["one field"] is not None else best_of[side]
    best = [field.get(r, Fraction(0)) for r in rounds]
    own.sort()
    return {
        "running_chart": charts.running(rounds, mine, best, percent=percent),
        "boards_chart": charts.boards([(b, v) for _, b, v in own], percent=percent),
    }


def running_best(event: Event, shown: set[int], rows: EventRows | None = None) -> dict[str, Any]:
    """Each field's best running score after each round, on the boards in ``shown``: a
    score card's running chart draws its pair beside it.  ``"one field"``: the whole
    field's, when pairs play both directions (a Howell), else None and ``"NS"`` and
    ``"EW"`` each direction's.

    Exact, in integers: every score times the lines' common denominator, and a
    percentage compared by cross-multiplying; one Fraction a round at the end, not one
    a line (26,000 lines at 1,000 tables).
    """
    round_of: list[int] = []
    inputs = (rows or EventRows(event)).live_inputs(round_of)
    lines = compare(event, inputs)
    percent = event.by_matchpoints
    ns_pairs = {line.result.ns for line in lines}
    ew_pairs = {line.result.ew for line in lines}
    counted = [
        (rnd, line)
        for rnd, line in zip(round_of, lines, strict=True)
        if line.result.board in shown and line.ns_score is not None
    ]
    # Both sides' scores: an assigned award gives each side its own (average to one,
    # average-plus to the other), whose denominators need not be the same.  An int's
    # denominator is 1: no Fraction made for each of a big event's lines.
    denominators = {line.ns_score.denominator for _, line in counted}  # type: ignore[union-attr]
    denominators |= {line.ew_score.denominator for _, line in counted}  # type: ignore[union-attr]
    scale = lcm(*denominators) if denominators else 1
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


def rounds_not_played(event: Event, pair: Pair) -> list[dict[str, Any]]:
    """The rounds a pair's score card has no boards for, each with why: a sit-out (and
    whose withdrawal made it one), or the pair's own late start or withdrawal.  A card
    never silently lacks a round."""
    rounds = Round.objects.filter(event=event).count()
    # The pair's own table-rounds, found through the pair's two indexes: a pair is its
    # event's, and naming the event too would lead the database to read every
    # table-round of the event (the card would grow with the field).
    seated = {s.round: s for s in Seating.objects.filter(Q(ns=pair) | Q(ew=pair))}
    changes = list(
        FieldChange.objects.filter(event=event).values_list("pair__label", "kind", "from_round")
    )
    withdrawn = {label: r for label, kind, r in changes if kind == FieldChange.Kind.WITHDRAWN}
    own = {kind: r for label, kind, r in changes if label == pair.label}
    # Who would have sat opposite (a withdrawn pair makes a sit-out): only for a sit-out.
    planned = _planned(event) if any(s.sit_out for s in seated.values()) else None
    out = []
    for r in range(1, rounds + 1):
        s = seated.get(r)
        if s is not None and s.ns_id is not None and s.ew_id is not None:
            continue
        if s is None:
            late = own.get(FieldChange.Kind.LATE)
            if late is not None and r < late:
                why = f"not played: a late pair, joined in round {late}"
            elif own.get(FieldChange.Kind.WITHDRAWN, rounds + 1) <= r:
                why = f"not played: withdrawn from round {own[FieldChange.Kind.WITHDRAWN]}"
            else:
                why = "not played"
        else:
            why = "sat out"
            if planned is not None:
                place = planned.at(r, s.table)
                other = place.ew if s.ns_id == pair.pk else place.ns
                if other in withdrawn and withdrawn[other] <= r:
                    why = (
                        f"sat out: its opponents, pair {other}, withdrew from round "
                        f"{withdrawn[other]}"
                    )
        out.append({"round": r, "table": s.table if s is not None else None, "why": why})
    return out


def _planned(event: Event) -> Movement | None:
    """The event's movement as planned (who would have sat where), or None for an event
    built outside the movement generator (an import)."""
    try:
        return planned_for(event, filled=True)
    except MovementError:
        return None


def evening(
    event: Event, rows: list[dict[str, Any]], stamp: str = ""
) -> tuple[dict[int, BoardEvening], str]:
    """A player's evening (:mod:`scoring.pairs.evening`): each of the score card's
    ``rows`` (the boards this viewer may see; an individual's player's card gives his
    seat, his partnership's side and line) against par under the event's code and
    against its field, by board number, and the summary in words.  The field is the
    boards' real scores counted by score, kept under the event's ``stamp``; par is
    worked out fresh for a board whose hands were solved (a solve job writes them
    without moving the stamp, as the traveller reads them).  None in a team match
    (Law G compares no line with a field).
    """
    if event.is_team_match or not rows:
        return {}, ""
    counts = (
        pagecache.cached("board-counts", event, stamp, "", lambda: board_counts(event))
        if stamp
        else board_counts(event, {row["result"].board_id for row in rows})
    )
    out: dict[int, BoardEvening] = {}
    for row in rows:
        r: Result = row["result"]
        side = row["direction"]
        par = hand_records.par_of(r.board) if r.board.deal and r.board.dd_tricks else None
        out[row["board"]] = board_evening(
            row["board"],
            side,
            row["line"],
            counts.scores.get(r.board_id, {}),
            passed_out=r.is_pass,
            # An individual's player declared if he was declarer; a pair, if either was.
            declared=r.declarer == row["seat"]
            if "seat" in row
            else bool(r.declarer) and (r.declarer in "NS") == (side == Direction.NS),
            made=made(r),
            par_ns=par.score if par else None,
            par_contract=(
                "passed out" if par.contract.is_pass else f"{par.contract} by {par.declarer}"
            )
            if par
            else "",
            entries=PLAYERS if event.is_individual else PAIRS,
        )
    return out, evening_summary(list(out.values()))


def made(r: Result) -> bool:
    """The declarer took the tricks the contract needs (six and its level), as played."""
    level = r.contract[:1]
    return r.tricks is not None and level.isdigit() and r.tricks >= 6 + int(level)
