"""The twelve scenarios of a legacy campaign and their VP cards (L4-L6, L19, L21)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from cards.validation.report import Part
from cards.validation.vocabulary import AT_TABLE, SCENARIO_NUMBERS, SHEET_SCENARIOS, SIDES, is_int


class ScenarioCheck(Part):
    """Checks `vp_cards` and `scenarios`, and that each scenario's VP cards are its own."""

    def check_vp_cards(self) -> dict[str, dict[str, Any]]:
        """Return the well-formed VP cards by id, reporting the broken ones."""
        vps = self.data.get("vp_cards")
        if not isinstance(vps, list):
            self.add("vp_cards", "a legacy pack needs its VP cards")
            return {}
        found: dict[str, dict[str, Any]] = {}
        for i, vp in enumerate(vps):
            vp_id = vp.get("id") if isinstance(vp, dict) else None
            label = f'vp_cards[{i}] "{vp_id}"'
            if not isinstance(vp_id, str):
                self.add(f"vp_cards[{i}]", "a VP card must be an object with a string id")
                continue
            if vp_id in found:
                self.add(f"{label}.id", "duplicate VP card id")
            if not is_int(vp.get("scenario"), 1) or vp["scenario"] > 12:
                self.add(f"{label}.scenario", f"must be 1 to 12, got {vp.get('scenario')!r}")
            if not isinstance(vp.get("points"), int):
                self.add(f"{label}.points", f"must be an integer, got {vp.get('points')!r}")
            self.require_text(vp, "name", label)
            if vp.get("award") == AT_TABLE and not self.owner:
                self.add(f"{label}.award", "only an owner's own set may leave a VP card to the table")
            found[vp_id] = vp
        return found

    def check_scenarios(self, vp_cards: dict[str, dict[str, Any]]) -> None:
        """L4-L6, L21: 12 scenarios numbered 1..12, each with exactly one winner VP card."""
        scenarios = self.data.get("scenarios")
        if not isinstance(scenarios, list):
            self.add("scenarios", "a legacy pack needs its 12 scenarios")
            return
        numbers = [s.get("number") if isinstance(s, dict) else None for s in scenarios]
        for number, count in Counter(map(str, numbers)).items():
            if count > 1:
                self.add("scenarios", f"scenario number {number} appears {count} times")
        if sorted(n for n in numbers if is_int(n)) != list(SCENARIO_NUMBERS):
            self.add("scenarios", f"needs the scenarios 1 to 12 once each, got {numbers}")
        for i, scenario in enumerate(scenarios):
            if isinstance(scenario, dict):
                self.check_scenario(f"scenarios[{i}] #{scenario.get('number')}", scenario, vp_cards)
            else:
                self.add(f"scenarios[{i}]", "a scenario must be an object")

    def check_scenario(self, label: str, scenario: dict[str, Any],
                       vp_cards: dict[str, dict[str, Any]]) -> None:
        """Check one scenario's texts, sides, political victory (L19) and VP cards (L21)."""
        self.require_text(scenario, "title", label)
        self.require_text(scenario, "story", label)
        sides = scenario.get("sides")
        if not isinstance(sides, dict) or sorted(sides) != sorted(SIDES):
            self.add(f"{label}.sides", "needs the two sides empire and federation (L6)")
        number = scenario.get("number")
        if is_int(number) and scenario.get("political_victory") != (number in SHEET_SCENARIOS):
            self.add(f"{label}.political_victory", "must be true in scenarios 1-4 only (L19)")
        ids = scenario.get("vp_cards")
        if not isinstance(ids, list):
            self.add(f"{label}.vp_cards", "must be a list of VP card ids")
            return
        for j, vp_id in enumerate(ids):
            if not isinstance(vp_id, str) or vp_id not in vp_cards:
                self.add(f"{label}.vp_cards[{j}]", f"unknown VP card {vp_id!r}")
            elif vp_cards[vp_id].get("scenario") != number:
                self.add(f"{label}.vp_cards[{j}]", f"VP card {vp_id!r} belongs to scenario "
                                                   f"{vp_cards[vp_id].get('scenario')!r}")
        winners = [v for v in ids
                   if isinstance(v, str) and v in vp_cards and vp_cards[v].get("award") == "winner"]
        if len(winners) != 1:
            self.add(f"{label}.vp_cards",
                     f'needs exactly one "winner" VP card (L21), found {len(winners)}')
