"""``manage.py export_event EVENT --format xlsx|standings-csv|travellers-csv|pbn -o FILE``."""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament import exports
from tournament.models import Event


class Command(BaseCommand):
    help = "Export an event's results: XLSX workbook, standings or travellers CSV, or PBN."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, help="the event's number (its id)")
        parser.add_argument(
            "--format",
            choices=["xlsx", "standings-csv", "travellers-csv", "pbn"],
            default="xlsx",
        )
        parser.add_argument("-o", "--output", required=True, help="file to write ('-': stdout)")

    def handle(self, *args, **opts) -> None:
        event = Event.objects.filter(pk=opts["event"]).first()
        if event is None:
            raise CommandError(f"there is no event {opts['event']}")
        fmt, path = opts["format"], opts["output"]
        if fmt == "xlsx":
            if path == "-":
                raise CommandError("an XLSX workbook needs a file name, not standard output")
            with open(path, "wb") as f:
                exports.write_xlsx(event, f)
        else:
            text = {
                "standings-csv": exports.standings_csv,
                "travellers-csv": exports.travellers_csv,
                "pbn": exports.write_pbn,
            }[fmt](event)
            if path == "-":
                sys.stdout.write(text)
            else:
                with open(path, "w", encoding="utf-8", newline="") as f:
                    f.write(text)
        if path != "-":
            self.stdout.write(f"{event.name}: {fmt} written to {path}")
