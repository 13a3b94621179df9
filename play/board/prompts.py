"""The decision a board asks for: its prompt in the active language, and its options' labels."""

from __future__ import annotations

from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from cards.text import ability_text
from play.board.cards import PackTexts, ShownCards
from play.board.phrases import PROMPTS
from play.board.seats import seat_name


class Prompts:
    """Phrases the view's pending decision (C10, C13, C23, M6, M7) for the seat that sees it."""

    def __init__(self, view: dict, texts: PackTexts, cards: ShownCards) -> None:
        self.view, self.texts, self.cards = view, texts, cards

    def pending(self, pending: dict | None) -> dict[str, Any] | None:
        """Return the decision with its prompt and the cards it offers, or None."""
        if pending is None:
            return None
        options = pending.get("options") or []
        cards = [self.cards.card(o) for o in options if "id" in o]
        return {**pending, "prompt": self.prompt(pending), "cards": cards}

    def prompt(self, pending: dict) -> str:
        """Return what the decision asks, after the name of the card that asks it (C10, C23).

        "Smuggler: choose one"; without a card, the bare sentence ("Choose one").
        """
        kind = pending["kind"]
        template = PROMPTS.get(kind)
        if template is None:  # a decision this site has no words for: the engine's English
            return pending["prompt"]
        asked = str(template % {"n": pending["max"] - pending["picked"],
                                "who": self.who(pending)})
        source = pending.get("source")
        if source and kind != "bequeath":
            return _("%(card)s: %(prompt)s") % {"card": self.texts.design_name(source),
                                               "prompt": asked}
        return capfirst(asked)

    def who(self, pending: dict) -> str:
        """Return the other player the decision is about: who receives a card, who made you."""
        if pending["kind"] in ("bequeath", "give"):
            recipient = pending.get("recipient")
            return (seat_name(self.view, recipient) if isinstance(recipient, int)
                    else _("a teammate"))
        return seat_name(self.view, self.view.get("active", pending["seat"]))

    def choice_label(self, index: int, english: str) -> str:
        """Return the label of option `index` of the pending decision (`english`: the engine's)."""
        pending = self.view["pending"] or {}
        if pending.get("kind") == "target":  # a "target opponent" effect: options are seats
            return seat_name(self.view, index)
        if pending.get("kind") == "may":
            return _("Yes") if index == 1 else _("No")
        if pending.get("kind") == "choose":
            branches = self.texts.choose_branches(pending.get("source") or "")
            if branches is not None and 0 <= index < len(branches):
                return ability_text({"when": "primary", "do": branches[index]}, self.texts.lang,
                                    self.texts.factions) or _("Nothing")
            return english
        places = {"discard pile": _("Discard pile"), "hand": _("Hand"),
                  "top of deck": _("Top of deck")}
        return places.get(english, english)
