"""Bots at a shared table (issue 20, M2): equally weak opponents are chosen at random from the
bot's seed, never by seat number, and the choice takes nothing from the game's shuffles."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from play.engine import apply, get_bot, new_game, read_pack, setup_for
from play.engine.bots.heuristic import weakest_first

PACK = Path(__file__).resolve().parents[2] / "fixtures" / "packs" / "core-set.json"


def _first_attack(seed: int) -> tuple[int, int]:
    """Return (attacker, target) of the first attack of a 4-player free-for-all of heuristic bots."""
    state = new_game(setup_for("ffa", read_pack(PACK), players=4, seed=seed, first=0))
    bots = [get_bot("heuristic", seed=seed * 7 + k) for k in range(4)]
    while state.outcome is None:
        seat = state.decider
        action = bots[seat].choose(state, seat)
        if action.kind == "attack":
            return seat, action.index
        apply(state, action)
    raise AssertionError("no attack")


def test_m2_equal_opponents_are_not_chosen_by_seat_number() -> None:
    """The first attack of a game (everyone at 50 authority) hits each of the three others in
    turn, not always the attacker's next seat as it did (issue 20: every bot hit the human)."""
    relative = Counter()
    for seed in range(60):
        attacker, target = _first_attack(seed)
        relative[(target - attacker) % 4] += 1
    assert set(relative) == {1, 2, 3}
    assert min(relative.values()) >= 10  # of 60: none of the three is left out


def test_the_fair_order_draws_nothing_from_the_shuffles() -> None:
    """Equally weak opponents come in an order drawn from the bot's own generator; the game's
    shuffler is untouched, so games replay the same; a weaker one still comes first."""
    state = new_game(setup_for("ffa", read_pack(PACK), players=4, seed="table", first=0))
    count = state.rng.count
    firsts = {weakest_first(state, [2, 3, 0], random.Random(k))[0] for k in range(30)}
    assert firsts == {0, 2, 3} and state.rng.count == count
    state.authority[state.game.purse[3]] = 40
    assert weakest_first(state, [2, 3, 0], random.Random(1))[0] == 3
