"""Turn a campaign's state into what its pages show, in the active language.

Spoiler safety (L4) lives here: every helper starts from what the state says is OPENED, so nothing
of a later envelope (its sheets, VP cards or scenario card) can reach a page.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign import names
from campaign.content import PackContent
from campaign.state import (
    AFTER_CAMPAIGN,
    CampaignState,
    missing_choices,
    next_after_campaign_side,
)
from cards.language import active_language, pack_text
from cards.text import faction_names
from play.engine import StickerRef

if TYPE_CHECKING:
    from campaign.models import Campaign


def copy_label(content: PackContent, copy_id: str) -> str:
    """Return "Knight Lancer, copy 2" for a copy id."""
    return names.copy_name(content, copy_id)


def sticker_label(content: PackContent, sticker_id: str) -> str:
    """Return "Ship, cost 3 — and +2 combat" for a sticker id (sheet:cost:kind, L12)."""
    return names.sticker_name(content, sticker_id)


def side_name(content: PackContent, side: str | None) -> str:
    """Return a side's name in the active language; "" for no side (no winner yet)."""
    return names.side_name(content, side)


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
        % {"n": _whole(payload.get("seat")) + 1, "side": side_name(content, payload.get("side"))},
        "scenario_opened": lambda: _("Scenario %(n)s opened") % {"n": payload.get("number")},
        "choice_made": lambda: _("Choice made: %(option)s") % {"option": names.option_label(
            content, None, payload.get("choice"), payload.get("option"))},
        "game_recorded": lambda: _game_summary(content, payload),
        "after_campaign_upgrade": lambda: _("After-campaign upgrade by %(side)s: %(upgrade)s")
        % {"side": side_name(content, payload.get("side")),
           "upgrade": _upgrade_line(content, payload)},
        "campaign_finished": lambda: _("Campaign finished, post-campaign pack added"),
        "undo": lambda: _("Undo of change %(seq)s") % {"seq": payload.get("seq")},
    }
    return summaries.get(kind, lambda: _("An unknown change"))()


def _whole(value: Any) -> int:
    return value if type(value) is int else 0


def _game_summary(content: PackContent, payload: dict) -> str:
    count = len(payload.get("upgrades") or [])
    values = {"side": side_name(content, payload.get("winner")),
              "how": how_label(payload.get("how")), "n": count}
    if not count:
        return _("Game recorded: %(side)s won (%(how)s), no upgrade") % values
    return ngettext("Game recorded: %(side)s won (%(how)s), %(n)s upgrade",
                    "Game recorded: %(side)s won (%(how)s), %(n)s upgrades", count) % values


def _upgrade_line(content: PackContent, upgrade: dict) -> str:
    return _("%(copy)s: %(sticker)s") % {
        "copy": copy_label(content, str(upgrade.get("copy"))),
        "sticker": sticker_label(content, str(upgrade.get("sticker")))}


def event_details(content: PackContent, kind: str, payload: dict) -> list[str]:
    """Return the lines under an event's summary: each upgrade and VP card of a recorded game."""
    if kind != "game_recorded":
        return []
    lines = [_("%(upgrade)s, by %(side)s") % {"upgrade": _upgrade_line(content, u),
                                              "side": side_name(content, u.get("side"))}
             for u in payload.get("upgrades") or [] if isinstance(u, dict)]
    lines += [_("VP card “%(card)s” to %(side)s") % {
        "card": names.vp_card_name(content, str(v.get("card"))),
        "side": side_name(content, v.get("side"))}
        for v in payload.get("vp_cards") or [] if isinstance(v, dict)]
    return lines


def history_rows(campaign: Campaign) -> list[dict[str, Any]]:
    """Return every event, newest first, with its summary and whether a later undo reverted it."""
    content = campaign.content
    events = list(campaign.events.order_by("seq"))
    undone = {e.payload.get("seq") for e in events if e.kind == "undo"}
    summaries = {e.seq: event_summary(content, e.kind, e.payload) for e in events}
    rows = []
    for e in reversed(events):
        summary = summaries[e.seq]
        if e.kind == "undo" and e.payload.get("seq") in summaries:
            summary = _("Undone: %(what)s") % {"what": summaries[e.payload["seq"]]}
        rows.append({"event": e, "summary": summary, "undone": e.seq in undone,
                     "details": event_details(content, e.kind, e.payload)})
    return rows


def how_label(how: str | None) -> str:
    """Return how a game was won in words."""
    return names.win_how_name(how)


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
                 "ship": names.sticker_text(content, row.get("ship")),
                 "base": names.sticker_text(content, row.get("base"))}
                for row in sheet["rows"]]
        views.append(SheetView(sheet_id, pack_text(sheet.get("name")), sheet["scenario"], rows))
    return views


def deck_rows(content: PackContent, state: CampaignState, filters: dict[str, str]) -> list[dict]:
    """Return the trade deck's copies as rows, filtered by faction/cost/type/upgraded/by whom."""
    names = faction_names(content.data, active_language())
    rows = []
    for copy_id in state.trade_deck(content):
        card = content.card_of_copy(copy_id)
        upgrade = state.upgrades.get(copy_id)
        row = {"copy": copy_id, "card_id": card["id"], "number": int(copy_id.rsplit("#", 1)[1]),
               "label": copy_label(content, copy_id), "cost": card.get("cost"),
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
        "title": pack_text(scenario.get("title")),
        "story": pack_text(scenario.get("story")),
        "card_side": side_name(content, progress["card_side"]),
        "card_text": pack_text(card_side.get("text")),
        "first_player": side_name(content, progress["first_player"]),
        "sheets": [{"name": pack_text(s.get("name")), "side": side_name(content, s["side"])}
                   for s in content.sheets_of_scenario(number)],
        "vp_cards": [{"name": pack_text(v.get("name")), "text": pack_text(v.get("text")),
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
            made.append({"prompt": pack_text(choice.get("prompt")),
                         "label": pack_text(option.get("label")),
                         "reminder": pack_text(option.get("reminder"))})
    return made


def next_step(content: PackContent, state: CampaignState) -> str:
    """Return a sentence naming what the players do next."""
    if state.phase == "setup":
        return _("Each player picks a side for the whole campaign.")
    if state.phase == AFTER_CAMPAIGN:
        side = next_after_campaign_side(content, state)
        if side:
            return _("After the campaign: %(side)s upgrades a card.") % {
                "side": side_name(content, side)}
        return _("Every side has its upgrades: finish the campaign and add the post-campaign "
                 "pack.")
    if state.phase == "finished":
        return _("The campaign is over: the deck is ready for standard games.")
    if state.scenario == 0 or state.scenario_finished(state.scenario):
        return _("Open scenario %(n)s.") % {"n": state.scenario + 1}
    if missing_choices(content, state):
        return _("The first player makes the scenario's choices.")
    return _("Play scenario %(n)s at the table, then record the game.") % {"n": state.scenario}


def upgrade_options(content: PackContent, state: CampaignState, sides: list[str],
                    campaign: Campaign | None = None) -> dict[str, Any]:
    """Return the copies and stickers a form may offer (only opened sheets, unused rows).

    ``copies``/``stickers`` are flat (value, label) lists; ``copy_groups``/``sticker_groups`` the
    same grouped for a select (copies by printed cost and type, stickers by sheet);
    ``copy_data``/``sticker_data`` the data attributes static/js/record.js filters with (printed
    cost, type, the sticker's side, the copy's face image when the card renderer is there);
    ``fits(copy, sticker)`` says whether a pair matches (L13).
    """
    free = [c for c in state.trade_deck(content) if c not in state.upgrades]
    refs = []
    for side in sides:
        for sheet_id in state.opened_sheets.get(side, []):
            for row in content.sheets[sheet_id]["rows"]:
                if str(row["cost"]) not in state.used_rows.get(sheet_id, {}):
                    refs += [StickerRef(sheet_id, row["cost"], k) for k in ("ship", "base") if k in row]
    copies = [(c, copy_label(content, c)) for c in free]
    stickers = [(r.id, sticker_label(content, r.id)) for r in refs]
    printed = {c: (content.card_of_copy(c).get("cost"), content.card_of_copy(c).get("type"))
               for c in free}
    faces = _face_urls(content, free, campaign)
    copy_data = {c: {"data-cost": str(cost), "data-type": str(kind), "data-face": faces.get(c, "")}
                 for c, (cost, kind) in printed.items()}
    sticker_data = {r.id: {"data-cost": str(r.cost), "data-type": r.kind, "data-row":
                           f"{r.sheet_id}:{r.cost}", "data-side": content.sheets[r.sheet_id]["side"]}
                    for r in refs}
    return {"copies": copies, "stickers": stickers,
            "copy_groups": _copy_groups(copies, printed), "copy_data": copy_data,
            "sticker_groups": _sticker_groups(content, refs), "sticker_data": sticker_data,
            "fits": lambda c, s: _fits(content, c, s)}


def _fits(content: PackContent, copy_id: str, sticker_id: str) -> bool:
    card, ref = content.card_of_copy(copy_id), StickerRef.parse(sticker_id)
    return card.get("type") == ref.kind and card.get("cost") == ref.cost


def _copy_groups(copies: list[tuple[str, str]], printed: dict[str, tuple]) -> list[tuple]:
    """Group copies as "Cost 3 · ships" / "Cost 3 · bases", cheapest first."""
    groups: dict[tuple, list[tuple[str, str]]] = {}
    for value, label in copies:
        groups.setdefault(printed[value], []).append((value, label))
    result = []
    for (cost, kind), items in sorted(groups.items(), key=lambda g: (g[0][0] or 0, str(g[0][1]))):
        title = (_("Cost %(cost)s · ships") if kind == "ship" else _("Cost %(cost)s · bases")) % {
            "cost": cost}
        result.append((title, sorted(items, key=lambda item: item[1])))
    return result


def _sticker_groups(content: PackContent, refs: list[StickerRef]) -> list[tuple]:
    """Group stickers by sheet: "Star Empire — Declaration of Independence"."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for ref in refs:
        groups.setdefault(ref.sheet_id, []).append((ref.id, sticker_label(content, ref.id)))
    return [(_("%(side)s — %(sheet)s") % {
        "side": side_name(content, content.sheets[sheet_id]["side"]),
        "sheet": names.sheet_name(content, sheet_id)}, items) for sheet_id, items in groups.items()]


def _face_urls(content: PackContent, copies: list[str], campaign: Campaign | None) -> dict[str, str]:
    """Return each copy's face image URL, once the card renderer (cards.render) is installed."""
    if campaign is None:
        return {}
    try:
        from cards.render.urls import face_url
    except ImportError:  # the renderer arrives with the issue "Cards you can see and take home"
        return {}
    return {c: face_url(campaign.pack, c.rsplit("#", 1)[0], copy_number=int(names.copy_number(c)),
                        campaign_id=campaign.pk) for c in copies}


def typed_record(content: PackContent, data: Any) -> list[str]:
    """Return what a "record a game" form carried, line by line, by name (for the 409 page)."""
    lines = []
    if data.get("winner"):
        lines.append(_("Winner: %(side)s (%(how)s)") % {
            "side": side_name(content, data["winner"]) if data["winner"] in content.side_ids
            else _("an unknown side"), "how": how_label(data.get("how")) or "—"})
    rows = sorted({int(k.split("_", 1)[1]) for k in data if k.startswith(("copy_", "sticker_"))
                   and k.split("_", 1)[1].isascii() and k.split("_", 1)[1].isdigit()
                   and len(k) < 16})
    for i in rows:
        copy_id, sticker_id = data.get(f"copy_{i}", ""), data.get(f"sticker_{i}", "")
        if copy_id or sticker_id:
            lines.append(_("Upgrade: %(copy)s — %(sticker)s") % {
                "copy": copy_label(content, copy_id) if copy_id else _("no card copy chosen"),
                "sticker": sticker_label(content, sticker_id) if sticker_id
                else _("no sticker chosen")})
    for key in data:
        if key.startswith("vp_") and data.get(key):
            side = data[key]
            lines.append(_("VP card “%(card)s” to %(side)s") % {
                "card": names.vp_card_name(content, key[3:]),
                "side": side_name(content, side) if side in content.side_ids
                else _("an unknown side")})
    return lines
