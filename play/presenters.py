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
from django.utils.translation import gettext_lazy, ngettext

from cards.language import active_language, pack_text
from cards.templatetags.card_faces import alt_text, card_lines, sticker_lines
from cards.text import ability_text, faction_names
from common.caching import BoundedCache
from play import modes_web
from play.engine import Action, GameState, ability_of

if TYPE_CHECKING:
    from play.faces import MatchFaces


KIND_ORDER = ("pick", "choose", "done", "play", "use", "buy", "destroy", "attack", "give", "end")
CARD_KINDS = ("play", "use", "buy", "destroy", "pick")  # shown on the card they name
EXPLORER = -1  # the instance id of `buy explorer` (play.engine.actions.EXPLORER)
# Events of the previous turn shown in the "last turn" strip: what a player at the table notices.
LAST_TURN_KINDS = ("play", "acquire", "upgrade", "scrap", "destroy", "attack", "recycle", "copy",
                   "resign", "damage", "out", "gift", "give")
CARD_EVENTS = ("play", "discard", "scrap", "acquire", "upgrade", "destroy", "copy", "damage", "gift",
               "give")


# Card texts by the packs' checksums, language and printed face (`Board.texts`); bounded.
CARD_TEXTS: BoundedCache[tuple, tuple[str, tuple, tuple, str]] = BoundedCache(8192)


class Board:
    """Presents one seat's view; `context()` is the template's `board`."""

    def __init__(self, view: dict, pack_data: dict, state: GameState | None = None,
                 faces: MatchFaces | None = None, names: list[str] | None = None,
                 mode: str = "", waiting: bool = False) -> None:
        if waiting:  # nobody moves before every seat is taken: no actions to offer
            view = {**view, "legal": [], "labels": {}}
        self.view, self.state, self.faces, self.mode = _named(view, names), state, faces, mode
        self.waiting = waiting
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
        # The content every card text comes from, when it is known by checksum (see `texts`).
        self.content = (tuple(p.checksum for p in faces.packs)
                        if faces and all(p.checksum for p in faces.packs) else None)
        self.by_inst: dict[int, dict] = {}
        self.shown: list[dict] = []

    def context(self) -> dict[str, Any]:
        v = self.view
        me = v["seat"]
        players = [self.player(p) for p in v["players"]]
        log, previous_turn_log = self.log("log", "previous_turn_log")
        board = {
            "seat": me, "me": players[me], "others": [p for p in players if p["seat"] != me],
            "players": players, "turn": v["turn"],
            "my_decision": v["decider"] == me and v["outcome"] is None and not self.waiting,
            "waiting": self.waiting,
            "decider_name": players[v["decider"]]["name"] if v["decider"] is not None else "",
            "hand": [self.card(c) for c in v["hand"] or []],
            "trade_row": [self.card(c) if c else None for c in v["trade_row"]],
            "trade_deck_size": v["trade_deck_size"], "explorers": v["explorers"],
            "explorer": self.explorer(), "explorer_cost": self.explorer_cost(),
            "acquiring": [self.card(c) for c in v["acquiring"]],
            "scrap_heap": [self.card(c) for c in v["scrap_heap"]],
            "pending": self.pending(v["pending"]),
            "actions": self.actions(v["legal"], v["labels"]),
            "log": log, "previous_turn_log": previous_turn_log,
            "last_turn": self.last_turn(),
            "outcome": v["outcome"], "result_text": self.result_text(players),
            "multi": False, "team_pools": None,  # N-player parts (`table`); here so the
        }  # templates never look up a missing key, which costs Django an exception each time
        board["dock"] = self.attach(v["legal"], v["labels"], players)
        if len(players) > 2:
            board.update(self.table(players))
        if board["pending"]:
            in_hand = {c["id"] for c in board["hand"]}
            board["pending"]["extra_cards"] = [c for c in board["pending"]["cards"]
                                               if c["id"] not in in_hand]
        return board

    def table(self, players: list[dict]) -> dict[str, Any]:
        """Return the N-player parts (M2-M7): opponents, teammates, team pools, the targets.

        Each player gets its role ("Team A · Admiral"), whether it shares its team's authority,
        and whether it is the one deciding; targets are exactly the legal attacks.
        """
        v, me = self.view, self.view["seat"]
        mode = v.get("mode") or {}
        team_of = [p["team"] for p in players]
        for p in players:
            together = team_of.count(p["team"]) > 1
            p["role_text"] = self.role_text(p, len(players), together)
            p["shared"] = together and mode.get("shared_authority", True)
            p["deciding"] = p["seat"] == v["decider"] and v["outcome"] is None
            p["mate"] = p["team"] == team_of[me] and p["seat"] != me
        mates = [p for p in players if p["mate"]]
        return {
            "multi": True, "mates": mates,
            "opponents": [p for p in players if p["team"] != team_of[me]],
            "targets": self.targets(players), "team_pools": self.team_pools(team_of[me]),
            "mode_name": str(modes_web.BY_KEY[self.mode].name) if self.mode in modes_web.BY_KEY
            else "",
        }

    def role_text(self, player: dict, n: int, together: bool) -> str:
        """Return a player's team and role in the active language ("" in a free-for-all)."""
        if "role" not in player:  # an engine view without modes: the site's seat plan
            known = modes_web.BY_KEY.get(self.mode)
            return modes_web.role_label(self.mode, n, player["seat"]) if known and (
                n in known.counts) else ""
        parts = []
        if together and player["role"] not in ("boss", "raider") and 0 <= player["team"] < len(
                modes_web.TEAM_NAMES):
            parts.append(str(modes_web.TEAM_NAMES[player["team"]]))
        if player["role"] in modes_web.ROLE_NAMES:
            parts.append(str(modes_web.ROLE_NAMES[player["role"]]))
        return " · ".join(parts)

    def targets(self, players: list[dict]) -> dict[str, Any] | None:
        """Return the attack chooser: each legal target by name, and the combat to spend.

        An engine that reports the seat's reach (docs/modes.md) takes any amount (`attack T N`,
        C18); without it an attack spends all the combat.
        """
        options = []
        for notation in self.view["legal"]:
            action = Action.parse(notation)
            if action.kind == "attack" and _amount(action) is None:
                target = players[action.index]
                options.append({"notation": notation, "name": target["name"],
                                "authority": target["authority"],
                                "role": target.get("role_text", "")})
        if not options:
            return None
        reach = self.view.get("reach") or {}
        combat = reach.get("combat", players[self.view["seat"]]["combat"])
        return {"options": options, "combat": combat, "amounts": "reach" in self.view}

    def team_pools(self, team: int) -> dict[str, int] | None:
        """Return the team's trade and combat where teammates pool them (M5), else None."""
        mode = self.view.get("mode") or {}
        if not mode.get("pooling"):
            return None
        entry = next((t for t in mode.get("teams", []) if t.get("team") == team), None)
        return {"trade": entry["trade"], "combat": entry["combat"]} if entry else None

    def result_text(self, players: list[dict]) -> str:
        """Return "Alice wins (authority)" in the active language, or "" while the game goes on."""
        outcome = self.view["outcome"]
        if outcome is None:
            return ""
        if outcome["winner"] is None:
            return _("Nobody won.")
        reason = str(_REASONS.get(outcome["reason"], outcome["reason"]))
        team = outcome.get("winning_team")
        winners = [p["name"] for p in players if team is not None and p["team"] == team]
        if len(winners) > 1:  # a team wins together (M5-M7)
            return _("%(names)s win (%(reason)s).") % {"names": ", ".join(winners),
                                                        "reason": reason}
        return _("%(name)s wins (%(reason)s).") % {
            "name": players[outcome["winner"]]["name"], "reason": reason}

    # -- cards --------------------------------------------------------------------------------

    def card(self, face: dict) -> dict[str, Any]:
        """Return one card with its localized name, texts, picture and (later) its actions."""
        upgrade = face.get("upgrade")
        sticker_id = upgrade["sticker"] if upgrade else None
        name, lines, faction_names, alt = self.texts(face, sticker_id)
        shown = {"upgrade": None, "damage": 0,  # every key the templates read (see `context`)
                 **face, "name": name, "lines": list(lines), "actions": [], "click": None,
                 "faction_names": list(faction_names), "alt": alt}
        if "damage" in face:  # a base in play: what an attacker must still deal (C19)
            shown["remaining"] = max(0, (face.get("defense") or 0) - face["damage"])
        shown["face_url"] = self.faces.url(face["card"], sticker_id) if self.faces else ""
        self.by_inst[face["id"]] = shown
        self.shown.append(shown)
        return shown

    def texts(self, face: dict, sticker_id: str | None) -> tuple[str, tuple, tuple, str]:
        """Return a card's name, lines, faction names and alt text in the active language.

        They depend only on the packs' content and the face's printed values, so they are kept
        per process for the packs' checksums (`self.content`): a board shows the same few dozen
        cards again on every move, and writing their texts was most of presenting it.
        """
        key = (self.content, self.lang, face["card"], sticker_id, bool(face.get("upgrade")),
               str(face.get("name")), face.get("type"), face.get("outpost"), face.get("defense"),
               face.get("cost"), tuple(face.get("factions", ())))
        if self.content is None:  # no pack checksums to key the texts by: write them anew
            return self._texts(face, sticker_id)
        return CARD_TEXTS.get_or_make(key, lambda: self._texts(face, sticker_id))

    def _texts(self, face: dict, sticker_id: str | None) -> tuple[str, tuple, tuple, str]:
        card = {**face, "name": self.name(face),
                "lines": self.ability_lines(self.cards.get(face["card"], {}), sticker_id),
                "faction_names": [self.factions.get(f, f) for f in face.get("factions", [])]}
        return card["name"], tuple(card["lines"]), tuple(card["faction_names"]), self.alt(card)

    def alt(self, card: dict) -> str:
        """Return a picture's alt text: the card's name, kind, cost, factions and every line."""
        return alt_text(card["name"], card, card["faction_names"], card["lines"],
                        bool(card.get("upgrade")))

    def name(self, face: dict) -> str:
        return pack_text(face.get("name"), self.lang) or face["card"]

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
                          "type": design.get("type"), "cost": self.explorer_cost(),
                          "factions": list(design.get("factions", []))})

    def explorer_cost(self) -> int | None:
        """Return what an explorer costs in this game: a scenario may change it (L6)."""
        rules = self.view.get("rules") or {}
        if rules.get("explorer_cost") is not None:
            return rules["explorer_cost"]
        design = next((d for d in self.cards.values() if d.get("role") == "explorer"), {})
        return design.get("cost")

    def player(self, data: dict) -> dict[str, Any]:
        # a defeated player's authority may be below 0 (C26): shown as 0, and out of the game
        out = not data.get("alive", True) or data["authority"] <= 0
        return {"role_text": "", **data,
                "name": data["name"] or _("Player %(n)s") % {"n": data["seat"] + 1},
                "authority": max(0, data["authority"]), "out": out,
                "discard": [self.card(c) for c in data["discard"]],
                "in_play": [self.card(c) for c in data["in_play"]],
                "bases": [self.card(c) for c in data["bases"]], "attack": None,
                # a fellow raider's hand (M7): only what the view shows this seat
                "shown_hand": [self.card(c) for c in data.get("hand") or []]
                if data["seat"] != self.view["seat"] else []}

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
        if kind == "damage":  # partial damage on a base (C18, C19, M7)
            values.update(card=self.design_name(event[2]), whose=self.seat_name(event[3]),
                          n=event[4])
        if kind in ("gift", "give"):  # an eliminated player's bequest (M6, M7) or M6 passing
            values.update(card=self.design_name(event[2]), whom=self.seat_name(event[3]))
        if kind == "scrapped_all":
            values["n"] = event[2]
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
        return pack_text(design.get("name"), self.lang) or card_id

    # -- decisions and actions ------------------------------------------------------------------

    def pending(self, pending: dict | None) -> dict[str, Any] | None:
        if pending is None:
            return None
        options = pending.get("options") or []
        cards = [self.card(o) for o in options if "id" in o]
        prompt = str(_PROMPTS.get(pending["kind"], pending["prompt"])) % {
            "n": pending["max"] - pending["picked"]}
        if pending["kind"] == "bequeath" and isinstance(pending.get("recipient"), int):
            prompt = _("You are out: choose a card to hand on to %(name)s") % {
                "name": self.seat_name(pending["recipient"])}
        return {**pending, "prompt": prompt, "cards": cards}

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
        dock: dict[str, Any] = {"end": None, "done": None, "choices": [], "attacks": [],
                                "gives": []}
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
            elif action.kind == "give":
                dock["gives"].append(entry)
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
            return _("Buy an explorer (%(n)s)") % {"n": self.explorer_cost()}
        if kind == "buy":  # the cost is on the card; a discount (next_acquire) may lower it
            return _("Buy %(card)s") % {"card": card}
        amount = _amount(action)
        if kind == "attack":
            target = self.seat_name(action.index)
            if amount:
                return _("Attack %(name)s with %(n)s combat") % {"name": target, "n": amount}
            return _("Attack %(name)s with all your combat") % {"name": target}
        if kind == "destroy" and amount:
            return _("Deal %(n)s damage to %(card)s") % {"n": amount, "card": card}
        if kind == "destroy":
            return _("Destroy %(card)s") % {"card": card}
        if kind == "give":
            return _("Pass a card from your discard pile to %(name)s (1 trade)") % {
                "name": self.seat_name(action.index)}
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
        if pending.get("kind") == "target":  # a "target opponent" effect: options are seats
            return self.seat_name(index)
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


def _amount(action: Action) -> int | None:
    """Return the combat an `attack T N` / `destroy B N` action spends, or None for "all"."""
    words = action.notation.split()
    if action.kind in ("attack", "destroy") and len(words) == 3 and words[2].isdigit():
        return int(words[2])
    return None


def _named(view: dict, names: list[str] | None) -> dict:
    """Return the view with the seats' current names (a guest's seat takes the joiner's name)."""
    if not names:
        return view
    players = [{**p, "name": names[p["seat"]] or p["name"]} if p["seat"] < len(names) else p
               for p in view["players"]]
    return {**view, "players": players}


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
    "damage": gettext_lazy("%(who)s dealt %(n)s damage to %(card)s of %(whose)s"),
    "out": gettext_lazy("%(who)s is out of the game"),
    "scrapped_all": gettext_lazy("The remaining %(n)s card(s) of %(who)s were scrapped"),
    "gift": gettext_lazy("%(who)s handed %(card)s on to %(whom)s"),
    "give": gettext_lazy("%(who)s passed %(card)s to %(whom)s"),
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
    "target": gettext_lazy("Choose the opponent this ability targets"),
    "bequeath": gettext_lazy("You are out: choose a card to hand on to a teammate"),
    "give": gettext_lazy("Choose a card of your discard pile to pass on (1 trade)"),
}


# -- the scenario panel of a campaign match (L6, L19, L21) -------------------------------------------

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
                    standings.append({"name": _player_name(player), "have": sum(have),
                                      "need": sum(need),
                                      "close": sum(have) >= CLOSE_SHARE * sum(need)})
        goals.append({"name": pack_text(vp.get("name"), lang) or _("a VP card"),
                      "text": pack_text(vp.get("text"), lang), "points": vp.get("points"),
                      "points_text": _points_text(vp.get("points")),
                      "holder": _player_name(players[holder]) if holder is not None else "",
                      "standings": standings})
    return goals


def _points_text(points: int | None) -> str:
    return "" if points is None else ngettext("%(n)s VP", "%(n)s VP", points) % {"n": points}


def _player_name(player: dict) -> str:
    return player["name"] or _("Player %(n)s") % {"n": player["seat"] + 1}


def _political(content: Any, number: int, players: list[dict]) -> list[dict[str, Any]]:
    """Return each side's stickers used of this scenario's sheet (L19), earlier games included."""
    found = []
    for player in players:
        progress = player.get("political")
        if not progress:
            continue
        sheet = content.sheet_of_scenario(number, player.get("side"))
        found.append({"name": _player_name(player), "side": _side(content, player.get("side")),
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
        seat, name = player["seat"], _player_name(player)
        start = (rules.get("starting_authority") or [])[seat:seat + 1]
        if start and start[0] != setup.get("starting_authority", 50):
            lines.append(_("%(name)s started with %(n)s authority.") % {"name": name, "n": start[0]})
        hand = (rules.get("hand_size") or [])[seat:seat + 1]
        if hand and hand[0] != setup.get("draw_size", 5):
            lines.append(_("%(name)s draws %(n)s cards at the end of a turn.") % {
                "name": name, "n": hand[0]})
    return lines
