"""The pack validator: the shipped packs pass; broken packs fail with file, card and field named."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.validation import read_pack_file, validate_pack
from tests.cards.packs import core_pack, find_card, legacy_pack

PACKS_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "packs"


def _messages(data: Any, filename: str = "test.json") -> list[str]:
    return [str(p) for p in validate_pack(data, filename=filename)]


def _has(messages: list[str], *fragments: str) -> bool:
    return any(all(f in m for f in fragments) for m in messages)


def test_the_small_legacy_and_core_test_packs_are_valid():
    assert _messages(legacy_pack()) == []
    assert _messages(core_pack()) == []


@pytest.mark.parametrize("name", ["core-set.json", "legacy-default.json"])
def test_shipped_pack_is_valid(name: str):
    path = PACKS_DIR / name
    if not path.exists():
        pytest.skip(f"{name} has not landed in fixtures/packs yet")
    _, problems = read_pack_file(path)
    assert [str(p) for p in problems] == []


def test_unknown_effect_is_refused_naming_the_card_and_effect():
    pack = legacy_pack()
    find_card(pack, "kingdom-ship-3")["abilities"][0]["do"][0] = {"tarde": 2}
    messages = _messages(pack, "legacy-test.json")
    assert _has(messages, "legacy-test.json", "kingdom-ship-3", "tarde")


def test_missing_russian_text_names_card_and_field():
    pack = legacy_pack()
    del find_card(pack, "consortium-ship-1")["name"]["ru"]
    assert _has(_messages(pack), 'test.json: cards[0] "consortium-ship-1".name.ru', "missing text")


def test_empty_russian_text_inside_a_scenario_is_found():
    pack = legacy_pack()
    pack["scenarios"][6]["sides"]["empire"]["text"]["ru"] = "  "
    assert _has(_messages(pack), "scenarios[6].sides.empire.text.ru", "missing text")


def test_l8_59_trade_cards_is_refused():
    pack = legacy_pack()
    find_card(pack, "scavengers-ship-1")["quantity"] = 1
    messages = _messages(pack)
    assert _has(messages, 'needs 60 copies of role "trade", found 59')
    assert _has(messages, "needs 20 trade cards of scavengers, found 19")


def test_l8_trade_card_cost_above_8_names_the_card():
    pack = legacy_pack()
    find_card(pack, "kingdom-ship-8")["cost"] = 9
    assert _has(_messages(pack), '"kingdom-ship-8".cost', "costs 1 to 8")


def test_l13_sticker_row_cost_without_a_matching_base_is_refused():
    pack = legacy_pack()
    pack["sticker_sheets"][0]["rows"][4]["cost"] = 8  # ships cost 8 exist, bases do not
    messages = _messages(pack)
    assert _has(messages, 'sticker_sheets[0] "empire-1".rows[4].cost', "no trade base costs 8")
    assert not _has(messages, "no trade ship costs 8")


def test_l13_sheet_rows_need_different_costs():
    pack = legacy_pack()
    pack["sticker_sheets"][3]["rows"][1]["cost"] = 2
    assert _has(_messages(pack), '"empire-4".rows', "different costs")


def test_l18_each_side_needs_sheets_for_scenarios_1_to_4():
    pack = legacy_pack()
    pack["sticker_sheets"][6]["scenario"] = 2  # federation-2 twice, federation-3 missing
    assert _has(_messages(pack), "federation needs one sheet for each scenario 1-4")


def test_duplicate_scenario_number_is_refused():
    pack = legacy_pack()
    pack["scenarios"][11]["number"] = 11
    messages = _messages(pack)
    assert _has(messages, "scenarios", "scenario number 11 appears 2 times")


def test_l21_scenario_needs_exactly_one_winner_vp_card():
    pack = legacy_pack()
    pack["vp_cards"][2]["award"] = {"at_end": {"count": "hand", "at_least": 1}}
    assert _has(_messages(pack), "scenarios[2] #3.vp_cards", 'exactly one "winner"')


def test_unknown_vp_card_reference_is_refused():
    pack = legacy_pack()
    pack["scenarios"][4]["vp_cards"].append("s5-ghost")
    assert _has(_messages(pack), "scenarios[4] #5.vp_cards[1]", "unknown VP card 's5-ghost'")


def test_l7_personal_deck_needs_8_scouts_1_viper_2_starters():
    pack = legacy_pack()
    pack["sides"][0]["personal_deck"]["scout"] = 7
    assert _has(_messages(pack), 'sides[0] "empire".personal_deck', "L7")


def test_l19_political_victory_only_in_scenarios_1_to_4():
    pack = legacy_pack()
    pack["scenarios"][4]["political_victory"] = True
    assert _has(_messages(pack), "scenarios[4] #5.political_victory", "L19")


def test_l26_post_campaign_pack_has_24_cards_and_l22_winner_rule_exists():
    pack = legacy_pack()
    find_card(pack, "post-ship")["quantity"] = 23
    del pack["campaign_winner"]
    messages = _messages(pack)
    assert _has(messages, 'needs 24 copies of role "post_campaign", found 23')
    assert _has(messages, "campaign_winner", "L22")


def test_c4_core_pack_needs_10_explorers():
    pack = core_pack()
    find_card(pack, "explorer")["quantity"] = 9
    assert _has(_messages(pack), 'needs 10 copies of role "explorer", found 9')


def test_duplicate_card_id_is_refused():
    pack = core_pack()
    pack["cards"][1]["id"] = pack["cards"][0]["id"]
    assert _has(_messages(pack), 'cards[1] "blob-ship-1".id', "duplicate card id")


def test_bad_json_file_names_file_and_line(tmp_path: Path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": 1,\n "pack": {,}\n}', encoding="utf-8")
    data, problems = read_pack_file(path)
    assert data is None
    assert _has([str(p) for p in problems], "broken.json: line 2 column", "invalid JSON")


def test_not_an_object_is_a_clear_problem():
    assert _messages([1, 2]) == ["test.json: a pack must be a JSON object"]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=5),
    lambda inner: (st.lists(inner, max_size=3)
                   | st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=6,
)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*prefix, i))
    return found


LEGACY_PATHS = _paths(legacy_pack())


@settings(max_examples=400, deadline=None)
@given(where=st.sampled_from(LEGACY_PATHS), value=JSON_VALUES)
def test_any_replaced_value_gives_problems_or_passes_but_never_crashes(where: tuple, value: Any):
    """Bad input gets a clear error, never a crash: overwrite one field with arbitrary JSON."""
    pack = legacy_pack()
    target = pack
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    problems = validate_pack(json.loads(json.dumps(pack)), filename="fuzz.json")
    assert all(str(p).startswith("fuzz.json") for p in problems)
