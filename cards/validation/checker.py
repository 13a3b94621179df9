"""The structural checks of a whole pack, part by part, in the order their problems are listed."""
from __future__ import annotations

from cards.validation.card_list import CardListCheck, Cards
from cards.validation.header import HeaderCheck
from cards.validation.report import Part, Report
from cards.validation.scenarios import ScenarioCheck
from cards.validation.sheets import SheetCheck
from cards.validation.sides import SideCheck
from cards.validation.storable import StorableCheck
from cards.validation.vocabulary import CORE_COUNTS, LEGACY_COUNTS


class PackChecker(Part):
    """Runs each part's checks for the pack's kind (core set, exported deck, legacy campaign)."""

    def __init__(self, report: Report) -> None:
        super().__init__(report)
        self.cards = CardListCheck(report)

    def run(self) -> None:
        """Report every structural problem of the pack into the report."""
        if not StorableCheck(self.report).check_storable():
            return  # too deep to walk safely: the other checks recurse
        header = HeaderCheck(self.report)
        kind = header.check_header()
        header.check_texts()
        cards = self.cards.check_cards(kind)
        if kind == "core" and self.data["pack"].get("deck") is True:
            self.cards.check_deck(cards)
        elif kind == "core":
            self.cards.check_counts(cards, CORE_COUNTS)
        elif kind == "legacy":
            self.check_legacy(cards)

    def check_legacy(self, cards: Cards) -> None:
        """Check what a legacy campaign adds to a card list (L7, L8, L13, L18, L21, L22)."""
        self.cards.check_counts(cards, LEGACY_COUNTS)
        self.cards.check_trade_factions(cards)
        SideCheck(self.report).check_sides({card["id"]: card for _, card in cards})
        SheetCheck(self.report).check_sheets(cards)
        scenarios = ScenarioCheck(self.report)
        scenarios.check_scenarios(scenarios.check_vp_cards())
        winner = self.data.get("campaign_winner")
        if not isinstance(winner, dict) or not isinstance(winner.get("order"), list):
            self.add("campaign_winner", "missing the campaign winner rule (L22)")
        else:
            self.require_text(winner, "text", "campaign_winner")
