"""The PostgreSQL backend's health check (tournament/postgresql/base.py): a kept
connection is checked at each request's start without a round trip, and one the
server dropped is still replaced before the request uses it."""

import time

import pytest
from django.db import connection, connections

needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the PostgreSQL backend's own check"
)


def next_request() -> int:
    """What a request does with the database, from Django's request_started on: the
    backend's pid of the connection it got."""
    connection.close_if_unusable_or_obsolete()  # request_started
    with connection.cursor() as cursor:  # the first query runs the health check
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_kept_connection_costs_no_round_trip_and_a_dropped_one_is_replaced(monkeypatch):
    assert connection.settings_dict["CONN_HEALTH_CHECKS"] is True
    asked = []
    wrapper = type(connections["default"])
    plain = wrapper.is_usable

    def counted(self):
        asked.append(True)
        return plain(self)

    monkeypatch.setattr(wrapper, "is_usable", counted)
    pid = next_request()
    assert next_request() == pid and next_request() == pid
    assert asked == []  # no SELECT 1 for a connection the server kept

    other = connection.get_new_connection(connection.get_connection_params())
    try:
        other.autocommit = True
        other.execute("SELECT pg_terminate_backend(%s)", [pid])  # as a restart would
    finally:
        other.close()
    for _ in range(200):  # the server's goodbye reaches the socket
        if not connection.looks_alive():
            break
        time.sleep(0.01)
    assert not connection.looks_alive()

    replaced = next_request()  # not a failed request: a new connection
    assert replaced != pid
    assert asked == [True]  # the socket said something: SELECT 1 asked, and failed
    assert next_request() == replaced and asked == [True]
