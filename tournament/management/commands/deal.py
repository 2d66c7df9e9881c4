"""``manage.py deal EVENT [--seed S]``: deal an event's boards, reproducibly."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournament.models import Event
from tournament.services import Actor, ServiceError, deals


class Command(BaseCommand):
    help = "Deal the event's boards from a seed (the same seed gives the same deals)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("event", type=int)
        parser.add_argument("--seed", default="", help="empty: a new random seed")

    def handle(self, *args, **opts) -> None:
        event = Event.objects.filter(pk=opts["event"]).first()
        if event is None:
            raise CommandError(f"there is no event {opts['event']}")
        try:
            done = deals.deal_event(event, seed=opts["seed"], by=Actor.director(event.owner))
        except ServiceError as e:
            raise CommandError(f"{event.name}: {e}") from None
        self.stdout.write(f"{event.name}: {done}")
