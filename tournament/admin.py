"""Django admin: every model, read-mostly, for the site administrator alone.

The admin sees every club's records at once, so only the site administrator (a
superuser) reaches it; a club's directors work on the app's own pages, which keep
to their club (:mod:`tournament.access`).

Results and the audit trail are read-only here: a result changes only
through the services, which keep its history and write the audit entry.

Nothing secret can be filtered or searched on: Django's change lists accept a
filter on any field of the model in the query string (``?token__startswith=a``),
which would recover a table's token, or a password hash, one character at a
time. ``SECRET_FIELDS`` lists them; every ModelAdmin here refuses them.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.http import HttpRequest

from .models import (
    AuctionRecord,
    AuditEntry,
    Board,
    Club,
    ClubMovement,
    Contest,
    DirectorCall,
    Event,
    FieldChange,
    Individual,
    Job,
    League,
    LeagueTeam,
    Member,
    Pair,
    PinFailure,
    Player,
    Result,
    Round,
    Ruling,
    ScoreCardMail,
    Season,
    SeatAssignment,
    Seating,
    SeatName,
    TableLink,
    Team,
)
from .models.club import is_site_admin

User = get_user_model()

SECRET_FIELDS: dict[type[models.Model], frozenset[str]] = {
    TableLink: frozenset({"token", "pin"}),
    User: frozenset({"password"}),
}


def reaches_secret(model: type[models.Model], path: str) -> bool:
    """Whether a lookup path (``link__token__startswith``, a search field such
    as ``^name``) ends on, or passes through, a secret field."""
    for part in path.lstrip("^=@").split("__"):
        try:
            field = model._meta.get_field(part)
        except FieldDoesNotExist:
            return False  # a lookup or transform (startswith, exact...): the path ended
        if field.name in SECRET_FIELDS.get(model, ()):
            return True
        if not field.is_relation or field.related_model is None:
            return False
        model = field.related_model  # type: ignore[assignment]
    return False


class NoSecretLookups(admin.ModelAdmin):
    """Refuses query-string filters that reach a secret field (a 400, not a list)."""

    def lookup_allowed(  # type: ignore[override]
        self, lookup: str, value: str, request: HttpRequest
    ) -> bool:
        if reaches_secret(self.model, lookup):
            return False
        return super().lookup_allowed(lookup, value, request)


def _site_admin_only(request: HttpRequest) -> bool:
    return is_site_admin(request.user)


admin.site.has_permission = _site_admin_only  # type: ignore[method-assign]
admin.site.unregister(User)


@admin.register(User)
class GuardedUserAdmin(NoSecretLookups, UserAdmin):
    """Django's user admin, to look at accounts only, without filters on the password hash.

    Director accounts are added, removed and given passwords on the Directors page
    alone, which keeps its rules (the validators, never the last director, events
    passing on): the admin offers none of those actions a second time.
    """

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class NoAddAdmin(NoSecretLookups):
    """Records made with their schedule by the app (an event, its boards): never added here."""

    def has_add_permission(self, request):
        return False


class ReadOnlyAdmin(NoSecretLookups):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Event)
class EventAdmin(NoAddAdmin):
    list_display = ["name", "date", "code", "form", "method", "movement", "tables", "published"]
    list_filter = ["code", "form", "published"]
    search_fields = ["name"]
    readonly_fields = [
        "code",
        "form",
        "method",
        "movement",
        "tables",
        "boards_per_round",
        "even",
        "arrow_switch",
        "pairs_count",
        "created_at",
    ]
    exclude = ["display_token"]  # the room display's private link: on the control panel only


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    can_delete = False


@admin.register(ClubMovement)
class ClubMovementAdmin(ReadOnlyAdmin):
    """A club's own movements: its directors keep them on the club's Movements page."""

    list_display = ["name", "club", "created_by", "created_at"]


@admin.register(Pair)
class PairAdmin(NoSecretLookups):
    list_display = ["label", "event", "team"]
    list_filter = ["event"]
    readonly_fields = ["event", "label", "team"]
    inlines = [PlayerInline]


@admin.register(Individual)
class IndividualAdmin(NoSecretLookups):
    """An individual's players: named on the event's players page."""

    list_display = ["label", "name", "event"]
    list_filter = ["event"]
    readonly_fields = ["event", "label", "name", "member"]


@admin.register(Team)
class TeamAdmin(NoSecretLookups):
    list_display = ["label", "name", "event"]
    readonly_fields = ["event", "label"]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["name", "pair", "position"]


@admin.register(Board)
class BoardAdmin(NoAddAdmin):
    list_display = ["number", "event", "deal", "redeals"]
    list_filter = ["event"]
    readonly_fields = ["event", "number", "redeals"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["number", "event", "closed_at", "closed_by"]
    list_filter = ["event"]


@admin.register(Seating)
class SeatingAdmin(ReadOnlyAdmin):
    list_display = ["event", "round", "table", "ns", "ew", "first_board", "last_board", "absent"]
    list_filter = ["event", "round"]


@admin.register(SeatAssignment)
class SeatAssignmentAdmin(ReadOnlyAdmin):
    list_display = ["event", "round", "pair", "seating", "direction"]
    list_filter = ["event"]


@admin.register(SeatName)
class SeatNameAdmin(ReadOnlyAdmin):
    list_display = ["event", "table", "seat", "name", "state"]
    list_filter = ["event"]


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin):
    list_display = [
        "event",
        "board",
        "round",
        "table",
        "contract",
        "declarer",
        "tricks",
        "net_ns",
        "version",
        "is_live",
        "entered_via",
        "created_at",
    ]
    list_filter = ["event", "is_live", "confirmed"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "event", "actor", "action", "detail", "reason"]
    list_filter = ["event", "action"]


@admin.register(TableLink)
class TableLinkAdmin(ReadOnlyAdmin):
    """Links are issued and revoked from the director's Table links page."""

    list_display = ["event", "table", "created_at", "revoked_at"]
    list_filter = ["event"]
    exclude = ["token", "pin"]


@admin.register(PinFailure)
class PinFailureAdmin(ReadOnlyAdmin):
    list_display = ["at", "link", "address"]


@admin.register(DirectorCall)
class DirectorCallAdmin(ReadOnlyAdmin):
    list_display = ["at", "event", "table", "round", "answered_at"]
    list_filter = ["event"]


@admin.register(AuctionRecord)
class AuctionRecordAdmin(ReadOnlyAdmin):
    list_display = ["seating", "board", "updated_at"]


@admin.register(Ruling)
class RulingAdmin(ReadOnlyAdmin):
    list_display = ["at", "event", "board", "seating", "offender", "summary", "points", "law"]
    list_filter = ["event"]


@admin.register(FieldChange)
class FieldChangeAdmin(ReadOnlyAdmin):
    list_display = ["at", "event", "kind", "pair", "from_round", "place"]
    list_filter = ["event"]


@admin.register(League)
class LeagueAdmin(NoAddAdmin):
    """Created from the league page (its matches are drawn with it), never here."""

    list_display = ["name", "date", "draw", "pairs_per_team", "published"]


@admin.register(LeagueTeam)
class LeagueTeamAdmin(ReadOnlyAdmin):
    list_display = ["league", "position", "name"]


@admin.register(Contest)
class ContestAdmin(NoAddAdmin):
    """Created from its page (its sections and sessions are made with it), never here."""

    list_display = ["name", "date", "carry", "published"]


@admin.register(Job)
class JobAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "event", "kind", "state", "done", "total", "message"]
    list_filter = ["state", "kind"]


@admin.register(Club)
class ClubAdmin(NoSecretLookups):
    list_display = ["name", "short_name", "time_zone", "email_score_cards"]


@admin.register(Member)
class MemberAdmin(NoSecretLookups):
    """The register (the Members page is the director's way in; imports go through it)."""

    list_display = ["name", "number", "active", "guest", "club"]
    list_filter = ["active", "guest"]
    search_fields = ["name", "number"]


@admin.register(Season)
class SeasonAdmin(NoSecretLookups):
    list_display = ["name", "method", "best", "at_least", "current", "club"]


@admin.register(ScoreCardMail)
class ScoreCardMailAdmin(ReadOnlyAdmin):
    list_display = ["at", "event", "name", "address", "sent", "error"]
