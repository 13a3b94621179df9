"""`python -m play.engine.simulate --mode ...`: N seats, wins by seat, team and bot (docs/modes.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from play.engine import simulate

CORE = Path(__file__).resolve().parents[2] / "fixtures" / "packs" / "core-set.json"


def run_cli(capsys, *args: str) -> tuple[int, dict | None, str]:
    status = simulate.main(["--pack", str(CORE), *args])
    out, err = capsys.readouterr()
    lines = out.strip().splitlines()
    return status, json.loads(lines[-1]) if lines else None, err


def test_m7_a_raid_counts_a_raiders_win_for_every_raider_seat(capsys) -> None:
    status, data, _ = run_cli(capsys, "--mode", "raid", "--players", "3",
                              "--bots", "heuristic,random,random", "--games", "4", "--seed", "1")
    assert status == 0 and data["games"] == 4 and data["errors"] == 0 and data["decided"] == 4
    raiders = data["wins_by_team"].get("1", 0)
    assert raiders + data["wins_by_team"].get("0", 0) == 4
    assert data["wins_by_seat"] == {"0": 4 - raiders, "1": raiders, "2": raiders}
    assert data["wins_by_bot"] == {"heuristic": 4 - raiders, "random": raiders}
    assert data["mean_turns"] > 0


@pytest.mark.parametrize("mode, players", [("ffa", 3), ("hunter", 3), ("first-blood", 3),
                                           ("hydra", 4), ("emperor", 6), ("standard", 2)])
def test_m1_m6_one_bot_name_plays_every_seat(capsys, mode: str, players: int) -> None:
    status, data, _ = run_cli(capsys, "--mode", mode, "--players", str(players),
                              "--bots", "heuristic", "--games", "3", "--seed", "2")
    assert status == 0 and data["errors"] == 0 and data["decided"] == 3
    assert len(data["wins_by_seat"]) == players and data["wins_by_bot"] == {"heuristic": 3}


@pytest.mark.parametrize("args, message", [
    (["--mode", "ffa", "--players", "7", "--bots", "random"], "3, 4, 5, 6 players"),
    (["--mode", "ffa", "--players", "4", "--bots", "random,random"], "one name or 4"),
    (["--players", "3"], "--players needs a --mode"),
])
def test_bad_mode_arguments_exit_2_with_a_message(capsys, args: list[str], message: str) -> None:
    status, data, err = run_cli(capsys, *args, "--games", "1")
    assert status == 2 and data is None and message in err
