"""The Russian campaign pages name factions, sides and packs, not ids (the catalogue itself is
checked for every app in tests/test_catalogues.py)."""
from __future__ import annotations

from django.urls import reverse


def test_russian_dashboard_names_factions_sides_and_packs_not_ids(client, started, alice) -> None:
    """Found by scanning the Russian pages for Latin words: ids were shown instead of names."""
    started.apply_event("game_recorded", {"winner": "empire", "how": "authority", "upgrades": [
        {"copy": "kingdom-ship-2#1", "sticker": "empire-1:2:ship", "side": "empire"}]}, alice, 2)
    started.apply_event("scenario_opened", {"number": 2}, alice, 3)
    client.force_login(alice)
    page = client.get(started.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "<td>[ru] Kingdom, [ru] Star Empire</td>" in page  # the upgraded copy's factions
    assert ">[ru] Scavengers</option>" in page  # the deck's faction filter
    assert "1</a> ([ru] Star Empire)" in page  # opened envelopes with their winner
    create = client.get(reverse("campaign:create"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "[ru] Test legacy (версия 1)</option>" in create


def test_l13_russian_sticker_sheets_head_their_cost_column_with_a_short_word(
        client, started, alice) -> None:
    """L13: a sheet's rows are costs of one digit; "Стоимость" over them took a phone's width
    from the stickers' texts, which then broke in the middle of words. The column is "Цена";
    "Стоимость" stays where there is room (the deck's table)."""
    client.force_login(alice)
    page = client.get(started.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "<thead><tr><th>Цена</th><th>Корабль</th><th>База</th></tr></thead>" in page
    assert "<th>Стоимость</th>" in page
