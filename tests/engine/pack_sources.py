"""Checks that every shipped core-kind pack (the core set, Colony Wars) passes the same way:
card ids made from English names, a trade deck of 80 single-faction cards (C2, C4), and each
card's count, cost, faction, type and defense as the reference database has them."""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

FACTIONS = {"blob", "federation", "empire", "machine"}
# The MIT star-realms-database's faction names (../shared/reference); "Unaligned": no faction.
REFERENCE_FACTIONS = {"Blob": "blob", "Trade Federation": "federation", "Star Empire": "empire",
                      "Machine Cult": "machine", "Unaligned": None}


def assert_ids_are_unique_slugs_of_english_names(cards: list[dict[str, Any]]) -> None:
    """Each id is its English name in lower case, hyphens between words, apostrophes dropped."""
    ids = [c["id"] for c in cards]
    assert len(ids) == len(set(ids))
    for card in cards:
        name = card["name"]["en"].lower().replace("'", "")
        assert card["id"] == re.sub(r"[^a-z0-9]+", "-", name).strip("-")


def assert_80_trade_cards_20_per_faction(cards: list[dict[str, Any]]) -> None:
    """C2/C4: the trade deck holds 80 cards, 20 of each faction, each of one faction only."""
    trade = [c for c in cards if c["role"] == "trade"]
    assert sum(c["quantity"] for c in trade) == 80
    per_faction: Counter[str] = Counter()
    for card in trade:
        assert len(card["factions"]) == 1
        per_faction[card["factions"][0]] += card["quantity"]
    assert per_faction == {f: 20 for f in FACTIONS}


def assert_matches_the_reference(cards: list[dict[str, Any]],
                                 reference: dict[str, dict[str, Any]]) -> None:
    """Every card is in the reference (by English name) with the same printed numbers."""
    assert {c["name"]["en"] for c in cards} == set(reference)
    for card in cards:
        entry, label = reference[card["name"]["en"]], card["id"]
        assert card["quantity"] == entry["quantity"], label
        assert card["cost"] == entry.get("cost"), label
        assert card["factions"] == [f for f in [REFERENCE_FACTIONS[entry["faction"]]] if f], label
        assert card["type"] == ("ship" if entry["type"] == "ship" else "base"), label
        assert card["outpost"] == (entry["type"] == "outpost"), label
        assert card["defense"] == entry.get("shield"), label


def rulebook_counts(rulebook: Path, entry: str, name_of: Callable[[str], str],
                    flags: int = 0) -> dict[str, int]:
    """Return {Russian name: copies} from the rulebook's card list ("Перечень карт").

    `entry` is the pattern of one entry (the name, then the count); `name_of` turns what it
    finds into the pack's name (misprints, stray spaces of a PDF extraction). Authority tokens
    are listed too, but are not cards of a pack. Skips when ../shared is not beside the project.
    """
    if not rulebook.exists():
        pytest.skip(f"rulebook not found at {rulebook}")
    text = rulebook.read_text(encoding="utf-8")
    section = text.split("Перечень карт", 1)[1].split("Правила для", 1)[0]
    return {name_of(name): int(count) for name, count in re.findall(entry, section, flags)
            if not name_of(name).startswith("Влияние")}
