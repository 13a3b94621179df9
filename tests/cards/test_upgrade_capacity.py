"""L25: every sticker row of all eight sheets must fit its own trade copy at the end of a campaign."""
from __future__ import annotations

import json
from pathlib import Path

from cards.validation import upgrade_capacity_problems, validate_pack
from tests.cards.packs import find_card, legacy_pack

DEFAULT_PACK = Path(__file__).resolve().parents[2] / "fixtures" / "packs" / "legacy-default.json"


def _trade_cards(pack: dict) -> list[tuple[int, dict]]:
    return list(enumerate(pack["cards"]))


def test_l25_default_pack_can_use_all_forty_sticker_rows() -> None:
    """L25: the default pack has a trade copy for every row of both sides' four sheets."""
    pack = json.loads(DEFAULT_PACK.read_text(encoding="utf-8"))
    assert upgrade_capacity_problems(pack["sticker_sheets"], _trade_cards(pack)) == []


def test_l25_too_few_copies_of_a_row_cost_is_named() -> None:
    """L25: 8 rows of cost 6 but only 7 copies cost 6 -> the validator names cost 6 and both counts."""
    pack = legacy_pack()
    for faction in ("consortium", "kingdom"):  # 2 copies -> 1 each; keep 20 cards per faction
        find_card(pack, f"{faction}-ship-6")["quantity"] = 1
        find_card(pack, f"{faction}-ship-1")["quantity"] = 3
    messages = [str(p) for p in validate_pack(pack, filename="test.json")]
    # named on the last-opened sheet with a cost-6 row, so a sealed envelope hides it (spoilers)
    assert 'test.json: sticker_sheets[7] "federation-4".rows[4].cost: sticker rows of cost 6: 8, ' \
           "but only 7 trade copies cost 6" in " ".join(messages), messages
    assert not any("cost 5:" in m for m in messages)


def test_l13_row_with_only_a_ship_sticker_cannot_take_a_base_copy() -> None:
    """L13: a row missing its base sticker needs a ship copy; bases of its cost do not help."""
    ship_only = {"cost": 3, "ship": {"abilities": []}}
    sheets = [{"rows": [ship_only, ship_only]}]
    cards = [(0, {"role": "trade", "type": "ship", "cost": 3, "quantity": 1}),
             (1, {"role": "trade", "type": "base", "cost": 3, "quantity": 5})]
    assert upgrade_capacity_problems(sheets, cards) == [(
        'sticker_sheets[0] "None".rows[1].cost',
        ("sticker rows of cost 3: 2, but only 6 trade copies cost 3 (1 ships, 5 bases), so not "
         "every row can be used on its own card (L12-L14, L25)"))]


def test_l25_rows_with_both_stickers_share_ships_and_bases() -> None:
    """L25: flexible rows take whatever copies are left after the one-type rows took theirs."""
    both = {"cost": 4, "ship": {"abilities": []}, "base": {"abilities": []}}
    base_only = {"cost": 4, "base": {"abilities": []}}
    cards = [(0, {"role": "trade", "type": "ship", "cost": 4, "quantity": 2}),
             (1, {"role": "trade", "type": "base", "cost": 4, "quantity": 1}),
             (2, {"role": "post_campaign", "type": "base", "cost": 4, "quantity": 9})]
    assert upgrade_capacity_problems([{"rows": [both, both, base_only]}], cards) == []
    problems = upgrade_capacity_problems([{"rows": [both, both, base_only, both]}], cards)
    assert len(problems) == 1 and problems[0][1].startswith("sticker rows of cost 4: 4, but only 3")


def test_malformed_sheets_are_skipped_not_a_crash() -> None:
    """Bad input: sheets or rows of the wrong shape are other checks' business; no exception."""
    cards = [(0, {"role": "trade", "type": "ship", "cost": 2, "quantity": 1})]
    assert upgrade_capacity_problems([None, {"rows": 5}, {"rows": ["x", {"cost": "2"}]}],
                                     cards) == []
