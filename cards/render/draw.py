"""Draw card faces and backs with Pillow, laid out like a Star Realms card with our own shapes.

Everything is laid out and drawn at print size (63x88 mm at 300 dpi, 744x1039 px); the web size
is the same drawing reduced, so both sizes show the same card. Coordinates below are print pixels.

The layout of a card never depends on its stickers: a legacy card that can be upgraded keeps an
empty slot for the ability sticker under its primary ability and a place for the faction sticker,
and its on-buy line sits at the bottom of the text area. An upgraded copy therefore differs from
the plain copy only inside those regions, which `Drawn.sticker_regions` reports.
"""
from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from cards.language import pack_text
from cards.render.face import CardFace, StickerFace
from cards.render.fonts import font
from cards.render.style import RGB, draw_emblem, faction_style, regular, star
from cards.text import ability_text

Box = tuple[int, int, int, int]

W, H = 744, 1039
SIZES: dict[str, tuple[int, int]] = {"print": (W, H), "web": ((W + 1) // 2, (H + 1) // 2)}
DECK_KINDS = ("trade", "personal")

# Colours
FRAME: RGB = (14, 17, 24)
PANEL: RGB = (27, 34, 51)
STRIP: RGB = (16, 20, 31)
LIGHT: RGB = (236, 239, 244)
INK: RGB = (20, 24, 32)
PALE: RGB = (214, 220, 232)
MUTED: RGB = (150, 158, 176)
BLOCK: RGB = (40, 50, 74)
SLOT: RGB = (58, 70, 98)
COIN: RGB = (244, 201, 76)
COIN_EDGE: RGB = (128, 92, 18)
STICKER: RGB = (255, 244, 204)
SCRAP_RED: RGB = (214, 84, 72)

# Geometry (print pixels)
INSET = 22
BAND = (INSET, INSET, W - INSET, 150)
TYPE_STRIP = (INSET, 150, W - INSET, 198)
ART = (40, 206, 704, 440)
TEXT_LEFT, TEXT_RIGHT, TEXT_TOP = 40, 704, 456
TEXT_BOTTOM_SHIP, TEXT_BOTTOM_BASE = 948, 826
FOOTER = (40, 966, 704, 1004)
SHIELD = (590, 846, 704, 962)
FACTION_STICKER = (448, 154, 712, 244)
SLOT_HEIGHT = 124
SLOT_EXTRA = 70
GAP = 10
PAD = 12
ICON_COLUMN = 66
BODY_SIZES = range(38, 15, -1)
COMFORT = 5  # the first five body sizes (38 to 34) count as comfortable
PRIMARY_SCALE = 1.2
MIN_SIZE = 14

LABELS: dict[str, dict[str, str]] = {
    "en": {"ship": "Ship", "base": "Base", "outpost": "Outpost", "copy": "copy {n} of {q}",
           "copy_alone": "copy {n}", "trade": "Trade deck", "personal": "Personal deck",
           "title": "STARLEDGER"},
    "ru": {"ship": "Корабль", "base": "База", "outpost": "Аванпост", "copy": "экз. {n} из {q}",
           "copy_alone": "экз. {n}", "trade": "Торговая колода", "personal": "Личная колода",
           "title": "STARLEDGER"},
}

# Incremented on every drawing, so tests (and curious benchmarks) can tell a cache hit from a draw.
draw_count = 0


@dataclass(frozen=True)
class TextBox:
    """One text placed on a card: where (print pixels), what, at which size, and whether cut."""

    role: str
    box: Box
    lines: tuple[str, ...]
    font: str
    size: int
    cut: bool = False


@dataclass
class Drawn:
    """A drawn card with the layout facts tests check (all boxes in print pixels)."""

    image: Image.Image
    boxes: list[TextBox] = field(default_factory=list)
    sticker_regions: list[Box] = field(default_factory=list)


@dataclass
class Fitted:
    """Text wrapped to a width at one size."""

    lines: list[str]
    size: int
    font: str
    cut: bool = False

    @property
    def line_height(self) -> int:
        return line_height(self.size)

    @property
    def height(self) -> int:
        return len(self.lines) * self.line_height


def line_height(size: int) -> int:
    return math.ceil(size * 1.2)


def wrap(text: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """Break `text` into lines no wider than `width`; a word too long is split by characters."""
    return _wrap(text, face, width)[0]


def _wrap(text: str, face: ImageFont.FreeTypeFont, width: float) -> tuple[list[str], bool]:
    """Return (lines, whether some word had to be split) for `text` at `width`."""
    lines: list[str] = []
    split = False
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split():
            trial = f"{current} {word}" if current else word
            if face.getlength(trial) <= width:
                current = trial
                continue
            if current:
                lines.append(current)
            while face.getlength(word) > width and len(word) > 1:
                split = True
                cut = _longest_prefix(word, face, width)
                lines.append(word[:cut])
                word = word[cut:]
            current = word
        lines.append(current)
    return lines, split


def _longest_prefix(word: str, face: ImageFont.FreeTypeFont, width: float) -> int:
    """Return how many leading characters of `word` fit in `width` (at least one)."""
    low, high = 1, len(word) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if face.getlength(word[:middle]) <= width:
            low = middle
        else:
            high = middle - 1
    return low


def fit(text: str, width: float, height: float, sizes: Sequence[int], kind: str = "sans",
        max_lines: int | None = None) -> Fitted:
    """Return the largest size at which `text` fits; at the last size, cut it with an ellipsis."""
    for size in sizes:
        lines, split = _wrap(text, font(kind, size), width)
        if (len(lines) * line_height(size) <= height and not (split and size != sizes[-1])
                and (max_lines is None or len(lines) <= max_lines)):
            return Fitted(lines, size, kind)
    size = sizes[-1]
    face = font(kind, size)
    lines = wrap(text, face, width)
    keep = max(1, min(max_lines or len(lines), int(height // line_height(size))))
    kept = lines[:keep]
    last = kept[-1]
    while last and face.getlength(last + "…") > width:
        last = last[:-1]
    kept[-1] = last + "…"
    return Fitted(kept, size, kind, cut=True)


class Canvas:
    """An RGB image with the layout record; draws text and remembers where it went."""

    def __init__(self, background: RGB = FRAME) -> None:
        self.image = Image.new("RGB", (W, H), background)
        self.draw = ImageDraw.Draw(self.image)
        self.drawn = Drawn(self.image)

    def text(self, role: str, fitted: Fitted, left: float, top: float, *, fill: RGB,
             align: str = "left", width: float | None = None) -> None:
        """Draw fitted lines from (left, top); centre them in `width` when align is "center"."""
        face = font(fitted.font, fitted.size)
        widths = [face.getlength(line) for line in fitted.lines]
        box_width = width if width is not None else max(widths, default=0)
        for i, line in enumerate(fitted.lines):
            x = left + (box_width - widths[i]) / 2 if align == "center" else left
            self.draw.text((x, top + i * fitted.line_height), line, font=face, fill=fill)
        self.drawn.boxes.append(TextBox(
            role, (math.floor(left), math.floor(top), math.ceil(left + box_width),
                   math.ceil(top + fitted.height)),
            tuple(fitted.lines), fitted.font, fitted.size, fitted.cut))

    def rounded(self, box: Sequence[float], radius: float, fill: RGB | None = None,
                outline: RGB | None = None, width: int = 1) -> None:
        self.draw.rounded_rectangle(tuple(box), radius=radius, fill=fill, outline=outline,
                                    width=width)


# -- Faces -------------------------------------------------------------------------------------

@dataclass
class Block:
    """One ability line of the text area."""

    kind: str  # primary | ally | scrap | onbuy | static
    text: str
    faction: str | None = None
    fitted: Fitted | None = None

    @property
    def text_width(self) -> int:
        icon = ICON_COLUMN if self.kind in ("ally", "scrap", "onbuy") else 0
        return TEXT_RIGHT - TEXT_LEFT - 2 * PAD - icon

    def height(self) -> int:
        assert self.fitted is not None
        return self.fitted.height + 2 * PAD


def _is_light(colour: RGB) -> bool:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b > 150


def _labels(lang: str) -> dict[str, str]:
    return LABELS.get(lang, LABELS["en"])


def _blocks(design: dict[str, Any], lang: str, factions: dict[str, str]) -> list[Block]:
    """Return the printed abilities as blocks: primaries first (one block), on-buy last."""
    abilities = [a for a in design.get("abilities") or [] if isinstance(a, dict)]
    primaries = [ability_text(a, lang, factions) for a in abilities if a.get("when") == "primary"]
    blocks = [Block("primary", "\n".join(primaries))] if primaries else []
    others = [a for a in abilities if a.get("when") != "primary"]
    others.sort(key=lambda a: a.get("when") == "onbuy")
    for ability in others:
        when = ability.get("when")
        kind = when if when in ("ally", "scrap", "onbuy") else "static"
        faction = ability.get("faction") if kind == "ally" else None
        blocks.append(Block(kind, ability_text(ability, lang, factions), faction))
    # An owner's card whose printed text was not all read: the table plays it by these words.
    blocks += [Block("static", str(part)) for part in design.get("unread") or []
               if isinstance(part, str) and part.strip()]
    return blocks


def _sticker_text(sticker: StickerFace, lang: str, factions: dict[str, str]) -> str:
    own = sticker.text_in(lang)
    if own:
        return own
    return "\n".join(ability_text(a, lang, factions, extends_primary=sticker.extends_primary)
                     for a in sticker.abilities if isinstance(a, dict))


def _set_size(blocks: list[Block], size: int) -> bool:
    """Wrap every block at body `size` (primaries larger); return whether a word was split."""
    split = False
    for block in blocks:
        own = round(size * PRIMARY_SCALE) if block.kind == "primary" else size
        lines, broken = _wrap(block.text, font("sans", own), block.text_width)
        split = split or broken
        block.fitted = Fitted(lines, own, "sans")
    return split


def _layout_blocks(blocks: list[Block], slot: bool, bottom: int) -> int:
    """Fit every block at one shared size so that all of them (and the slot) fit.

    A card with a sticker slot first tries to leave the slot its full height (SLOT_EXTRA more)
    at a comfortable size, then settles for the smallest slot. Return the height left over in
    the text area (0 when the text had to be cut).
    """
    available = bottom - TEXT_TOP
    gaps = GAP * max(0, len(blocks) - 1)

    def spare(size: int, fixed: int) -> int | None:
        split = _set_size(blocks, size)
        left = available - fixed - gaps - sum(b.height() for b in blocks)
        return left if left >= 0 and (not split or size == BODY_SIZES[-1]) else None

    passes = [(SLOT_HEIGHT + SLOT_EXTRA, BODY_SIZES[:COMFORT]), (SLOT_HEIGHT, BODY_SIZES)]
    for slot_height, sizes in passes if slot else [(0, BODY_SIZES)]:
        fixed = slot_height + GAP if slot else 0
        if spare(sizes[-1], fixed) is None:
            continue
        # Bigger text never takes fewer lines, so bisect for the largest size that fits.
        low, high = 0, len(sizes) - 1  # sizes[high] fits
        while low < high:
            middle = (low + high) // 2
            if spare(sizes[middle], fixed) is None:
                low = middle + 1
            else:
                high = middle
        left = spare(sizes[high], fixed)
        assert left is not None
        return left + slot_height - SLOT_HEIGHT if slot else left
    fixed = SLOT_HEIGHT + GAP if slot else 0
    # Too much text even at the smallest size: short blocks keep their lines, the longest ones
    # share what is left and are cut to it (water-filling), so nothing leaves the text area.
    room = available - fixed - GAP * max(0, len(blocks) - 1)
    by_height = sorted(blocks, key=lambda b: b.height())
    for index, block in enumerate(by_height):
        share = room / (len(by_height) - index)
        if block.height() > share:
            lines = max(1, int((share - 2 * PAD) // line_height(MIN_SIZE)))
            block.fitted = fit(block.text, block.text_width, lines * line_height(MIN_SIZE),
                               [MIN_SIZE])
        room -= block.height()
    return 0


def _band(c: Canvas, factions: list[str]) -> None:
    styles = [faction_style(f) for f in factions] or [faction_style(None)]
    left, top, right, bottom = BAND
    c.rounded((left, top, right, bottom + 30), 28, fill=styles[0].colour)
    if len(styles) > 1:
        # The second faction takes the band's right part, cut on a slant, corners kept round.
        mask = Image.new("L", (W, bottom + 30), 0)
        paint = ImageDraw.Draw(mask)
        paint.rounded_rectangle((left, top, right, bottom + 30), 28, fill=255)
        mid = (left + right) / 2
        paint.polygon([(left, top), (mid + 40, top), (mid - 40, bottom + 30), (left, bottom + 30)],
                      fill=0)
        c.image.paste(styles[1].colour, (0, 0, W, bottom + 30), mask)
    c.draw.rectangle(TYPE_STRIP, fill=STRIP)


def _name_colour(factions: list[str]) -> RGB:
    colour = faction_style(factions[0] if factions else None).colour
    return INK if _is_light(colour) else (255, 255, 255)


def _coin(c: Canvas, cost: int) -> None:
    cx, cy, r = 660, 86, 52
    c.draw.ellipse((cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4), fill=INK)
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=COIN, outline=COIN_EDGE, width=5)
    c.draw.ellipse((cx - r + 12, cy - r + 12, cx + r - 12, cy + r - 12), outline=COIN_EDGE,
                   width=2)
    fitted = fit(str(cost), 2 * r - 26, 2 * r - 20, [58, 48, 40, 32, 24], "bold", max_lines=1)
    face = font("bold", fitted.size)
    width = face.getlength(fitted.lines[0])
    top = cy - fitted.height / 2 + fitted.size * 0.05
    c.text("cost", fitted, cx - width / 2, top, fill=INK)


def _art(c: Canvas, face: CardFace, factions: list[str]) -> None:
    """Draw the picture window: a starfield and a ship, base or outpost built from shapes."""
    design = face.design
    style = faction_style(factions[0] if factions else None)
    left, top, right, bottom = ART
    c.rounded(ART, 18, fill=(12, 15, 26))
    steps = 6
    for i in range(steps):
        y0 = top + (bottom - top) * i / steps
        shade = tuple(round(12 + (v * 0.45 - 12) * (i + 1) / steps) for v in style.dark)
        c.draw.rectangle((left + 6, y0, right - 6, y0 + (bottom - top) / steps + 1),
                         fill=shade)
    c.rounded(ART, 18, outline=style.colour, width=4)
    seed = hashlib.sha512(str(design.get("id", "")).encode("utf-8")).digest()
    for i in range(0, 60, 2):
        x = left + 14 + seed[i] / 255 * (right - left - 28)
        y = top + 14 + seed[i + 1] / 255 * (bottom - top - 28)
        r = 1.5 + (seed[i] % 3)
        c.draw.ellipse((x - r, y - r, x + r, y + r), fill=(230, 232, 240))
    cx, cy = (left + right) / 2, (top + bottom) / 2 + 6
    body = tuple(min(255, round(v * 1.15 + 30)) for v in style.colour)
    edge = (240, 242, 248)
    if design.get("type") == "base":
        if design.get("outpost"):
            c.draw.polygon(regular(cx, cy, 92, 6, 0), fill=edge)
            c.draw.polygon(regular(cx, cy, 84, 6, 0), fill=style.dark)
            c.draw.polygon(regular(cx, cy, 56, 6, 0), fill=body)
            for x, y in regular(cx, cy, 88, 6, 0):
                c.draw.rectangle((x - 12, y - 12, x + 12, y + 12), fill=edge)
        else:
            c.draw.ellipse((cx - 150, cy - 30, cx + 150, cy + 30), outline=edge, width=6)
            c.draw.ellipse((cx - 70, cy - 70, cx + 70, cy + 70), fill=body, outline=edge,
                           width=5)
            c.draw.ellipse((cx - 150, cy - 6, cx - 118, cy + 26), fill=edge)
            c.draw.ellipse((cx + 118, cy - 26, cx + 150, cy + 6), fill=edge)
            c.draw.ellipse((cx - 28, cy - 28, cx + 28, cy + 28), fill=style.dark)
        return
    length = 120 + 12 * min(int(design.get("cost") or 0), 8)
    half = length / 2
    hull = [(cx + half, cy), (cx - half * 0.2, cy - 46), (cx - half, cy - 70),
            (cx - half * 0.75, cy), (cx - half, cy + 70), (cx - half * 0.2, cy + 46)]
    c.draw.polygon([(cx - half - 40, cy - 14), (cx - half * 0.75 - 6, cy),
                    (cx - half - 40, cy + 14)], fill=COIN)
    c.draw.polygon(hull, fill=body, outline=edge, width=4)
    c.draw.ellipse((cx + half * 0.25 - 16, cy - 14, cx + half * 0.25 + 16, cy + 14), fill=edge)


def _type_line(design: dict[str, Any], lang: str, names: dict[str, str]) -> str:
    labels = _labels(lang)
    kind = "outpost" if design.get("type") == "base" and design.get("outpost") else (
        "base" if design.get("type") == "base" else "ship")
    factions = [names.get(f, f) for f in design.get("factions") or []]
    return labels[kind] + (" — " + " / ".join(factions) if factions else "")


def _icon(c: Canvas, block: Block, cx: float, cy: float) -> None:
    """Draw the mark of an ability line: ally emblem, scrap mark or on-buy tag."""
    if block.kind == "ally":
        draw_emblem(c.draw, block.faction, cx, cy, 26)
    elif block.kind == "scrap":
        # A scrap bin: lid, tapered body and three slots.
        c.draw.rectangle((cx - 22, cy - 24, cx + 22, cy - 17), fill=SCRAP_RED)
        c.draw.rectangle((cx - 7, cy - 30, cx + 7, cy - 24), fill=SCRAP_RED)
        c.draw.polygon([(cx - 18, cy - 13), (cx + 18, cy - 13), (cx + 13, cy + 26),
                        (cx - 13, cy + 26)], fill=SCRAP_RED)
        for dx in (-7, 0, 7):
            c.draw.line((cx + dx, cy - 7, cx + dx * 0.8, cy + 19), fill=BLOCK, width=3)
    elif block.kind == "onbuy":
        # A price tag with a hole: bought cards do this once.
        c.draw.polygon([(cx - 24, cy - 16), (cx + 10, cy - 16), (cx + 26, cy), (cx + 10, cy + 16),
                        (cx - 24, cy + 16)], fill=COIN, outline=COIN_EDGE)
        c.draw.ellipse((cx + 4, cy - 5, cx + 14, cy + 5), fill=BLOCK)


def _block(c: Canvas, block: Block, top: int) -> int:
    """Draw one ability block at `top`; return its bottom."""
    assert block.fitted is not None
    bottom = top + block.height()
    if block.kind == "primary":
        c.rounded((TEXT_LEFT, top, TEXT_RIGHT, bottom), 16, fill=LIGHT)
        c.text("ability", block.fitted, TEXT_LEFT + PAD, top + PAD, fill=INK)
        return bottom
    outline = COIN if block.kind == "onbuy" else None
    c.rounded((TEXT_LEFT, top, TEXT_RIGHT, bottom), 14, fill=BLOCK, outline=outline,
              width=3)
    left = TEXT_LEFT + PAD
    if block.kind in ("ally", "scrap", "onbuy"):
        _icon(c, block, TEXT_LEFT + 8 + ICON_COLUMN / 2, (top + bottom) / 2)
        left += ICON_COLUMN
    c.text("ability", block.fitted, left, top + PAD, fill=PALE)
    return bottom


def _sticker(c: Canvas, sticker: StickerFace, box: Box, primary_bottom: int | None, lang: str,
             names: dict[str, str], largest: int) -> None:
    """Draw the ability sticker in its slot; an "and" sticker is joined to the primary box."""
    left, top, right, bottom = box
    side = faction_style(sticker.side)
    joined = sticker.extends_primary and primary_bottom is not None
    if joined:
        # The joint: the primary box's colour runs down into the sticker, with a "+" badge.
        c.draw.rectangle((left + 60, primary_bottom - 16, left + 160, top + 16), fill=LIGHT)
    c.rounded(box, 14, fill=STICKER, outline=side.colour, width=6)
    c.draw.polygon([(right - 34, top + 3), (right - 3, top + 34), (right - 34, top + 34)],
                   fill=(214, 204, 170))
    badge = 26
    bx, by = left + 6 + badge, top + 8 + badge
    draw_emblem(c.draw, sticker.side, bx, by, badge)
    if joined:
        # A "+" badge on the seam: this sticker continues the printed primary ability (L15).
        cx, r = left + 110, 24
        c.draw.ellipse((cx - r, top - r, cx + r, top + r), fill=side.colour, outline=STICKER,
                       width=4)
        c.draw.rectangle((cx - 12, top - 3, cx + 12, top + 3), fill=(255, 255, 255))
        c.draw.rectangle((cx - 3, top - 12, cx + 3, top + 12), fill=(255, 255, 255))
    text_left = left + 2 * badge + 20
    width = right - 40 - text_left
    text = _sticker_text(sticker, lang, names)
    fitted = fit(text, width, bottom - top - 2 * PAD - 8,
                 list(range(max(largest, MIN_SIZE), MIN_SIZE - 1, -1)))
    top_text = top + (bottom - top - fitted.height) / 2
    c.text("sticker", fitted, text_left, top_text, fill=INK)


def _faction_sticker(c: Canvas, side: str, lang: str, names: dict[str, str]) -> None:
    """Draw the faction sticker: the upgrading side as a second faction (L16)."""
    left, top, right, bottom = FACTION_STICKER
    style = faction_style(side)
    c.rounded(FACTION_STICKER, 12, fill=style.colour, outline=STICKER, width=5)
    r = (bottom - top) / 2 - 9
    draw_emblem(c.draw, side, left + 10 + r, (top + bottom) / 2, r)
    text_left = left + 2 * r + 18
    fitted = fit(names.get(side, side), right - 12 - text_left, bottom - top - 16,
                 list(range(30, MIN_SIZE - 1, -1)), "bold", max_lines=2)
    colour = INK if _is_light(style.colour) else (255, 255, 255)
    c.text("faction-sticker", fitted, text_left, (top + bottom - fitted.height) / 2, fill=colour)


def _shield(c: Canvas, defense: int, outpost: bool) -> None:
    left, top, right, bottom = SHIELD
    cx = (left + right) / 2
    outline = [(left, top + 18), (left + 18, top), (right - 18, top), (right, top + 18),
               (right, top + 70), (cx, bottom), (left, top + 70)]
    if outpost:
        # The outpost shield: dark, white-edged, with battlements (it must be attacked first).
        c.draw.polygon(outline, fill=(255, 255, 255))
        inner = [(left + 7, top + 21), (left + 21, top + 7), (right - 21, top + 7),
                 (right - 7, top + 21), (right - 7, top + 67), (cx, bottom - 10),
                 (left + 7, top + 67)]
        c.draw.polygon(inner, fill=INK)
        for i in range(4):
            x = left + 12 + i * (right - left - 24) / 3
            c.draw.rectangle((x - 9, top - 16, x + 9, top + 2), fill=(255, 255, 255))
        ink: RGB = (255, 255, 255)
    else:
        c.draw.polygon(outline, fill=LIGHT)
        c.draw.polygon([(left + 8, top + 22), (left + 22, top + 8), (right - 22, top + 8),
                        (right - 8, top + 22), (right - 8, top + 66), (cx, bottom - 12),
                        (left + 8, top + 66)], outline=INK, width=3)
        ink = INK
    fitted = fit(str(defense), right - left - 30, 80, [60, 50, 40, 30], "bold", max_lines=1)
    width = font("bold", fitted.size).getlength(fitted.lines[0])
    c.text("defense", fitted, cx - width / 2, top + 50 - fitted.height / 2, fill=ink)


def _footer(c: Canvas, face: CardFace, lang: str, right: int) -> None:
    left, top, _, bottom = FOOTER
    copy_text = ""
    if face.copy_number is not None:
        quantity = face.design.get("quantity")
        key = "copy" if isinstance(quantity, int) and quantity >= face.copy_number else (
            "copy_alone")
        copy_text = _labels(lang)[key].format(n=face.copy_number, q=quantity)
    sizes = [22, 20, 18, 16, 14]
    copy_width = 0.0
    if copy_text:
        fitted = fit(copy_text, 220, bottom - top, sizes, max_lines=1)
        copy_width = font("sans", fitted.size).getlength(fitted.lines[0])
        c.text("copy", fitted, right - copy_width, top + 6, fill=MUTED)
    set_name = face.set_name_in(lang)
    if set_name:
        width = right - left - copy_width - (20 if copy_text else 0)
        fitted = fit(set_name, width, bottom - top, sizes, max_lines=1)
        c.text("set", fitted, left, top + 6, fill=MUTED)


def draw_face(face: CardFace, lang: str) -> Drawn:
    """Draw a face at print size and return it with its layout record."""
    global draw_count
    draw_count += 1
    design = face.design
    names = face.factions_in(lang)
    factions = [f for f in design.get("factions") or [] if isinstance(f, str)]
    c = Canvas()
    c.rounded((INSET, INSET, W - INSET, H - INSET), 30, fill=PANEL)
    _header(c, face, lang, names, factions)
    _art(c, face, factions)
    is_base = design.get("type") == "base"
    _text_area(c, face, lang, names, TEXT_BOTTOM_BASE if is_base else TEXT_BOTTOM_SHIP)
    if is_base and isinstance(design.get("defense"), int):
        _shield(c, design["defense"], bool(design.get("outpost")))
    _footer(c, face, lang, TEXT_RIGHT)
    return c.drawn


def _header(c: Canvas, face: CardFace, lang: str, names: dict[str, str],
            factions: list[str]) -> None:
    """Draw the faction band with its emblems, the name, the cost coin and the type line."""
    design = face.design
    _band(c, factions)
    draw_emblem(c.draw, factions[0] if factions else None, 92, 86, 54)
    name_left = 160
    if len(factions) > 1:
        draw_emblem(c.draw, factions[1], 140, 118, 30)
        name_left = 180
    cost = design.get("cost")
    name_right = 592 if isinstance(cost, int) else W - INSET - 20
    name = fit(pack_text(design.get("name"), lang), name_right - name_left, 112,
               list(range(46, 21, -2)), "bold", max_lines=2)
    c.text("name", name, name_left, 86 - name.height / 2, fill=_name_colour(factions))
    if isinstance(cost, int):
        _coin(c, cost)
    type_right = FACTION_STICKER[0] - 12 if face.upgradable else TEXT_RIGHT
    type_line = fit(_type_line(design, lang, names), type_right - TEXT_LEFT, 40,
                    list(range(26, MIN_SIZE - 1, -1)), max_lines=1)
    c.text("type", type_line, TEXT_LEFT, 156 + (40 - type_line.height) / 2, fill=PALE)


def _text_area(c: Canvas, face: CardFace, lang: str, names: dict[str, str], bottom: int) -> None:
    """Draw the abilities, the sticker slot (empty or filled), the on-buy lines and the flavour."""
    blocks = _blocks(face.design, lang, names)
    leftover = _layout_blocks(blocks, face.upgradable, bottom)
    # Room to spare goes to the sticker slot first (up to SLOT_EXTRA), then to the flavour text.
    slot_height = SLOT_HEIGHT + min(leftover, SLOT_EXTRA) if face.upgradable else 0
    y, primary_bottom, slot_box = TEXT_TOP, None, None
    for block in blocks:
        if block.kind == "onbuy":
            continue
        if slot_box is None and slot_height and block.kind != "primary":
            slot_box, y = (TEXT_LEFT, y, TEXT_RIGHT, y + slot_height), y + slot_height + GAP
        y = _block(c, block, y) + GAP
        if block.kind == "primary":
            primary_bottom = y - GAP
    if slot_box is None and slot_height:
        slot_box, y = (TEXT_LEFT, y, TEXT_RIGHT, y + slot_height), y + slot_height + GAP
    onbuy = [b for b in blocks if b.kind == "onbuy"]
    if face.upgradable:
        onbuy_top = _onbuy(c, onbuy, bool(face.stickers), bottom)
    else:  # a card that never takes stickers keeps its on-buy lines in the flow
        for block in onbuy:
            y = _block(c, block, y) + GAP
        onbuy_top = bottom + GAP
    _flavor(c, face.design, lang, y, onbuy_top - GAP, face.design.get("type") == "base")
    if slot_box is not None:
        _stickers(c, face, slot_box, primary_bottom, blocks, lang, names)


def _onbuy(c: Canvas, onbuy: list[Block], upgraded: bool, bottom: int) -> int:
    """Draw the on-buy lines at the bottom of the text area (none once upgraded, L17); return top.

    They hang from the bottom so that dropping them from an upgraded copy moves nothing else.
    """
    top = bottom - sum(b.height() + GAP for b in onbuy) + GAP
    if onbuy and upgraded:
        c.drawn.sticker_regions.append((TEXT_LEFT, top, TEXT_RIGHT, bottom))
    elif onbuy:
        y = top
        for block in onbuy:
            y = _block(c, block, y) + GAP
    return top


def _stickers(c: Canvas, face: CardFace, slot_box: Box, primary_bottom: int | None,
              blocks: list[Block], lang: str, names: dict[str, str]) -> None:
    """Fill the sticker slot and the faction sticker place, or outline the empty slot."""
    c.drawn.sticker_regions.append((slot_box[0], slot_box[1] - 24, slot_box[2], slot_box[3]))
    c.drawn.sticker_regions.append(FACTION_STICKER)
    ability_stickers = [s for s in face.stickers if s.abilities or s.text]
    if ability_stickers:
        sticker = ability_stickers[0]
        # An "and" sticker reads at the primary ability's size, any other at the body size.
        sizes = [b.fitted.size for b in blocks if b.fitted is not None
                 and (b.kind == "primary") == sticker.extends_primary]
        largest = sizes[0] if sizes else BODY_SIZES[0]
        _sticker(c, sticker, slot_box, primary_bottom, lang, names, largest)
    else:
        c.rounded(slot_box, 14, outline=SLOT, width=3)
    if face.stickers:
        _faction_sticker(c, face.stickers[0].side, lang, names)


def _flavor(c: Canvas, design: dict[str, Any], lang: str, top: int, bottom: int,
            is_base: bool) -> None:
    """Print the flavour text in what room is left; leave it out when there is too little."""
    text = pack_text(design.get("flavor"), lang)
    right = SHIELD[0] - 16 if is_base and bottom > SHIELD[1] else TEXT_RIGHT
    if not text or bottom - top < line_height(20) * 2:
        return
    for size in (24, 22, 20):
        lines = wrap(text, font("serif", size), right - TEXT_LEFT - 2 * PAD)
        if len(lines) * line_height(size) <= bottom - top - 4:
            fitted = Fitted(lines, size, "serif")
            c.text("flavor", fitted, TEXT_LEFT + PAD, bottom - fitted.height, fill=MUTED)
            return


# -- Backs -------------------------------------------------------------------------------------

def draw_back(kind: str, lang: str) -> Drawn:
    """Draw the back of a trade-deck card or a personal-deck card at print size."""
    global draw_count
    if kind not in DECK_KINDS:
        raise KeyError(f"no card back {kind!r}")
    draw_count += 1
    accent: RGB = COIN if kind == "trade" else (120, 196, 226)
    deep: RGB = (22, 26, 44) if kind == "trade" else (18, 34, 44)
    c = Canvas()
    c.rounded((INSET, INSET, W - INSET, H - INSET), 30, fill=deep, outline=accent, width=6)
    c.rounded((INSET + 26, INSET + 26, W - INSET - 26, H - INSET - 26), 20, outline=accent,
              width=2)
    cx, cy = W / 2, H / 2 - 40
    for r in (250, 200, 150):
        c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=accent, width=3)
    seed = hashlib.sha512(kind.encode("utf-8")).digest()
    for i in range(0, 64, 2):
        x = INSET + 40 + seed[i] / 255 * (W - 2 * INSET - 80)
        y = INSET + 40 + seed[i + 1] / 255 * (H - 2 * INSET - 80)
        r = 2 + seed[i] % 3
        if not cy + 250 <= y <= cy + 420:  # keep the title and the deck name clear
            c.draw.ellipse((x - r, y - r, x + r, y + r), fill=(220, 226, 240))
    points = 8 if kind == "trade" else 4
    c.draw.polygon(star(cx, cy, 170, points, 0.38), fill=accent)
    c.draw.polygon(star(cx, cy, 80, points, 0.5), fill=deep)
    c.draw.ellipse((cx - 28, cy - 28, cx + 28, cy + 28), fill=accent)
    labels = _labels(lang)
    title = fit(labels["title"], W - 160, 80, [64, 56, 48], "bold", max_lines=1)
    width = font("bold", title.size).getlength(title.lines[0])
    c.text("title", title, (W - width) / 2, cy + 270, fill=(240, 242, 248))
    sub = fit(labels[kind], W - 160, 60, [40, 36, 32, 28], "sans", max_lines=1)
    width = font("sans", sub.size).getlength(sub.lines[0])
    c.text("deck", sub, (W - width) / 2, cy + 350, fill=accent)
    return c.drawn


def at_size(drawn: Drawn, size: str) -> Image.Image:
    """Return the drawing at a named size: the web size is the print drawing halved (box filter)."""
    if size == "print":
        return drawn.image
    image = drawn.image.reduce(2)
    assert image.size == SIZES[size]
    return image
