"""The two sides of a legacy campaign and their personal decks (L7)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from cards.validation.report import Part
from cards.validation.vocabulary import SIDES, STARTING_DECK, is_int


class SideCheck(Part):
    """Checks `sides`: exactly empire and federation, each with its starting deck."""

    def check_sides(self, by_id: dict[str, dict[str, Any]]) -> None:
        """L7: the two sides' personal decks: 8 scouts, 1 viper, 2 starting cards."""
        sides = self.data.get("sides")
        if not isinstance(sides, list):
            self.add("sides", "a legacy pack needs its two sides")
            return
        ids = [s.get("id") for s in sides if isinstance(s, dict)]
        if sorted(ids, key=repr) != sorted(SIDES):
            self.add("sides", f"needs exactly the sides empire and federation, got {ids}")
        for i, side in enumerate(sides):
            if isinstance(side, dict):
                self.check_personal_deck(f'sides[{i}] "{side.get("id")}"', side, by_id)

    def check_personal_deck(self, label: str, side: dict[str, Any],
                            by_id: dict[str, dict[str, Any]]) -> None:
        """Check one side's name and that its personal deck holds the L7 roles."""
        self.require_text(side, "name", label)
        deck = side.get("personal_deck")
        if not isinstance(deck, dict):
            self.add(f"{label}.personal_deck", "missing personal deck")
            return
        per_role: Counter[str] = Counter()
        for card_id, count in deck.items():
            if card_id not in by_id:
                self.add(f"{label}.personal_deck.{card_id}", "unknown card id")
            elif not is_int(count, 1):
                self.add(f"{label}.personal_deck.{card_id}", f"count must be >= 1, got {count!r}")
            else:
                per_role[by_id[card_id]["role"]] += count
        if dict(per_role) != STARTING_DECK:
            self.add(f"{label}.personal_deck",
                     "L7 needs 8 scouts, 1 viper and 2 starting cards (role starter), "
                     f"found {dict(per_role)}")
