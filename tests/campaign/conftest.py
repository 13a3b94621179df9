"""Fixtures for the campaign tracker's tests: a legacy pack in the database and a campaign."""
from __future__ import annotations

import pytest

from campaign.models import Campaign
from cards.models import ContentPack
from tests.factories import make_pack, win_every_scenario


@pytest.fixture
def pack(db) -> ContentPack:
    return make_pack()


@pytest.fixture
def campaign(pack: ContentPack, alice, bob) -> Campaign:
    """Return alice's campaign against bob, with no events yet."""
    return Campaign.start(pack, "Alice vs Bob", alice, [(alice, "Alice"), (bob, "Bob")])


@pytest.fixture
def started(campaign: Campaign, alice) -> Campaign:
    """Return the campaign with sides chosen (alice Empire) and scenario 1 opened."""
    campaign.apply_event("sides_chosen", {"wishes": ["empire", "federation"]}, alice, 0)
    campaign.apply_event("scenario_opened", {"number": 1}, alice, 1)
    return campaign


@pytest.fixture
def after_campaign(started: Campaign, alice) -> Campaign:
    """Return the campaign with all 12 scenarios won by Empire (L25's step is next)."""
    return win_every_scenario(started, alice)


@pytest.fixture(autouse=True)
def english():
    """Run each test in English: a Russian page request must not leak into the next test."""
    from django.utils import translation
    with translation.override("en"):
        yield
