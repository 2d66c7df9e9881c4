"""A backup and a restore with the databases' own tools (docs/hosting/backups.md).

A backup is one consistent snapshot taken while the room runs: ``pg_dump``'s custom
format on PostgreSQL (one repeatable-read transaction: every table as of one
moment), SQLite's online backup API on SQLite (the whole file copied in one step
under a read transaction; in WAL mode the tablets keep writing meanwhile).  Either
copy holds every row as stored, so a restore gives back every id and every time
stamp to the microsecond, which Django's JSON ``dumpdata`` does not (it cuts times to
milliseconds, and entry order is judged by them).

A restore goes into an empty database, or replaces one that is not empty only when
asked (``--force``), after saying what it holds.  Shared by ``manage.py backup`` and
``manage.py restore``.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import connection

from scoring.wording import count

from ..models import AuditEntry, Club, Event, Member, Result

SQLITE_HEADER = b"SQLite format 3\x00"
PG_HEADER = b"PGDMP"

# What a director knows a database by, for "what it will replace": (model, one, many).
HELD: tuple[tuple[Any, str, str], ...] = (
    (Club, "club", "clubs"),
    (Event, "event", "events"),
    (Result, "result", "results"),
    (Member, "member", "members"),
    (AuditEntry, "audit-trail line", "audit-trail lines"),
)


def engine() -> str:
    """ "sqlite" or "postgresql": the default database's kind, as the backup takes it."""
    vendor = connection.vendor
    if vendor not in ("sqlite", "postgresql"):
        raise CommandError(f"A backup is taken from SQLite or PostgreSQL, not {vendor}.")
    return vendor


def held() -> dict[tuple[str, str], int]:
    """What the database holds, by the names a director knows (an empty one holds none of
    anything; one never migrated has no tables at all)."""
    tables = set(connection.introspection.table_names())
    user = get_user_model()
    out = {}
    for model, one, many in (*HELD, (user, "account", "accounts")):
        if model._meta.db_table in tables:
            out[(one, many)] = model.objects.count()
    return out


def held_words(counts: dict[tuple[str, str], int]) -> str:
    """ "2 clubs, 5 events, 1 result": what a database holds, in words."""
    return ", ".join(count(n, *what) for what, n in counts.items() if n) or "nothing"


def refuse_unless_empty(force: bool) -> dict[tuple[str, str], int]:
    """What the database holds; a refusal saying so when it is not empty and ``force``
    was not given."""
    counts = held()
    if any(counts.values()) and not force:
        raise CommandError(
            f"This database is not empty: it holds {held_words(counts)}. A restore "
            "replaces all of it with the backup's. Restore into a new database, or run "
            "again with --force to replace it."
        )
    return counts


# --- SQLite ----------------------------------------------------------------------------


def sqlite_path() -> Path:
    name = str(connection.settings_dict["NAME"])
    if name == ":memory:" or "mode=memory" in name:
        raise CommandError("This SQLite database lives in memory: there is no file to back up.")
    return Path(name)


def sqlite_backup(target: Path) -> None:
    """The whole database copied into ``target`` in one step of the online backup API:
    one consistent snapshot, written beside the target and renamed into place whole."""
    source = sqlite3.connect(f"file:{sqlite_path()}?mode=ro", uri=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    copy = sqlite3.connect(partial)
    try:
        with copy:
            source.backup(copy)  # pages=-1: every page in one step, under one read lock
    finally:
        copy.close()
        source.close()
    partial.replace(target)


def sqlite_restore(backup: Path) -> None:
    """The backup copied over the database, page for page, by the backup API."""
    check_header(backup, SQLITE_HEADER, "an SQLite backup")
    source = sqlite3.connect(f"file:{backup}?mode=ro", uri=True)
    try:
        tables = {r[0] for r in source.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as e:
        source.close()
        raise CommandError(f"{backup} cannot be read as an SQLite database ({e}).") from None
    if "django_migrations" not in tables or "tournament_event" not in tables:
        source.close()
        raise CommandError(f"{backup} is an SQLite database, but not a backup of this room.")
    connection.close()  # Django's own connection holds no transaction over the copy
    target = sqlite3.connect(sqlite_path())
    try:
        with target:
            source.backup(target)
    finally:
        target.close()
        source.close()


# --- PostgreSQL ------------------------------------------------------------------------

_VERSION = re.compile(r"(\d+)(?:\.(\d+))?")


@dataclass(frozen=True)
class Tool:
    path: str
    version: tuple[int, int]


def tool(name: str) -> Tool:
    """``pg_dump`` or ``pg_restore`` as found on the PATH, with its version; refused in
    the host's words when it is missing or older than the server."""
    path = shutil.which(name)
    if path is None:
        raise CommandError(
            f"{name} is not installed (or not on the PATH). It comes with PostgreSQL's "
            f"client tools: install those of the server's version, PostgreSQL "
            f"{server_version()[0]} (on Debian or Ubuntu: postgresql-client-"
            f"{server_version()[0]})."
        )
    said = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
    found = _VERSION.search(said.stdout)
    if said.returncode != 0 or found is None:
        raise CommandError(f"{path} --version did not say its version: {said.stderr.strip()}")
    version = (int(found[1]), int(found[2] or 0))
    server = server_version()
    if version[0] < server[0]:
        raise CommandError(
            f"{name} is PostgreSQL {version[0]}.{version[1]}'s, older than the server "
            f"(PostgreSQL {server[0]}.{server[1]}): it cannot read a newer server's "
            f"database. Install PostgreSQL {server[0]}'s client tools and put them first "
            "on the PATH."
        )
    return Tool(path, version)


def server_version() -> tuple[int, int]:
    """The server's (major, minor), from ``SHOW server_version_num`` (150020: 15.20)."""
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version_num")
        number = int(cursor.fetchone()[0])
    return number // 10000, number % 10000


def pg_environment() -> dict[str, str]:
    """libpq's environment for the default database: the tools read its address, user
    and password there, so no password is seen on a command line."""
    s = connection.settings_dict
    env = dict(os.environ)
    for key, value in (
        ("PGHOST", s.get("HOST")),
        ("PGPORT", s.get("PORT")),
        ("PGUSER", s.get("USER")),
        ("PGPASSWORD", s.get("PASSWORD")),
        ("PGDATABASE", s.get("NAME")),
        ("PGSSLMODE", (s.get("OPTIONS") or {}).get("sslmode")),
    ):
        if value:
            env[key] = str(value)
    return env


def _run(argv: list[str], what: str) -> None:
    done = subprocess.run(argv, env=pg_environment(), capture_output=True, text=True)
    if done.returncode != 0:
        raise CommandError(f"{what} failed: {done.stderr.strip() or done.stdout.strip()}")


def pg_backup(target: Path) -> None:
    """``pg_dump --format=custom``: one snapshot, written beside the target and renamed
    into place whole."""
    dump = tool("pg_dump")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        _run([dump.path, "--format=custom", "--no-password", f"--file={partial}"], "pg_dump")
    except CommandError:
        partial.unlink(missing_ok=True)
        raise
    partial.replace(target)


def pg_restore(backup: Path) -> None:
    """``pg_restore`` into the default database, in one transaction: each table of the
    backup dropped if there, made again and filled, its sequences set as they were;
    anything refused undoes the whole."""
    check_header(backup, PG_HEADER, "a PostgreSQL backup (pg_dump's custom format)")
    restore = tool("pg_restore")
    connection.close()
    _run(
        [
            restore.path,
            "--clean",
            "--if-exists",
            "--no-owner",
            "--no-privileges",
            "--single-transaction",
            "--exit-on-error",
            "--no-password",
            f"--dbname={connection.settings_dict['NAME']}",
            str(backup),
        ],
        "pg_restore",
    )


def check_header(backup: Path, header: bytes, kind: str) -> None:
    """Refuse a file that is not the database's own kind of backup, before anything is
    replaced: a PostgreSQL dump given to SQLite, or the other way round."""
    try:
        with backup.open("rb") as f:
            start = f.read(len(SQLITE_HEADER))
    except OSError as e:
        raise CommandError(f"{backup} cannot be read: {e.strerror}.") from None
    if start.startswith(header):
        return
    other = (
        "a PostgreSQL backup"
        if start.startswith(PG_HEADER)
        else "an SQLite backup"
        if start.startswith(SQLITE_HEADER)
        else "no backup this command made"
    )
    raise CommandError(
        f"{backup} is {other}; this database takes {kind}. To move a club between the "
        'two databases, see docs/hosting/backups.md ("From SQLite to PostgreSQL").'
    )
