"""The card catalogue lists the Colony Wars pack under its own set name, in English and Russian,
with the Russian rulebook's card names and the new effects in readable words (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from cards.loading import load_pack_file
from cards.models import ContentPack

COLONY_WARS = Path(settings.BASE_DIR) / "fixtures" / "packs" / "colony-wars.json"


@pytest.fixture
def cw_pack(db) -> ContentPack:
    return load_pack_file(COLONY_WARS).pack


def test_pack_list_names_the_set_in_both_languages(cw_pack, client) -> None:
    english = client.get(reverse("cards:list"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Star Realms: Colony Wars" in english
    russian = client.get(reverse("cards:list"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Звёздные империи: Колониальные войны" in russian


def test_pack_page_lists_the_cards_with_russian_rulebook_names(cw_pack, client) -> None:
    page = client.get(reverse("cards:pack", args=[cw_pack.pk]),
                      HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    for name in ("Пиконосец", "Башня-невидимка", "Мусоросжигатель", "Дредноут императора"):
        assert name in page
    assert cw_pack.designs.count() == 46


@pytest.mark.parametrize("slug, lang, words", [
    ("stealth-tower", "en", "becomes a copy of any base in play until your turn ends"),
    ("stealth-tower", "ru", "становится копией любой базы в игре"),
    ("the-incinerator", "en", "+2 combat for each card you scrapped from your hand or discard pile"),
    ("plasma-vent", "ru", "можете взять эту карту в руку"),
    ("supply-depot", "en", "for each card discarded or scrapped this way: choose one"),
    ("lancer", "ru", "если баз противника в игре ≥ 1: +2 боя"),
])
def test_card_page_reads_the_new_effects(cw_pack, client, slug, lang, words) -> None:
    page = client.get(reverse("cards:card", args=[cw_pack.pk, slug]),
                      HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    assert words in page
