"""``manage.py export_event EVENT --format FORMAT -o FILE``: ``xlsx``, ``standings-csv``,
``travellers-csv``, ``pbn``, ``usebio``, or a dealing machine's ``dup``, ``dlm``, ``bri``.

The formats are those of :data:`tournament.exports.EXPORT_FORMATS`, the same
files as the download buttons give, and the dealing machines' files of
:data:`tournament.exports.MACHINE_FORMATS`, as the deals page gives them.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.machines import MachineFileError
from tournament import exports
from tournament.models import Event


class Command(BaseCommand):
    help = (
        "Export an event's results (XLSX workbook, standings or travellers CSV, PBN, "
        "USEBIO) or its deals for a dealing machine (dup, dlm, bri)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, help="the event's number (its id)")
        parser.add_argument(
            "--format",
            choices=[*exports.EXPORT_FORMATS, *exports.MACHINE_FORMATS],
            default="xlsx",
        )
        parser.add_argument("-o", "--output", required=True, help="file to write ('-': stdout)")

    def handle(self, *args, **opts) -> None:
        event = Event.objects.filter(pk=opts["event"]).first()
        if event is None:
            raise CommandError(f"there is no event {opts['event']}")
        export, path = exports.export_format(opts["format"]), opts["output"]
        if export is None:  # argparse takes only the formats listed
            raise CommandError(f"there is no format {opts['format']}")
        if path == "-" and export.binary:
            raise CommandError(
                f"{export.label} is not text: it needs a file name, not standard output"
            )
        try:
            data = export.render(event)
        except MachineFileError as e:
            raise CommandError(str(e)) from None
        if path == "-":
            self.stdout.write(data.decode("utf-8"), ending="")
            return
        try:
            with open(path, "wb") as f:
                f.write(data)
        except OSError as e:
            raise CommandError(f"cannot write {path}: {e.strerror}") from None
        self.stdout.write(f"{event.name}: {export.key} written to {path}")
