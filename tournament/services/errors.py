"""What a verb refuses, and why: the errors every service raises.

The bottom of the services package: nothing here imports another service.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..models import Result


class ServiceError(Exception):
    """Something the director or scorer asked for that cannot be done, and why."""


class ResultConflict(ServiceError):
    """A live result already exists where a new one was entered: ``existing`` stands."""

    def __init__(self, message: str, existing: Result):
        super().__init__(message)
        self.existing = existing


def user_message(error: Exception | str) -> str:
    """An error as a director or scorer reads it: a sentence with a capital letter.

    The verbs and :mod:`scoring` word their errors to be composed ("board 3: the
    declarer is missing"); where one reaches a page it starts a sentence.
    """
    text = str(error).strip()
    return text[:1].upper() + text[1:]
