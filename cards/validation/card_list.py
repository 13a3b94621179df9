"""The `cards` list: each card's stored fields, unique ids and the copies per role (C2, C4, L8)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from cards.validation.report import Part, card_label
from cards.validation.vocabulary import (
    CARD_TYPES,
    LEGACY_FACTIONS,
    PER_LEGACY_FACTION,
    ROLES,
    is_int,
)

Cards = list[tuple[int, dict[str, Any]]]  # the well-formed cards with their index in the list


class CardListCheck(Part):
    """Checks every card and counts the copies of the whole list."""

    def check_cards(self, kind: str | None) -> Cards:
        """Check each card's stored fields; return the well-formed (index, card) pairs."""
        cards = self.data.get("cards")
        if not isinstance(cards, list):
            self.add("cards", "must be a list of cards")
            return []
        good, seen = [], set()
        for i, card in enumerate(cards):
            label = card_label(i, card)
            if not isinstance(card, dict) or not isinstance(card.get("id"), str) or not card["id"]:
                self.add(label, "a card must be an object with a string id")
                continue
            if card["id"] in seen:
                self.add(f"{label}.id", "duplicate card id")
            seen.add(card["id"])
            if self.check_card(label, card, kind):
                good.append((i, card))
        return good

    def check_card(self, label: str, card: dict[str, Any], kind: str | None) -> bool:
        """Check the fields the catalogue stores; return whether the card can be counted."""
        before = self.report.found
        self.require_text(card, "name", label)
        if kind == "legacy" and not self.owner:
            self.require_text(card, "flavor", label)
        unread = card.get("unread", [])
        if not isinstance(unread, list) or not all(isinstance(u, str) for u in unread):
            self.add(f"{label}.unread", "must be a list of texts")
        if card.get("type") not in CARD_TYPES:
            self.add(f"{label}.type", f'must be "ship" or "base", got {card.get("type")!r}')
        if card.get("role") not in ROLES:
            self.add(f"{label}.role", f"unknown role {card.get('role')!r}")
        if card.get("cost") is not None and not is_int(card.get("cost")):
            self.add(f"{label}.cost", f"must be null or an integer >= 0, got {card.get('cost')!r}")
        if card.get("type") == "base" and not is_int(card.get("defense"), 1):
            self.add(f"{label}.defense", f"a base needs defense >= 1, got {card.get('defense')!r}")
        if not is_int(card.get("quantity"), 1):
            self.add(f"{label}.quantity", f"must be an integer >= 1, got {card.get('quantity')!r}")
        factions = card.get("factions")
        if not isinstance(factions, list) or not all(isinstance(f, str) for f in factions):
            self.add(f"{label}.factions", "must be a list of faction ids")
        return self.report.found == before

    def check_counts(self, cards: Cards, wanted: dict[str, int]) -> None:
        """Compare the number of copies per role with the set's fixed counts."""
        copies: Counter[str] = Counter()
        for _, card in cards:
            copies[card["role"]] += card["quantity"]
        for role, count in wanted.items():
            if copies[role] != count:
                self.add("cards", f'needs {count} copies of role "{role}", found {copies[role]}')

    def check_deck(self, cards: Cards) -> None:
        """An exported deck (cards/export) holds any number of trade cards, but a standard game
        still needs scouts and vipers for the personal decks (C2)."""
        roles = {card["role"] for _, card in cards}
        for role in ("trade", "scout", "viper"):
            if role not in roles:
                self.add("cards", f'an exported deck needs cards of role "{role}"')

    def check_trade_factions(self, cards: Cards) -> None:
        """L8: 20 trade cards of each of the three factions, printed costs 1-8."""
        per_faction: Counter[str] = Counter()
        for i, card in cards:
            if card["role"] != "trade":
                continue
            label = card_label(i, card)
            if len(card["factions"]) != 1 or card["factions"][0] not in LEGACY_FACTIONS:
                self.add(f"{label}.factions",
                         "a trade card needs one of consortium, kingdom, scavengers")
            else:
                per_faction[card["factions"][0]] += card["quantity"]
            if not is_int(card.get("cost"), 1) or card["cost"] > 8:
                self.add(f"{label}.cost", f"a trade card costs 1 to 8, got {card.get('cost')!r}")
        for faction in LEGACY_FACTIONS:
            if per_faction[faction] != PER_LEGACY_FACTION:
                self.add("cards", f"needs {PER_LEGACY_FACTION} trade cards of {faction}, "
                                  f"found {per_faction[faction]}")
