"""The event's records: who plays, what was dealt, where everyone sat, what they scored.

The laws live in :mod:`scoring`; these models only hold what happened.
Results are never overwritten: a correction makes a new version and the old
one stops being live (``is_live``), so the history is the table itself.  The
database refuses what must never happen: two live results for one board at
one table in one round, a pair seated twice in one round.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from functools import cached_property

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

from scoring import Code, get_code
from scoring.adjusted import AdjustedValues, for_the_table
from scoring.adjusted import describe as describe_adjustment
from scoring.fractions_fmt import signed

from .choices import CodeOfLaws, Direction, Even, Form, Method, MovementKind, Seat


class Contest(models.Model):
    """A pair event of several sections and/or sessions (issue 17.4).

    Each (session, section) is an :class:`Event` with its own movement, tablets and
    rounds; the sections of a session play the same boards and are compared across
    (Law H: "only with other pairs who have played the same hands"); the sessions
    are carried over into an overall standing (:mod:`scoring.sessions`).
    """

    class Carry(models.TextChoices):
        TOTAL = "total", "Add each session's score"
        AVERAGE = "average", "Average the session percentages (matchpoints)"

    name = models.CharField(max_length=120)
    date = models.DateField()
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    carry = models.CharField("carry-over", max_length=8, choices=Carry, default=Carry.TOTAL)
    published = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"


class League(models.Model):
    """A team event of many teams (issue 17.3): each meeting a two-team Law G match.

    Every match is an :class:`Event` of form "teams" (its own movement, tablets,
    travellers and Law G score); the league draws them (round robin or Swiss)
    and ranks the teams by matches won, then margin (:mod:`scoring.league`).
    """

    class Draw(models.TextChoices):
        ROUND_ROBIN = "round-robin", "Round robin (every team meets every other once)"
        SWISS = "swiss", "Swiss (similar records meet, never twice)"

    name = models.CharField(max_length=120)
    date = models.DateField()
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    code = models.CharField("code of laws", max_length=10, choices=CodeOfLaws, default="1915")
    premium = models.BooleanField("duplicate premium", default=True)
    pairs_per_team = models.PositiveSmallIntegerField(
        default=2, validators=[MinValueValidator(2), MaxValueValidator(30)]
    )
    boards_per_round = models.PositiveSmallIntegerField(
        "boards a round of a match", default=4, validators=[MinValueValidator(1)]
    )
    draw = models.CharField(max_length=12, choices=Draw, default=Draw.ROUND_ROBIN)
    rounds = models.PositiveSmallIntegerField(
        "rounds (Swiss)", null=True, blank=True, help_text="A round robin has one a meeting."
    )
    published = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"


class LeagueTeam(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=80)
    position = models.PositiveSmallIntegerField()  # the seeding order (Swiss round 1)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="league_team_names_unique")
        ]

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    name = models.CharField(max_length=120)
    date = models.DateField()
    code = models.CharField(
        "code of laws", max_length=10, choices=CodeOfLaws, default=CodeOfLaws.WC1915
    )
    english_slams = models.BooleanField(
        "English slam rule", default=False, help_text="1913 only: little slam 50, grand 100."
    )
    english_bidding = models.BooleanField(
        "English bidding rule",
        default=False,
        help_text="1913 only: the dealer may pass, spades are always royals at 9, "
        "the lowest declaration is one club.",
    )
    premium = models.BooleanField("duplicate premium", default=True)
    form = models.CharField(max_length=10, choices=Form, default=Form.PAIRS)
    method = models.CharField("scoring method", max_length=12, choices=Method, default=Method.TOTAL)
    movement = models.CharField(max_length=10, choices=MovementKind, default=MovementKind.MITCHELL)
    tables = models.PositiveSmallIntegerField()
    boards_per_round = models.PositiveSmallIntegerField(default=3)
    even = models.CharField(
        "even Mitchell", max_length=6, choices=Even, default=Even.SKIP, blank=True
    )
    arrow_switch = models.BooleanField(default=False)
    pairs_count = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Only when one short of a full field (a sit-out)."
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_events"
    )
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="directed_events"
    )
    published = models.BooleanField(default=False)
    deal_seed = models.CharField(
        max_length=40, blank=True, help_text="The seed the boards were dealt from, if dealt here."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Between boards: what the tablets show (issue 14).  The traveller of a board the
    # table has just agreed is always shown; the running score is a director's choice.
    tablet_running_score = models.BooleanField(
        "tablets show the running score",
        default=False,
        help_text="After each round, each pair's score and place so far on its table's "
        "tablet. Off keeps the result a surprise.",
    )
    record_auctions = models.BooleanField(
        "tablets record the auction",
        default=False,
        help_text="The table scorer taps each call as it is made; the app checks it against "
        "the code and fills in the contract and declarer.",
    )
    # The room display (projector or TV): its private link, and the round timer.
    display_token = models.CharField(max_length=32, blank=True)
    display_standings = models.BooleanField(default=False)
    timer_minutes = models.PositiveSmallIntegerField(
        "minutes a round", default=0, help_text="0: no round timer."
    )
    timer_ends_at = models.DateTimeField(null=True, blank=True)  # running
    timer_left = models.PositiveIntegerField(null=True, blank=True)  # paused: seconds left
    # The round the timer was started for: the display names it even once the room has
    # moved on to the next round (None: started with no round in play, or before this).
    timer_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # A match of a league (a team event of many teams), and its round there.
    league = models.ForeignKey(
        League, null=True, blank=True, on_delete=models.CASCADE, related_name="matches"
    )
    league_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # A section of a session of a contest (sections of a session play the same boards).
    contest = models.ForeignKey(
        Contest, null=True, blank=True, on_delete=models.CASCADE, related_name="parts"
    )
    session = models.PositiveSmallIntegerField(null=True, blank=True)
    section = models.CharField(max_length=2, blank=True)
    # What the director's average-plus and average-minus are worth (scoring.adjusted).
    adjusted_plus_percent = models.PositiveSmallIntegerField(
        "average-plus (% of the top)",
        default=60,
        validators=[MinValueValidator(50), MaxValueValidator(100)],
        help_text="Matchpoints: average-plus as a percentage of the board's top (average is 50%).",
    )
    adjusted_minus_percent = models.PositiveSmallIntegerField(
        "average-minus (% of the top)",
        default=40,
        validators=[MaxValueValidator(50)],
        help_text="Matchpoints: average-minus as a percentage of the board's top.",
    )
    adjusted_points = models.PositiveSmallIntegerField(
        "average-plus (points)",
        default=50,
        validators=[MaxValueValidator(1000)],
        help_text="Total points: average-plus is this many points above the board's average, "
        "average-minus as many below.",
    )

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def group(self) -> League | Contest | None:
        """The league this is a match of, or the contest this is a section of."""
        if self.league_id is not None:
            return self.league
        if self.contest_id is not None:
            return self.contest
        return None

    @property
    def is_public(self) -> bool:
        """Its results reach the public: published itself, or its league or contest is.

        Publishing a group publishes its matches or sections with it, so the
        group's public page can link each one's standings, travellers and score
        cards; the publication rule (``tournament.access.publication``) still keeps
        every unfinished board's traveller and hands back while play goes on.
        """
        group = self.group
        return self.published or (group is not None and group.published)

    @cached_property
    def laws(self) -> Code:
        """The event's code of laws with its options: every rule of scoring asks this."""
        options = self.code == CodeOfLaws.WC1913
        return get_code(
            self.code,
            english_slams=self.english_slams and options,
            english_bidding=self.english_bidding and options,
        )

    @property
    def adjusted_values(self) -> AdjustedValues:
        """What the director's average-plus and average-minus are worth in this event."""
        return AdjustedValues(
            self.adjusted_plus_percent, self.adjusted_minus_percent, self.adjusted_points
        )

    @property
    def is_team_match(self) -> bool:
        return self.form == Form.TEAMS

    @property
    def by_matchpoints(self) -> bool:
        return self.method == Method.MATCHPOINTS


class Team(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    label = models.CharField(max_length=4)  # "A" or "B"
    name = models.CharField(max_length=80, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "label"], name="one_team_per_label")
        ]
        ordering = ["label"]

    def __str__(self) -> str:
        return self.name or f"Team {self.label}"


class Pair(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    label = models.CharField(max_length=8)  # "1", "12", "A1"
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
    name = models.CharField(max_length=80, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pair", "position"], name="two_players_per_pair")
        ]
        ordering = ["position"]

    def __str__(self) -> str:
        return self.name


class Board(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    deal = models.CharField(
        "hand record (PBN deal)", max_length=80, blank=True, help_text='e.g. "N:AKQJ.T98.. ..."'
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
    note = models.CharField(max_length=200, blank=True)
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
    contract = models.CharField(max_length=12, blank=True)
    declarer = models.CharField(max_length=1, choices=Seat, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    honours = models.JSONField(null=True, blank=True)  # {"N": 2, ...} or null
    revokes_ns = models.PositiveSmallIntegerField(default=0)
    revokes_ew = models.PositiveSmallIntegerField(default=0)
    revoke_penalty = models.CharField(max_length=6, blank=True)
    penalties = models.JSONField(default=list, blank=True)  # [{"side","points","law"}]
    # The auction, when the table recorded it: calls from the dealer, "1H P 2H X P P P".
    auction = models.CharField(max_length=1200, blank=True)
    # Law B's artificial score, or the director's adjusted score (scoring.adjusted).
    adjusted = models.CharField(max_length=16, blank=True)
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
    entered_via = models.CharField(max_length=40, blank=True)  # "director", "table 3"
    reason = models.CharField(max_length=300, blank=True)
    idempotency_key = models.CharField(max_length=64, blank=True)
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
            # A score card counts its boards' scores (tournament.standings.pair_lines),
            # and the most lines a board has, from these alone (issue 18).
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
        NS +161" beside "4S by N, 10 tricks, NS +143" reads as a mistake (a new
        user's trial).  The itemised score says what the penalty was."""
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
        return for_the_table(self.adjusted, self.weights) if self.adjusted else ""

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
    actor = models.CharField(max_length=60, blank=True)  # "director alice", "table 3"
    action = models.CharField(max_length=40)
    detail = models.TextField(blank=True)
    reason = models.CharField(max_length=300, blank=True)
    result = models.ForeignKey(Result, null=True, blank=True, on_delete=models.SET_NULL)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%H:%M:%S} {self.actor} {self.action}"


def new_token() -> str:
    """An unguessable table link: 192 random bits."""
    return secrets.token_urlsafe(24)


class TableLink(models.Model):
    """A table's private link for its scorer's tablet, optionally with a PIN.

    Reissuing a link revokes the old one: only one live link per table.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    table = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=64, unique=True, default=new_token)
    pin = models.CharField(max_length=4, blank=True)
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
    seat = models.CharField(max_length=1, blank=True)
    call = models.CharField(max_length=12, blank=True)
    note = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["at"]

    def __str__(self) -> str:
        return f"table {self.table}, round {self.round}"


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
    irregularity = models.CharField(max_length=30)
    option = models.CharField(max_length=30)
    offender = models.CharField(max_length=1, choices=Seat)
    call = models.CharField(max_length=12, blank=True)  # the offending call, as made
    points = models.PositiveSmallIntegerField(default=0)  # to the other side's honour score
    law = models.CharField(max_length=80)
    summary = models.CharField(max_length=300)
    reason = models.CharField(max_length=300, blank=True)
    actor = models.CharField(max_length=60)
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


class FieldChange(models.Model):
    """A late pair or a withdrawal during play (issue 17.1), in the order made.

    The movement as played is the movement with these applied in order
    (:func:`tournament.movements.with_field_changes`); the seating rows follow it.
    """

    class Kind(models.TextChoices):
        LATE = "late", "Late pair"
        WITHDRAWN = "withdrawn", "Withdrawn"

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    kind = models.CharField(max_length=10, choices=Kind)
    pair = models.ForeignKey(Pair, on_delete=models.CASCADE)
    from_round = models.PositiveSmallIntegerField()
    place = models.CharField(max_length=8, blank=True)  # a late pair: the place it takes
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: pair {self.pair.label} from round {self.from_round}"


class Job(models.Model):
    """Long work the director starts, run outside the request (issue 19): solving the
    boards' double-dummy tables after dealing or importing them.  Progress is kept
    here, so the director can leave the page and come back (tournament.jobs)."""

    class State(models.TextChoices):
        QUEUED = "queued", "Waiting to start"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE)
    kind = models.CharField(max_length=20, default="solve")
    state = models.CharField(max_length=10, choices=State, default=State.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    message = models.CharField(max_length=300, blank=True)
    started_by = models.CharField(max_length=60, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    beat_at = models.DateTimeField(null=True, blank=True)  # the runner's last sign of life
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.kind} for {self.event}: {self.state} {self.done}/{self.total}"
