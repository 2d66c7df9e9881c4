"""The play: what was dealt, where everyone sat, what they scored, and the audit
trail of every change.

Boards, rounds, seatings and results are one family because every verb that
enters or corrects a score locks and re-checks them together.  Results are never
overwritten: a correction makes a new version and the old one stops being live
(``is_live``), so the history is the table itself.  The database refuses what
must never happen: two live results for one board at one table in one round, a
pair seated twice in one round.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import models
from django.db.models import Q

from scoring.adjusted import describe as describe_adjustment
from scoring.adjusted import for_the_table
from scoring.fractions_fmt import signed

from .. import text
from ..choices import Direction, Seat
from .events import Event
from .field import Pair


class Board(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    deal = models.CharField(
        "hand record (PBN deal)",
        max_length=80,
        blank=True,
        help_text='e.g. "N:AKQJ.T98.. ..."',
        validators=[text.one_line],
    )
    redeals = models.PositiveSmallIntegerField(
        default=0, help_text="Times the board was redealt under Law B."
    )
    dd_tricks = models.JSONField(
        null=True, blank=True, help_text="Double-dummy tricks: {seat: {strain: tricks}}."
    )
    # A fouled board: the [round, table] of each table that played its second version;
    # the versions are compared apart (scoring.adjusted).  Null: not fouled.
    fouled = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_board_per_number")
        ]
        ordering = ["number"]

    def __str__(self) -> str:
        return f"Board {self.number}"

    @property
    def dealer(self) -> str:
        """Dealer rotates N, E, S, W with the board number."""
        return "NESW"[(self.number - 1) % 4]

    def neighbours(self) -> tuple[int | None, int | None]:
        """The previous and next board numbers of the event (None at either end)."""
        numbers = Board.objects.filter(event_id=self.event_id).values_list("number", flat=True)
        before = numbers.filter(number__lt=self.number).order_by("-number").first()
        after = numbers.filter(number__gt=self.number).order_by("number").first()
        return before, after


class Round(models.Model):
    """A round of the movement; closing it ends the table's corrections (Law E)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number")
        ]
        ordering = ["number"]

    def __str__(self) -> str:
        return f"Round {self.number}" + (" (closed)" if self.closed else "")

    @property
    def closed(self) -> bool:
        return self.closed_at is not None


class SeatingQuerySet(models.QuerySet["Seating"]):
    def playing(self, event: Event, board_number: int) -> SeatingQuerySet:
        """The table-rounds scheduled to play a board (sit-outs excluded), in playing order."""
        return (
            self.filter(event=event, first_board__lte=board_number, last_board__gte=board_number)
            .exclude(Q(ns__isnull=True) | Q(ew__isnull=True))
            .order_by("round", "table")
        )

    def tables_per_board(self, event: Event, boards: Iterable[int]) -> dict[int, int]:
        """How many table-rounds are scheduled to play each of ``boards`` (as :meth:`playing`
        counts them): the size of the contest Duplicate Law B(3) asks about."""
        wanted = set(boards)
        if not wanted:
            return {}
        counts = dict.fromkeys(wanted, 0)
        for first, last in (
            self.filter(event=event, first_board__lte=max(wanted), last_board__gte=min(wanted))
            .exclude(Q(ns__isnull=True) | Q(ew__isnull=True))
            .values_list("first_board", "last_board")
        ):
            for b in wanted.intersection(range(first, last + 1)):
                counts[b] += 1
        return counts


class Seating(models.Model):
    """One table in one round: the pairs, the boards, whether it is played."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    ns = models.ForeignKey(Pair, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(Pair, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    first_board = models.PositiveSmallIntegerField()
    last_board = models.PositiveSmallIntegerField()
    note = models.CharField(max_length=200, blank=True, validators=[text.one_line])
    absent = models.BooleanField(
        default=False, help_text="A pair did not play: no result, which is not a zero."
    )
    agreed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the table agreed the round's scores (Law E)."
    )

    objects = SeatingQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "round", "table"], name="one_seating"),
        ]
        ordering = ["round", "table"]

    def __str__(self) -> str:
        return f"Round {self.round}, table {self.table}"

    @property
    def board_numbers(self) -> range:
        return range(self.first_board, self.last_board + 1)

    @property
    def sit_out(self) -> bool:
        return self.ns_id is None or self.ew_id is None


class SeatAssignment(models.Model):
    """A pair's place in a round; unique per pair and round, so no pair sits twice."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    round = models.PositiveSmallIntegerField()
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE)
    seating = models.ForeignKey(Seating, on_delete=models.CASCADE)
    direction = models.CharField(max_length=2, choices=Direction)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["event", "round", "pair"], name="pair_seated_once_a_round"
            )
        ]

    def __str__(self) -> str:
        return f"Round {self.round}: pair {self.pair.label} {self.direction}"


class ResultQuerySet(models.QuerySet["Result"]):
    def live(self) -> ResultQuerySet:
        """The versions that count: one per board, table and round at most."""
        return self.filter(is_live=True)

    def at(self, board_number: int, round_no: int, table: int) -> ResultQuerySet:
        """Every version of one traveller line (the board at one table in one round)."""
        return self.filter(board__number=board_number, round=round_no, table=table)

    def history(self, result: Result) -> ResultQuerySet:
        """Every version of ``result``'s traveller line, newest first."""
        return self.filter(board=result.board_id, round=result.round, table=result.table).order_by(
            "-version"
        )


class Result(models.Model):
    """One traveller line, one version of it.  Corrections add versions."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    board = models.ForeignKey(Board, on_delete=models.CASCADE)
    seating = models.ForeignKey(Seating, on_delete=models.CASCADE)
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    ns = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    ew = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="+")
    contract = models.CharField(max_length=12, blank=True, validators=[text.one_line])
    declarer = models.CharField(max_length=1, choices=Seat, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    honours = models.JSONField(null=True, blank=True)  # {"N": 2, ...} or null
    revokes_ns = models.PositiveSmallIntegerField(default=0)
    revokes_ew = models.PositiveSmallIntegerField(default=0)
    revoke_penalty = models.CharField(max_length=6, blank=True, validators=[text.one_line])
    penalties = models.JSONField(default=list, blank=True)  # [{"side","points","law"}]
    # The auction, when the table recorded it: calls from the dealer, "1H P 2H X P P P".
    auction = models.CharField(max_length=1200, blank=True, validators=[text.one_line])
    # Law B's artificial score, or the director's adjusted score (scoring.adjusted).
    adjusted = models.CharField(max_length=16, blank=True, validators=[text.one_line])
    weights = models.JSONField(null=True, blank=True)  # a weighted score: [["1/3", 120], ...]
    # The score, as scoring.score_deal() gave it when the version was made.
    ns_trick = models.IntegerField(default=0)
    ns_honour = models.IntegerField(default=0)
    ew_trick = models.IntegerField(default=0)
    ew_honour = models.IntegerField(default=0)
    net_ns = models.IntegerField(null=True, blank=True)
    items = models.JSONField(default=list, blank=True)
    # Versions.
    version = models.PositiveIntegerField(default=1)
    is_live = models.BooleanField(default=True)
    previous = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="next_version"
    )
    confirmed = models.BooleanField(default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    entered_via = models.CharField(
        max_length=40, blank=True, validators=[text.one_line]
    )  # "director", "table 3"
    reason = models.CharField(max_length=300, blank=True, validators=[text.lines])
    idempotency_key = models.CharField(max_length=64, blank=True, validators=[text.one_line])
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ResultQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["board", "round", "table"],
                condition=Q(is_live=True),
                name="one_live_result",
            ),
            models.UniqueConstraint(
                fields=["event", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="idempotent_submission",
            ),
        ]
        indexes = [
            models.Index(fields=["event", "is_live"]),
            # A score card counts its boards' scores (tournament.queries.score_cards.pair_lines),
            # and the most lines a board has, from these alone.
            models.Index(
                fields=["board", "is_live", "adjusted", "net_ns"], name="result_board_scores"
            ),
            models.Index(fields=["event", "is_live", "board"], name="result_event_boards"),
        ]
        ordering = ["board__number", "round", "table", "-version"]

    def __str__(self) -> str:
        return f"Board {self.board.number}, round {self.round}, table {self.table}: {self.contract}"

    @property
    def is_pass(self) -> bool:
        return self.contract.upper() in ("PASS", "P")

    @property
    def where(self) -> str:
        """Which traveller line: "board 4, round 2, table 1"."""
        return f"board {self.board.number}, round {self.round}, table {self.table}"

    @property
    def played(self) -> str:
        """What happened at the table, in one line: "4H by S, 10 tricks", "passed out"."""
        if self.adjusted:
            return self.adjustment
        if self.is_pass:
            return "passed out"
        who = f" by {self.declarer}" if self.declarer else ""
        tricks = f", {self.tricks} tricks" if self.tricks is not None else ""
        revokes = f", {self.revoke_note}" if self.revoke_note else ""
        return f"{self.contract}{who}{tricks}{revokes}"

    @property
    def revoke_note(self) -> str:
        """The revokes a line's score carries ("EW revoke", "NS 2 revokes"), or "".

        Why: the tricks shown are the tricks played; a revoke's penalty (tricks moved or
        points, Laws 72-74) changes the score, so without this "4S by N, 9 tricks,
        NS +161" beside "4S by N, 10 tricks, NS +143" reads as a mistake.  The itemised
        score says what the penalty was."""
        notes = []
        for side, count in (("NS", self.revokes_ns), ("EW", self.revokes_ew)):
            if count:
                notes.append(f"{side} revoke" if count == 1 else f"{side} {count} revokes")
        return ", ".join(notes)

    @property
    def adjustment(self) -> str:
        """An adjusted score in words ("" for a score played at the table)."""
        return describe_adjustment(self.adjusted, self.weights) if self.adjusted else ""

    @property
    def adjustment_for_table(self) -> str:
        """What the director gave each side, as the table's tablet says it ("" if none)."""
        if not self.adjusted:
            return ""
        return for_the_table(self.adjusted, self.weights, individual=self.event.is_individual)

    @property
    def summary(self) -> str:
        """The line and its score, as the audit trail and conflict messages name it."""
        if self.net_ns is None:
            return self.played
        return f"{self.played}, NS {signed(self.net_ns)}"  # "Passed out, NS 0"


class AuditEntry(models.Model):
    """Who did what, when and why: every change to an event's results."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    at = models.DateTimeField(auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    actor = models.CharField(
        max_length=60, blank=True, validators=[text.one_line]
    )  # "director alice", "table 3"
    action = models.CharField(max_length=40, validators=[text.one_line])
    detail = models.TextField(blank=True, validators=[text.lines])
    reason = models.CharField(max_length=300, blank=True, validators=[text.lines])
    result = models.ForeignKey(Result, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%H:%M:%S} {self.actor} {self.action}"
