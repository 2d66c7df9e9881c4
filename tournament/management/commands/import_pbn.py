"""``manage.py import_pbn EVENT FILE``: put a dealing program's deals into an event."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.pbn import decode_pbn_bytes
from scoring.wording import count
from tournament import deals
from tournament.models import Event
from tournament.services import Actor, ServiceError


class Command(BaseCommand):
    help = "Import the deals of a PBN file into an event's boards (all or nothing)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int)
        parser.add_argument("file")
        parser.add_argument("--user", default=None, help="director to record in the audit trail")

    def handle(self, *args, **opts) -> None:
        event = Event.objects.filter(pk=opts["event"]).first()
        if event is None:
            raise CommandError(f"there is no event {opts['event']}")
        try:
            with open(opts["file"], "rb") as f:
                raw = f.read()
        except OSError as e:
            raise CommandError(f"cannot read {opts['file']}: {e.strerror}") from None
        text = decode_pbn_bytes(raw)
        user = None
        if opts["user"]:
            user = get_user_model().objects.filter(username=opts["user"]).first()
        try:
            n = deals.import_pbn(event, text, by=Actor.director(user or event.owner))
        except ServiceError as e:
            raise CommandError(str(e)) from None
        self.stdout.write(f"{event.name}: {count(n, 'deal')} imported")
