"""L26 with an owner's set (issue 19): a finished campaign's deck plays every upgraded copy with its
sticker, so a sticker the table applied by reading it (text alone, no effects) cannot be played
online: the game is refused, naming the sticker, and nothing is created."""
from __future__ import annotations

import copy

import pytest

from campaign.models import Campaign
from campaign.simulation import Simulation
from play import creation
from play.creation import SeatSpec
from play.engine import StickerRef
from play.models import Match
from play.services import MatchError

pytestmark = pytest.mark.django_db


def _seats(alice) -> list[SeatSpec]:
    return [SeatSpec("alice", alice), SeatSpec("Bot", bot="heuristic")]


def test_l26_a_deck_with_a_text_alone_sticker_is_refused_naming_it(legacy, alice) -> None:
    Simulation(pack=legacy, seed=1).run()
    campaign = Campaign.objects.get()
    used = StickerRef.parse(next(iter(campaign.current_state.upgrades.values()))["sticker"])
    data = copy.deepcopy(legacy.data)
    sheet = next(s for s in data["sticker_sheets"] if s["id"] == used.sheet_id)
    row = next(r for r in sheet["rows"] if r["cost"] == used.cost)
    row[used.kind]["abilities"] = []  # the owner typed it as printed text only
    legacy.set_data(data)
    legacy.save()
    campaign.refresh_from_db()

    with pytest.raises(MatchError) as refused:
        creation.create_campaign_deck_match(campaign, _seats(alice), seed=1)
    assert f"cost {used.cost}" in str(refused.value) and "Sticker of the sheet" in str(refused.value)
    assert not Match.objects.exists()


def test_l26_the_same_deck_with_every_sticker_as_effects_is_played(legacy, alice) -> None:
    Simulation(pack=legacy, seed=1).run()
    match = creation.create_campaign_deck_match(Campaign.objects.get(), _seats(alice), seed=1)
    assert any(isinstance(card, dict) for card in match.setup["trade_deck"])
