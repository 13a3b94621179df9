"""Tabletop Simulator export: a saved object (one ``DeckCustom`` per pile) and its face sheets.

TTS's "Saved Objects" loads a JSON whose ``ObjectStates`` holds one ``DeckCustom`` for each part
of the deck (the trade deck, each side's personal deck, the explorers), named after it and laid
side by side on the table, so players never sort the cards by hand (a part of one card is a
lone ``Card``). Each deck's
``CustomDeck`` maps a deck key (1, 2, ...) to a sheet: ``FaceURL`` (one image of up to 10
columns x 7 rows of faces), ``BackURL`` (one back for the whole sheet, ``UniqueBack`` false),
``NumWidth``/``NumHeight`` (the grid) and ``BackIsHidden``. Each card of ``ContainedObjects`` is
``{"Name": "Card", "CardID": key * 100 + index, "Nickname": <card name>, ...}`` with the index
counted left to right, top to bottom on its sheet; ``DeckIDs`` lists the CardIDs in deck order.

Sheets: at most 69 faces each. TTS shows a sheet's last slot (bottom right) as the "hidden" face
of cards in another player's hand when ``BackIsHidden`` is false; we set it true (the back is
shown instead) and also put the back image in that last slot, so both readings agree. Each part
has sheets of its own (its cards share one back).

Where the images live: sheets and backs are JPEG files in ``CARD_CACHE_DIR/tts/``, named by an
HMAC of their content key (unguessable: TTS fetches them without cookies, so the URL itself is
the permission), and served by ``cards.export.views.tts_image`` at ``/cards/tts/<name>.jpg`` on
the site's own host. The zip download holds the JSON (with those absolute URLs) plus the same
images under ``images/``: to play offline, replace the URL prefix in the JSON by a ``file:///``
path to the unzipped ``images`` folder (the file names are the URLs' last segments).
"""
from __future__ import annotations

import hashlib
import hmac
import io
import json
import os
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from PIL import Image

from cards.export.deck import Deck, DeckPart, PhysicalCard
from cards.export.faces import back_jpeg, card_face, face_jpeg
from cards.language import pack_text
from cards.render import SIZES, back_cache_key, face_cache_key

COLUMNS, MAX_ROWS = 10, 7
FACES_PER_SHEET = COLUMNS * MAX_ROWS - 1  # the last slot holds the hidden-card image
# Half the 300 dpi face (what JPEG decodes at 1/2 scale): a full sheet is 3720x3640 px.
TILE = tuple((n + 1) // 2 for n in SIZES["print"])
DRAFT = tuple(n // 2 for n in SIZES["print"])  # PIL picks scale 1/2 when size // DRAFT >= 2
JPEG_QUALITY = 90
LAYOUT_VERSION = "1"
IMAGE_NAME = r"[0-9a-f]{64}\.jpg"
SPACING = 3.0  # table units between the decks' centres (a card is about 2.2 wide)


@dataclass(frozen=True)
class Sheet:
    """One face sheet of the saved object: its deck key, grid, image names and cards."""

    key: int
    rows: int
    face_name: str
    back_name: str
    cards: tuple[PhysicalCard, ...]
    part: str = ""  # the key of the deck part its cards belong to


def image_dir() -> Path:
    return Path(settings.CARD_CACHE_DIR) / "tts"


def image_path(name: str) -> Path:
    return image_dir() / name


def _public_name(content_key: str) -> str:
    """Return an unguessable file name for content: an HMAC keyed by the site's secret."""
    digest = hmac.new(settings.SECRET_KEY.encode(), content_key.encode(), hashlib.sha256)
    return f"{digest.hexdigest()}.jpg"


def build_sheets(deck: Deck, lang: str) -> list[Sheet]:
    """Compose (or find cached) the sheet images of a deck, each part on sheets of its own;
    return them in deck-key order."""
    groups: dict[str, tuple[DeckPart, list[PhysicalCard]]] = {}
    for part, card in deck.cards:
        groups.setdefault(part.key, (part, []))[1].append(card)
    sheets: list[Sheet] = []
    for part, cards in groups.values():
        for start in range(0, len(cards), FACES_PER_SHEET):
            chunk = tuple(cards[start:start + FACES_PER_SHEET])
            sheets.append(_sheet(deck, len(sheets) + 1, part, chunk, lang))
    return sheets


def _sheet(deck: Deck, key: int, part: DeckPart, cards: tuple[PhysicalCard, ...],
           lang: str) -> Sheet:
    """Return one sheet, composing its images only if they are not on disk yet."""
    back = part.back
    faces = [card_face(deck, card) for card in cards]
    rows = min(MAX_ROWS, len(cards) // COLUMNS + 1)  # room for the hidden slot after the faces
    back_key = back_cache_key(back, lang, "print")
    content = "|".join([LAYOUT_VERSION, str(rows), back_key]
                       + [face_cache_key(face, lang, "print") for face in faces])
    face_name, back_name = _public_name(content), _public_name(f"back|{LAYOUT_VERSION}|{back_key}")
    back_file = back_jpeg(back, lang)
    if not image_path(back_name).is_file():
        _store(_tile(back_file), back_name)
    if not image_path(face_name).is_file():
        _store(_compose([face_jpeg(face, lang) for face in faces], back_file, rows), face_name)
    return Sheet(key, rows, face_name, back_name, cards, part.key)


def _tile(path: Path) -> Image.Image:
    """Return a 300 dpi JPEG face at tile size (JPEG's draft mode decodes it at half scale)."""
    with Image.open(path) as image:
        image.draft("RGB", DRAFT)
        tile = image.convert("RGB")
    return tile if tile.size == TILE else tile.resize(TILE)


def _compose(faces: list[Path], back: Path, rows: int) -> Image.Image:
    """Paste the faces left to right, top to bottom, and the back into the last slot."""
    width, height = TILE
    sheet = Image.new("RGB", (COLUMNS * width, rows * height), (255, 255, 255))
    for index, path in enumerate(faces + [None] * (COLUMNS * rows - 1 - len(faces)) + [back]):
        if path is not None:
            row, column = divmod(index, COLUMNS)
            sheet.paste(_tile(path), (column * width, row * height))
    return sheet


def _store(image: Image.Image, name: str) -> None:
    """Write a JPEG atomically (two workers may compose the same sheet at once)."""
    directory = image_dir()
    directory.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=".sheet-", suffix=".jpg")
    try:
        with os.fdopen(handle, "wb") as out:
            image.save(out, "JPEG", quality=JPEG_QUALITY)
        os.replace(temporary, directory / name)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def saved_object(deck: Deck, sheets: list[Sheet], base_url: str, lang: str) -> dict[str, Any]:
    """Return the saved-object JSON; ``base_url`` is where the images are served (…/cards/tts/)."""
    base = base_url.rstrip("/") + "/"
    custom = {str(s.key): {"FaceURL": base + s.face_name, "BackURL": base + s.back_name,
                           "NumWidth": COLUMNS, "NumHeight": s.rows, "BackIsHidden": True,
                           "UniqueBack": False, "Type": 0}
              for s in sheets}
    parts = {part.key: part for part, _card in deck.cards}
    objects = [_pile(part, [s for s in sheets if s.part == key], custom, lang)
               for key, part in parts.items()]
    for position, pile in enumerate(objects):  # side by side, centred on the table
        pile["Transform"]["posX"] = round((position - (len(objects) - 1) / 2) * SPACING, 2)
    return {"SaveName": "", "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}


def _pile(part: DeckPart, sheets: list[Sheet], custom: dict[str, Any], lang: str
          ) -> dict[str, Any]:
    """Return one part of the deck as a TTS deck named after it (a lone card if it has one)."""
    cards = [_card(s, index, card, custom[str(s.key)], lang)
             for s in sheets for index, card in enumerate(s.cards)]
    if len(cards) == 1:
        return cards[0]
    pile = _object("DeckCustom", pack_text(part.name, lang))
    pile.update({"DeckIDs": [c["CardID"] for c in cards],
                 "CustomDeck": {str(s.key): custom[str(s.key)] for s in sheets},
                 "ContainedObjects": cards})
    return pile


def _card(sheet: Sheet, index: int, card: PhysicalCard, deck_entry: dict[str, Any],
          lang: str) -> dict[str, Any]:
    entry = _object("Card", card.name(lang))
    entry.update({"CardID": sheet.key * 100 + index, "CustomDeck": {str(sheet.key): deck_entry}})
    return entry


def _object(name: str, nickname: str) -> dict[str, Any]:
    """Return the fields every TTS object carries (face down, at the table's centre)."""
    return {"Name": name, "Nickname": nickname, "Description": "", "GMNotes": "",
            "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
                          "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
            "ColorDiffuse": {"r": 0.713, "g": 0.713, "b": 0.713},
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "HideWhenFaceDown": True, "Hands": True, "SidewaysCard": False}


def dumps(deck: Deck, base_url: str, lang: str = "en") -> bytes:
    """Return the saved-object JSON's bytes (the sheets are stored for the site to serve)."""
    data = saved_object(deck, build_sheets(deck, lang), base_url, lang)
    return json.dumps(data, ensure_ascii=False, indent=2).encode("utf-8")


README = """{title}

Tabletop Simulator saved object: copy {json_name} into your "Saved Objects" folder
(Documents/My Games/Tabletop Simulator/Saves/Saved Objects), then in TTS: Objects > Saved Objects.

The JSON points at the images on the site ({base}); they load as long as that site keeps them.
To play offline, unzip this archive and, in {json_name}, replace every
    {base}
by a file address of the unzipped images folder, for example
    file:///C:/Users/you/Downloads/{stem}/images/
(the file names are the same). Sheets hold up to 69 faces (10 x 7, the last slot is the hidden
card image); CardID = deck key x 100 + position on the sheet.
"""


def zip_bytes(deck: Deck, base_url: str, lang: str = "en") -> bytes:
    """Return a zip with the saved-object JSON, its sheet and back images, and a README."""
    sheets = build_sheets(deck, lang)
    data = saved_object(deck, sheets, base_url, lang)
    json_name = deck.filename("json")
    names = sorted({s.face_name for s in sheets} | {s.back_name for s in sheets})
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:  # JPEGs do not shrink
        archive.writestr(json_name, json.dumps(data, ensure_ascii=False, indent=2))
        archive.writestr("README.txt", README.format(
            title=pack_text(deck.title, lang), json_name=json_name,
            base=base_url.rstrip("/") + "/", stem=deck.stem))
        for name in names:
            archive.write(image_path(name), f"images/{name}")
    return buffer.getvalue()
