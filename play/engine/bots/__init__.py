"""Bots: anything with `choose(state, seat) -> Action` returning one of `legal_actions(state)`.

`Bot` is the interface the heuristic and search bots follow too; `BOTS` names the built-in ones.
"""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..state import GameState


class Bot(Protocol):
    """A player program. `choose` must return a legal action for `seat`, the current decider."""

    name: str

    def choose(self, state: GameState, seat: int) -> Action: ...
