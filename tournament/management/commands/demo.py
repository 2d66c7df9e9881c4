"""``manage.py demo``: finished example events to explore.

* a 5-table Mitchell pair contest under the 1915 laws (total points, Law H),
  with one irregular hand settled by Law B;
* a team match of three pairs a team (Law G);
* their players on the club's member register, and the pair contest in a season.

Deals come from a fixed seed and the play is simulated from them, so the
demo is the same every time.  The events belong to a director of the club
(``--owner``, or the first director); the demo creates no account of its own.
"""

from __future__ import annotations

import datetime
import random

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from scoring import parse_pbn_deal
from scoring.cards import side_of
from scoring.dealing import high_card_points
from tournament import services
from tournament.choices import Form
from tournament.models import Board, Club, Event, Member, Season, Seating
from tournament.services import ServiceError, user_message
from tournament.services import directors as accounts
from tournament.services.deals import deal_event
from tournament.services.members import MemberRow, import_members

PAIRS_EVENT = "Demo: Whist Club pairs (5-table Mitchell)"
TEAMS_EVENT = "Demo: team match, three pairs a team"
SEASON = "Demo: autumn season 1915 (total points)"
NAMES = [
    "Mrs. Alden",
    "Mr. Alden",
    "Miss Brewster",
    "Mr. Carrow",
    "Mrs. Dale",
    "Mr. Elwood",
    "Mrs. Foster",
    "Mr. Grant",
    "Miss Hale",
    "Mr. Irwin",
    "Mrs. Jessup",
    "Mr. Keene",
    "Mrs. Lamont",
    "Mr. Morse",
    "Miss Norcross",
    "Mr. Otis",
    "Mrs. Pell",
    "Mr. Quincy",
    "Mrs. Royce",
    "Mr. Sears",
]


def simulate(deal, rng: random.Random) -> services.Entry:
    """A plausible contract and result for ``deal``: enough to explore the app."""
    hcp = {s: high_card_points(deal[s]) for s in "NESW"}
    ns = hcp["N"] + hcp["S"]
    side = ("N", "S") if ns >= 20 else ("E", "W")
    strength = max(ns, 40 - ns)
    declarer = max(side, key=lambda s: hcp[s])
    lengths = {suit: sum(1 for seat in side for c in deal[seat] if c[0] == suit) for suit in "SHDC"}
    suit = max(lengths, key=lambda s: (lengths[s], "CDHS".index(s)))
    strain = suit if lengths[suit] >= 8 else "NT"
    level = 1 + max(0, min(6, (strength - 20) // 2))
    tricks = max(0, min(13, 6 + level + rng.choice([-2, -1, 0, 0, 0, 1, 1, 2])))
    double = "X" if rng.random() < 0.12 else ""
    return services.Entry(contract=f"{level}{strain}{double}", declarer=declarer, tricks=tricks)


class Command(BaseCommand):
    help = "Create the demo events (finished and published), owned by a director."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="do nothing when the database already has events",
        )
        parser.add_argument("--reset", action="store_true", help="delete and recreate the demo")
        parser.add_argument(
            "--owner", help="the director who owns the demo events (default: the first director)"
        )

    @transaction.atomic
    def handle(self, *args, **opts) -> None:
        if opts["if_empty"] and Event.objects.exists():
            self.stdout.write("The database has events already; demo not loaded.")
            return
        user = self._owner(opts.get("owner"))
        try:
            club = accounts.club_of(user)
        except ServiceError as e:
            raise CommandError(user_message(e)) from e
        if opts["reset"]:
            Event.objects.filter(club=club, name__in=[PAIRS_EVENT, TEAMS_EVENT]).delete()
        if not Member.objects.filter(club=club).exists():  # the players, on the register
            import_members(
                club,
                [(i, MemberRow(name, number=str(100 + i))) for i, name in enumerate(NAMES, 1)],
            )
        if not Event.objects.filter(club=club, name=PAIRS_EVENT).exists():
            self._pairs(user, club)
        if not Event.objects.filter(club=club, name=TEAMS_EVENT).exists():
            self._teams(user)
        self.stdout.write(f"Demo loaded: its events belong to director {user.get_username()}.")

    def _owner(self, name: str | None):
        if name:
            user = accounts.directors().filter(username=name).first()
            if user is None:
                raise CommandError(f"No director called {name!r}.")
            return user
        user = accounts.directors().first()
        if user is None:
            raise CommandError(
                "No director yet to own the demo: run manage.py createdirector first."
            )
        return user

    def _deal_and_play(self, event: Event, user, seed: str) -> None:
        rng = random.Random(seed)
        deal_event(event, seed=seed, by=services.Actor.director(user))
        deals = {b.number: parse_pbn_deal(b.deal) for b in Board.objects.filter(event=event)}
        for s in Seating.objects.filter(event=event).exclude(ns=None).exclude(ew=None):
            for number in s.board_numbers:
                entry = simulate(deals[number], rng)
                services.enter_result(
                    event,
                    board_number=number,
                    round_no=s.round,
                    table=s.table,
                    entry=entry,
                    by=services.Actor.director(user),
                    confirmed=True,
                )

    def _pairs(self, user, club: Club) -> None:
        names = iter(NAMES)
        event = services.create_event(
            user,
            name=PAIRS_EVENT,
            date=datetime.date(1915, 11, 20),
            tables=5,  # the rest are the model's defaults: 1915 laws, Mitchell, Law H
            boards_per_round=3,
            pair_names={str(p): [next(names), next(names)] for p in range(1, 11)},
            season=Season.objects.get_or_create(
                club=club, name=SEASON, defaults={"method": "total"}
            )[0],
        )
        self._deal_and_play(event, user, "demo-1915-pairs")
        # A revoke at one table: a defender revoked and declarer took three tricks.
        r = services.live_result(event, 4, 2, 1)
        if r is not None and r.tricks is not None:
            d = side_of(r.declarer)
            other = "EW" if d == "NS" else "NS"
            entry = services.Entry(
                contract=r.contract,
                declarer=r.declarer,
                tricks=max(0, min(10, r.tricks)),
                revokes_ns=1 if other == "NS" else 0,
                revokes_ew=1 if other == "EW" else 0,
                revoke_penalty="tricks",
            )
            services.correct_result(
                r,
                entry=entry,
                by=services.Actor.director(
                    user, "revoke claimed before the score was agreed (Law D)"
                ),
            )
        # Law B: board 7, round 4, table 2: South found with 12 cards after the overplay
        # began, North (his partner) holding the 14th: lowest to NS, highest to EW.
        seating = Seating.objects.playing(event, 7).filter(round=4).first()
        if seating is not None:
            services.apply_irregular(
                event,
                board_number=7,
                round_no=4,
                table=seating.table,
                discovered="after-overplay",
                short_hand="S",
                surplus_with="partner",
                by=services.Actor.director(user, "South held 12 cards, North 14"),
            )
        for rnd in range(1, 6):
            services.close_round(event, rnd, by=services.Actor.director(user))
        services.set_published(event, True, by=services.Actor.director(user))

    def _teams(self, user) -> None:
        names = iter(NAMES)
        event = services.create_event(
            user,
            name=TEAMS_EVENT,
            date=datetime.date(1915, 12, 4),
            form=Form.TEAMS,
            tables=3,
            boards_per_round=2,
            even="",
            team_names={"A": "Knickerbocker", "B": "Whist Club"},
            pair_names={f"{t}{i}": [next(names), next(names)] for t in "AB" for i in (1, 2, 3)},
        )
        self._deal_and_play(event, user, "demo-1915-teams")
        for rnd in range(1, 4):
            services.close_round(event, rnd, by=services.Actor.director(user))
        services.set_published(event, True, by=services.Actor.director(user))
