"""The club: the record every event, league, contest, season, member and director
belongs to, its member register, its seasons, and the log of score cards e-mailed.

A room runs one club, made on the first run (the migration that brought the
record in makes it for a database that already had events); a service may host
many, each a tenant whose records only its own directors reach
(``tournament.access``, docs/decisions/clubs-as-tenants.md).  A member is a
person typed once: the pairs of every evening point at the member, so the Mrs.
Alden of last Tuesday is the Mrs. Alden of tonight.  A member's e-mail and phone
are the club's private register: only its directors see them
(``tournament.access``), never a public page or a file of results.
"""

from __future__ import annotations

import unicodedata
import zoneinfo
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q

from .. import text
from ..choices import Method, PaperSize

DEFAULT_CLUB_NAME = "Our club"
DEFAULT_CLUB_SHORT_NAME = "Club"


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(
            f"{value!r} is not a time zone name; write it as Europe/London or America/New_York."
        )


def room_time_zone() -> str:
    """The room's clock (``CLUB_TIME_ZONE``): a new club's time zone until it sets its own."""
    return str(getattr(settings, "CLUB_TIME_ZONE", settings.TIME_ZONE))


def is_site_admin(user: object) -> bool:
    """The site administrator: an active superuser (the room's first director).  He alone
    reaches the admin and the Clubs page, both of which see every club."""
    return bool(
        getattr(user, "is_authenticated", False)
        and getattr(user, "is_active", False)
        and getattr(user, "is_superuser", False)
    )


class Club(models.Model):
    name = models.CharField(max_length=120, validators=[text.one_line])
    short_name = models.CharField(
        max_length=20,
        help_text="On the table cards and the score cards' e-mails: a word or two.",
        validators=[text.one_line],
    )
    time_zone = models.CharField(
        max_length=64,
        default=room_time_zone,
        validators=[text.one_line, validate_time_zone],
        help_text=(
            "Where the club plays, as Europe/London (a new club takes the room's CLUB_TIME_ZONE)."
        ),
    )
    directors = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="clubs")
    email_score_cards = models.BooleanField(
        "e-mail each member their score card when an event is published",
        default=False,
        help_text="Off unless turned on here; the room's e-mail settings come from its "
        "environment (docs/hosting/settings.md).",
    )
    national_numbers = models.BooleanField(
        "our member numbers are national numbers",
        default=False,
        help_text="On: each member's number is the national body's (ACBL, EBU, ABF...) and "
        "goes into the files sent to it (USEBIO's NATIONAL_ID_NUMBER). Off: the club's own.",
    )
    paper_size = models.CharField(
        "paper size",
        max_length=6,
        choices=PaperSize,
        default=PaperSize.A4,
        help_text="The spreadsheets' printed pages.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def first(cls) -> Club:
        """The room's club: the first one, made (with the room's default names) if none is."""
        club = cls.objects.order_by("pk").first()
        if club is None:
            club, _ = cls.objects.get_or_create(
                name=DEFAULT_CLUB_NAME, short_name=DEFAULT_CLUB_SHORT_NAME
            )
        return club

    @classmethod
    def of(cls, user: object) -> Club | None:
        """The club a director runs (its register, seasons, accounts; his new events): the
        first he directs.  An account in no club runs the room's club only where the room
        has one club (an account made with ``manage.py createsuperuser``); where it hosts
        several, such an account runs none."""
        ids = cls.ids_of(user)
        return cls.objects.filter(pk=ids[0]).first() if ids else None

    @classmethod
    def ids_of(cls, user: object) -> list[int]:
        """The pks of the clubs ``user`` directs, first first (see :meth:`of`); kept on the
        user object for the rest of the request."""
        if not getattr(user, "is_authenticated", False):
            return []
        kept = getattr(user, "_club_ids", None)
        if kept is None:
            clubs = getattr(user, "clubs", None)
            kept = list(clubs.order_by("pk").values_list("pk", flat=True)) if clubs else []
            if not kept:
                only = list(cls.objects.order_by("pk").values_list("pk", flat=True)[:2])
                if not only:  # a new room: its club is made now
                    only = [cls.first().pk]
                kept = only if len(only) == 1 else []
            user._club_ids = kept  # type: ignore[attr-defined]
        return kept

    def zone(self) -> zoneinfo.ZoneInfo:
        """The club's clock: its time zone (the room's when the stored name is unknown)."""
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo(room_time_zone())


# The words that belong to the surname they stand before ("van der Berg", "de la Mare",
# "von Trapp", "O' Neill" typed apart), lower case; a name's first word never counts.
SURNAME_PARTICLES = frozenset(
    {"van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le", "ten"}
    | {"ter", "vande", "vanden", "st", "st.", "mac", "bin", "ibn", "al"}
)


def _is_suffix(word: str) -> bool:
    return word.lower().strip(".") in {"jr", "sr", "ii", "iii", "iv"}


def surname_of(name: str) -> str:
    """The surname the register sorts a name by: its last word, with the particles before
    it ("Anna van der Berg" is "van der Berg"); a suffix ("Jr.", "III") is left out;
    "Alden, Jane" (a comma) is "Alden".  Never empty for a name that is not blank."""
    text = " ".join(name.split())
    if "," in text:
        before, after = (part.strip() for part in text.split(",", 1))
        if before and not _is_suffix(after):
            return before
        # "John Smith, Jr." is John Smith; ", Jane" (nothing before it) is Jane.
        text = " ".join(f"{before} {after}".replace(",", " ").split())
        if not text:  # commas alone: the name as typed
            return " ".join(name.split())
    words = text.split(" ")
    while len(words) > 1 and _is_suffix(words[-1]):
        words.pop()
    if len(words) < 2:
        return words[0]
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in SURNAME_PARTICLES:
        start -= 1
    return " ".join(words[start:])


def _folded(text: str) -> str:
    """Text as the register compares it: case and accents aside ("Ärmel" with "armel")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def register_key(member: Member) -> tuple[str, str, int]:
    """Where a member stands in the register: by surname, then name, case and accents
    aside.  A particle typed in lower case is passed over ("van der Berg" under B, as the
    Dutch write it), one typed with a capital counts ("Van Buren" under V)."""
    words = (member.surname or surname_of(member.name)).split()
    while len(words) > 1 and words[0].islower() and words[0] in SURNAME_PARTICLES:
        words.pop(0)
    return (_folded(" ".join(words)), _folded(member.name), member.pk or 0)


def in_register_order(members: Iterable[Member]) -> list[Member]:
    """Members in the register's order (:func:`register_key`)."""
    return sorted(members, key=register_key)


class Member(models.Model):
    """A person on the club's register, or a guest typed in at an event.

    A guest (``guest``) is a visitor's name typed at an event: the director may
    later make the guest a member (give a number) or merge the guest into the member
    it really was.  A member removed from the register leaves the events played: each
    :class:`~tournament.models.Player` keeps the name it was entered under.
    """

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="members")
    name = models.CharField(max_length=80, validators=[text.one_line])
    # The register's order: the surname, taken from the name (surname_of) unless the
    # imported list had a surname column or a director typed it.
    surname = models.CharField(
        max_length=80,
        blank=True,
        help_text="The register is sorted by it; blank: taken from the name's last word "
        '(with "van", "de", "von"... kept with it).',
        validators=[text.one_line],
    )
    number = models.CharField(
        "member number",
        max_length=20,
        blank=True,
        help_text="Unique within the club.",
        validators=[text.one_line],
    )
    email = models.EmailField("e-mail", blank=True)
    phone = models.CharField(max_length=30, blank=True, validators=[text.one_line])
    active = models.BooleanField(default=True)
    guest = models.BooleanField(default=False, help_text="Typed in at an event, not registered.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["surname", "name", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "number"],
                condition=~Q(number=""),
                name="member_number_unique_in_club",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.surname.strip():
            self.surname = surname_of(self.name)
        super().save(*args, **kwargs)

    @property
    def choice_label(self) -> str:
        """How the pair's players field offers and reads back this member: "Jane Alden (#123)"."""
        return f"{self.name} (#{self.number})" if self.number else self.name


class Season(models.Model):
    """A club's events grouped into one championship under one stated rule.

    Matchpoint seasons rank members by the average of their best ``best`` percentages,
    counting only members with at least ``at_least`` events; total-points seasons by
    the sum of their Law H contest scores.  The rule is :mod:`scoring.season`; a season
    holds events of its own kind only.
    """

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(max_length=120, validators=[text.one_line])
    method = models.CharField("kind of events", max_length=12, choices=Method)
    best = models.PositiveSmallIntegerField(
        "best N percentages",
        null=True,
        blank=True,
        help_text="Matchpoints: the average of each member's best N percentages (blank: all).",
    )
    at_least = models.PositiveSmallIntegerField(
        "at least M events",
        default=1,
        help_text="Matchpoints: a member is ranked once he has played this many events.",
    )
    current = models.BooleanField(
        default=True, help_text="Shown on the club's front page while current."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]

    def __str__(self) -> str:
        return self.name

    @property
    def by_matchpoints(self) -> bool:
        return self.method == Method.MATCHPOINTS


class ScoreCardMail(models.Model):
    """One score card e-mailed to one member when an event was published: the log."""

    event = models.ForeignKey("Event", on_delete=models.CASCADE, related_name="mails")
    member = models.ForeignKey(Member, null=True, on_delete=models.SET_NULL)
    name = models.CharField(max_length=80, validators=[text.one_line])
    address = models.EmailField()
    subject = models.CharField(max_length=200, validators=[text.one_line])
    sent = models.BooleanField(default=True)
    error = models.CharField(max_length=200, blank=True, validators=[text.lines])
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "pk"]

    def __str__(self) -> str:
        return f"{self.subject} to {self.name}"
