"""``manage.py export_event EVENT --format xlsx|standings-csv|travellers-csv|pbn -o FILE``.

The formats are those of :data:`tournament.exports.EXPORT_FORMATS`, the same
files as the download buttons give.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament import exports
from tournament.models import Event


class Command(BaseCommand):
    help = "Export an event's results: XLSX workbook, standings or travellers CSV, or PBN."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, help="the event's number (its id)")
        parser.add_argument("--format", choices=list(exports.EXPORT_FORMATS), default="xlsx")
        parser.add_argument("-o", "--output", required=True, help="file to write ('-': stdout)")

    def handle(self, *args, **opts) -> None:
        event = Event.objects.filter(pk=opts["event"]).first()
        if event is None:
            raise CommandError(f"there is no event {opts['event']}")
        export, path = exports.EXPORT_FORMATS[opts["format"]], opts["output"]
        if path == "-" and export.binary:
            raise CommandError(
                f"{export.label} is not text: it needs a file name, not standard output"
            )
        data = export.render(event)
        if path == "-":
            self.stdout.write(data.decode("utf-8"), ending="")
            return
        try:
            with open(path, "wb") as f:
                f.write(data)
        except OSError as e:
            raise CommandError(f"cannot write {path}: {e.strerror}") from None
        self.stdout.write(f"{event.name}: {export.key} written to {path}")
