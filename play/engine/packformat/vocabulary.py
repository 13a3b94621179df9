"""The pack format's vocabulary: the names and limits every section of a pack is checked against."""

from __future__ import annotations

from dataclasses import dataclass

KNOWN_FACTIONS = ("blob", "federation", "empire", "machine", "consortium", "kingdom", "scavengers")
SIDES = ("empire", "federation")
ROLES = ("trade", "scout", "viper", "explorer", "starter", "post_campaign", "token")
WHENS = ("primary", "ally", "scrap", "onbuy", "static")
CARD_TYPES = ("ship", "base", "any")
ACQUIRE_TO = ("discard", "hand", "deck_top")
SCRAP_ZONES = ("hand", "discard", "hand_or_discard", "trade_row")
WHO = ("all", "first", "second", "empire", "federation")
FORBID_ACTIONS = ("attack_player", "attack_base", "buy")
TRIGGER_EVENTS = ("acquire", "play", "scrap", "destroy_base")
PLAIN_COUNTERS = (
    "ships_played", "other_ships_played", "cards_played", "bases_in_play", "outposts_in_play",
    "hand", "deck", "discard", "authority", "opponent_authority", "last_count", "turn",
    "opponent_bases_in_play", "scrapped_this_turn",
)
FACTION_COUNTERS = ("faction_played:", "faction_in_play:", "trade_row_faction:")
STATS = (
    "bases_destroyed", "cards_scrapped", "cards_acquired", "upgrades", "damage_dealt",
    "authority_gained", "outpost_turn_starts", "ships_played_total",
)
MATCH_KEYS = ("card", "faction", "type", "role", "cost_at_least", "cost_at_most", "upgraded")
MAX_REPEAT = 32  # a "repeat" runs its effects at most this often (a counter may say more)
MAX_ABILITIES = 16  # ability indexes are packed into a small int per card instance


STICKER_KINDS = ("ship", "base")


@dataclass(frozen=True)
class StickerRef:
    """A sticker id ``<sheet id>:<cost>:<ship|base>``: the ship or base sticker of one sheet row.

    The one reading of sticker ids for the engine and the site.

    >>> StickerRef.parse("empire-1:3:ship").row
    'empire-1:3'
    """

    sheet_id: str
    cost: int
    kind: str

    @classmethod
    def parse(cls, sticker_id: object) -> StickerRef:
        """Split a sticker id; raise ValueError when it has the wrong shape."""
        sheet_id, _sep, rest = str(sticker_id).rpartition(":")
        sheet_id, _sep2, cost = sheet_id.rpartition(":")
        if (not _sep or not _sep2 or not sheet_id or rest not in STICKER_KINDS
                or not (cost.isascii() and cost.isdigit())):
            raise ValueError(f"not a sticker id: {str(sticker_id)[:120]!r}")
        return cls(sheet_id, int(cost), rest)

    @property
    def id(self) -> str:
        return f"{self.sheet_id}:{self.cost}:{self.kind}"

    @property
    def row(self) -> str:
        """Return ``<sheet id>:<cost>``: the row a sticker uses up (L14, one per row)."""
        return f"{self.sheet_id}:{self.cost}"
