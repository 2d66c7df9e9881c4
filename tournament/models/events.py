"""The events themselves: an event (one evening's pair contest or team match) and
the groups of events a director runs as one: a league of team matches, a contest
of sections and sessions.

Every other record hangs from an :class:`Event`, so this family is the root the
others import; its settings (code of laws, form, method, movement, adjusted
values) are what :mod:`scoring` is asked to apply.
"""

from __future__ import annotations

from functools import cached_property

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from scoring import Code, get_code
from scoring.adjusted import AdjustedValues

from .. import text
from ..choices import (
    CodeOfLaws,
    Even,
    Factoring,
    Form,
    Method,
    MovementKind,
    TimerFollows,
    TimerPhase,
)
from .club import Club, Season


class Contest(models.Model):
    """A pair event of several sections and/or sessions (docs/decisions/groups-of-events.md).

    Each (session, section) is an :class:`Event` with its own movement, tablets and
    rounds; the sections of a session play the same boards and are compared across
    (Law H: "only with other pairs who have played the same hands"); the sessions
    are carried over into an overall standing (:mod:`scoring.sessions`).
    """

    class Carry(models.TextChoices):
        TOTAL = "total", "Add each session's score"
        AVERAGE = "average", "Average the session percentages (matchpoints)"

    club = models.ForeignKey(Club, on_delete=models.PROTECT)
    name = models.CharField(max_length=120, validators=[text.one_line])
    date = models.DateField()
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    carry = models.CharField("carry-over", max_length=8, choices=Carry, default=Carry.TOTAL)
    # The overall standing as one ranking of every pair, North-South and East-West
    # together (scoring.sessions.carry_over's one_field); without it, one a direction
    # unless the movement already makes one field (a Howell, an arrow switch, a pair
    # re-seeded into the other direction).
    one_ranking = models.BooleanField(
        "one overall ranking",
        default=False,
        help_text="Rank every pair together overall, North-South and East-West alike.",
    )
    published = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"


class League(models.Model):
    """A team event of many teams: each meeting a two-team Law G match.

    Every match is an :class:`Event` of form "teams" (its own movement, tablets,
    travellers and Law G score); the league draws them (round robin or Swiss)
    and ranks the teams by matches won, then margin (:mod:`scoring.league`).
    """

    class Draw(models.TextChoices):
        ROUND_ROBIN = "round-robin", "Round robin (every team meets every other once)"
        SWISS = "swiss", "Swiss (similar records meet, never twice)"

    club = models.ForeignKey(Club, on_delete=models.PROTECT)
    name = models.CharField(max_length=120, validators=[text.one_line])
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
    name = models.CharField(max_length=80, validators=[text.one_line])
    position = models.PositiveSmallIntegerField()  # the seeding order (Swiss round 1)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="league_team_names_unique")
        ]

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT)
    name = models.CharField(max_length=120, validators=[text.one_line])
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
    # Total points over unequal boards (a sit-out, a late pair): the sums as they are,
    # or each scaled to the boards most pairs played (docs/laws/duplicate.md, "Factoring").
    factoring = models.CharField(
        "total points over unequal boards",
        max_length=10,
        choices=Factoring,
        default=Factoring.AS_PLAYED,
        help_text="Total points only: a pair (in an individual, a player) that played "
        "fewer boards (a sit-out, a late pair) is ranked on its sum as it is, or on its sum "
        "scaled to the boards most pairs (or players) played.",
    )
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
    # The movement's key in the library ("howell-10", "mitchell-8-relay-arrow") or a
    # club's own ("club-<pk>"), as the chooser offers it; blank: the movement the
    # family, tables, even-table choice and arrow switch above describe
    # (services.events.planned_for, docs/director/movements.md).
    movement_name = models.CharField(
        "movement",
        max_length=40,
        blank=True,
        default="",
        help_text="Chosen by name.",
        validators=[text.one_line],
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_events"
    )
    published = models.BooleanField(default=False)
    deal_seed = models.CharField(
        max_length=40,
        blank=True,
        help_text="The seed the boards were dealt from, if dealt here.",
        validators=[text.one_line],
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Between boards: what the tablets show.  The traveller of a board the
    # table has just agreed is always shown; the running score is a director's choice.
    tablet_running_score = models.BooleanField(
        "tablets show the running score",
        default=False,
        help_text="After each round, each pair's (in an individual, each player's) score "
        "and place so far on its table's tablet. Off keeps the result a surprise.",
    )
    seats_at_table = models.BooleanField(
        "players key their numbers at the table",
        default=False,
        help_text="At a table's first round the tablet asks each seat for a member number "
        "(or a guest's name) and shows the four names to confirm. Names you set on the "
        "players page are shown to confirm instead.",
    )
    record_auctions = models.BooleanField(
        "tablets record the auction",
        default=False,
        help_text="The table scorer taps each call as it is made; the app checks it against "
        "the code and fills in the contract and declarer.",
    )
    # After publication a corrected line's versions and the rulings show on the public
    # traveller and score card, naming the role (docs/director/results.md, the record).
    record_open = models.BooleanField(
        "players see the record of corrections",
        default=True,
        help_text="After publication, each corrected result and each ruling shows on the "
        "traveller and score card: what changed, when, by the director or the table, why, "
        "and the law. Off keeps the record for the directors alone.",
    )
    # The room display (projector or TV): its private link, and the round timer.
    display_token = models.CharField(max_length=32, blank=True, validators=[text.one_line])
    display_standings = models.BooleanField(default=False)
    # The clock follows the rounds: each round plays for ``timer_minutes``, then the
    # tables change for ``changeover_minutes`` and the next round's clock starts by
    # itself, or (``timer_follows``) the next round's clock starts when the director
    # closes the round.  The stored phase is an anchor: ``services.display.timer_state``
    # works out from it where the schedule is now.
    timer_minutes = models.PositiveSmallIntegerField(
        "minutes a round", default=0, help_text="0: no round timer."
    )
    changeover_minutes = models.PositiveSmallIntegerField(
        "minutes to change tables",
        default=2,
        help_text="Between one round's time and the next round's start.",
    )
    timer_follows = models.CharField(
        "the next round's clock starts",
        max_length=12,
        choices=TimerFollows,
        default=TimerFollows.CHANGE_OVER,
    )
    timer_ends_at = models.DateTimeField(null=True, blank=True)  # running
    timer_left = models.PositiveIntegerField(null=True, blank=True)  # paused: seconds left
    # The round and the phase (its play or the change-over before it) the anchor above
    # counts down (round None: started with no round in play).
    timer_round = models.PositiveSmallIntegerField(null=True, blank=True)
    timer_phase = models.CharField(max_length=6, choices=TimerPhase, default=TimerPhase.PLAY)
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
    section = models.CharField(max_length=2, blank=True, validators=[text.one_line])
    # The club's season this evening counts towards (a season holds one kind of event).
    season = models.ForeignKey(
        Season, null=True, blank=True, on_delete=models.SET_NULL, related_name="events"
    )
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
    def is_individual(self) -> bool:
        """Each player an entry, partnering another each round (docs/laws/duplicate.md,
        "Individuals")."""
        return self.form == Form.INDIVIDUAL

    @property
    def by_matchpoints(self) -> bool:
        return self.method == Method.MATCHPOINTS

    @property
    def is_factored(self) -> bool:
        """A total-points pair contest or individual whose sums are factored
        (docs/laws/duplicate.md, "Factoring")."""
        return (
            self.factoring == Factoring.FACTORED
            and self.method == Method.TOTAL
            and self.form in (Form.PAIRS, Form.INDIVIDUAL)
        )
