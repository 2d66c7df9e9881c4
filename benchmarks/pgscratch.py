"""A PostgreSQL database of a benchmark run's own, for the benchmarks that start a server.

Each run gets ``<prefix>_<pid>`` on 127.0.0.1:5432 (trust auth), created empty and
dropped afterwards whatever happens, so two runs on one server never collide and
nothing is left behind.
"""

from __future__ import annotations

import os
import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"


def postgres_answers() -> bool:
    """Whether a PostgreSQL server listens on 127.0.0.1:5432 (says so when not)."""
    try:
        socket.create_connection(("127.0.0.1", 5432), timeout=1).close()
    except OSError:
        print("PostgreSQL: not reachable on 127.0.0.1:5432; skipped")
        return False
    return True


def database_name(prefix: str) -> str:
    return f"{prefix}_{os.getpid()}"


@contextmanager
def scratch_database(prefix: str) -> Iterator[str]:
    """An empty database for this run: its URL; dropped on leaving (FORCE: a server the
    benchmark killed may still hold connections)."""
    name = database_name(prefix)
    drop = f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"
    subprocess.run(["psql", ADMIN, "-qc", drop], check=True, capture_output=True)
    subprocess.run(["psql", ADMIN, "-qc", f"CREATE DATABASE {name}"], check=True)
    try:
        yield f"postgres://postgres@127.0.0.1:5432/{name}"
    finally:
        subprocess.run(["psql", ADMIN, "-qc", drop], check=True, capture_output=True)
