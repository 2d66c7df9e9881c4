"""gunicorn's ``Server`` header left out of every answer.

gunicorn writes ``Server: gunicorn`` ahead of the app's own headers, in its
``Response.default_headers``; no setting of gunicorn's turns it off (its
``SERVER_SOFTWARE`` only names the server to the app, in the WSGI environ), and
no middleware can remove it, since it is not among the headers the app returns.
The header tells a stranger on the club's Wi-Fi which server to try his tools
on, and tells the director nothing.  So the response class gunicorn makes for
each request is replaced, when the app is loaded under gunicorn, by one whose
default headers leave it out; gunicorn looks the class up afresh for each
request (``gunicorn.http.wsgi.create``), in the master before it forks
(``--preload``) or in each worker.  ``tests/tournament/test_room.py`` starts
gunicorn as ``manage.py room`` does and checks the answers, so a gunicorn that
changed how it writes the header fails there, not in the room.
"""

from __future__ import annotations

import sys
from typing import Any


def leave_out_server_header() -> bool:
    """Under gunicorn, answer without its ``Server`` header; whether gunicorn is here."""
    if "gunicorn" not in sys.modules:
        return False  # another server (runserver, the tests' live server): not ours to change
    from gunicorn.http import wsgi

    if getattr(wsgi.Response, "leaves_out_server", False):
        return True

    class Response(wsgi.Response):
        leaves_out_server = True

        def default_headers(self) -> list[Any]:
            return [h for h in super().default_headers() if not h.lower().startswith("server:")]

    wsgi.Response = Response
    return True
