"""Random playouts to the end, checking invariants after every action (OpenSpiel random_sim_test).

After every action: each card instance is in exactly one zone; pools are never negative; there is
a legal action unless the game is over. On a sample of steps: no view shows a hidden card; the
state survives serialize/deserialize and a replay of its actions; every listed action passes the
same legality check `apply` uses.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from play.engine import (
    GameSetup,
    SeatSetup,
    deserialize,
    load_pack,
    new_game,
    replay,
    serialize,
    view,
)
from play.engine.bots.random_bot import RandomBot
from play.engine.rules import action_error

from .packs import EVERYTHING, SEATS, playout_setup, playouts, random_playout
from .test_views import card_ids, hidden_from

pytestmark = pytest.mark.long

ROOT = Path(__file__).resolve().parents[2]

def _scenario_1_seats(pack) -> list[dict]:
    """Each side with its scenario-1 sheet of a shipped legacy pack (L18, L19)."""
    seats = []
    for side in ("empire", "federation"):
        sheets = [k for k, v in pack.sheets.items() if v["side"] == side and v["scenario"] == 1]
        seats.append(dict(side=side, sheets=sheets, scenario_sheet=sheets[0]))
    return seats


def _check_every_step(state, total: int) -> None:
    zones = [*state.trade_deck, *state.explorers, *state.heap, *state.acquiring,
             *(c for c in state.row if c >= 0)]
    for seat in range(2):
        zones += state.deck[seat] + state.hand[seat] + state.discard[seat] + state.ships[seat] \
            + state.bases[seat]
        assert state.trade[seat] >= 0 and state.combat[seat] >= 0
    assert len(zones) == total and len(set(zones)) == total, "a card is in two zones or none"
    assert state.outcome is not None or state.pending is None or state.legal_actions()


def _check_sample(state, pack) -> None:
    for seat in (0, 1, None):
        assert not card_ids(view(state, seat)) & hidden_from(state, seat)
    data = json.loads(json.dumps(serialize(state)))
    assert deserialize(data, pack) == state
    for action in state.legal_actions():
        assert action_error(state, action) is None


def playout(pack, seed: int, sample_every: int, seats: list[dict] | None = SEATS,
            replay_check: bool = False, authority: int = 50):
    setup = playout_setup(pack, seed, seats, authority)
    return random_playout(setup, [RandomBot(seed), RandomBot(seed + 7919)],
                          check_step=lambda state: _check_every_step(state, len(state.design)),
                          check_sample=lambda state: _check_sample(state, pack),
                          sample_every=sample_every, seed=seed, max_steps=5000,
                          replay_check=replay_check)


def test_random_games_with_every_effect_kind_keep_the_invariants() -> None:
    """1000 short games (20 authority), so they take seconds, not minutes (more: packs.py)."""
    outcomes: dict[str, int] = {}
    seeds = playouts(1000)
    for seed in seeds:
        state = playout(EVERYTHING, seed, sample_every=500, replay_check=seed % 100 == 0,
                        authority=20)
        outcomes[state.outcome.reason] = outcomes.get(state.outcome.reason, 0) + 1
    assert outcomes.get("authority", 0) > len(seeds) // 2
    assert outcomes.get("political", 0) > 0  # random buying with stickers sometimes wins (L19)


@pytest.mark.parametrize("name, games", [("core-set.json", 150), ("legacy-default.json", 50)])
def test_shipped_packs_play_to_the_end(name: str, games: int) -> None:
    path = ROOT / "fixtures" / "packs" / name
    if not path.exists():
        pytest.skip(f"{name} not written yet")
    pack = load_pack(json.loads(path.read_text()), name)
    seats = _scenario_1_seats(pack) if pack.kind == "legacy" else None
    for seed in playouts(games):
        playout(pack, seed, sample_every=200, seats=seats, replay_check=seed % 25 == 0)


def _scenario_setup(pack, number: int, first_side: str, option: int, seed: int) -> GameSetup:
    """Scenario `number` of a legacy pack with the first player's side and option #`option`
    of each choice (clamped), sheets of scenarios 1..number per side, its VP cards."""
    scenario = pack.scenarios[number]
    side = scenario["sides"][first_side]
    rules = list(side.get("rules", []))
    for choice in side.get("choices", []):
        picked = choice["options"][min(option, len(choice["options"]) - 1)]
        rules += picked.get("rules", []) + picked.get("lasting_rules", [])
    order = [first_side, "federation" if first_side == "empire" else "empire"]
    seats = []
    for s in order:
        sheets = sorted(k for k, v in pack.sheets.items()
                        if v["side"] == s and v["scenario"] <= number)
        current = [k for k in sheets if pack.sheets[k]["scenario"] == number]
        political = scenario.get("political_victory") and current
        seats.append(SeatSetup(side=s, sheets=sheets,
                               scenario_sheet=current[0] if political else None))
    return GameSetup(pack=pack, seats=seats, rules=rules, vp_cards=list(scenario["vp_cards"]),
                     seed=seed, explorers=None)


def test_every_legacy_scenario_side_and_option_plays_to_the_end() -> None:
    """Scenario RULEs of the shipped pack (start-of-turn, forbid, grant, trigger, victory, ...)
    keep the invariants in random play. Random bots can heal faster than they hurt in some
    scenarios, so games stop after 150 turns; most must end before."""
    path = ROOT / "fixtures" / "packs" / "legacy-default.json"
    if not path.exists():
        pytest.skip("legacy-default.json not written yet")
    pack = load_pack(json.loads(path.read_text()), path.name)
    reasons: dict[str, int] = {}
    for number in range(1, 13):
        for first_side in ("empire", "federation"):
            for option in (0, 1):
                for seed in range(4):
                    setup = _scenario_setup(pack, number, first_side, option, seed)
                    state = new_game(setup)
                    total = len(state.design)
                    bots = [RandomBot(seed), RandomBot(seed + 1)]
                    while state.outcome is None and state.turn < 150:
                        state.apply(bots[state.decider].choose(state, state.decider))
                        _check_every_step(state, total)
                    reason = state.outcome.reason if state.outcome else "unfinished"
                    reasons[reason] = reasons.get(reason, 0) + 1
                    if seed == 0:
                        _check_sample(state, pack)
                        assert replay(setup, [a.notation for a in state.history]) == state
    assert reasons.get("unfinished", 0) < 24 and reasons.get("authority", 0) > 0, reasons
