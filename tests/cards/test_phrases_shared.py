"""Writing and reading a card are one vocabulary (ARCHITECTURE "Owners' sets", issue 19 item 2).

Every form of every entry of `cards/phrases.py` — also the ones only owners type ("gain 4
combat", "Союз:", "{Scrap}") — is written with sample slot values by the site's own writer
(`write_form`), read by the parser into the effect those values mean, and that effect, written
the way the site writes it, reads back the same: a phrase added for reading is one the site can
write, and nothing the site writes is lost.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from cards.parser import EFFECT_READERS, STATIC_READERS, parse_card_text, parse_sticker_text
from cards.phrases import (
    CARD_COUNTS,
    CONDITIONS,
    COUNTERS,
    EFFECT_ORDER,
    HEADER_ORDER,
    NUMBER_WORDS,
    PHRASES,
    SEPARATORS,
    STATIC_ORDER,
    TYPE_NAMES,
    ZONES,
    Slot,
    as_form,
    template_parts,
    written,
)
from cards.text import ability_text, write_form
from tests.cards.parsing import normalized

LANGS = ("en", "ru")
NAMES = {"en": {"blob": "Blob", "empire": "Star Empire", "machine": "Machine Cult"},
         "ru": {"blob": "Слизни", "empire": "Звёздная империя", "machine": "Технокульт"}}
ALL_NAMES = {f: (NAMES["en"][f], NAMES["ru"][f]) for f in NAMES["en"]}
SHIP = {"type": "ship", "max_cost": None, "faction": None}
SAMPLES: dict[str, dict[str, Any]] = {
    "trade": {"n": 3}, "combat": {"n": 3}, "authority": {"n": 3}, "lose_authority": {"n": 2},
    "per": {"base": ("combat", 2), "counter": "ships_played"}, "draw": {"cards": 2},
    "discard": {"cards": 2}, "discard_range": {"a": 1, "b": 2}, "opponent_discards": {"cards": 1},
    "scrap": {"cards": 1, "zone": "hand"}, "scrap_range": {"a": 1, "b": 2, "zone": "discard"},
    "scrap_may": {"cards": (2, "any"), "zone": "hand_or_discard"}, "destroy_one": {},
    "destroy_base": {"n": 2}, "acquire_free": {"what": {**SHIP, "max_cost": 3}, "to": "hand"},
    "next_acquire": {"what": SHIP, "to": "hand"},
    "discount": {"what": {"type": "any", "max_cost": None, "faction": "blob"}, "n": 2},
    "recycle": {"cards": (1, "ship"), "to": "hand"},
    "copy_ship": {"name": "Stealth Needle", "faction": "machine"},
    "copy_base": {"name": "Stealth Tower", "faction": "machine"}, "this_to_hand": {},
    "purge": {"which": "cheapest"}, "repeat_times": {"n": 2, "effects": [{"draw": 1}]},
    "repeat_per": {"counter": "last_count", "effects": [{"trade": 1}],
                   "options": [[{"trade": 2}], [{"combat": 2}]]},
    "repeat_per_n": {"n": 2, "counter": "last_count", "effects": [{"trade": 1}]},
    "if": {"cond": {"count": "bases_in_play", "at_least": 2}, "then": [{"draw": 1}]},
    "may": {"effects": [{"draw": 1}, {"discard": 1}]},
    "choose": {"options": [[{"trade": 2}], [{"combat": 2}]]},
    "ally_for_all": {"name": "Mech World"}, "static_defense": {"n": 2},
    "on_play": {"match": SHIP, "effects": [{"combat": 1}]},
}


def read(text: str, lang: str, *, when: str = "primary") -> list[Any]:
    """Read `text` as the effects of one ability of kind `when`; fail on any unknown part."""
    label = written(PHRASES[lang]["onbuy"][0]) if when == "onbuy" else "{effects}"
    parsed = parse_card_text(label.format(effects=text), lang, factions=("blob",),
                             names=ALL_NAMES)
    assert parsed.unknown == [], (text, parsed.unknown)
    return normalized(parsed.abilities)


def reads_and_writes(text: str, lang: str, ability: dict[str, Any]) -> None:
    """Assert `text` reads as `ability`, and so does the site's own text of `ability`."""
    expected = normalized([ability])
    assert read(text, lang, when=ability["when"]) == expected, text
    site = ability_text(ability, lang, NAMES[lang])  # a whole ability, with its label
    assert read(site, lang) == expected, site


def carrier(phrase: str, slot: str, lang: str, form_text: str) -> str:
    """Return the written form of `phrase` with the `{slot}` replaced by `form_text`."""
    return written(PHRASES[lang][phrase][0]).replace("{" + slot + "}", form_text)


def _forms(keys: tuple[str, ...]) -> list[tuple[str, str, Any]]:
    return [(lang, key, entry) for lang in LANGS for key in keys for entry in PHRASES[lang][key]]


@pytest.mark.parametrize(("lang", "key", "entry"), _forms(EFFECT_ORDER + STATIC_ORDER),
                         ids=lambda value: written(value) if not isinstance(value, str) else value)
def test_every_form_of_an_effect_reads_as_its_slots_and_the_site_writes_that_too(lang, key, entry):
    form = as_form(entry)
    used = {part.name for part in template_parts(form.template, key) if isinstance(part, Slot)}
    slots = {**{k: v for k, v in SAMPLES[key].items() if k in used}, **form.fixed}
    text = write_form(key, form.template, slots, lang, NAMES[lang])
    if key in STATIC_ORDER:
        ability = {"when": "static", "do": [STATIC_READERS[key](slots)]}
    else:
        ability = {"when": "onbuy" if key == "this_to_hand" else "primary",
                   "do": [EFFECT_READERS[key](slots)]}
    reads_and_writes(text, lang, ability)


@pytest.mark.parametrize(("lang", "key", "entry"), _forms(HEADER_ORDER))
def test_every_label_of_an_ability_reads_and_is_written(lang, key, entry):
    text = write_form(key, written(entry), {"faction": "empire", "effects": [{"draw": 1}]}, lang,
                      NAMES[lang])
    faction = "blob" if key == "ally_any" else "empire"  # "Ally:" is the card's own faction
    when = {"ally": "ally", "ally_any": "ally", "scrap_ability": "scrap", "onbuy": "onbuy"}[key]
    ability = {"when": when, "do": [{"draw": 1}]}
    if when == "ally":
        ability["faction"] = faction
    parsed = parse_card_text(text, lang, factions=("blob",), names=ALL_NAMES)
    assert parsed.unknown == [] and normalized(parsed.abilities) == normalized([ability]), text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("entry", [0, 1])
def test_l15_every_and_label_of_a_sticker(lang, entry):
    text = write_form("and", written(PHRASES[lang]["and"][entry]), {"effects": [{"combat": 2}]},
                      lang)
    parsed = parse_sticker_text(text, lang)
    assert parsed.extends_primary and parsed.complete, text
    assert parsed.abilities == [{"when": "primary", "do": [{"combat": 2}]}]


def _table_forms(table: dict[str, dict[str, Any]]) -> list[tuple[str, str, str]]:
    return [(lang, name, form) for lang in LANGS for name, forms in table[lang].items()
            for form in forms]


@pytest.mark.parametrize(("lang", "zone", "form"), _table_forms(ZONES))
def test_every_zone_form(lang, zone, form):
    text = write_form("scrap_may", carrier("scrap_may", "zone", lang, form),
                      {"cards": (1, "any")}, lang)
    reads_and_writes(text, lang, {"when": "primary", "do": [
        {"scrap": {"from": zone, "min": 0, "max": 1}}]})


def _counter_forms(plural: int) -> list[tuple[str, str, str]]:
    return [(lang, name, written(form)) for lang in LANGS for name, forms in COUNTERS[lang].items()
            for form in forms[plural]]


def _counter(name: str, form: str) -> str:
    return f"{name}:blob" if "{f}" in form else name


@pytest.mark.parametrize(("lang", "name", "form"), _counter_forms(0))
def test_every_for_each_counter_form(lang, name, form):
    text = write_form("per", carrier("per", "counter", lang, form),
                      {"base": ("combat", 2), "f": "blob"}, lang, NAMES[lang])
    reads_and_writes(text, lang, {"when": "primary", "do": [
        {"combat": {"per": _counter(name, form), "times": 2}}]})


@pytest.mark.parametrize(("lang", "name", "form"), _counter_forms(1))
def test_every_counted_condition_form(lang, name, form):
    cond = carrier("at_least", "counter", lang, form)
    text = write_form("if", carrier("if", "cond", lang, cond),
                      {"n": 3, "f": "blob", "then": [{"draw": 1}]}, lang, NAMES[lang])
    reads_and_writes(text, lang, {"when": "primary", "do": [{"if": {
        "cond": {"count": _counter(name, form), "at_least": 3}, "then": [{"draw": 1}]}}]})


@pytest.mark.parametrize(("lang", "key", "entry"), [
    (lang, key, entry) for lang in LANGS for key, forms in CONDITIONS[lang].items()
    for entry in forms])
def test_every_way_a_card_says_a_condition(lang, key, entry):
    form = as_form(entry)
    slots = {"n": 3, "f": "blob", "then": [{"draw": 1}], **form.fixed}
    text = write_form("if", carrier("if", "cond", lang, form.template), slots, lang, NAMES[lang])
    counter, op = key
    reads_and_writes(text, lang, {"when": "primary", "do": [{"if": {
        "cond": {"count": _counter(counter, form.template), op: slots["n"]},
        "then": [{"draw": 1}]}}]})


def _type_forms(case: int, skip_outpost: bool = False) -> list[tuple[str, str, str]]:
    return [(lang, card_type, form) for lang in LANGS
            for card_type, cases in TYPE_NAMES[lang].items() for form in cases[case]
            if not (skip_outpost and card_type == "outpost")]


def _match(card_type: str, form: str) -> dict[str, Any]:
    match = {} if card_type == "any" else {"type": card_type}
    return {**match, "faction": "empire"} if "{faction}" in form else match


@pytest.mark.parametrize(("lang", "card_type", "form"), _type_forms(0))
def test_every_name_of_a_card_type_after_a_verb(lang, card_type, form):
    text = write_form("on_play", carrier("on_play", "match", lang, form),
                      {"faction": "empire", "effects": [{"combat": 1}]}, lang, NAMES[lang])
    reads_and_writes(text, lang, {"when": "static", "do": [
        {"on_play": {"match": _match(card_type, form), "do": [{"combat": 1}]}}]})


@pytest.mark.parametrize(("lang", "card_type", "form"), _type_forms(1, skip_outpost=True))
def test_every_name_of_a_card_type_as_a_subject(lang, card_type, form):
    text = write_form("discount", carrier("discount", "what", lang, form),
                      {"faction": "empire", "n": 1}, lang, NAMES[lang])
    faction = "empire" if "{faction}" in form else None
    reads_and_writes(text, lang, {"when": "primary", "do": [
        {"discount": {"n": 1, "type": card_type, "faction": faction}}]})


@pytest.mark.parametrize(("lang", "card_type", "form"), _type_forms(2, skip_outpost=True))
def test_every_name_of_cards_after_a_number(lang, card_type, form):
    cards = written(PHRASES[lang]["up_to"][0]).replace("{things}", form)
    text = write_form("recycle", carrier("recycle", "cards", lang, cards), {"n": 2, "to": "hand"},
                      lang)
    reads_and_writes(text, lang, {"when": "primary", "do": [{"recycle": {
        "from": "discard", "to": "hand", "min": 0, "max": 2, "type": card_type}}]})


@pytest.mark.parametrize(("lang", "card_type", "form"), _type_forms(3))
def test_every_plural_name_of_a_card_type(lang, card_type, form):
    template = next(written(f) for f in PHRASES[lang]["on_play"] if "what_pl" in written(f))
    text = write_form("on_play", template.replace("{match:what_pl}", form),
                      {"faction": "empire", "effects": [{"combat": 1}]}, lang, NAMES[lang])
    reads_and_writes(text, lang, {"when": "static", "do": [
        {"on_play": {"match": _match(card_type, form), "do": [{"combat": 1}]}}]})


@pytest.mark.parametrize(("lang", "kind", "form"), _table_forms(CARD_COUNTS))
def test_every_way_to_count_cards(lang, kind, form):
    n = 1 if "{n}" not in form else 3
    text = write_form("draw", carrier("draw", "cards", lang, form), {"n": n}, lang)
    reads_and_writes(text, lang, {"when": "primary", "do": [{"draw": n}]})


@pytest.mark.parametrize(("lang", "key", "entry"), _forms(("cost_up_to", "of_faction")))
def test_every_cost_and_faction_ending_of_a_card(lang, key, entry):
    what = written(TYPE_NAMES[lang]["any"][0][0]) + written(entry)
    text = write_form("acquire_free", carrier("acquire_free", "what", lang, what),
                      {"n": 4, "faction": "blob", "to": "discard"}, lang, NAMES[lang])
    spec = {"max_cost": 4, "faction": None} if key == "cost_up_to" else {
        "max_cost": None, "faction": "blob"}
    reads_and_writes(text, lang, {"when": "primary", "do": [
        {"acquire_free": {"type": "any", **spec, "to": "discard"}}]})


@pytest.mark.parametrize(("lang", "key", "entry"), _forms(("to_discard", "to_hand", "to_deck_top")))
def test_every_way_to_say_where_a_free_card_goes(lang, key, entry):
    text = write_form("acquire_free", carrier("acquire_free", "to", lang, written(entry)),
                      {"what": SHIP}, lang)
    reads_and_writes(text, lang, {"when": "primary", "do": [
        {"acquire_free": {**SHIP, "to": key[3:]}}]})


@pytest.mark.parametrize(("lang", "key", "entry"),
                         _forms(("place_hand", "place_deck_top", "place_discard")))
def test_every_way_to_say_where_the_next_card_goes(lang, key, entry):
    text = write_form("next_acquire", carrier("next_acquire", "to", lang, written(entry)),
                      {"what": SHIP}, lang)
    reads_and_writes(text, lang, {"when": "primary", "do": [
        {"next_acquire": {"type": "ship", "to": key[6:]}}]})


def _first(lang: str, phrase: str) -> str:
    return written(PHRASES[lang][phrase][0])


def _two_options(lang: str, joint: str, second: str) -> str:
    return _first(lang, "choose").format(options=_first(lang, "trade").format(n=2) + joint + second)


@pytest.mark.parametrize(("lang", "entry"), [(lang, e) for lang, _, e in _forms(("else",))])
def test_every_way_to_say_otherwise(lang, entry):
    text = write_form("if", _first(lang, "if") + written(entry),
                      {**SAMPLES["if"], "other": [{"trade": 1}]}, lang)
    reads_and_writes(text, lang, {"when": "primary", "do": [
        {"if": {**SAMPLES["if"], "else": [{"trade": 1}]}}]})


@pytest.mark.parametrize(("lang", "entry"), [(lang, e) for lang, _, e in _forms(("max",))])
def test_every_way_to_cap_a_for_each_amount(lang, entry):
    text = write_form("per", _first(lang, "per") + written(entry), {**SAMPLES["per"], "n": 4},
                      lang)
    reads_and_writes(text, lang, {"when": "primary", "do": [
        {"combat": {"per": "ships_played", "times": 2, "max": 4}}]})


@pytest.mark.parametrize(("lang", "entry"), [(lang, e) for lang, _, e in _forms(("or",))])
def test_c13_every_or_between_options(lang, entry):
    text = _two_options(lang, written(entry), _first(lang, "combat").format(n=2))
    reads_and_writes(text, lang, {"when": "primary", "do": [
        {"choose": [[{"trade": 2}], [{"combat": 2}]]}]})


@pytest.mark.parametrize(("lang", "entry"), [(lang, e) for lang, _, e in _forms(("nothing",))])
def test_c13_every_way_to_offer_nothing(lang, entry):
    text = _two_options(lang, _first(lang, "or"), written(entry))
    reads_and_writes(text, lang, {"when": "primary", "do": [{"choose": [[{"trade": 2}], []]}]})


@pytest.mark.parametrize(("lang", "kind", "separator"), [
    (lang, kind, s) for lang in LANGS for kind, seps in SEPARATORS[lang].items() for s in seps])
def test_every_separator_between_effects(lang, kind, separator):
    w = lambda phrase: _first(lang, phrase)  # noqa: E731
    if kind == "and_or":  # "you may destroy target base and/or scrap a card in the trade row"
        second = w("scrap").format(cards=written(CARD_COUNTS[lang]["one"][0]),
                                   zone=ZONES[lang]["trade_row"][0])
        text = w("destroy_one") + separator + second
        effects = [{"destroy_base": 1}, {"scrap": {"from": "trade_row", "min": 0, "max": 1}}]
    else:
        text = w("trade").format(n=2) + separator + w("draw").format(
            cards=written(CARD_COUNTS[lang]["one"][0]))
        effects = [{"trade": 2}, {"draw": 1}]
    reads_and_writes(text, lang, {"when": "primary", "do": effects})


@pytest.mark.parametrize(("lang", "word", "number"), [
    (lang, word, n) for lang in LANGS for word, n in NUMBER_WORDS[lang].items() if n])
def test_every_number_word(lang, word, number):
    text = write_form("trade", written(PHRASES[lang]["trade"][1]).replace("{n}", word), {}, lang)
    reads_and_writes(text, lang, {"when": "primary", "do": [{"trade": number}]})


def test_the_site_writes_only_plain_first_forms():
    """The renderer fills first forms with str.format: no typed slots, no implied values."""
    for lang in LANGS:
        for key, forms in PHRASES[lang].items():
            first = as_form(forms[0])
            assert not first.fixed and not first.tag, key
            assert not re.search(r"(?<!\{)\{\w+:\w+\}", first.template), key
