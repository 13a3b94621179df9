"""L24: pausing keeps everything each side earned; L27: a digital campaign can simply start again."""
from __future__ import annotations

import pytest

from campaign.models import Campaign

pytestmark = pytest.mark.django_db


def test_l24_a_paused_campaign_keeps_each_vault_when_loaded_again(started: Campaign, alice) -> None:
    """L24: sheets, VP cards and upgrades survive the session: a fresh load derives them again."""
    started.apply_event("game_recorded", {"winner": "federation", "how": "authority"}, alice,
                        started.version)
    paused = started.current_state
    reloaded = Campaign.objects.get(pk=started.pk)
    reloaded.rebuild_state()  # derive from the event log alone, not from the cached copy
    assert reloaded.current_state.opened_sheets == paused.opened_sheets
    assert reloaded.current_state.vp_cards == paused.vp_cards
    assert paused.vp_cards["federation"] == ["s1-victory"] and not paused.vp_cards["empire"]


def test_l27_a_second_campaign_on_the_same_pack_starts_clean(started: Campaign, alice, bob) -> None:
    """L27: no stickers to peel: a new campaign of the same pack begins with an untouched deck."""
    started.apply_event("game_recorded", {"winner": "empire", "how": "authority"}, alice,
                        started.version)
    again = Campaign.start(started.pack, "Second run", alice, [(alice, "Alice"), (bob, "Bob")])
    state = again.current_state
    assert state.upgrades == {} and state.scenarios == {}
    assert not any(state.vp_cards.values())
    assert started.current_state.vp_cards["empire"] == ["s1-victory"]
