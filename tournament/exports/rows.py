"""The rows every file shares: standings, travellers, settings and a team match's
table as plain values (numbers, exact fractions, text), with their columns.

Every format writes these same rows, so a spreadsheet, a CSV file and the PBN's
tables never disagree; each writer (:mod:`.xlsx`, :mod:`.csv`, :mod:`.pbn`)
only escapes and lays them out.  The rows come from the read side
(:mod:`tournament.queries`), recomputed from the live results.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring import BoardResult
from scoring.adjusted import describe as describe_adjusted
from scoring.fractions_fmt import round_half_away
from scoring.movements import MovementError, wording
from scoring.movements.partnerships import partners
from scoring.pairs import BoardLine

from .. import services
from ..choices import Method
from ..models import Event, Result
from ..queries import contests, standings, travellers
from ..queries.individual_standings import individual_contest
from ..queries.individuals import names_of
from ..room.clubtime import club_time

# The widths (in characters) are budgeted for the printed page (tournament.exports.
# printing): headings wrap at their spaces, so a column is as wide as its figures
# or its longest word; the long texts (players, adjusted scores) wrap in their cells.
STANDINGS_COLUMNS = [
    ("Field", 8),
    ("Rank", 7),
    ("Pair", 7),
    ("Players", 28),
    ("Score", 9),
    ("Exact score", 12),
    ("Score (decimal)", 10),
    ("Percent", 9),
    ("Boards", 8),
    ("Late or withdrawn", 28),  # the rounds a late or withdrawn pair did not play
]

# A factored event's two more: the sum before factoring, and b (docs/laws/duplicate.md).
FACTORED_COLUMNS = [("As played", 10), ("Boards compared (b)", 10)]

# An individual's standings, a row a player: one field, and no late or withdrawn player
# (an individual's field never changes in play: docs/laws/duplicate.md, "Individuals").
INDIVIDUAL_STANDINGS_COLUMNS = [
    ("Rank", 7),
    ("Player", 7),
    ("Name", 28),
    ("Score", 9),
    ("Exact score", 12),
    ("Score (decimal)", 10),
    ("Percent", 9),
    ("Boards", 8),
]

# An individual's line names its four players, each by his number and his name, after
# its two partnerships ("3&7", North or East first: scoring.movements.partnerships).
SEAT_WORDS = (("N", "North"), ("E", "East"), ("S", "South"), ("W", "West"))
PLAYER_COLUMNS = [
    column for _, seat in SEAT_WORDS for column in ((seat, 6), (f"{seat} player", 18))
]


TRAVELLER_COLUMNS = [
    ("Board", 6),
    ("Round", 6),
    ("Table", 6),
    ("NS pair", 6),
    ("EW pair", 6),
    ("Contract", 8),
    ("Declarer", 8),
    ("Tricks", 7),
    ("NS trick", 6),
    ("NS honour", 7),
    ("EW trick", 6),
    ("EW honour", 7),
    ("Premium to", 8),
    ("Premium", 8),
    ("Penalties", 9),
    ("Adjusted score", 14),
    ("Net NS", 7),
    ("NS comparison", 11),
    ("EW comparison", 11),
    ("Itemised", 80),  # the XLSX gives it a sheet of its own (tournament.exports.xlsx)
    ("Entered", 19),
]


class Precise(float):
    """An exact score's decimal: written with up to six decimals (XLSX number
    format ``0.000000``), where a plain float is a score as displayed (``0.00``)."""

    __slots__ = ()


def cell_number(x: Fraction | int | None) -> int | float | None:
    """A number for a spreadsheet cell: an int when whole, else a float."""
    if x is None or type(x) is int:
        return x
    if type(x) is not Fraction:  # Fraction(x) costs a microsecond: not for every cell
        x = Fraction(x)
    return x.numerator if x.denominator == 1 else float(x)


def precise_number(x: Fraction | int) -> int | Precise:
    """The exact score as a number with enough decimals (an int when whole)."""
    n = cell_number(x)
    return n if type(n) is int else Precise(n)  # type: ignore[arg-type]


def pair_label(label: str | None) -> str | int | None:
    """A pair's label as a spreadsheet cell: a number when it is one ("12"), so a column
    of pairs sorts 1, 2, ... 10 and no "number stored as text" flag shows; else as it is
    ("A3").  Written the same either way in a CSV file."""
    return int(label) if label and label.isdigit() and label[0] != "0" else label


def rank_cell(rank: str) -> str | int:
    """A rank as a spreadsheet cell: a number when it is a plain place ("12"), so the
    column sorts 1, 2, ... 10 (as text "10" came before "2"); a shared place ("2=",
    :func:`scoring.pairs.rank_labels`) stays text.  Written the same either way in a
    CSV file, as :func:`pair_label`."""
    return int(rank) if rank.isdigit() else rank


def standings_rows(
    event: Event, table: list[standings.StandingRow] | None = None
) -> list[list[Any]]:
    """One row per pair: field, rank, pair, players, rounded, exact, decimal, percent,
    boards, and a late or withdrawn pair's mark naming the rounds it did not play; a
    factored event's rows add the sum as played and the boards compared (b).

    ``table``: the standings when the caller has them already (computed once a file).
    An individual's rows are its players' (:func:`individual_standings_rows`)."""
    if event.is_individual:
        return individual_standings_rows(event, table)
    rows = []
    for r in standings.pair_contest(event) if table is None else table:
        field = {"NS": "North-South", "EW": "East-West", None: "All"}[r.direction]
        percent = float(r.percent) if r.percent else None
        rounded = round_half_away(r.score) if event.method == Method.TOTAL else cell_number(r.score)
        score = Fraction(r.score)  # the exact score: each writer shows it as n/d
        rows.append(
            [
                field,
                rank_cell(r.rank),
                pair_label(r.pair),
                r.names,
                rounded,
                score,
                precise_number(r.score),
                percent,
                r.boards,
                r.mark or None,
                *(
                    [round_half_away(r.as_played_value), r.compared]
                    if r.as_played_value is not None
                    else []
                ),
            ]
        )
    return rows


def individual_standings_rows(
    event: Event, table: list[standings.StandingRow] | None = None
) -> list[list[Any]]:
    """An individual's standings, a row a player (:data:`INDIVIDUAL_STANDINGS_COLUMNS`):
    rank, number, name, rounded, exact, decimal, percent, boards, and a factored
    event's sum as played and b, as a pair's row has them."""
    rows = []
    for r in individual_contest(event) if table is None else table:
        rounded = round_half_away(r.score) if event.method == Method.TOTAL else cell_number(r.score)
        rows.append(
            [
                rank_cell(r.rank),
                pair_label(r.pair),
                r.names or None,
                rounded,
                Fraction(r.score),
                precise_number(r.score),
                float(r.percent) if r.percent else None,
                r.boards,
                *(
                    [round_half_away(r.as_played_value), r.compared]
                    if r.as_played_value is not None
                    else []
                ),
            ]
        )
    return rows


def seat_cells(row: dict[str, Any], names: dict[str, str]) -> list[Any]:
    """An individual's line's four players, North, East, South, West: each his number
    and his name (None while unnamed), read off its partnerships' labels ("3&7": North
    3, South 7)."""
    north, south = partners(row["ns__label"])
    east, west = partners(row["ew__label"])
    cells: list[Any] = []
    for label in (north, east, south, west):
        cells += [pair_label(label), names.get(label) or None]
    return cells


_LINE_FIELDS = (
    *standings.BOARD_RESULT_FIELDS,
    "contract",
    "declarer",
    "tricks",
    "ns_trick",
    "ns_honour",
    "ew_trick",
    "ew_honour",
    "items",
    "penalties",
    "reason",
    "auction",
    "created_at",
)


def live_lines(event: Event) -> list[dict[str, Any]]:
    """Every live traveller line, board by board, in one query."""
    return list(
        Result.objects.filter(event=event)
        .live()
        .order_by("board__number", "round", "table")
        .values(*_LINE_FIELDS)
    )


@dataclass
class LiveLines:
    """The event's live traveller lines, read once and compared once.

    Why: the XLSX file's standings, travellers and charts all come from these
    lines; reading them once for the three saves two queries over every result
    and the standings' own comparison of them."""

    rows: list[dict[str, Any]]  # live_lines: board by board, round and table
    inputs: list[BoardResult]  # each row as the scoring library's input
    compared: list[BoardLine]  # each row's comparison, in the same order

    @classmethod
    def of(cls, event: Event) -> LiveLines:
        """Read (one query) and compare the event's live lines."""
        rows = live_lines(event)
        inputs = [standings.board_result(r) for r in rows]
        compared = standings.compare(event, inputs)
        return cls(rows, inputs, compared)


def traveller_rows(
    event: Event, *, boards: set[int] | None = None, live: LiveLines | None = None
) -> Iterator[list[Any]]:
    """Every live traveller line with its itemised score and its comparison.

    ``boards``: only these boards' lines (the public while the event is played);
    the comparisons are the same as in the full file.  ``live``: the lines when
    the caller has read them already (:class:`LiveLines`).
    """
    if live is None:
        live = LiveLines.of(event)
    # A team match compares no line with an average (Law G adds the pairs' nets): each
    # line's points go to the teams instead, as its traveller page shows them.
    teams = _pair_teams(event) if event.is_team_match else None
    labels = travellers.team_labels(event) if teams is not None else []
    # An individual's line names its four players after its two partnerships.
    names = names_of(event) if event.is_individual else None
    club = event.club  # its clock for the times entered
    for r, line in zip(live.rows, live.compared, strict=True):
        if boards is not None and r["board__number"] not in boards:
            continue
        if teams is None:
            compared = [cell_number(line.ns_score), cell_number(line.ew_score)]
        else:
            compared = _team_points(teams, labels, r, line.net_ns)
        items = r["items"] or []
        premium = [i for i in items if "premium" in i["reason"]]
        penalties = sum(p["points"] for p in (r["penalties"] or []))
        yield [
            r["board__number"],
            r["round"],
            r["table"],
            pair_label(r["ns__label"]),
            pair_label(r["ew__label"]),
            *(seat_cells(r, names) if names is not None else ()),
            r["contract"] or None,
            r["declarer"] or None,
            r["tricks"],
            r["ns_trick"],
            r["ns_honour"],
            r["ew_trick"],
            r["ew_honour"],
            premium[0]["side"] if premium else None,  # who took it: NS or EW
            premium[0]["points"] if premium else None,  # a number, never "NS 125"
            penalties or None,
            adjusted_text(r),
            cell_number(line.net_ns),
            *compared,
            "; ".join(f"{i['side']} {i['column']} {i['points']}: {i['reason']}" for i in items),
            club_time(r["created_at"], club),  # when it was entered, on the club's clock
        ]


# The columns whose figures compare pairs: a section's say whom (its own pairs alone).
_COMPARING = {
    "Score",
    "Exact score",
    "Score (decimal)",
    "Percent",
    "NS comparison",
    "EW comparison",
}


def _scoped(event: Event, columns: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """A contest section's comparing columns headed with whom they compare ("Score
    (section A alone)"), since the championship compares across its sections."""
    scope = contests.section_scope(event)
    if scope is None or not scope.across:
        return columns
    return [
        (contests.scope_heading(scope, c) if c in _COMPARING else c, w + 6 * (c in _COMPARING))
        for c, w in columns
    ]


def standings_columns(event: Event) -> list[tuple[str, int]]:
    """The standings' columns, a contest section's saying whom they compare, a factored
    event's with the sum as played and b; an individual's by player."""
    base = INDIVIDUAL_STANDINGS_COLUMNS if event.is_individual else STANDINGS_COLUMNS
    return _scoped(event, base + (FACTORED_COLUMNS if event.is_factored else []))


def traveller_columns(event: Event) -> list[tuple[str, int]]:
    """The travellers' columns: a team match's points to each team, a section's
    comparisons saying whom they compare."""
    return _scoped(event, _traveller_columns(event))


def _traveller_columns(event: Event) -> list[tuple[str, int]]:
    """The travellers' columns: a pair contest's two comparisons, or in a team match
    each team's points from the line (Law G compares no line with an average); an
    individual's partnerships and then its four players."""
    if event.is_individual:
        partnerships = [("NS partnership", 8), ("EW partnership", 8)]
        return [*TRAVELLER_COLUMNS[:3], *partnerships, *PLAYER_COLUMNS, *TRAVELLER_COLUMNS[5:]]
    if not event.is_team_match:
        return TRAVELLER_COLUMNS
    names = dict(event.team_set.values_list("label", "name"))
    team = [
        (f"To team {t}" + (f" ({names[t]})" if names.get(t) else ""), 12)
        for t in travellers.team_labels(event)
    ]
    return [*TRAVELLER_COLUMNS[:17], *team, *TRAVELLER_COLUMNS[19:]]


def _pair_teams(event: Event) -> dict[str, str]:
    """Each pair's team, by the pair's label."""
    return dict(event.pair_set.values_list("label", "team__label"))


def _team_points(
    teams: dict[str, str], labels: list[str], row: dict[str, Any], net: Fraction | int | None
) -> list[Any]:
    """A line's points to each team: North-South's net to its pair's team, the same
    taken from East-West's (None for a line that counts for nothing)."""
    if net is None:
        return [None for _ in labels]
    points = dict.fromkeys(labels, Fraction(0))
    points[teams[row["ns__label"]]] += net
    points[teams[row["ew__label"]]] -= net
    return [cell_number(points[t]) for t in labels]


def adjusted_text(row: dict[str, Any]) -> str | None:
    """A line's adjusted score in words, as the traveller says it (Law B's artificial
    scores and the director's alike: who got what), with the director's reason."""
    if not row["adjusted"]:
        return None
    text = describe_adjusted(row["adjusted"], row["weights"])
    return f"{text}: {row['reason']}" if row["reason"] else text


# The movement, a row a table a round and one a round for the bystand: who sits there,
# the boards, the tables sharing them and how (the guide cards' words), where they go.
MOVEMENT_COLUMNS = [
    ("Round", 7),
    ("Table", 8),
    ("NS pair", 8),
    ("EW pair", 8),
    ("First board", 7),
    ("Last board", 7),
    ("Shared with tables", 10),
    ("How", 48),
    ("Boards then", 34),
]


def movement_rows(event: Event) -> list[list[Any]]:
    """The movement as played, every round and table: a sit-out's missing pair is
    empty, a shared set names the other tables and says how they share it, the bystand
    has its own row a round (``Table`` is ``bystand``).  Empty for an event whose
    movement the library cannot build (an import)."""
    try:
        movement = services.movement_for(event)
    except MovementError:
        return []
    rows: list[list[Any]] = []
    for r in range(1, movement.rounds + 1):
        for tr in movement.round(r):
            words = wording.table_words(movement, r, tr.table)
            how = "; ".join(w for w in (words.sharing, words.sit_out) if w)
            rows.append(
                [
                    r,
                    tr.table,
                    pair_label(tr.ns) or "",
                    pair_label(tr.ew) or "",
                    tr.boards[0] if tr.boards else "",
                    tr.boards[-1] if tr.boards else "",
                    ", ".join(str(t) for t in tr.shared),
                    how,
                    words.boards_next or "last round",
                ]
            )
        rest = movement.bystand_sets.get(r)
        if rest is not None:
            boards = [b for tr in movement.schedule if tr.board_set == rest for b in tr.boards]
            goes = movement.board_set_next(rest, r) if r < movement.rounds else []
            rows.append(
                [
                    r,
                    "bystand",
                    "",
                    "",
                    min(boards) if boards else "",
                    max(boards) if boards else "",
                    "",
                    wording.bystand_words(movement, r),
                    f"to table {', '.join(str(t) for t in goes)}" if goes else "last round",
                ]
            )
    return rows


def settings_rows(event: Event, *, boards: set[int] | None = None) -> list[list[Any]]:
    """The event's settings; the deal seed (which recreates every deal) only when
    ``boards`` is None, i.e. every board may be shown."""
    try:
        movement = services.movement_for(event)
        description, notes = movement.description, "; ".join(movement.notes)
    except MovementError:  # an event built outside the movement generator (an import)
        description, notes = f"{event.get_movement_display()}, {event.tables} tables", ""
    rows: list[list[Any]] = [
        ["Event", event.name],
        ["Date", event.date.isoformat()],
        ["Code of laws", event.laws.name],
        ["English slam rule", "yes" if event.laws.english_slams else "no"],
        ["English bidding rule", "yes" if event.laws.english_bidding else "no"],
        ["Duplicate premium", "125 (Duplicate Law A)" if event.premium else "off"],
        ["Form", event.get_form_display()],
        ["Scoring", event.get_method_display()],
        ["Movement", description],
        ["Notes", notes],
        ["Tables", event.tables],
        ["Boards per round", event.boards_per_round],
        ["Adjusted scores", event.adjusted_values.describe(event.method)],
        ["Deal seed", (event.deal_seed or "") if boards is None else ""],
    ]
    scope = contests.section_scope(event)
    if scope is not None and scope.across:
        rows.append(
            [
                "Compared",
                f"{scope.alone[0].upper()}{scope.alone[1:]}: the championship "
                f"({scope.contest.name}) compares session {scope.session}'s "
                f"{scope.together} in its own file",
            ]
        )
    return rows


TEAM_COLUMNS = [
    ("Team", 14),
    ("Pairs' net scores", 16),
    ("Average added (exact)", 20),
    ("Average added", 14),
    ("Direction averaged", 18),
    ("Exact total", 12),
    ("Exact (decimal)", 14),
    ("Rounded", 10),
]


def team_rows(event: Event) -> list[list[Any]]:
    """Law G laid out: each team's arithmetic, the verdict, then the table totals."""
    match = standings.team_match(event)
    if match is None:
        return [["No board has been played at every table yet."]]
    rows: list[list[Any]] = []
    names = {t.label: str(t) for t in event.team_set.all()}  # "Hawks", or "Team A" unnamed

    def team(label: str | None) -> str:
        return f"{names.get(label, label)} ({label})" if label else "tie"

    for label, s in match.teams.items():
        rows.append(
            [
                team(label),
                cell_number(s.raw),
                Fraction(s.average_added),
                cell_number(s.average_added),
                s.average_direction or "",
                Fraction(s.score),
                precise_number(s.score),
                s.rounded,
            ]
        )
    pending = standings.team_boards_pending(event)
    verdict: list[list[Any]]
    if pending:
        # A match with boards still to be completed has no winner yet, only a leader
        # (the page says "leads ... so far"): the boards not played at every table are
        # left out of the score until they are (Law G compares a board at every table).
        verdict = [
            ["Leading so far", team(match.winner) if match.winner else "level"],
            ["Boards still to be completed", ", ".join(map(str, pending))],
            ["Margin so far (exact)", Fraction(match.margin)],
            ["Margin so far (rounded)", match.margin_rounded],
            ["Ahead by the fraction of a point", "yes" if match.by_fraction else "no"],
        ]
    else:
        verdict = [
            ["Winner", team(match.winner)],
            ["Margin (exact)", Fraction(match.margin)],
            ["Margin (rounded)", match.margin_rounded],
            ["Won by the fraction of a point", "yes" if match.by_fraction else "no"],
        ]
    rows += [[], *verdict, [], ["Table", "NS net total"]]
    rows += [[t, cell_number(total)] for t, total in sorted(match.table_totals.items())]
    return rows
