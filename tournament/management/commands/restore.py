"""``manage.py restore FILE [--force]``: a backup ``manage.py backup`` made, restored
exactly (every id, every time to the microsecond) into an empty database, or over one
that is not empty when asked (tournament/management/backups.py;
docs/hosting/backups.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from .. import backups


class Command(BaseCommand):
    help = (
        "Restore a backup made by 'manage.py backup' into this database (DATABASE_URL): "
        "every row as it was, with its id and its times to the microsecond. The database "
        "should be empty (a new SQLite file, or a database made with createdb); one that "
        "is not is refused, saying what it holds, unless --force is given. Stop the "
        "room's server first."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", metavar="FILE", help="the backup: a .dump on PostgreSQL, a copy on SQLite"
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help="replace a database that is not empty (what it holds is lost)",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        backup = Path(opts["file"])
        if not backup.is_file():
            raise CommandError(f"There is no file {backup}.")
        kind = backups.engine()
        replaced = backups.refuse_unless_empty(bool(opts["force"]))
        if any(replaced.values()):
            self.stdout.write(f"Replacing {backups.held_words(replaced)}.")
        if kind == "postgresql":
            backups.pg_restore(backup)
        else:
            backups.sqlite_restore(backup)
        self.stdout.write(
            f"Restored {backups.held_words(backups.held())} from {backup}. If the backup "
            "is of an older version of the app, run 'manage.py migrate' next."
        )
