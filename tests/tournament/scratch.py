"""Scratch databases for the backup tests, and commands run on one in a process of its
own (tests/tournament/test_backups.py, test_moving_databases.py): SQLite files always,
PostgreSQL databases beside the suite's when the suite runs on PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
ON_POSTGRESQL = connection.vendor == "postgresql"


def run(args: list[str], url: str) -> str:
    """``python args`` on the database at ``url``: its output's last line."""
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "tournament.settings"}
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


class Databases:
    """New, empty databases of one kind, each named by an address; dropped afterwards."""

    def __init__(self, kind: str, folder: Path):
        self.kind, self.folder, self.made = kind, folder, []

    def new(self) -> str:
        name = f"backup_{uuid.uuid4().hex[:10]}"
        if self.kind == "sqlite":
            return f"sqlite:///{self.folder / name}.sqlite3"
        s = settings.DATABASES["default"]
        self._admin(f'CREATE DATABASE "{name}"')
        self.made.append(name)
        password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
        return f"postgres://{s['USER']}{password}@{s['HOST']}:{s['PORT'] or 5432}/{name}"

    def _admin(self, sql: str) -> None:
        import psycopg

        s = settings.DATABASES["default"]
        with psycopg.connect(
            dbname="postgres",
            host=s["HOST"],
            port=s["PORT"] or 5432,
            user=s["USER"],
            password=s.get("PASSWORD") or None,
            autocommit=True,
        ) as admin:
            admin.execute(sql)

    def drop(self) -> None:
        for name in self.made:
            self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


KINDS = [
    "sqlite",
    pytest.param(
        "postgresql",
        marks=pytest.mark.skipif(
            not ON_POSTGRESQL, reason="needs PostgreSQL (DATABASE_URL=postgres://...)"
        ),
    ),
]
