"""Starledger's rules engine for Star Realms (core set and the Legacy in-game rules).

Pure Python, standard library only (it never imports Django). The facade is these functions;
everything else is detail. A game is rebuilt exactly from (setup, action notations): all chance
comes from the shuffler kept in the state, keyed by the secret `setup.seed` (chance.py). The site
gives each match `new_seed()`: 256 bits nobody can guess or recover from the cards they see.

>>> from play.engine import GameSetup, apply, legal_actions, load_pack, new_game, tiny_pack, view
>>> pack = load_pack(tiny_pack())           # a small pack; fixtures/packs/ holds the real ones
>>> state = new_game(GameSetup(pack=pack, seed=1))
>>> state.decider                           # seat 0 moves first and holds 3 cards (C3)
0
>>> len(view(state, 0)["hand"]), view(state, 1)["hand"] is None or len(view(state, 1)["hand"])
(3, 5)
>>> first = legal_actions(state)[0]; first.notation.startswith("play")
True
>>> apply(state, first)                     # or apply(state, "play 12")
>>> replay(state.game.setup, [a.notation for a in state.history]) == state
True
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Iterable

from .actions import Action
from .balance import DIFFERS_Z as BALANCE_DIFFERS_Z
from .balance import as_json_safe as balance_json_safe
from .balance import campaign_table as balance_campaign_table
from .balance import measure as measure_balance
from .balance import measure_scenario as balance_scenario
from .balance import options_table as balance_options_table
from .balance import played_table as balance_played_table
from .balance import prefix_snapshots as balance_prefixes
from .balance import read_legacy_pack, run_forecast, snapshot_from_dict, snapshot_to_dict, wilson
from .balance import run as run_balance
from .balance import table as balance_table
from .bots import Bot
from .campaign_figures import winner_by_tie_breaks
from .bots.levels import LEGACY_BOTS, LEVEL_KEYS, LEVELS, SEAT_BOTS, level_bot, level_of
from .bots.registry import BOTS, get_bot
from .bulk import (
    GameResult,
    bot_of_spec,
    game_seed,
    play_bot_game,
    play_game,
    read_pack,
    read_packs,
)
from .chance import KEYED as KEYED_SHUFFLES
from .chance import new_seed
from .content import Pack, load_pack, merge_packs, validate_rules
from .errors import EngineError, IllegalAction, PackError, SetupError
from .legacy import (
    EXPLORERS,
    CampaignSnapshot,
    GameRecord,
    apply_outcome,
    next_snapshot,
    plain_setup,
    scenario_setup,
)
from .modes import MODES
from .observer import card as view_card
from .observer import render as log_line
from .observer import view
from .packformat.vocabulary import KNOWN_FACTIONS, SIDES, StickerRef
from .playstate import PlayState, new_game, state_from_dict
from .rules import ability_of, apply, decider, legal_actions, resign
from .setup import Game, GameSetup, SeatSetup, setup_for
from .state import GameState, Outcome

__all__ = [
    "BALANCE_DIFFERS_Z", "BOTS", "EXPLORERS", "KEYED_SHUFFLES", "KNOWN_FACTIONS", "LEGACY_BOTS", "LEVELS",
    "LEVEL_KEYS", "MODES", "SEAT_BOTS",
    "SIDES", "Action", "Bot",
    "CampaignSnapshot", "EngineError", "GameRecord", "GameResult", "GameSetup", "GameState",
    "IllegalAction", "Outcome", "Pack", "PackError", "PlayState", "SeatSetup", "SetupError", "StickerRef",
    "ability_of", "apply", "apply_outcome", "balance_campaign_table", "balance_json_safe",
    "balance_options_table", "balance_played_table", "balance_prefixes", "balance_scenario",
    "balance_table", "bot_of_spec", "clone", "decider", "deserialize", "game_seed", "get_bot",
    "legal_actions", "level_bot", "level_of", "load_pack", "log_line", "measure_balance",
    "merge_packs", "new_game", "new_seed", "next_snapshot", "outcome",
    "plain_setup", "play_bot_game", "play_game", "public_view", "read_legacy_pack", "read_pack",
    "read_packs", "replay", "resign", "run_balance", "run_forecast", "scenario_setup",
    "serialize", "setup_for", "snapshot_from_dict", "snapshot_to_dict", "tiny_pack",
    "validate_rules", "view", "view_card", "wilson", "winner_by_tie_breaks",
]


def public_view(state: GameState) -> dict:
    """Return the spectator view: only public information (C25)."""
    return view(state, None)


def outcome(state: GameState) -> Outcome | None:
    """Return how the game ended, or None while it goes on."""
    return state.outcome


def clone(state: GameState) -> GameState:
    """Return an independent copy of the state (cheap; for search bots)."""
    return state.clone()


def serialize(state: GameState) -> dict:
    """Return the full state as JSON-safe data (server side: it includes hidden cards and rng)."""
    return state.to_dict()


def deserialize(data: dict, pack: Pack) -> GameState:
    """Rebuild a state from `serialize` output and the pack its setup names."""
    try:
        return state_from_dict(data, _game_of(data["setup"], pack))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        if isinstance(error, (SetupError, IllegalAction)):
            raise
        raise SetupError(f"not a saved game state: {error!r}") from None


# The constant part of recent games, by setup: rebuilding it (designs, seats, rules, copy ids: a
# whole new game) was most of the cost of reading a saved state, which every move and board does.
# A `Game` is complete once `new_game` returns and no rule changes it afterwards.
_GAMES: OrderedDict[tuple[int, str], tuple[Pack, Game]] = OrderedDict()
_GAMES_MAX = 256
_GAMES_LOCK = threading.Lock()  # web threads share the cache


def _game_of(setup_data: dict, pack: Pack) -> Game:
    """Return the `Game` of a saved setup and its pack, built once per process while recent."""
    key = (id(pack), json.dumps(setup_data, sort_keys=True, separators=(",", ":")))
    with _GAMES_LOCK:
        kept = _GAMES.get(key)
        if kept is not None and kept[0] is pack:  # `is`: a newer pack object may reuse an id
            _GAMES.move_to_end(key)
            return kept[1]
    game = new_game(GameSetup.from_dict(setup_data, pack)).game
    with _GAMES_LOCK:
        _GAMES[key] = (pack, game)
        while len(_GAMES) > _GAMES_MAX:
            _GAMES.popitem(last=False)
    return game


def replay(setup: GameSetup, notations: Iterable[str | Action]) -> GameState:
    """Rebuild a game from its setup and the actions played, in order (exact: same seed)."""
    state = new_game(setup)
    for action in notations:
        apply(state, action)
    return state


def tiny_pack() -> dict:
    """Return a minimal core-kind pack dict (scouts, vipers, explorers, two trade cards)."""
    text = {"en": "x", "ru": "x"}
    return {
        "format": 1, "pack": {"id": "tiny", "version": 1, "kind": "core"},
        "factions": [{"id": "blob", "name": text}],
        "cards": [
            {"id": "scout", "name": text, "type": "ship", "cost": None, "factions": [],
             "role": "scout", "quantity": 16,
             "abilities": [{"when": "primary", "do": [{"trade": 1}]}]},
            {"id": "viper", "name": text, "type": "ship", "cost": None, "factions": [],
             "role": "viper", "quantity": 4,
             "abilities": [{"when": "primary", "do": [{"combat": 1}]}]},
            {"id": "explorer", "name": text, "type": "ship", "cost": 2, "factions": [],
             "role": "explorer", "quantity": 10,
             "abilities": [{"when": "primary", "do": [{"trade": 2}]},
                           {"when": "scrap", "do": [{"combat": 2}]}]},
            {"id": "blob-fighter", "name": text, "type": "ship", "cost": 1, "factions": ["blob"],
             "role": "trade", "quantity": 6,
             "abilities": [{"when": "primary", "do": [{"combat": 3}]},
                           {"when": "ally", "faction": "blob", "do": [{"draw": 1}]}]},
            {"id": "blob-wheel", "name": text, "type": "base", "defense": 5, "cost": 3,
             "factions": ["blob"], "role": "trade", "quantity": 4,
             "abilities": [{"when": "primary", "do": [{"combat": 1}]},
                           {"when": "scrap", "do": [{"trade": 3}]}]},
        ],
    }
