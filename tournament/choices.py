"""Every fixed set of answers the app stores, as Django ``TextChoices``.

One home for each list: the models, the forms and the templates ask these
enums, never a string literal.  What a code of laws *knows* (its strains,
whether it has honours, whether the dealer may pass) is asked of
:mod:`scoring.codes`; this module only names the choices.
"""

from __future__ import annotations

from django.db import models

from scoring.irregular import ARTIFICIAL_LABELS


class CodeOfLaws(models.TextChoices):
    """The codes of laws a director can choose (docs/laws/scoring.md, "The codes of laws a
    director can choose")."""

    WC1915 = "1915", "Whist Club 1915"
    WC1913 = "1913", 'Whist Club 1913 ("royal spades")'
    ROYALTON = "royalton", "Royalton (Hawley 1915)"


class Form(models.TextChoices):
    """Pair contest (Duplicate Law H), team match (Duplicate Law G), or individual (each
    player an entry: docs/laws/duplicate.md, "Individuals")."""

    PAIRS = "pairs", "Pair contest"
    TEAMS = "teams", "Team match"
    INDIVIDUAL = "individual", "Individual"


class Method(models.TextChoices):
    """How a pair contest compares results: Law H totals, or matchpoints."""

    TOTAL = "total", "Total points (Law H)"
    MATCHPOINTS = "matchpoints", "Matchpoints"


class Factoring(models.TextChoices):
    """Total points over unequal boards: ranked as played, or scaled to the boards most
    pairs played (a director's option beside Law H: docs/laws/duplicate.md, "Factoring")."""

    AS_PLAYED = "as-played", "As played (the sums as they are)"
    FACTORED = "factored", "Factored (sum x B / b, to the boards most pairs played)"

    @classmethod
    def choices_for(cls, individual: bool) -> list[tuple[str, str]]:
        """The options as the event's director reads them: an individual's entries are
        players, so its boards are those most players played."""
        if not individual:
            return list(cls.choices)
        return [(cls.AS_PLAYED.value, cls.AS_PLAYED.label), (cls.FACTORED.value, FACTORED_PLAYERS)]


# The factored option's words in an individual, where each entry is a player.
FACTORED_PLAYERS = "Factored (sum x B / b, to the boards most players played)"


class PaperSize(models.TextChoices):
    """The paper the club prints its spreadsheets on."""

    A4 = "a4", "A4"
    LETTER = "letter", "US Letter"


class MovementKind(models.TextChoices):
    MITCHELL = "mitchell", "Mitchell"
    HOWELL = "howell", "Howell"
    TEAMS = "teams", "Team match"
    INDIVIDUAL = "individual", "Individual"


class Even(models.TextChoices):
    """What an even-table Mitchell does about the pairs meeting their own boards."""

    SKIP = "skip", "Skip"
    RELAY = "relay", "Relay and bystand"


class Seat(models.TextChoices):
    N = "N", "North"
    E = "E", "East"
    S = "S", "South"
    W = "W", "West"


class Direction(models.TextChoices):
    NS = "NS", "North-South"
    EW = "EW", "East-West"


class Adjusted(models.TextChoices):
    """Duplicate Law B's artificial scores (docs/laws/duplicate.md, Law B(3)); worded in
    scoring.irregular."""

    AVERAGE = "average", ARTIFICIAL_LABELS["average"]
    NS_LOWEST = "ns-lowest", ARTIFICIAL_LABELS["ns-lowest"]
    EW_LOWEST = "ew-lowest", ARTIFICIAL_LABELS["ew-lowest"]


class RevokePenalty(models.TextChoices):
    """Declarer's choice for a defender's first revoke (Law 84(b); Royalton 77(b))."""

    POINTS = "points", "100 points"
    TRICKS = "tricks", "three tricks"


class Discovered(models.TextChoices):
    """When an irregular hand came to light: it decides Law B's procedure."""

    ORIGINAL_PLAY = "original-play", "Before or during the original play"
    BEFORE_OVERPLAY = "before-overplay", "When the cards were taken up for overplay, before play"
    AFTER_OVERPLAY = "after-overplay", "After the overplay began"


class SurplusWith(models.TextChoices):
    OPPONENT = "opponent", "an opponent"
    PARTNER = "partner", "his partner"


class TimerFollows(models.TextChoices):
    """What starts the next round's clock once a round's time is up."""

    CHANGE_OVER = "change-over", "by itself, when the change-over ends"
    CLOSE = "close", "when the director closes the round"


class TimerPhase(models.TextChoices):
    """Which part of a round the clock counts: the play, or the change of tables after it."""

    PLAY = "play", "play"
    CHANGE = "change", "change-over"
