"""The renderer's images for a deck's physical cards (cards.render does the drawing and caching)."""
from __future__ import annotations

from pathlib import Path

from cards.export.deck import Deck, DeckPart, PhysicalCard
from cards.render import CardFace, back_png, face_from_design, face_of, face_png


def card_face(deck: Deck, card: PhysicalCard) -> CardFace:
    """Return what one physical card shows: its design, sticker and copy number."""
    sticker_id = card.sticker.id if card.sticker else None
    if any(c.get("id") == card.card_id for c in deck.pack_data.get("cards", [])):
        return face_of(deck.pack_data, card.card_id, sticker_id=sticker_id,
                       copy_number=card.copy_number)
    return face_from_design(deck.pack_data, card.design, copy_number=card.copy_number)


def face_paths(deck: Deck, lang: str, size: str) -> list[tuple[DeckPart, Path]]:
    """Return (part, cached face PNG) for every physical card, drawing the missing ones."""
    return [(part, face_png(card_face(deck, card), lang, size)) for part, card in deck.cards]


def back_path(part: DeckPart, lang: str, size: str) -> Path:
    """Return the cached back PNG of a part's cards."""
    return back_png(part.back, lang, size)
