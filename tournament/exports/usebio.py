"""USEBIO 1.2 XML: the results file that results sites and scoring programs ingest.

Written to the format as its readers take it (the fields, their names and
their values are listed, with the source each was checked against, in
``docs/director/files.md``): the ``DOCTYPE`` naming the EBU's DTD, the club
by its name in the club's record, then the event with its identifier, the
program that wrote it, its winner type (one field or two), the board scoring
method by USEBIO's name for it, its participants and its boards, and after the
event the hand set when the deals may be shown.

- A pair contest by matchpoints is an ``MP_PAIRS`` event scored
  ``MATCH_POINTS``: each pair's matchpoint total and its percentage.  By total
  points (Law H) it is a ``PAIRS`` event scored ``AGGREGATE``: the total points
  and no percentage, since there is none.  A team match is ``TEAMS``, scored
  ``AGGREGATE`` (Law G adds points, no IMPs): each team as the readers expect
  it, ``TEAM_ID`` and ``TEAM_NAME`` on the ``TEAM`` element.
- An individual is an ``INDIVIDUAL`` event (ImportUsebio's name for it, read as an
  event of players), scored ``MATCH_POINTS`` or ``AGGREGATE`` as a pair contest is,
  one field: its participants are ``PLAYER`` elements, each with his number, name,
  national number and standing, and each traveller line names its four players
  (:func:`_individual_players`, :func:`_traveller`).
- ``PLACE`` is a number (a shared place is its first number: ``2=`` is ``2``).
- Every pair has its two ``PLAYER`` elements, each with ``PLAYER_NAME`` and
  ``NATIONAL_ID_NUMBER``: the member's number when the club says its numbers
  are the national body's (``Club.national_numbers``), empty otherwise (a club's
  own number given to a reader that files results by national number, Cobalt,
  would credit whoever holds that number there), and empty for a player not on
  the register; ``MASTER_POINTS_AWARDED`` is ``0``: no master points are
  awarded here.
- A traveller line's ``SCORE`` is North-South's score in points, a whole number,
  or one of USEBIO's adjusted-score codes, ``A`` and each side's percentage
  (:func:`traveller_score`); a reader takes anything else for a code and reads
  its percentage from its second and third characters.  A royal bid or a nullo
  has no ``CONTRACT`` (a reader would score ``3S`` or ``1NT`` in its place as
  the plain contract); its declarer, tricks and score are given.

Scores are decimals (``191.6``) everywhere but ``SCORE``; the publication rule
holds: ``boards`` limits the boards, traveller lines and hands written
(:mod:`tournament.access`).  Written with the standard library's
:mod:`xml.etree.ElementTree`, which escapes every text.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from fractions import Fraction
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from typing import Any

from scoring.adjusted import WEIGHTED, parse_awards
from scoring.cards import RANKS, parse_pbn_deal
from scoring.movements.partnerships import partners
from scoring.pbn import decimal_text, standard_contract

from ..choices import Adjusted
from ..models import Board, Event, Individual, Player, Result
from ..queries import standings
from ..queries.individual_standings import individual_contest
from ..queries.standings import BOARD_RESULT_FIELDS, StandingRow, board_result

PROGRAM_NAME = "Duplicate Auction"
DOCTYPE = b'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n'
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
# A HAND's suits in the order the written files give them.
HAND_SUITS = (("CLUBS", "C"), ("DIAMONDS", "D"), ("HEARTS", "H"), ("SPADES", "S"))


def program_version() -> str:
    """The installed version of this program, for ``PROGRAM_VERSION``."""
    try:
        return package_version("duplicate-auction")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def _sub(parent: ET.Element, tag: str, text: object | None = None) -> ET.Element:
    el = ET.SubElement(parent, tag)
    if text is not None:
        el.text = str(text)
    return el


Seated = tuple[str, str]  # a player's name and national number ("" when none is given)


def _players(parent: ET.Element, players: list[Seated]) -> None:
    """A pair's two players: readers take a pair's first and second ``PLAYER``."""
    for name, number in [*players, ("", ""), ("", "")][:2]:
        player = _sub(parent, "PLAYER")
        _sub(player, "PLAYER_NAME", name or "?")
        _sub(player, "NATIONAL_ID_NUMBER", number or None)


def place_number(rank: str) -> int:
    """``PLACE`` as readers parse it, a whole number: ``"2="`` (a shared place) is 2."""
    return int(rank.rstrip("="))


def event_type(event: Event) -> tuple[str, str]:
    """The event's USEBIO ``EVENT_TYPE`` and ``BOARD_SCORING_METHOD``."""
    if event.is_team_match:
        return "TEAMS", "AGGREGATE"
    if event.is_individual:
        return "INDIVIDUAL", "MATCH_POINTS" if event.by_matchpoints else "AGGREGATE"
    if event.by_matchpoints:
        return "MP_PAIRS", "MATCH_POINTS"
    return "PAIRS", "AGGREGATE"


def write_usebio(event: Event, *, boards: set[int] | None = None) -> bytes:
    """The event as USEBIO 1.2 XML (UTF-8, with its XML declaration and DOCTYPE)."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = _sub(root, "CLUB")
    _sub(club, "CLUB_NAME", event.club.name or "?")
    kind, scoring_method = event_type(event)
    mp = scoring_method == "MATCH_POINTS"
    table: list[StandingRow] = []
    if event.is_individual:
        table = individual_contest(event)
    elif not event.is_team_match:
        table = standings.pair_contest(event)
    ev = ET.SubElement(root, "EVENT", {"EVENT_TYPE": kind})
    _sub(ev, "EVENT_IDENTIFIER", event.pk)
    _sub(ev, "EVENT_DESCRIPTION", event.name or "?")
    _sub(ev, "PROGRAM_NAME", PROGRAM_NAME)
    _sub(ev, "PROGRAM_VERSION", program_version())
    _sub(ev, "WINNER_TYPE", 2 if any(s.direction for s in table) else 1)
    _sub(ev, "DATE", event.date.strftime("%d/%m/%Y"))
    _sub(ev, "BOARD_SCORING_METHOD", scoring_method)
    _sub(ev, "BOARDS_PLAYED", event.board_set.count())
    # The one part of the movement the readers take (ImportUsebio reads it); the
    # schedule itself, its shared sets and bystand have no element a reader takes.
    _sub(ev, "BOARDS_PER_ROUND", event.boards_per_round)
    participants = _sub(ev, "PARTICIPANTS")
    national = event.club.national_numbers
    if event.is_individual:
        _individual_players(event, participants, table, mp, national)
        table = []  # the players are written: no pair to write
    players: dict[str, list[Seated]] = {}
    for label, name, number in (
        Player.objects.filter(pair__event=event)
        .order_by("pair__label", "position")
        .values_list("pair__label", "name", "member__number")
    ):
        players.setdefault(label, []).append((name, (number or "").strip() if national else ""))
    if event.is_team_match:
        _teams(event, participants, players)
    for s in table:
        p = _sub(participants, "PAIR")
        _sub(p, "PAIR_NUMBER", s.pair)
        if s.direction:
            _sub(p, "DIRECTION", s.direction)
        _sub(p, "BOARDS_PLAYED", s.boards)
        _sub(p, "TOTAL_SCORE", decimal_text(s.score))
        if mp and s.percent_value is not None:
            _sub(p, "PERCENTAGE", decimal_text(s.percent_value))
        _sub(p, "PLACE", place_number(s.rank))
        _sub(p, "MASTER_POINTS_AWARDED", 0)
        _players(p, players.get(s.pair, []))
    _boards(event, ev, boards, mp)
    _handset(event, root, boards)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + DOCTYPE + body.encode("utf-8") + b"\n"


def _individual_players(
    event: Event, participants: ET.Element, table: list[StandingRow], mp: bool, national: bool
) -> None:
    """An individual's participants, a ``PLAYER`` each in the standings' order: his
    number (``PLAYER_NUMBER``, which each traveller line's players name), his name and
    national number as a pair's players have them, then his standing as a pair's is
    written (boards, total, a matchpoint event's percentage, place)."""
    found = {
        label: (name, (number or "").strip() if national else "")
        for label, name, number in Individual.objects.filter(event=event).values_list(
            "label", "name", "member__number"
        )
    }
    for s in table:
        name, number = found.get(s.pair, ("", ""))
        p = _sub(participants, "PLAYER")
        _sub(p, "PLAYER_NUMBER", s.pair)
        _sub(p, "PLAYER_NAME", name or "?")
        _sub(p, "NATIONAL_ID_NUMBER", number or None)
        _sub(p, "BOARDS_PLAYED", s.boards)
        _sub(p, "TOTAL_SCORE", decimal_text(s.score))
        if mp and s.percent_value is not None:
            _sub(p, "PERCENTAGE", decimal_text(s.percent_value))
        _sub(p, "PLACE", place_number(s.rank))
        _sub(p, "MASTER_POINTS_AWARDED", 0)


# An individual's traveller line: its four players by number, in place of its pairs.
LINE_PLAYERS = (
    ("NORTH_PLAYER_NUMBER", 0),
    ("EAST_PLAYER_NUMBER", 1),
    ("SOUTH_PLAYER_NUMBER", 2),
    ("WEST_PLAYER_NUMBER", 3),
)


def _teams(event: Event, participants: ET.Element, players: dict[str, list[Seated]]) -> None:
    match = standings.team_match(event)
    for team in event.team_set.all():
        t = ET.SubElement(participants, "TEAM", {"TEAM_ID": team.label, "TEAM_NAME": str(team)})
        if match is not None:
            team_score = match.teams.get(team.label)
            if team_score is not None:
                _sub(t, "TOTAL_SCORE", decimal_text(team_score.score))
            _sub(t, "PLACE", 1 if match.winner in (team.label, None) else 2)
        for pair in team.pair_set.order_by("label"):
            p = _sub(t, "PAIR")
            _sub(p, "PAIR_NUMBER", pair.label)
            _players(p, players.get(pair.label, []))


def _boards(event: Event, ev: ET.Element, boards: set[int] | None, mp: bool) -> None:
    lines = list(
        Result.objects.filter(event=event)
        .live()
        .order_by("board__number", "round", "table")
        .values("contract", "declarer", "tricks", *BOARD_RESULT_FIELDS)
    )
    inputs = [board_result(r) for r in lines]
    compared = standings.compare(event, inputs)
    values = event.adjusted_values
    current: dict[int, ET.Element] = {}
    for r, line in zip(lines, compared, strict=True):
        n = r["board__number"]
        if boards is not None and n not in boards:
            continue
        if line.ns_score is None:
            continue  # not played: no traveller line, as for an absent table
        if n not in current:
            current[n] = _sub(ev, "BOARD")
            _sub(current[n], "BOARD_NUMBER", n)
        _traveller(
            current[n],
            r,
            line,
            mp,
            (values.plus_percent, values.minus_percent),
            individual=event.is_individual,
        )


def adjusted_score(adjusted: str, percents: tuple[int, int]) -> str | None:
    """USEBIO's code for an adjusted score that is a percentage of the board to each
    side: ``A``, North-South's percentage and East-West's (``A6040``: average-plus to
    North-South, average-minus to East-West).  A director's assigned score is one; so is
    Law B's average to both pairs (``A5050``: half the top each in matchpoints, the
    board's average each in total points).  None for anything else (Law B's lowest and
    highest are real scores, a weighted score is parts of several)."""
    if adjusted == Adjusted.AVERAGE:
        return "A5050"
    awards = parse_awards(adjusted)
    if awards is None:
        return None
    plus, minus = percents
    value = {"plus": plus, "average": 50, "minus": minus}
    return "A" + "".join(f"{value[a]:02d}" for a in awards)


def traveller_score(adjusted: str | None, net_ns: Any, percents: tuple[int, int]) -> str | None:
    """A traveller line's ``SCORE``: North-South's net score, a whole number of points,
    or USEBIO's adjusted-score code (:func:`adjusted_score`); None, and no ``SCORE``,
    for a line that has neither: a weighted score (parts of several results, compared
    part by part, so no one number rescores it) or any score that is not whole.  The
    line's matchpoints, or its points against the average, are written beside it."""
    if adjusted:
        code = adjusted_score(adjusted, percents)
        if code is not None:
            return code
        if adjusted == WEIGHTED:
            return None
    if net_ns is None:
        return None
    net = Fraction(net_ns)
    return str(net.numerator) if net.denominator == 1 else None


def _traveller(
    board: ET.Element,
    r: Mapping[str, Any],
    line: Any,
    mp: bool,
    percents: tuple[int, int],
    *,
    individual: bool = False,
) -> None:
    """A traveller line: its pairs, or an individual's four players (North, East,
    South, West, each his ``PLAYER_NUMBER``, read off its partnerships' labels), then
    the contract, the score and each side's comparison."""
    t = _sub(board, "TRAVELLER_LINE")
    if individual:
        north, south = partners(r["ns__label"])
        east, west = partners(r["ew__label"])
        seated = (north, east, south, west)
        for element, at in LINE_PLAYERS:
            _sub(t, element, seated[at])
    else:
        _sub(t, "NS_PAIR_NUMBER", r["ns__label"])
        _sub(t, "EW_PAIR_NUMBER", r["ew__label"])
    if not r["adjusted"]:
        contract = standard_contract(r["contract"])
        if contract != "?":  # a royal bid or a nullo has no USEBIO contract: left out
            _sub(t, "CONTRACT", contract)
        if r["declarer"]:
            _sub(t, "PLAYED_BY", r["declarer"])
        if r["tricks"] is not None:
            _sub(t, "TRICKS", r["tricks"])
    score = traveller_score(r["adjusted"], line.net_ns, percents)
    if score is not None:
        _sub(t, "SCORE", score)
    if mp:
        _sub(t, "NS_MATCH_POINTS", decimal_text(line.ns_score))
        _sub(t, "EW_MATCH_POINTS", decimal_text(line.ew_score))
    else:
        _sub(t, "NS_SCORE", decimal_text(line.ns_score))
        _sub(t, "EW_SCORE", decimal_text(line.ew_score))


def _handset(event: Event, root: ET.Element, boards: set[int] | None) -> None:
    """``HANDSET``: each board's four hands, when its deal is known and may be shown."""
    known = [
        b
        for b in Board.objects.filter(event=event).exclude(deal="")
        if boards is None or b.number in boards
    ]
    if not known:
        return
    handset = _sub(root, "HANDSET")
    for board in known:
        deal = parse_pbn_deal(board.deal)
        b = _sub(handset, "BOARD")
        _sub(b, "BOARD_NUMBER", board.number)
        for seat, name in SEAT_NAMES.items():
            hand = _sub(b, "HAND")
            _sub(hand, "DIRECTION", name)
            for element, suit in HAND_SUITS:
                _sub(hand, element, "".join(r for r in RANKS if suit + r in deal[seat]))
