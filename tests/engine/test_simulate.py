"""The simulation CLI: JSON last line, alternating first player, clear errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from play.engine.bulk import labels_for, parse_options, read_pack, run
from play.engine.simulate import main

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "fixtures" / "packs" / "core-set.json"
LEGACY = ROOT / "fixtures" / "packs" / "legacy-default.json"


def test_cli_prints_one_json_object_as_its_last_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "play.engine.simulate", "--pack", str(CORE),
         "--bots", "heuristic,random", "--games", "6", "--seed", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["games"] == 6
    assert sum(summary["wins"].values()) + summary["draws"] == 6
    assert summary["wins"]["heuristic"] >= 5
    for key in ("first_player_win_rate", "mean_turns", "games_per_s", "decisions_per_s"):
        assert summary[key] > 0 or key == "first_player_win_rate"
    assert done.stderr == ""  # no progress bar when stderr is not a terminal


def test_seats_alternate_the_first_player(monkeypatch) -> None:
    """C3: the first player alternates, so each bot starts half of the games."""
    from play.engine import bulk

    firsts = []
    real = bulk.play_game

    def recording(setup, bots):
        firsts.append(setup.first)
        return real(setup, bots)

    monkeypatch.setattr(bulk, "play_game", recording)
    summary = run(read_pack(str(CORE)), ["random", "random"], 4, seed=2)
    assert firsts == [0, 1, 0, 1]
    assert summary["bots"] == ["random#0", "random#1"]


def test_legacy_pack_plays_with_sides_and_sheets(capsys) -> None:
    """L7, L11, L18: a legacy pack plays without a scenario: side decks, scenario-1 sheets."""
    assert main(["--pack", str(LEGACY), "--bots", "heuristic,heuristic", "--games", "3"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games"] == 3


@pytest.mark.parametrize("argv, message", [
    (["--pack", "missing.json"], "cannot read pack"),
    (["--pack", str(CORE), "--bots", "heuristic,nobody"], "unknown bot 'nobody'"),
    (["--pack", str(CORE), "--bots", "heuristic"], "two bot names"),
    (["--pack", str(CORE), "--games", "0"], "at least 1"),
    (["--pack", str(CORE), "--opt", "search:iterations"], "search:iterations=32"),
    (["--pack", str(CORE), "--bots", "search,random", "--opt", "search:iterations=0"],
     "iterations"),
])
def test_bad_input_gets_a_clear_error_not_a_crash(argv, message, capsys) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_a_pack_that_is_not_json_is_reported(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    assert main(["--pack", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_options_and_labels() -> None:
    assert parse_options(["search:iterations=32", "search:depth=null"]) == {
        "search": {"iterations": 32, "depth": None}}
    assert labels_for(["a", "b"]) == ["a", "b"]
    assert labels_for(["a", "a"]) == ["a#0", "a#1"]
