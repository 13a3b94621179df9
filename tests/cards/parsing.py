"""Shared by the printed-text parser's tests: the shipped packs and abilities as the engine sees
them (the loader's normal form, where `{"scrap": {"from": "hand"}}` equals its spelled-out
defaults and `{"draw": {"per": "last_count", "times": 1}}` equals `{"per": "last_count"}`)."""
from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from cards.parser import pack_faction_names
from play.engine.content import load_pack

PACKS = Path(__file__).resolve().parents[2] / "fixtures" / "packs"
SHIPPED = ("core-set", "colony-wars", "legacy-default")


@cache
def shipped_pack(name: str) -> dict[str, Any]:
    """Return a shipped pack's JSON (read once; callers must not change it)."""
    return json.loads((PACKS / f"{name}.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def shipped_names() -> dict[str, tuple[str, ...]]:
    """Return every shipped faction id with its English and Russian names."""
    return pack_faction_names(*(shipped_pack(name) for name in SHIPPED))


def normalized(abilities: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Return abilities as the pack loader normalizes them: (when, ally faction, effects)."""
    pack = {"format": 1, "pack": {"id": "compare", "version": 1, "kind": "core"},
            "factions": [{"id": f} for f in shipped_names()],
            "cards": [{"id": "card", "name": {"en": "", "ru": ""}, "type": "ship",
                       "role": "token", "cost": None, "abilities": abilities}]}
    return [(a.when, a.faction, a.effects) for a in load_pack(pack).by_id["card"].abilities]
