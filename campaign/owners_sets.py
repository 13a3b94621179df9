"""A campaign played with an owner's set that is entered envelope by envelope (issue 19).

The set may be unfinished: a campaign starts as soon as what is entered is right, opens envelope
N only once the set's owner typed it in (checked then, not before), and is offered online play
only when every card of that game is given as effects, not as printed text alone.
"""
from __future__ import annotations

from typing import Any

from cards.owners.readiness import effects_refusal, envelope_problems, missing_effects


def envelope_refusal(campaign: Any, number: int) -> list[str]:
    """Return why the campaign cannot open envelope `number` now ([] when it can)."""
    return envelope_problems(campaign.pack, number)


def game_missing_effects(campaign: Any) -> list[str]:
    """Return the parts of the open scenario's game that are printed text alone, in words."""
    state = campaign.current_state
    progress = state.current()
    if progress is None:
        return []
    sheets = [sheet for ids in state.opened_sheets.values() for sheet in ids]
    return missing_effects(campaign.pack.data, scenario=int(progress["number"]),
                           side=progress.get("card_side"), sheet_ids=sheets)


def online_refusal(campaign: Any) -> str:
    """Return the message refusing online play of the open scenario ("" when it can be played)."""
    missing = game_missing_effects(campaign)
    return effects_refusal(missing) if missing else ""
