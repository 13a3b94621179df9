"""The bridge between the campaign tracker and the rules engine, used by live play and bot campaigns.

The tracker (campaign/state.py) speaks events and JSON payloads; the engine's legacy module
(play/engine/legacy.py) speaks `CampaignSnapshot` and `GameRecord`. `snapshot_of` turns the
tracker's state into the snapshot a scenario setup needs; `game_payload` turns the engine's record
of a finished game back into the tracker's `game_recorded` payload.
"""

from __future__ import annotations

from typing import Any

from campaign.state import PLAYING, CampaignState
from play.engine import CampaignSnapshot


def snapshot_of(state: CampaignState) -> CampaignSnapshot:
    """Describe the tracker's state the way the engine's scenario setup wants it."""
    progress = state.current()
    sides = (state.side_of_seat(0), state.side_of_seat(1))
    return CampaignSnapshot(
        sides=sides, first_side=progress["first_player"],
        upgrades=[{"copy": c, "sticker": u["sticker"], "side": u["side"]}
                  for c, u in state.upgrades.items()],
        choices={int(n): dict(p["choices"]) for n, p in state.scenarios.items()},
        first_sides={int(n): p["first_player"] for n, p in state.scenarios.items()
                     if int(n) != progress["number"]},
    )


def open_scenario(state: CampaignState) -> int | None:
    """Return the opened, unplayed scenario a game would be set up for now, or None."""
    if state.phase != PLAYING or not state.scenario or state.scenario_finished(state.scenario):
        return None
    return state.scenario


def game_payload(record: Any, content: Any, number: int) -> dict:
    """Turn the engine's GameRecord into the tracker's game_recorded payload."""
    victory = content.victory_vp_card(number)
    vp_cards = [{"card": card, "side": side} for side, cards in record.vp_cards.items()
                for card in cards if not (victory and card == victory["id"])]
    return {"winner": record.winner, "how": record.how, "upgrades": record.upgrades,
            "vp_cards": vp_cards}
