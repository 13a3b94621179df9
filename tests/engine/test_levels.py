"""Bot levels and the rating ladder (issue 23 item 4): the levels' bots, the Elo fit with the
random bot at 0, and the ladder command's stored file as the site reads it."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from play.engine import LEVEL_KEYS, LEVELS, level_bot, level_of, read_pack
from play.engine.bulk import play_game, seat_setups
from play.engine.ladder import LadderGame, fit_elo, ladder_games, play_ladder_game
from play.engine.setup import GameSetup, setup_for

ROOT = Path(__file__).resolve().parents[2]
CORE = read_pack(str(ROOT / "fixtures" / "packs" / "core-set.json"))


def test_four_levels_weakest_first_and_the_older_names() -> None:
    assert LEVEL_KEYS == ("cadet", "captain", "admiral", "grand-admiral")
    assert level_of("heuristic").key == "captain" and level_of("search").key == "grand-admiral"
    assert level_of("random") is None
    budgets = [level.options.get("turn_budget", 0) for level in LEVELS]
    assert budgets == sorted(budgets) and budgets[-1] == 3.0
    grand = level_bot("grand-admiral", 1, budget_scale=0.25)
    assert (grand.turn_budget, grand.time_limit, grand.iterations, grand.depth) == \
        (0.75, 0.375, 200, 6)
    assert grand.scenario_iterations is None and grand.scenario_depth == 100
    assert LEVELS[-1].describe() == \
        "search, 200 rollouts a decision, at most 3 s a turn"
    with pytest.raises(ValueError, match="unknown bot level"):
        level_bot("overlord", 1)


@pytest.mark.parametrize("mode,players", [("standard", 2), ("ffa", 4), ("raid", 3)])
def test_the_cadet_plays_legal_games_in_every_shape(mode: str, players: int) -> None:
    """C1, M2, M7: the Cadet (the heuristic with random moves) finishes games; every action it
    returns goes through the engine's legality check (apply raises on an illegal one)."""
    setup = (GameSetup(pack=CORE, seats=seat_setups(CORE), seed=5) if mode == "standard"
             else setup_for(mode, CORE, players=players, seed=5))
    bots = [level_bot("cadet", seed=k) for k in range(players)]
    assert play_game(setup, bots).outcome is not None


def test_elo_fit_recovers_a_known_gap_with_the_anchor_at_zero() -> None:
    """A player scoring 3 in 4 against the anchor is about 190 Elo above it (400 * log10 3)."""
    results = {("random", "cadet"): [0.0, 1.0, 0.0, 0.0] * 50}
    table = fit_elo(results, players=("random", "cadet"), bootstrap=100, seed=1)
    assert table["random"]["elo"] == 0
    expected = 400 * math.log10(150.5 / 50.5)  # with the one virtual draw
    assert abs(table["cadet"]["elo"] - expected) <= 1
    low, high = table["cadet"]["ci95"]
    assert low < table["cadet"]["elo"] < high and high - low < 200
    assert table["cadet"]["games"] == 200 and table["cadet"]["score"] == 0.75


def test_a_clean_sweep_gives_a_finite_rating() -> None:
    table = fit_elo({("random", "cadet"): [0.0] * 10, ("cadet", "captain"): [0.5, 0.0, 1.0]},
                    players=("random", "cadet", "captain"), bootstrap=20)
    assert 0 < table["cadet"]["elo"] < 1000 and math.isfinite(table["captain"]["elo"])


def test_the_round_robin_schedule_and_one_game() -> None:
    games = ladder_games(2)
    assert len(games) == 2 * 10 and LadderGame("random", "cadet", 1) in games
    assert {(g.a, g.b) for g in games} == {(a, b) for k, a in enumerate(("random",) + LEVEL_KEYS)
                                           for b in (("random",) + LEVEL_KEYS)[k + 1:]}
    assert play_ladder_game(CORE, LadderGame("random", "captain", 0), 1, 0.05) in (0.0, 0.5, 1.0)


def test_the_ladder_command_writes_the_file_the_site_reads(tmp_path, capsys) -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bot_ladder
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    path = tmp_path / "ratings.json"
    bot_ladder.main(["--games", "1", "--budget-scale", "0.02", "--bootstrap", "5",
                     "--write", str(path)])
    line = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    stored = json.loads(path.read_text())
    assert stored["levels"] == line["levels"] and set(stored["levels"]) == set(LEVEL_KEYS)
    assert line["random"]["elo"] == 0 and line["games_per_pair"] == 1
    assert line["budget_scale"] == 0.02
    assert all(len(v["ci95"]) == 2 for v in stored["levels"].values())


def test_the_stored_ratings_file_rates_every_level() -> None:
    """fixtures/bot_ratings.json (the form's source) holds every level, weakest lowest."""
    stored = json.loads((ROOT / "fixtures" / "bot_ratings.json").read_text())
    assert stored["anchor"] == "random" and stored["random"]["elo"] == 0
    elos = [stored["levels"][key]["elo"] for key in LEVEL_KEYS]
    assert elos == sorted(elos)
    for key in LEVEL_KEYS:
        low, high = stored["levels"][key]["ci95"]
        assert low <= stored["levels"][key]["elo"] <= high
