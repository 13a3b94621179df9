"""Games saved before shuffles were keyed (issue 25 F1) still replay exactly.

`data/stored_games_mt.json` holds ten games the engine played at commit d4d06e8, when every
shuffle came from `random.Random(seed)` with a 31-bit seed: standard core games, a mixed
core + Colony Wars game, every multi-player mode and a Legacy scenario. Each entry keeps the
setup as the site stored it, the action notations, the saved state after 60 actions (with the
Mersenne Twister's state in its old form) and a digest of the final saved state.

`data/stored_games_keyed.json` holds 24 games with keyed shuffles played by the engine at commit
a916857, before issue 23 made `apply`, `legal_actions` and `clone` faster (every mode, mixed
packs, Colony Wars, all twelve Legacy scenarios): the faster engine must replay them bit for bit
too (recorded by scripts/dev/record_keyed_games.py; never regenerate either file).

The Legacy games were recorded with the default pack of commit eb2df0c. The shipped pack is tuned
since (issue 24), so they replay with their own copy of the cards they were played with
(`data/packs/legacy-default-eb2df0c.json`): a stored game keeps its pack, like a saved match.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

import pytest

from play.engine import GameSetup, apply, deserialize, load_pack, merge_packs, replay, serialize
from play.engine.content import Pack

DATA = Path(__file__).parent / "data" / "stored_games_mt.json"
PACKS = Path(__file__).resolve().parents[2] / "fixtures" / "packs"
KEYED = Path(__file__).parent / "data" / "stored_games_keyed.json"
# The pack files the stored games were recorded with, where the shipped one has changed since.
RECORDED_PACKS = {
    "legacy-default": Path(__file__).parent / "data" / "packs" / "legacy-default-eb2df0c.json"}
GAMES = json.loads(DATA.read_text())["games"]
KEYED_GAMES = json.loads(KEYED.read_text())["games"]


@cache
def _pack(names: tuple[str, ...]) -> Pack:
    paths = [RECORDED_PACKS.get(name, PACKS / f"{name}.json") for name in names]
    packs = [load_pack(json.loads(path.read_text())) for path in paths]
    return packs[0] if len(packs) == 1 else merge_packs(packs)


def _digest(data: dict) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize("game", GAMES, ids=[g["label"] for g in GAMES])
def test_a_game_saved_before_keyed_shuffles_replays_to_the_same_final_state(game: dict) -> None:
    pack = _pack(tuple(game["packs"]))
    state = replay(GameSetup.from_dict(game["setup"], pack), game["actions"])
    assert _digest(serialize(state)) == game["final"]


@pytest.mark.parametrize("game", GAMES, ids=[g["label"] for g in GAMES])
def test_a_state_saved_before_keyed_shuffles_loads_and_plays_on_identically(game: dict) -> None:
    pack = _pack(tuple(game["packs"]))
    state = deserialize(game["mid"], pack)
    for notation in game["actions"][game["mid_at"]:]:
        apply(state, notation)
    assert _digest(serialize(state)) == game["final"]


@pytest.mark.parametrize("game", KEYED_GAMES, ids=[g["label"] for g in KEYED_GAMES])
def test_a_keyed_game_recorded_before_the_faster_engine_replays_to_the_same_final_state(
        game: dict) -> None:
    pack = _pack(tuple(game["packs"]))
    state = replay(GameSetup.from_dict(game["setup"], pack), game["actions"])
    assert state.outcome is not None
    assert _digest(serialize(state)) == game["final"]


@pytest.mark.parametrize("game", KEYED_GAMES, ids=[g["label"] for g in KEYED_GAMES])
def test_a_keyed_state_saved_before_the_faster_engine_plays_on_identically(game: dict) -> None:
    pack = _pack(tuple(game["packs"]))
    state = deserialize(game["mid"], pack)
    clone = state.clone()
    for notation in game["actions"][game["mid_at"]:]:
        apply(state, notation)
        apply(clone, notation)
    assert _digest(serialize(state)) == game["final"] == _digest(serialize(clone))
