"""The scenario panel of a campaign match (L6, L19, L21): the scenario card, the choices made,
the lasting rules in force, the VP goals and each side's political progress."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards.language import active_language, pack_text
from cards.text import ability_text, faction_names
from play.board.seats import player_name

CLOSE_SHARE = 0.75  # a player this far along a VP goal is "close" to it


def scenario_panel(match: Any, view: dict) -> dict[str, Any] | None:
    """Return what the board's scenario panel shows, or None for a game outside a campaign.

    Texts come from the match's pack and its campaign snapshot (what the game was set up from, not
    the live campaign); the numbers (rule values, VP progress, stickers used) from the seat's view.
    """
    number, snapshot = match.scenario, match.snapshot or {}
    content = _content(match.pack.data)
    if not number or content is None or number not in content.scenarios:
        return None
    lang = active_language()
    scenario = content.scenario(number)
    first = snapshot.get("first_side") or ""
    card = scenario.get("sides", {}).get(first, {})
    players = view["players"]
    made = (snapshot.get("choices") or {}).get(str(number), {})
    return {
        "number": number,
        "title": pack_text(scenario.get("title"), lang),
        "story": pack_text(scenario.get("story"), lang),
        "card_side": _side(content, first),
        "card_text": pack_text(card.get("text"), lang),
        "choices": _choices(card, made, lang),
        "lasting": _lasting(content, snapshot, number, lang),
        "vp_cards": _vp_goals(content, view.get("vp_cards") or [], players, lang),
        "political": _political(content, number, players),
        "rules": _changed_rules(match, content, view, players),
    }


def _content(data: dict) -> Any:
    from campaign.content import ContentError, PackContent  # the campaign app reads packs
    try:
        return PackContent(data)
    except ContentError:
        return None


def _side(content: Any, side: str | None) -> str:
    from campaign.names import side_name
    return side_name(content, side)


def _choices(card: dict, made: dict, lang: str) -> list[dict[str, Any]]:
    """Return the first player's choices on the card side in use, with the option taken (L6)."""
    found = []
    for choice in card.get("choices", []):
        option = next((o for o in choice.get("options", []) if o.get("id") == made.get(choice.get(
            "id"))), None)
        if option is not None:
            found.append({"prompt": pack_text(choice.get("prompt"), lang),
                          "label": pack_text(option.get("label"), lang),
                          "reminder": pack_text(option.get("reminder"), lang),
                          "lasts": bool(option.get("lasting_rules"))})
    return found


def _lasting(content: Any, snapshot: dict, number: int, lang: str) -> list[dict[str, Any]]:
    """Return the lasting rules of earlier scenarios' choices, in force in this game."""
    found = []
    firsts = snapshot.get("first_sides") or {}
    for key, made in sorted((snapshot.get("choices") or {}).items(), key=lambda kv: int(kv[0])):
        earlier = int(key)
        if earlier >= number or earlier not in content.scenarios:
            continue
        sides = content.scenario(earlier).get("sides", {})
        card_sides = [firsts.get(key)] if firsts.get(key) in sides else list(sides)
        for choice_id, option_id in made.items():
            option = _option(sides, card_sides, choice_id, option_id)
            if option and option.get("lasting_rules"):
                found.append({"scenario": earlier, "label": pack_text(option.get("label"), lang),
                              "texts": _rule_texts(content, option["lasting_rules"], lang)
                              or [pack_text(option.get("reminder"), lang)]})
    return found


def _option(sides: dict, card_sides: list, choice_id: str, option_id: str) -> dict | None:
    for side in card_sides:
        for choice in sides.get(side, {}).get("choices", []):
            if choice.get("id") == choice_id:
                for option in choice.get("options", []):
                    if option.get("id") == option_id:
                        return option
    return None


def _rule_texts(content: Any, rules: list, lang: str) -> list[str]:
    """Return a sentence per lasting rule; [] if one of them has no wording here (the option's
    reminder is shown instead)."""
    factions = faction_names(content.data, lang)
    texts = []
    for rule in rules:
        (kind, arg), = rule.items()
        who = _who(content, arg.get("who", "all"))
        if kind == "grant" and set(arg.get("match", {})) == {"faction"}:
            texts.append(_("%(faction)s cards played by %(who)s have “%(text)s”.") % {
                "faction": factions.get(arg["match"]["faction"], _("those")), "who": who,
                "text": ability_text(arg.get("ability"), lang, factions)})
        elif kind == "add_to_deck":
            cards = ", ".join(f"{n} × {_card_name(content, card, lang)}"
                              for card, n in arg.get("cards", {}).items())
            texts.append(_("The personal deck of %(who)s has extra cards: %(cards)s.") % {
                "who": who, "cards": cards})
        else:
            return []
    return texts


def _who(content: Any, selector: str) -> str:
    if selector in content.side_ids:
        return _side(content, selector)
    return {"all": _("every player"), "first": _("the first player"),
            "second": _("the second player")}.get(selector, _("a player"))


def _card_name(content: Any, card_id: str, lang: str) -> str:
    card = content.cards.get(card_id)
    return pack_text(card.get("name"), lang) if card else _("an unknown card")


def _vp_goals(content: Any, cards: list[dict], players: list[dict], lang: str
              ) -> list[dict[str, Any]]:
    """Return each VP card of the scenario: its name, what earns it, who holds it or is close."""
    goals = []
    for entry in cards:
        vp = content.vp_cards.get(entry["vp"], {})
        holder = entry.get("holder")
        standings = []
        if entry.get("goals") and holder is None:
            for player in players:
                have = [min(g["have"][player["seat"]], g["n"]) for g in entry["goals"]
                        if g["op"] == "at_least"]
                need = [g["n"] for g in entry["goals"] if g["op"] == "at_least"]
                if need:
                    standings.append({"name": player_name(player), "have": sum(have),
                                      "need": sum(need),
                                      "close": sum(have) >= CLOSE_SHARE * sum(need)})
        goals.append({"name": pack_text(vp.get("name"), lang) or _("a VP card"),
                      "text": pack_text(vp.get("text"), lang), "points": vp.get("points"),
                      "points_text": _points_text(vp.get("points")),
                      "holder": player_name(players[holder]) if holder is not None else "",
                      "standings": standings})
    return goals


def _points_text(points: int | None) -> str:
    return "" if points is None else ngettext("%(n)s VP", "%(n)s VP", points) % {"n": points}


def _political(content: Any, number: int, players: list[dict]) -> list[dict[str, Any]]:
    """Return each side's stickers used of this scenario's sheet (L19), earlier games included."""
    found = []
    for player in players:
        progress = player.get("political")
        if not progress:
            continue
        sheet = content.sheet_of_scenario(number, player.get("side"))
        found.append({"name": player_name(player), "side": _side(content, player.get("side")),
                      "sheet": pack_text(sheet.get("name"), active_language()) if sheet else "",
                      "used": progress["used"], "needed": progress["needed"]})
    return found


def _changed_rules(match: Any, content: Any, view: dict, players: list[dict]) -> list[str]:
    """Return the game's rule values that differ from the printed game (L6, L7, L8)."""
    rules = view.get("rules") or {}
    setup = match.setup or {}
    lines = []
    printed = next((c.get("cost") for c in content.cards.values() if c.get("role") == "explorer"),
                   None)
    cost = rules.get("explorer_cost")
    if cost is not None and printed is not None and cost != printed:
        lines.append(_("Explorers cost %(n)s (printed: %(printed)s).") % {
            "n": cost, "printed": printed})
    row = rules.get("trade_row_size")
    if row is not None and row != setup.get("trade_row_size", 5):
        lines.append(_("The trade row has %(n)s slots.") % {"n": row})
    for player in players:
        seat, name = player["seat"], player_name(player)
        start = (rules.get("starting_authority") or [])[seat:seat + 1]
        if start and start[0] != setup.get("starting_authority", 50):
            lines.append(_("%(name)s started with %(n)s authority.") % {"name": name, "n": start[0]})
        hand = (rules.get("hand_size") or [])[seat:seat + 1]
        if hand and hand[0] != setup.get("draw_size", 5):
            lines.append(_("%(name)s draws %(n)s cards at the end of a turn.") % {
                "name": name, "n": hand[0]})
    return lines
