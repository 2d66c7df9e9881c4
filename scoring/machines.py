"""Files for dealing machines: the ``.bri``, ``.dup`` and ``.dlm`` layouts.

A club deals its physical boards with a machine (Jannersten's Duplimate and its
successors) that reads its own formats.  The layouts, as their public
descriptions give them (Duplimate's conversion notes, summarised in
njhammond/hand_record_utility's design notes, and Big Deal's writers, which
name each byte):

- **Card numbers** (BRI): 1 is the ace of spades, 2 its king ... 13 its two,
  14 the ace of hearts ... 52 the two of clubs (suits S H D C, ranks A K Q J T
  9-2).
- **BRI** (78 bytes a board): North's, East's and South's thirteen cards, each
  as two digits, in increasing order; West holds the rest.  A ``.bri`` file
  pads each board to 128 bytes with 32 spaces and 18 zero bytes.
- **DGE** (68 bytes): each hand North, East, South, West as 17 bytes: for each
  suit its symbol in the DOS character set (spade 6, heart 3, diamond 4, club 5)
  followed by its cards, A K Q J T 9-2.
- **DUP** (156 bytes a board): the BRI, the DGE, then ten bytes the machine
  needs to duplicate the set: "random hands" (``Y``), "backwards counting"
  (``N``), the lowest board (3 bytes), the copies of each board (2 bytes) and
  the highest board (3 bytes), each left-aligned and padded with spaces.
- **DLM** (text, the newer Duplimate software): a ``[Document]`` section
  (headline, ``Status`` ``Show`` or ``Sealed``: the cards on the machine's
  screen or not, the board range, a checksum: duplicates XOR lowest XOR
  highest, XOR 1 when shown), then boards 1 to 99, each a ``Duplicates NN=0``
  line and a ``Board NN=`` line of 26 letters and a three-digit checksum.  Each
  letter holds two cards, in card-number order: ``a`` plus four times the first
  card's seat plus the second's (North 0, East 1, South 2, West 3); the
  checksum is the board number XOR every letter.  Boards outside the set are
  filled with the deal in suit order (North the spades, East the hearts...).
  Lines end CR LF, as the machine's Windows software writes them.

Pure: deals in (``{board number: {seat: cards}}``, as :mod:`scoring.cards`
holds them), bytes out, and back (the readers are for checking a file).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .cards import RANKS, SEATS, SUITS, Card, Deal, DealError, check_full_deal
from .errors import ScoringError

__all__ = [
    "DLM_MAX_BOARD",
    "MachineFileError",
    "card_number",
    "read_bri",
    "read_dlm",
    "read_dup",
    "write_bri",
    "write_dlm",
    "write_dup",
]

DLM_MAX_BOARD = 99  # the DLM and DUP layouts number boards in two digits
BRI_RECORD = 78
BRI_PADDING = b" " * 32 + b"\0" * 18
DGE_RECORD = 68
DUP_RECORD = 156
DGE_SUIT = {"S": b"\x06", "H": b"\x03", "D": b"\x04", "C": b"\x05"}
_SEAT_INDEX = {seat: i for i, seat in enumerate(SEATS)}


class MachineFileError(ScoringError):
    """A set of deals a dealing machine's file cannot hold, or a file that is not one."""


def card_number(card: Card) -> int:
    """The card's number in the BRI layout: ace of spades 1 ... two of clubs 52."""
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1]) + 1


def _card(number: int) -> Card:
    suit, rank = divmod(number - 1, 13)
    return SUITS[suit] + RANKS[rank]


def _checked(deals: Mapping[int, Deal], limit: int | None) -> list[int]:
    """The board numbers, in order: consecutive, within the layout's limit, each a
    full deal."""
    if not deals:
        raise MachineFileError("there is no deal to write")
    numbers = sorted(deals)
    if numbers != list(range(numbers[0], numbers[-1] + 1)):
        missing = sorted(set(range(numbers[0], numbers[-1] + 1)) - set(numbers))
        raise MachineFileError(
            f"a dealing machine deals a run of boards; board {missing[0]} has no deal"
        )
    if limit is not None and numbers[-1] > limit:
        raise MachineFileError(f"this file holds boards up to {limit}, not {numbers[-1]}")
    for n in numbers:
        try:
            check_full_deal(deals[n])
        except DealError as e:
            raise MachineFileError(f"board {n}: {e}") from None
    return numbers


def _bri(deal: Deal) -> bytes:
    return "".join(
        f"{n:02d}" for seat in SEATS[:3] for n in sorted(card_number(c) for c in deal[seat])
    ).encode("ascii")


def _dge(deal: Deal) -> bytes:
    out = bytearray()
    for seat in SEATS:
        for suit in SUITS:
            out += DGE_SUIT[suit]
            out += "".join(r for r in RANKS if suit + r in deal[seat]).encode("ascii")
    return bytes(out)


def write_bri(deals: Mapping[int, Deal]) -> bytes:
    """The ``.bri`` file: each board's BRI record padded to 128 bytes, in board order."""
    return b"".join(_bri(deals[n]) + BRI_PADDING for n in _checked(deals, None))


def write_dup(deals: Mapping[int, Deal], *, copies: int = 1) -> bytes:
    """The ``.dup`` file: each board's BRI, DGE and the set's ten bytes, in board order."""
    numbers = _checked(deals, DLM_MAX_BOARD)
    if not 0 <= copies <= 99:
        raise MachineFileError("the copies of each board are from 0 to 99")
    tail = (
        b"YN"
        + str(numbers[0]).ljust(3).encode("ascii")
        + str(copies).ljust(2).encode("ascii")
        + str(numbers[-1]).ljust(3).encode("ascii")
    )
    return b"".join(_bri(deals[n]) + _dge(deals[n]) + tail for n in numbers)


def _dlm_letters(deal: Deal) -> str:
    owner = [0] * 52
    for seat in SEATS:
        for card in deal[seat]:
            owner[card_number(card) - 1] = _SEAT_INDEX[seat]
    return "".join(chr(ord("a") + (owner[2 * i] << 2) + owner[2 * i + 1]) for i in range(26))


def _dlm_board(number: int, letters: str) -> list[str]:
    checksum = number
    for letter in letters:
        checksum ^= ord(letter)
    return [f"Duplicates {number:02d}=0", f"Board {number:02d}={letters}{checksum:03d}"]


# The deal in suit order (North the spades, East the hearts, South the diamonds,
# West the clubs): what the layout puts in the boards outside the set.
_FILLER = "aaaaaabffffffkkkkkklpppppp"


def write_dlm(deals: Mapping[int, Deal], *, headline: str, shown: bool = False) -> bytes:
    """The ``.dlm`` file; ``shown``: the machine's screen shows the cards (``Status=Show``),
    else it keeps them sealed.  The headline is written in Latin-1 (what it cannot
    hold becomes ``?``)."""
    numbers = _checked(deals, DLM_MAX_BOARD)
    low, high, duplicates = numbers[0], numbers[-1], 0
    checksum = duplicates ^ low ^ high ^ (1 if shown else 0)
    title = re.sub(r"[\x00-\x1f\x7f]", " ", headline)
    lines = [
        "[Document]",
        f"Headline={title}",
        f"Status={'Show' if shown else 'Sealed'}",
        f"Duplicates={duplicates}",
        f"From board={low}",
        f"To board={high}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={checksum}",
    ]
    for n in range(1, DLM_MAX_BOARD + 1):
        lines += _dlm_board(n, _dlm_letters(deals[n]) if low <= n <= high else _FILLER)
    return ("\r\n".join(lines) + "\r\n").encode("latin-1", errors="replace")


def _from_bri(record: bytes, where: str) -> Deal:
    text = record.decode("ascii", errors="replace")
    if not re.fullmatch(r"[0-9]{78}", text):
        raise MachineFileError(f"{where}: the BRI record is not 78 digits")
    numbers = [int(text[i : i + 2]) for i in range(0, 78, 2)]
    if any(not 1 <= n <= 52 for n in numbers) or len(set(numbers)) != 39:
        raise MachineFileError(f"{where}: the BRI record repeats a card or has no such card")
    deal: dict[str, frozenset[Card]] = {
        seat: frozenset(_card(n) for n in numbers[i * 13 : i * 13 + 13])
        for i, seat in enumerate(SEATS[:3])
    }
    deal["W"] = frozenset(_card(n) for n in range(1, 53) if n not in numbers)
    return deal


def read_bri(data: bytes, *, first: int = 1) -> dict[int, Deal]:
    """The deals of a ``.bri`` file, numbered from ``first``."""
    size = BRI_RECORD + len(BRI_PADDING)
    if not data or len(data) % size:
        raise MachineFileError(f"a .bri file is a run of {size}-byte boards")
    return {
        first + i: _from_bri(data[i * size : i * size + BRI_RECORD], f"board {first + i}")
        for i in range(len(data) // size)
    }


def read_dup(data: bytes) -> dict[int, Deal]:
    """The deals of a ``.dup`` file, numbered from the lowest board its records name;
    each record's DGE must hold the same deal as its BRI."""
    if not data or len(data) % DUP_RECORD:
        raise MachineFileError(f"a .dup file is a run of {DUP_RECORD}-byte boards")
    deals: dict[int, Deal] = {}
    for i in range(len(data) // DUP_RECORD):
        record = data[i * DUP_RECORD : (i + 1) * DUP_RECORD]
        tail = record[BRI_RECORD + DGE_RECORD :].decode("ascii", errors="replace")
        low = int(tail[2:5]) if tail[2:5].strip().isdigit() else 1
        number = low + i
        deal = _from_bri(record[:BRI_RECORD], f"board {number}")
        if _dge(deal) != record[BRI_RECORD : BRI_RECORD + DGE_RECORD]:
            raise MachineFileError(f"board {number}: the DGE record holds another deal")
        deals[number] = deal
    return deals


_DLM_BOARD = re.compile(r"Board ([0-9]{2})=([a-p]{26})([0-9]{3})")


def read_dlm(data: bytes) -> dict[int, Deal]:
    """The deals of a ``.dlm`` file's set (its boards From board to To board), each
    line's checksum checked."""
    text = data.decode("latin-1")
    fields = dict(
        line.split("=", 1)
        for line in text.splitlines()
        if "=" in line and not line.startswith("Board ")
    )
    try:
        low, high = int(fields["From board"]), int(fields["To board"])
    except (KeyError, ValueError):
        raise MachineFileError("the .dlm file names no board range") from None
    deals: dict[int, Deal] = {}
    for line in text.splitlines():
        m = _DLM_BOARD.fullmatch(line)
        if m is None:
            continue
        number, letters, checksum = int(m.group(1)), m.group(2), int(m.group(3))
        expected = number
        for letter in letters:
            expected ^= ord(letter)
        if expected != checksum:
            raise MachineFileError(f"board {number}: the checksum is {checksum}, not {expected}")
        if not low <= number <= high:
            continue
        hands: dict[str, set[Card]] = {seat: set() for seat in SEATS}
        for i, letter in enumerate(letters):
            code = ord(letter) - ord("a")
            hands[SEATS[code >> 2]].add(_card(2 * i + 1))
            hands[SEATS[code & 3]].add(_card(2 * i + 2))
        deals[number] = {seat: frozenset(cards) for seat, cards in hands.items()}
    return deals
