"""A campaign's deck for the exports (cards/export): every physical copy, as the table holds it.

A running campaign exports its current trade deck (L8), with each upgraded copy carrying its
sticker (L12-L16); a finished one exports the post-campaign deck: that trade deck plus the
post-campaign pack (L25, L26). Both add the two sides' personal decks (L7, M8) and the explorers
(L8) as parts of their own, so the exported pack can start a standard game (C2, C4).

Spoilers: the pack data is cut down by ``visible_data`` to the envelopes this campaign opened,
so an unopened envelope's cards or stickers cannot reach any format.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from campaign.content import PackContent
from campaign.state import FINISHED, CampaignState
from cards.export.deck import (
    Deck,
    DeckPart,
    PhysicalCard,
    file_stem,
    sticker_of,
)
from cards.language import pack_text
from cards.visibility import visible_data

if TYPE_CHECKING:
    from campaign.models import Campaign

TRADE_DECK = {"en": "Trade deck", "ru": "Торговая колода"}
EXPLORERS = {"en": "Explorers", "ru": "Исследователи"}
TITLES = {
    "finished": {"en": "{name}: post-campaign deck", "ru": "{name}: колода после кампании"},
    "running": {"en": "{name}: trade deck", "ru": "{name}: торговая колода"},
}


def campaign_deck(campaign: Campaign) -> Deck:
    """Return the deck a campaign's players may export now (see the module docstring)."""
    return deck_of_state(campaign.pack.data, campaign.current_state, campaign.name,
                         fallback_stem=f"campaign-{campaign.pk}")


def deck_of_state(pack_data: dict[str, Any], state: CampaignState, name: str, *,
                  fallback_stem: str = "campaign") -> Deck:
    """Return the deck of a campaign in ``state`` played with ``pack_data``."""
    data = visible_data(pack_data, range(1, state.scenario + 1),
                        post_campaign=state.post_campaign_added)
    content = PackContent(data)
    numbers: dict[str, int] = {}
    parts = [DeckPart("trade", TRADE_DECK, "trade", _trade_cards(data, content, state))]
    parts += [_personal_part(content, side, numbers) for side in data.get("sides", [])]
    explorers = _copies(content, [c["id"] for c in data["cards"] if c.get("role") == "explorer"
                                  for _ in range(int(c.get("quantity", 1)))], numbers)
    if explorers:
        parts.append(DeckPart("explorers", EXPLORERS, "trade", explorers))
    kind = "finished" if state.phase == FINISHED else "running"
    title = {lang: pattern.format(name=name) for lang, pattern in TITLES[kind].items()}
    return Deck(pack_data=data, title=title, parts=tuple(parts),
                stem=file_stem(f"{name}-deck", f"{fallback_stem}-deck"))


def _trade_cards(data: dict[str, Any], content: PackContent,
                 state: CampaignState) -> tuple[PhysicalCard, ...]:
    """Return every copy of the trade deck (L26: post-campaign copies count as trade cards)."""
    cards = []
    for copy_id in state.trade_deck(content):
        design = content.card_of_copy(copy_id)
        upgrade = state.upgrades.get(copy_id)
        sticker = sticker_of(data, upgrade["sticker"], upgrade["side"]) if upgrade else None
        cards.append(PhysicalCard(design, "trade", int(copy_id.rsplit("#", 1)[1]), sticker))
    return tuple(cards)


def _personal_part(content: PackContent, side: dict[str, Any], numbers: dict[str, int]) -> DeckPart:
    """Return one side's personal deck (L7) as a part named after the side."""
    ids = [card_id for card_id, count in side.get("personal_deck", {}).items()
           for _ in range(int(count))]
    name = {lang: f"{label} {pack_text(side.get('name'), lang)}"
            for lang, label in (("en", "Personal deck:"), ("ru", "Личная колода:"))}
    return DeckPart(f"personal-{side['id']}", name, "personal", _copies(content, ids, numbers))


def _copies(content: PackContent, card_ids: list[str],
            numbers: dict[str, int]) -> tuple[PhysicalCard, ...]:
    """Return physical cards for ``card_ids``, numbering each design's copies across the deck."""
    cards = []
    for card_id in card_ids:
        design = content.cards[card_id]
        numbers[card_id] = numbers.get(card_id, 0) + 1
        cards.append(PhysicalCard(design, str(design.get("role")), numbers[card_id]))
    return tuple(cards)
