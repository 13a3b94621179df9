"""Admin for campaigns, seats and the event log (events are read-only: the log is append-only)."""
from __future__ import annotations

from typing import Any

from django.contrib import admin

from campaign.models import Campaign, CampaignEvent, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = ("invite_token",)


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ("name", "pack", "creator", "created", "version", "deleted_at")
    list_filter = ("deleted_at", "pack")
    search_fields = ("name", "creator__username")
    readonly_fields = ("version", "state")
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("campaign", "index", "name", "user")
    search_fields = ("name", "user__username", "campaign__name")
    readonly_fields = ("invite_token",)


@admin.register(CampaignEvent)
class CampaignEventAdmin(admin.ModelAdmin):
    list_display = ("campaign", "seq", "kind", "actor_name", "created_at")
    list_filter = ("kind",)
    search_fields = ("campaign__name", "actor_name")

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False  # append-only: a change is a new event made on the site

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False
