"""Every UI string of the campaign app (code and templates/campaign/) has a Russian translation."""
from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from tests.cards.locale_check import (
    extracted_msgids,
    fuzzy_entries,
    gettext_tools_missing,
    missing_in_compiled,
)


@pytest.mark.skipif(gettext_tools_missing(), reason="gettext tools not installed")
def test_compiled_catalogue_translates_every_campaign_string(tmp_path: Path) -> None:
    msgids = extracted_msgids("campaign", tmp_path)
    assert len(msgids) > 150  # the extraction found the app's strings at all
    assert missing_in_compiled("campaign", msgids, tmp_path) == []


def test_campaign_catalogue_has_no_fuzzy_entries() -> None:
    assert fuzzy_entries("campaign") == []


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
