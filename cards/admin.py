"""Admin: content packs are edited as JSON; the derived catalogue tables are read-only."""
from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest
from django.utils.translation import gettext as _

from cards.models import CardDesign, ContentPack, Scenario, Sticker, StickerSheet, VPCard
from cards.validation import validate_pack


@admin.register(ContentPack)
class ContentPackAdmin(admin.ModelAdmin):
    list_display = ("slug", "version", "kind", "name_en", "owner", "is_builtin", "updated")
    list_filter = ("kind", "is_builtin")
    search_fields = ("slug", "name_en", "name_ru", "owner__username")
    readonly_fields = ("checksum", "created", "updated", "kind", "name_en", "name_ru",
                       "description_en", "description_ru")
    raw_id_fields = ("owner", "based_on")

    def save_model(self, request: HttpRequest, obj: ContentPack, form: Any, change: bool) -> None:
        """Validate edited JSON like the loader does; refuse to store an invalid pack."""
        problems = validate_pack(obj.data, filename=f"{obj.slug}.json", owner=not obj.is_builtin)
        if problems:
            for problem in problems[:20]:
                messages.error(request, str(problem))
            messages.error(request, _("The pack was NOT saved."))
            return
        obj.replace_data(obj.data)


class _DerivedAdmin(admin.ModelAdmin):
    """Rows rebuilt from ContentPack.data: browse them here, edit the pack instead."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(CardDesign)
class CardDesignAdmin(_DerivedAdmin):
    list_display = ("slug", "name_en", "pack", "role", "type", "cost", "quantity")
    list_filter = ("pack", "role", "type")
    search_fields = ("slug", "name_en", "name_ru")


@admin.register(StickerSheet)
class StickerSheetAdmin(_DerivedAdmin):
    list_display = ("slug", "pack", "side", "scenario")
    list_filter = ("pack", "side")


@admin.register(Sticker)
class StickerAdmin(_DerivedAdmin):
    list_display = ("sticker_id", "cost", "kind", "and_flag")
    search_fields = ("sticker_id",)


@admin.register(Scenario)
class ScenarioAdmin(_DerivedAdmin):
    list_display = ("number", "title_en", "pack", "political_victory")
    list_filter = ("pack",)


@admin.register(VPCard)
class VPCardAdmin(_DerivedAdmin):
    list_display = ("slug", "pack", "scenario", "points")
    list_filter = ("pack",)
