"""Any pack imported: a range of the file's boards and an offset, a pack larger than
the event, a file of several rooms, the file's dealer named when it differs from
ours, ``Vulnerable`` ignored; by ``manage.py import_pbn`` and on the deals page.

The files are written here by hand in the layouts the dealing programs and machines
write: BigDeal's (a ``%`` line naming the program, the mandatory tags with dealer
and vulnerability in contract bridge's rotation, deals from North), Dealer's
(``printpbn``: ``-`` for the players, ``Declarer``/``Contract``/``Result`` as
``?``, deals written from West's seat), and a dealing machine's teams file (an
``Open`` and a ``Closed`` room, each board once a room).  The event: a 3-table
Mitchell, boards 1-6.
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command, load_command_class
from django.core.management.base import CommandError
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import SEATS, format_pbn_deal, parse_pbn_deal
from scoring.dealing import deal_board
from scoring.packs import PackChoice, board_ranges, dealer_of
from tournament.forms.deals import parse_board_range
from tournament.models import Board
from tournament.services import Actor, ServiceError, deals

pytestmark = pytest.mark.django_db

VULNERABLE = ("None", "NS", "EW", "All")  # contract bridge's: ignored here


def deal_text(seed: str, number: int, first: str = "N") -> str:
    """Board ``number`` of pack ``seed`` as a PBN deal from seat ``first``."""
    hands = deal_board(seed, number)
    return format_pbn_deal(hands, first=first)


def bigdeal(numbers: range, seed: str = "big") -> str:
    out = ["% PBN 2.1", "%Creator: BigDeal", ""]
    for n in numbers:
        out += [
            f'[Event "{"BigDeal pack" if n == numbers[0] else "#"}"]',
            '[Site "?"]',
            '[Date "2026.11.20"]',
            f'[Board "{n}"]',
            f'[Dealer "{SEATS[(n - 1) % 4]}"]',
            f'[Vulnerable "{VULNERABLE[(n - 1) % 4]}"]',
            f'[Deal "{deal_text(seed, n)}"]',
            "",
        ]
    return "\r\n".join(out)


def dealer_program(numbers: range, seed: str = "dealer") -> str:
    out = []
    for n in numbers:
        out += [
            '[Event "Hand simulated by dealer with file pack.dl, seed 7"]',
            '[Site "-"]',
            '[Date "2026.11.20"]',
            f'[Board "{n}"]',
            '[West "-"]',
            '[North "-"]',
            '[East "-"]',
            '[South "-"]',
            f'[Dealer "{SEATS[(n - 1) % 4]}"]',
            '[Vulnerable "All"]',
            f'[Deal "{deal_text(seed, n, first="W")}"]',
            '[Declarer "?"]',
            '[Contract "?"]',
            '[Result "?"]',
            "",
        ]
    return "\n".join(out)


def machine_rooms(numbers: range, closed_seed: str = "machine") -> str:
    out = ["% PBN 2.1", "% dealing machine export", ""]
    for room, seed in (("Open", "machine"), ("Closed", closed_seed)):
        for n in numbers:
            out += [
                f'[Board "{n}"]',
                f'[Room "{room}"]',
                f'[Dealer "{SEATS[(n - 1) % 4]}"]',
                '[Vulnerable "None"]',
                f'[Deal "{deal_text(seed, n)}"]',
                "",
            ]
    return "\n".join(out)


def stored(event) -> dict[int, str]:
    return dict(Board.objects.filter(event=event).exclude(deal="").values_list("number", "deal"))


def same(a: str, b: str) -> bool:
    return parse_pbn_deal(a) == parse_pbn_deal(b)


def test_pure_helpers():
    assert board_ranges([1, 2, 3, 5, 7, 8]) == "1-3, 5, 7-8"
    assert [dealer_of(n) for n in (1, 2, 3, 4, 5, 29)] == ["N", "E", "S", "W", "N", "N"]


def test_a_pack_larger_than_the_event(event, director):
    # A 9-board BigDeal pack for a 6-board evening: boards 1-6 taken, 7-9 named.
    report = deals.import_pbn(
        event, bigdeal(range(1, 10)), by=Actor.director(director), solve=False
    )
    assert report.boards == [1, 2, 3, 4, 5, 6]
    assert report.notes == ["The file's boards 7-9 left out: the event has boards 1-6."]
    got = stored(event)
    assert all(same(got[n], deal_text("big", n)) for n in range(1, 7))


def test_a_range_and_an_offset_and_the_dealer_named(event, director):
    # The file's boards 7-12 as the event's 1-6: an offset of 6, not a multiple of
    # four, so the file's dealers (S W N E S W) are not ours (N E S W N E).
    pack = dealer_program(range(1, 13))
    report = deals.import_pbn(
        event,
        pack,
        by=Actor.director(director),
        solve=False,
        choice=PackChoice(first=7, last=12, offset=6),
    )
    got = stored(event)
    assert all(same(got[n], deal_text("dealer", n + 6)) for n in range(1, 7))
    assert "The file's boards 7-12 are the event's 1-6." in report.notes
    assert (
        "Board 1 (the file's 7): the file names South as dealer; here North deals "
        "board 1, and the cards stay in their seats."
    ) in report.notes
    assert sum("as dealer" in n for n in report.notes) == 6
    # Board 1 is dealt by North here, whatever the file said.
    assert Board.objects.get(event=event, number=1).dealer == "N"


def test_an_offset_of_a_multiple_of_four_keeps_the_dealers(event, director):
    report = deals.import_pbn(
        event,
        bigdeal(range(1, 13)),
        by=Actor.director(director),
        solve=False,
        choice=PackChoice(first=5, last=10, offset=4),
    )
    assert report.boards == [1, 2, 3, 4, 5, 6]
    assert not any("as dealer" in n for n in report.notes)


def test_rooms_holding_the_same_deals_are_taken_once(event, director):
    report = deals.import_pbn(
        event, machine_rooms(range(1, 7)), by=Actor.director(director), solve=False
    )
    assert report.count == 6
    assert "The rooms Closed and Open hold the same deals; each taken once." in report.notes


def test_rooms_dealt_differently_need_a_room_chosen(event, director):
    pack = machine_rooms(range(1, 7), closed_seed="other")
    with pytest.raises(ServiceError, match="dealt differently in the rooms Open and Closed"):
        deals.import_pbn(event, pack, by=Actor.director(director), solve=False)
    assert stored(event) == {}
    report = deals.import_pbn(
        event, pack, by=Actor.director(director), solve=False, choice=PackChoice(room="closed")
    )
    assert report.notes[0] == "Room Closed taken."
    assert same(stored(event)[3], deal_text("other", 3))


@pytest.mark.parametrize(
    ("choice", "words"),
    [
        (PackChoice(room="Lounge"), 'no room "Lounge" \\(its rooms are Closed, Open\\)'),
        (PackChoice(first=40, last=45), "no board in 40-45 \\(it has boards 1-6\\)"),
        (PackChoice(offset=10), "none of the file's boards 1-6 less 10 is a board of the event"),
        (PackChoice(first=5, last=2), "runs backwards"),
    ],
)
def test_a_choice_the_file_cannot_meet_is_refused(event, director, choice, words):
    with pytest.raises(ServiceError, match=words):
        deals.import_pbn(
            event,
            machine_rooms(range(1, 7)),
            by=Actor.director(director),
            solve=False,
            choice=choice,
        )
    assert stored(event) == {}


def test_the_command_takes_the_options_and_says_what_it_did(tmp_path, event):
    path = tmp_path / "pack.pbn"
    path.write_text(dealer_program(range(1, 31)), encoding="latin-1")
    out = io.StringIO()
    call_command(
        "import_pbn", str(event.pk), str(path), "--boards", "25-30", "--offset", "24", stdout=out
    )
    text = out.getvalue()
    assert "6 deals imported" in text
    assert "The file's boards 25-30 are the event's 1-6." in text
    assert same(stored(event)[1], deal_text("dealer", 25))
    with pytest.raises(CommandError, match=r"--boards: .*runs backwards"):
        call_command("import_pbn", str(event.pk), str(path), "--boards", "30-25")
    with pytest.raises(CommandError, match='"x" is not a range of boards'):
        call_command("import_pbn", str(event.pk), str(path), "--boards", "x")
    with pytest.raises(CommandError, match="no room"):
        call_command("import_pbn", str(event.pk), str(path), "--room", "Open")


def test_the_commands_help_shows_range_offset_and_room():
    command = load_command_class("tournament", "import_pbn")
    text = command.create_parser("manage.py", "import_pbn").format_help()
    for option in ("--boards FIRST-LAST", "--offset OFFSET", "--room ROOM"):
        assert option in text
    assert "25-30" in text and "Dealer differs" in text


def test_the_deals_page_takes_the_range_offset_and_room(client, event, director):
    client.force_login(director)
    url = reverse("director_deals", args=[event.pk])
    pack = io.BytesIO(bigdeal(range(1, 31)).encode())
    pack.name = "pack.pbn"
    page = client.post(
        url,
        {"action": "import", "file": pack, "boards": "25-30", "offset": "24", "room": ""},
        follow=True,
    ).content.decode()
    assert "6 deals imported" in page
    assert "The file&#x27;s boards 25-30 are the event&#x27;s 1-6." in page
    assert same(stored(event)[1], deal_text("big", 25))
    bad = io.BytesIO(bigdeal(range(1, 7)).encode())
    bad.name = "pack.pbn"
    page = client.post(
        url, {"action": "import", "file": bad, "boards": "6-1", "offset": ""}
    ).content.decode()
    assert "runs backwards" in page
    assert same(stored(event)[1], deal_text("big", 25))  # nothing changed


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20))
def test_any_text_typed_as_a_range(text):
    """What a director types as the file's boards: a range or a sentence, nothing else."""
    try:
        first, last = parse_board_range(text)
    except ValueError as e:
        assert str(e)
        return
    assert (first is None) == (last is None)
    if first is not None:
        assert 1 <= first <= last
