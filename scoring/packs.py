"""Which deals of a pack an event takes: a range of the file's boards, an offset, a
room, a pack larger than the event.

A club deals its boards from whatever pack it has: a dealing program's 36 boards
for a 24-board evening, boards 25-30 of last week's file for tonight's 1-6, a
teams file with an Open and a Closed room.  The cards are what is imported; the
board's number in the event sets its dealer (N, E, S, W in turn, as the boards
are numbered), so a file whose ``Dealer`` differs (an offset that is not a
multiple of four, a pack dealt another way) is named in the report, never
silently followed or ignored.  ``Vulnerable`` is ignored: Auction Bridge has
no vulnerability.

Pure: the pack (:func:`scoring.pbn.pack_from_pbn`) and the event's board
numbers in, the choice and its report out.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from .cards import SEATS
from .pbn import PackDeal, PbnError

__all__ = ["PackChoice", "PackSelection", "board_ranges", "dealer_of", "select_pack"]

SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}


def dealer_of(number: int) -> str:
    """The dealer of board ``number``: North deals board 1, East 2, South 3, West 4."""
    return SEATS[(number - 1) % 4]


def board_ranges(numbers: Iterable[int]) -> str:
    """``1-6, 9, 11-12``: board numbers as a director reads them."""
    out: list[str] = []
    ordered = sorted(set(numbers))
    start: int | None = None
    prev: int | None = None
    for n in [*ordered, None]:
        if prev is not None and n == prev + 1:
            prev = n
            continue
        if start is not None:
            out.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = n
    return ", ".join(out)


@dataclass(frozen=True)
class PackChoice:
    """What to take from the file: its boards ``first``-``last`` (all when None),
    numbered in the event as the file's number minus ``offset`` (``offset`` 24: the
    file's 25 is the event's 1), from ``room`` only when given."""

    first: int | None = None
    last: int | None = None
    offset: int = 0
    room: str | None = None


@dataclass
class PackSelection:
    """The games taken, by the event's board number, and what the director is told."""

    deals: dict[int, PackDeal]
    left_out: list[int] = field(default_factory=list)  # the file's boards not taken
    report: list[str] = field(default_factory=list)


def select_pack(
    pack: Sequence[PackDeal], boards: Collection[int], choice: PackChoice | None = None
) -> PackSelection:
    """The games of ``pack`` the event (its board numbers ``boards``) takes by ``choice``.

    Refused (:class:`PbnError`, in a director's words): a room or a range the file
    does not have, one board dealt differently in two rooms (unless a room is
    chosen), a board given twice with two deals, and a choice that leaves no
    board of the event.
    """
    choice = choice or PackChoice()
    if choice.first is not None and choice.last is not None and choice.first > choice.last:
        raise PbnError(f"the range {choice.first}-{choice.last} runs backwards")
    games = list(pack)
    report: list[str] = []
    rooms = sorted({g.room for g in games if g.room})
    if choice.room:
        wanted = choice.room.strip().casefold()
        games = [g for g in games if (g.room or "").casefold() == wanted]
        if not games:
            held = f"its rooms are {', '.join(rooms)}" if rooms else "it names no room"
            raise PbnError(f'the file has no room "{choice.room}" ({held})')
        report.append(f"Room {games[0].room} taken.")
    numbers = [g.number for g in games]
    lo = choice.first if choice.first is not None else min(numbers)
    hi = choice.last if choice.last is not None else max(numbers)
    in_range = [g for g in games if lo <= g.number <= hi]
    if not in_range:
        raise PbnError(
            f"the file has no board in {board_ranges(range(lo, hi + 1))} "
            f"(it has boards {board_ranges(numbers)})"
        )
    taken = _one_game_a_board(in_range, rooms if not choice.room else [])
    if len(rooms) > 1 and not choice.room:
        report.append(f"The rooms {' and '.join(rooms)} hold the same deals; each taken once.")
    wanted_boards = set(boards)
    deals: dict[int, PackDeal] = {}
    left_out = []
    for number, game in sorted(taken.items()):
        ours = number - choice.offset
        if ours in wanted_boards:
            deals[ours] = game
        else:
            left_out.append(number)
    if not deals:
        shift = f" less {choice.offset}" if choice.offset else ""
        raise PbnError(
            f"none of the file's boards {board_ranges(taken)}{shift} is a board of the "
            f"event (it has boards {board_ranges(wanted_boards)})"
        )
    if left_out:
        report.append(
            f"The file's board{'s' if len(left_out) > 1 else ''} {board_ranges(left_out)} "
            f"left out: the event has boards {board_ranges(wanted_boards)}."
        )
    if choice.offset:
        report.append(
            f"The file's boards {board_ranges(g.number for g in deals.values())} are "
            f"the event's {board_ranges(deals)}."
        )
    for ours, game in sorted(deals.items()):
        here = dealer_of(ours)
        if game.dealer and game.dealer != here:
            where = f"Board {ours}" + (
                f" (the file's {game.number})" if game.number != ours else ""
            )
            report.append(
                f"{where}: the file names {SEAT_NAMES[game.dealer]} as dealer; here "
                f"{SEAT_NAMES[here]} deals board {ours}, and the cards stay in their seats."
            )
    return PackSelection(deals, left_out, report)


def _one_game_a_board(games: Sequence[PackDeal], rooms: Sequence[str]) -> dict[int, PackDeal]:
    """Each board number's game; a board given more than once must hold the same deal."""
    taken: dict[int, PackDeal] = {}
    for game in games:
        first = taken.get(game.number)
        if first is None:
            taken[game.number] = game
        elif first.deal != game.deal:
            if first.room and game.room and first.room != game.room:
                raise PbnError(
                    f"board {game.number} is dealt differently in the rooms {first.room} "
                    f"and {game.room}: choose a room ({', '.join(rooms)})"
                )
            raise PbnError(
                f"board {game.number} appears twice with different deals "
                f"(lines {first.line} and {game.line})"
            )
    return taken
