"""A club's own movements: a director's schedule kept as CSV in the club's library
(the layout of :mod:`scoring.movements.custom`, docs/director/movements.md)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .. import text
from .club import Club

# What an event's movement_name holds for a club's movement: "club-<pk>".
CLUB_PREFIX = "club-"


class ClubMovement(models.Model):
    """One movement a director uploaded or pasted, sound when it was kept (every upload
    is read by ``scoring.movements.custom.from_csv``, which refuses an unsound one)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="movements")
    name = models.CharField(max_length=80, validators=[text.one_line])
    csv = models.TextField(validators=[text.lines])
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="club_movement_name_once")
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def key(self) -> str:
        """What an event that plays this movement stores as its ``movement_name``."""
        return f"{CLUB_PREFIX}{self.pk}"
