"""Fit the search bot's evaluation (`play/engine/bots/search.py` WEIGHTS) on heuristic games.

    python scripts/dev/fit_search_evaluation.py [--games 3000] [--seed 7] [--explore 0.3]

Plays heuristic-vs-heuristic core-set games, takes every position at the start of a turn,
computes both seats' `features` and fits a logistic regression of "seat 0 wins" on the
difference of the features (no intercept: the model is the same seen from either seat; the
"moves next" feature carries the tempo). Prints the weights, their log loss and accuracy on a
held-out fifth of the games, and those of the old hand-set weights, as one JSON line. Uses numpy
(a development tool; the engine itself stays standard library only).

`--explore P`: each bot buys a card drawn at random among its legal buys instead of the
heuristic's pick with chance P. The heuristic alone buys what its rules like in the positions
they like it in, so a card's worth and the situations it is bought in get mixed up in the fit
(its decks rich in authority were the ones that won for other reasons); random buys let the
cards vary independently of the rest of the position.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from play.engine import GameSetup, apply, legal_actions, new_game, read_pack
from play.engine.actions import Action
from play.engine.bots.assess import deck_yield
from play.engine.bots.heuristic import HeuristicBot
from play.engine.bots.search import WEIGHTS, features
from play.engine.state import GameState


class ExploringBot(HeuristicBot):
    """The heuristic, except that a buy is a random legal buy with chance `explore`."""

    def __init__(self, seed: int, explore: float) -> None:
        super().__init__(seed)
        self.explore = explore
        self.coin = random.Random(seed ^ 0x5EED)

    def choose(self, state: GameState, seat: int) -> Action:
        action = super().choose(state, seat)
        if action.kind == "buy" and self.explore and self.coin.random() < self.explore:
            buys = [a for a in legal_actions(state) if a.kind == "buy"]
            action = self.coin.choice(buys)
        return action


def turn_starts(state: GameState, bots: list, max_turns: int = 200) -> Iterator[GameState]:
    """Play the game on with `bots` (one per seat); yield the state at the start of every turn
    (no decision pending, game not over), up to `max_turns`."""
    turn = state.turn
    while state.outcome is None and state.turn < max_turns:
        apply(state, bots[state.decider].choose(state, state.decider))
        if state.turn != turn and state.outcome is None and state.pending is None:
            turn = state.turn
            yield state


def positions(games: int, seed: int, explore: float = 0.0
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (feature differences, seat-0-won labels, game index) of every turn start."""
    pack = read_pack(str(ROOT / "fixtures" / "packs" / "core-set.json"))
    rows, labels, index = [], [], []
    for g in range(games):
        state = new_game(GameSetup(pack=pack, seed=seed * 100_000 + g, first=g % 2))
        bots = [ExploringBot(seed + 2 * g, explore), ExploringBot(seed + 2 * g + 1, explore)]
        seen = []
        for at in turn_starts(state, bots):
            yields = {s: deck_yield(at, s) for s in (0, 1)}
            a, b = features(at, 0, yields), features(at, 1, yields)
            seen.append([x - y for x, y in zip(a, b, strict=True)])
        if state.outcome is None or state.outcome.winner is None:
            continue
        won = 1.0 if state.outcome.winner == 0 else 0.0
        rows.extend(seen)
        labels.extend([won] * len(seen))
        index.extend([g] * len(seen))
    return np.array(rows), np.array(labels), np.array(index)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 3000,
        offset: np.ndarray | float = 0.0) -> np.ndarray:
    """Return logistic-regression weights (no intercept; `offset` a fixed part of each logit)
    by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(offset + x @ w)))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def quality(x: np.ndarray, y: np.ndarray, w: np.ndarray,
            offset: np.ndarray | float = 0.0) -> dict:
    p = np.clip(1 / (1 + np.exp(-(offset + x @ w))), 1e-9, 1 - 1e-9)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return {"log_loss": round(loss, 4), "accuracy": round(float(np.mean((p > 0.5) == y)), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--explore", type=float, default=0.0,
                        help="chance that a buy is a random legal buy (see above)")
    args = parser.parse_args()
    x, y, index = positions(args.games, args.seed, args.explore)
    test = index % 5 == 0
    w = fit(x[~test], y[~test])
    print(json.dumps({
        "games": args.games, "explore": args.explore, "positions": len(y), "weights": [round(float(v), 3) for v in w],
        "held_out": quality(x[test], y[test], w),
        "current_weights": list(WEIGHTS), "current_held_out": quality(x[test], y[test],
                                                                      np.array(WEIGHTS)),
    }))


if __name__ == "__main__":
    main()
