"""The stylesheet's colour pairs meet WCAG AA contrast (4.5:1) in the light and the dark scheme."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[2] / "static" / "css" / "site.css").read_text()
# (foreground, background) custom properties that the stylesheet puts together.
PAIRS = [
    ("text", "bg"),
    ("text", "surface"),
    ("muted", "bg"),
    ("muted", "surface"),
    ("accent", "bg"),
    ("accent", "surface"),
    ("accent-text", "accent"),
    ("danger", "danger-soft"),
    ("ok", "ok-soft"),
    ("text", "accent-soft"),
]


def _scheme(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", block))


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """Return the WCAG contrast ratio of two #rrggbb colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


LIGHT = _scheme(CSS.split("@media (prefers-color-scheme: dark)")[0])
DARK = LIGHT | _scheme(CSS.split("@media (prefers-color-scheme: dark)")[1].split("\n}\n")[0])


def test_contrast_formula_matches_known_values() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("scheme", [LIGHT, DARK], ids=["light", "dark"])
@pytest.mark.parametrize(("fg", "bg"), PAIRS)
def test_text_colours_meet_aa_contrast(scheme: dict[str, str], fg: str, bg: str) -> None:
    assert contrast(scheme[fg], scheme[bg]) >= 4.5, (fg, bg, scheme[fg], scheme[bg])


def test_dark_scheme_overrides_every_colour() -> None:
    assert DARK["bg"] != LIGHT["bg"]
    assert DARK["text"] != LIGHT["text"]
