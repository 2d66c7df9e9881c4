"""What goes wrong, told in a director's or scorer's words.

Two kinds of error live here, at the bottom of the app so every layer may raise
or show them: the refusals (:class:`ServiceError` and its kinds: what a verb or
a read of the results refuses, and why; :func:`user_message` makes one a
sentence), and the server's own error pages, made so that they cannot fail in
turn.

Django's own handler renders ``500.html`` and lets an error in that rendering
escape, leaving the phone with gunicorn's bare text. The page here is
rendered without the request (no context processors, no session, no
database), and if even that fails (a missing static file is itself a
classic cause of a 500), a plain page stands in for it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from django.http import HttpRequest, HttpResponseForbidden, HttpResponseServerError
from django.template import loader

from scoring import Refusal, ScoringError

if TYPE_CHECKING:
    from .models import Result, Seating

logger = logging.getLogger(__name__)

PLAIN = (
    "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
    "<meta name='viewport' content='width=device-width, initial-scale=1'>"
    "<title>Server error · Duplicate Auction</title></head><body>"
    "<h1>Something went wrong on our side</h1>"
    "<p>The error has been written to the server's log. Go back and try again.</p>"
    "</body></html>"
)


def server_error(request: HttpRequest) -> HttpResponseServerError:
    """``handler500``: the project's page, or the plain one when it cannot be drawn."""
    try:
        html: str = loader.render_to_string("500.html")
    except Exception:
        logger.exception("the 500 page could not be rendered; served the plain one")
        html = PLAIN
    return HttpResponseServerError(html)


CSRF_PLAIN = (
    "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
    "<meta name='viewport' content='width=device-width, initial-scale=1'>"
    "<title>Not saved · Duplicate Auction</title></head><body>"
    "<h1>Nothing was saved: the page was out of date</h1>"
    "<p>Go back, reload the page and send it again.</p>"
    "</body></html>"
)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponseForbidden:
    """``CSRF_FAILURE_VIEW``: a form sent from a page opened before its sender logged in
    or out again (the token changed), or after the browser lost its cookies. Django's
    own page says "CSRF verification failed" and "DEBUG=True"; this one says what
    happened in the room's words, and what to do."""
    try:
        html: str = loader.render_to_string("403_csrf.html", request=request)
    except Exception:
        logger.exception("the 403 page could not be rendered; served the plain one")
        html = CSRF_PLAIN
    return HttpResponseForbidden(html)


class ServiceError(Exception):
    """Something the director or scorer asked for that cannot be done, and why.

    ``code`` names the law's rule refused, where a page words it its own way (a
    :class:`scoring.Refusal`); ``field`` the input it concerns, as the
    :class:`~tournament.services.Entry` names it (``""``: the whole).  A form puts the
    refusal beside that field, in its own words if it has them, without checking the
    rule again.
    """

    def __init__(self, message: str = "", *, code: Refusal | None = None, field: str = ""):
        super().__init__(message)
        self.code = code
        self.field = field

    @classmethod
    def of(cls, error: ScoringError) -> ServiceError:
        """The scoring's refusal as the verbs', its rule and field kept."""
        return cls(str(error), code=error.code, field=error.field)


class ResultConflict(ServiceError):
    """A live result already exists where a new one was entered: ``existing`` stands."""

    def __init__(self, message: str, existing: Result):
        super().__init__(message)
        self.existing = existing


class AuctionNotOver(ServiceError):
    """A tablet entered a board's result while its table's auction, which the event
    records, is still being called: the table goes back to its calls."""


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
