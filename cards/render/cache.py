"""Card images on disk: drawn once per (face, language, size, renderer version).

Files live under settings.CARD_CACHE_DIR as `<key[:2]>/<key>.png`; the key is also the HTTP ETag.
Two workers may draw the same card at the same moment: each writes a temporary file and renames
it into place (`os.replace` is atomic), so a reader never sees half a PNG.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from django.conf import settings
from PIL import Image

from cards.render.draw import DECK_KINDS, SIZES, at_size, draw_back, draw_face
from cards.render.face import LANGS, CardFace

# Bump when a change to the drawing should replace every cached image.
RENDERER_VERSION = "2"
# A face's words come from cards/phrases.py and cards/text.py: a new wording there (a Russian
# phrase made clearer) changes the key, so no cached face keeps the old text.
WORDING = hashlib.sha256(b"".join(
    (Path(__file__).resolve().parents[1] / name).read_bytes()
    for name in ("phrases.py", "text.py"))).hexdigest()[:16]
# The fastest deflate level: flat colours compress well anyway, and encoding is most of a cold draw.
PNG_OPTIONS = {"optimize": False, "compress_level": 1}


def _check(lang: str, size: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}")
    if size not in SIZES:
        raise ValueError(f"unknown card size {size!r}")


def _key(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8"))
        digest.update(b"\x00")
    return digest.hexdigest()


def face_cache_key(face: CardFace, lang: str, size: str) -> str:
    """Return the hex key of a face's image: its data, stickers, language, size, the
    renderer's version and the wording's."""
    _check(lang, size)
    return _key("face", face.canonical(), lang, size, RENDERER_VERSION, WORDING)


def back_cache_key(kind: str, lang: str, size: str) -> str:
    """Return the hex key of a card back's image."""
    _check(lang, size)
    if kind not in DECK_KINDS:
        raise KeyError(f"no card back {kind!r}")
    return _key("back", kind, lang, size, RENDERER_VERSION)


def cache_dir() -> Path:
    return Path(settings.CARD_CACHE_DIR)


def cached_path(key: str) -> Path:
    return cache_dir() / key[:2] / f"{key}.png"


def render_image(face: CardFace, lang: str, size: str = "web") -> Image.Image:
    """Draw a face at `size` (no cache)."""
    _check(lang, size)
    return at_size(draw_face(face, lang), size)


def render_back(kind: str, lang: str, size: str = "web") -> Image.Image:
    """Draw a card back at `size` (no cache)."""
    _check(lang, size)
    return at_size(draw_back(kind, lang), size)


def _store(path: Path, image: Image.Image) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".draw-", suffix=".png")
    try:
        with os.fdopen(handle, "wb") as out:
            image.save(out, "PNG", **PNG_OPTIONS)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def face_png(face: CardFace, lang: str, size: str = "web") -> Path:
    """Return the path of the face's cached PNG, drawing it first if it is not there yet."""
    path = cached_path(face_cache_key(face, lang, size))
    if path.is_file():
        return path
    return _store(path, render_image(face, lang, size))


def back_png(kind: str, lang: str, size: str = "web") -> Path:
    """Return the path of a cached card back ("trade" or "personal")."""
    path = cached_path(back_cache_key(kind, lang, size))
    if path.is_file():
        return path
    return _store(path, render_back(kind, lang, size))
