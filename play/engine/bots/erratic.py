"""The erratic bot: the heuristic's plan with a share of its choices made at random.

It is the weakest rated level (Cadet, levels.py): it plays its hand and attacks like the
random bot, but a beginner's share of its buys, scraps and answers are random legal actions
instead of the heuristic's. Like both bots it reads only what its seat may see.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..state import GameState
from .heuristic import HeuristicBot
from .random_bot import RandomBot


class ErraticBot:
    """The heuristic bot, except that `error_rate` of its decisions are the random bot's."""

    name = "erratic"

    def __init__(self, seed: int | None = None, *, error_rate: float = 0.3) -> None:
        if not 0.0 <= error_rate <= 1.0:
            raise ValueError("error_rate must be between 0 and 1")
        self.error_rate = error_rate
        self.rng = random.Random(seed)
        self.careful = HeuristicBot(self.rng.getrandbits(32))
        self.careless = RandomBot(self.rng.getrandbits(32))

    def choose(self, state: GameState, seat: int) -> Action:
        """Return a legal action for `seat`: mostly the heuristic's, sometimes a random one."""
        player = self.careless if self.rng.random() < self.error_rate else self.careful
        return player.choose(state, seat)
