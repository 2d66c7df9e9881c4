"""What a verb refuses, and why: the errors every service raises.

The bottom of the services package: nothing here imports another service.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..models import Result, Seating


class ServiceError(Exception):
    """Something the director or scorer asked for that cannot be done, and why."""


class ResultConflict(ServiceError):
    """A live result already exists where a new one was entered: ``existing`` stands."""

    def __init__(self, message: str, existing: Result):
        super().__init__(message)
        self.existing = existing


class NotTablesBoard(ServiceError):
    """A tablet entered a board that is not one of its table's boards now.

    ``seating`` is the table's current round (``None``: it has finished every
    round): the tablet went back from the next round's page, or a bookmark, so
    the page says where the table is now instead of storing anything.
    """

    def __init__(self, seating: Seating | None, board_number: int):
        if seating is None:
            message = f"board {board_number}: this table has finished every round"
        else:
            message = (
                f"board {board_number} is not one of this table's boards now: it plays round "
                f"{seating.round}, boards {seating.first_board}\u2013{seating.last_board}"
            )
        super().__init__(message)
        self.seating = seating
        self.board_number = board_number


def user_message(error: Exception | str) -> str:
    """An error as a director or scorer reads it: a sentence with a capital letter.

    The verbs and :mod:`scoring` word their errors to be composed ("board 3: the
    declarer is missing"); where one reaches a page it starts a sentence.
    """
    text = str(error).strip()
    return text[:1].upper() + text[1:]
