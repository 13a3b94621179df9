"""The sticker sheets of a legacy campaign: four per side, five rows each (L13, L18, L25)."""
from __future__ import annotations

from typing import Any

from cards.validation.capacity import upgrade_capacity_problems
from cards.validation.card_list import Cards
from cards.validation.report import Part
from cards.validation.vocabulary import CARD_TYPES, SHEET_ROWS, SHEET_SCENARIOS, SIDES, is_int


class SheetCheck(Part):
    """Checks `sticker_sheets`, each sheet's rows and the room for them on the trade cards."""

    def check_sheets(self, cards: Cards) -> None:
        """L13, L18: four sheets per side from scenarios 1-4, five rows of matching costs."""
        sheets = self.data.get("sticker_sheets")
        if not isinstance(sheets, list):
            self.add("sticker_sheets", "a legacy pack needs its sticker sheets")
            return
        costs = {t: {c["cost"] for _, c in cards if c["role"] == "trade" and c["type"] == t}
                 for t in CARD_TYPES}
        scenarios: dict[str, list[Any]] = {side: [] for side in SIDES}
        seen: set[str] = set()
        for i, sheet in enumerate(sheets):
            label = f'sticker_sheets[{i}] "{sheet.get("id") if isinstance(sheet, dict) else None}"'
            if not isinstance(sheet, dict) or not isinstance(sheet.get("id"), str):
                self.add(f"sticker_sheets[{i}]", "a sheet must be an object with a string id")
                continue
            if sheet["id"] in seen:
                self.add(f"{label}.id", "duplicate sheet id")
            seen.add(sheet["id"])
            if sheet.get("side") not in SIDES:
                self.add(f"{label}.side",
                         f"must be empire or federation, got {sheet.get('side')!r}")
            else:
                scenarios[sheet["side"]].append(sheet.get("scenario"))
            self.check_sheet(label, sheet, costs)
        for side, numbers in scenarios.items():
            if sorted(numbers, key=str) != list(SHEET_SCENARIOS):
                self.add("sticker_sheets", f"{side} needs one sheet for each scenario 1-4, "
                                           f"found scenarios {numbers}")
        for path, message in upgrade_capacity_problems(sheets, cards):
            self.add(path, message)

    def check_sheet(self, label: str, sheet: dict[str, Any], costs: dict[str, set[int]]) -> None:
        """Check one sheet's name and its five rows of different costs."""
        self.require_text(sheet, "name", label)
        rows = sheet.get("rows")
        if not isinstance(rows, list) or len(rows) != SHEET_ROWS:
            self.add(f"{label}.rows", f"needs {SHEET_ROWS} rows (L13)")
            return
        row_costs = [row.get("cost") if isinstance(row, dict) else None for row in rows]
        if len(set(map(str, row_costs))) != len(row_costs):
            self.add(f"{label}.rows", f"the five rows need different costs, got {row_costs}")
        for j, row in enumerate(rows):
            self.check_row(f"{label}.rows[{j}]", row, costs)

    def check_row(self, label: str, row: Any, costs: dict[str, set[int]]) -> None:
        """Check one row's cost and its two stickers, which must fit some trade card (L13)."""
        if not isinstance(row, dict) or not is_int(row.get("cost"), 1):
            self.add(f"{label}.cost", "a row needs an integer cost >= 1")
            return
        for kind in CARD_TYPES:
            sticker = row.get(kind)
            if not isinstance(sticker, dict) or not isinstance(sticker.get("abilities"), list):
                self.add(f"{label}.{kind}", f"missing the {kind} sticker (with abilities)")
            if row["cost"] not in costs[kind]:
                self.add(f"{label}.cost",
                         f"no trade {kind} costs {row['cost']}, "
                         f"so the {kind} sticker fits no card (L13)")
