"""The pack loader: the top level of a pack, then each section's reader in turn."""

from __future__ import annotations

from typing import Any

from .legacy_parts import LegacyReader
from .model import Pack
from .reader import show


class PackLoader(LegacyReader):
    """Loads one pack: header and factions here, cards and legacy parts in their sections."""

    def load(self, raw: Any) -> Pack:
        raw = self.obj(raw, "pack file")
        if raw.get("format") != 1:
            raise self.fail("format", f"unsupported format {show(raw.get('format'))} (expected 1)")
        meta = self.obj(raw.get("pack"), "pack")
        if not isinstance(meta.get("id"), str) or not meta["id"]:
            raise self.fail("pack.id", "missing pack id")
        self.choice(meta.get("kind"), ("core", "legacy"), "pack.kind", "pack kind")
        for i, faction in enumerate(self.lst(raw.get("factions", []), "factions")):
            fid = self.obj(faction, f"factions[{i}]").get("id")
            if not isinstance(fid, str) or not fid:
                raise self.fail(f"factions[{i}].id", "missing faction id")
            self.bits.setdefault(fid, 1 << len(self.bits))
        cards = self.lst(raw.get("cards"), "cards")
        self.card_ids = {c.get("id") for c in cards if isinstance(c, dict)}
        designs = [self.card(i, c) for i, c in enumerate(cards)]
        pack = Pack(raw, designs, dict(self.bits))
        if meta["kind"] == "legacy":
            self.legacy(raw, pack)
        return pack
