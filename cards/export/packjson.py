"""JSON export: the deck as a content-pack file (docs/content-format.md, like fixtures/packs/).

The file is a ``"kind": "core"`` pack whose header says ``"deck": true``: the validator then
accepts any size of trade deck (a post-campaign deck has 84 trade cards, not the core set's 80)
but still wants scouts and vipers, so the pack starts a standard game on any Starledger site.
Plain copies of a design become one card with ``quantity`` = copies; each upgraded copy becomes
its own design with its sticker baked in (L15: an "and" sticker extends the first primary
ability; otherwise the sticker's abilities follow the printed ones), the upgrader's side as a
second faction (L16) and no on-buy ability (L17). Post-campaign copies are trade cards (L26).

The output is deterministic (sorted keys, two-space indent, UTF-8): export, ``load_pack``,
export again gives the same bytes, whatever key order the database keeps.
"""
from __future__ import annotations

import copy
import json
from typing import Any

from cards.export.deck import Deck, PhysicalCard, Sticker, plain
from cards.language import pack_text
from cards.text import ability_text

DESCRIPTION = {"en": "Exported from Starledger: {title}.", "ru": "Выгрузка из Starledger: {title}."}


def deck_pack(deck: Deck) -> dict[str, Any]:
    """Return the deck as pack JSON (a dict ready for json.dumps)."""
    designs: dict[str, dict[str, Any]] = {}
    for _part, card in deck.cards:
        design = baked_design(card) if card.sticker else _plain_design(card)
        if design["id"] in designs:
            designs[design["id"]]["quantity"] += 1
        else:
            designs[design["id"]] = design
    pack: dict[str, Any] = {"format": 1, "pack": _header(deck),
                            "factions": plain(deck.pack_data.get("factions", [])),
                            "cards": list(designs.values())}
    if deck.pack_data.get("sides"):
        pack["sides"] = [{"id": s["id"], "name": plain(s["name"]),
                          "personal_deck": plain(s["personal_deck"])}
                         for s in deck.pack_data["sides"]]
    return plain(pack)


def dumps(deck: Deck) -> bytes:
    """Return the pack file's bytes."""
    text = json.dumps(deck_pack(deck), ensure_ascii=False, sort_keys=True, indent=2)
    return (text + "\n").encode("utf-8")


def _header(deck: Deck) -> dict[str, Any]:
    """Keep an exported deck's own header (round trip); give anything else a new deck header."""
    if deck.header.get("deck") is True and deck.header.get("kind") == "core":
        return plain(deck.header)
    source = str(deck.header.get("id") or deck.stem)
    pack_id = source if source.endswith("-deck") else f"{source}-deck"
    return {"id": pack_id[:100], "version": 1, "kind": "core", "deck": True,
            "name": dict(deck.title),
            "description": {lang: DESCRIPTION[lang].format(title=pack_text(deck.title, lang))
                            for lang in DESCRIPTION}}


def _plain_design(card: PhysicalCard) -> dict[str, Any]:
    design = copy.deepcopy(card.design)
    design["role"] = card.role
    design["quantity"] = 1
    return design


def upgraded_id(card_id: str, sticker_id: str) -> str:
    """Return the id of an upgraded copy's own design: the card id plus its sticker's id."""
    return f"{card_id}--{sticker_id.replace(':', '-')}"[:100]


def baked_design(card: PhysicalCard) -> dict[str, Any]:
    """Return the design of an upgraded copy with its stickers baked in (L15-L17)."""
    sticker = card.sticker
    assert sticker is not None
    design = copy.deepcopy(card.design)
    design["id"] = upgraded_id(card.card_id, sticker.id)
    design["role"], design["quantity"] = card.role, 1
    if sticker.side not in design.get("factions", []):
        design["factions"] = list(design.get("factions", [])) + [sticker.side]  # L16
    abilities = [a for a in design.get("abilities", []) if a.get("when") != "onbuy"]  # L17
    design["abilities"] = _with_sticker(abilities, sticker)
    return design


def _with_sticker(abilities: list[dict[str, Any]], sticker: Sticker) -> list[dict[str, Any]]:
    """Return the abilities after the sticker: L15 "and" extends the first primary ability."""
    added = copy.deepcopy(sticker.data.get("abilities", []))
    primary = next((a for a in abilities if a.get("when") == "primary"), None)
    if sticker.extends_primary and primary is not None:
        for ability in added:
            primary["do"] = list(primary.get("do", [])) + list(ability.get("do", []))
        if isinstance(primary.get("text"), dict):
            primary["text"] = {lang: f"{primary['text'].get(lang, '')} {sticker_text(sticker, lang)}"
                               for lang in ("en", "ru")}
        return abilities
    if len(added) == 1 and isinstance(sticker.data.get("text"), dict):
        added[0].setdefault("text", copy.deepcopy(sticker.data["text"]))
    return abilities + added


def sticker_text(sticker: Sticker, lang: str, factions: dict[str, str] | None = None) -> str:
    """Return a sticker's printed text, or the text generated from its abilities."""
    if isinstance(sticker.data.get("text"), dict):
        return pack_text(sticker.data["text"], lang)
    return "; ".join(ability_text(a, lang, factions, extends_primary=sticker.extends_primary)
                     for a in sticker.data.get("abilities", []))
