"""How an owner may type a card and still be understood (issue 19 item 2).

Case, punctuation, line breaks (also inside a sentence, as the card wraps it), the scrap icon
written as "{Scrap}" or a trash can, the ally label as "Blob Ally", "Ally (Blob)", "{Blob}",
"Союз (Слизни)", numbers as digits or words, the faction's name in any case ending.
"""
from __future__ import annotations

import pytest

from cards.parser import parse_card_text
from tests.cards.parsing import normalized, shipped_names

BATTLE_POD = [{"when": "primary", "do": [{"combat": 4},
                                         {"scrap": {"from": "trade_row", "min": 0, "max": 1}}]},
              {"when": "ally", "faction": "blob", "do": [{"combat": 2}]}]


def read(text: str, lang: str = "en", factions: tuple[str, ...] = ("blob",)) -> list:
    parsed = parse_card_text(text, lang, factions=factions, names=shipped_names())
    assert parsed.unknown == [], parsed.unknown
    return normalized(parsed.abilities)


@pytest.mark.parametrize("text", [
    "+4 Combat. You may scrap a card in the trade row. Blob Ally: +2 Combat",
    "+4 combat, you may scrap a card from the trade row\nAlly (Blob): +2 combat",
    "+4 COMBAT\nYOU MAY SCRAP A CARD IN THE TRADE ROW\nBLOB ALLY: +2 COMBAT",
    "+4 Combat.\nYou may scrap a card in the\ntrade row.\n\nAlly: +2 Combat.",
    "Gain 4 combat; you may scrap a card in the trade row. {Blob}: gain 2 combat",
    "4 combat  you may scrap one card in the trade row   blobs ally - 2 combat",
    "{Combat 4} You may scrap a card in the trade row. [Blob Ally] {Combat 2}",
])
def test_c14_battle_pod_reads_the_same_however_it_is_typed(text):
    assert read(text) == normalized(BATTLE_POD)


@pytest.mark.parametrize("text", [
    "+4 боя. Можете отправить в утиль карту из торгового ряда. Союз (Слизни): +2 боя",
    "+4 к бою\nможете отправить в утиль одну карту из торгового ряда\nСоюз: ещё +2 боя",
    "+4 БОЯ, МОЖЕТЕ ОТПРАВИТЬ В УТИЛЬ КАРТУ В ТОРГОВОМ РЯДУ. СЛИЗНИ: +2 БОЯ",
    "Бой +4. Можете отправить в утиль карту из торгового ряда. Слизни, союз: бой +2",
])
def test_c14_battle_pod_in_russian(text):
    assert read(text, "ru") == normalized(BATTLE_POD)


@pytest.mark.parametrize("label", ["Scrap:", "{Scrap}:", "{scrap}", "[Scrap]", "Trash:",
                                   "Trash can:", "🗑", "Scrap -"])
def test_c15_the_scrap_icon_may_be_written_many_ways(label):
    assert read(f"+2 Trade\n{label} draw a card") == normalized(
        [{"when": "primary", "do": [{"trade": 2}]}, {"when": "scrap", "do": [{"draw": 1}]}])


@pytest.mark.parametrize("label", ["Утиль:", "{Утиль}", "Утилизация:", "Мусорный бак:", "🗑"])
def test_c15_the_scrap_icon_in_russian(label):
    assert read(f"+2 торговли\n{label} возьмите карту", "ru") == normalized(
        [{"when": "primary", "do": [{"trade": 2}]}, {"when": "scrap", "do": [{"draw": 1}]}])


@pytest.mark.parametrize(("text", "lang"), [
    ("Star Empire Ally: +2 Combat", "en"), ("Ally (Star Empire): +2 Combat", "en"),
    ("Empire Ally: +2 Combat", "en"), ("{Star Empire}: +2 Combat", "en"),
    ("Союз (Звёздная империя): +2 боя", "ru"), ("Союзное свойство (Империя): +2 боя", "ru"),
    ("Звездная империя, союз: +2 боя", "ru"),
])
def test_c14_an_ally_label_names_any_faction_by_name_or_id(text, lang):
    assert read(text, lang, factions=("blob",)) == normalized(
        [{"when": "ally", "faction": "empire", "do": [{"combat": 2}]}])


def test_c14_an_ally_label_without_a_faction_is_the_cards_own():
    assert read("Ally: draw a card", factions=("machine",)) == normalized(
        [{"when": "ally", "faction": "machine", "do": [{"draw": 1}]}])
    assert read("Союз: возьмите карту", "ru", factions=("federation",)) == normalized(
        [{"when": "ally", "faction": "federation", "do": [{"draw": 1}]}])


@pytest.mark.parametrize(("text", "lang", "effect"), [
    ("Draw two cards", "en", {"draw": 2}), ("draw 2 cards", "en", {"draw": 2}),
    ("Draw three cards.", "en", {"draw": 3}), ("возьмите две карты", "ru", {"draw": 2}),
    ("Возьмите 5 карт", "ru", {"draw": 5}), ("возьмите одну карту", "ru", {"draw": 1}),
    ("Gain five authority", "en", {"authority": 5}), ("+6 влияния", "ru", {"authority": 6}),
    ("получите шесть очков влияния", "ru", {"authority": 6}),
])
def test_numbers_as_digits_or_words(text, lang, effect):
    assert read(text, lang) == normalized([{"when": "primary", "do": [effect]}])


@pytest.mark.parametrize(("text", "lang", "abilities"), [
    ("+2 Authority or +2 Trade", "en",
     [{"when": "primary", "do": [{"choose": [[{"authority": 2}], [{"trade": 2}]]}]}]),
    ("Scrap: draw a card", "en", [{"when": "scrap", "do": [{"draw": 1}]}]),
    ("Ally: acquire any ship for free and put it on top of your deck", "en",
     [{"when": "ally", "faction": "blob", "do": [{"acquire_free": {
         "type": "ship", "max_cost": None, "faction": None, "to": "deck_top"}}]}]),
    ("draw a card for each Blob card you played this turn", "en",
     [{"when": "primary", "do": [{"draw": {"per": "faction_played:blob"}}]}]),
    ("you may draw, then discard", "en",
     [{"when": "primary", "do": [{"may": [{"draw": 1}, {"discard": 1}]}]}]),
    ("scrap a card from your hand; if you did, +3 combat", "en",
     [{"when": "primary", "do": [{"scrap": {"from": "hand", "min": 0, "max": 1}}, {"if": {
         "cond": {"count": "last_count", "at_least": 1}, "then": [{"combat": 3}]}}]}]),
    ("the next ship you acquire this turn goes on top of your deck", "en",
     [{"when": "primary", "do": [{"next_acquire": {"type": "ship", "to": "deck_top"}}]}]),
    ("+1 Combat for each other ship you've played this turn", "en",
     [{"when": "primary", "do": [{"combat": {"per": "other_ships_played"}}]}]),
    ("+3 боя. Союз: возьмите карту", "ru",
     [{"when": "primary", "do": [{"combat": 3}]},
      {"when": "ally", "faction": "blob", "do": [{"draw": 1}]}]),
])
def test_the_examples_of_issue_19_read(text, lang, abilities):
    assert read(text, lang) == normalized(abilities)


@pytest.mark.parametrize(("text", "lang", "abilities"), [
    ("+2 Trade or +2 Combat", "en",
     [{"when": "primary", "do": [{"choose": [[{"trade": 2}], [{"combat": 2}]]}]}]),
    ("On buy: you may draw a card, then discard a card", "en",
     [{"when": "onbuy", "do": [{"may": [{"draw": 1}, {"discard": 1}]}]}]),
    ("You may scrap a card from your hand or discard pile. If you did, +2 Trade; if not, "
     "+1 Trade.", "en",
     [{"when": "primary", "do": [{"scrap": {"from": "hand_or_discard", "min": 0, "max": 1}},
                                 {"if": {"cond": {"count": "last_count", "at_least": 1},
                                         "then": [{"trade": 2}], "else": [{"trade": 1}]}}]}]),
    ("+5 Combat, +1 Combat for each outpost you have in play (at most 2)", "en",
     [{"when": "primary", "do": [{"combat": 5},
                                 {"combat": {"per": "outposts_in_play", "max": 2}}]}]),
    ("Your bases have +1 defense\n+2 Combat", "en",
     [{"when": "static", "do": [{"defense": 1}]}, {"when": "primary", "do": [{"combat": 2}]}]),
    ("Ally: the next card you acquire this turn costs 2 less", "en",
     [{"when": "ally", "faction": "blob", "do": [{"discount": {"n": 2, "type": "any",
                                                               "faction": None}}]}]),
    ("You may put a ship from your discard pile into your hand", "en",
     [{"when": "primary", "do": [{"recycle": {"from": "discard", "to": "hand", "min": 0,
                                              "max": 1, "type": "ship"}}]}]),
    ("Можете положить корабль из стопки сброса в руку", "ru",
     [{"when": "primary", "do": [{"recycle": {"from": "discard", "to": "hand", "min": 0,
                                              "max": 1, "type": "ship"}}]}]),
    ("При покупке: можете взять карту, затем сбросить карту", "ru",
     [{"when": "onbuy", "do": [{"may": [{"draw": 1}, {"discard": 1}]}]}]),
])
def test_the_shapes_the_owners_box_needed_json_for(text, lang, abilities):
    """Issue 19: five of twelve cards of envelope 1 needed the JSON box for these shapes."""
    assert read(text, lang) == normalized(abilities)


@pytest.mark.parametrize(("text", "lang"), [
    ("next ship goes on top of your deck", "en"),
    ("Your next ship this turn goes on top of your deck", "en"),
    ("Put the next ship you buy this turn on top of your deck", "en"),
    ("следующий корабль кладётся на верх колоды", "ru"),
])
def test_the_next_ship_in_shorthand(text, lang):
    assert read(text, lang) == normalized(
        [{"when": "primary", "do": [{"next_acquire": {"type": "ship", "to": "deck_top"}}]}])


def test_you_may_x_if_you_do_y_is_one_choice_to_do_both():
    """"If you did" can only count discarded or scrapped cards, so after "you may" it joins it."""
    assert read("You may draw a card. If you do, discard a card") == normalized(
        [{"when": "primary", "do": [{"may": [{"draw": 1}, {"discard": 1}]}]}])
    assert read("Можете взять карту. Если вы это сделали, сбросьте карту", "ru") == normalized(
        [{"when": "primary", "do": [{"may": [{"draw": 1}, {"discard": 1}]}]}])


def test_for_each_card_of_a_faction_in_play():
    assert read("+1 Trade for each Blob card in play") == normalized(
        [{"when": "primary", "do": [{"trade": {"per": "faction_in_play:blob"}}]}])


@pytest.mark.parametrize(("text", "effect"), [
    ("Можете уничтожить базу", {"destroy_base": 1}),
    ("Отправьте в утиль карту из руки или стопки сброса",
     {"scrap": {"from": "hand_or_discard", "min": 1, "max": 1}}),
    ("+3 к атаке", {"combat": 3}),
    ("Бесплатно получите корабль стоимостью не больше 4 и положите его на верх колоды",
     {"acquire_free": {"type": "ship", "max_cost": 4, "faction": None, "to": "deck_top"}}),
    ("Получите 2 влияния за каждую вашу базу в игре",
     {"authority": {"per": "bases_in_play", "times": 2}}),
])
def test_russian_phrasings_beyond_the_editions_own(text, effect):
    assert read(text, "ru") == normalized([{"when": "primary", "do": [effect]}])
