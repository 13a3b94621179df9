"""Build the derived browsing tables of a pack from its JSON (`ContentPack.data`).

Called only with validated data (the loader and the edit forms validate first), so these builders
read fields directly; the validator is where missing or wrong fields are reported.
"""
from __future__ import annotations

from typing import Any

from cards.models import (
    CardDesign,
    ContentPack,
    Scenario,
    Sticker,
    StickerSheet,
    VPCard,
    text_in,
)


def rebuild(pack: ContentPack) -> None:
    """Delete and recreate every derived row of `pack` (run inside a transaction)."""
    pack.designs.all().delete()
    pack.sticker_sheets.all().delete()
    pack.scenarios.all().delete()
    pack.vp_cards.all().delete()
    data = pack.data
    CardDesign.objects.bulk_create(
        design_from_json(pack, i, card) for i, card in enumerate(data.get("cards", []))
    )
    for sheet in data.get("sticker_sheets", []):
        _create_sheet(pack, sheet)
    Scenario.objects.bulk_create(scenario_from_json(pack, s) for s in data.get("scenarios", []))
    VPCard.objects.bulk_create(vp_card_from_json(pack, v) for v in data.get("vp_cards", []))


def design_from_json(pack: ContentPack, position: int, card: dict[str, Any]) -> CardDesign:
    """Return an unsaved `CardDesign` for one `cards[]` entry."""
    return CardDesign(
        pack=pack, position=position, slug=card["id"],
        name_en=text_in(card.get("name"), "en"), name_ru=text_in(card.get("name"), "ru"),
        flavor_en=text_in(card.get("flavor"), "en"), flavor_ru=text_in(card.get("flavor"), "ru"),
        type=card.get("type", "ship"), outpost=bool(card.get("outpost", False)),
        cost=card.get("cost"), defense=card.get("defense"),
        factions=list(card.get("factions", [])), role=card.get("role", "trade"),
        quantity=card.get("quantity", 1), abilities=card.get("abilities", []),
    )


def _create_sheet(pack: ContentPack, sheet: dict[str, Any]) -> None:
    """Create one sticker sheet and its ten stickers."""
    row = StickerSheet.objects.create(
        pack=pack, slug=sheet["id"], side=sheet.get("side", ""), scenario=sheet.get("scenario", 0),
        name_en=text_in(sheet.get("name"), "en"), name_ru=text_in(sheet.get("name"), "ru"),
    )
    stickers = []
    for cost_row in sheet.get("rows", []):
        for kind in ("ship", "base"):
            if kind in cost_row:
                stickers.append(_sticker(row, cost_row["cost"], kind, cost_row[kind]))
    Sticker.objects.bulk_create(stickers)


def _sticker(sheet: StickerSheet, cost: int, kind: str, data: dict[str, Any]) -> Sticker:
    return Sticker(
        sheet=sheet, sticker_id=f"{sheet.slug}:{cost}:{kind}", cost=cost, kind=kind,
        and_flag=bool(data.get("and", False)), abilities=data.get("abilities", []),
        text_en=text_in(data.get("text"), "en"), text_ru=text_in(data.get("text"), "ru"),
    )


def scenario_from_json(pack: ContentPack, scenario: dict[str, Any]) -> Scenario:
    """Return an unsaved `Scenario` for one `scenarios[]` entry."""
    return Scenario(
        pack=pack, number=scenario["number"],
        title_en=text_in(scenario.get("title"), "en"),
        title_ru=text_in(scenario.get("title"), "ru"),
        story_en=text_in(scenario.get("story"), "en"),
        story_ru=text_in(scenario.get("story"), "ru"),
        sides=scenario.get("sides", {}), vp_card_ids=list(scenario.get("vp_cards", [])),
        political_victory=bool(scenario.get("political_victory", False)),
    )


def vp_card_from_json(pack: ContentPack, vp: dict[str, Any]) -> VPCard:
    """Return an unsaved `VPCard` for one `vp_cards[]` entry."""
    return VPCard(
        pack=pack, slug=vp["id"], scenario=vp.get("scenario", 0), points=vp.get("points", 0),
        award=vp.get("award"),
        name_en=text_in(vp.get("name"), "en"), name_ru=text_in(vp.get("name"), "ru"),
        text_en=text_in(vp.get("text"), "en"), text_ru=text_in(vp.get("text"), "ru"),
    )
