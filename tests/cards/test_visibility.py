"""Spoiler safety helpers for the campaign and exports (L4, L18, L22, L26)."""
from __future__ import annotations

import pytest

from cards.loading import load_pack_data
from cards.visibility import visible_content, visible_data
from tests.cards.packs import card, core_pack, legacy_pack


def test_visible_data_without_campaign_keeps_only_the_opening_box():
    shown = visible_data(legacy_pack())
    roles = {c["role"] for c in shown["cards"]}
    assert roles == {"trade", "scout", "viper", "explorer", "starter"}
    assert shown["sticker_sheets"] == shown["scenarios"] == shown["vp_cards"] == []
    assert "campaign_winner" not in shown


def test_visible_data_follows_the_opened_scenarios():
    shown = visible_data(legacy_pack(), [1, 2, 3])
    assert sorted({s["scenario"] for s in shown["sticker_sheets"]}) == [1, 2, 3]
    assert [s["number"] for s in shown["scenarios"]] == [1, 2, 3]
    assert "campaign_winner" not in shown
    assert "campaign_winner" in visible_data(legacy_pack(), range(1, 13))


def test_token_card_appears_with_the_scenario_that_uses_it():
    pack = legacy_pack()
    pack["cards"].append(card("rebel-outpost", role="token", type_="base", cost=None))
    pack["scenarios"][4]["sides"]["empire"]["rules"] = [
        {"start_in_play": {"who": "federation", "card": "rebel-outpost"}}]
    ids = lambda opened: {c["id"] for c in visible_data(pack, opened)["cards"]}  # noqa: E731
    assert "rebel-outpost" not in ids([1, 2, 3, 4])
    assert "rebel-outpost" in ids([1, 2, 3, 4, 5])


def test_l26_post_campaign_cards_need_the_flag():
    closed = visible_data(legacy_pack(), range(1, 13))["cards"]
    assert not any(c["role"] == "post_campaign" for c in closed)
    assert any(c["role"] == "post_campaign"
               for c in visible_data(legacy_pack(), range(1, 13), post_campaign=True)["cards"])


def test_visible_data_does_not_share_lists_with_the_pack():
    pack = legacy_pack()
    visible_data(pack, [1])["cards"].clear()
    assert pack["cards"]


@pytest.mark.django_db
def test_visible_content_querysets_match_visible_data():
    pack = load_pack_data(legacy_pack(), filename="l.json").pack
    shown = visible_content(pack, [1, 2])
    assert shown.sticker_sheets.count() == 4 and shown.scenarios.count() == 2
    assert shown.vp_cards.count() == 2 and not shown.post_campaign.exists()
    assert shown.designs.count() == len(visible_data(pack.data, [1, 2])["cards"])
    core = load_pack_data(core_pack(), filename="c.json").pack
    assert visible_content(core).designs.count() == core.designs.count()
