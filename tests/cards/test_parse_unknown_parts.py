"""What the parser cannot read is reported with its place in the text, never dropped.

The form marks these parts and keeps the card as printed text until they are corrected (issue 19
item 2); every ability it does return is one the engine accepts.
"""
from __future__ import annotations

import random

import pytest

from cards.parser import ParsedText, UnknownPart, parse_card_text, parse_sticker_text
from cards.phrases import LANGUAGES, PHRASES, written
from tests.cards.parsing import normalized, shipped_names


def read(text: str, lang: str = "en", factions: tuple[str, ...] = ("blob",)) -> ParsedText:
    return parse_card_text(text, lang, factions=factions, names=shipped_names())


def test_an_unknown_sentence_is_reported_and_the_rest_is_still_read():
    text = "+4 Combat. Frobnicate the gizmo twice. Ally: draw a card"
    parsed = read(text)
    assert parsed.abilities == [{"when": "primary", "do": [{"combat": 4}]},
                                {"when": "ally", "faction": "blob", "do": [{"draw": 1}]}]
    assert parsed.unknown == [UnknownPart("Frobnicate the gizmo twice", 11, 37)]
    assert text[11:37] == "Frobnicate the gizmo twice"
    assert not parsed.complete


def test_unknown_words_at_the_end_of_an_effect_are_not_swallowed():
    parsed = read("Draw a card and then sing a song")
    assert parsed.abilities == [{"when": "primary", "do": [{"draw": 1}]}]
    assert [part.text for part in parsed.unknown] == ["and then sing a song"]


def test_a_whole_ability_with_an_unknown_label_stays_text_with_its_effects():
    """Its effects must not be read as the primary ability's (C14: an ally needs its faction)."""
    parsed = read("+2 Trade\nZorg Ally: +2 Combat. Draw a card.\nScrap: +3 Trade")
    assert parsed.abilities == [{"when": "primary", "do": [{"trade": 2}]},
                                {"when": "scrap", "do": [{"trade": 3}]}]
    assert [part.text for part in parsed.unknown] == ["Zorg Ally: +2 Combat. Draw a card"]


def test_for_each_of_something_unknown_is_not_read_as_for_each_card_discarded():
    """A bare "for each" means the cards just discarded or scrapped only at a sentence's end."""
    parsed = read("+1 combat for each ship")
    assert parsed.abilities == [{"when": "primary", "do": [{"combat": 1}]}]
    assert [part.text for part in parsed.unknown] == ["for each ship"]
    assert read("+3 authority for each.").abilities == [
        {"when": "primary", "do": [{"authority": {"per": "last_count", "times": 3}}]}]


def test_a_choice_with_an_unknown_branch_is_reported_whole():
    parsed = read("Choose one: +2 Trade; or summon a dragon")
    assert parsed.abilities == []
    assert [part.text for part in parsed.unknown] == ["Choose one: +2 Trade; or summon a dragon"]


def test_c14_ally_without_a_faction_on_a_card_of_two_factions_is_unclear():
    parsed = read("+2 Combat\nAlly: draw a card", factions=("kingdom", "empire"))
    assert parsed.abilities == [{"when": "primary", "do": [{"combat": 2}]}]
    assert parsed.unknown == [UnknownPart("Ally: draw a card", 10, 27, "ally_faction",
                                          "kingdom, empire")]


def test_l9_an_effect_the_engine_refuses_there_is_reported_as_invalid():
    parsed = read("You may put this card into your hand")
    assert parsed.abilities == []
    assert parsed.unknown[0].reason == "invalid"
    assert "on-buy" in parsed.unknown[0].detail


def test_russian_unknown_parts_keep_the_typed_letters():
    text = "+3 Боя. Призовите дракона. Союз: возьмите карту"
    parsed = read(text, "ru")
    assert [(p.text, text[p.start:p.end]) for p in parsed.unknown] == [
        ("Призовите дракона", "Призовите дракона")]
    assert len(parsed.abilities) == 2


def test_empty_text_reads_as_no_abilities():
    assert read("  \n ") == ParsedText([], [], False)


def test_l15_a_sticker_beginning_with_and_extends_the_primary_ability():
    parsed = parse_sticker_text("and +2 combat, draw a card", "en", factions=("empire",))
    assert parsed.extends_primary and parsed.complete
    assert parsed.abilities == [{"when": "primary", "do": [{"combat": 2}, {"draw": 1}]}]


def test_l15_an_and_sticker_cannot_add_other_abilities():
    parsed = parse_sticker_text("and +2 combat\nScrap: +3 trade", "en", factions=("empire",))
    assert parsed.abilities == [{"when": "primary", "do": [{"combat": 2}]}]
    assert [(p.text, p.reason) for p in parsed.unknown] == [("Scrap: +3 trade", "extends")]


def test_a_card_text_beginning_with_and_is_not_understood():
    parsed = read("and +2 combat")
    assert parsed.abilities == [] and [p.text for p in parsed.unknown] == ["and +2 combat"]


def test_text_beyond_the_limit_is_reported_not_cut_off_silently():
    text = "+1 trade, " * 250 + "draw a card"
    parsed = read(text)
    assert len(parsed.abilities[0]["do"]) == 200
    assert parsed.unknown == [UnknownPart(text[2000:], 2000, len(text), "too_long")]


def test_numbers_beyond_what_the_site_stores_are_not_understood():
    assert [p.text for p in read("+99999999999 trade").unknown] == ["+99999999999 trade"]
    assert read("+2147483647 trade").abilities == [{"when": "primary",
                                                   "do": [{"trade": 2147483647}]}]


def test_nesting_past_the_limit_is_reported_not_a_crash():
    parsed = read("you may: " * 200 + "draw a card")
    assert parsed.abilities == [] and parsed.unknown[0].start == 0
    assert read("you may: " * 3 + "draw a card").abilities == [
        {"when": "primary", "do": [{"may": [{"may": [{"may": [{"draw": 1}]}]}]}]}]


def test_json_the_site_writes_for_unknown_vocabulary_reads_back_within_limits():
    assert read('{"trade": 2}, draw a card').abilities == [
        {"when": "primary", "do": [{"trade": 2}, {"draw": 1}]}]
    deep = '{"may":[' * 70 + '{"draw":1}' + "]}" * 70
    assert read(deep).abilities == []


@pytest.mark.parametrize("seed", range(4))
def test_random_text_never_raises_and_every_part_is_accounted_for(seed):
    """Bad input gets a clear answer: parts marked at their place, abilities the engine takes."""
    rng = random.Random(seed)
    words = [w for lang in LANGUAGES for forms in PHRASES[lang].values() for f in forms
             for w in written(f).replace("{", " ").replace("}", " ").split()]
    words += list("{}[]():;,.+-\n«»—🗑") + ['{"trade": 2}', '{"x":', "99999999999", "ё"]
    for _ in range(60):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 40)))
        for lang in LANGUAGES:
            parsed = parse_card_text(text, lang, factions=rng.choice([(), ("blob",)]))
            assert all(text[p.start:p.end] == p.text for p in parsed.unknown)
            normalized(parsed.abilities)  # the engine's loader raises on anything it refuses
