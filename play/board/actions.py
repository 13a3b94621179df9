"""The moves a board offers: each legal action put on the card (or player) it names, labelled in
the active language, and the rest (End turn, Done, choices) for the dock.

A card whose only action is harmless (play, buy, use, destroy, choose) is played with one click;
a card with several actions, an upgrade to choose or a scrap ability (which removes the card:
never on a stray click) opens a small menu of its actions. Only a "choose one" option keeps the
engine's English summary of its effects when the card's printed text cannot name it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from play.board.cards import PackTexts, ShownCards
from play.board.prompts import Prompts
from play.board.seats import seat_name
from play.engine import Action, GameState, ability_of

KIND_ORDER = ("pick", "choose", "done", "play", "use", "buy", "destroy", "attack", "give", "end")
CARD_KINDS = ("play", "use", "buy", "destroy", "pick")  # shown on the card they name


class ActionMenu:
    """Labels the view's legal actions and attaches them to the shown cards and players."""

    def __init__(self, view: dict, state: GameState | None, texts: PackTexts, cards: ShownCards,
                 prompts: Prompts) -> None:
        self.view, self.state, self.texts, self.cards = view, state, texts, cards
        self.prompts = prompts

    def actions(self, legal: list[str], labels: dict[str, str]) -> list[dict[str, Any]]:
        """Return one entry per legal action, grouped: buys of one card share an entry whose
        `upgrades` list the sticker variants (a small form with a choice)."""
        entries: list[dict[str, Any]] = []
        buys: dict[int, dict[str, Any]] = {}
        for notation in legal:
            action = Action.parse(notation)
            if action.kind == "buy" and action.sticker and action.card in buys:
                buys[action.card]["upgrades"].append(
                    {"notation": notation, "label": self.texts.sticker_label(action.sticker)})
                continue
            entry = {"notation": notation, "kind": action.kind, "upgrades": [],
                     "label": self.label(action, labels.get(notation, notation))}
            if action.kind == "buy":
                buys[action.card] = entry
            entries.append(entry)
        return sorted(entries, key=lambda e: KIND_ORDER.index(e["kind"]))

    def attach(self, legal: list[str], labels: dict[str, str],
               players: list[dict]) -> dict[str, Any]:
        """Put each legal action on the card (or player) it names; return the rest for the dock."""
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
        for card in self.cards.shown:
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
            sticker = self.texts.sticker(action.sticker)
            extra = 3 if self.cards.design_of(action.card).get("type") == "base" else 2  # L11
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
        lines = self.cards.by_inst.get(action.card, {}).get("lines", [])
        if 0 <= action.index < len(lines):
            line = lines[action.index]
            return line if self.ability_when(action) in ("ally", "scrap") else _(
                "Use: %(text)s") % {"text": line}
        return _("Use")

    def label(self, action: Action, english: str) -> str:
        """Return an action's label in the active language ("Buy Cutter", "End turn")."""
        kind = action.kind
        card = self.cards.name_of(action.card)
        if kind == "play":
            return _("Play %(card)s") % {"card": card}
        if kind == "use":
            return self.use_label(action, card)
        if kind == "buy" and action.card < 0:
            return _("Buy an explorer (%(n)s)") % {"n": self.texts.explorer_cost(self.view)}
        if kind == "buy":  # the cost is on the card; a discount (next_acquire) may lower it
            return _("Buy %(card)s") % {"card": card}
        if kind in ("attack", "destroy"):
            return self.fight_label(action, card)
        if kind == "give":
            return _("Pass a card from your discard pile to %(name)s (1 trade)") % {
                "name": seat_name(self.view, action.index)}
        if kind == "pick":
            return _("Choose %(card)s") % {"card": card}
        if kind == "choose":
            return self.prompts.choice_label(action.index, english)
        return {"end": _("End turn"), "done": _("Done")}.get(kind, english)

    def fight_label(self, action: Action, card: str) -> str:
        """Return the label of an attack on a player or a base (all or part of the combat)."""
        amount = spent(action)
        if action.kind == "attack":
            target = seat_name(self.view, action.index)
            if amount:
                return _("Attack %(name)s with %(n)s combat") % {"name": target, "n": amount}
            return _("Attack %(name)s with all your combat") % {"name": target}
        if amount:
            return _("Deal %(n)s damage to %(card)s") % {"n": amount, "card": card}
        return _("Destroy %(card)s") % {"card": card}

    def use_label(self, action: Action, card: str) -> str:
        when = self.ability_when(action)
        if when == "ally":
            return _("Ally ability of %(card)s") % {"card": card}
        if when == "scrap":
            return _("Scrap %(card)s for its ability") % {"card": card}
        return _("Use %(card)s") % {"card": card}


def spent(action: Action) -> int | None:
    """Return the combat an `attack T N` / `destroy B N` action spends, or None for "all"."""
    words = action.notation.split()
    if action.kind in ("attack", "destroy") and len(words) == 3 and words[2].isdigit():
        return int(words[2])
    return None
