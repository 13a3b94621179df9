"""Can bots play this game? Every card, sticker and rule it needs must be effects, not text alone.

An owner's set may hold cards typed as printed text that the parser did not fully understand
(`unread` parts), stickers kept as text alone (no `abilities`), scenario rules typed as text
(`unread` on a card side) and VP cards the players award at the table (`award: "at_table"`): the
table plays those by reading them, the engine cannot. `missing_effects` names each such part; a
forecast or balance run is offered only when it names none.

The owners'-set work (issue 19, cards/owners/readiness.py) reads the same fields with the same
meaning; once both are merged this module should call that one, and nothing else here changes.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from cards.language import pack_text

AT_TABLE = "at_table"  # a VP card awarded by the players reading it (owners' sets)


def missing_effects(data: Mapping[str, Any], *, scenario: int | None = None,
                    side: str | None = None, sheet_ids: Iterable[str] = ()) -> list[str]:
    """Return, in words, each part of a game that is still text alone (none: bots can play it).

    The game's cards are every card the engine deals (all but the post-campaign pack); the
    stickers of `sheet_ids` may go on a card in the game; with `scenario`, its rules on the card
    side `side` (both sides when None) and its VP cards count too.
    """
    lines = [_("Card “%(name)s”") % {"name": pack_text(card.get("name"))}
             for card in data.get("cards", []) or []
             if isinstance(card, dict) and card.get("role") != "post_campaign"
             and (card.get("unread") or not _has_abilities(card))]
    wanted = set(sheet_ids)
    for sheet in data.get("sticker_sheets", []) or []:
        if isinstance(sheet, dict) and sheet.get("id") in wanted:
            lines += _text_stickers(sheet)
    found = next((s for s in data.get("scenarios", []) or []
                  if isinstance(s, dict) and s.get("number") == scenario), None)
    if found is not None:
        lines += _scenario_text_parts(data, found, side)
    return lines


def missing_effects_anywhere(data: Mapping[str, Any]) -> list[str]:
    """Return what is text alone in the whole set: all scenarios, both sides, every sheet."""
    sheets = [s.get("id") for s in data.get("sticker_sheets", []) or [] if isinstance(s, dict)]
    lines = missing_effects(data, sheet_ids=sheets)
    for scenario in data.get("scenarios", []) or []:
        if isinstance(scenario, dict):
            lines += _scenario_text_parts(data, scenario, None)
    return lines


def _has_abilities(card: Mapping[str, Any]) -> bool:
    """Return whether a card does something in the engine (an explorer-less pack may hold cards
    with no ability at all only as text: every card of the game has at least one)."""
    return bool(card.get("abilities"))


def _text_stickers(sheet: Mapping[str, Any]) -> list[str]:
    lines = []
    for row in sheet.get("rows", []) or []:
        for kind, label in (("ship", _("ship")), ("base", _("base"))):
            sticker = row.get(kind) if isinstance(row, dict) else None
            if isinstance(sticker, dict) and not sticker.get("abilities"):
                lines.append(_("Sticker of the sheet “%(sheet)s”, cost %(cost)s, %(kind)s")
                             % {"sheet": pack_text(sheet.get("name")), "cost": row.get("cost"),
                                "kind": label})
    return lines


def _scenario_text_parts(data: Mapping[str, Any], scenario: Mapping[str, Any],
                         side: str | None) -> list[str]:
    lines = []
    number = scenario.get("number")
    sides = scenario.get("sides") or {}
    parts = [sides.get(side) or {}] if side else [p for p in sides.values() if isinstance(p, dict)]
    if any(part.get("unread") for part in parts):
        lines.append(_("Scenario %(n)s: rules typed as text alone") % {"n": number})
    ids = set(scenario.get("vp_cards") or [])
    for vp in data.get("vp_cards", []) or []:
        if isinstance(vp, dict) and vp.get("id") in ids and vp.get("award") == AT_TABLE:
            lines.append(_("VP card “%(name)s” (awarded at the table)")
                         % {"name": pack_text(vp.get("name"))})
    return lines
