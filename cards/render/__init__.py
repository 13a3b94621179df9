"""The card renderer: Pillow-drawn faces and backs, cached on disk under settings.CARD_CACHE_DIR.

    face = face_of(pack.data, "kingdom-lancer", sticker_id="empire-1:3:ship", copy_number=2)
    face_png(face, "ru", "print")   # Path of a 744x1039 PNG, drawn once
"""
from __future__ import annotations

from cards.render.cache import (
    RENDERER_VERSION,
    back_cache_key,
    back_png,
    face_cache_key,
    face_png,
    render_back,
    render_image,
)
from cards.render.draw import DECK_KINDS, SIZES
from cards.render.face import CardFace, StickerFace, face_from_design, face_of

__all__ = [
    "DECK_KINDS", "RENDERER_VERSION", "SIZES", "CardFace", "StickerFace", "back_cache_key",
    "back_png", "face_cache_key", "face_from_design", "face_of", "face_png", "render_back",
    "render_image",
]
