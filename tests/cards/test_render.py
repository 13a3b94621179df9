"""The card renderer (issue 8): every shipped card fits, stickers stay in their places, the cache.

Golden images live in tests/cards/golden/. After an intended change to the drawing, regenerate them
with `STARLEDGER_REGEN_GOLDEN=1 python -m pytest tests/cards/test_render.py -k golden`, look at the
new PNGs, and commit them together with the change (and bump RENDERER_VERSION).
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageStat

from cards.render import (
    SIZES,
    back_png,
    face_cache_key,
    face_from_design,
    face_of,
    face_png,
    fonts,
    render_image,
)
from cards.render import cache as render_cache
from cards.render import draw as render_draw
from cards.render.draw import INSET, TextBox, draw_face
from cards.render.face import UPGRADABLE_ROLES, sticker_of
from cards.text import ability_text, faction_names


ROOT = Path(__file__).resolve().parents[2]
PACK_FILES = sorted((ROOT / "fixtures" / "packs").glob("*.json"))
GOLDEN = Path(__file__).with_name("golden")
GOLDEN_TOLERANCE = 1.0  # mean absolute difference per channel, out of 255 (FreeType drift)
LANGS = ("en", "ru")


def _pack(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _inside_card(box: tuple[int, int, int, int]) -> bool:
    left, top, right, bottom = box
    return INSET <= left < right <= SIZES["print"][0] - INSET and (
        INSET <= top < bottom <= SIZES["print"][1] - INSET)


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _assert_fits(boxes: list[TextBox], where: str) -> None:
    """Every text is inside the card, uncut, no wider than its box, and clear of the others."""
    for box in boxes:
        assert _inside_card(box.box), f"{where}: {box.role} {box.box} leaves the card"
        assert not box.cut, f"{where}: {box.role} text was cut: {box.lines}"
        face = fonts.font(box.font, box.size)
        for line in box.lines:
            assert face.getlength(line) <= box.box[2] - box.box[0] + 1, f"{where}: {line!r}"
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not _overlap(a.box, b.box), f"{where}: {a.role} {a.lines} overlaps {b.lines}"


def _contains(boxes: list[TextBox], role: str, text: str) -> bool:
    drawn = " ".join(" ".join(b.lines) for b in boxes if b.role == role).split()
    wanted = text.split()
    return any(drawn[i:i + len(wanted)] == wanted for i in range(len(drawn) - len(wanted) + 1))


def _assert_glyphs(boxes: list[TextBox]) -> None:
    """Every character drawn has a glyph in its font (no .notdef boxes for Cyrillic)."""
    def ink(ch: str, face: ImageFont.FreeTypeFont) -> bytes:
        image = Image.new("L", (48, 48))
        ImageDraw.Draw(image).text((8, 8), ch, font=face, fill=255)
        return image.tobytes()

    for kind in {b.font for b in boxes}:
        face = fonts.font(kind, 20)
        missing = ink("\U000f0000", face)  # a private-use code point: the .notdef box
        chars = {ch for b in boxes if b.font == kind for line in b.lines for ch in line}
        for ch in sorted(chars - {" ", "\u00a0"}):
            assert ink(ch, face) != missing, f"{kind} has no glyph for {ch!r}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PACK_FILES, ids=lambda p: p.stem)
def test_every_shipped_design_fits_its_card(path: Path, lang: str) -> None:
    data = _pack(path)
    names = faction_names(data, lang)
    assert data["cards"]
    every_box: list[TextBox] = []
    for design in data["cards"]:
        face = face_of(data, design["id"], copy_number=design.get("quantity", 1))
        drawn = draw_face(face, lang)
        every_box += drawn.boxes
        where = f"{path.stem}:{design['id']}:{lang}"
        _assert_fits(drawn.boxes, where)
        assert _contains(drawn.boxes, "name", design["name"][lang]), where
        for ability in design.get("abilities", []):
            assert _contains(drawn.boxes, "ability", ability_text(ability, lang, names)), (
                where, ability)
        if design.get("type") == "base":
            assert any(b.role == "defense" and b.lines == (str(design["defense"]),)
                       for b in drawn.boxes), where
        if design.get("cost") is not None:
            assert any(b.role == "cost" and b.lines == (str(design["cost"]),)
                       for b in drawn.boxes), where
    _assert_glyphs(every_box)


def _sticker_targets(data: dict[str, Any]) -> Iterator[tuple[dict[str, Any], str]]:
    """Yield (design, sticker id) for every sticker of the pack on a card it fits (L13)."""
    for sheet in data.get("sticker_sheets", []):
        for row in sheet["rows"]:
            for kind in ("ship", "base"):
                if kind not in row:
                    continue
                design = next((c for c in data["cards"] if c.get("role") in UPGRADABLE_ROLES
                               and c["type"] == kind and c["cost"] == row["cost"]), None)
                if design is not None:
                    yield design, f"{sheet['id']}:{row['cost']}:{kind}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", [p for p in PACK_FILES if _pack(p).get("sticker_sheets")],
                         ids=lambda p: p.stem)
def test_l15_l16_every_shipped_sticker_fits_on_a_matching_card(path: Path, lang: str) -> None:
    data = _pack(path)
    names = faction_names(data, lang)
    targets = list(_sticker_targets(data))
    assert targets
    for design, sticker_id in targets:
        face = face_of(data, design["id"], sticker_id=sticker_id, copy_number=1)
        drawn = draw_face(face, lang)
        where = f"{path.stem}:{design['id']}+{sticker_id}:{lang}"
        _assert_fits(drawn.boxes, where)
        sticker = sticker_of(data, sticker_id)
        for ability in sticker.abilities:
            text = ability_text(ability, lang, names, extends_primary=sticker.extends_primary)
            assert _contains(drawn.boxes, "sticker", text), where
        side = faction_names(data, lang).get(sticker.side) or next(
            s["name"][lang] for s in data["sides"] if s["id"] == sticker.side)
        assert _contains(drawn.boxes, "faction-sticker", side), where


# -- Golden images: a card of each kind, drawn from designs written here (not the shipped packs,
# whose balance changes would otherwise break them).

GOLDEN_PACK: dict[str, Any] = {
    "pack": {"id": "golden", "kind": "legacy", "name": {"en": "Golden set", "ru": "Эталонный набор"}},
    "factions": [{"id": "kingdom", "name": {"en": "Kingdom", "ru": "Королевство"}},
                 {"id": "scavengers", "name": {"en": "Scavengers", "ru": "Падальщики"}}],
    "sides": [{"id": "empire", "name": {"en": "Star Empire", "ru": "Звёздная империя"}}],
    "sticker_sheets": [{"id": "empire-1", "side": "empire", "scenario": 1, "rows": [
        {"cost": 3, "ship": {"and": True, "abilities": [{"when": "primary", "do": [{"combat": 2}]}]},
         "base": {"and": False, "abilities": [
             {"when": "ally", "faction": "empire", "do": [{"draw": 1}]}]}},
    ]}],
    "cards": [
        {"id": "lancer", "name": {"en": "Golden Lancer", "ru": "Золотой копейщик"},
         "flavor": {"en": "Shines in the dark.", "ru": "Сияет во тьме."}, "type": "ship",
         "cost": 3, "factions": ["kingdom"], "role": "trade", "quantity": 2,
         "abilities": [{"when": "primary", "do": [{"combat": 4}]},
                       {"when": "ally", "faction": "kingdom", "do": [{"authority": 3}]},
                       {"when": "onbuy", "do": [{"combat": 2}]}]},
        {"id": "yard", "name": {"en": "Golden Yard", "ru": "Золотая верфь"}, "type": "base",
         "outpost": False, "defense": 5, "cost": 3, "factions": ["scavengers"], "role": "trade",
         "quantity": 1,
         "abilities": [{"when": "primary", "do": [{"trade": 2}]},
                       {"when": "scrap", "do": [{"combat": 4}]}]},
        {"id": "tower", "name": {"en": "Golden Tower", "ru": "Золотая башня"}, "type": "base",
         "outpost": True, "defense": 4, "cost": 3, "factions": ["kingdom", "scavengers"],
         "role": "trade", "quantity": 1,
         "abilities": [{"when": "primary", "do": [{"authority": 2}]}]},
    ],
}
GOLDEN_CASES: dict[str, tuple[str, str | None, str]] = {
    "ship-en": ("lancer", None, "en"),
    "base-ru": ("yard", None, "ru"),
    "outpost-en": ("tower", None, "en"),
    "upgraded-ship-ru": ("lancer", "empire-1:3:ship", "ru"),
    "upgraded-base-en": ("yard", "empire-1:3:base", "en"),
}


def _check_golden(name: str, image: Image.Image) -> None:
    path = GOLDEN / f"{name}.png"
    if os.environ.get("STARLEDGER_REGEN_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        image.save(path)
    expected = Image.open(path).convert("RGB")
    assert expected.size == image.size
    difference = ImageStat.Stat(ImageChops.difference(expected, image)).mean
    assert sum(difference) / 3 <= GOLDEN_TOLERANCE, (name, difference)


@pytest.mark.parametrize("name", GOLDEN_CASES)
def test_golden_face(name: str) -> None:
    card_id, sticker_id, lang = GOLDEN_CASES[name]
    face = face_of(GOLDEN_PACK, card_id, sticker_id=sticker_id, copy_number=1)
    _check_golden(name, render_image(face, lang, "web"))


@pytest.mark.parametrize("kind", ["trade", "personal"])
def test_golden_back(kind: str) -> None:
    _check_golden(f"back-{kind}", render_cache.render_back(kind, "en", "web"))


def test_golden_comparison_notices_another_card() -> None:
    face = face_of(GOLDEN_PACK, "yard", copy_number=1)
    expected = Image.open(GOLDEN / "ship-en.png").convert("RGB")
    difference = ImageStat.Stat(ImageChops.difference(expected, render_image(face, "en"))).mean
    assert sum(difference) / 3 > GOLDEN_TOLERANCE


# -- Stickers ----------------------------------------------------------------------------------

def _outside(plain: Image.Image, upgraded: Image.Image, regions: list[tuple[int, ...]]
             ) -> tuple[int, int, int, int] | None:
    """Return the bounding box of the pixels that differ outside `regions` (None: nowhere)."""
    changed = ImageChops.difference(plain, upgraded).convert("L").point(lambda v: 255 if v else 0)
    mask = Image.new("L", plain.size, 255)
    paint = ImageDraw.Draw(mask)
    for region in regions:
        paint.rectangle(region, fill=0)
    return ImageChops.multiply(changed, mask).getbbox()


@pytest.mark.parametrize(("card_id", "sticker_id"), [
    ("lancer", "empire-1:3:ship"),  # an "and" sticker, and the card loses its on-buy line
    ("yard", "empire-1:3:base"),    # an ally sticker on a base
])
@pytest.mark.parametrize("lang", LANGS)
def test_l15_l16_upgraded_copy_differs_only_in_sticker_regions(card_id: str, sticker_id: str,
                                                              lang: str) -> None:
    plain = draw_face(face_of(GOLDEN_PACK, card_id, copy_number=1), lang)
    upgraded = draw_face(face_of(GOLDEN_PACK, card_id, sticker_id=sticker_id, copy_number=1),
                         lang)
    assert _outside(plain.image, upgraded.image, upgraded.sticker_regions) is None
    for region in upgraded.sticker_regions:
        box = tuple(region)
        assert ImageChops.difference(plain.image.crop(box), upgraded.image.crop(box)).getbbox()
    # The regions are small: together well under half the card.
    area = sum((r[2] - r[0]) * (r[3] - r[1]) for r in upgraded.sticker_regions)
    assert area < 0.3 * SIZES["print"][0] * SIZES["print"][1]


def test_l17_upgraded_copy_has_no_on_buy_line() -> None:
    names = faction_names(GOLDEN_PACK, "en")
    onbuy = ability_text({"when": "onbuy", "do": [{"combat": 2}]}, "en", names)
    plain = draw_face(face_of(GOLDEN_PACK, "lancer"), "en")
    upgraded = draw_face(face_of(GOLDEN_PACK, "lancer", sticker_id="empire-1:3:ship"), "en")
    assert _contains(plain.boxes, "ability", onbuy)
    assert not _contains(upgraded.boxes, "ability", onbuy)
    assert _contains(upgraded.boxes, "sticker", "and +2 combat")
    assert _contains(upgraded.boxes, "faction-sticker", "Star Empire")


def test_sticker_of_reads_the_sheet_row_and_side() -> None:
    sticker = sticker_of(GOLDEN_PACK, "empire-1:3:base")
    assert sticker.side == "empire" and not sticker.extends_primary
    assert sticker.abilities == [{"when": "ally", "faction": "empire", "do": [{"draw": 1}]}]
    assert sticker_of(GOLDEN_PACK, "empire-1:3:ship").extends_primary


@pytest.mark.parametrize("bad", ["empire-1:4:ship", "nowhere:3:ship", "empire-1:3:tank",
                                 "empire-1", "empire-1:²:ship", ""])
def test_unknown_sticker_or_card_is_a_key_error(bad: str) -> None:
    with pytest.raises(KeyError):
        face_of(GOLDEN_PACK, "lancer", sticker_id=bad or ":::")
    with pytest.raises(KeyError):
        face_of(GOLDEN_PACK, "no-such-card")


def test_unknown_faction_gets_a_stable_colour_of_its_own() -> None:
    from cards.render.style import KNOWN, faction_style
    style = faction_style("pirates-of-my-own-pack")
    assert style == faction_style("pirates-of-my-own-pack")
    assert style.colour not in {s.colour for s in KNOWN.values()}
    design = {"id": "x", "name": {"en": "Odd", "ru": "Странный"}, "type": "ship", "cost": 1,
              "factions": ["pirates-of-my-own-pack"], "role": "trade", "quantity": 1,
              "abilities": [{"when": "ally", "faction": "pirates-of-my-own-pack",
                             "do": [{"trade": 1}]}]}
    drawn = draw_face(face_from_design({"cards": []}, design), "ru")
    _assert_fits(drawn.boxes, "own faction")


def test_long_texts_shrink_and_wrap_inside_the_card() -> None:
    words = "scrap a card from your hand or discard pile, then draw a card " * 4
    design = {"id": "wordy", "name": {"en": "A Very Long Name " * 3, "ru": "Очень длинное имя " * 3},
              "type": "base", "outpost": True, "defense": 12, "cost": 12, "factions": ["blob"],
              "role": "trade", "quantity": 9,
              "abilities": [{"when": "primary", "do": [], "text": {"en": words, "ru": words}},
                            {"when": "ally", "faction": "blob", "do": [{"draw": 2}]},
                            {"when": "scrap", "do": [{"combat": 5}]}]}
    for lang in LANGS:
        drawn = draw_face(face_from_design(GOLDEN_PACK, design, copy_number=9), lang)
        _assert_fits(drawn.boxes, f"wordy:{lang}")
        assert _contains(drawn.boxes, "ability", words)


def test_a_single_unbreakable_word_is_cut_inside_the_card_not_beyond_it() -> None:
    design = {"id": "raw", "name": {"en": "x" * 300}, "type": "ship", "cost": 1,
              "factions": [], "abilities": [{"when": "primary", "do": [], "text": {"en": "y" * 5000}}]}
    drawn = draw_face(face_from_design({}, design), "en")
    assert all(_inside_card(b.box) for b in drawn.boxes)
    assert any(b.cut for b in drawn.boxes)


# -- Sizes, cache, fonts -------------------------------------------------------------------------

def test_sizes_are_poker_cards_at_300_dpi_and_half_that_on_the_web() -> None:
    assert SIZES["print"] == (744, 1039)
    face = face_of(GOLDEN_PACK, "lancer")
    assert render_image(face, "en", "print").size == SIZES["print"]
    assert render_image(face, "en", "web").size == SIZES["web"] == (372, 520)


def test_second_request_draws_nothing(fresh_card_cache: Path) -> None:
    face = face_of(GOLDEN_PACK, "lancer", copy_number=1)
    before = render_draw.draw_count
    first = face_png(face, "ru", "print")
    assert render_draw.draw_count == before + 1
    second = face_png(face, "ru", "print")
    assert render_draw.draw_count == before + 1
    assert first == second and first.is_relative_to(fresh_card_cache)
    assert Image.open(first).size == SIZES["print"]
    back = back_png("trade", "en")
    assert back_png("trade", "en") == back and render_draw.draw_count == before + 2
    assert not list(fresh_card_cache.rglob(".draw-*")), "temporary files are renamed into place"


def test_cache_key_changes_with_design_sticker_language_size_version_and_wording(
        monkeypatch) -> None:
    face = face_of(GOLDEN_PACK, "lancer", copy_number=1)
    key = face_cache_key(face, "en", "web")
    assert key == face_cache_key(face_of(GOLDEN_PACK, "lancer", copy_number=1), "en", "web")
    changed = json.loads(json.dumps(GOLDEN_PACK))
    changed["cards"][0]["abilities"][0]["do"][0]["combat"] = 5
    others = {
        face_cache_key(face_of(changed, "lancer", copy_number=1), "en", "web"),
        face_cache_key(face_of(GOLDEN_PACK, "lancer", sticker_id="empire-1:3:ship",
                               copy_number=1), "en", "web"),
        face_cache_key(face, "ru", "web"),
        face_cache_key(face, "en", "print"),
        face_cache_key(face_of(GOLDEN_PACK, "lancer", copy_number=2), "en", "web"),
    }
    monkeypatch.setattr(render_cache, "RENDERER_VERSION", "test-next")
    others.add(face_cache_key(face, "en", "web"))
    monkeypatch.undo()
    # a new wording in cards/phrases.py or cards/text.py: no cached face keeps the old words
    monkeypatch.setattr(render_cache, "WORDING", "another-wording")
    others.add(face_cache_key(face, "en", "web"))
    assert key not in others and len(others) == 7


def test_unknown_language_or_size_is_refused() -> None:
    face = face_of(GOLDEN_PACK, "lancer")
    with pytest.raises(ValueError):
        face_cache_key(face, "de", "web")
    with pytest.raises(ValueError):
        render_image(face, "en", "poster")
    with pytest.raises(KeyError):
        back_png("discard", "en")


def test_missing_font_fails_with_a_clear_error(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setattr(fonts, "FONT_DIR", tmp_path)
    fonts.font.cache_clear()
    try:
        with pytest.raises(fonts.FontMissingError, match="fonts-dejavu-core"):
            render_image(face_of(GOLDEN_PACK, "lancer"), "en")
    finally:
        monkeypatch.undo()
        fonts.font.cache_clear()


def test_two_workers_drawing_the_same_face_leave_one_whole_png(fresh_card_cache: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    face = face_of(GOLDEN_PACK, "tower", copy_number=1)
    with ThreadPoolExecutor(max_workers=4) as pool:
        paths = set(pool.map(lambda _: face_png(face, "en", "web"), range(4)))
    assert len(paths) == 1
    with Image.open(paths.pop()) as image:
        image.load()
        assert image.size == SIZES["web"]
    assert not list(fresh_card_cache.rglob(".draw-*"))
