"""USEBIO 1.2 export checked against the DTD's structure.

The DTD could not be fetched here, so the structure we follow is copied below:
for each element, its children in order, each required ("1"), optional ("?"),
repeated ("*") or repeated at least once ("+"); text-only elements have none.
This is the subset of USEBIO 1.2 we write (club, event, participants, boards,
traveller lines).
"""

import xml.etree.ElementTree as ET

import pytest

from tournament import exports
from tournament.exports.usebio import write_usebio

pytestmark = pytest.mark.django_db

STRUCTURE: dict[str, list[tuple[str, str]]] = {
    "USEBIO": [("CLUB", "?"), ("EVENT", "+")],
    "CLUB": [("CLUB_NAME", "1")],
    "EVENT": [
        ("EVENT_DESCRIPTION", "?"),
        ("DATE", "1"),
        ("BOARDS_PLAYED", "?"),
        ("SCORING_METHOD", "?"),
        ("PARTICIPANTS", "1"),
        ("BOARD", "*"),
    ],
    "PARTICIPANTS": [("PAIR", "*"), ("TEAM", "*")],
    "TEAM": [
        ("TEAM_NAME", "1"),
        ("TEAM_NUMBER", "?"),
        ("PLACE", "?"),
        ("TOTAL_SCORE", "?"),
        ("PAIR", "*"),
    ],
    "PAIR": [
        ("PAIR_NUMBER", "1"),
        ("DIRECTION", "?"),
        ("PLAYER", "+"),
        ("PLACE", "?"),
        ("PERCENTAGE", "?"),
        ("TOTAL_SCORE", "?"),
    ],
    "PLAYER": [("PLAYER_NAME", "1")],
    "BOARD": [("BOARD_NUMBER", "1"), ("TRAVELLER_LINE", "*")],
    "TRAVELLER_LINE": [
        ("NS_PAIR_NUMBER", "1"),
        ("EW_PAIR_NUMBER", "1"),
        ("CONTRACT", "1"),
        ("PLAYED_BY", "1"),
        ("TRICKS", "1"),
        ("SCORE", "1"),
        ("NS_MATCH_POINTS", "?"),
        ("EW_MATCH_POINTS", "?"),
        ("NS_SCORE", "?"),
        ("EW_SCORE", "?"),
    ],
}
REQUIRED_ATTRIBUTES = {"USEBIO": {"Version"}, "EVENT": {"EVENT_TYPE"}}


def check(el: ET.Element) -> None:
    """``el`` and its children follow STRUCTURE: order, counts, required attributes."""
    assert REQUIRED_ATTRIBUTES.get(el.tag, set()) <= set(el.attrib), el.tag
    spec = STRUCTURE.get(el.tag)
    if spec is None:  # a text element
        assert len(el) == 0 and (el.text or "").strip(), el.tag
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
    assert xml.startswith(b"<?xml version='1.0' encoding='utf-8'?>")
    root = ET.fromstring(xml)
    check(root)
    assert root.get("Version") == "1.2"
    pairs_el = root.findall("EVENT/PARTICIPANTS/PAIR")
    assert len(pairs_el) == 10
    assert {p.findtext("TOTAL_SCORE") for p in pairs_el} >= {"191.6", "-315.4"}  # 958/5, -1577/5
    assert len(root.findall("EVENT/BOARD")) == 15
    assert len(root.findall("EVENT/BOARD/TRAVELLER_LINE")) == 75


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
    assert root.findtext("EVENT/EVENT_DESCRIPTION") == '<Club> & "night"'


def test_usebio_is_a_download(demo):
    assert "usebio" in exports.EXPORT_FORMATS
    assert exports.EXPORT_FORMATS["usebio"].render(demo[0]).startswith(b"<?xml")
