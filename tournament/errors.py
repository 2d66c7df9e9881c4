"""The server error page, made so that it cannot fail in turn.

Django's own handler renders ``500.html`` and lets an error in that rendering
escape, leaving the phone with gunicorn's bare text. The page here is
rendered without the request (no context processors, no session, no
database), and if even that fails (a missing static file is itself a
classic cause of a 500), a plain page stands in for it.
"""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponseForbidden, HttpResponseServerError
from django.template import loader

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
