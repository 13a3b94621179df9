"""Admin for matches: seats inline, the action log read-only (it is append-only)."""

from __future__ import annotations

from django.contrib import admin

from play.models import Match, MatchAction, MatchSeat


class MatchSeatInline(admin.TabularInline):
    model = MatchSeat
    extra = 0
    readonly_fields = ("invite_token",)


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("pk", "pack", "status", "version", "campaign", "scenario", "created")
    list_filter = ("status", "pack")
    readonly_fields = ("setup", "state", "version", "result", "campaign_version", "snapshot")
    inlines = (MatchSeatInline,)


@admin.register(MatchAction)
class MatchActionAdmin(admin.ModelAdmin):
    list_display = ("match", "seq", "seat", "notation", "created_at")
    readonly_fields = ("match", "seq", "seat", "notation", "created_at")

    def has_add_permission(self, request: object, obj: object = None) -> bool:  # the log is append-only
        return False
