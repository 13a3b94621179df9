"""Can bots play this game? Every card, sticker and rule it needs must be effects, not text alone.

An owner's set may hold cards typed as printed text that the parser did not fully understand
(`unread` parts), stickers kept as text alone (no `abilities`), scenario rules typed as text
(`unread` on a card side) and VP cards the players award at the table (`award: "at_table"`): the
table plays those by reading them, the engine cannot. The check itself lives with the owners' set
(cards/owners/readiness.py `missing_effects`), which online play uses too; this module adds the
whole-set question that a set's balance run asks.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.owners.readiness import missing_effects


def missing_effects_anywhere(data: Mapping[str, Any]) -> list[str]:
    """Return what is text alone in the whole set: every scenario on both sides, every sheet."""
    sheets = [s.get("id") for s in data.get("sticker_sheets", []) or [] if isinstance(s, dict)]
    lines = missing_effects(data, sheet_ids=sheets)
    for scenario in data.get("scenarios", []) or []:
        if isinstance(scenario, dict):
            for side in ("empire", "federation"):
                lines += [line for line in missing_effects(data, scenario=scenario.get("number"),
                                                           side=side)
                          if line not in lines]
    return lines
