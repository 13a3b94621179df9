"""Check a Tabletop Simulator save as TTS reads it (issue 20): the rules of the save format that
a deck of custom cards depends on, written down once for the export tests.

- The save is a JSON object whose ``ObjectStates`` is a list of objects, each with ``Name``,
  ``Nickname`` and a ``Transform`` (position, rotation, scale as numbers).
- A deck is ``"Name": "DeckCustom"`` with ``DeckIDs`` (the cards, top first) equal to its
  ``ContainedObjects``' ``CardID``s in order, and a ``CustomDeck`` holding exactly the sheets
  those cards use. A lone card is ``"Name": "Card"`` with a ``CardID`` and a ``CustomDeck``.
- ``CardID`` = sheet key x 100 + slot; the slot lies in the sheet's ``NumWidth`` x ``NumHeight``
  grid (not its last slot when ``BackIsHidden``: that is the hidden face). Each card carries
  its own one-sheet ``CustomDeck`` with the same entry as its deck.
- A sheet entry has ``FaceURL`` and ``BackURL`` (addresses TTS can fetch), ``NumWidth`` 1-10 and
  ``NumHeight`` 1-7 (TTS's largest grid); a sheet key means one sheet in the whole save.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")


def problems(saved: Any) -> list[str]:
    """Return what in `saved` (a loaded JSON save) TTS would not read as custom decks."""
    found: list[str] = []
    objects = saved.get("ObjectStates") if isinstance(saved, dict) else None
    if not isinstance(objects, list) or not objects:
        return ["ObjectStates is not a non-empty list"]
    sheets: dict[str, dict[str, Any]] = {}
    for number, obj in enumerate(objects):
        where = f"object {number} ({obj.get('Nickname')!r})"
        found += _common(obj, where)
        if obj.get("Name") == "DeckCustom":
            found += _deck(obj, where, sheets)
        elif obj.get("Name") == "Card":
            found += _card(obj, where, obj.get("CustomDeck", {}), sheets)
        else:
            found.append(f"{where}: Name {obj.get('Name')!r} is neither DeckCustom nor Card")
    return found


def sheet_entries(saved: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Return every sheet of the save by its key."""
    entries: dict[str, dict[str, Any]] = {}
    for obj in saved["ObjectStates"]:
        entries.update(obj.get("CustomDeck", {}))
    return entries


def _common(obj: dict[str, Any], where: str) -> list[str]:
    transform = obj.get("Transform", {})
    bad = [key for key in TRANSFORM if not isinstance(transform.get(key), (int, float))]
    found = [f"{where}: Transform lacks {bad}"] if bad else []
    if not isinstance(obj.get("Nickname"), str) or not obj["Nickname"].strip():
        found.append(f"{where}: no Nickname")
    return found


def _deck(deck: dict[str, Any], where: str, sheets: dict[str, dict[str, Any]]) -> list[str]:
    cards = deck.get("ContainedObjects")
    if not isinstance(cards, list) or len(cards) < 2:
        return [f"{where}: a deck holds at least two cards"]
    found = []
    ids = [card.get("CardID") for card in cards]
    if deck.get("DeckIDs") != ids:
        found.append(f"{where}: DeckIDs are not the ContainedObjects' CardIDs in order")
    custom = deck.get("CustomDeck", {})
    used = {str(i // 100) for i in ids if isinstance(i, int)}
    if set(custom) != used:
        found.append(f"{where}: CustomDeck keys {sorted(custom)} are not the cards' {sorted(used)}")
    for index, card in enumerate(cards):
        if card.get("Name") != "Card":
            found.append(f"{where}, card {index}: Name is not Card")
        found += _card(card, f"{where}, card {index}", custom, sheets)
    return found


def _card(card: dict[str, Any], where: str, custom: dict[str, Any],
          sheets: dict[str, dict[str, Any]]) -> list[str]:
    card_id = card.get("CardID")
    if not isinstance(card_id, int) or card_id < 100:
        return [f"{where}: CardID {card_id!r} is not sheet key x 100 + slot"]
    key, slot = str(card_id // 100), card_id % 100
    entry = custom.get(key)
    if entry is None:
        return [f"{where}: sheet {key} is not in its CustomDeck"]
    found = _entry(entry, f"{where}, sheet {key}")
    if card.get("CustomDeck") != {key: entry}:
        found.append(f"{where}: its own CustomDeck is not its sheet {key}")
    if key in sheets and sheets[key] != entry:
        found.append(f"{where}: sheet key {key} names two different sheets")
    sheets.setdefault(key, entry)
    if not found:
        slots = entry["NumWidth"] * entry["NumHeight"] - (1 if entry.get("BackIsHidden") else 0)
        if slot >= slots:
            found.append(f"{where}: slot {slot} lies outside its {slots}-card sheet")
    return found


def _entry(entry: dict[str, Any], where: str) -> list[str]:
    found = []
    for url_key in ("FaceURL", "BackURL"):
        url = urlparse(str(entry.get(url_key, "")))
        if url.scheme not in ("http", "https", "file") or not url.path:
            found.append(f"{where}: {url_key} {entry.get(url_key)!r} is not an address")
    if not (isinstance(entry.get("NumWidth"), int) and 1 <= entry["NumWidth"] <= 10):
        found.append(f"{where}: NumWidth {entry.get('NumWidth')!r} is not 1-10")
    if not (isinstance(entry.get("NumHeight"), int) and 1 <= entry["NumHeight"] <= 7):
        found.append(f"{where}: NumHeight {entry.get('NumHeight')!r} is not 1-7")
    return found
