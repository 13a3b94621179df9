"""Bots: anything with `choose(state, seat) -> Action` returning one of `legal_actions(state)`.

`Bot` is the interface the heuristic and search bots follow too. A bot may read the state it is
given (including hidden parts, so honest bots should only use what `view(state, seat)` shows or
sample the rest) and must not change it: search on `state.clone()`.
"""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..state import GameState


class Bot(Protocol):
    """A player program. `choose` must return a legal action for `seat`, the current decider."""

    name: str

    def choose(self, state: GameState, seat: int) -> Action: ...
