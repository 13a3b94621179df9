"""Fit how much the search bot's evaluation weighs a scenario's routes (search.py SCENARIO_WEIGHTS).

    python scripts/dev/fit_goal_weights.py [--games 3000] [--seed 7] [--campaigns 16]

Plays heuristic-vs-heuristic games of the default campaign's twelve scenarios, each from a
campaign state reached by bot campaigns (play/engine/balance.py `campaign_prefix`, seeded apart
from the ones `benchmarks/bot_strength.py` tests on), the first side alternating and the first
player's choices at random. At every turn start it takes both seats' evaluation features
(search.features, with the fitted core WEIGHTS held fixed) and the three goal terms
(goals.goal_terms: nearest victory rule, scenario sheet, VP cards), and fits a logistic
regression of "seat 0 wins the game" on the seats' difference: `scenario_weights`, the core
score's scale and one weight per goal term (SCENARIO_WEIGHTS's shape); `goal_weights_core_fixed`,
the goal terms' weights with the core score kept at scale 1. Prints, as one JSON line, the
weights and the held-out log loss and accuracy (every fifth game) of each, of the core score
alone and of SCENARIO_WEIGHTS in use. Uses numpy (a development tool; the engine stays standard
library only).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from play.engine import new_game, read_pack
from play.engine.balance import campaign_prefix, pick_choices
from play.engine.bots.assess import deck_yield
from play.engine.bots.goals import goal_terms
from play.engine.bots.heuristic import HeuristicBot
from play.engine.bots.search import SCENARIO_WEIGHTS, WEIGHTS, features
from play.engine.bulk import game_seed
from play.engine.legacy import scenario_setup

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_search_evaluation import fit, quality, turn_starts  # the same games and regression

SIDES = ("empire", "federation")


def positions(games: int, seed: int, campaigns: int) -> tuple[np.ndarray, np.ndarray,
                                                               np.ndarray, np.ndarray]:
    """Return (core score differences, goal-term differences, seat-0-won labels, game index)."""
    pack = read_pack(str(ROOT / "fixtures" / "packs" / "legacy-default.json"))
    prefixes = [campaign_prefix(pack, 12, "heuristic", game_seed(seed, "fit-campaign", k))
                for k in range(campaigns)]
    weights = np.array(WEIGHTS)
    core, terms, labels, index = [], [], [], []
    for g in range(games):
        number = 1 + g % 12
        first = SIDES[(g // 12) % 2]
        game_rng_seed = game_seed(seed, "fit-game", g)
        base = prefixes[g % campaigns][number - 1]
        choices = pick_choices(pack, number, first, random.Random(game_rng_seed))
        snapshot = replace(base, first_side=first, choices={**base.choices, number: choices})
        state = new_game(scenario_setup(pack, snapshot, number, seed=game_rng_seed,
                                        check_first=False))
        bots = [HeuristicBot(game_rng_seed + 1), HeuristicBot(game_rng_seed + 2)]
        seen_core, seen_terms = [], []
        for at in turn_starts(state, bots):
            yields = {s: deck_yield(at, s) for s in (0, 1)}
            a, b = features(at, 0, yields), features(at, 1, yields)
            seen_core.append(float(weights @ (np.array(a) - np.array(b))))
            ta, tb = goal_terms(at, 0), goal_terms(at, 1)
            seen_terms.append([x - y for x, y in zip(ta, tb, strict=True)])
        if state.outcome is None or state.outcome.winner is None:
            continue
        won = 1.0 if state.outcome.winner == 0 else 0.0
        core.extend(seen_core)
        terms.extend(seen_terms)
        labels.extend([won] * len(seen_core))
        index.extend([g] * len(seen_core))
    return np.array(core), np.array(terms), np.array(labels), np.array(index)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--campaigns", type=int, default=16)
    args = parser.parse_args()
    core, terms, y, index = positions(args.games, args.seed, args.campaigns)
    test = index % 5 == 0
    train = ~test
    scaled = np.column_stack([core, terms])  # the core score's scale too
    ws = fit(scaled[train], y[train], l2=1e-4, steps=200)
    w = fit(terms[train], y[train], l2=1e-4, steps=200, offset=core[train])
    print(json.dumps({
        "games": args.games, "positions": len(y),
        "scenario_weights": [round(float(v), 3) for v in ws],
        "held_out": quality(scaled[test], y[test], ws),
        "goal_weights_core_fixed": [round(float(v), 3) for v in w],
        "core_fixed_held_out": quality(terms[test], y[test], w, offset=core[test]),
        "core_only_held_out": quality(terms[test], y[test], np.zeros(3), offset=core[test]),
        "current_scenario_weights": list(SCENARIO_WEIGHTS),
        "current_held_out": quality(scaled[test], y[test], np.array(SCENARIO_WEIGHTS)),
    }))


if __name__ == "__main__":
    main()
