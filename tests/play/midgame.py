"""Mid-game boards for the layout tests: a 2-player game and N-player games a few turns in.

Only seat 0 (alice) is moved here; the bots answer through the task queue, which runs at once in
tests (TASKS_SYNC). Each game stops on alice's turn with cards in her hand and some in play.
"""

from __future__ import annotations

import random

from cards.models import ContentPack
from play import creation, services
from play.creation import SeatSpec
from play.engine import legal_actions
from play.models import Match


def advance(match: Match, turns: int, rng: random.Random) -> Match:
    """Play alice's moves (plays and buys first, no attacks) until turn `turns` begins for her."""
    for _ in range(2000):
        state = services.engine_state(match)
        if state.outcome is not None or (state.turn >= turns and state.decider == 0
                                         and state.active == 0 and not state.ships[0]
                                         and state.pending is None):
            return match
        legal = [a.notation for a in legal_actions(state)]
        moves = [n for n in legal if n.startswith(("play", "buy"))] or [
            n for n in legal if not n.startswith("attack")] or legal
        match = services.play(match.pk, 0, rng.choice(moves), match.version)
    raise AssertionError("the game did not reach the turn")


def play_some(match: Match, rng: random.Random, count: int) -> Match:
    """Play up to `count` cards of alice's hand, so the board shows cards in play."""
    for _ in range(count):
        legal = [a.notation for a in legal_actions(services.engine_state(match))]
        plays = [n for n in legal if n.startswith("play")]
        if not plays:
            break
        match = services.play(match.pk, 0, rng.choice(plays), match.version)
    return match


def two_player(core_pack: ContentPack, alice, seed: int = 5, turns: int = 9) -> Match:
    """Return alice against the heuristic bot on her turn `turns`, two cards played."""
    match = creation.create_standard_match(
        core_pack, [SeatSpec("alice", alice), SeatSpec("Bot", bot="heuristic")], seed=seed)
    rng = random.Random(seed)
    return play_some(advance(match, turns, rng), rng, 2)


def n_player(core_pack: ContentPack, alice, players: int, mode: str = "ffa", seed: int = 11,
             turns: int = 3) -> Match:
    """Return an N-player game of alice and bots, alice's turn, two cards played."""
    seats = [SeatSpec("alice", alice)] + [SeatSpec(f"Bot {k}", bot="heuristic")
                                          for k in range(1, players)]
    match = creation.create_mode_match(mode, seats, pack=core_pack, seed=seed)
    rng = random.Random(seed)
    return play_some(advance(match, turns, rng), rng, 2)
