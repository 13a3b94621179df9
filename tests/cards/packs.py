"""Small, valid content packs built in code, for tests that mutate them into broken ones.

`legacy_pack()` has exactly the campaign structure the validator demands (L7, L8, L13, L18, L21,
L22, L26) with as few designs as that allows; `core_pack()` has the core-set counts (C2, C4).
Every call returns a fresh dict, so a test can mutate it freely.
"""
from __future__ import annotations

from typing import Any

TRADE_FACTIONS = ("consortium", "kingdom", "scavengers")
SHIP_QUANTITIES = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 1}  # 15 ships per faction
BASE_COSTS = (2, 3, 4, 5, 6)  # 5 bases per faction: 20 cards per faction in all
SHEET_ROW_COSTS = (2, 3, 4, 5, 6)


def text(en: str, ru: str | None = None) -> dict[str, str]:
    """Return a two-language text; the Russian defaults to a marked copy of the English."""
    return {"en": en, "ru": ru if ru is not None else f"RU {en}"}


def card(card_id: str, *, role: str = "trade", type_: str = "ship", cost: int | None = 1,
         factions: list[str] | None = None, quantity: int = 1, defense: int | None = None,
         abilities: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Return one CARD entry with sensible defaults (a ship giving +1 trade)."""
    entry: dict[str, Any] = {
        "id": card_id, "name": text(card_id.replace("-", " ").title()),
        "flavor": text(f"Flavour of {card_id}."), "type": type_, "cost": cost,
        "factions": factions if factions is not None else [], "role": role, "quantity": quantity,
        "abilities": abilities if abilities is not None
        else [{"when": "primary", "do": [{"trade": 1}]}],
    }
    if type_ == "base":
        entry["outpost"] = False
        entry["defense"] = defense or 4
    return entry


def _faction_cards(faction: str) -> list[dict[str, Any]]:
    ships = [
        card(f"{faction}-ship-{cost}", cost=cost, factions=[faction], quantity=qty,
             abilities=[{"when": "primary", "do": [{"combat": cost}]},
                        {"when": "ally", "faction": faction, "do": [{"draw": 1}]}])
        for cost, qty in SHIP_QUANTITIES.items()
    ]
    bases = [card(f"{faction}-base-{cost}", type_="base", cost=cost, factions=[faction],
                  defense=cost) for cost in BASE_COSTS]
    return ships + bases


def _personal_cards() -> list[dict[str, Any]]:
    return [
        card("scout", role="scout", cost=None, quantity=16),
        card("viper", role="viper", cost=None, quantity=2,
             abilities=[{"when": "primary", "do": [{"combat": 1}]}]),
        card("explorer", role="explorer", cost=2, quantity=20,
             abilities=[{"when": "primary", "do": [{"trade": 2}]},
                        {"when": "scrap", "do": [{"combat": 2}]}]),
        card("imperial-fighter", role="starter", cost=None, factions=["empire"]),
        card("smuggler", role="starter", cost=None, factions=["empire"]),
        card("federation-shuttle", role="starter", cost=None, factions=["federation"]),
        card("star-police", role="starter", cost=None, factions=["federation"]),
    ]


def _sides() -> list[dict[str, Any]]:
    return [
        {"id": "empire", "name": text("Star Empire", "Звёздная империя"),
         "personal_deck": {"scout": 8, "viper": 1, "imperial-fighter": 1, "smuggler": 1}},
        {"id": "federation", "name": text("Trade Federation", "Торговая федерация"),
         "personal_deck": {"scout": 8, "viper": 1, "federation-shuttle": 1, "star-police": 1}},
    ]


def _sheet(side: str, scenario: int) -> dict[str, Any]:
    rows = [
        {"cost": cost,
         "ship": {"and": cost == 2, "abilities": [{"when": "primary", "do": [{"combat": 1}]}]},
         "base": {"and": False, "abilities": [{"when": "primary", "do": [{"authority": 2}]}]}}
        for cost in SHEET_ROW_COSTS
    ]
    return {"id": f"{side}-{scenario}", "side": side, "scenario": scenario,
            "name": text(f"{side} sheet {scenario}"), "rows": rows}


def _scenario(number: int) -> dict[str, Any]:
    def side() -> dict[str, Any]:
        return {"text": text(f"Side text {number}"), "rules": [], "choices": []}

    return {"number": number, "title": text(f"Scenario {number}"), "story": text(f"Story {number}"),
            "sides": {"empire": side(), "federation": side()},
            "vp_cards": [f"s{number}-victory"], "political_victory": number <= 4}


def _vp_card(number: int) -> dict[str, Any]:
    return {"id": f"s{number}-victory", "scenario": number, "points": 1 + number // 4,
            "name": text(f"Victory {number}"), "text": text("Win the scenario."), "award": "winner"}


def legacy_pack(pack_id: str = "legacy-test") -> dict[str, Any]:
    """Return a minimal valid legacy pack: 60 trade cards, 8 sheets, 12 scenarios, 24 post cards."""
    cards = [c for faction in TRADE_FACTIONS for c in _faction_cards(faction)]
    cards += _personal_cards()
    cards.append(card("post-ship", role="post_campaign", cost=3, factions=["kingdom"], quantity=24))
    return {
        "format": 1,
        "pack": {"id": pack_id, "version": 1, "kind": "legacy", "name": text("Test campaign"),
                 "description": text("A small campaign for tests.")},
        "factions": [{"id": f, "name": text(f.title())}
                     for f in (*TRADE_FACTIONS, "empire", "federation")],
        "cards": cards,
        "sides": _sides(),
        "sticker_sheets": [_sheet(side, n) for side in ("empire", "federation")
                           for n in range(1, 5)],
        "vp_cards": [_vp_card(n) for n in range(1, 13)],
        "scenarios": [_scenario(n) for n in range(1, 13)],
        "campaign_winner": {"text": text("Most VP wins."),
                            "order": ["vp", "scenario_wins", "winner_of_12"]},
    }


def core_pack(pack_id: str = "core-test") -> dict[str, Any]:
    """Return a minimal valid core pack: 80 trade cards, 16 scouts, 4 vipers, 10 explorers."""
    factions = ("blob", "federation", "empire", "machine")
    cards = [card(f"{f}-ship-{cost}", cost=cost, factions=[f], quantity=4)
             for f in factions for cost in (1, 2, 3, 4, 5)]
    cards += [
        card("scout", role="scout", cost=None, quantity=16),
        card("viper", role="viper", cost=None, quantity=4),
        card("explorer", role="explorer", cost=2, quantity=10),
    ]
    return {
        "format": 1,
        "pack": {"id": pack_id, "version": 1, "kind": "core", "name": text("Test core set"),
                 "description": text("A small core set for tests.")},
        "factions": [{"id": f, "name": text(f.title())} for f in factions],
        "cards": cards,
    }


def find_card(pack: dict[str, Any], card_id: str) -> dict[str, Any]:
    """Return the card entry with that id (tests mutate it in place)."""
    return next(c for c in pack["cards"] if c["id"] == card_id)
