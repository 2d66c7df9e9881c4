"""Dealing machines' files compared byte for byte with worked examples built by hand
from the documented layouts (:mod:`scoring.machines`' docstring), then read back.

Two deals a set: board 1 in suit order (North the spades, East the hearts, South the
diamonds, West the clubs) and board 2 turned one seat (North the hearts, East the
diamonds, South the clubs, West the spades).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import RANKS, SUITS
from scoring.dealing import deal_board
from scoring.machines import (
    MachineFileError,
    card_number,
    read_bri,
    read_dlm,
    read_dup,
    write_bri,
    write_dlm,
    write_dup,
)


def suits(north: str, east: str, south: str, west: str) -> dict[str, frozenset[str]]:
    return {
        seat: frozenset(suit + r for r in RANKS)
        for seat, suit in zip("NESW", (north, east, south, west), strict=True)
    }


BOARD_1 = suits("S", "H", "D", "C")
BOARD_2 = suits("H", "D", "C", "S")
SET = {1: BOARD_1, 2: BOARD_2}

# BRI: North's, East's, South's card numbers, two digits each, increasing.
# Board 1: North 01-13 (spades), East 14-26 (hearts), South 27-39 (diamonds).
BRI_1 = b"".join(b"%02d" % n for n in range(1, 40))
# Board 2: North 14-26 (hearts), East 27-39 (diamonds), South 40-52 (clubs).
BRI_2 = b"".join(b"%02d" % n for n in range(14, 53))
# DGE: each hand N E S W as spade 06, heart 03, diamond 04, club 05, each followed by
# its cards.
ALL = b"AKQJT98765432"
DGE_1 = (
    b"\x06"
    + ALL
    + b"\x03\x04\x05"  # North: spades
    + b"\x06\x03"
    + ALL
    + b"\x04\x05"  # East: hearts
    + b"\x06\x03\x04"
    + ALL
    + b"\x05"  # South: diamonds
    + b"\x06\x03\x04\x05"
    + ALL  # West: clubs
)
DGE_2 = (
    b"\x06\x03"
    + ALL
    + b"\x04\x05"  # North: hearts
    + b"\x06\x03\x04"
    + ALL
    + b"\x05"  # East: diamonds
    + b"\x06\x03\x04\x05"
    + ALL  # South: clubs
    + b"\x06"
    + ALL
    + b"\x03\x04\x05"  # West: spades
)
# DUP's ten bytes: random hands Y, backwards N, lowest board "1  ", copies "1 ",
# highest board "2  ".
DUP_TAIL = b"YN1  1 2  "


def test_card_numbers():
    assert card_number("SA") == 1 and card_number("S2") == 13
    assert card_number("HA") == 14 and card_number("DA") == 27 and card_number("C2") == 52


def test_bri_bytes():
    pad = b" " * 32 + b"\0" * 18
    assert write_bri(SET) == BRI_1 + pad + BRI_2 + pad
    assert len(write_bri(SET)) == 2 * 128


def test_dup_bytes():
    data = write_dup(SET)
    assert data == BRI_1 + DGE_1 + DUP_TAIL + BRI_2 + DGE_2 + DUP_TAIL
    assert len(data) == 2 * 156 and len(DGE_1) == 68 and len(BRI_1) == 78


def test_dlm_bytes():
    # Board 1, two cards a letter in card-number order, a + 4 x seat + seat:
    # SA-SQ .. SK-S3: N N = a (six); S2 N with HA E = b; the hearts E E = f (six);
    # the diamonds from DA, S S = k (six); D2 S with CA W = l; the clubs W W = p (six).
    letters_1 = "aaaaaa" + "b" + "ffffff" + "kkkkkk" + "l" + "pppppp"
    # Its checksum: 1 XOR every letter; the six-fold letters cancel, b 0x62 XOR l 0x6c
    # = 0x0e: 1 XOR 14 = 15.
    # Board 2: the spades W W = p (six); S2 W with HA N = m; the hearts N N = a (six);
    # the diamonds E E = f (six); D2 E with CA S = g; the clubs S S = k (six).
    letters_2 = "pppppp" + "m" + "aaaaaa" + "ffffff" + "g" + "kkkkkk"
    # m 0x6d XOR g 0x67 = 0x0a: 2 XOR 10 = 8.
    # The document's checksum: duplicates 0 XOR from 1 XOR to 2, sealed: 3.
    head = (
        "[Document]\r\nHeadline=Club night\r\nStatus=Sealed\r\nDuplicates=0\r\n"
        "From board=1\r\nTo board=2\r\nNext board to duplimate=0\r\nPrintOuts=0\r\n"
        "Crypto key=0\r\nChecksum=3\r\n"
    )
    boards = f"Duplicates 01=0\r\nBoard 01={letters_1}015\r\n"
    boards += f"Duplicates 02=0\r\nBoard 02={letters_2}008\r\n"
    # Boards 3-99 hold the suit-order deal (board 1's letters), checksum n XOR 14.
    for n in range(3, 100):
        boards += f"Duplicates {n:02d}=0\r\nBoard {n:02d}={letters_1}{n ^ 14:03d}\r\n"
    assert write_dlm(SET, headline="Club night") == (head + boards).encode("ascii")
    shown = write_dlm(SET, headline="Club night", shown=True)
    assert b"Status=Show\r\n" in shown and b"Checksum=2\r\n" in shown  # 3 XOR 1


def test_round_trips_of_the_worked_examples():
    assert read_bri(write_bri(SET)) == SET
    assert read_dup(write_dup(SET)) == SET
    assert read_dlm(write_dlm(SET, headline="x")) == SET


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10**6), st.integers(1, 30), st.integers(1, 8))
def test_any_set_round_trips(seed, first, count):
    deals = {n: deal_board(seed, n) for n in range(first, first + count)}
    assert read_dup(write_dup(deals)) == deals
    assert read_dlm(write_dlm(deals, headline="Zoë's pairs")) == deals
    assert read_bri(write_bri(deals), first=first) == deals


def test_what_a_machine_cannot_take_is_refused():
    with pytest.raises(MachineFileError, match="board 2 has no deal"):
        write_dup({1: BOARD_1, 3: BOARD_2})
    with pytest.raises(MachineFileError, match="up to 99, not 100"):
        write_dlm({100: BOARD_1}, headline="x")
    with pytest.raises(MachineFileError, match="no deal to write"):
        write_bri({})
    broken = bytearray(write_dlm(SET, headline="x"))
    at = broken.index(b"Board 01=") + 9
    broken[at] = ord("b")
    with pytest.raises(MachineFileError, match="board 1: the checksum"):
        read_dlm(bytes(broken))
    with pytest.raises(MachineFileError, match="156-byte boards"):
        read_dup(write_dup(SET)[:-1])


def test_suit_order_is_the_layouts():
    assert SUITS == ("S", "H", "D", "C") and RANKS == "AKQJT98765432"
