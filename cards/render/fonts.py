"""DejaVu fonts from Debian's fonts-dejavu-core, loaded once per size."""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(os.environ.get("STARLEDGER_FONT_DIR", "/usr/share/fonts/truetype/dejavu"))
FILES = {"sans": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "serif": "DejaVuSerif.ttf"}


class FontMissingError(RuntimeError):
    """The card fonts are not installed."""


# One FreeTypeFont per (kind, size) for the whole process: loading one costs about a millisecond.
# FreeType faces are single-threaded, but Pillow calls them holding the GIL, so sharing is safe here.
@lru_cache(maxsize=512)
def font(kind: str, size: int) -> ImageFont.FreeTypeFont:
    """Return the DejaVu font `kind` ("sans", "bold", "serif") at `size` pixels."""
    path = FONT_DIR / FILES[kind]
    if not path.is_file():
        raise FontMissingError(
            f"The card renderer needs the DejaVu fonts, but {path} is missing. Install Debian's "
            "fonts-dejavu-core (apt-get install fonts-dejavu-core) or point STARLEDGER_FONT_DIR "
            "at a folder holding DejaVuSans.ttf, DejaVuSans-Bold.ttf and DejaVuSerif.ttf.")
    return ImageFont.truetype(str(path), size)
