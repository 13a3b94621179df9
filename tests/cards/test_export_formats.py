"""Deck exports, format by format (issue 8 part 3): JSON, CSV, PDF and Tabletop Simulator."""
from __future__ import annotations

import csv
import io
import json
import math
import re
import subprocess
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageStat

from cards.export import csvfile, packjson, pdf, tts
from cards.export.deck import Deck, pack_deck
from cards.loading import load_pack_data
from cards.validation import validate_pack
from tests.campaign.packs import legacy_pack


ROOT = Path(__file__).resolve().parents[2]
POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def core_deck() -> Deck:
    return pack_deck(json.loads((ROOT / "fixtures/packs/core-set.json").read_text()))


def first_cards(deck: Deck, n: int) -> Deck:
    """Return a deck of the first ``n`` cards (one part per original part, order kept)."""
    parts, left = [], n
    for part in deck.parts:
        if left > 0:
            parts.append(replace(part, cards=part.cards[:left]))
            left -= len(parts[-1].cards)
    return replace(deck, parts=tuple(parts))


# -- JSON ---------------------------------------------------------------------------------------


def test_json_export_of_a_pack_validates_and_round_trips_identically(db) -> None:
    deck = pack_deck(legacy_pack())
    first = packjson.dumps(deck)
    data = json.loads(first)
    assert validate_pack(data, filename="deck.json") == []
    assert data["pack"]["kind"] == "core" and data["pack"]["deck"] is True
    loaded = load_pack_data(data, filename="deck.json").pack
    assert loaded.slug == "test-legacy-deck"
    assert packjson.dumps(pack_deck(loaded.data)) == first


def test_json_keeps_every_physical_card() -> None:
    deck = pack_deck(legacy_pack())
    cards = json.loads(packjson.dumps(deck))["cards"]
    assert sum(c["quantity"] for c in cards) == len(deck)


def test_validator_still_wants_scouts_and_vipers_in_an_exported_deck() -> None:
    data = json.loads(packjson.dumps(pack_deck(legacy_pack())))
    data["cards"] = [c for c in data["cards"] if c["role"] != "viper"]
    problems = [str(p) for p in validate_pack(data, filename="deck.json")]
    assert any('role "viper"' in p for p in problems)


# -- CSV ----------------------------------------------------------------------------------------


def test_csv_has_a_row_per_physical_card_and_every_column() -> None:
    deck = pack_deck(legacy_pack())
    raw = csvfile.dumps(deck, "ru")
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs to read UTF-8
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert len(rows) == len(deck)
    assert list(rows[0]) == list(csvfile.COLUMNS)
    assert all(row["name_en"] and row["name_ru"] and row["copy_number"] for row in rows)
    assert rows[0]["part"] == "Торговая колода" and rows[0]["type"] in ("Корабль", "База")
    assert rows[0]["name_ru"].startswith("[ru]")


# -- PDF ----------------------------------------------------------------------------------------


def _pdfinfo(path: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return dict(line.split(":", 1) for line in out.splitlines() if ":" in line)


def _page_png(path: Path, page: int, tmp: Path) -> Image.Image:
    stem = tmp / f"page{page}"
    subprocess.run(["pdftoppm", "-f", str(page), "-l", str(page), "-r", "40", "-png",
                    "-singlefile", str(path), str(stem)], check=True)
    return Image.open(f"{stem}.png").convert("L")


def _slot_box(image: Image.Image, paper: str, slot: int) -> tuple[int, int, int, int]:
    """Return the pixel box of grid slot ``slot`` (inset 3 mm) on a rendered page."""
    width, height = pdf.PAPERS[paper]
    scale = image.width / width
    row, column = divmod(slot, pdf.COLUMNS)
    left = (width - pdf.COLUMNS * pdf.CARD_W) / 2 + column * pdf.CARD_W + 3
    top = (height - pdf.ROWS * pdf.CARD_H) / 2 + row * pdf.CARD_H + 3
    return (round(left * scale), round(top * scale), round((left + pdf.CARD_W - 6) * scale),
            round((top + pdf.CARD_H - 6) * scale))


def _blank(image: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return ImageStat.Stat(image.crop(box)).extrema[0][0] > 245  # nothing darker than near-white


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_pages_size_and_card_areas(paper: str, tmp_path: Path) -> None:
    deck = first_cards(core_deck(), 11)
    path = tmp_path / "deck.pdf"
    path.write_bytes(pdf.dumps(deck, "en", paper))
    info = _pdfinfo(path)
    assert int(info["Pages"]) == math.ceil(11 / 9) == pdf.page_count(11, backs=False)
    size = re.findall(r"[\d.]+", info["Page size"])
    assert (float(size[0]), float(size[1])) == pytest.approx(POINTS[paper], abs=0.1)
    page = _page_png(path, 1, tmp_path)
    assert not any(_blank(page, _slot_box(page, paper, slot)) for slot in range(9))
    second = _page_png(path, 2, tmp_path)
    assert not _blank(second, _slot_box(second, paper, 1)) and _blank(second, _slot_box(second, paper, 2))


def test_pdf_card_is_63_by_88_mm() -> None:
    assert (pdf.CARD_W, pdf.CARD_H) == (63.0, 88.0)
    assert pdf.COLUMNS * pdf.CARD_W < min(w for w, _ in pdf.PAPERS.values())
    assert pdf.ROWS * pdf.CARD_H < min(h for _, h in pdf.PAPERS.values())


def test_pdf_back_pages_are_mirrored_for_duplex(tmp_path: Path) -> None:
    deck = first_cards(core_deck(), 10)
    path = tmp_path / "deck.pdf"
    path.write_bytes(pdf.dumps(deck, "en", "a4", backs=True))
    assert int(_pdfinfo(path)["Pages"]) == pdf.page_count(10, backs=True) == 4
    back = _page_png(path, 4, tmp_path)  # the back page of the one card on face page 3 (slot 0)
    assert _blank(back, _slot_box(back, "a4", 0)) and not _blank(back, _slot_box(back, "a4", 2))


def test_pdf_refuses_an_unknown_paper() -> None:
    with pytest.raises(ValueError, match="paper"):
        pdf.dumps(first_cards(core_deck(), 1), "en", "a3")


# -- Tabletop Simulator -----------------------------------------------------------------------


def test_tts_saved_object_keys_ids_and_sheets() -> None:
    deck = first_cards(core_deck(), 75)  # 75 trade cards: a full sheet of 69, then 6
    data = tts.saved_object(deck, tts.build_sheets(deck, "en"), "https://example.org/cards/tts/",
                            "en")
    (obj,) = data["ObjectStates"]
    assert obj["Name"] == "DeckCustom" and "Transform" in obj
    cards = obj["ContainedObjects"]
    assert len(cards) == 75 and obj["DeckIDs"] == [c["CardID"] for c in cards]
    assert len(set(obj["DeckIDs"])) == 75
    assert all(c["Name"] == "Card" for c in cards)
    assert [c["Nickname"] for c in cards] == [card.name("en") for _part, card in deck.cards]
    for key, entry in obj["CustomDeck"].items():
        assert set(entry) >= {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden",
                              "UniqueBack"}
        assert entry["NumWidth"] == 10 and 1 <= entry["NumHeight"] <= 7
        ids = [c["CardID"] for c in cards if str(c["CardID"] // 100) == key]
        assert all(0 <= i % 100 < entry["NumWidth"] * entry["NumHeight"] - 1 for i in ids)
        name = entry["FaceURL"].rsplit("/", 1)[1]
        width, height = tts.TILE
        with Image.open(tts.image_path(name)) as sheet:
            assert sheet.size == (10 * width, entry["NumHeight"] * height)
    assert sorted(len([c for c in cards if c["CardID"] // 100 == k]) for k in (1, 2)) == [6, 69]


def test_tts_zip_holds_the_json_the_images_and_a_readme() -> None:
    deck = first_cards(core_deck(), 12)
    raw = tts.zip_bytes(deck, "https://example.org/cards/tts/", "ru")
    archive = zipfile.ZipFile(io.BytesIO(raw))
    names = archive.namelist()
    saved = json.loads(archive.read(deck.filename("json")))
    urls = [v for entry in saved["ObjectStates"][0]["CustomDeck"].values()
            for v in (entry["FaceURL"], entry["BackURL"])]
    assert all(u.startswith("https://example.org/cards/tts/") for u in urls)
    assert {f"images/{u.rsplit('/', 1)[1]}" for u in urls} <= set(names)
    assert "README.txt" in names and b"file:///" in archive.read("README.txt")
