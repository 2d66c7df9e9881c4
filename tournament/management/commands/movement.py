"""``manage.py movement``: print a movement's schedule as JSON or text."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand, CommandParser

from scoring.movements import MovementError, make_movement
from scoring.movements.individuals import individual
from tournament.choices import MovementKind


class Command(BaseCommand):
    help = (
        "Print the schedule of a Mitchell, Howell or team-match movement: for each round "
        "and table the North-South and East-West pairs and the boards. "
        "For a team match, --tables is the number of pairs in each team. "
        "An individual (--players N, optionally --rounds R) gives each table's four "
        "players by seat, and its guide cards are per player."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", choices=["mitchell", "howell", "teams", "individual"])
        parser.add_argument("--tables", type=int, default=None, help="number of tables")
        parser.add_argument(
            "--players", type=int, default=None, help="individual: number of players"
        )
        parser.add_argument(
            "--rounds", type=int, default=None, help="individual: rounds, for a partial design"
        )
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
        if opts["kind"] == "individual":
            self.individual(opts)
            return
        try:
            if opts["players"] is not None or opts["rounds"] is not None:
                raise MovementError("--players and --rounds belong to an individual")
            if opts["tables"] is None:
                raise MovementError(f"give the number of tables: --tables N for a {opts['kind']}")
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

    def individual(self, opts: dict) -> None:
        """``movement individual --players N [--rounds R]``
        (docs/laws/movements.md#individuals)."""
        try:
            if opts["tables"] is not None or opts["pairs"] is not None:
                raise MovementError("an individual is sized by --players, not tables or pairs")
            if opts["relay"] or opts["skip"] or opts["arrow_switch"]:
                raise MovementError("--relay, --skip and --arrow-switch belong to a Mitchell")
            if opts["players"] is None:
                raise MovementError("give the number of players: --players N")
            movement = individual(
                opts["players"], 2 if opts["bpr"] is None else opts["bpr"], opts["rounds"]
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
