"""A small but complete legacy content pack for the tracker's tests.

It follows docs/content-format.md: 60 trade copies (a ship of 8 copies and a base of 4 copies at
each cost 1-5), four sheets per side in scenarios 1-4, twelve scenarios each with a winner VP card,
one extra VP card in scenario 1, a choice on scenario 2's Empire side, and a post-campaign pack.
"""
from __future__ import annotations

import copy
from typing import Any

FACTIONS = ("consortium", "kingdom", "scavengers")
COSTS = (1, 2, 3, 4, 5)


def _t(en: str) -> dict[str, str]:
    return {"en": en, "ru": f"[ru] {en}"}


def _card(card_id: str, kind: str, cost: int | None, role: str, quantity: int,
          factions: list[str]) -> dict[str, Any]:
    return {
        "id": card_id, "name": _t(card_id.replace("-", " ").title()), "flavor": _t("..."),
        "type": kind, "outpost": False, "defense": 4 if kind == "base" else None,
        "cost": cost, "factions": factions, "role": role, "quantity": quantity,
        "abilities": [{"when": "primary", "do": [{"combat": 1}]}],
    }


def _trade_cards() -> list[dict]:
    cards = []
    for i, cost in enumerate(COSTS):
        faction = FACTIONS[i % 3]
        cards.append(_card(f"{faction}-ship-{cost}", "ship", cost, "trade", 8, [faction]))
        cards.append(_card(f"{faction}-base-{cost}", "base", cost, "trade", 4, [faction]))
    return cards


def _other_cards() -> list[dict]:
    return [
        _card("scout", "ship", None, "scout", 16, []),
        _card("viper", "ship", None, "viper", 2, []),
        _card("explorer", "ship", 2, "explorer", 20, []),
        _card("imperial-fighter", "ship", None, "starter", 1, ["empire"]),
        _card("federation-shuttle", "ship", None, "starter", 1, ["federation"]),
        _card("relic-cruiser", "ship", 6, "post_campaign", 3, ["kingdom"]),
        _card("relic-station", "base", 6, "post_campaign", 1, ["consortium"]),
    ]


def _sheet(side: str, scenario: int) -> dict:
    sticker = {"and": False, "abilities": [{"when": "primary", "do": [{"trade": 1}]}]}
    return {
        "id": f"{side}-{scenario}", "side": side, "scenario": scenario,
        "name": _t(f"{side} sheet {scenario}"),
        "rows": [{"cost": c, "ship": dict(sticker), "base": dict(sticker)} for c in COSTS],
    }


def _scenario(number: int) -> dict:
    empire_choices = []
    if number == 2:
        empire_choices = [{
            "id": "tribute", "prompt": _t("Demand a tribute?"),
            "options": [
                {"id": "gold", "label": _t("Gold"), "rules": [],
                 "lasting_rules": [{"starting_authority": {"who": "empire", "n": 55}}],
                 "reminder": _t("Empire starts with 55 authority")},
                {"id": "ships", "label": _t("Ships"), "rules": [], "lasting_rules": []},
            ],
        }]
    vp_ids = [f"s{number}-victory"] + (["s1-first-blood"] if number == 1 else [])
    return {
        "number": number, "title": _t(f"Scenario {number}"), "story": _t("Story"),
        "sides": {
            "empire": {"text": _t("Empire side"), "rules": [], "choices": empire_choices},
            "federation": {"text": _t("Federation side"), "rules": [], "choices": []},
        },
        "vp_cards": vp_ids, "political_victory": number <= 4,
    }


def _vp_cards() -> list[dict]:
    cards = [
        {"id": f"s{n}-victory", "scenario": n, "points": 1 + n % 3, "name": _t(f"Victory {n}"),
         "text": _t("For winning"), "award": "winner"}
        for n in range(1, 13)
    ]
    cards.append({"id": "s1-first-blood", "scenario": 1, "points": 1, "name": _t("First blood"),
                  "text": _t("First to destroy a base"),
                  "award": {"first_to": {"count": "stat:bases_destroyed", "at_least": 1}}})
    return cards


def legacy_pack(pack_id: str = "test-legacy") -> dict:
    """Return a fresh, valid legacy pack dict (callers may mutate it)."""
    return copy.deepcopy({
        "format": 1,
        "pack": {"id": pack_id, "version": 1, "kind": "legacy", "name": _t("Test legacy"),
                 "description": _t("A pack for tests")},
        "factions": [{"id": f, "name": _t(f.title())}
                     for f in (*FACTIONS, "empire", "federation")],
        "cards": _trade_cards() + _other_cards(),
        "sides": [
            {"id": "empire", "name": _t("Star Empire"),
             "personal_deck": {"scout": 8, "viper": 1, "imperial-fighter": 1}},
            {"id": "federation", "name": _t("Trade Federation"),
             "personal_deck": {"scout": 8, "viper": 1, "federation-shuttle": 1}},
        ],
        "sticker_sheets": [_sheet(side, n) for n in (1, 2, 3, 4)
                           for side in ("empire", "federation")],
        "vp_cards": _vp_cards(),
        "scenarios": [_scenario(n) for n in range(1, 13)],
        "campaign_winner": {"text": _t("Most VP wins"),
                            "order": ["vp", "scenario_wins", "winner_of_12"]},
    })
