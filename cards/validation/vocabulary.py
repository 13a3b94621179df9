"""The fixed words and numbers of the pack format that the validator checks against."""
from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "ru")
KINDS = ("core", "legacy")
CARD_TYPES = ("ship", "base")
ROLES = ("trade", "scout", "viper", "explorer", "starter", "post_campaign", "token")
LEGACY_FACTIONS = ("consortium", "kingdom", "scavengers")
SIDES = ("empire", "federation")
CORE_COUNTS = {"trade": 80, "scout": 16, "viper": 4, "explorer": 10}
LEGACY_COUNTS = {"trade": 60, "explorer": 20, "post_campaign": 24}
PER_LEGACY_FACTION = 20
STARTING_DECK = {"scout": 8, "viper": 1, "starter": 2}  # L7, counted by the cards' roles
SHEET_SCENARIOS = (1, 2, 3, 4)  # L18
SHEET_ROWS = 5  # L13
SCENARIO_NUMBERS = tuple(range(1, 13))  # L4
# What the database columns hold (cards.models); a pack beyond them would load on SQLite and fail
# with a DataError on PostgreSQL, so the validator refuses it on both.
MAX_DEPTH = 64
MAX_ID_LENGTH = 100
MAX_NAME_LENGTH = 200
MAX_INT = 2_147_483_647
MAX_PROBLEMS = 50
AT_TABLE = "at_table"  # a VP card the players award by its text (owners' sets, issue 19)


def is_int(value: Any, minimum: int = 0) -> bool:
    """Return whether `value` is a real integer (not a bool) of at least `minimum`."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum
