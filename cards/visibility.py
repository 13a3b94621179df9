"""Spoiler safety: what of a legacy pack a player may see, given the envelopes they opened.

Without a campaign context a legacy pack shows only what is on the table from the start (the
trade deck, the starting cards, scouts, vipers, explorers). Sticker sheets, scenario cards, VP
cards and token cards belong to a scenario's envelope (L4) and appear only once that scenario is
opened; the post-campaign cards (L26) only after the campaign. A core pack has no envelopes.

`visible_content(pack, opened)` answers with querysets for templates; `visible_data(data, opened)`
filters the pack JSON itself, for code (exports, the campaign) that works on `ContentPack.data`.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from cards.models import CardDesign, ContentPack, Scenario, StickerSheet, VPCard

OPEN_ROLES = ("trade", "scout", "viper", "explorer", "starter")
SCENARIO_NUMBERS = range(1, 13)


@dataclass(frozen=True)
class VisibleContent:
    """The parts of a pack a player may see now."""

    designs: QuerySet[CardDesign]
    sticker_sheets: QuerySet[StickerSheet]
    scenarios: QuerySet[Scenario]
    vp_cards: QuerySet[VPCard]
    post_campaign: QuerySet[CardDesign]


def visible_content(pack: ContentPack, opened_scenarios: Iterable[int] | None = None, *,
                    post_campaign: bool = False) -> VisibleContent:
    """Return what may be shown of `pack` when `opened_scenarios` are open (None: no campaign)."""
    if not pack.is_legacy:
        return VisibleContent(pack.designs.all(), pack.sticker_sheets.none(),
                              pack.scenarios.none(), pack.vp_cards.none(), pack.designs.none())
    opened = sorted(set(opened_scenarios or ()))
    tokens = _tokens_named_by(pack.data, opened)
    designs = pack.designs.filter(role__in=OPEN_ROLES) | pack.designs.filter(slug__in=tokens)
    post = pack.designs.filter(role="post_campaign") if post_campaign else pack.designs.none()
    return VisibleContent(
        designs=designs.order_by("position"),
        sticker_sheets=pack.sticker_sheets.filter(scenario__in=opened).prefetch_related("stickers"),
        scenarios=pack.scenarios.filter(number__in=opened),
        vp_cards=pack.vp_cards.filter(scenario__in=opened),
        post_campaign=post,
    )


def visible_data(data: dict[str, Any], opened_scenarios: Iterable[int] | None = None, *,
                 post_campaign: bool = False) -> dict[str, Any]:
    """Return a copy of pack JSON without the envelopes that are still closed."""
    if data.get("pack", {}).get("kind") != "legacy":
        return json.loads(json.dumps(data))
    opened = sorted(set(opened_scenarios or ()))
    tokens = _tokens_named_by(data, opened)
    shown = dict(data)
    shown["cards"] = [c for c in data.get("cards", [])
                      if c.get("role") in OPEN_ROLES or c.get("id") in tokens
                      or (post_campaign and c.get("role") == "post_campaign")]
    shown["sticker_sheets"] = [s for s in data.get("sticker_sheets", [])
                               if s.get("scenario") in opened]
    shown["vp_cards"] = [v for v in data.get("vp_cards", []) if v.get("scenario") in opened]
    shown["scenarios"] = [s for s in data.get("scenarios", []) if s.get("number") in opened]
    if max(SCENARIO_NUMBERS) not in opened:
        shown.pop("campaign_winner", None)  # the last envelope's rule (L22)
    return json.loads(json.dumps(shown))


def _tokens_named_by(data: dict[str, Any], opened: list[int]) -> set[str]:
    """Return the ids of token cards that an opened scenario's rules mention."""
    tokens = {c.get("id") for c in data.get("cards", []) if c.get("role") == "token"}
    if not tokens or not opened:
        return set()
    named: set[str] = set()
    for scenario in data.get("scenarios", []):
        if scenario.get("number") in opened:
            named |= _strings_in(scenario) & tokens
    return named


def _strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings_in(v) for v in value.values()), set(value))
    if isinstance(value, list):
        return set().union(*(_strings_in(v) for v in value)) if value else set()
    return set()
