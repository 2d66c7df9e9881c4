"""The PBN file: every board's deal and auction with its results, the event's
score table and totals, in the Portable Bridge Notation other bridge software
reads.

Here, not in :mod:`scoring.pbn`, because it reads the event's records: the
notation itself (tags, escaping, contracts) is :mod:`scoring.pbn`'s, and this
module only fills it from the results, rulings and deals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from scoring.fractions_fmt import exact
from scoring.movements import Movement, MovementError
from scoring.movements.partnerships import partners
from scoring.pbn import (
    MANDATORY_TAGS,
    decimal_text,
    double_dummy_hex,
    format_table,
    format_tag,
    optimum_rows,
    plain_call,
    printing_text,
    standard_contract,
)
from scoring.rulings import marks_a_call

from .. import services
from ..models import Board, Event, Player, Ruling
from ..queries import hand_records, standings
from ..queries.individual_standings import individual_contest
from .rows import live_lines


def _pbn_contract(contract: str) -> str:
    """Our notation where it is PBN's own ("4H", "3NTX"), ``Pass`` for a pass-out."""
    return "Pass" if contract in ("PASS", "") else contract


def pbn_auction(dealer: str, auction: str, rulings: Sequence[str] = ()) -> list[str]:
    """A recorded auction as PBN's ``[Auction "N"]`` section: four calls a line, ``Pass``,
    ``X``, ``XX``, ``AP`` for the last three passes; a call the director ruled on
    carries a note (``=1=`` and ``[Note "1:..."]``)."""
    calls = auction.split()
    tokens: list[str] = []
    notes: list[str] = []
    end = len(calls)
    if calls[-3:] == ["P", "P", "P"] and len(calls) > 3:
        end -= 3
    for text in calls[:end]:
        ruled = text.endswith("*")
        text = text.rstrip("*")
        tokens.append({"P": "Pass"}.get(text, text))
        if ruled:
            said = rulings[len(notes)] if len(notes) < len(rulings) else "ruled by the director"
            notes.append(f"{len(notes) + 1}:{said}")
            tokens.append(f"={len(notes)}=")
    if end < len(calls):
        tokens.append("AP")
    lines = [format_tag("Auction", dealer)]
    row: list[str] = []
    for t in tokens:
        row.append(t)
        if len([x for x in row if not x.startswith("=")]) == 4 and not t.startswith("="):
            lines.append(" ".join(row))
            row = []
    if row:
        lines.append(" ".join(row))
    lines += [format_tag("Note", n) for n in notes]
    return lines


@dataclass
class PbnBoard:
    """What a board's PBN sections are written from (one board of :func:`write_pbn`)."""

    event: Event
    board: Board
    lines: list[dict[str, Any]]  # its live traveller lines, in round and table order
    compared: list[Any]  # their comparisons (scoring.BoardLine), in the same order
    representative: dict[str, Any] | None  # the line giving Declarer/Contract/Result
    shown: bool  # its deal and lines may be shown
    movement: Movement | None = None  # the event's movement: on the file's first board only


def _auction_section(b: PbnBoard) -> list[str]:
    """``Auction`` with its notes, when every call is one PBN writes; an auction with a
    royal bid or a nullo is given in our own tag instead (:func:`_our_tags_section`),
    since a reader would take ``3S`` for a royal ``3SR`` or ``2NT`` for ``2NULLO``."""
    told = b.representative
    if not told or not told["auction"]:
        return []
    if not all(plain_call(c) for c in told["auction"].split()):
        return []
    ruled = Ruling.objects.filter(
        board=b.board, seating__round=told["round"], seating__table=told["table"]
    ).values_list("offender", "summary", "law", "irregularity", "option")
    # A note for each marked call, in order: a ruling that marked none (a void double,
    # a bar) has no call to explain.
    notes = [
        f"{who}: {summary} ({law})"
        for who, summary, law, irregularity, option in ruled
        if marks_a_call(b.event.laws, irregularity, option)
    ]
    return pbn_auction(b.board.dealer, told["auction"], notes)


def _double_dummy_section(b: PbnBoard) -> list[str]:
    dd = b.board.dd_tricks
    if not b.shown or not dd:
        return []
    return [
        format_tag("DoubleDummyTricks", double_dummy_hex(dd)),
        *format_table(
            "OptimumResultTable",
            ["Declarer\\1R", "Denomination\\2R", "Result\\2R"],
            optimum_rows(dd),
        ).split("\n"),
    ]


def _score_table_section(b: PbnBoard) -> list[str]:
    if not b.lines:
        return []
    mp = b.event.by_matchpoints
    individual = b.event.is_individual
    ids = INDIVIDUAL_IDS if individual else SCORE_TABLE[2:4]
    columns = [*SCORE_TABLE[:2], *ids, *SCORE_TABLE[4:], *(MP_COLUMNS if mp else [])]
    columns += OUR_COLUMNS
    rows = []
    for r, line in zip(b.lines, b.compared, strict=True):
        head = [r["round"], r["table"], r["ns__label"], r["ew__label"]]
        if individual:  # the four players by number, North, East, South, West
            (north, south), (east, west) = partners(r["ns__label"]), partners(r["ew__label"])
            head = [r["round"], r["table"], north, east, south, west]
        # The score that counted: artificial on a Law B line, weighted on a weighted
        # one, none on a line not played or given average-plus/minus ("-").
        net = line.net_ns
        scores = [decimal_text(net), decimal_text(-net)] if net is not None else ["-", "-"]
        if r["adjusted"]:
            row = [*head, "-", "-", "-", *scores]
        else:
            row = [
                *head,
                standard_contract(r["contract"]),
                r["declarer"] or "-",
                r["tricks"] if r["tricks"] is not None else "-",
                *scores,
            ]
        if mp and line.ns_score is None:
            row += ["-"] * 4  # not played
        elif mp:
            top = line.top or 0
            row += [
                decimal_text(line.ns_score),
                decimal_text(line.ew_score),
                decimal_text(Fraction(line.ns_score) * 100 / top) if top else "-",
                decimal_text(Fraction(line.ew_score) * 100 / top) if top else "-",
            ]
        row += [
            f"Artificial:{r['adjusted']}" if r["adjusted"] else _pbn_contract(r["contract"]),
            r["ns_trick"] + r["ns_honour"] if not r["adjusted"] else "-",
            r["ew_trick"] + r["ew_honour"] if not r["adjusted"] else "-",
        ]
        rows.append(row)
    return format_table("ScoreTable", columns, rows).split("\n")


def _our_tags_section(b: PbnBoard) -> list[str]:
    """Our own tags (PBN allows a program its own): the representative line's contract
    in this app's notation (``AuctionBridgeContract "2NULLO"``), which the standard
    ``Contract`` gives as ``"?"`` when PBN cannot write it, and its auction when the
    ``Auction`` section cannot (``AuctionBridgeAuction "N 1S 2NULLO P P P"``: the
    dealer, then the calls)."""
    told = b.representative
    if not told:
        return _movement_tags(b)
    out = [format_tag("AuctionBridgeContract", told["contract"] or "PASS")]
    calls = (told["auction"] or "").split()
    if calls and not all(plain_call(c) for c in calls):
        text = " ".join(c.rstrip("*") for c in calls)
        out.insert(0, format_tag("AuctionBridgeAuction", f"{b.board.dealer} {text}"))
    return out + _movement_tags(b)


# Our own table of the movement (PBN has none): a row a table a round and one a round
# for the bystand, every cell one word ("-" for none) so a reader that splits rows at
# spaces reads it whole.
MOVEMENT_TABLE = [
    "Round\\2R",
    "Table\\7L",
    "PairId_NS\\3R",
    "PairId_EW\\3R",
    "Boards\\7L",
    "SharedWith\\7L",
]


def _movement_tags(b: PbnBoard) -> list[str]:
    """``AuctionBridgeMovement`` (the movement's description) and
    ``AuctionBridgeMovementTable`` (every round and table, the tables sharing a set, the
    bystand's set), on the first board: the schedule PBN's own tags cannot hold."""
    m = b.movement
    if m is None:
        return []
    rows: list[list[object]] = []
    for r in range(1, m.rounds + 1):
        for tr in m.round(r):
            rows.append(
                [
                    r,
                    tr.table,
                    tr.ns or "-",
                    tr.ew or "-",
                    f"{tr.boards[0]}-{tr.boards[-1]}" if tr.boards else "-",
                    ",".join(str(t) for t in tr.shared) or "-",
                ]
            )
        rest = m.bystand_sets.get(r)
        if rest is not None:
            boards = [n for tr in m.schedule if tr.board_set == rest for n in tr.boards]
            span = f"{min(boards)}-{max(boards)}" if boards else "-"
            rows.append([r, "bystand", "-", "-", span, "-"])
    return [
        format_tag("AuctionBridgeMovement", m.description),
        *format_table("AuctionBridgeMovementTable", MOVEMENT_TABLE, rows).split("\n"),
    ]


def _round_section(b: PbnBoard) -> list[str]:
    """``Round``: the round of the representative line (the table whose Declarer,
    Contract and Result the board's tags give)."""
    told = b.representative
    return [format_tag("Round", str(told["round"]))] if told else []


def _table_section(b: PbnBoard) -> list[str]:
    """``Section`` (a championship's section letter) and ``Table``: the table of the
    representative line."""
    told = b.representative
    out = [format_tag("Section", b.event.section)] if b.event.section else []
    return out + ([format_tag("Table", str(told["table"]))] if told else [])


def _competition_section(b: PbnBoard) -> list[str]:
    """``Competition``: the form of the event, the standard's ``Individuals`` for an
    individual (PBN 2.1's values are ``Individuals``, ``Pairs``, ``Teams`` and
    ``Cavendish``); a pair contest's and a team match's files leave it out, as they
    always have, their score tables saying as much."""
    return [format_tag("Competition", "Individuals")] if b.event.is_individual else []


# The board's sections after its tags, in order (the export format's: supplemental
# tags sorted by name): one function per section, so another is added here and
# nowhere else.
def _par_section(b: PbnBoard) -> list[str]:
    """``OptimumScore``: the board's par under the event's code (scoring.par), in the
    code's own scoring, North-South's view ("NS 36", "EW 28")."""
    found = hand_records.par_of(b.board) if b.shown else None
    if found is None:
        return []
    side, points = ("NS", found.score) if found.score >= 0 else ("EW", -found.score)
    return [format_tag("OptimumScore", f"{side} {points}")]


BOARD_SECTIONS: list[Callable[[PbnBoard], list[str]]] = [
    _auction_section,
    _our_tags_section,
    _competition_section,
    _double_dummy_section,
    _par_section,
    _round_section,
    _score_table_section,
    _table_section,
]


# Every cell of a score table is one word, so a reader that splits its rows at spaces
# (endplay's does) reads each column right: the pairs by their ids, their names in the
# TotalScoreTable (last there) and in each board's seat tags.
SCORE_TABLE = [
    "Round\\2R",
    "Table\\2R",
    "PairId_NS\\3R",
    "PairId_EW\\3R",
    "Contract\\5L",
    "Declarer\\1R",
    "Result\\2R",
    "Score_NS\\7R",
    "Score_EW\\7R",
]


MP_COLUMNS = ["MP_NS\\5R", "MP_EW\\5R", "Percentage_NS\\6R", "Percentage_EW\\6R"]

# An individual's ScoreTable names each line's four players by number in the
# standard's player columns (PBN 2.1 "PlayerId_North" ...), in place of the pairs'; its
# TotalScoreTable ranks them by "PlayerId" (docs/director/files.md, "PBN 2.1").
INDIVIDUAL_IDS = [
    "PlayerId_North\\2R",
    "PlayerId_East\\2R",
    "PlayerId_South\\2R",
    "PlayerId_West\\2R",
]


# Our own columns (PBN allows any): the contract in this app's notation (RS,
# 3SR, NULLO) or "Artificial:average" for a Law B line, and each side's gross.
OUR_COLUMNS = ["Contract_Auction\\18L", "Gross_NS\\5R", "Gross_EW\\5R"]


def _total_table(event: Event) -> list[str]:
    """``TotalScoreTable``: the standings with decimal scores (``191.6``, never
    ``958/5``), the exact fraction in our own column, the names last; a team match's
    totals."""
    if event.is_team_match:
        match = standings.team_match(event)
        if match is None:
            return []
        names = {t.label: str(t) for t in event.team_set.all()}
        ordered = sorted(match.teams.items(), key=lambda kv: -kv[1].score)
        totals: list[list[object]] = []
        for label, team_score in ordered:
            rank = "1" if match.winner in (label, None) else "2"
            total = team_score.score
            totals.append([rank, label, decimal_text(total), exact(total), names.get(label, label)])
        columns = ["Rank\\2R", "TeamId\\3R", "TotalScore\\8R", "Exact\\10R", "TeamName\\20L"]
        return format_table("TotalScoreTable", columns, totals).split("\n")
    if event.is_individual:
        return _individual_total_table(event)
    standing = standings.pair_contest(event)
    if not standing:
        return []
    mp = event.by_matchpoints
    rows: list[list[object]] = []
    for s in standing:
        row: list[object] = [s.direction or "All", s.rank, s.pair]
        if mp:
            row += [
                decimal_text(s.score),
                decimal_text(s.percent_value) if s.percent_value is not None else "-",
            ]
        else:
            row += [decimal_text(s.score)]
        row += [s.boards, s.exact, s.names or "?"]
        rows.append(row)
    # The names last: a reader that splits rows at spaces still reads every score.
    columns = ["Field\\3L", "Rank\\4R", "PairId\\3R"]
    columns += ["TotalMP\\7R", "TotalPercentage\\6R"] if mp else ["TotalScore\\8R"]
    columns += ["NrBoards\\2R", "Exact\\10R", "Names\\30L"]
    return format_table("TotalScoreTable", columns, rows).split("\n")


def _individual_total_table(event: Event) -> list[str]:
    """An individual's ``TotalScoreTable``: a row a player, one field, by ``PlayerId``
    (his number), the scores as the pairs' table gives them and his name last."""
    standing = individual_contest(event)
    if not standing:
        return []
    mp = event.by_matchpoints
    rows: list[list[object]] = []
    for s in standing:
        row: list[object] = [s.rank, s.pair, decimal_text(s.score)]
        if mp:
            row.append(decimal_text(s.percent_value) if s.percent_value is not None else "-")
        row += [s.boards, s.exact, s.names or "?"]
        rows.append(row)
    columns = ["Rank\\4R", "PlayerId\\2R"]
    columns += ["TotalMP\\7R", "TotalPercentage\\6R"] if mp else ["TotalScore\\8R"]
    columns += ["NrBoards\\2R", "Exact\\10R", "Names\\30L"]
    return format_table("TotalScoreTable", columns, rows).split("\n")


def _seat_names(event: Event) -> dict[str, tuple[str, str]]:
    """Each pair's two players by its label, in the order they were entered."""
    names: dict[str, list[str]] = {}
    rows = Player.objects.filter(pair__event=event).order_by("pair__label", "position")
    for label, name in rows.values_list("pair__label", "name"):
        names.setdefault(label, []).append(name or "?")
    seated: dict[str, tuple[str, str]] = {}
    for label, given in names.items():
        first, second = [*given, "?", "?"][:2]
        seated[label] = (first, second)
    return seated


def _representative(lines: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The line whose Declarer, Contract and Result the board's own tags give: the
    first table (round, then table) that recorded its auction, else the first
    table that played it; never an artificial (Law B) line."""
    played = [r for r in lines if not r["adjusted"]]
    return next((r for r in played if r["auction"]), played[0] if played else None)


def write_pbn(event: Event, *, boards: set[int] | None = None) -> str:
    """PBN 2.1 in export format: every board with its deal, its sections and its
    ScoreTable, the standings (or the team totals) with the first board.

    ``boards``: only these boards' deals and score tables; the others are
    listed with ``Deal "?"`` and no result (the public while the event is played).

    The mandatory tags come first in the standard's order, ``"?"`` for what is
    unknown; ``Declarer``/``Contract``/``Result`` are those of the representative
    line (:func:`_representative`).  ``Scoring`` names the code of laws
    ("Auction;WhistClub1915"), no scoring a reader knows, so none rescores it as
    contract bridge; Auction Bridge has no vulnerability (``Vulnerable "None"``).
    ``Score_NS`` is North-South's signed net score (``Score_EW`` its negative),
    an artificial (Law B) line has ``-`` for contract, declarer and result and
    its artificial score marked in ``Contract_Auction``.  Lines end CRLF.
    """
    date = event.date.strftime("%Y.%m.%d")
    live = live_lines(event)
    inputs = [standings.board_result(r) for r in live]
    compared = standings.compare(event, inputs)
    by_board: dict[int, list[tuple[dict[str, Any], Any]]] = {}
    for r, line in zip(live, compared, strict=True):
        by_board.setdefault(r["board__number"], []).append((r, line))
    out = [
        "% PBN 2.1",
        "% EXPORT",
        # The character set, as PBN 2.1's escape lines name it: UTF-8, not the
        # standard's default ISO 8859-1, so a name in any script reads right.
        "%Content-type: text/x-pbn; charset=UTF-8",
        "%Creator: Duplicate Auction",
        f"% Duplicate Auction: {printing_text(event.name)}",
        "",
    ]
    seated = _seat_names(event)
    try:
        movement: Movement | None = services.movement_for(event)
    except MovementError:  # an event built outside the movement library (an import)
        movement = None
    for i, board in enumerate(Board.objects.filter(event=event).select_related("event")):
        shown = boards is None or board.number in boards
        pairs = by_board.get(board.number, []) if shown else []
        lines = [r for r, _ in pairs]
        told = _representative(lines)
        north, south = seated.get(told["ns__label"], ("?", "?")) if told else ("?", "?")
        east, west = seated.get(told["ew__label"], ("?", "?")) if told else ("?", "?")
        tags = {
            "Event": event.name or "?",
            "Site": "?",
            "Date": date,
            "Board": str(board.number),
            "West": west,
            "North": north,
            "East": east,
            "South": south,
            "Dealer": board.dealer,
            "Vulnerable": "None",
            "Deal": board.deal if shown and board.deal else "?",
            "Scoring": event.laws.pbn_scoring,
            "Declarer": (told["declarer"] or "?") if told else "?",
            "Contract": standard_contract(told["contract"]) if told else "?",
            "Result": str(told["tricks"]) if told and told["tricks"] is not None else "?",
        }
        out += [format_tag(k, tags[k]) for k in MANDATORY_TAGS]
        b = PbnBoard(
            event, board, lines, [c for _, c in pairs], told, shown, movement if i == 0 else None
        )
        for section in BOARD_SECTIONS:
            out += section(b)
        if i == 0:
            out += _total_table(event)
        out.append("")
    return "\r\n".join(out) + "\r\n"
