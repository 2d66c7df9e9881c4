"""``manage.py movement``: print a movement's schedule, or the chooser's candidates for
a field, as JSON or text (docs/developers/command-line.md)."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scoring.movements import MovementError, build, make_movement
from scoring.movements.chooser import boards_a_round, choose
from scoring.movements.individuals import from_name as individual_from_name
from scoring.movements.individuals import individual
from tournament.choices import MovementKind

FAMILIES = ("mitchell", "howell", "teams")


class Command(BaseCommand):
    help = (
        "Print the schedule of a movement: for each round and table the North-South and "
        "East-West pairs and the boards. 'movement mitchell|howell|teams --tables N' builds "
        "a family's movement (for a team match, --tables is the pairs in each team); "
        "'movement NAME' (or --name NAME) the library's movement of that name, like "
        "howell-10 or mitchell-8-relay; 'movement choose --pairs P' lists the movements "
        "for a field, best first, with the reason for each. 'movement individual --players N "
        "[--rounds R]' (or a name like individual-12-r7) an individual: each table's four "
        "players by seat, its guide cards per player."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "what",
            nargs="?",
            default=None,
            help="choose, mitchell, howell, teams, individual, or a movement's name (howell-10)",
        )
        parser.add_argument(
            "--players", type=int, default=None, help="individual: number of players"
        )
        parser.add_argument(
            "--rounds", type=int, default=None, help="individual: rounds, for a partial design"
        )
        parser.add_argument("--name", default=None, help="a movement's name in the library")
        parser.add_argument("--tables", type=int, default=None, help="number of tables")
        parser.add_argument("--boards-per-round", type=int, default=None, dest="bpr")
        group = parser.add_mutually_exclusive_group()
        group.add_argument("--relay", action="store_true", help="even Mitchell: relay and bystand")
        group.add_argument(
            "--skip", action="store_true", help="even Mitchell: skip after half (default)"
        )
        parser.add_argument(
            "--pairs",
            type=int,
            default=None,
            help="number of pairs: when one short (a sit-out); for choose, the field",
        )
        parser.add_argument(
            "--arrow-switch", action="store_true", help="Mitchell: arrow switch on the last round"
        )
        parser.add_argument(
            "--boards", type=int, default=None, help="choose: about this many boards a pair"
        )
        parser.add_argument(
            "--minutes", type=int, default=None, help="choose: a session of this many minutes"
        )
        parser.add_argument("--format", choices=["json", "text"], default="text")
        parser.add_argument(
            "--guide-cards", action="store_true", help="JSON: add each table's guide card"
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        try:
            what, name = opts["what"], opts["name"]
            if what is None and name is None:
                raise MovementError(
                    "say which movement: choose, mitchell, howell, teams, or a name like howell-10"
                )
            if what is not None and name is not None:
                raise MovementError("give a movement's name once: as NAME or as --name")
            if what == "choose":
                self._choose(opts)
                return
            movement: Any
            if what == "individual":
                movement = self._individual(opts)
            elif (name or what or "").startswith("individual-"):
                movement = self._individual_named(name or what, opts)
            elif opts["players"] is not None or opts["rounds"] is not None:
                raise MovementError("--players and --rounds belong to an individual")
            elif what in FAMILIES:
                movement = self._family(what, opts)
            else:
                movement = self._named(name or what, opts)
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

    def _family(self, kind: str, opts: dict[str, Any]) -> Any:
        if opts["tables"] is None:
            raise MovementError(f"a {kind} needs --tables N")
        if (opts["relay"] or opts["skip"]) and kind != MovementKind.MITCHELL:
            raise MovementError("--relay and --skip belong to a Mitchell")
        return make_movement(
            kind,
            opts["tables"],
            opts["bpr"],
            even="relay" if opts["relay"] else "skip",
            pairs=opts["pairs"],
            arrow_switch=opts["arrow_switch"],
        )

    def _named(self, name: str, opts: dict[str, Any]) -> Any:
        for option in ("tables", "relay", "skip", "arrow_switch"):
            if opts[option]:
                flag = "--" + option.replace("_", "-")
                raise MovementError(f"{flag} belongs to a family; the name {name} says it all")
        bpr = opts["bpr"]
        if bpr is None:  # sized to a club evening, as the chooser would
            bpr = boards_a_round(build(name, 1, opts["pairs"]).rounds)
        return build(name, bpr, opts["pairs"])

    def _choose(self, opts: dict[str, Any]) -> None:
        if opts["pairs"] is None:
            raise MovementError("choose needs --pairs P, the number of pairs in the field")
        candidates = choose(opts["pairs"], boards=opts["boards"], minutes=opts["minutes"])
        if not candidates:
            raise MovementError(f"the library has no movement for {opts['pairs']} pairs")
        if opts["format"] == "json":
            self.stdout.write(json.dumps([c.to_json() for c in candidates], indent=1))
            return
        for i, c in enumerate(candidates, 1):
            f = c.figures
            self.stdout.write(f"{i}. {c.name}: {c.movement.description}")
            self.stdout.write(f"   {c.reason}")
            self.stdout.write(
                f"   {f.rounds} rounds, {f.tables} tables, {f.boards} boards, "
                f"{c.boards_a_pair} boards a pair, "
                f"{'one winner' if f.winners == 1 else f'{f.winners} winners'}, "
                f"balance {f.compared_least}-{f.compared_most} (CV {f.compared_cv:.3f})"
            )

    def _individual(self, opts: dict[str, Any]) -> Any:
        """``movement individual --players N [--rounds R]``
        (docs/laws/movements.md#individuals)."""
        self._no_pair_options(opts)
        if opts["players"] is None:
            raise MovementError("give the number of players: --players N")
        return individual(
            opts["players"], 2 if opts["bpr"] is None else opts["bpr"], opts["rounds"]
        )

    def _individual_named(self, name: str, opts: dict[str, Any]) -> Any:
        self._no_pair_options(opts)
        if opts["rounds"] is not None:
            raise MovementError(f"the name {name} says its rounds; --rounds is not needed")
        movement = individual_from_name(
            name, 2 if opts["bpr"] is None else opts["bpr"], opts["players"]
        )
        if movement is None:
            raise MovementError(f'there is no movement called "{name}" in the library')
        return movement

    def _no_pair_options(self, opts: dict[str, Any]) -> None:
        if opts["tables"] is not None or opts["pairs"] is not None:
            raise MovementError("an individual is sized by --players, not tables or pairs")
        if opts["relay"] or opts["skip"] or opts["arrow_switch"]:
            raise MovementError("--relay, --skip and --arrow-switch belong to a Mitchell")
