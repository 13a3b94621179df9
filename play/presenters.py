"""Turn one seat's engine view into what the match template shows, in the active language.

Input is only `view(state, seat)` (C25: it never holds the other hand, deck orders or the seed)
plus the pack's public card texts; the template never sees the engine state. Card names come
from the pack's en/ru texts and abilities are rendered by cards/text.py. Action buttons get
translated labels built from the notation; only a "choose one" option keeps the engine's English
summary of its effects, which the engine produces from normalized effects.

Every card shown gets its face picture (through `play.faces.MatchFaces`, when given) and the
legal actions that name it, so the board is played by clicking the card itself; the list of
every action stays as a fallback. Players read sticker texts, never sticker ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cards.models import text_in
from cards.templatetags.card_faces import card_lines, sticker_lines
from cards.text import ability_text, active_language, faction_names
from play.engine import Action, GameState
from play.engine.rules import ability_of

if TYPE_CHECKING:
    from play.faces import MatchFaces


KIND_ORDER = ("pick", "choose", "done", "play", "use", "buy", "destroy", "attack", "end")
CARD_KINDS = ("play", "use", "buy", "destroy", "pick")  # shown on the card they name
EXPLORER = -1  # the instance id of `buy explorer` (play.engine.actions.EXPLORER)
# Events of the previous turn shown in the "last turn" strip: what a player at the table notices.
LAST_TURN_KINDS = ("play", "acquire", "upgrade", "scrap", "destroy", "attack", "recycle", "copy",
                   "resign")
CARD_EVENTS = ("play", "discard", "scrap", "acquire", "upgrade", "destroy", "copy")


class Board:
    """Presents one seat's view; `context()` is the template's `board`."""

    def __init__(self, view: dict, pack_data: dict, state: GameState | None = None,
                 faces: MatchFaces | None = None) -> None:
        self.view, self.state, self.faces = view, state, faces
        self.lang = active_language()
        datas = [pack_data] + ([p.data for p in faces.packs[1:]] if faces else [])
        self.factions: dict[str, str] = {}
        self.cards: dict[str, dict] = {}
        for data in datas:  # the match's own pack first: it wins a clash of ids
            for faction_id, name in faction_names(data, self.lang).items():
                self.factions.setdefault(faction_id, name)
            for design in data.get("cards", []) or []:
                if isinstance(design, dict):
                    self.cards.setdefault(design.get("id"), design)
        self.stickers, self.sticker_sides = _stickers(pack_data)
        self.by_inst: dict[int, dict] = {}
        self.shown: list[dict] = []

    def context(self) -> dict[str, Any]:
        v = self.view
        me = v["seat"]
        players = [self.player(p) for p in v["players"]]
        board = {
            "seat": me, "me": players[me], "others": [p for p in players if p["seat"] != me],
            "players": players, "turn": v["turn"],
            "my_decision": v["decider"] == me and v["outcome"] is None,
            "decider_name": players[v["decider"]]["name"] if v["decider"] is not None else "",
            "hand": [self.card(c) for c in v["hand"] or []],
            "trade_row": [self.card(c) if c else None for c in v["trade_row"]],
            "trade_deck_size": v["trade_deck_size"], "explorers": v["explorers"],
            "explorer": self.explorer(),
            "acquiring": [self.card(c) for c in v["acquiring"]],
            "scrap_heap": [self.card(c) for c in v["scrap_heap"]],
            "pending": self.pending(v["pending"]),
            "actions": self.actions(v["legal"], v["labels"]),
            "log": self.log("log", "previous_turn_log")[0],
            "previous_turn_log": self.log("log", "previous_turn_log")[1],
            "last_turn": self.last_turn(),
            "outcome": v["outcome"], "result_text": self.result_text(players),
        }
        board["dock"] = self.attach(v["legal"], v["labels"], players)
        if board["pending"]:
            in_hand = {c["id"] for c in board["hand"]}
            board["pending"]["extra_cards"] = [c for c in board["pending"]["cards"]
                                               if c["id"] not in in_hand]
        return board

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
        """Return one card with its localized name, texts, picture and (later) its actions."""
        design = self.cards.get(face["card"], {})
        upgrade = face.get("upgrade")
        lines = self.ability_lines(design, upgrade["sticker"] if upgrade else None)
        shown = {**face, "name": self.name(face), "lines": lines, "actions": [], "click": None,
                 "faction_names": [self.factions.get(f, f) for f in face.get("factions", [])]}
        if "damage" in face:  # a base in play: what an attacker must still deal (C19)
            shown["remaining"] = max(0, (face.get("defense") or 0) - face["damage"])
        shown["alt"] = self.alt(shown)
        shown["face_url"] = (self.faces.url(face["card"], upgrade["sticker"] if upgrade else None)
                             if self.faces else "")
        self.by_inst[face["id"]] = shown
        self.shown.append(shown)
        return shown

    def alt(self, card: dict) -> str:
        """Return a picture's alt text: the card's name, kind, cost, factions and every line."""
        if card.get("type") == "base":
            kind = _("Outpost") if card.get("outpost") else _("Base")
            kind += " · " + _("defense %(n)s") % {"n": card.get("defense")}
        else:
            kind = _("Ship")
        meta = [kind]
        if card.get("cost") is not None:
            meta.append(_("cost %(n)s") % {"n": card["cost"]})
        meta += card["faction_names"]
        if card.get("upgrade"):
            meta.append(_("upgraded"))
        text = " ".join(line if line.endswith((".", "!", "?")) else line + "."
                        for line in card["lines"])
        return f"{card['name']} ({', '.join(meta)}). {text}".strip()

    def name(self, face: dict) -> str:
        return text_in(face.get("name"), self.lang) or text_in(face.get("name"), "en") or face["card"]

    def ability_lines(self, design: dict, sticker_id: str | None) -> list[str]:
        """Return one line per ability in the engine's order (an upgraded copy: L15, L17)."""
        sticker = self.stickers.get(sticker_id) if sticker_id else None
        return card_lines(design, sticker, self.lang, self.factions)

    def sticker_lines(self, sticker_id: str) -> list[str]:
        """Return a sticker's printed text, or its abilities' text; never its id."""
        sticker = self.stickers.get(sticker_id)
        if sticker is None:
            return [_("an upgrade")]
        return sticker_lines(sticker, self.lang, self.factions)

    def sticker(self, sticker_id: str) -> dict[str, str]:
        """Return what an upgrade adds: the ability sticker's text and the faction sticker (L12)."""
        side = self.sticker_sides.get(sticker_id, "")
        return {"text": "; ".join(self.sticker_lines(sticker_id)),
                "faction": self.factions.get(side, side)}

    def explorer(self) -> dict[str, Any] | None:
        """Return the explorer pile's card (bought with `buy explorer`), if the pack has one."""
        card_id = next((cid for cid, d in self.cards.items() if d.get("role") == "explorer"), None)
        if card_id is None:
            return None
        design = self.cards[card_id]
        return self.card({"id": EXPLORER, "card": card_id, "name": design.get("name"),
                          "type": design.get("type"), "cost": design.get("cost"),
                          "factions": list(design.get("factions", []))})

    def player(self, data: dict) -> dict[str, Any]:
        return {**data, "name": data["name"] or _("Player %(n)s") % {"n": data["seat"] + 1},
                "discard": [self.card(c) for c in data["discard"]],
                "in_play": [self.card(c) for c in data["in_play"]],
                "bases": [self.card(c) for c in data["bases"]], "attack": None}

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

    def last_turn(self) -> dict[str, Any] | None:
        """Return the other player's notable events (played, bought, attacked...) with faces.

        On your turn that is the previous turn; while another player moves, their turn so far.
        """
        if self.state is None:
            return None
        now = self.state.active != self.view["seat"] and bool(self.state.log)
        events = self.state.log if now else self.state.prev_log
        seat = next((e[1] for e in events if e[0] == "end" and e[1] >= 0),
                    next((e[1] for e in events if e[1] >= 0), -1))
        items = []
        for event in events:
            if event[0] not in LAST_TURN_KINDS or event[1] < 0:
                continue
            text = self.event_line(event, "")
            if items and items[-1]["text"] == text:  # three Scouts played: one entry, "×3"
                items[-1]["count"] += 1
                continue
            item = {"text": text, "kind": event[0], "face_url": "", "alt": "", "count": 1}
            if event[0] in CARD_EVENTS:
                sticker = event[3] if event[0] == "upgrade" else None
                item["alt"] = self.design_name(event[2])
                item["face_url"] = self.faces.url(event[2], sticker) if self.faces else ""
            items.append(item)
        if seat < 0:
            return None
        return {"who": self.seat_name(seat), "mine": seat == self.view["seat"], "now": now,
                "items": items}

    def event_line(self, event: tuple, english: str) -> str:
        kind, seat = event[0], event[1]
        template = _EVENTS.get(kind)
        if template is None or seat < 0:
            return english
        values = {"who": self.seat_name(seat)}
        if kind in ("play", "discard", "scrap", "acquire", "upgrade", "use", "copy", "destroy",
                    "to_hand"):
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
            values.update(self.sticker(event[3]))
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

    def attach(self, legal: list[str], labels: dict[str, str],
               players: list[dict]) -> dict[str, Any]:
        """Put each legal action on the card (or player) it names; return the rest for the dock.

        A card whose only action is harmless (play, buy, use, destroy, choose) is played with
        one click; a card with several actions, an upgrade to choose or a scrap ability (which
        removes the card: never on a stray click) opens a small menu of its actions.
        """
        dock: dict[str, Any] = {"end": None, "done": None, "choices": [], "attacks": []}
        on_card: dict[int, list[dict[str, Any]]] = {}
        for notation in legal:
            action = Action.parse(notation)
            entry = {"notation": notation, "kind": action.kind,
                     "label": self.label(action, labels.get(notation, notation))}
            if action.kind in CARD_KINDS:
                on_card.setdefault(action.card, []).append(self.card_entry(action, entry))
            elif action.kind == "attack":
                dock["attacks"].append(entry)
                players[action.index]["attack"] = entry
            elif action.kind == "choose":
                dock["choices"].append(entry)
            else:
                dock[action.kind] = entry
        for card in self.shown:
            card["actions"] = on_card.get(card["id"], [])
            only = card["actions"][0] if len(card["actions"]) == 1 else None
            card["click"] = only if only and only["one_click"] else None
        return dock

    def card_entry(self, action: Action, entry: dict[str, Any]) -> dict[str, Any]:
        """Return a card's action with its short menu text (and an upgrade's sticker text)."""
        kind, short, sticker = action.kind, entry["label"], None
        if kind == "play":
            short = _("Play")
        elif kind == "use":
            short = self.use_text(action)
        elif kind in ("buy", "pick") and action.sticker:
            sticker = self.sticker(action.sticker)
            design = self.cards.get(self.by_inst.get(action.card, {}).get("card", ""), {})
            extra = 3 if design.get("type") == "base" else 2  # L11
            short = (_("Buy and upgrade (+%(n)s trade):") if kind == "buy"
                     else _("Take and upgrade (+%(n)s trade):")) % {"n": extra}
        elif kind == "buy":
            short = _("Buy")
        elif kind == "destroy":
            short = _("Destroy")
        elif kind == "pick":
            short = _("Choose")
        scrapping = kind == "use" and self.ability_when(action) == "scrap"
        return {**entry, "short": short, "sticker": sticker,
                "one_click": not (scrapping or sticker)}

    def ability_when(self, action: Action) -> str:
        if self.state is None:
            return ""
        ability = ability_of(self.state, self.state.active, action.card, action.index)
        return ability.when if ability else ""

    def use_text(self, action: Action) -> str:
        """Return the text of the ability a `use` action triggers ("Scrap: +2 combat")."""
        face = self.by_inst.get(action.card, {})
        lines = face.get("lines", [])
        if 0 <= action.index < len(lines):
            line = lines[action.index]
            return line if self.ability_when(action) in ("ally", "scrap") else _(
                "Use: %(text)s") % {"text": line}
        return _("Use")

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
        when = self.ability_when(action)
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
        return _("upgrade with “%(text)s” + %(faction)s") % self.sticker(sticker_id)


def _choose_branches(design: dict) -> list | None:
    """Return the branches of the one "choose" effect (C13) in a card's printed abilities.

    None when the card has no such effect or more than one (then the engine's English summary
    of the options is shown rather than guessing which one is pending).
    """
    found = [effect["choose"] for ability in design.get("abilities", []) if isinstance(ability, dict)
             for effect in ability.get("do", []) if isinstance(effect, dict) and "choose" in effect]
    return found[0] if len(found) == 1 and isinstance(found[0], list) else None


def _stickers(pack_data: dict) -> tuple[dict[str, dict], dict[str, str]]:
    """Return {sticker id: sticker} of a legacy pack's sheets (`sheet:cost:kind`, L12) and
    {sticker id: the sheet's side}, whose faction the faction sticker adds (L16)."""
    found, sides = {}, {}
    for sheet in pack_data.get("sticker_sheets", []) or []:
        for row in sheet.get("rows", []):
            for kind in ("ship", "base"):
                if isinstance(row.get(kind), dict):
                    sticker_id = f"{sheet['id']}:{row['cost']}:{kind}"
                    found[sticker_id], sides[sticker_id] = row[kind], sheet.get("side", "")
    return found, sides


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
    "upgrade": gettext_lazy("%(who)s upgraded %(card)s: “%(text)s” + %(faction)s"),
    "use": gettext_lazy("%(who)s used the %(when)s ability of %(card)s"),
    "attack": gettext_lazy("%(who)s attacked %(whom)s for %(n)s"),
    "recycle": gettext_lazy("%(who)s took %(card)s from their discard pile into their hand"),
    "recycle_top": gettext_lazy("%(who)s put a card from their discard pile on top of their deck"),
    "copy": gettext_lazy("%(who)s's %(card)s copied %(other)s"),
    "to_hand": gettext_lazy("%(who)s put %(card)s into their hand"),
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
    "copy_base": gettext_lazy("Choose a base in play to copy until your turn ends"),
    "choose": gettext_lazy("Choose one"),
    "may": gettext_lazy("Do you use this ability?"),
    "destination": gettext_lazy("Where does the card you acquired go?"),
}
