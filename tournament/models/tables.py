"""The tables in the room: each table's private link (and optional PIN), the PIN
failures that rate-limit guessing, and a table's call for the director.

Apart from the play records because they are how a tablet reaches its table
(:mod:`tournament.services.tablets`, :mod:`tournament.access`), not what it scored.
"""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import Q

from .. import text
from .events import Event


def new_token() -> str:
    """An unguessable table link: 192 random bits."""
    return secrets.token_urlsafe(24)


class TableLink(models.Model):
    """A table's private link for its scorer's tablet, optionally with a PIN.

    Reissuing a link revokes the old one: only one live link per table.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    table = models.PositiveSmallIntegerField()
    token = models.CharField(
        max_length=64, unique=True, default=new_token, validators=[text.one_line]
    )
    pin = models.CharField(max_length=4, blank=True, validators=[text.one_line])
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "table"],
                condition=Q(revoked_at__isnull=True),
                name="one_live_link_per_table",
            )
        ]

    def __str__(self) -> str:
        return f"{self.event.name}, table {self.table}"


class PinFailure(models.Model):
    """A wrong PIN, kept to rate-limit guessing per table and per address."""

    link = models.ForeignKey(TableLink, on_delete=models.CASCADE)
    address = models.GenericIPAddressField(null=True, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["link", "at"]), models.Index(fields=["address", "at"])]

    def __str__(self) -> str:
        return f"wrong PIN at table {self.link.table} from {self.address}"


class DirectorCall(models.Model):
    """A table pressed "call the director"; shown on the control panel until answered."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    table = models.PositiveSmallIntegerField()
    round = models.PositiveSmallIntegerField()
    at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    # From the auction recorder: the board, who made which call the code refused, and why.
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    seat = models.CharField(max_length=1, blank=True, validators=[text.one_line])
    call = models.CharField(max_length=12, blank=True, validators=[text.one_line])
    note = models.CharField(max_length=300, blank=True, validators=[text.lines])

    class Meta:
        ordering = ["at"]

    def __str__(self) -> str:
        return f"table {self.table}, round {self.round}"
