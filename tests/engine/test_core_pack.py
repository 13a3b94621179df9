"""The core-set content pack (`fixtures/packs/core-set.json`) against its sources.

The sources live beside the repository in `../shared`: the Russian core rulebook lists every card
with its count (C2, C4), and the MIT `star-realms-database` has costs, defenses and types. These
tests keep the pack honest against both, so a typo in a count or a cost fails here, not in a game.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from play.engine import PackError, load_pack
from tests.engine.pack_sources import (
    FACTIONS,
    assert_80_trade_cards_20_per_faction,
    assert_ids_are_unique_slugs_of_english_names,
    assert_matches_the_reference,
    rulebook_counts,
)

REPO = Path(__file__).resolve().parents[2]
PACK_PATH = REPO / "fixtures" / "packs" / "core-set.json"
SHARED = REPO.parent / "shared"
RULEBOOK = SHARED / "rules" / "core-set-rulebook.ru.txt"
REFERENCE = SHARED / "reference" / "star-realms-database" / "cards.json"

# The rulebook's card list has two misprints; the pack uses the corrected names.
RULEBOOK_MISPRINTS = {"Сставка командования": "Ставка командования", "Слизнеодец": "Слизненосец"}


def _load_pack() -> dict[str, Any]:
    """Read the pack as plain JSON (the engine's loader is tested separately)."""
    return json.loads(PACK_PATH.read_text(encoding="utf-8"))


def _cards() -> list[dict[str, Any]]:
    return _load_pack()["cards"]


def _rulebook_counts() -> dict[str, int]:
    """Parse "- Name (N)" lines of the rulebook's card list."""
    return rulebook_counts(RULEBOOK, r"^\s*-\s*(.+?)\s*\((\d+)\)\s*$",
                           lambda name: RULEBOOK_MISPRINTS.get(name, name), flags=re.M)


def _reference_cards() -> dict[str, dict[str, Any]]:
    """Return the reference database's core-set entries by English name."""
    if not REFERENCE.exists():
        pytest.skip(f"reference data not found at {REFERENCE}")
    entries = json.loads(REFERENCE.read_text(encoding="utf-8"))
    return {e["name"]: e for e in entries if e.get("set") == "Star Realms"}


def test_pack_is_a_core_pack_with_the_four_factions() -> None:
    pack = _load_pack()
    assert pack["format"] == 1
    assert pack["pack"]["kind"] == "core"
    assert pack["pack"]["id"] == "core-set"
    assert {f["id"] for f in pack["factions"]} == FACTIONS


def test_card_ids_are_unique_slugs_of_english_names() -> None:
    assert_ids_are_unique_slugs_of_english_names(_cards())


def test_c2_c4_trade_deck_has_80_cards_20_per_faction() -> None:
    """C2/C4: 80 trade cards, 20 of each faction, all single-faction in the core set."""
    assert_80_trade_cards_20_per_faction(_cards())


def test_c2_c4_scouts_vipers_explorers() -> None:
    """C2: personal decks come from 16 scouts and 4 vipers; C4: 10 explorers cost 2."""
    by_role = {c["role"]: c for c in _cards() if c["role"] != "trade"}
    assert set(by_role) == {"scout", "viper", "explorer"}
    assert by_role["scout"]["quantity"] == 16 and by_role["scout"]["cost"] is None
    assert by_role["viper"]["quantity"] == 4 and by_role["viper"]["cost"] is None
    assert by_role["explorer"]["quantity"] == 10 and by_role["explorer"]["cost"] == 2


def test_counts_and_russian_names_match_the_rulebook_list() -> None:
    pack_counts = {c["name"]["ru"]: c["quantity"] for c in _cards()}
    assert pack_counts == _rulebook_counts()


def test_costs_defenses_types_match_the_reference_database() -> None:
    assert_matches_the_reference(_cards(), _reference_cards())


def test_bases_have_defense_and_ships_do_not() -> None:
    for card in _cards():
        if card["type"] == "base":
            assert isinstance(card["defense"], int) and card["defense"] >= 1, card["id"]
        else:
            assert card["defense"] is None and card["outpost"] is False, card["id"]


def test_every_text_has_both_languages() -> None:
    for card in _cards():
        for key in ("name", "flavor"):
            if key in card:
                assert card[key]["en"].strip() and card[key]["ru"].strip(), (card["id"], key)


def test_pack_loads_through_the_engine_validator() -> None:
    """The engine accepts every effect of the pack (docs/content-format.md) and sees 80 copies."""
    pack = load_pack(_load_pack(), "core-set.json")
    assert pack.kind == "core"
    assert len(pack.trade_copies()) == 80
    assert [d.id for d in pack.designs_with_role("explorer")] == ["explorer"]


def test_engine_refuses_a_misspelt_effect_naming_the_card() -> None:
    """The validator really reads the abilities: one typo is refused with the card's id."""
    raw = _load_pack()
    battle_pod = next(c for c in raw["cards"] if c["id"] == "battle-pod")
    battle_pod["abilities"][0]["do"][0] = {"combta": 4}
    with pytest.raises(PackError, match="battle-pod"):
        load_pack(raw, "core-set.json")
