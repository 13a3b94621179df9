"""The renderer's images for a deck's physical cards, plus the JPEG copies the exports embed.

cards.render draws and caches each face as a PNG. The PDF and the TTS sheets read a JPEG copy
of the 300 dpi face instead (quality 90, no chroma subsampling: text stays crisp in print),
cached beside it under ``CARD_CACHE_DIR/jpeg/``: fpdf2 embeds a JPEG file as it is, where a PNG
costs a decode and a recompression per image, and a JPEG decodes at half size for the TTS sheets
almost for free. A deck prints every copy number, so each physical card is its own image.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from django.conf import settings
from PIL import Image

from cards.export.deck import Deck, PhysicalCard
from cards.render import (
    CardFace,
    back_cache_key,
    back_png,
    face_cache_key,
    face_from_design,
    face_of,
    face_png,
)

JPEG_OPTIONS = {"quality": 90, "subsampling": 0}


def card_face(deck: Deck, card: PhysicalCard) -> CardFace:
    """Return what one physical card shows: its design, sticker and copy number."""
    sticker_id = card.sticker.id if card.sticker else None
    if any(c.get("id") == card.card_id for c in deck.pack_data.get("cards", [])):
        return face_of(deck.pack_data, card.card_id, sticker_id=sticker_id,
                       copy_number=card.copy_number)
    return face_from_design(deck.pack_data, card.design, copy_number=card.copy_number)


def face_jpeg(face: CardFace, lang: str) -> Path:
    """Return the cached 300 dpi JPEG of a face, made from the renderer's PNG if missing."""
    path = _jpeg_path(face_cache_key(face, lang, "print"))
    return path if path.is_file() else _convert(face_png(face, lang, "print"), path)


def back_jpeg(kind: str, lang: str) -> Path:
    """Return the cached 300 dpi JPEG of a card back ("trade" or "personal")."""
    path = _jpeg_path(back_cache_key(kind, lang, "print"))
    return path if path.is_file() else _convert(back_png(kind, lang, "print"), path)


def _jpeg_path(key: str) -> Path:
    return Path(settings.CARD_CACHE_DIR) / "jpeg" / key[:2] / f"{key}.jpg"


def _convert(png: Path, path: Path) -> Path:
    """Write the JPEG copy atomically (two exports may convert the same face at once)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".jpeg-", suffix=".jpg")
    try:
        with os.fdopen(handle, "wb") as out, Image.open(png) as image:
            image.convert("RGB").save(out, "JPEG", **JPEG_OPTIONS)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path
