"""The rating ladder: a round robin of the levels and the random bot, and their Elo.

`ladder_games` lists the games, `play_ladder_game` plays one, `fit_elo` turns the results into
ratings with the random bot fixed at 0 and 95% intervals by bootstrap. The command around it
is benchmarks/bot_ladder.py; the site reads what it writes (fixtures/bot_ratings.json).

The fit is the maximum-likelihood Bradley-Terry model (Elo's logistic curve: a player 400
points stronger scores 10:1) with one virtual draw added to every pair that played, so a pair
where one side won every game gives a large, finite gap instead of an infinite one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .bots.levels import ANCHOR, LEVEL_KEYS, level_bot
from .bulk import game_seed, play_game, seat_setups
from .content import Pack
from .setup import GameSetup

PLAYERS = (ANCHOR, *LEVEL_KEYS)
VIRTUAL_DRAWS = 1.0


@dataclass(frozen=True)
class LadderGame:
    """One game of the round robin: `a` against `b`; game `g` of the pair sets seats and order."""

    a: str
    b: str
    g: int


def ladder_games(games_per_pair: int, players: Sequence[str] = PLAYERS) -> list[LadderGame]:
    """Return every game of a round robin with `games_per_pair` games for each pair."""
    return [LadderGame(a, b, g) for i, a in enumerate(players) for b in players[i + 1:]
            for g in range(games_per_pair)]


def play_ladder_game(pack: Pack, game: LadderGame, seed: int, budget_scale: float,
                     clock: Callable[[], float] | None = None) -> float:
    """Play one ladder game on the core set; return `a`'s score (1 win, 0.5 draw, 0 loss).

    Game g puts `a` in seat g % 2 and lets seat (g // 2) % 2 begin, so seats and the first
    player alternate within a pair.
    """
    gseed = game_seed(seed, game.a, game.b, game.g)
    seat = game.g % 2
    setup = GameSetup(pack=pack, seats=seat_setups(pack), seed=gseed, first=(game.g // 2) % 2)
    names = [game.b, game.b]
    names[seat] = game.a
    bots = [level_bot(name, seed=gseed * 7 + k, budget_scale=budget_scale, clock=clock)
            for k, name in enumerate(names)]
    winner = play_game(setup, bots).winner
    return 0.5 if winner is None else 1.0 if winner == seat else 0.0


Results = dict[tuple[str, str], list[float]]  # (a, b) -> a's score in each game


def fit_elo(results: Results, players: Sequence[str] = PLAYERS, anchor: str = ANCHOR,
            bootstrap: int = 400, seed: int = 0) -> dict[str, dict]:
    """Return {player: {"elo", "ci95", "games", "score"}} with `anchor` at Elo 0.

    The interval is the 2.5th to 97.5th percentile of the fit over `bootstrap` resamplings of
    each pair's games.
    """
    elo = _fit(results, players, anchor)
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {p: [] for p in players}
    for _ in range(bootstrap):
        resampled = {pair: [rng.choice(scores) for _ in scores]
                     for pair, scores in results.items() if scores}
        for player, value in _fit(resampled, players, anchor).items():
            samples[player].append(value)
    table = {}
    for player in players:
        games = [s for (a, b), scores in results.items() if player in (a, b) for s in scores]
        points = sum(s if a == player else 1 - s for (a, b), scores in results.items()
                     if player in (a, b) for s in scores)
        ordered = sorted(samples[player])
        low, high = (ordered[int(0.025 * (len(ordered) - 1))],
                     ordered[math.ceil(0.975 * (len(ordered) - 1))]) if ordered else (0.0, 0.0)
        table[player] = {"elo": round(elo[player]), "ci95": [round(low), round(high)],
                         "games": len(games), "score": round(points / len(games), 4)
                         if games else 0.0}
    return table


def _fit(results: Results, players: Sequence[str], anchor: str,
         iterations: int = 2000, tolerance: float = 1e-9) -> dict[str, float]:
    """Return each player's Elo by Bradley-Terry maximum likelihood (minorize-maximize)."""
    wins = {p: 0.0 for p in players}      # points scored, virtual draws included
    games: dict[tuple[str, str], float] = {}  # games between each pair, both orders
    for (a, b), scores in results.items():
        if not scores:
            continue
        n = len(scores) + VIRTUAL_DRAWS
        wins[a] += sum(scores) + VIRTUAL_DRAWS / 2
        wins[b] += len(scores) - sum(scores) + VIRTUAL_DRAWS / 2
        games[(a, b)] = games.get((a, b), 0.0) + n
        games[(b, a)] = games.get((b, a), 0.0) + n
    strength = {p: 1.0 for p in players}
    for _ in range(iterations):
        change = 0.0
        for p in players:
            denominator = sum(n / (strength[p] + strength[q])
                              for (a, q), n in games.items() if a == p)
            if denominator:
                new = wins[p] / denominator
                change = max(change, abs(math.log(new / strength[p])))
                strength[p] = new
        if change < tolerance:
            break
    base = strength[anchor]
    return {p: 400 * math.log10(strength[p] / base) for p in players}
