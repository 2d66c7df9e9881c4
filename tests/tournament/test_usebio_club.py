"""USEBIO as a national body's importer takes it: the club by its name, each player's
national number when the club's numbers are national ones, and every ``SCORE`` a
whole number or one of USEBIO's adjusted-score codes.

The facts each check encodes, from the importers' public code (our own checks of
what it does, never its code):

- Cobalt (abftech/cobalt, the ABF's results site), ``results/views/results_views.py``:
  a traveller line's ``SCORE`` is tried as ``int(score)``; when that fails the text
  is taken for an adjusted score and its percentage read as ``int(score[1:3])``
  ("USEBIO says it should be A5050 or similar"), so ``6.67`` crashes the board page
  (``int(".6")``); a missing ``SCORE`` is ``None``, which ``int()`` refuses with a
  ``TypeError`` it catches, and the line's percentage then comes from its
  ``NS_MATCH_POINTS`` and ``EW_MATCH_POINTS``, read with ``float()``.  Its pair
  summary shows any ``SCORE`` starting with ``A`` as "ADJ".
- Cobalt, ``results/views/results_views.py`` and the club upload
  (``organisations/views/club_menu_tabs/results.py``): each player's number is
  ``int(item["PLAYER"][0]["NATIONAL_ID_NUMBER"])`` inside ``except TypeError``: an
  empty element (``None`` as xmltodict reads it) is "no number", digits are the
  ABF number its results and e-mails are filed under, anything else is a
  ``ValueError`` nothing catches.  ``results/views/usebio.py`` makes a player's
  result record only when the number is not empty.  Cobalt files the upload under
  the club that uploads it: it does not read ``CLUB_NAME``.
- ImportUsebio (marcshearer/ImportUsebio, the EBU's master-point importer),
  ``Usebio Parser.swift`` and ``Validation.swift``: ``CLUB_NAME`` is the name of the
  file's club, and a file with no ``CLUB`` ("No clubs found") or with two is
  refused; ``NATIONAL_ID_NUMBER`` is kept as text, and an empty one or ``0`` is a
  missing number (a warning: the player earns no master points), as is one not in
  its member list.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from tournament import services
from tournament.exports.usebio import traveller_score, write_usebio
from tournament.models import Member, Player
from tournament.services import Actor

from ..factories import enter, make_event
from .test_usebio import check

pytestmark = pytest.mark.django_db

ADJUSTED_CODE = re.compile(r"A\d{4}")  # A, North-South's percentage, East-West's


def cobalt_score(text: str | None) -> tuple[str, int | None]:
    """A line's ``SCORE`` as Cobalt's board page reads it: ("score", n) for a whole
    number, ("adjusted", percent) for a code, ("none", None) when there is none.  Any
    other text fails here as it does there (``int(score[1:3])``)."""
    if text is None:
        return "none", None
    try:
        return "score", int(text)
    except ValueError:
        return "adjusted", int(text[1:3])


def cobalt_number(player: ET.Element) -> int | None:
    """A player's ``NATIONAL_ID_NUMBER`` as Cobalt reads it (an empty one is None)."""
    element = player.find("NATIONAL_ID_NUMBER")
    assert element is not None  # player["NATIONAL_ID_NUMBER"]: a KeyError without it
    try:
        return int(element.text)  # type: ignore[arg-type]
    except TypeError:  # empty: xmltodict reads it as None
        return None


def importusebio_club(xml: bytes) -> str:
    """The club's name as ImportUsebio keeps it, after its one-club check."""
    clubs = ET.fromstring(xml).findall("CLUB")
    assert len(clubs) == 1, "No clubs found" if not clubs else "File contains more than 1 club"
    return clubs[0].findtext("CLUB_NAME") or ""


def with_members(event, numbers: dict[str, str]) -> None:
    """Each player named in ``numbers`` a member of the event's club with that number."""
    for player in Player.objects.filter(pair__event=event):
        if player.name in numbers:
            player.member = Member.objects.create(
                club=event.club, name=player.name, number=numbers[player.name]
            )
            player.save(update_fields=["member"])


def test_club_name_is_the_clubs_own(event):
    event.club.name = "Knickerbocker Whist Club"
    event.club.save(update_fields=["name"])
    enter(event, 1, 1, 1, "4H S 10")
    xml = write_usebio(event)
    assert importusebio_club(xml) == "Knickerbocker Whist Club"
    assert b"Duplicate Auction club" not in xml


@pytest.fixture
def numbered(director):
    event = make_event(director, pair_names={"1": ["Alden", "Brewster"], "4": ["Carrow", "Dale"]})
    with_members(event, {"Alden": "123456", "Brewster": "654321", "Carrow": "77"})
    enter(event, 1, 1, 1, "4H S 10")
    return event


def _numbers(xml: bytes) -> dict[str, int | None]:
    return {
        p.findtext("PLAYER_NAME"): cobalt_number(p)
        for p in ET.fromstring(xml).iter("PLAYER")
        if p.findtext("PLAYER_NAME") != "?"
    }


def test_national_id_number_with_the_setting_on(numbered):
    numbered.club.national_numbers = True
    numbered.club.save(update_fields=["national_numbers"])
    numbers = _numbers(write_usebio(numbered))
    # The members' numbers, as Cobalt files them; Dale, not on the register, has none.
    assert numbers == {"Alden": 123456, "Brewster": 654321, "Carrow": 77, "Dale": None}


def test_national_id_number_with_the_setting_off(numbered):
    assert numbered.club.national_numbers is False  # the default: the club's own numbers
    xml = write_usebio(numbered)
    numbers = _numbers(xml)
    assert set(numbers) == {"Alden", "Brewster", "Carrow", "Dale"}
    assert set(numbers.values()) == {None}  # empty: no one credited by a club number
    assert b"123456" not in xml


@pytest.fixture
def adjusted(event):
    """Board 1 of the 3-table Mitchell at its three tables: +157 and -100 played, the
    third line weighted (1/3 of +157, 2/3 of -100: a net of -43/3); board 2: played, a
    Law B average to both pairs (the mean of the real scores) and an assigned score."""
    event.method = "matchpoints"
    event.save(update_fields=["method"])
    enter(event, 1, 1, 1, "4H S 10")
    enter(event, 1, 2, 3, "4H S 8")
    actor = Actor.director(event.owner, reason="misinformation")
    services.adjust_score(
        event,
        board_number=1,
        round_no=3,
        table=2,
        adjusted="weighted",
        weights=[("1/3", 157), ("2/3", -100)],
        by=actor,
    )
    enter(event, 2, 1, 1, "2S N 8")
    enter(event, 2, 2, 3, "average")
    services.adjust_score(
        event, board_number=2, round_no=3, table=2, adjusted="plus/minus", by=actor
    )
    return event


def _lines(xml: bytes) -> dict[tuple[str, str], ET.Element]:
    return {
        (b.findtext("BOARD_NUMBER"), t.findtext("NS_PAIR_NUMBER")): t
        for b in ET.fromstring(xml).iter("BOARD")
        for t in b.findall("TRAVELLER_LINE")
    }


def test_every_score_is_a_whole_number_or_a_code_cobalt_reads(adjusted):
    xml = write_usebio(adjusted)
    check(ET.fromstring(xml))  # the layout of test_usebio.py
    lines = _lines(xml)
    assert len(lines) == 6
    for line in lines.values():
        text = line.findtext("SCORE")
        assert text is None or re.fullmatch(r"-?\d+", text) or ADJUSTED_CODE.fullmatch(text)
        kind, value = cobalt_score(text)  # fails as Cobalt's board page would
        if kind == "adjusted":
            assert 0 <= value <= 100
        # Without a score Cobalt takes the percentage from the matchpoints: both there.
        float(line.findtext("NS_MATCH_POINTS"))
        float(line.findtext("EW_MATCH_POINTS"))
    by_board: dict[str, list[str | None]] = {}
    for (board, _), line in sorted(lines.items()):
        by_board.setdefault(board, []).append(line.findtext("SCORE"))
    # The weighted line has none; Law B's average is A5050, the assigned score A6040.
    assert sorted(by_board["1"], key=str) == sorted(["157", "-100", None], key=str)
    assert "A5050" in by_board["2"] and "A6040" in by_board["2"]
    played = [s for s in by_board["2"] if s not in ("A5050", "A6040")]
    assert len(played) == 1 and re.fullmatch(r"-?\d+", played[0])


def test_a_weighted_line_has_no_score_but_its_matchpoints(adjusted):
    lines = _lines(write_usebio(adjusted))
    weighted = [t for t in lines.values() if t.find("SCORE") is None]
    assert len(weighted) == 1
    line = weighted[0]
    assert line.find("CONTRACT") is None and line.find("TRICKS") is None
    # Compared part by part (1/3 as +157, 2/3 as -100): the two sides' matchpoints still
    # add to the board's top, 4 with three lines, and neither side has all or none.
    ns, ew = (Fraction(line.findtext(k)) for k in ("NS_MATCH_POINTS", "EW_MATCH_POINTS"))
    assert ns + ew == 4 and 0 < ns < 4


def test_a_total_points_score_that_is_not_whole_is_left_out():
    assert traveller_score(None, 157, (60, 40)) == "157"
    assert traveller_score("ns-lowest", -100, (60, 40)) == "-100"
    assert traveller_score("ew-lowest", Fraction(150), (60, 40)) == "150"
    assert traveller_score("average", Fraction(20, 3), (60, 40)) == "A5050"
    assert traveller_score("weighted", Fraction(20, 3), (60, 40)) is None
    assert traveller_score("weighted", 10, (60, 40)) is None  # parts, even when whole
    assert traveller_score("minus/plus", None, (70, 30)) == "A3070"
    assert traveller_score(None, Fraction(13, 2), (60, 40)) is None
