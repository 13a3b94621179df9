"""`manage.py balance`: scenario games against a plain baseline (play/management)."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from play.engine import balance as sim
from play.engine import load_pack
from play.engine.campaign_figures import CampaignGame, campaign_winner
from play.management.commands.balance import ProgressBar, parse_scenarios
from tests.engine.packs import TEXT, card, legacy_dict, sheet

SIDES = ("empire", "federation")


def _pack_dict() -> dict:
    """A small legacy pack: scenario 6 gives the first player 80 or 90 authority (a choice)."""
    trade = [card(f"ship-{c}", cost=c, quantity=4, factions=("kingdom",),
                  primary=[{"combat": c}, {"trade": 1}]) for c in range(1, 6)]
    trade += [card(f"base-{c}", type="base", cost=c, quantity=2, primary=[{"trade": 2}])
              for c in range(1, 6)]
    data = legacy_dict(*trade, sheets=[sheet(f"{s}-{n}", s, n) for s in SIDES for n in (1, 2, 3, 4)])
    choice = {"id": "gift", "prompt": TEXT, "options": [
        {"id": "big", "label": TEXT, "rules": [{"starting_authority": {"who": "first", "n": 80}}]},
        {"id": "bigger", "label": TEXT, "rules": [{"starting_authority": {"who": "first", "n": 90}}]},
    ]}
    for side in SIDES:
        data["scenarios"][5]["sides"][side]["choices"] = [choice]
    return data


@pytest.fixture
def pack_path(tmp_path: Path) -> str:
    path = tmp_path / "small-legacy.json"
    path.write_text(json.dumps(_pack_dict()), encoding="utf-8")
    return str(path)


def run_all(*args: str, **options) -> tuple[str, dict]:
    """Run the command; return its text and its last line's JSON (scenarios and campaigns)."""
    out = io.StringIO()
    call_command("balance", *args, stdout=out, stderr=io.StringIO(), **options)
    text = out.getvalue()
    return text, json.loads(text.strip().splitlines()[-1])


def run(*args: str, **options) -> tuple[str, list[dict]]:
    text, data = run_all(*args, **options)
    return text, data["scenarios"]


def test_json_last_line_has_one_entry_per_scenario(pack_path):
    """Both sides play first equally often (L6: both card sides are played)."""
    text, entries = run("--json", pack=pack_path, games=6, seed=3, scenarios="1,6", bot="random",
                        campaigns=2, workers=1)
    assert "| 1 | 6 |" in text and "outside 45-55% Star Empire wins" in text
    assert [e["scenario"] for e in entries] == [1, 6]
    for entry in entries:
        assert entry["games"] == 6 and entry["baseline"]["games"] == 6
        assert entry["games_by_first"] == {"empire": 3, "federation": 3}
        assert 0 <= entry["empire_win_rate"] <= 1
        assert set(entry["delta"]) >= {"turns", "bought", "bases_destroyed", "upgrades",
                                       "empire_win_rate", "first_win_rate"}
    assert sum(o["games"] for o in entries[1]["options"].values()) == 6


def test_a_scenario_rule_shows_as_a_difference(pack_path):
    """Scenario 6 gives the first player 80-90 authority: the first player wins far more."""
    _, (entry,) = run("--json", pack=pack_path, games=40, seed=1, scenarios="6", bot="heuristic",
                      campaigns=2, workers=1)
    assert entry["first_win_rate"] > entry["baseline"]["first_win_rate"]
    assert "first_win_rate" in entry["differs"]


def test_same_seed_same_result_with_one_or_two_workers(pack_path):
    """Every game has its own seed, so the pool (2 cores) changes nothing but speed."""
    options = {"pack": pack_path, "games": 4, "seed": 5, "scenarios": "3", "bot": "random",
               "campaigns": 2}
    _, one = run("--json", workers=1, **options)
    _, two = run("--json", workers=2, **options)
    assert one == two


def test_default_pack_smoke():
    """The shipped legacy pack runs through the tool (scenario 12, two games)."""
    _, (entry,) = run("--json", games=2, seed=0, scenarios="12", bot="random", campaigns=1,
                      workers=1)
    assert entry["games"] == 2


@pytest.mark.parametrize("options, message", [
    ({"scenarios": "0,13"}, "1..12"),
    ({"scenarios": "one"}, "numbers like"),
    ({"bot": "nobody"}, "unknown bot"),
    ({"bot": "search:iterations=many"}, "bot options look like"),
    ({"bot": "heuristic:iterations=4"}, "bad option"),
    ({"pack": "/nonexistent/pack.json"}, "cannot read pack"),
    ({"games": 1}, "--games"),
])
def test_bad_input_is_a_clear_error(pack_path, options, message):
    options = {"pack": pack_path, "games": 2, "workers": 1, **options}
    with pytest.raises(CommandError, match=message):
        call_command("balance", stdout=io.StringIO(), **options)


def test_a_core_pack_is_refused(tmp_path):
    from tests.engine.packs import core_dict
    path = tmp_path / "core.json"
    path.write_text(json.dumps(core_dict()), encoding="utf-8")
    with pytest.raises(CommandError, match="legacy pack"):
        call_command("balance", pack=str(path), stdout=io.StringIO())


def test_parse_scenarios_ranges():
    assert parse_scenarios("1,5-7, 12") == [1, 5, 6, 7, 12]
    assert parse_scenarios(None) == list(range(1, 13))


def test_l20_campaign_prefix_keeps_upgrades():
    """L20: the typical state before each scenario keeps every earlier upgrade (they pile up)."""
    pack = load_pack(_pack_dict())
    before = sim.campaign_prefix(pack, 5, "heuristic", seed=2)
    assert len(before) == 5 and before[0].first_side == "empire" and not before[0].upgrades
    for earlier, later in itertools.pairwise(before):
        assert later.upgrades[:len(earlier.upgrades)] == earlier.upgrades
    assert sum(len(s.upgrades) for s in before) > 0


def _result(plain: bool, winner: str, first: str = "empire", turns: int = 20) -> sim.ScenarioResult:
    return sim.ScenarioResult(scenario=1, plain=plain, first_side=first, winner=winner,
                          reason="authority", turns=turns, bought=10, bases_destroyed=1, upgrades=1)


def test_summary_flags_what_differs_and_the_table_marks_unbalanced_rows():
    scen = [_result(False, "empire", turns=30 + k % 3) for k in range(50)]
    plain = [_result(True, "empire" if k % 2 else "federation", turns=20 + k % 3)
             for k in range(50)]
    entry = sim.summarize(1, scen + plain)
    assert entry["empire_win_rate"] == 1.0 and entry["baseline"]["empire_win_rate"] == 0.5
    assert entry["delta"]["turns"] == pytest.approx(10)
    assert set(entry["differs"]) == {"turns", "empire_win_rate", "first_win_rate"}
    assert "**!**" in sim.table([entry])
    balanced = sim.summarize(1, plain + [_result(False, r.winner, turns=r.turns) for r in plain])
    assert balanced["differs"] == [] and "**!**" not in sim.table([balanced])


def test_progress_bar_only_on_a_terminal():
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty, pipe = Tty(), io.StringIO()
    for stream in (tty, pipe):
        bar = ProgressBar(stream)
        bar("games", 1, 2)
        bar("games", 2, 2)
    assert "2/2" in tty.getvalue() and pipe.getvalue() == ""


def _check_rate(r: dict) -> None:
    assert 0 <= r["hits"] <= r["n"]
    assert 0 <= r["low"] <= r["rate"] <= r["high"] <= 1


def test_l5_the_campaign_as_played_figures_are_present_and_in_range(pack_path):
    """L5: each first player's half, the first player's edge, routes, and whole bot campaigns."""
    text, data = run_all("--json", pack=pack_path, games=8, seed=4, scenarios="1,6",
                         bot="random", campaigns=4, workers=1)
    assert "SE win % when TF 1st" in text and "winner of N wins N+1" in text
    for entry in data["scenarios"]:
        for side in SIDES:
            _check_rate(entry["empire_by_first"][side])
            assert entry["empire_by_first"][side]["n"] == 4  # 8 games, half with each first
        _check_rate(entry["first_wins_ci"])
        assert sum(r["hits"] for r in entry["routes"].values()) == entry["games"]
        for route in entry["routes"].values():
            _check_rate(route)
    camp = data["campaigns"]
    assert camp["campaigns"] == 4
    assert sum(r["hits"] for r in camp["winner"].values()) == 4
    assert sum(camp["decided_by"].values()) == 4
    _check_rate(camp["repeat_win"])
    assert list(camp["repeat_win_by_scenario"]) == [str(n) for n in range(2, 13)]
    assert camp["repeat_win"]["n"] == sum(r["n"] for r in camp["repeat_win_by_scenario"].values())
    assert camp["repeat_win"]["n"] <= 11 * 4
    margin = camp["vp_margin"]
    assert 0 <= margin["low"] <= margin["mean"] <= margin["high"]
    assert sum(r["hits"] for r in margin["bins"].values()) == 4
    median = margin["quartiles"]["0.5"]
    assert median["low"] <= median["value"] <= median["high"] <= margin["max"]


def test_a_bot_campaign_played_to_the_end_starts_like_the_typical_states():
    """The campaign figures and the typical states come from the same bot campaigns."""
    pack = load_pack(_pack_dict())
    before, games = sim.play_campaign(pack, 12, "random", seed=3)
    assert before[:5] == sim.campaign_prefix(pack, 5, "random", seed=3)
    assert [g.number for g in games] == list(range(1, 13)) and len(before) == 13
    for game, after in zip(games, before[1:], strict=True):
        if game.winner:
            assert after.first_side == game.winner  # L5


def _game(number: int, winner: str, vp: dict[str, int]) -> CampaignGame:
    return CampaignGame(number, "empire", winner, "authority", vp)


def test_l22_the_campaign_winner_follows_the_packs_tie_breaks():
    order = ("vp", "scenario_wins", "winner_of_12")
    more_vp = [_game(1, "federation", {"empire": 0, "federation": 2}),
               _game(2, "empire", {"empire": 1, "federation": 0}),
               _game(12, "empire", {"empire": 0, "federation": 0})]
    assert campaign_winner(more_vp, order, SIDES) == ("federation", "vp")
    tied_vp = [_game(1, "federation", {"empire": 0, "federation": 2}),
               _game(2, "empire", {"empire": 1, "federation": 0}),
               _game(12, "empire", {"empire": 1, "federation": 0})]
    assert campaign_winner(tied_vp, order, SIDES) == ("empire", "scenario_wins")
    level = [_game(1, "federation", {"empire": 0, "federation": 1}),
             _game(12, "empire", {"empire": 1, "federation": 0})]
    assert campaign_winner(level, order, SIDES) == ("empire", "winner_of_12")


def test_a_bot_spec_carries_whole_number_options():
    """`--bot search:iterations=16`: a cheaper search bot for a check with fewer games."""
    from play.engine import bot_of_spec
    assert bot_of_spec("search:iterations=4", seed=1).iterations == 4
    assert type(bot_of_spec("heuristic", seed=1)).__name__ == "HeuristicBot"
