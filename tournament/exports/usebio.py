"""USEBIO 1.2 XML: the results file that results sites and scoring programs ingest.

Written with the standard library's :mod:`xml.etree.ElementTree` (it escapes
every text; no validator is needed to write a few fixed elements).  The
elements follow the USEBIO 1.2 DTD's order (a copy of the structure we follow
is in ``tests/tournament/test_usebio.py``): the club, then the event with its
participants (pairs with place, percentage or total score; or the two teams with
their scores) and its boards, each with its traveller lines.  Scores are
decimals (``191.6``); the publication rule holds: ``boards`` limits the boards
and traveller lines written (:mod:`tournament.access`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping
from typing import Any

from scoring.pbn import decimal_text, standard_contract

from ..models import Event, Player, Result
from ..queries import standings
from ..queries.standings import BOARD_RESULT_FIELDS, board_result

CLUB_NAME = "Duplicate Auction club"


def _sub(parent: ET.Element, tag: str, text: object | None = None) -> ET.Element:
    el = ET.SubElement(parent, tag)
    if text is not None:
        el.text = str(text)
    return el


def _players(parent: ET.Element, names: list[str]) -> None:
    for name in names or ["?"]:
        player = _sub(parent, "PLAYER")
        _sub(player, "PLAYER_NAME", name or "?")


def write_usebio(event: Event, *, boards: set[int] | None = None) -> bytes:
    """The event as USEBIO 1.2 XML (UTF-8, with its XML declaration)."""
    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = _sub(root, "CLUB")
    _sub(club, "CLUB_NAME", CLUB_NAME)
    kind = "TEAMS" if event.is_team_match else "PAIRS"
    ev = ET.SubElement(root, "EVENT", {"EVENT_TYPE": kind})
    _sub(ev, "EVENT_DESCRIPTION", event.name or "?")
    _sub(ev, "DATE", event.date.strftime("%d/%m/%Y"))
    _sub(ev, "BOARDS_PLAYED", event.board_set.count())
    mp = event.method == "matchpoints" and not event.is_team_match
    _sub(ev, "SCORING_METHOD", "MATCH_POINTS" if mp else "AGGREGATE")
    participants = _sub(ev, "PARTICIPANTS")
    players: dict[str, list[str]] = {}
    for label, name in (
        Player.objects.filter(pair__event=event)
        .order_by("pair__label", "position")
        .values_list("pair__label", "name")
    ):
        players.setdefault(label, []).append(name)
    if event.is_team_match:
        match = standings.team_match(event)
        for team in event.team_set.all():
            t = _sub(participants, "TEAM")
            _sub(t, "TEAM_NAME", str(team))
            _sub(t, "TEAM_NUMBER", team.label)
            if match is not None:
                team_score = match.teams.get(team.label)
                place = 1 if match.winner in (team.label, None) else 2
                _sub(t, "PLACE", place)
                if team_score is not None:
                    _sub(t, "TOTAL_SCORE", decimal_text(team_score.score))
            for pair in team.pair_set.order_by("label"):
                p = _sub(t, "PAIR")
                _sub(p, "PAIR_NUMBER", pair.label)
                _players(p, players.get(pair.label, []))
    else:
        for s in standings.pair_contest(event):
            p = _sub(participants, "PAIR")
            _sub(p, "PAIR_NUMBER", s.pair)
            if s.direction:
                _sub(p, "DIRECTION", {"NS": "NS", "EW": "EW"}[s.direction])
            _players(p, players.get(s.pair, []))
            _sub(p, "PLACE", s.rank)
            if mp and s.percent_value is not None:
                _sub(p, "PERCENTAGE", decimal_text(s.percent_value))
            _sub(p, "TOTAL_SCORE", decimal_text(s.score))
    lines = list(
        Result.objects.filter(event=event)
        .live()
        .order_by("board__number", "round", "table")
        .values("contract", "declarer", "tricks", *BOARD_RESULT_FIELDS)
    )
    inputs = [board_result(r) for r in lines]
    compared = standings.compare(event, inputs)
    current: dict[int, ET.Element] = {}
    for r, line in zip(lines, compared, strict=True):
        n = r["board__number"]
        if boards is not None and n not in boards:
            continue
        if n not in current:
            current[n] = _sub(ev, "BOARD")
            _sub(current[n], "BOARD_NUMBER", n)
        _traveller(current[n], r, line, mp)
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def _traveller(board: ET.Element, r: Mapping[str, Any], line: Any, mp: bool) -> None:
    if line.ns_score is None:
        return  # not played: no traveller line, as for an absent table
    t = _sub(board, "TRAVELLER_LINE")
    _sub(t, "NS_PAIR_NUMBER", r["ns__label"])
    _sub(t, "EW_PAIR_NUMBER", r["ew__label"])
    if r["adjusted"]:
        _sub(t, "CONTRACT", "-")
        _sub(t, "PLAYED_BY", "-")
        _sub(t, "TRICKS", "-")
        # Artificial (Law B, a weighted score: the score compared) or assigned (none).
        _sub(t, "SCORE", "A" + (decimal_text(line.net_ns) if line.net_ns is not None else ""))
    else:
        _sub(t, "CONTRACT", standard_contract(r["contract"]))
        _sub(t, "PLAYED_BY", r["declarer"] or "-")
        _sub(t, "TRICKS", r["tricks"] if r["tricks"] is not None else "-")
        _sub(t, "SCORE", decimal_text(line.net_ns))
    if mp:
        _sub(t, "NS_MATCH_POINTS", decimal_text(line.ns_score))
        _sub(t, "EW_MATCH_POINTS", decimal_text(line.ew_score))
    else:
        _sub(t, "NS_SCORE", decimal_text(line.ns_score))
        _sub(t, "EW_SCORE", decimal_text(line.ew_score))
