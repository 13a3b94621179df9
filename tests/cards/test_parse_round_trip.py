"""Every ability text the site writes reads back to the same abilities (issue 19 item 2).

For every ability list of every shipped pack — trade cards, starters, scouts, vipers, explorers,
post-campaign cards and tokens, every sticker of the legacy pack's sheets (an "and" sticker
read as one, L15), and the abilities scenario rules grant — the site's own renderer writes the
card's lines in English and in Russian, the parser reads them, and the result equals the pack's
abilities as the pack loader normalizes them. Abilities with their own printed `text` (Plasma
Vent, Orbital Platform, the Scavengers' "if you did" cards) read back from that text.
"""
from __future__ import annotations

from typing import Any

import pytest

from cards.parser import parse_card_text, parse_sticker_text
from cards.text import abilities_text, ability_text, faction_names
from tests.cards.parsing import SHIPPED, normalized, shipped_names, shipped_pack
from tests.cards.vocabulary import VOCABULARY


def _granted(value: Any) -> list[dict[str, Any]]:
    """Return the abilities that scenario rules grant (`grant.ability`), anywhere in `value`."""
    if isinstance(value, dict):
        found = [value["ability"]] if isinstance(value.get("ability"), dict) else []
        return found + [a for v in value.values() for a in _granted(v)]
    if isinstance(value, list):
        return [a for v in value for a in _granted(v)]
    return []


def _rule_effects(value: Any) -> list[list[dict[str, Any]]]:
    """Return the effect lists of scenario rules (start of turn, triggers), anywhere in `value`."""
    if isinstance(value, dict):
        found = [value[k]["do"] for k in ("start_of_turn", "trigger")
                 if isinstance(value.get(k), dict)]
        return found + [d for v in value.values() for d in _rule_effects(v)]
    if isinstance(value, list):
        return [d for v in value for d in _rule_effects(v)]
    return []


def _ability_lists() -> list[Any]:
    """Return (pack, id, factions, abilities, is an "and" sticker) for everything with abilities."""
    found = []
    for name in SHIPPED:
        pack = shipped_pack(name)
        found += [(name, card["id"], card["factions"], card["abilities"], False)
                  for card in pack["cards"]]
        for sheet in pack.get("sticker_sheets", []):
            for row in sheet["rows"]:
                for kind in ("ship", "base"):
                    sticker = row[kind]
                    found.append((name, f"{sheet['id']}:{row['cost']}:{kind}", [sheet["side"]],
                                  sticker["abilities"], bool(sticker.get("and"))))
        found += [(name, f"grant-{n}", [], [ability], False)
                  for n, ability in enumerate(_granted(pack.get("scenarios", [])))]
    return found


ABILITY_LISTS = _ability_lists()


def test_the_round_trip_covers_every_shipped_card_sticker_and_granted_ability():
    covered = {(pack, item) for pack, item, *_ in ABILITY_LISTS}
    for name in SHIPPED:
        pack = shipped_pack(name)
        assert {(name, card["id"]) for card in pack["cards"]} <= covered
        assert {(name, f"{sheet['id']}:{row['cost']}:{kind}") for sheet in pack.get(
            "sticker_sheets", []) for row in sheet["rows"] for kind in ("ship", "base")} <= covered
    assert any(item.startswith("grant-") for _, item, *_ in ABILITY_LISTS)
    assert all(abilities for *_, abilities, _ in ABILITY_LISTS)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("pack", "item", "factions", "abilities", "extends"), ABILITY_LISTS,
                         ids=[f"{p}:{i}" for p, i, *_ in ABILITY_LISTS])
def test_site_text_reads_back_to_the_same_abilities(pack, item, factions, abilities, extends,
                                                    lang):
    names = faction_names(shipped_pack(pack), lang)
    if extends:  # the sticker's own line, as the sheet shows it (L15)
        text = "\n".join(ability_text(a, lang, names, extends_primary=True) for a in abilities)
        parsed = parse_sticker_text(text, lang, factions=factions, names=shipped_names())
    else:
        text = "\n".join(abilities_text(abilities, lang, names))
        parsed = parse_card_text(text, lang, factions=factions, names=shipped_names())
    assert parsed.unknown == [], text
    assert parsed.extends_primary == extends
    assert normalized(parsed.abilities) == normalized(abilities), text


RULE_EFFECTS = _rule_effects(shipped_pack("legacy-default")["scenarios"])


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("effects", RULE_EFFECTS, ids=[str(n) for n in range(len(RULE_EFFECTS))])
def test_scenario_rule_effects_read_back_too(effects, lang):
    """The effects of L-scenario rules (start of turn, triggers) written as one primary ability."""
    ability = {"when": "primary", "do": effects}
    text = ability_text(ability, lang, faction_names(shipped_pack("legacy-default"), lang))
    parsed = parse_card_text(text, lang, names=shipped_names())
    assert parsed.unknown == [], text
    assert normalized(parsed.abilities) == normalized([ability]), text


def test_a_recycled_ship_says_ship_so_hulk_breaker_reads_back():
    """The renderer used to write any recycle as "a card", losing Hulk Breaker's "ship"."""
    card = next(c for c in shipped_pack("legacy-default")["cards"]
                if c["id"] == "scavengers-hulk-breaker")
    assert abilities_text(card["abilities"], "en")[0] == (
        "+5 combat, you may move a ship from your discard pile into your hand")
    assert abilities_text(card["abilities"], "ru")[0] == (
        "+5 боя, можете переложить корабль из сброса в руку")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("ability", VOCABULARY, ids=[str(n) for n in range(len(VOCABULARY))])
def test_the_whole_effect_vocabulary_reads_back(ability, lang):
    """Also what no shipped pack uses yet: every effect, counter and condition of the format."""
    names = {faction: spellings[lang == "ru"] for faction, spellings in shipped_names().items()}
    text = ability_text(ability, lang, names)
    parsed = parse_card_text(text, lang, factions=("blob",), names=shipped_names())
    assert parsed.unknown == [], text
    assert normalized(parsed.abilities) == normalized([ability]), text
