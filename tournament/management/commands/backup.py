"""``manage.py backup FILE``: one consistent snapshot of the database, taken while the
room runs, with the database's own tool (tournament/management/backups.py;
docs/hosting/backups.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from .. import backups


class Command(BaseCommand):
    help = (
        "Take a backup of the whole database into FILE: one consistent snapshot, safe "
        "while the room is served and the tablets enter results. On PostgreSQL it is "
        "pg_dump's custom format (pg_dump must be the server's version or newer); on "
        "SQLite a copy of the database file made by SQLite's online backup. "
        "Restore it with 'manage.py restore FILE'."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file",
            metavar="FILE",
            help="the backup to write, e.g. backups/auction-2130.dump (replaced if it exists)",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        target = Path(opts["file"])
        if target.is_dir():
            raise CommandError(f"{target} is a folder: name the backup's file in it.")
        if not target.parent.is_dir():
            raise CommandError(f"There is no folder {target.parent}: make it first.")
        kind = backups.engine()
        counts = backups.held()
        if kind == "postgresql":
            backups.pg_backup(target)
        else:
            backups.sqlite_backup(target)
        self.stdout.write(
            f"Backed up {backups.held_words(counts)} to {target} ({target.stat().st_size:,} bytes)."
        )
