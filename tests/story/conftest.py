"""Fixtures of the story tests: bot campaigns of the default pack, at their end or halfway."""
from __future__ import annotations

import pytest
from django.utils import translation

from campaign.models import Campaign, Seat
from campaign.simulation import Simulation
from cards.loading import load_pack_file
from cards.models import ContentPack

DEFAULT_PACK = "fixtures/packs/legacy-default.json"


@pytest.fixture
def default_pack(db, settings) -> ContentPack:
    """Return the default legacy pack, loaded as the site loads it."""
    return load_pack_file(settings.BASE_DIR / DEFAULT_PACK).pack


def seat_users(campaign: Campaign, alice, bob) -> Campaign:
    """Give the bot campaign's two seats to alice (Star Empire) and bob (Trade Federation)."""
    Seat.objects.filter(campaign=campaign, index=0).update(user=alice, name="Alice")
    Seat.objects.filter(campaign=campaign, index=1).update(user=bob, name="Bob")
    return campaign


@pytest.fixture
def full_campaign(default_pack, alice, bob) -> Campaign:
    """Return a whole bot campaign (12 scenarios, after-campaign upgrades, finished)."""
    simulation = Simulation(default_pack, seed=5)
    simulation.begin(alice, "The long war", [(alice, "Alice"), (bob, "Bob")])
    simulation.play_through(12)
    simulation._after_campaign()  # L25: upgrades in turn after the campaign, then finished
    return simulation.campaign


@pytest.fixture
def halfway(default_pack, alice, bob) -> Campaign:
    """Return a bot campaign after 5 scenarios with scenario 6 opened, its choice not made."""
    simulation = Simulation(default_pack, seed=7)
    simulation.begin(alice, "Halfway", [(alice, "Alice"), (bob, "Bob")])
    simulation.play_through(5)
    campaign = simulation.campaign
    campaign.apply_event("scenario_opened", {"number": 6}, alice, campaign.version)
    return campaign


@pytest.fixture(autouse=True)
def fresh_story_caches() -> None:
    """Start each test with no kept page bodies, figures or books (they outlive a test)."""
    from story import book, plots, views

    for cache in (views.BODIES, plots.SVGS, book.BOOKS):
        cache.clear()


@pytest.fixture(autouse=True)
def english():
    """Run each test in English unless it switches."""
    with translation.override("en"):
        yield
