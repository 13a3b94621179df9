"""Loading the shipped packs gives the same `Pack` as before the pack loader was split up.

The digests below were recorded with the one-class loader (play/engine/content.py before the
"content:" commit). A digest covers everything a loaded pack holds: its designs (every field),
abilities, stickers, sides, sheets, VP cards, scenarios and copy lists. When a pack file or the
pack format changes on purpose, record again: `python -m tests.engine.test_pack_identity`.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from play.engine import Pack, load_pack, merge_packs
from play.engine.content import Design

PACKS = Path(__file__).resolve().parents[2] / "fixtures" / "packs"
RECORDED: dict[str, str] = {
    "colony-wars.json": "16b3f3457c4b4131d7fb9476d0e7190bcc34623c5ebc39b2efc7b885efeb83c7",
    "core-set.json": "206ed9221cf04fba02ed63cceb1fb4340699daae1ee623861d977ad1f0dcd986",
    "legacy-default.json": "7cf13970fca826263566e0c2b62800cac0267dc81d2c6945b326f28235736231",
    "core-set.json+colony-wars.json": "6358764404f3310ccf82ee630bfd9125ada70d2eb1a1583a5c8ff0ce22c9a394",
}


def plain(value: Any) -> Any:
    """Turn a loaded pack's parts into JSON-safe data that keeps every field and type name."""
    if isinstance(value, Design):
        return {"Design": {key: plain(getattr(value, key)) for key in Design.__slots__
                           if key not in Design.SHORTCUTS}}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {type(value).__name__: {k: plain(getattr(value, k)) for k in value._fields}}
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, [plain(v) for v in value]]
    if isinstance(value, dict):
        return {"dict": sorted([repr(k), plain(v)] for k, v in value.items())}
    return value


def summary(pack: Pack) -> dict[str, Any]:
    """Return the comparable parts of a loaded pack."""
    return {
        "id": pack.id, "kind": pack.kind, "raw": pack.raw, "faction_bits": plain(pack.faction_bits),
        "designs": plain(pack.designs), "by_id": sorted(pack.by_id),
        "copies": [[c, d.id] for c, d in pack.copies.items()],
        "default_trade_deck": [[c, d.id] for c, d in pack.default_trade_deck],
        "sides": plain(pack.sides), "sheets": plain(pack.sheets), "stickers": plain(pack.stickers),
        "vp_cards": plain(pack.vp_cards), "scenarios": plain(pack.scenarios),
    }


def digest(pack: Pack) -> str:
    """Return the SHA-256 of a pack's summary."""
    text = json.dumps(summary(pack), sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


def loaded() -> dict[str, Pack]:
    """Return every shipped pack, loaded, plus the core set mixed with Colony Wars."""
    packs = {path.name: load_pack(json.loads(path.read_text(encoding="utf-8")), path.name)
             for path in sorted(PACKS.glob("*.json"))}
    packs["core-set.json+colony-wars.json"] = merge_packs(
        [packs["core-set.json"], packs["colony-wars.json"]])
    return packs


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_a_shipped_pack_loads_as_recorded(name: str) -> None:
    assert digest(loaded()[name]) == RECORDED[name]


def test_every_shipped_pack_has_a_recorded_digest() -> None:
    assert sorted(loaded()) == sorted(RECORDED)


def test_the_digest_sees_a_changed_ability() -> None:
    raw = json.loads((PACKS / "core-set.json").read_text(encoding="utf-8"))
    before = digest(load_pack(raw))
    raw["cards"][-1]["abilities"][0]["do"][0] = {"trade": 9}
    assert digest(load_pack(raw)) != before


if __name__ == "__main__":
    for name, pack in loaded().items():
        print(f'    "{name}": "{digest(pack)}",')
