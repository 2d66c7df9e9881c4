"""Django admin: every model, read-mostly.

Results and the audit trail are read-only here: a result changes only
through the services, which keep its history and write the audit entry.
"""

from django.contrib import admin

from .models import (
    AuditEntry,
    Board,
    DirectorCall,
    Event,
    Pair,
    PinFailure,
    Player,
    Result,
    Round,
    SeatAssignment,
    Seating,
    TableLink,
    Team,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
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
    filter_horizontal = ["directors"]


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    can_delete = False


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ["label", "event", "team"]
    list_filter = ["event"]
    readonly_fields = ["event", "label", "team"]
    inlines = [PlayerInline]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["label", "name", "event"]
    readonly_fields = ["event", "label"]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["name", "pair", "position"]


@admin.register(Board)
class BoardAdmin(admin.ModelAdmin):
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
