"""Read a legacy content pack (the dict in ``ContentPack.data``) for the campaign tracker.

Everything the tracker knows about cards, sheets, scenarios and VP cards goes through
:class:`PackContent`, so a change to the pack format (docs/content-format.md) touches this module
only. It imports nothing from Django, so the state derivation that uses it stays pure.
"""
from __future__ import annotations

from functools import cached_property

from cards.language import pack_text
from play.engine import SIDES, StickerRef

SCENARIO_COUNT = 12
UPGRADES_PER_SIDE = 20  # L18/L25: four sheets of five rows


class ContentError(ValueError):
    """The pack cannot run a campaign (not a legacy pack, or a reference it does not hold)."""


class PackContent:
    """The campaign's view of one legacy content pack."""

    def __init__(self, data: dict) -> None:
        if not isinstance(data, dict) or data.get("pack", {}).get("kind") != "legacy":
            raise ContentError("a campaign needs a legacy content pack")
        self.data = data

    # -- cards and copies ------------------------------------------------------------------

    @cached_property
    def cards(self) -> dict[str, dict]:
        return {card["id"]: card for card in self.data.get("cards", [])}

    def _copies(self, role: str) -> list[str]:
        return [
            f"{card['id']}#{n}"
            for card in self.data.get("cards", [])
            if card.get("role") == role
            for n in range(1, int(card.get("quantity", 1)) + 1)
        ]

    @cached_property
    def trade_copies(self) -> list[str]:
        """Copy ids of the trade deck during the campaign (L8: 60 in the default pack)."""
        return self._copies("trade")

    @cached_property
    def post_campaign_copies(self) -> list[str]:
        """Copy ids of the post-campaign pack (L26)."""
        return self._copies("post_campaign")

    @cached_property
    def _copy_set(self) -> frozenset[str]:
        return frozenset(self.trade_copies)

    def is_trade_copy(self, copy_id: str) -> bool:
        return copy_id in self._copy_set

    def card_of_copy(self, copy_id: str) -> dict:
        """Return the card design of a copy id like ``kingdom-lancer#2``."""
        card_id = str(copy_id).rsplit("#", 1)[0]
        if card_id not in self.cards:
            raise ContentError(f"no card {card_id!r} in this pack")
        return self.cards[card_id]

    # -- sides, sheets, stickers ------------------------------------------------------------

    @cached_property
    def side_ids(self) -> list[str]:
        return [side["id"] for side in self.data.get("sides", [])] or list(SIDES)

    def side_name(self, side_id: str, lang: str = "en") -> str:
        for side in self.data.get("sides", []):
            if side["id"] == side_id:
                return pack_text(side.get("name"), lang)
        return side_id

    @cached_property
    def sheets(self) -> dict[str, dict]:
        return {sheet["id"]: sheet for sheet in self.data.get("sticker_sheets", [])}

    def sheets_of_scenario(self, number: int) -> list[dict]:
        """Return the sheets that scenario ``number``'s envelope brings (L4a, L18)."""
        return [s for s in self.data.get("sticker_sheets", []) if s.get("scenario") == number]

    def sheet_of_scenario(self, number: int, side: str) -> dict | None:
        """Return the sheet of ``side`` in scenario ``number``'s envelope, if there is one."""
        for sheet in self.sheets_of_scenario(number):
            if sheet.get("side") == side:
                return sheet
        return None

    def sticker(self, sticker_id: str) -> tuple[StickerRef, dict, dict]:
        """Return (ref, sheet, sticker) for a sticker id; raise ContentError if it is unknown."""
        try:
            ref = StickerRef.parse(sticker_id)
        except ValueError as error:
            raise ContentError(str(error)) from None
        sheet = self.sheets.get(ref.sheet_id)
        if sheet is None:
            raise ContentError(f"no sticker sheet {ref.sheet_id!r} in this pack")
        for row in sheet.get("rows", []):
            if row.get("cost") == ref.cost and ref.kind in row:
                return ref, sheet, row[ref.kind]
        raise ContentError(f"sheet {ref.sheet_id!r} has no {ref.kind} sticker of cost {ref.cost}")

    # -- scenarios and VP cards -------------------------------------------------------------

    @cached_property
    def scenarios(self) -> dict[int, dict]:
        return {int(s["number"]): s for s in self.data.get("scenarios", [])}

    @property
    def scenario_count(self) -> int:
        return len(self.scenarios) or SCENARIO_COUNT

    def scenario(self, number: int) -> dict:
        if number not in self.scenarios:
            raise ContentError(f"no scenario {number} in this pack")
        return self.scenarios[number]

    def scenario_choices(self, number: int, side: str) -> list[dict]:
        """Return the choices the first player makes on ``side``'s side of the card (L6)."""
        return self.scenario(number).get("sides", {}).get(side, {}).get("choices", [])

    @cached_property
    def vp_cards(self) -> dict[str, dict]:
        return {vp["id"]: vp for vp in self.data.get("vp_cards", [])}

    def vp_cards_of_scenario(self, number: int) -> list[dict]:
        ids = self.scenario(number).get("vp_cards", [])
        return [self.vp_cards[i] for i in ids if i in self.vp_cards]

    def victory_vp_card(self, number: int) -> dict | None:
        """Return the VP card for winning scenario ``number`` (L5, L21)."""
        for vp in self.vp_cards_of_scenario(number):
            if vp.get("award") == "winner":
                return vp
        return None

    @property
    def winner_order(self) -> list[str]:
        """Return the campaign winner's tie-break keys (L22); the default is VP then wins."""
        rule = self.data.get("campaign_winner") or {}
        return list(rule.get("order") or ["vp", "scenario_wins", "winner_of_12"])
