"""`load_pack` refuses bad packs with a message naming the card and the JSON path."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from play.engine import PackError, load_pack

from .packs import card, core_dict, legacy_dict, sheet

ROOT = Path(__file__).resolve().parents[2]


def _broken(change) -> dict:
    data = core_dict(card("kingdom-lancer", factions=("kingdom",), primary=[{"trade": 1}],
                          ally={"kingdom": [{"combat": 2}]}))
    change(data["cards"][3])
    return data


@pytest.mark.parametrize("change, message", [
    (lambda c: c["abilities"][1]["do"].__setitem__(0, {"tarde": 2}),
     'cards[3] "kingdom-lancer": abilities[1].do[0]: unknown effect "tarde"'),
    (lambda c: c["abilities"][0].__setitem__("when", "sometimes"),
     'cards[3] "kingdom-lancer": abilities[0].when: unknown ability kind "sometimes"'),
    (lambda c: c["abilities"][1].__setitem__("faction", "pirates"),
     'abilities[1].faction: unknown faction "pirates"'),
    (lambda c: c.__setitem__("type", "planet"), 'type: unknown card type "planet"'),
    (lambda c: c.__setitem__("cost", -1), "cost: must be at least 0"),
    (lambda c: c["abilities"][0]["do"].__setitem__(0, {"trade": 1, "combat": 1}),
     "exactly one key"),
    (lambda c: c["abilities"][0]["do"].__setitem__(0, {"combat": {"per": "moons"}}),
     'abilities[0].do[0].combat.per: unknown counter "moons"'),
    (lambda c: c["abilities"][0]["do"].__setitem__(0, {"scrap": {"from": "deck"}}),
     'do[0].scrap.from: unknown zone "deck"'),
    (lambda c: c["abilities"][0]["do"].__setitem__(0, {"choose": [[{"trade": 1}]]}),
     "two to sixteen branches"),
    (lambda c: c["abilities"][0]["do"].__setitem__(0, {"if": {"cond": {"count": "hand"},
                                                             "then": []}}),
     "exactly one of at_least / at_most"),
    (lambda c: c.__setitem__("name", {"en": "Lancer"}), "name.ru: missing text"),
])
def test_bad_cards_are_refused_with_the_card_and_path(change, message: str) -> None:
    with pytest.raises(PackError) as error:
        load_pack(_broken(change), "legacy-default.json")
    assert message in str(error.value)
    assert str(error.value).startswith("legacy-default.json:")


def test_duplicate_card_ids_are_refused() -> None:
    data = core_dict(card("a"), card("a"))
    with pytest.raises(PackError, match='cards\\[4\\] "a": id: duplicate card id'):
        load_pack(data)


def test_sticker_rows_must_exist_among_trade_cards_and_differ_in_cost() -> None:
    data = legacy_dict(*(card(f"s{c}", cost=c) for c in range(1, 6)),
                       sheets=[sheet("empire-1", "empire", 1)])
    with pytest.raises(PackError, match='sticker_sheets\\[0\\] "empire-1": rows\\[0\\].cost: '
                                        'no trade base costs 1'):
        load_pack(data)
    bad = legacy_dict(card("b", type="base", cost=1), card("s", cost=1),
                      sheets=[sheet("empire-1", "empire", 1, costs=(1, 1, 1, 1, 1))])
    with pytest.raises(PackError, match="five different costs"):
        load_pack(bad)


def test_scenario_rules_are_validated_with_their_path() -> None:
    data = legacy_dict()
    data["scenarios"][2]["sides"]["empire"]["rules"] = [{"hand_sise": {"n": 4}}]
    with pytest.raises(PackError, match='scenarios\\[2\\] 3: sides.empire.rules\\[0\\]: '
                                        'unknown rule "hand_sise"'):
        load_pack(data)


def test_a_legacy_pack_needs_twelve_scenarios() -> None:
    data = legacy_dict()
    del data["scenarios"][11]
    with pytest.raises(PackError, match="exactly 12 scenarios"):
        load_pack(data)


def test_not_a_dict_is_a_clear_error_not_a_crash() -> None:
    for junk in (None, [], "x", {"format": 2}):
        with pytest.raises(PackError):
            load_pack(junk)


def test_loading_does_not_change_the_input() -> None:
    data = legacy_dict(card("s", cost=1))
    before = copy.deepcopy(data)
    load_pack(data)
    assert data == before


@pytest.mark.parametrize("name", ["core-set.json", "legacy-default.json"])
def test_the_shipped_packs_load(name: str) -> None:
    path = ROOT / "fixtures" / "packs" / name
    if not path.exists():
        pytest.skip(f"{name} not written yet")
    pack = load_pack(json.loads(path.read_text()), name)
    assert pack.designs
