"""``manage.py movement``: print a movement's schedule as JSON or text."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandParser

from scoring.movements import MovementError, make_movement
from tournament.choices import MovementKind


class Command(BaseCommand):
    help = (
        "Print the schedule of a Mitchell, Howell or team-match movement: for each round "
        "and table the North-South and East-West pairs and the boards. "
        "For a team match, --tables is the number of pairs in each team."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", choices=["mitchell", "howell", "teams"])
        parser.add_argument("--tables", type=int, required=True, help="number of tables")
        parser.add_argument("--boards-per-round", type=int, default=None, dest="bpr")
        group = parser.add_mutually_exclusive_group()
        group.add_argument("--relay", action="store_true", help="even Mitchell: relay and bystand")
        group.add_argument(
            "--skip", action="store_true", help="even Mitchell: skip after half (default)"
        )
        parser.add_argument(
            "--pairs", type=int, default=None, help="number of pairs, when one short (a sit-out)"
        )
        parser.add_argument(
            "--arrow-switch", action="store_true", help="Mitchell: arrow switch on the last round"
        )
        parser.add_argument("--format", choices=["json", "text"], default="text")
        parser.add_argument(
            "--guide-cards", action="store_true", help="JSON: add each table's guide card"
        )

    def handle(self, *args, **opts) -> None:
        try:
            if (opts["relay"] or opts["skip"]) and opts["kind"] != MovementKind.MITCHELL:
                raise MovementError("--relay and --skip belong to a Mitchell")
            movement = make_movement(
                opts["kind"],
                opts["tables"],
                opts["bpr"],
                even="relay" if opts["relay"] else "skip",
                pairs=opts["pairs"],
                arrow_switch=opts["arrow_switch"],
            )
        except MovementError as e:
            self.stderr.write(f"error: {e}")
            sys.exit(2)
        if opts["format"] == "json":
            data = movement.to_json()
            if opts["guide_cards"]:
                data["guide_cards"] = movement.guide_cards()
            self.stdout.write(json.dumps(data, indent=1))
        else:
            self.stdout.write(movement.to_text(), ending="")
