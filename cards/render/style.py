"""Faction colours and emblems, drawn from plain shapes (no artwork from the game).

Each known faction has its own colour and emblem; a faction id nobody planned for (an owner's own
pack) gets a colour and an emblem derived from a hash of its id, so it looks the same everywhere.
"""
from __future__ import annotations

import colorsys
import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass

from PIL import ImageDraw

RGB = tuple[int, int, int]
Point = tuple[float, float]


@dataclass(frozen=True)
class FactionStyle:
    """How a faction looks: its band colour, a darker shade and its emblem's name."""

    colour: RGB
    dark: RGB
    emblem: str


def _hex(value: str) -> RGB:
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


def _shade(colour: RGB, factor: float) -> RGB:
    return tuple(max(0, min(255, round(c * factor))) for c in colour)  # type: ignore[return-value]


def _style(colour: str, emblem: str) -> FactionStyle:
    rgb = _hex(colour)
    return FactionStyle(rgb, _shade(rgb, 0.55), emblem)


KNOWN: dict[str, FactionStyle] = {
    "blob": _style("#3f9a3c", "blob"),
    "machine": _style("#c23b2f", "gear"),
    "empire": _style("#d9a21b", "star"),
    "federation": _style("#2f6fc0", "orbit"),
    "consortium": _style("#8152b8", "diamond"),
    "kingdom": _style("#a3285f", "crown"),
    "scavengers": _style("#a0652a", "shards"),
}
UNALIGNED = FactionStyle((104, 112, 128), (58, 64, 76), "dot")
GENERIC_EMBLEMS = ("triangle", "square", "pentagon", "hexagon", "cross", "ring")


def faction_style(faction_id: str | None) -> FactionStyle:
    """Return the style of a faction; unknown ids get a stable colour and emblem from a hash."""
    if not faction_id:
        return UNALIGNED
    if faction_id in KNOWN:
        return KNOWN[faction_id]
    digest = hashlib.sha256(faction_id.encode("utf-8")).digest()
    hue = digest[0] / 255
    r, g, b = colorsys.hls_to_rgb(hue, 0.45, 0.55)
    rgb = (round(r * 255), round(g * 255), round(b * 255))
    return FactionStyle(rgb, _shade(rgb, 0.55), GENERIC_EMBLEMS[digest[1] % len(GENERIC_EMBLEMS)])


def regular(cx: float, cy: float, r: float, n: int, rotation: float = -90.0) -> list[Point]:
    """Return the corners of a regular n-gon."""
    return [(cx + r * math.cos(math.radians(rotation + i * 360 / n)),
             cy + r * math.sin(math.radians(rotation + i * 360 / n))) for i in range(n)]


def star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.42) -> list[Point]:
    """Return the outline of a star with `points` tips."""
    out = []
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        angle = math.radians(-90 + i * 180 / points)
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def _circle(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, **kw: object) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), **kw)  # type: ignore[arg-type]


def _blob(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
    _circle(d, cx, cy + r * 0.1, r * 0.55, fill=fg)
    for dx, dy, rr in ((-0.42, -0.28, 0.3), (0.38, -0.36, 0.26), (0.45, 0.35, 0.22),
                       (-0.4, 0.42, 0.2), (0.0, -0.55, 0.2)):
        _circle(d, cx + dx * r, cy + dy * r, rr * r, fill=fg)
    _circle(d, cx - r * 0.15, cy - r * 0.02, r * 0.13, fill=bg)
    _circle(d, cx + r * 0.2, cy + r * 0.12, r * 0.09, fill=bg)


def _gear(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
    teeth = []
    for i in range(8):
        a = math.radians(i * 45)
        for da, rr in ((-12, 0.62), (-8, 0.85), (8, 0.85), (12, 0.62)):
            teeth.append((cx + rr * r * math.cos(a + math.radians(da)),
                          cy + rr * r * math.sin(a + math.radians(da))))
    d.polygon(teeth, fill=fg)
    _circle(d, cx, cy, r * 0.62, fill=fg)
    _circle(d, cx, cy, r * 0.26, fill=bg)


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
    d.polygon(star(cx, cy, r * 0.9), fill=fg)


def _orbit(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
    _circle(d, cx, cy, r * 0.5, fill=fg)
    w = max(2.0, r * 0.12)
    d.ellipse((cx - r * 0.92, cy - r * 0.3, cx + r * 0.92, cy + r * 0.3), outline=fg,
              width=round(w))
    d.line((cx - r * 0.5, cy - r * 0.04, cx + r * 0.5, cy - r * 0.04), fill=bg, width=round(w))


def _diamond(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
    d.polygon(regular(cx, cy, r * 0.9, 4), fill=fg)
    d.polygon(regular(cx, cy, r * 0.42, 4), fill=bg)
    d.polygon(regular(cx, cy, r * 0.2, 4), fill=fg)


def _crown(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
    d.polygon([(cx - 0.8 * r, cy + 0.5 * r), (cx - 0.8 * r, cy - 0.45 * r),
               (cx - 0.4 * r, cy), (cx, cy - 0.7 * r), (cx + 0.4 * r, cy),
               (cx + 0.8 * r, cy - 0.45 * r), (cx + 0.8 * r, cy + 0.5 * r)], fill=fg)
    d.rectangle((cx - 0.8 * r, cy + 0.58 * r, cx + 0.8 * r, cy + 0.75 * r), fill=fg)
    _circle(d, cx, cy + 0.2 * r, r * 0.13, fill=bg)


def _shards(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
    d.polygon([(cx - 0.85 * r, cy + 0.6 * r), (cx - 0.35 * r, cy - 0.8 * r),
               (cx - 0.05 * r, cy + 0.6 * r)], fill=fg)
    d.polygon([(cx - 0.15 * r, cy + 0.7 * r), (cx + 0.3 * r, cy - 0.55 * r),
               (cx + 0.55 * r, cy + 0.7 * r)], fill=fg)
    d.polygon([(cx + 0.45 * r, cy + 0.2 * r), (cx + 0.85 * r, cy - 0.85 * r),
               (cx + 0.9 * r, cy + 0.3 * r)], fill=fg)


def _polygon(n: int) -> Callable[..., None]:
    def draw(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
        d.polygon(regular(cx, cy, r * 0.85, n), fill=fg)
        d.polygon(regular(cx, cy, r * 0.35, n), fill=bg)
    return draw


def _cross(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
    d.rectangle((cx - 0.22 * r, cy - 0.8 * r, cx + 0.22 * r, cy + 0.8 * r), fill=fg)
    d.rectangle((cx - 0.8 * r, cy - 0.22 * r, cx + 0.8 * r, cy + 0.22 * r), fill=fg)


def _ring(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
    _circle(d, cx, cy, r * 0.8, fill=fg)
    _circle(d, cx, cy, r * 0.5, fill=bg)
    _circle(d, cx, cy, r * 0.25, fill=fg)


def _dot(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fg: RGB, bg: RGB) -> None:
    _circle(d, cx, cy, r * 0.7, outline=fg, width=max(2, round(r * 0.14)))
    _circle(d, cx, cy, r * 0.25, fill=fg)


EMBLEMS: dict[str, Callable[..., None]] = {
    "blob": _blob, "gear": _gear, "star": _star, "orbit": _orbit, "diamond": _diamond,
    "crown": _crown, "shards": _shards, "triangle": _polygon(3), "square": _polygon(4),
    "pentagon": _polygon(5), "hexagon": _polygon(6), "cross": _cross, "ring": _ring, "dot": _dot,
}


def draw_emblem(draw: ImageDraw.ImageDraw, faction_id: str | None, cx: float, cy: float,
                r: float, *, ring: RGB = (245, 245, 240)) -> None:
    """Draw a faction's badge: a disc of its colour with a light ring and its emblem."""
    style = faction_style(faction_id)
    _circle(draw, cx, cy, r, fill=ring)
    _circle(draw, cx, cy, r * 0.88, fill=style.colour)
    EMBLEMS[style.emblem](draw, cx, cy, r * 0.7, (250, 248, 240), style.colour)
