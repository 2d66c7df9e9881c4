"""USEBIO read as two real importers read it: Cobalt's (abftech/cobalt, the ABF's
results site: ``results/views/usebio.py``, ``results/views/results_views.py`` and the
club upload in ``organisations/views/club_menu_tabs/results.py``) and ImportUsebio
(marcshearer/ImportUsebio, the EBU master-point importer: ``Usebio Parser.swift``
and ``Score Data.swift``).

Each reader is written here as our own checks of the facts their public code
states (which element or attribute it reads, how it parses it, what it refuses),
never as their code; each check fails the way that reader would (a missing
element is a ``KeyError`` in Cobalt, an unknown event type a refusal, a date not
``dd/mm/yyyy`` a crash in ImportUsebio).  Run on a pair contest by total points,
the same contest by matchpoints, and a team match.
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

import pytest

from scoring.cards import format_pbn_deal, parse_pbn_deal
from scoring.pbn import decimal_text
from tournament.exports.usebio import write_usebio
from tournament.models import Board
from tournament.queries import standings

pytestmark = pytest.mark.django_db

# Cobalt's ResultsFile.EventType: the event types its upload takes; any other is
# refused with "Event type '...' is not currently supported" before anything is read.
COBALT_EVENT_TYPES = {"MP_PAIRS", "CROSS_IMP", "BUTLER_PAIRS"}
# ImportUsebio's EventType cases it marks as supported (matched lower-cased).
IMPORTUSEBIO_SUPPORTED = {
    "swiss_pairs",
    "swiss_teams",
    "mp_pairs",
    "pairs",
    "cross_imps",
    "teams",
    "individual",
    "teams_of_four",
    "head_to_head",
}
# ImportUsebio's ScoringMethod cases (lower-cased, spaces as underscores); any other
# BOARD_SCORING_METHOD, or none, is read as percentages for a pair event.
IMPORTUSEBIO_SCORING = {"vps", "imps", "match_points", "percentage", "cross_imps", "aggregate"}
COBALT_CONTRACT = re.compile(r"[1-7](NT|S|H|D|C)(XX|X)?")


@dataclass
class CobaltRead:
    refused: str | None = None  # the upload's message when it refuses the file
    description: str = ""
    date: datetime.date | None = None
    pairs: dict[str, dict] = field(default_factory=dict)
    boards: dict[int, list[dict]] = field(default_factory=dict)
    hands: dict[int, dict[str, dict[str, str]]] = field(default_factory=dict)


def cobalt_reads(xml: bytes) -> CobaltRead:
    """What Cobalt takes from the file: the upload, the summary, a pair's boards and a
    board's hands, each field read as its code reads it (a missing one fails)."""
    usebio = ET.fromstring(xml)
    assert usebio.tag == "USEBIO"
    event = usebio.find("EVENT")
    assert event is not None
    read = CobaltRead()
    # The upload: description and date first; a date not dd/mm/yyyy (or dd-mm-yyyy)
    # silently becomes today, which would file the event on the wrong day.
    read.description = event.findtext("EVENT_DESCRIPTION")
    read.date = datetime.datetime.strptime(event.findtext("DATE"), "%d/%m/%Y").date()
    kind = event.get("EVENT_TYPE")
    if kind not in COBALT_EVENT_TYPES:
        read.refused = f"Event type '{kind}' is not currently supported."
        return read
    # The summary: WINNER_TYPE "1" (one field) or "2" (North-South and East-West).
    winner_type = event.findtext("WINNER_TYPE")
    assert winner_type in ("1", "2"), f"usebio winner type of {winner_type} not supported"
    for pair in event.findall("PARTICIPANTS/PAIR"):
        players = pair.findall("PLAYER")
        assert len(players) >= 2  # item["PLAYER"][0] and [1]
        names = []
        for player in players[:2]:
            name = player.find("PLAYER_NAME")
            assert name is not None and name.text  # .title() on the text
            assert player.find("NATIONAL_ID_NUMBER") is not None  # player["NATIONAL_ID..."]
            names.append(name.text)
        number = pair.find("PAIR_NUMBER").text
        row = {
            "names": names,
            "place": int(pair.find("PLACE").text),
            "masterpoints": int(pair.findtext("MASTER_POINTS_AWARDED", "0")) / 100,
            "percentage": pair.find("PERCENTAGE").text,  # item["PERCENTAGE"]
        }
        if winner_type == "2":
            row["direction"] = pair.find("DIRECTION").text
            assert row["direction"] in ("NS", "EW")
        float(row["percentage"])
        read.pairs[number] = row
    # A pair's boards and a board's traveller.
    for board in event.findall("BOARD"):
        number = int(board.find("BOARD_NUMBER").text)
        lines = []
        for line in board.findall("TRAVELLER_LINE"):
            ns, ew = line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER")
            assert ns in read.pairs and ew in read.pairs
            contract = line.findtext("CONTRACT")
            if contract:  # its board view parses the contract for its card player
                assert COBALT_CONTRACT.fullmatch(contract), contract
                assert line.findtext("PLAYED_BY") in ("N", "E", "S", "W")
            lines.append(
                {
                    "ns": ns,
                    "ew": ew,
                    "contract": contract,
                    "score": line.findtext("SCORE"),
                    "ns_mp": float(line.find("NS_MATCH_POINTS").text),
                    "ew_mp": float(line.find("EW_MATCH_POINTS").text),
                }
            )
        read.boards[number] = lines
    # The board view: no HANDSET is "No Board Data Available"; each HAND by its
    # DIRECTION's full name, each suit's cards (an empty suit read as none).
    for board in usebio.findall("HANDSET/BOARD"):
        hands = {}
        for hand in board.findall("HAND"):
            suits = {s: hand.find(s).text or "" for s in ("CLUBS", "DIAMONDS", "HEARTS", "SPADES")}
            hands[hand.find("DIRECTION").text] = suits
        assert set(hands) == {"North", "East", "South", "West"}
        read.hands[int(board.find("BOARD_NUMBER").text)] = hands
    return read


@dataclass
class ImportUsebioRead:
    version: str
    event_type: str
    supported: bool
    scoring: str | None
    date: datetime.date
    identifier: str | None
    program: str | None
    winner_type: int
    boards: int | None
    participants: list[dict] = field(default_factory=list)


def importusebio_reads(xml: bytes) -> ImportUsebioRead:
    """What ImportUsebio takes: version, event type, scoring, date, the participants
    with their place and score (the last of TOTAL_SCORE and PERCENTAGE it meets); an
    individual's participants are PLAYER elements, each with his PLAYER_NUMBER,
    PLAYER_NAME and NATIONAL_ID_NUMBER (its BOARDS_PLAYED it reads for a pair only)."""
    usebio = ET.fromstring(xml)
    event = usebio.find("EVENT")
    kind = event.get("EVENT_TYPE", "INVALID").lower()
    scoring_text = event.findtext("BOARD_SCORING_METHOD")
    scoring = scoring_text.lower().replace(" ", "_") if scoring_text else None
    if scoring not in IMPORTUSEBIO_SCORING:
        scoring = None
    read = ImportUsebioRead(
        version=usebio.get("Version"),
        event_type=kind,
        supported=kind in IMPORTUSEBIO_SUPPORTED,
        scoring=scoring,
        # A forced unwrap of dd/MM/yyyy: any other date stops the import.
        date=datetime.datetime.strptime(event.findtext("DATE"), "%d/%m/%Y").date(),
        identifier=event.findtext("EVENT_IDENTIFIER"),
        program=event.findtext("PROGRAM_NAME"),
        winner_type=int(event.findtext("WINNER_TYPE", "0")),
        boards=int(event.findtext("BOARDS_PLAYED"))
        if event.find("BOARDS_PLAYED") is not None
        else None,
    )
    for el in event.find("PARTICIPANTS"):
        who: dict = {"kind": el.tag}
        if el.tag == "TEAM":  # number and name are attributes of TEAM
            who["number"], who["name"] = el.get("TEAM_ID"), el.get("TEAM_NAME")
            who["pairs"] = [p.findtext("PAIR_NUMBER") for p in el.findall("PAIR")]
        elif el.tag == "PLAYER":  # an individual's: the player is the participant
            who["number"] = el.findtext("PLAYER_NUMBER")
            who["name"] = el.findtext("PLAYER_NAME")
            who["national"] = el.findtext("NATIONAL_ID_NUMBER") or None
        else:
            who["number"] = el.findtext("PAIR_NUMBER")
            if el.find("BOARDS_PLAYED") is not None:
                who["boards"] = int(el.findtext("BOARDS_PLAYED"))
        for child in el:
            if child.tag == "PLACE":
                who["place"] = int(child.text.replace("=", ""))
            elif child.tag in ("TOTAL_SCORE", "PERCENTAGE"):
                who["score"] = float(child.text)
        read.participants.append(who)
    return read


@pytest.fixture
def matchpoints(demo):
    pairs, _ = demo
    pairs.method = "matchpoints"
    pairs.save(update_fields=["method"])
    return pairs


def _places(event):
    return {s.pair: int(s.rank.rstrip("=")) for s in standings.pair_contest(event)}


def test_cobalt_reads_a_matchpoint_pair_contest(matchpoints):
    read = cobalt_reads(write_usebio(matchpoints))
    assert read.refused is None
    assert read.description == matchpoints.name and read.date == matchpoints.date
    table = standings.pair_contest(matchpoints)
    assert set(read.pairs) == {s.pair for s in table}
    for s in table:
        row = read.pairs[s.pair]
        assert row["percentage"] == decimal_text(s.percent_value)
        assert row["place"] == int(s.rank.rstrip("="))
        assert row["direction"] == s.direction  # a Mitchell: two fields, WINNER_TYPE 2
        assert row["masterpoints"] == 0
        assert row["names"] == s.names.split(" & ")
    # Matchpoints on every line, each line's two adding to the board's top.
    assert sum(len(lines) for lines in read.boards.values()) == 75
    for lines in read.boards.values():
        assert len({line["ns_mp"] + line["ew_mp"] for line in lines}) == 1
    # The hands, equal to the deal dealt.
    for board in Board.objects.filter(event=matchpoints):
        hands = read.hands[board.number]
        order = ("North", "East", "South", "West")
        deal = "N:" + " ".join(
            ".".join(hands[seat][s] for s in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))
            for seat in order
        )
        assert format_pbn_deal(parse_pbn_deal(deal)) == board.deal


def test_cobalt_refuses_a_total_points_contest_and_a_team_match_by_their_type(demo):
    # Cobalt knows matchpoint pairs and two IMP forms only: a total-points contest
    # (Law H) or a Law G team match is refused by its type, with its message, and
    # never read as percentages that are not there.
    for event, kind in zip(demo, ("PAIRS", "TEAMS"), strict=True):
        read = cobalt_reads(write_usebio(event))
        assert read.refused == f"Event type '{kind}' is not currently supported."
        assert read.description == event.name and read.date == event.date


def test_importusebio_reads_a_total_points_pair_contest(demo):
    pairs, _ = demo
    read = importusebio_reads(write_usebio(pairs))
    assert read.version == "1.2" and read.supported and read.event_type == "pairs"
    assert read.scoring == "aggregate"  # not taken for percentages
    assert read.date == pairs.date and read.identifier == str(pairs.pk)
    assert read.program == "Duplicate Auction" and read.winner_type == 2
    assert read.boards == 15
    table = {s.pair: s for s in standings.pair_contest(pairs)}
    assert {p["number"] for p in read.participants} == set(table)
    for p in read.participants:
        s = table[p["number"]]
        assert p["score"] == float(decimal_text(s.score))  # total points, e.g. 191.6
        assert p["place"] == int(s.rank.rstrip("="))
        assert p["boards"] == s.boards


def test_importusebio_reads_a_matchpoint_pair_contest(matchpoints):
    read = importusebio_reads(write_usebio(matchpoints))
    assert read.supported and read.event_type == "mp_pairs" and read.scoring == "match_points"
    table = {s.pair: s for s in standings.pair_contest(matchpoints)}
    for p in read.participants:
        # The percentage comes after the matchpoint total: the score it keeps.
        assert p["score"] == float(decimal_text(table[p["number"]].percent_value))


def test_importusebio_reads_a_team_match(demo):
    _, team = demo
    read = importusebio_reads(write_usebio(team))
    assert read.supported and read.event_type == "teams" and read.scoring == "aggregate"
    assert read.winner_type == 1
    match = standings.team_match(team)
    names = {t.label: str(t) for t in team.team_set.all()}
    assert {(p["number"], p["name"]) for p in read.participants} == set(names.items())
    for p in read.participants:
        assert p["kind"] == "TEAM"
        # Law G's exact score as a decimal: 496/3 is 165.33.
        assert p["score"] == float(decimal_text(match.teams[p["number"]].score))
        assert p["place"] == (1 if match.winner in (p["number"], None) else 2)
        assert len(p["pairs"]) == 3
