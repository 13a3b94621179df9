"""A match's log replayed once: every step's public events, and a state every CHECKPOINT steps.

A replay is rebuilt from the match's setup and action log (as `services.replay_match` does); step
N is the game after its first N actions. One pass over the log gives every step's events and a
clone of the state every CHECKPOINT actions; a step is then at most CHECKPOINT actions away. The
passes are kept per process for a few matches (keyed by match, version and packs), so stepping
through a long game (~1000 actions) replays a few dozen actions per request
(`benchmarks/replay_steps.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from common.caching import BoundedCache
from play import services
from play.engine import EngineError, GameState, apply, clone, new_game
from play.models import RESIGN, Match

CHECKPOINT = 32       # actions between two kept states of a replay
CACHE_SIZE = 8        # replays kept per process


@dataclass
class Step:
    """One action of the log: who made it, the public events it caused, the turn it was in."""

    number: int
    seat: int
    notation: str
    events: list[tuple]
    turn: int


@dataclass
class Replay:
    """A match's log replayed once: every step's events and a state every CHECKPOINT steps."""

    actions: list[tuple[str, int]]
    steps: list[Step] = field(default_factory=list)
    checkpoints: list[GameState] = field(default_factory=list)

    @classmethod
    def build(cls, start: GameState, actions: list[tuple[str, int]]) -> Replay:
        """Replay `actions` from `start` (which is kept as step 0)."""
        replay = cls(actions)
        state = start
        replay.checkpoints.append(clone(state))
        for number, (notation, seat) in enumerate(actions, start=1):
            turn = state.turn
            replay.steps.append(Step(number, seat, notation, apply_events(state, notation, seat),
                                     turn))
            if number % CHECKPOINT == 0:
                replay.checkpoints.append(clone(state))
        return replay

    @property
    def total(self) -> int:
        return len(self.actions)

    def state_at(self, number: int) -> GameState:
        """Return the game after its first `number` actions (a fresh state the caller may keep)."""
        number = max(0, min(number, self.total))
        base = number // CHECKPOINT
        state = clone(self.checkpoints[base])
        for notation, seat in self.actions[base * CHECKPOINT:number]:
            apply_logged(state, notation, seat)
        return state


def apply_logged(state: GameState, notation: str, seat: int) -> None:
    """Apply one action of the log (a resignation is not an engine action)."""
    if notation == RESIGN:
        state.resign(seat)
    else:
        apply(state, notation)


def apply_events(state: GameState, notation: str, seat: int) -> list[tuple]:
    """Apply one logged action; return the log events it added (an end of turn starts a new log)."""
    log, before = state.log, len(state.log)
    apply_logged(state, notation, seat)
    if state.log is log:
        return list(log[before:])
    return list(state.prev_log[before:]) + list(state.log)


# Replays by match (its id and creation time: SQLite may give a deleted match's id to a new one),
# version and the checksums of its packs: a replay never changes under that key.
REPLAYS: BoundedCache[tuple, Replay] = BoundedCache(CACHE_SIZE)


def replay_of(match: Match) -> Replay:
    """Return the replay of the match's whole log as it stands (kept for the next request)."""
    packs = tuple(p.checksum for p in match.content_packs())
    return REPLAYS.get_or_make((match.pk, match.created, match.version, packs),
                               lambda: build_replay(match))


def build_replay(match: Match) -> Replay:
    """Replay the match's log from its setup; a pack edited under it is a BrokenMatch."""
    actions = list(match.actions.order_by("seq").values_list("notation", "seat"))
    try:
        return Replay.build(new_game(services.engine_setup(match)), actions)
    except EngineError as error:
        raise services.BrokenMatch(_("This game no longer replays with its card pack: "
                                     "%(reason)s") % {"reason": error}) from None
