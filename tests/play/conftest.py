"""Fixtures for online play: the real core-set pack, a legacy test campaign, match helpers."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from campaign.models import Campaign
from cards.loading import load_pack_file
from cards.models import ContentPack
from tests.factories import make_pack, start_campaign

CORE_SET = Path(settings.BASE_DIR) / "fixtures" / "packs" / "core-set.json"


@pytest.fixture
def core_pack(db) -> ContentPack:
    """Return the builtin core-set pack, loaded the way `load_pack` loads it."""
    return load_pack_file(CORE_SET).pack


@pytest.fixture
def legacy(db) -> ContentPack:
    """Return the small legacy pack of the campaign tests as a builtin pack."""
    return make_pack()


@pytest.fixture
def started_campaign(legacy: ContentPack, alice, bob) -> Campaign:
    """Return alice's (Star Empire) campaign against bob with scenario 1 opened."""
    return start_campaign(legacy, alice, bob)


@pytest.fixture
def watched(legacy: ContentPack, alice, bob):
    """alice plays scenario 1 against the bot; bob joined the campaign's other seat afterwards,
    so he is a member without a seat: a spectator."""
    from play import creation

    campaign = Campaign.start(legacy, "Alice vs the bot", alice, [(alice, "Alice"), (None, "Fed")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    match = creation.create_campaign_match(campaign, {1: "random"}, seed=77)
    campaign.seats.filter(index=1).update(user=bob)
    return match


@pytest.fixture(autouse=True)
def english():
    """Run each test in English: a Russian page request must not leak into the next test."""
    from django.utils import translation
    with translation.override("en"):
        yield


@pytest.fixture
def bot_campaign(legacy, alice) -> Campaign:
    """alice (Star Empire, seat 0) against an unseated Federation seat, scenario 1 open."""
    campaign = Campaign.start(legacy, "Alice vs the bot", alice, [(alice, "Alice"), (None, "Fed")])
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    return campaign
