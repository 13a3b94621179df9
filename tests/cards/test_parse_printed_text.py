"""Cards typed as they are printed read into the pack's abilities (issue 19 item 2).

Every card of the core set and Colony Wars, typed from the printed card in English and in the
Russian edition's style (tests/cards/printed_texts.py), reads into exactly the abilities the
shipped pack gives that card: C13 choices ("+2 Authority or +2 Trade"), C14 allies ("Ally:" is
the card's own faction), C15 scrap abilities, C24 statics ("All of your ships get +1 Combat"),
L9 on-buy abilities ("When you acquire this card, …"), and the engine's readings of Orbital
Platform, Supply Depot, Recycling Station and Brain World (docs/content-format.md).
"""
from __future__ import annotations

import pytest

from cards.parser import parse_card_text
from tests.cards.parsing import normalized, shipped_names, shipped_pack
from tests.cards.printed_texts import COLONY_WARS, CORE_SET

TABLES = {"core-set": CORE_SET, "colony-wars": COLONY_WARS}
CASES = [(pack, card, lang, texts[index]) for pack, table in TABLES.items()
         for card, texts in table.items() for index, lang in enumerate(("en", "ru"))]


@pytest.mark.parametrize("pack", TABLES)
def test_the_printed_texts_cover_every_card_of_the_set(pack):
    assert set(TABLES[pack]) == {card["id"] for card in shipped_pack(pack)["cards"]}


@pytest.mark.parametrize(("pack", "card_id", "lang", "text"), CASES,
                         ids=[f"{p}:{c}:{lang}" for p, c, lang, _ in CASES])
def test_printed_text_reads_into_the_packs_abilities(pack, card_id, lang, text):
    card = next(c for c in shipped_pack(pack)["cards"] if c["id"] == card_id)
    parsed = parse_card_text(text, lang, factions=card["factions"], names=shipped_names())
    assert parsed.unknown == []
    assert normalized(parsed.abilities) == normalized(card["abilities"])
