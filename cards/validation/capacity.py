"""L25: room on the trade cards for every sticker row of all the sheets."""
from __future__ import annotations

from collections import Counter
from typing import Any

from cards.validation.vocabulary import is_int


def upgrade_capacity_problems(sheets: list[Any],
                               cards: list[tuple[int, dict[str, Any]]]) -> list[tuple[str, str]]:
    """L25: both sides end the campaign with every row of their sheets used, one sticker per row
    (L14) on its own trade copy (L12) of the row's printed cost and type (L13). Return (path,
    message) for each cost at which that is impossible.

    This is a maximum bipartite matching rows -> copies. Edges only join a row to copies of its
    cost, so the matching splits by cost; within one cost, rows with only a ship (base) sticker
    take ships (bases) first and rows with both take what is left, which is optimal. The path
    names the row of that cost on the LAST-opened sheet, so the owners' editor hides the problem
    behind that envelope while it is sealed (the counts span every sheet).
    """
    rows: Counter[tuple[int, bool, bool]] = Counter()
    where: dict[int, tuple[int, str]] = {}  # cost -> (scenario, path) of its last-opened row
    for i, sheet in enumerate(sheets):
        sheet_rows = sheet.get("rows") if isinstance(sheet, dict) else None
        scenario = sheet.get("scenario") if isinstance(sheet, dict) else None
        opened = scenario if is_int(scenario) else 0
        for j, row in enumerate(sheet_rows if isinstance(sheet_rows, list) else []):
            if isinstance(row, dict) and is_int(row.get("cost"), 1):
                cost = row["cost"]
                kinds = (isinstance(row.get("ship"), dict), isinstance(row.get("base"), dict))
                rows[(cost, *kinds)] += 1
                if cost not in where or opened >= where[cost][0]:
                    label = f'sticker_sheets[{i}] "{sheet.get("id")}"'
                    where[cost] = (opened, f"{label}.rows[{j}].cost")
    copies: Counter[tuple[Any, Any]] = Counter()
    for _, card in cards:
        if card["role"] == "trade":
            copies[card.get("cost"), card.get("type")] += card["quantity"]
    problems = []
    for cost in sorted(where):
        ships, bases = copies[cost, "ship"], copies[cost, "base"]
        ship_only, base_only, both = (rows[cost, True, False], rows[cost, False, True],
                                      rows[cost, True, True])
        spare = ships - min(ship_only, ships) + bases - min(base_only, bases)
        matched = min(ship_only, ships) + min(base_only, bases) + min(both, spare)
        wanted = ship_only + base_only + both
        if matched < wanted:
            problems.append((where[cost][1], (
                f"sticker rows of cost {cost}: {wanted}, but only "
                f"{ships + bases} trade copies cost {cost} ({ships} ships, {bases} bases), so not "
                "every row can be used on its own card (L12-L14, L25)")))
    return problems
