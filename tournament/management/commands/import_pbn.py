"""``manage.py import_pbn EVENT FILE [--boards 25-30] [--offset 24] [--room Open]``:
put a dealing program's or a dealing machine's deals into an event."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.packs import PackChoice
from scoring.pbn import decode_pbn_bytes
from scoring.wording import count
from tournament.forms.deals import parse_board_range
from tournament.models import Event
from tournament.services import Actor, ServiceError, deals


class Command(BaseCommand):
    help = (
        "Import the deals of a PBN file into an event's boards (all or nothing). "
        "The cards are imported; each board's dealer is the event's (N, E, S, W in "
        "turn), and a file whose Dealer differs is named in the report. A pack larger "
        "than the event gives the event's boards and names the rest as left out."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int, help="the event's number (its id)")
        parser.add_argument("file", help="the PBN file")
        parser.add_argument(
            "--boards",
            metavar="FIRST-LAST",
            default="",
            help="take only these boards of the file, e.g. 25-30 (default: all)",
        )
        parser.add_argument(
            "--offset",
            type=int,
            default=0,
            help="the file's board number less OFFSET is the event's: --offset 24 "
            "takes the file's 25 as board 1 (default: 0)",
        )
        parser.add_argument(
            "--room",
            default="",
            help="a file of several rooms ([Room] tags): take this room's deals, e.g. "
            "Open; without it every room must hold the same deals",
        )
        parser.add_argument("--user", default=None, help="director to record in the audit trail")

    def handle(self, *args, **opts) -> None:
        event = Event.objects.filter(pk=opts["event"]).first()
        if event is None:
            raise CommandError(f"there is no event {opts['event']}")
        try:
            first, last = parse_board_range(opts["boards"])
        except ValueError as e:
            raise CommandError(f"--boards: {e}") from None
        try:
            with open(opts["file"], "rb") as f:
                raw = f.read()
        except OSError as e:
            raise CommandError(f"cannot read {opts['file']}: {e.strerror}") from None
        text = decode_pbn_bytes(raw)
        user = None
        if opts["user"]:
            user = get_user_model().objects.filter(username=opts["user"]).first()
        choice = PackChoice(first, last, opts["offset"], opts["room"].strip() or None)
        try:
            report = deals.import_pbn(
                event, text, by=Actor.director(user or event.owner), choice=choice
            )
        except ServiceError as e:
            raise CommandError(str(e)) from None
        self.stdout.write(f"{event.name}: {count(report.count, 'deal')} imported")
        for note in report.notes:
            self.stdout.write(f"  {note}")
