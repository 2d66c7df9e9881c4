"""A kept PostgreSQL connection the server dropped (a restart, an idle timeout, a
terminated backend) is replaced at the next request instead of failing it: Django's
own health check (``CONN_HEALTH_CHECKS``, settings.py)."""

import pytest
from django.db import connection

needs_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="a kept PostgreSQL connection"
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
def test_a_kept_connection_is_reused_and_a_dropped_one_replaced():
    assert connection.settings_dict["CONN_HEALTH_CHECKS"] is True
    assert connection.settings_dict["CONN_MAX_AGE"] > 0  # kept between requests
    pid = next_request()
    assert next_request() == pid

    other = connection.get_new_connection(connection.get_connection_params())
    try:
        other.autocommit = True
        other.execute("SELECT pg_terminate_backend(%s)", [pid])  # as a restart would
    finally:
        other.close()

    replaced = next_request()  # not a failed request: a new connection
    assert replaced != pid
    assert next_request() == replaced
