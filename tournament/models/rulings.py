"""The director's rulings at the table: an auction as the tablet recorded it and
the rulings made on it under the laws of the auction.

Their own family because they are entered and read by the rulings pages and
:mod:`tournament.services.auctions`; a result refers to them, never the other way.
"""

from __future__ import annotations

from django.db import models

from .. import text
from ..choices import Seat
from .events import Event
from .play import Board, Seating


class AuctionRecord(models.Model):
    """The auction of one board at one table, call by call (scoring.auction.to_record)."""

    seating = models.ForeignKey(Seating, on_delete=models.CASCADE)
    board = models.ForeignKey(Board, on_delete=models.CASCADE)
    data = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["seating", "board"], name="one_auction"),
        ]

    def __str__(self) -> str:
        return f"auction of board {self.board_id} at {self.seating}"


class Ruling(models.Model):
    """A director's ruling on an irregularity of the auction (scoring.rulings)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    seating = models.ForeignKey(Seating, on_delete=models.CASCADE)
    board = models.ForeignKey(Board, on_delete=models.CASCADE)
    irregularity = models.CharField(max_length=30, validators=[text.one_line])
    option = models.CharField(max_length=30, validators=[text.one_line])
    offender = models.CharField(max_length=1, choices=Seat)
    call = models.CharField(
        max_length=12, blank=True, validators=[text.one_line]
    )  # the offending call, as made
    points = models.PositiveSmallIntegerField(default=0)  # to the other side's honour score
    law = models.CharField(max_length=80, validators=[text.one_line])
    summary = models.CharField(max_length=300, validators=[text.lines])
    reason = models.CharField(max_length=300, blank=True, validators=[text.lines])
    actor = models.CharField(max_length=60, validators=[text.one_line])
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at"]

    def __str__(self) -> str:
        return f"board {self.board.number}, table {self.seating.table}: {self.summary}"

    @property
    def penalty(self) -> dict | None:
        """The points as a traveller penalty (to the side that did not offend)."""
        if not self.points:
            return None
        side = "EW" if self.offender in "NS" else "NS"
        return {"side": side, "points": self.points, "law": self.law}
