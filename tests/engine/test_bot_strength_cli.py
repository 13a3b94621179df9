"""benchmarks/bot_strength.py (issue 23, Done when 1): a small run prints one JSON line with the
core, 4-player free-for-all (M2) and raid (M7, boss and raider) figures, each beside the
heuristic in the same seat, with 95% intervals and seconds per turn."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_small_run_has_every_section_with_intervals_and_timing() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bot_strength.py"), "--games", "1",
         "--only", "core,ffa,raid", "--opt", "search:turn_budget=0.02",
         "--opt", "search:time_limit=0.02"], capture_output=True, text=True, check=True,
        timeout=600)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["bench"] == "bot_strength"
    for section in ("core", "ffa4", "raid_boss", "raid_raider"):
        entry = figures[section]
        assert entry["games"] == 1 and len(entry["ci95"]) == 2
        assert {"median", "p90"} <= set(entry["seconds_per_turn"])
    for section in ("core", "ffa4", "raid_boss", "raid_raider"):
        assert figures[section]["heuristic_in_that_seat"]["games"] == 1
    assert figures["ffa4"]["players"] == 4 and figures["raid_boss"]["players"] == 4  # the default
    assert figures["options"]["search"]["turn_budget"] == 0.02


def test_scenario_figures_stand_beside_the_heuristic_in_the_same_seat() -> None:
    """L21 scenario games: each scenario's win rate has the heuristic's result in the searcher's
    seat of the same games beside it (also per side, per turn order, per choice drawn and per choice and turn order), the
    pooled figures count every game, and a scenario with a political race (L19) tells how many
    sheet stickers each seat used."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bot_strength.py"), "--games", "2",
         "--only", "scenarios", "--scenarios", "1,12", "--opt", "search:turn_budget=0.02",
         "--opt", "search:time_limit=0.02"], capture_output=True, text=True, check=True,
        timeout=600)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(figures["scenarios"]) == {"1", "12"}
    for entry in figures["scenarios"].values():
        assert entry["games"] == 2
        baseline = entry["heuristic_in_that_seat"]
        assert baseline["games"] == 2 and baseline["win_rate"] in (0.0, 0.5, 1.0)
        assert sum(entry["endings"].values()) == 2
        assert sum(entry["losses_by_ending"].values()) == 2 - entry["wins"]
        # the same games split by the searcher's side, by whether its seat moved first and by
        # the options the first side drew on the scenario card (every scenario has a choice)
        assert all("=" in options for options in entry["by_choice"])
        assert all(key.endswith((", first", ", second"))
                   for key in entry["by_choice_and_turn_order"])
        for split in (entry["by_side"], entry["by_turn_order"], entry["by_choice"],
                      entry["by_choice_and_turn_order"]):
            assert sum(cell["games"] for cell in split.values()) == 2
            assert sum(cell["games"] * cell["win_rate"] for cell in split.values()) \
                == entry["wins"]
            assert sum(cell["games"] * cell["heuristic_in_that_seat"] for cell in split.values()) \
                == 2 * baseline["win_rate"]
    # L19: scenario 1 has a political race (its sheet's stickers, 0-5 a seat); 12 has none
    race = figures["scenarios"]["1"]["sheet_stickers"]
    assert set(race) == {"searcher", "its_opponent", "heuristic_in_that_seat",
                         "opponent_of_the_heuristic"}
    assert all(0 <= v <= 5 for v in race.values())
    assert "sheet_stickers" not in figures["scenarios"]["12"]
    pooled = figures["scenarios_pooled"]
    assert pooled["games"] == 4 and pooled["heuristic_in_that_seat"]["games"] == 4
    assert pooled["wins"] == sum(e["wins"] for e in figures["scenarios"].values())
