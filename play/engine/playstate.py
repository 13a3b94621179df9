"""The facade's game state: `GameState` data plus methods that call the rules and the view.

Why a subclass: the engine's imports point one way (docs/engine.md, "Layers"). `state.py` holds
data and imports nothing that acts on it, so it cannot offer `state.apply(...)` itself. This top
module can: it imports the rules and the view and adds the methods to a `GameState` subclass.
`rules.new_game` and `state.state_from_dict` take the class to build as an argument; this
module's `new_game`/`state_from_dict` (the facade's) pass `PlayState`; `clone()` keeps the
class. Every rules function still takes a plain `GameState`, so a `PlayState` works wherever a
state does.

>>> from play.engine import GameSetup, load_pack, new_game, tiny_pack
>>> state = new_game(GameSetup(pack=load_pack(tiny_pack()), seed=1))
>>> state.apply(state.legal_actions()[0]); state.view(0)["seat"]
0
"""

from __future__ import annotations

from typing import Any

from . import rules
from . import state as data
from .actions import Action
from .observer import view as view_of  # the package rebinds the name `view` to this function
from .setup import Game, GameSetup
from .state import GameState


class PlayState(GameState):
    """A game state with the facade's functions as methods (`state.apply("end")`)."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        """Return the actions the decider may take now (see `rules.legal_actions`)."""
        return rules.legal_actions(self)

    def apply(self, action: Action | str) -> None:
        """Apply an action or its notation; raise `IllegalAction` and change nothing if illegal."""
        rules.apply(self, action)

    def resign(self, seat: int) -> None:
        """End the game: `seat` gives up (not a legal action, so bots never pick it)."""
        rules.resign(self, seat)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Return what `seat` may see (None: a spectator), as JSON-safe data."""
        return view_of(self, seat)


def new_game(setup: GameSetup) -> PlayState:
    """Build the starting state (see `rules.new_game`) as a `PlayState`."""
    return rules.new_game(setup, PlayState)  # type: ignore[return-value]


def state_from_dict(saved: dict, game: Game) -> PlayState:
    """Rebuild a saved state (see `state.state_from_dict`) as a `PlayState`."""
    return data.state_from_dict(saved, game, PlayState)  # type: ignore[return-value]
