"""The random bot, shaped like the public anchor engine's random agent so speeds compare.

It plays every card in its hand first, then attacks an opponent with all its combat when it can,
then picks uniformly among the other legal actions (buys, abilities, bases to destroy, end turn).
"""

from __future__ import annotations

import random

from .. import ops
from ..actions import ATTACK, PLAY, Action
from ..rules import attack_error, legal_actions
from ..state import GameState


class RandomBot:
    """Random play with the anchor's shape; seeded for reproducible benchmarks."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> Action:
        """Return a legal action for `seat` (which must be the decider)."""
        if state.pending is None:
            hand = state.hand[seat]
            if hand:
                return PLAY[hand[0]]
            if state.combat[seat] > 0:
                for target in ops.enemies(state, seat):
                    if attack_error(state, seat, target) is None:
                        return ATTACK[target]
        return self.rng.choice(legal_actions(state))
