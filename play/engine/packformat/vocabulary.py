"""The pack format's vocabulary: the names and limits every section of a pack is checked against."""

from __future__ import annotations

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
