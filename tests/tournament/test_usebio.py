"""USEBIO 1.2 export: the layout we write, element by element.

The EBU's DTD (``usebio_v1_2.dtd``) could not be fetched here, so it is not
validated against; the layout below is the one the files written by the scoring
programs show and the readers take (``test_usebio_readers.py`` reads it as
Cobalt and ImportUsebio do): for each element, its children in order, each
required ("1"), optional ("?"), repeated ("*") or repeated at least once ("+");
text-only elements have none.
"""

import xml.etree.ElementTree as ET

import pytest

from tournament import exports, services
from tournament.exports.usebio import adjusted_score, place_number, write_usebio
from tournament.services import Actor

from ..factories import enter

pytestmark = pytest.mark.django_db

STRUCTURE: dict[str, list[tuple[str, str]]] = {
    "USEBIO": [("CLUB", "1"), ("EVENT", "1"), ("HANDSET", "?")],
    "CLUB": [("CLUB_NAME", "1")],
    "EVENT": [
        ("EVENT_IDENTIFIER", "1"),
        ("EVENT_DESCRIPTION", "1"),
        ("PROGRAM_NAME", "1"),
        ("PROGRAM_VERSION", "1"),
        ("WINNER_TYPE", "1"),
        ("DATE", "1"),
        ("BOARD_SCORING_METHOD", "1"),
        ("BOARDS_PLAYED", "1"),
        ("BOARDS_PER_ROUND", "?"),  # the movement's one element a reader takes
        ("PARTICIPANTS", "1"),
        ("BOARD", "*"),
    ],
    "PARTICIPANTS": [("TEAM", "*"), ("PAIR", "*")],
    "TEAM": [("TOTAL_SCORE", "?"), ("PLACE", "?"), ("PAIR", "+")],
    "PAIR": [
        ("PAIR_NUMBER", "1"),
        ("DIRECTION", "?"),
        ("BOARDS_PLAYED", "?"),
        ("TOTAL_SCORE", "?"),
        ("PERCENTAGE", "?"),
        ("PLACE", "?"),
        ("MASTER_POINTS_AWARDED", "?"),
        ("PLAYER", "+"),
    ],
    "PLAYER": [("PLAYER_NAME", "1"), ("NATIONAL_ID_NUMBER", "1")],
    "BOARD": [("BOARD_NUMBER", "1"), ("HAND", "*"), ("TRAVELLER_LINE", "*")],
    "HANDSET": [("BOARD", "+")],
    "HAND": [
        ("DIRECTION", "1"),
        ("CLUBS", "1"),
        ("DIAMONDS", "1"),
        ("HEARTS", "1"),
        ("SPADES", "1"),
    ],
    "TRAVELLER_LINE": [
        ("NS_PAIR_NUMBER", "1"),
        ("EW_PAIR_NUMBER", "1"),
        ("CONTRACT", "?"),
        ("PLAYED_BY", "?"),
        ("TRICKS", "?"),
        ("SCORE", "?"),  # none on a weighted line (test_usebio_club.py)
        ("NS_MATCH_POINTS", "?"),
        ("EW_MATCH_POINTS", "?"),
        ("NS_SCORE", "?"),
        ("EW_SCORE", "?"),
    ],
}
# Elements that may be empty: a national number the club has not given, a void suit.
MAY_BE_EMPTY = {"NATIONAL_ID_NUMBER", "CLUBS", "DIAMONDS", "HEARTS", "SPADES"}
REQUIRED_ATTRIBUTES = {
    "USEBIO": {"Version"},
    "EVENT": {"EVENT_TYPE"},
    "TEAM": {"TEAM_ID", "TEAM_NAME"},
}


def check(el: ET.Element) -> None:
    """``el`` and its children follow STRUCTURE: order, counts, required attributes."""
    assert REQUIRED_ATTRIBUTES.get(el.tag, set()) <= set(el.attrib), el.tag
    spec = STRUCTURE.get(el.tag)
    if spec is None:  # a text element
        assert len(el) == 0, el.tag
        assert el.tag in MAY_BE_EMPTY or (el.text or "").strip(), el.tag
        return
    children = [c.tag for c in el]
    pos = 0
    for name, count in spec:
        n = 0
        while pos < len(children) and children[pos] == name:
            pos, n = pos + 1, n + 1
        assert n >= (1 if count in "1+" else 0), f"{el.tag} lacks {name}"
        assert n <= (1 if count in "1?" else n), f"{el.tag} has {name} {n} times"
    assert pos == len(children), f"{el.tag}: {children[pos:]} out of order or unknown"
    for c in el:
        check(c)


def test_pair_contest_usebio_follows_the_structure(demo):
    pairs, _ = demo
    xml = write_usebio(pairs)
    assert xml.startswith(
        b'<?xml version="1.0" encoding="UTF-8"?>\n'
        b'<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">\n<USEBIO'
    )
    root = ET.fromstring(xml)
    check(root)
    assert root.get("Version") == "1.2"
    pairs_el = root.findall("EVENT/PARTICIPANTS/PAIR")
    assert len(pairs_el) == 10
    assert {p.findtext("TOTAL_SCORE") for p in pairs_el} >= {"191.6", "-315.4"}  # 958/5, -1577/5
    assert len(root.findall("EVENT/BOARD")) == 15
    assert len(root.findall("EVENT/BOARD/TRAVELLER_LINE")) == 75
    assert len(root.findall("HANDSET/BOARD")) == 15
    assert root.find("EVENT").get("EVENT_TYPE") == "PAIRS"
    assert root.findtext("EVENT/BOARD_SCORING_METHOD") == "AGGREGATE"
    assert root.find("EVENT/PARTICIPANTS/PAIR/PERCENTAGE") is None  # total points: none


def test_team_match_usebio(demo):
    _, team = demo
    root = ET.fromstring(write_usebio(team))
    check(root)
    assert root.find("EVENT").get("EVENT_TYPE") == "TEAMS"
    assert len(root.findall("EVENT/PARTICIPANTS/TEAM")) == 2


def test_usebio_keeps_unfinished_boards_hidden_and_escapes(demo):
    pairs, _ = demo
    pairs.name = '<Club> & "night"'
    pairs.save(update_fields=["name"])
    root = ET.fromstring(write_usebio(pairs, boards={2}))
    check(root)
    assert [b.findtext("BOARD_NUMBER") for b in root.findall("EVENT/BOARD")] == ["2"]
    assert [b.findtext("BOARD_NUMBER") for b in root.findall("HANDSET/BOARD")] == ["2"]
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == '<Club> & "night"'


def test_usebio_is_a_download(demo):
    assert "usebio" in exports.EXPORT_FORMATS
    assert exports.EXPORT_FORMATS["usebio"].render(demo[0]).startswith(b"<?xml")


def test_place_is_a_number_and_an_assigned_score_is_usebios_code():
    assert place_number("2=") == 2 and place_number("10") == 10
    assert adjusted_score("plus/minus", (60, 40)) == "A6040"
    assert adjusted_score("average/average", (60, 40)) == "A5050"
    assert adjusted_score("minus/plus", (70, 30)) == "A3070"
    # Law B's average to both pairs is half the board to each: USEBIO's A5050.
    assert adjusted_score("average", (60, 40)) == "A5050"
    assert adjusted_score("ns-lowest", (60, 40)) is None  # Law B: a real score in points
    assert adjusted_score("weighted", (60, 40)) is None


def test_adjusted_and_law_b_lines(event):
    # Board 1: table 1 in round 1 (4H S 10, +157), table 3 in round 2, table 2 in round 3.
    enter(event, 1, 1, 1, "4H S 10")
    services.apply_irregular(
        event,
        board_number=1,
        round_no=2,
        table=3,
        discovered="after-overplay",
        short_hand="S",
        surplus_with="partner",
        by=Actor.director(event.owner, "South held 12 cards"),
    )
    enter(event, 1, 3, 2, "4H S 8")  # -100
    enter(event, 2, 1, 1, "2S N 8")
    enter(event, 2, 2, 3, "2S N 8")
    services.adjust_score(
        event,
        board_number=2,
        round_no=2,
        table=3,
        adjusted="plus/minus",
        by=Actor.director(event.owner, "slow play"),
    )
    root = ET.fromstring(write_usebio(event))
    check(root)
    lines = {
        (b.findtext("BOARD_NUMBER"), t.findtext("NS_PAIR_NUMBER")): t
        for b in root.findall("EVENT/BOARD")
        for t in b.findall("TRAVELLER_LINE")
    }
    by_score = {t.findtext("SCORE"): t for t in lines.values()}
    # Law B: North-South's partner held the surplus, so they take the lowest NS score
    # made on the deal, -100, a real score in points: no contract, declarer or tricks.
    law_b = [t for (b, _), t in lines.items() if b == "1" and t.find("CONTRACT") is None]
    assert [t.findtext("SCORE") for t in law_b] == ["-100"]
    assert law_b[0].find("PLAYED_BY") is None and law_b[0].find("TRICKS") is None
    # The director's assigned score: average-plus to NS, average-minus to EW.
    assert "A6040" in by_score and by_score["A6040"].find("CONTRACT") is None
    assert by_score["157"].findtext("CONTRACT") == "4H"
    assert by_score["157"].findtext("PLAYED_BY") == "S"
    assert by_score["157"].findtext("TRICKS") == "10"
