"""play/engine/simulate.py is the one home for bulk games: limits, bots in every seat, seeds."""

from __future__ import annotations

from play.engine import GameSetup, load_pack, tiny_pack
from play.engine.bots.registry import get_bot
from play.engine.bulk import CUT_TURNS, game_seed, play_bot_game, play_game


def _setup(seed: int = 4) -> GameSetup:
    return GameSetup(pack=load_pack(tiny_pack()), seed=seed)


def test_a_game_passing_max_turns_stops_without_an_outcome() -> None:
    bots = [get_bot("random", seed=1), get_bot("random", seed=2)]
    result = play_game(_setup(), bots, max_turns=2)
    assert result.outcome is None and result.winner is None
    assert result.turns == 3  # stopped as soon as the turn number passed the limit


def test_a_finished_game_reports_its_outcome_and_stats() -> None:
    result = play_bot_game(_setup(), "heuristic", seed=5)
    assert result.outcome is not None and result.winner == result.outcome.winner
    assert result.turns <= CUT_TURNS + 1
    assert len(result.stats) == 2 and sum(s.get("cards_acquired", 0) for s in result.stats) > 0


def test_play_bot_game_is_repeatable() -> None:
    first, again = (play_bot_game(_setup(9), "random", seed=3) for _ in range(2))
    assert (first.winner, first.turns, first.decisions, first.stats) == (
        again.winner, again.turns, again.decisions, again.stats)


def test_game_seed_is_stable_and_depends_on_every_part() -> None:
    assert game_seed(1, "bots", 3) == game_seed(1, "bots", 3)
    assert len({game_seed(1, "bots", 3), game_seed(1, "bots", 4), game_seed(2, "bots", 3)}) == 3
    assert 0 <= game_seed(7) < 2 ** 32
