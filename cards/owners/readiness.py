"""What an owner's set can do so far (issue 19): track a campaign, open envelope N, play online.

A set typed in envelope by envelope is incomplete for weeks. It can still run a campaign at the
table as soon as what is entered is right in itself: its cards (name in one language, type,
faction, cost, copies, defense for bases), the sides, and the envelopes opened so far. Each later
envelope is checked when a campaign opens it. Online play, bot games and the balance method need
every card of the game as effects; `missing_effects` names the ones still only text.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from cards.language import pack_text
from cards.models import ContentPack
from cards.owners.printed import card_needs_effects, sticker_needs_effects
from cards.problems import describe
from play.engine import StickerRef
from cards.validation import AT_TABLE, PackProblem, is_count_problem, validate_pack

ENVELOPE_PATH = re.compile(r"(sticker_sheets|vp_cards|scenarios)\[(\d+)\]")


def is_entered(pack: ContentPack, number: int) -> bool:
    """Return whether envelope `number` of the set is typed in (a finished set has them all)."""
    if not pack.is_draft:
        return True
    scenario = _scenario(pack.data, number)
    return (number <= pack.revealed_scenarios and scenario is not None
            and scenario.get("entered", True) is not False)


def entered_envelopes(pack: ContentPack) -> int:
    """Return how many envelopes, from 1 on, are typed in."""
    count = 0
    while count < 12 and is_entered(pack, count + 1):
        count += 1
    return count


def tracking_problems(pack: ContentPack) -> list[str]:
    """Return why a campaign cannot start from the set now, in words; [] when it can."""
    data = pack.data
    if not any(isinstance(c, dict) and c.get("role") == "trade" for c in data.get("cards", [])):
        return [_("The set “%(name)s” has no trade card yet: enter the cards of your box first.")
                % {"name": pack.name}]
    opened = range(1, entered_envelopes(pack) + 1)
    return [describe(p, data) for p in _problems(pack) if _in_entered_part(p, data, opened)]


def envelope_problems(pack: ContentPack, number: int) -> list[str]:
    """Return why a campaign cannot open envelope `number` now, in words; [] when it can."""
    if not pack.is_draft:
        return []
    if not is_entered(pack, number):
        return [_("Envelope %(n)s is not entered in the set “%(name)s” yet. Whoever owns the set "
                  "opens it on the set's page and types in its scenario card, sticker sheets and "
                  "VP cards; then open it here.") % {"n": number, "name": pack.name}]
    data = pack.data
    return [describe(p, data) for p in _problems(pack)
            if _envelope_of(p, data) == number or _is_card_problem(p)]


def _problems(pack: ContentPack) -> list[PackProblem]:
    found = validate_pack(pack.data, filename=f"{pack.slug}.json", limit=None, owner=True)
    return [p for p in found if not is_count_problem(p)]  # never a reason to refuse tracking


def _where(problem: PackProblem) -> str:
    return problem.path or problem.message.split(": ", 1)[-1]


def _is_card_problem(problem: PackProblem) -> bool:
    where = _where(problem)
    return where.startswith(("cards[", "sides[")) or bool(re.match(r"\S+: cards\[", where))


def _envelope_of(problem: PackProblem, data: Mapping[str, Any]) -> int | None:
    """Return the envelope a problem's path points into, if any."""
    match = ENVELOPE_PATH.search(_where(problem))
    if match is None:
        return None
    items = data.get(match[1]) or []
    index = int(match[2])
    if index >= len(items) or not isinstance(items[index], dict):
        return None
    number = items[index].get("number" if match[1] == "scenarios" else "scenario")
    return number if isinstance(number, int) else None


def _in_entered_part(problem: PackProblem, data: Mapping[str, Any], opened: range) -> bool:
    number = _envelope_of(problem, data)
    return _is_card_problem(problem) if number is None else number in opened


def _scenario(data: Mapping[str, Any], number: int) -> dict[str, Any] | None:
    return next((s for s in data.get("scenarios", []) or []
                 if isinstance(s, dict) and s.get("number") == number), None)


# -- what needs effects ---------------------------------------------------------------------


def missing_effects(data: Mapping[str, Any], *, scenario: int | None = None,
                    side: str | None = None, sheet_ids: Iterable[str] = (),
                    post_campaign: bool = False) -> list[str]:
    """Return, in words, each part of a game that is still text alone (none: it can be played).

    The game's cards are every card the engine deals (trade deck, personal decks, explorers,
    tokens; the post-campaign pack with `post_campaign`); with `scenario`, also that scenario's rules on `side` and its VP cards; the stickers
    of the sheets `sheet_ids` (the sheets opened so far) may be put on a card in the game.
    """
    lines = [_("Card “%(name)s”") % {"name": pack_text(c.get("name"))}
             for c in data.get("cards", []) or []
             if isinstance(c, dict) and card_needs_effects(c)
             and (post_campaign or c.get("role") != "post_campaign")]
    wanted = set(sheet_ids)
    for sheet in data.get("sticker_sheets", []) or []:
        if isinstance(sheet, dict) and sheet.get("id") in wanted:
            lines += _text_stickers(sheet)
    found = _scenario(data, scenario) if scenario else None
    if found is not None:
        lines += _scenario_text_parts(data, found, side)
    return lines


def applied_text_stickers(data: Mapping[str, Any], sticker_ids: Iterable[str]) -> list[str]:
    """Return, in words, each sticker put on a copy that is text alone (a finished campaign's
    deck plays its upgraded copies: a sticker the table applied by reading it has no effects)."""
    sheets = {s.get("id"): s for s in data.get("sticker_sheets", []) or [] if isinstance(s, dict)}
    lines = []
    for sticker_id in dict.fromkeys(sticker_ids):
        try:
            ref = StickerRef.parse(sticker_id)
        except ValueError:
            continue  # the validator reports a malformed id; here only effects are asked about
        row = next((r for r in (sheets.get(ref.sheet_id) or {}).get("rows", []) or []
                    if isinstance(r, dict) and r.get("cost") == ref.cost), {})
        sticker = row.get(ref.kind)
        if isinstance(sticker, dict) and sticker_needs_effects(sticker):
            lines.append(_("Sticker of the sheet “%(sheet)s”, cost %(cost)s, %(kind)s")
                         % {"sheet": pack_text(sheets[ref.sheet_id].get("name")),
                            "cost": ref.cost, "kind": _("ship") if ref.kind == "ship" else _("base")})
    return lines


def _text_stickers(sheet: Mapping[str, Any]) -> list[str]:
    lines = []
    for row in sheet.get("rows", []) or []:
        for kind, label in (("ship", _("ship")), ("base", _("base"))):
            sticker = row.get(kind) if isinstance(row, dict) else None
            if isinstance(sticker, dict) and sticker_needs_effects(sticker):
                lines.append(_("Sticker of the sheet “%(sheet)s”, cost %(cost)s, %(kind)s")
                             % {"sheet": pack_text(sheet.get("name")), "cost": row.get("cost"),
                                "kind": label})
    return lines


def _scenario_text_parts(data: Mapping[str, Any], scenario: Mapping[str, Any],
                         side: str | None) -> list[str]:
    lines = []
    number = scenario.get("number")
    part = (scenario.get("sides") or {}).get(side or "empire") or {}
    if part.get("unread"):
        lines.append(_("Scenario %(n)s: the rules typed as text alone") % {"n": number})
    ids = set(scenario.get("vp_cards") or [])
    for vp in data.get("vp_cards", []) or []:
        if isinstance(vp, dict) and vp.get("id") in ids and vp.get("award") == AT_TABLE:
            lines.append(_("VP card “%(name)s” (awarded at the table)")
                         % {"name": pack_text(vp.get("name"))})
    return lines


def effects_refusal(lines: list[str]) -> str:
    """Return the message that refuses online play, naming what is still text alone."""
    return _("This game needs every card as effects, and these are still printed text alone: "
             "%(parts)s. Play it at the table and record the result, or give these parts as "
             "effects in your set (the ability rows or the JSON box).") % {"parts": "; ".join(lines)}
