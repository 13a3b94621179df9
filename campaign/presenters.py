"""Turn a campaign's state into what its pages show, in the active language.

Spoiler safety (L4) lives here: every helper starts from what the state says is OPENED, so nothing
of a later envelope (its sheets, VP cards or scenario card) can reach a page.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from campaign.content import PackContent, StickerRef, text
from campaign.state import (
    AFTER_CAMPAIGN,
    CampaignState,
    missing_choices,
    next_after_campaign_side,
)
from cards.text import ability_text, active_language, faction_names

if TYPE_CHECKING:
    from campaign.models import Campaign


def lang() -> str:
    """Return "ru" or "en", the pack text language (one rule for every app, in cards/text.py)."""
    return active_language()


def copy_label(content: PackContent, copy_id: str) -> str:
    """Return "Kingdom Lancer #2" for a copy id."""
    card = content.card_of_copy(copy_id)
    return f"{text(card.get('name'), lang())} #{copy_id.rsplit('#', 1)[1]}"


def sticker_label(content: PackContent, sticker_id: str) -> str:
    """Return "<sheet name> · <cost> · ship" (or base) for a sticker id (sheet:cost:kind, L12)."""
    ref, sheet, _sticker = content.sticker(sticker_id)
    kind = _("ship") if ref.kind == "ship" else _("base")
    return f"{text(sheet.get('name'), lang())} · {ref.cost} · {kind}"


def side_name(content: PackContent, side: str | None) -> str:
    """Return a side's name in the active language; "" for no side (no winner yet)."""
    return content.side_name(side, lang()) if side else ""


def side_rows(campaign: Campaign) -> list[dict[str, Any]]:
    """Return each side of the dashboard: its seat, VP, VP cards, sheets and upgrades so far."""
    content, state = campaign.content, campaign.current_state
    rows = []
    for side in content.side_ids:
        seat_index = state.sides.get(side)
        rows.append({
            "id": side, "name": side_name(content, side),
            "seat": campaign.seats.get(index=seat_index) if seat_index is not None else None,
            "vp": state.vp_points(content, side) if state.sides else 0,
            "vp_cards": [content.vp_cards[i] for i in state.vp_cards.get(side, [])],
            "sheets": sheets_of_side(content, state, side),
            "upgrades": [(copy_label(content, c), sticker_label(content, u["sticker"]),
                          u["scenario"]) for c, u in state.upgrades_of(side)],
        })
    return rows


def event_summary(content: PackContent, kind: str, payload: dict) -> str:
    """Return one line a person understands, for the history and the undo confirmation."""
    summaries = {
        "sides_chosen": lambda: _("Sides chosen"),
        "side_wished": lambda: _("Seat %(n)s wished for %(side)s")
        % {"n": payload.get("seat", 0) + 1, "side": side_name(content, payload.get("side"))},
        "scenario_opened": lambda: _("Scenario %(n)s opened") % {"n": payload.get("number")},
        "choice_made": lambda: _("Choice made: %(option)s") % {"option": payload.get("option")},
        "game_recorded": lambda: _("Game recorded: %(side)s won (%(how)s), %(n)s upgrade(s)")
        % {"side": side_name(content, payload.get("winner")), "how": how_label(payload.get("how")),
           "n": len(payload.get("upgrades", []))},
        "after_campaign_upgrade": lambda: _("After-campaign upgrade: %(copy)s by %(side)s")
        % {"copy": payload.get("copy"), "side": side_name(content, payload.get("side"))},
        "campaign_finished": lambda: _("Campaign finished, post-campaign pack added"),
        "undo": lambda: _("Undo of event %(seq)s") % {"seq": payload.get("seq")},
    }
    return summaries.get(kind, lambda: kind)()


def history_rows(campaign: Campaign) -> list[dict[str, Any]]:
    """Return every event, newest first, with its summary and whether a later undo reverted it."""
    undone = {e.payload.get("seq") for e in campaign.events.filter(kind="undo")}
    return [{"event": e, "summary": event_summary(campaign.content, e.kind, e.payload),
             "undone": e.seq in undone}
            for e in campaign.events.order_by("-seq")]


def how_label(how: str | None) -> str:
    """Return how a game was won in words; an unknown value is shown as it is."""
    return {"authority": _("authority"), "political": _("political victory"),
            "scenario": _("scenario condition")}.get(how or "", how or "")


def sticker_text(sticker: dict | None) -> str:
    """Return a sticker's printed text, or the text the cards app generates from its abilities."""
    if not sticker:
        return ""
    if sticker.get("text"):
        return text(sticker["text"], lang())
    return "; ".join(ability_text(a, lang(), extends_primary=bool(sticker.get("and")))
                     for a in sticker.get("abilities", []))


@dataclass
class SheetView:
    """A sticker sheet drawn as rows; each row says which sticker (if any) was used."""

    id: str
    name: str
    scenario: int
    rows: list[dict]


def sheets_of_side(content: PackContent, state: CampaignState, side: str) -> list[SheetView]:
    """Return the OPENED sheets of a side with their used rows (L14)."""
    views = []
    for sheet_id in state.opened_sheets.get(side, []):
        sheet = content.sheets[sheet_id]
        used = state.used_rows.get(sheet_id, {})
        rows = [{"cost": row["cost"], "used": used.get(str(row["cost"])),
                 "ship": sticker_text(row.get("ship")), "base": sticker_text(row.get("base"))}
                for row in sheet["rows"]]
        views.append(SheetView(sheet_id, text(sheet.get("name"), lang()), sheet["scenario"], rows))
    return views


def deck_rows(content: PackContent, state: CampaignState, filters: dict[str, str]) -> list[dict]:
    """Return the trade deck's copies as rows, filtered by faction/cost/type/upgraded/by whom."""
    names = faction_names(content.data, lang())
    rows = []
    for copy_id in state.trade_deck(content):
        card = content.card_of_copy(copy_id)
        upgrade = state.upgrades.get(copy_id)
        row = {"copy": copy_id, "label": copy_label(content, copy_id), "cost": card.get("cost"),
               "type": card.get("type"), "factions": card.get("factions", []),
               "faction_names": [names.get(f, f) for f in card.get("factions", [])],
               "upgrade": upgrade, "by": upgrade["side"] if upgrade else ""}
        if upgrade:
            row["sticker"] = sticker_label(content, upgrade["sticker"])
            row["by_name"] = side_name(content, upgrade["side"])
        if _matches(row, filters):
            rows.append(row)
    return rows


def _matches(row: dict, filters: dict[str, str]) -> bool:
    checks = {
        "faction": lambda v: v in row["factions"],
        "cost": lambda v: str(row["cost"]) == v,
        "type": lambda v: row["type"] == v,
        "upgraded": lambda v: bool(row["upgrade"]) == (v == "yes"),
        "by": lambda v: row["by"] == v,
    }
    return all(checks[key](value) for key, value in filters.items() if key in checks and value)


def envelope(content: PackContent, state: CampaignState, number: int) -> dict | None:
    """Return what scenario ``number``'s envelope brought, or None if it is not opened yet."""
    progress = state.scenarios.get(str(number))
    if progress is None:
        return None
    scenario = content.scenario(number)
    card_side = scenario["sides"].get(progress["card_side"], {})
    return {
        "number": number,
        "title": text(scenario.get("title"), lang()),
        "story": text(scenario.get("story"), lang()),
        "card_side": side_name(content, progress["card_side"]),
        "card_text": text(card_side.get("text"), lang()),
        "first_player": side_name(content, progress["first_player"]),
        "sheets": [{"name": text(s.get("name"), lang()), "side": side_name(content, s["side"])}
                   for s in content.sheets_of_scenario(number)],
        "vp_cards": [{"name": text(v.get("name"), lang()), "text": text(v.get("text"), lang()),
                      "points": v.get("points")} for v in content.vp_cards_of_scenario(number)],
        "political_victory": bool(scenario.get("political_victory")),
        "choices": _choices_made(progress, card_side),
        "result": progress["result"],
    }


def _choices_made(progress: dict, card_side: dict) -> list[dict]:
    """Return the options the first player chose on this scenario card (L6), with their texts."""
    made = []
    for choice in card_side.get("choices", []):
        option_id = progress["choices"].get(choice["id"])
        option = next((o for o in choice["options"] if o["id"] == option_id), None)
        if option:
            made.append({"prompt": text(choice.get("prompt"), lang()),
                         "label": text(option.get("label"), lang()),
                         "reminder": text(option.get("reminder"), lang())})
    return made


def next_step(content: PackContent, state: CampaignState) -> str:
    """Return a sentence naming what the players do next."""
    if state.phase == "setup":
        return _("Each player picks a side (L2).")
    if state.phase == AFTER_CAMPAIGN:
        side = next_after_campaign_side(content, state)
        if side:
            return _("After the campaign: %(side)s upgrades a card (L25).") % {
                "side": side_name(content, side)}
        return _("Every side has its upgrades: finish the campaign and add the post-campaign pack "
                 "(L26).")
    if state.phase == "finished":
        return _("The campaign is over: the deck is ready for standard games.")
    if state.scenario == 0 or state.scenario_finished(state.scenario):
        return _("Open scenario %(n)s.") % {"n": state.scenario + 1}
    if missing_choices(content, state):
        return _("The first player makes the scenario's choices.")
    return _("Play scenario %(n)s at the table, then record the game.") % {"n": state.scenario}


def upgrade_options(content: PackContent, state: CampaignState, sides: list[str]) -> dict[str, Any]:
    """Return the copies and stickers a form may offer (only opened sheets, unused rows)."""
    free = [c for c in state.trade_deck(content) if c not in state.upgrades]
    stickers = []
    for side in sides:
        for sheet_id in state.opened_sheets.get(side, []):
            for row in content.sheets[sheet_id]["rows"]:
                if str(row["cost"]) not in state.used_rows.get(sheet_id, {}):
                    stickers += [StickerRef(sheet_id, row["cost"], k).id
                                 for k in ("ship", "base") if k in row]
    return {"copies": [(c, copy_label(content, c)) for c in free],
            "stickers": [(s, sticker_label(content, s)) for s in stickers]}
