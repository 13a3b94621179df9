"""Whether bots (a forecast, `manage.py balance --campaign`) can play a campaign's open scenario."""
from __future__ import annotations

from typing import TYPE_CHECKING

from cards.owners.readiness import missing_effects

if TYPE_CHECKING:
    from campaign.models import Campaign


def scenario_missing_effects(campaign: Campaign, number: int) -> list[str]:
    """Return, in words, what of scenario `number`'s game is still printed text alone: its cards,
    the stickers of every sheet opened so far, its card side's rules and VP cards."""
    state = campaign.current_state
    progress = state.scenarios[str(number)]
    sheets = [sheet for opened in state.opened_sheets.values() for sheet in opened]
    return missing_effects(campaign.pack.data, scenario=number, side=progress["card_side"],
                           sheet_ids=sheets)
