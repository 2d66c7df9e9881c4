"""A database connection dropped in the middle of a request: read again, or a 503.

PostgreSQL may end a connection while a request uses it (a restart, a failover, an
administrator's ``pg_terminate_backend``, a pooler recycling it).  Django's
``CONN_HEALTH_CHECKS`` replaces a connection found dead at the start of a request, not
one that dies between two of its queries: that query raises ``OperationalError``
("server closed the connection unexpectedly"), wherever it ran: the view, the template
it renders, the session read behind ``request.user``.

:class:`DroppedConnectionMiddleware` sits outside the session and the views, and:

* **a read** (GET, HEAD) is served once more on a fresh connection: it changed nothing,
  so reading again is safe;
* **a write** is never sent again by the server: whether it was stored before the
  connection fell is unknown here.  It gets a 503 with ``Retry-After``; the tablet's
  script sends it again with the same idempotency key, which the verb answers with the
  stored result if it had arrived (docs/hosting/internet.md, "A dropped database
  connection");
* what cannot be served (a write, or a read whose second try failed too) is a **503
  with Retry-After**: a page in the reader's words, or JSON for a client that asks
  for JSON, never the 500 page;
* **each failure is logged once**, with its cause: a warning for a read served on the
  second try, an error with the traceback for a 503.

Only a connection that is gone counts: an ``OperationalError`` or ``InterfaceError``
after which the connection no longer answers.  Any other error (a locked SQLite
file, a bad query) is a server error as before.

A drop in a middleware outside the view (the session saved after it) reaches Django's
own handler first; Django's ``got_request_exception`` signal marks the request, so it
too is answered with a 503 (or read again).  Django's own lines for a marked request
are left out (:class:`LoggedHere`, on the ``django.request`` logger): the line here
is the one.
"""

from __future__ import annotations

import json
import logging
import sys
import weakref
from collections.abc import Callable

from django.core.signals import got_request_exception
from django.db import InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse
from django.template import loader

log = logging.getLogger("tournament.dropped")

RETRY_AFTER = 5  # seconds a client is asked to wait: a new connection takes milliseconds
READS = ("GET", "HEAD")
GONE = ("08", "57P01", "57P02", "57P03")  # SQLSTATEs of a connection gone
# The drops each request met, kept beside the request (not on it) and gone with it: Django
# logs the request's answer after the middleware has returned it (LoggedHere).
DROPS: weakref.WeakKeyDictionary[HttpRequest, list[BaseException]] = weakref.WeakKeyDictionary()

PLAIN = (
    "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
    "<meta name='viewport' content='width=device-width, initial-scale=1'>"
    "<title>Busy · Duplicate Auction</title></head><body>"
    "<h1>The server lost its database for a moment</h1>"
    "<p>Nothing is lost. Wait a few seconds and try again.</p>"
    "</body></html>"
)
MESSAGE = (
    "The server lost its connection to the database for a moment. Nothing is lost; "
    "send it again in a few seconds (the same entry is never stored twice)."
)


def connection_gone(error: BaseException) -> bool:
    """Whether ``error`` is a database connection that is gone, not a query refused.

    Told by the driver's own error under Django's (its SQLSTATE): none at all (the
    client saw the socket close: "server closed the connection unexpectedly", a server
    that does not answer), class 08 (connection exception) or 57P01-57P03 (the server
    shutting the connection down: ``pg_terminate_backend``, a restart).  An error
    without a SQLSTATE attribute is not a server's (SQLite's "database is locked"):
    that is no dropped connection.  Else, a connection that no longer answers."""
    if not isinstance(error, (OperationalError, InterfaceError)):
        return False
    cause = error.__cause__
    if cause is not None and hasattr(cause, "sqlstate"):
        code = cause.sqlstate
        if code is None or str(code).startswith(GONE):
            return True
    return any(conn.connection is not None and not conn.is_usable() for conn in connections.all())


def close_dropped() -> None:
    """Close every connection that no longer answers, so the next query opens a new one."""
    for conn in connections.all():
        if conn.connection is not None and not conn.is_usable():
            conn.close()


def unavailable(request: HttpRequest) -> HttpResponse:
    """The 503: JSON for a client that asks for it, else the page (drawn without the
    request or the database, which may be failing still)."""
    if _wants_json(request):
        body = json.dumps({"error": "database unavailable", "message": MESSAGE})
        response = HttpResponse(body, status=503, content_type="application/json")
    else:
        try:
            html: str = loader.render_to_string("503.html", {"retry_after": RETRY_AFTER})
        except Exception:
            log.exception("the 503 page could not be rendered; served the plain one")
            html = PLAIN
        response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


def _wants_json(request: HttpRequest) -> bool:
    accept = request.headers.get("Accept", "")
    return "application/json" in accept and "text/html" not in accept


def _mark(sender: object, request: HttpRequest | None = None, **kwargs: object) -> None:
    """``got_request_exception``: note a drop that Django's handler turned into a 500."""
    error = sys.exc_info()[1]
    if request is not None and error is not None and connection_gone(error):
        DROPS.setdefault(request, []).append(error)


got_request_exception.connect(_mark, dispatch_uid="tournament.room.dropped")


# Requests answered 503 on purpose (a big file still being prepared: tournament.downloads):
# the answer is the app's, not a failure, and is not logged as one.
EXPECTED: weakref.WeakSet[HttpRequest] = weakref.WeakSet()


def expected(request: HttpRequest) -> None:
    """Mark a request whose 503 is the app's own answer, not an error of the server."""
    EXPECTED.add(request)


class LoggedHere(logging.Filter):
    """On ``django.request``: leaves out Django's own lines for a request whose dropped
    connection this module logs (its 500 before the 503, the 503 itself), so each drop
    is one line, with its cause; and for a 503 given on purpose (:func:`expected`).
    Django gives each of its lines the request (the ``request`` attribute of a
    ``django.request`` record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        if not isinstance(request, HttpRequest):
            return True
        return request not in DROPS and request not in EXPECTED


class DroppedConnectionMiddleware:
    """Reads served again once, everything else a 503, for a dropped connection."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request not in DROPS:
            return response
        error = DROPS[request][-1]
        close_dropped()
        if request.method in READS:
            again = self.get_response(request)
            if len(DROPS[request]) == 1:
                log.warning(
                    "%s %s: the database connection dropped (%s); read again on a new one",
                    request.method,
                    request.path,
                    _cause(error),
                )
                return again
            close_dropped()
            error = DROPS[request][-1]
        log.error(
            "%s %s: the database connection dropped (%s); answered 503",
            request.method,
            request.path,
            _cause(error),
            exc_info=error,
        )
        return unavailable(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """A drop raised by the view (or the template it renders): noted for
        :meth:`__call__`, answered with the 503 it will give if it cannot read again."""
        if not connection_gone(exception):
            return None
        DROPS.setdefault(request, []).append(exception)
        return unavailable(request)


def _cause(error: BaseException) -> str:
    text = " ".join(str(error).split())  # one line in the log
    return f"{type(error).__name__}: {text}"[:300]
