"""Django's PostgreSQL backend, its kept connections checked without a round trip.

Why: with ``CONN_HEALTH_CHECKS`` Django asks a kept connection ``SELECT 1`` at
the start of every request that uses the database, so that a connection the
server dropped (a restart, an idle timeout, a terminated backend) is replaced
instead of failing the request.  That is a round trip to the server on every
tablet request: about one in seven of a round's end's statements
(docs/decisions/health-check.md).

A server that drops a connection tells the client so: it sends its reason (a
FATAL error) and closes the socket.  An idle connection therefore has nothing
to read unless it was dropped; asking the socket whether it has anything to
read costs a system call, not a round trip.  Only then, or when the driver
already knows the connection is broken, is Django's ``SELECT 1`` asked (which
also takes any harmless message the server sent, such as a changed parameter),
and the connection replaced if it fails.  Errors during a request are still
checked by Django's own ``SELECT 1`` at its end, as before.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base as postgresql
from psycopg.pq import TransactionStatus


def has_nothing_to_read(fileno: int) -> bool:
    """Whether the socket ``fileno`` has no byte waiting (a zero-timeout poll)."""
    poller = select.poll()
    poller.register(fileno, select.POLLIN | select.POLLERR | select.POLLHUP)
    return not poller.poll(0)


class DatabaseWrapper(postgresql.DatabaseWrapper):
    health_check_done: bool  # Django's own, set at each request's start

    def looks_alive(self) -> bool:
        """The connection is idle, open, and the server has sent nothing on it."""
        conn = self.connection
        if conn is None or conn.closed or conn.broken:
            return False
        if conn.info.transaction_status != TransactionStatus.IDLE:
            return False
        try:
            return has_nothing_to_read(conn.fileno())
        except (OSError, ValueError):
            return False

    def close_if_health_check_failed(self) -> None:
        """Django's per-request check: ``SELECT 1`` only when the socket says something
        happened (see the module's docstring)."""
        checked = self.settings_dict["CONN_HEALTH_CHECKS"]
        if self.connection is None or not checked or self.health_check_done:
            return
        if not self.looks_alive() and not self.is_usable():
            self.close()
        self.health_check_done = True
