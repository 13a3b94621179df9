"""Card text generated from ability JSON, in English and Russian."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.utils import translation

from cards.text import abilities_text, ability_text, faction_names

BLOB = {"blob": "Blob"}


def test_primary_amounts_read_like_card_text():
    ability = {"when": "primary", "do": [{"trade": 3}, {"combat": 2}, {"authority": -1}]}
    assert ability_text(ability, "en") == "+3 trade, +2 combat, lose 1 authority"
    assert ability_text(ability, "ru") == "+3 торговли, +2 боя, потеряйте 1 влияния"


def test_c14_ally_ability_names_the_faction_in_each_language():
    ability = {"when": "ally", "faction": "blob", "do": [{"draw": 1}]}
    assert ability_text(ability, "en", BLOB) == "Ally (Blob): draw a card"
    russian = ability_text(ability, "ru", {"blob": "Слизни"})
    assert russian == "Союзное свойство (Слизни): возьмите карту"


def test_c15_scrap_and_l9_onbuy_prefixes():
    assert ability_text({"when": "scrap", "do": [{"combat": 4}]}, "en") == "Scrap: +4 combat"
    onbuy = ability_text({"when": "onbuy", "do": [{"draw": 2}]}, "ru")
    assert onbuy == "При покупке: возьмите 2 карты"


def test_russian_plural_of_cards():
    texts = [ability_text({"when": "primary", "do": [{"draw": n}]}, "ru")
             for n in (1, 2, 5, 12, 22)]
    assert texts == ["Возьмите карту", "Возьмите 2 карты", "Возьмите 5 карт", "Возьмите 12 карт",
                     "Возьмите 22 карты"]


def test_c13_choice_and_per_amount():
    ability = {"when": "primary", "do": [{"choose": [[{"combat": 5}],
                                                     [{"draw": {"per": "faction_played:blob"}}]]}]}
    assert ability_text(ability, "en", BLOB) == (
        "Choose one: +5 combat; or draw a card for each Blob card you played")


def test_a_count_of_the_cards_just_discarded_reads_as_a_whole_phrase():
    """Recycling Station's "for each card discarded or scrapped this way": in Russian "таким
    образом", not "так", which at the end of the card's text read as if it had been cut off."""
    ability = {"when": "primary", "do": [{"discard": {"min": 0, "max": 2}},
                                         {"draw": {"per": "last_count"}}]}
    assert ability_text(ability, "en").endswith(
        "draw a card for each card discarded or scrapped this way")
    assert ability_text(ability, "ru").endswith(
        "возьмите карту за каждую карту, сброшенную или отправленную в утиль таким образом")


def test_text_override_wins_and_active_language_is_used():
    ability = {"when": "primary", "do": [{"trade": 1}], "text": {"en": "Custom", "ru": "Своё"}}
    with translation.override("ru"):
        assert ability_text(ability) == "Своё"


def test_l15_and_sticker_extends_the_primary_ability():
    ability = {"when": "primary", "do": [{"combat": 1}]}
    assert ability_text(ability, "en", extends_primary=True) == "and +1 combat"


def test_unknown_effect_renders_as_json_instead_of_failing():
    assert ability_text({"when": "primary", "do": [{"tarde": 2}]}, "en") == '{"tarde": 2}'
    assert ability_text({"when": "primary", "do": [{"draw": "many"}]}, "en") == '{"draw": "many"}'


@pytest.mark.parametrize("name", ["core-set.json", "legacy-default.json"])
def test_every_shipped_ability_renders_without_raw_json(name: str):
    path = Path(__file__).resolve().parents[2] / "fixtures" / "packs" / name
    if not path.exists():
        pytest.skip(f"{name} has not landed yet")
    data = json.loads(path.read_text(encoding="utf-8"))
    for lang in ("en", "ru"):
        names = faction_names(data, lang)
        for card in data["cards"]:
            for line in abilities_text(card["abilities"], lang, names):
                assert "{" not in line, f"{card['id']} ({lang}): {line}"


def test_a_scrap_of_one_to_two_cards_names_both_numbers():
    ability = {"when": "primary", "do": [{"scrap": {"from": "hand", "min": 1, "max": 2}}]}
    assert ability_text(ability, "en") == "Scrap 1 to 2 cards from your hand"
    assert ability_text(ability, "ru") == "Отправьте в утиль от 1 до 2 карт из руки"


def test_a_recycle_names_the_card_type_it_takes():
    ability = {"when": "primary", "do": [{"recycle": {"to": "deck_top", "max": 2, "type": "base"}}]}
    assert ability_text(ability, "en") == (
        "You may move up to 2 bases from your discard pile on top of your deck")
    assert ability_text(ability, "ru") == "Можете переложить до 2 баз из сброса на верх колоды"


def test_a_repeat_counted_several_times_per_item_is_one_phrase():
    ability = {"when": "primary", "do": [{"repeat": {"times": {"per": "hand", "times": 2},
                                                     "do": [{"trade": 1}]}}]}
    assert ability_text(ability, "en") == "2 times for each card in your hand: +1 trade"


def test_conditions_inside_conditions_are_bracketed():
    cond = {"any": [{"all": [{"count": "hand", "at_least": 3}, {"count": "deck", "at_least": 1}]},
                    {"count": "turn", "at_least": 5}]}
    ability = {"when": "primary", "do": [{"if": {"cond": cond, "then": [{"draw": 1}]}}]}
    assert ability_text(ability, "en") == (
        "If (cards in your hand ≥ 3 and cards in your deck ≥ 1) or your turn number ≥ 5: "
        "draw a card")
