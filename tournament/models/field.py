"""The field: who plays. Teams, pairs and their players, an individual's players,
and the changes to the field during play (a late pair, a withdrawal).

Apart from the play records because a field is set up before anything is dealt
or scored, and changed only through :mod:`tournament.services.field`.
"""

from __future__ import annotations

from django.db import models

from .. import text
from ..choices import Seat
from .club import Member
from .events import Event


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    label = models.CharField(max_length=4, validators=[text.one_line])  # "A" or "B"
    name = models.CharField(max_length=80, blank=True, validators=[text.one_line])

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "label"], name="one_team_per_label")
        ]
        ordering = ["label"]

    def __str__(self) -> str:
        return self.name or f"Team {self.label}"


class Individual(models.Model):
    """One player of an individual event: an entry of his own (docs/laws/duplicate.md,
    "Individuals").  Each round he partners another player in an ordinary
    :class:`Pair` (labelled "3&7"), whose :class:`Player` row points here, so a
    table-round, a result and its locks read an individual's partnerships as a pair
    contest's pairs (scoring.movements.partnerships)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    label = models.CharField(max_length=4, validators=[text.one_line])  # "1".."40"
    # The name as entered for this event: it stays when the member leaves the register.
    name = models.CharField(max_length=80, blank=True, validators=[text.one_line])
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.SET_NULL, related_name="individuals"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "label"], name="one_individual_per_label")
        ]

    def __str__(self) -> str:
        return f"{self.label} {self.name}".strip()


class Pair(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    label = models.CharField(max_length=8, validators=[text.one_line])  # "1", "12", "A1"
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.CASCADE)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "label"], name="one_pair_per_label")
        ]

    def __str__(self) -> str:
        names = " & ".join(p.name for p in self.player_set.all() if p.name)
        return f"{self.label} {names}".strip()

    @property
    def names(self) -> str:
        return " & ".join(p.name for p in self.player_set.all() if p.name)


class Player(models.Model):
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE)
    position = models.PositiveSmallIntegerField()  # 1 or 2
    # The name as entered for this event: it stays when the member leaves the register.
    name = models.CharField(max_length=80, blank=True, validators=[text.one_line])
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    # An individual's partnership: the player of the field this seat of it is (its name
    # and member are his, kept in step by tournament.services.individuals).
    individual = models.ForeignKey(
        Individual, null=True, blank=True, on_delete=models.CASCADE, related_name="seats"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pair", "position"], name="two_players_per_pair")
        ]
        ordering = ["position"]

    def __str__(self) -> str:
        return self.name


class FieldChange(models.Model):
    """A late pair or a withdrawal during play, in the order made.

    The movement as played is the movement with these applied in order
    (:func:`scoring.movements.with_field_changes`); the seating rows follow it.
    """

    class Kind(models.TextChoices):
        LATE = "late", "Late pair"
        WITHDRAWN = "withdrawn", "Withdrawn"

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    kind = models.CharField(max_length=10, choices=Kind)
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE)
    from_round = models.PositiveSmallIntegerField()
    place = models.CharField(
        max_length=8, blank=True, validators=[text.one_line]
    )  # a late pair: the place it takes
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: pair {self.pair.label} from round {self.from_round}"


class SeatName(models.Model):
    """Who sits in one seat (N, E, S or W) of a table at its first round, as keyed there.

    The record of a seat, not of an entry: it says which player of the field the seat
    names (``player``, the pair's player 1 or 2 for a pair contest), so an event whose
    entries are single players points the same row at its own player.  ``state`` is
    the seat's place in the asking (docs/scorers.md, docs/director/evening.md):
    keyed at the table and not yet confirmed; named (the entry's player set); or
    clashing with the name the director gave on the players page, for the director
    to settle.  ``key`` is the confirming submission's idempotency key.
    """

    class State(models.TextChoices):
        KEYED = "keyed", "Keyed, not confirmed"
        NAMED = "named", "Named"
        CLASH = "clash", "Differs from the players page"

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    table = models.PositiveSmallIntegerField()
    seat = models.CharField(max_length=1, choices=Seat)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL)
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=80, validators=[text.one_line])
    guest = models.BooleanField(default=False)
    state = models.CharField(max_length=5, choices=State, default=State.KEYED)
    key = models.CharField(max_length=64, blank=True, validators=[text.one_line])
    at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "table", "seat"], name="one_name_per_seat")
        ]
        ordering = ["table", "seat"]

    def __str__(self) -> str:
        return f"Table {self.table} {self.seat}: {self.name}"
