"""Turn one seat's engine view into what the match template shows, in the active language.

Input is only `view(state, seat)` (C25: it never holds the other hand, deck orders or the seed)
plus the pack's public card texts; the template never sees the engine state. Card names come
from the pack's en/ru texts and abilities are rendered by cards/text.py. Action buttons get
translated labels built from the notation; only a "choose one" option keeps the engine's English
summary of its effects, which the engine produces from normalized effects.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cards.models import text_in
from cards.text import abilities_text, ability_text, active_language, faction_names
from play.engine import Action, GameState
from play.engine.rules import ability_of

KIND_ORDER = ("pick", "choose", "done", "play", "use", "buy", "destroy", "attack", "end")


class Board:
    """Presents one seat's view; `context()` is the template's `board`."""

    def __init__(self, view: dict, pack_data: dict, state: GameState | None = None) -> None:
        self.view, self.state = view, state
        self.lang = active_language()
        self.factions = faction_names(pack_data, self.lang)
        self.cards = {c["id"]: c for c in pack_data.get("cards", []) if isinstance(c, dict)}
        self.stickers = _stickers(pack_data)
        self.by_inst: dict[int, dict] = {}

    def context(self) -> dict[str, Any]:
        v = self.view
        me = v["seat"]
        players = [self.player(p) for p in v["players"]]
        return {
            "seat": me, "me": players[me], "others": [p for p in players if p["seat"] != me],
            "players": players, "turn": v["turn"],
            "my_decision": v["decider"] == me and v["outcome"] is None,
            "decider_name": players[v["decider"]]["name"] if v["decider"] is not None else "",
            "hand": [self.card(c) for c in v["hand"] or []],
            "trade_row": [self.card(c) if c else None for c in v["trade_row"]],
            "trade_deck_size": v["trade_deck_size"], "explorers": v["explorers"],
            "acquiring": [self.card(c) for c in v["acquiring"]],
            "scrap_heap": [self.card(c) for c in v["scrap_heap"]],
            "pending": self.pending(v["pending"]),
            "actions": self.actions(v["legal"], v["labels"]),
            "log": self.log("log", "previous_turn_log")[0],
            "previous_turn_log": self.log("log", "previous_turn_log")[1],
            "outcome": v["outcome"], "result_text": self.result_text(players),
        }

    def result_text(self, players: list[dict]) -> str:
        """Return "Alice wins (authority)" in the active language, or "" while the game goes on."""
        outcome = self.view["outcome"]
        if outcome is None:
            return ""
        if outcome["winner"] is None:
            return _("Nobody won.")
        reason = str(_REASONS.get(outcome["reason"], outcome["reason"]))
        return _("%(name)s wins (%(reason)s).") % {
            "name": players[outcome["winner"]]["name"], "reason": reason}

    # -- cards --------------------------------------------------------------------------------

    def card(self, face: dict) -> dict[str, Any]:
        """Return one card with its localized name, faction names and ability lines."""
        design = self.cards.get(face["card"], {})
        lines = abilities_text(design.get("abilities", []), self.lang, self.factions)
        upgrade = face.get("upgrade")
        if upgrade:
            lines = lines + self.sticker_lines(upgrade["sticker"])
        shown = {**face, "name": self.name(face), "lines": lines,
                 "faction_names": [self.factions.get(f, f) for f in face.get("factions", [])]}
        self.by_inst[face["id"]] = shown
        return shown

    def name(self, face: dict) -> str:
        return text_in(face.get("name"), self.lang) or text_in(face.get("name"), "en") or face["card"]

    def sticker_lines(self, sticker_id: str) -> list[str]:
        sticker = self.stickers.get(sticker_id)
        if sticker is None:
            return [sticker_id]
        text = text_in(sticker.get("text"), self.lang)
        return [text] if text else abilities_text(sticker.get("abilities", []), self.lang,
                                                  self.factions)

    def player(self, data: dict) -> dict[str, Any]:
        return {**data, "name": data["name"] or _("Player %(n)s") % {"n": data["seat"] + 1},
                "discard": [self.card(c) for c in data["discard"]],
                "in_play": [self.card(c) for c in data["in_play"]],
                "bases": [self.card(c) for c in data["bases"]]}

    # -- the turn's log --------------------------------------------------------------------------

    def log(self, *keys: str) -> list[list[str]]:
        """Return the view's log lines, translated from the engine's events when the state is here.

        The engine renders English sentences; with the state at hand the same public events
        (`state.log`, `state.prev_log`, exactly what the view renders) are phrased in the active
        language. Without it, the view's English lines are shown.
        """
        if self.state is None:
            return [self.view[k] for k in keys]
        events = [self.state.log, self.state.prev_log]
        return [[self.event_line(e, english) for e, english in zip(events[i], self.view[k])]
                for i, k in enumerate(keys)]

    def event_line(self, event: tuple, english: str) -> str:
        kind, seat = event[0], event[1]
        template = _EVENTS.get(kind)
        if template is None or seat < 0:
            return english
        values = {"who": self.seat_name(seat)}
        if kind in ("play", "discard", "scrap", "acquire", "upgrade", "use", "copy", "destroy"):
            values["card"] = self.design_name(event[2])
        if kind in ("trade", "combat", "draw"):
            values["n"] = event[2]
        if kind == "authority":
            values["n"] = abs(event[2])
            template = _EVENTS["authority"] if event[2] >= 0 else _EVENTS["authority_lost"]
        if kind == "destroy":
            values["whose"] = self.seat_name(event[3])
        if kind == "acquire":
            template = _ACQUIRE.get(event[3], template)
        if kind == "upgrade":
            values["sticker"] = event[3]
        if kind == "use":
            values["when"] = str(_WHEN.get(event[3], event[3]))
        if kind == "attack":
            values["whom"], values["n"] = self.seat_name(event[2]), event[3]
        if kind == "recycle":
            if event[3] != "hand":
                template = _EVENTS["recycle_top"]  # which card went on top stays hidden
            else:
                values["card"] = self.design_name(event[2])
        if kind == "copy":
            values["other"] = self.design_name(event[3])
        if kind == "over":
            values["reason"] = str(_REASONS.get(event[2], event[2]))
        return str(template) % values

    def seat_name(self, seat: int) -> str:
        players = self.view["players"]
        if 0 <= seat < len(players) and players[seat]["name"]:
            return players[seat]["name"]
        return _("Player %(n)s") % {"n": seat + 1}

    def design_name(self, card_id: str) -> str:
        design = self.cards.get(card_id, {})
        return text_in(design.get("name"), self.lang) or text_in(design.get("name"), "en") or card_id

    # -- decisions and actions ------------------------------------------------------------------

    def pending(self, pending: dict | None) -> dict[str, Any] | None:
        if pending is None:
            return None
        options = pending.get("options") or []
        cards = [self.card(o) for o in options if "id" in o]
        return {**pending, "prompt": str(_PROMPTS.get(pending["kind"], pending["prompt"])) % {
            "n": pending["max"] - pending["picked"]}, "cards": cards}

    def actions(self, legal: list[str], labels: dict[str, str]) -> list[dict[str, Any]]:
        """Return one entry per legal action, grouped: buys of one card share an entry whose
        `upgrades` list the sticker variants (a small form with a choice)."""
        entries: list[dict[str, Any]] = []
        buys: dict[int, dict[str, Any]] = {}
        for notation in legal:
            action = Action.parse(notation)
            if action.kind == "buy" and action.sticker and action.card in buys:
                buys[action.card]["upgrades"].append(
                    {"notation": notation, "label": self.sticker_label(action.sticker)})
                continue
            entry = {"notation": notation, "kind": action.kind, "upgrades": [],
                     "label": self.label(action, labels.get(notation, notation))}
            if action.kind == "buy":
                buys[action.card] = entry
            entries.append(entry)
        return sorted(entries, key=lambda e: KIND_ORDER.index(e["kind"]))

    def label(self, action: Action, english: str) -> str:
        kind = action.kind
        card = self.card_name(action.card)
        if kind == "play":
            return _("Play %(card)s") % {"card": card}
        if kind == "use":
            return self.use_label(action, card)
        if kind == "buy" and action.card < 0:
            return _("Buy an explorer (2)")
        if kind == "buy":  # the cost is on the card; a discount (next_acquire) may lower it
            return _("Buy %(card)s") % {"card": card}
        if kind == "attack":
            target = self.view["players"][action.index]["name"] or _("Player %(n)s") % {
                "n": action.index + 1}
            return _("Attack %(name)s with all your combat") % {"name": target}
        if kind == "destroy":
            return _("Destroy %(card)s") % {"card": card}
        if kind == "pick":
            return _("Choose %(card)s") % {"card": card}
        if kind == "choose":
            return self.choose_label(action.index, english)
        return {"end": _("End turn"), "done": _("Done")}.get(kind, english)

    def use_label(self, action: Action, card: str) -> str:
        ability = None
        if self.state is not None:
            ability = ability_of(self.state, self.state.active, action.card, action.index)
        when = ability.when if ability else ""
        if when == "ally":
            return _("Ally ability of %(card)s") % {"card": card}
        if when == "scrap":
            return _("Scrap %(card)s for its ability") % {"card": card}
        return _("Use %(card)s") % {"card": card}

    def choose_label(self, index: int, english: str) -> str:
        pending = self.view["pending"] or {}
        if pending.get("kind") == "may":
            return _("Yes") if index == 1 else _("No")
        if pending.get("kind") == "choose":
            branches = _choose_branches(self.cards.get(pending.get("source") or "", {}))
            if branches is not None and 0 <= index < len(branches):
                return ability_text({"when": "primary", "do": branches[index]}, self.lang,
                                    self.factions) or _("Nothing")
            return english
        places = {"discard pile": _("Discard pile"), "hand": _("Hand"),
                  "top of deck": _("Top of deck")}
        return places.get(english, english)

    def card_name(self, inst: int) -> str:
        if inst in self.by_inst:
            return self.by_inst[inst]["name"]
        return str(inst)

    def sticker_label(self, sticker_id: str) -> str:
        lines = "; ".join(self.sticker_lines(sticker_id))
        return _("upgrade with %(sticker)s: %(text)s") % {"sticker": sticker_id, "text": lines}


def _choose_branches(design: dict) -> list | None:
    """Return the branches of the one "choose" effect (C13) in a card's printed abilities.

    None when the card has no such effect or more than one (then the engine's English summary
    of the options is shown rather than guessing which one is pending).
    """
    found = [effect["choose"] for ability in design.get("abilities", []) if isinstance(ability, dict)
             for effect in ability.get("do", []) if isinstance(effect, dict) and "choose" in effect]
    return found[0] if len(found) == 1 and isinstance(found[0], list) else None


def _stickers(pack_data: dict) -> dict[str, dict]:
    """Return {sticker id: sticker} of a legacy pack's sheets (`sheet:cost:kind`, L12)."""
    found = {}
    for sheet in pack_data.get("sticker_sheets", []) or []:
        for row in sheet.get("rows", []):
            for kind in ("ship", "base"):
                if isinstance(row.get(kind), dict):
                    found[f"{sheet['id']}:{row['cost']}:{kind}"] = row[kind]
    return found


_EVENTS = {
    "play": gettext_lazy("%(who)s played %(card)s"),
    "trade": gettext_lazy("%(who)s gained %(n)s trade"),
    "combat": gettext_lazy("%(who)s gained %(n)s combat"),
    "authority": gettext_lazy("%(who)s gained %(n)s authority"),
    "authority_lost": gettext_lazy("%(who)s lost %(n)s authority"),
    "draw": gettext_lazy("%(who)s drew %(n)s card(s)"),
    "reshuffle": gettext_lazy("%(who)s shuffled their discard pile into a new deck"),
    "discard": gettext_lazy("%(who)s discarded %(card)s"),
    "scrap": gettext_lazy("%(who)s scrapped %(card)s"),
    "destroy": gettext_lazy("%(who)s destroyed %(card)s of %(whose)s"),
    "acquire": gettext_lazy("%(who)s acquired %(card)s"),
    "upgrade": gettext_lazy("%(who)s upgraded %(card)s with sticker %(sticker)s"),
    "use": gettext_lazy("%(who)s used the %(when)s ability of %(card)s"),
    "attack": gettext_lazy("%(who)s attacked %(whom)s for %(n)s"),
    "recycle": gettext_lazy("%(who)s took %(card)s from their discard pile into their hand"),
    "recycle_top": gettext_lazy("%(who)s put a card from their discard pile on top of their deck"),
    "copy": gettext_lazy("%(who)s's %(card)s copied %(other)s"),
    "end": gettext_lazy("%(who)s ended their turn"),
    "resign": gettext_lazy("%(who)s resigned"),
    "over": gettext_lazy("Game over: %(who)s wins (%(reason)s)"),
}

_ACQUIRE = {
    "hand": gettext_lazy("%(who)s acquired %(card)s into their hand"),
    "deck_top": gettext_lazy("%(who)s acquired %(card)s onto their deck"),
}

_WHEN = {"primary": gettext_lazy("primary"), "ally": gettext_lazy("ally"),
         "scrap": gettext_lazy("scrap")}

_REASONS = {
    "authority": gettext_lazy("authority reduced to 0"),
    "political": gettext_lazy("political victory"),
    "scenario": gettext_lazy("the scenario's victory condition"),
    "resign": gettext_lazy("the opponent resigned"),
}

_PROMPTS = {
    "discard": gettext_lazy("Discard %(n)s card(s) from your hand"),
    "opp_discard": gettext_lazy("Discard %(n)s card(s): your opponent made you (C23)"),
    "scrap": gettext_lazy("Scrap up to %(n)s card(s)"),
    "destroy_base": gettext_lazy("Destroy up to %(n)s base(s) of your opponent"),
    "acquire_free": gettext_lazy("Acquire a card from the trade row for free (you may decline)"),
    "recycle": gettext_lazy("Move up to %(n)s card(s) from your discard pile"),
    "copy_ship": gettext_lazy("Choose a ship you played this turn to copy"),
    "choose": gettext_lazy("Choose one"),
    "may": gettext_lazy("Do you use this ability?"),
    "destination": gettext_lazy("Where does the card you acquired go?"),
}
