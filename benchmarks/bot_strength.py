"""Bot strength (issue 23): the search bot against the heuristic bot, in every mode and scenario.

    python benchmarks/bot_strength.py --jobs 2                  # everything, the issue's sizes
    python benchmarks/bot_strength.py --only core --core 40     # a quick look
    python benchmarks/bot_strength.py --opt search:turn_budget=0.5   # other bot options
    python benchmarks/bot_strength.py --games 10 --scenarios 1,6 --jobs 2   # a small run of all

Sections (`--only core,ffa,raid,scenarios`; game counts by option):

- core: the searcher against the heuristic in core-set games (`--core`, default 400); game g puts
  the searcher in seat g % 2 and lets seat (g // 2) % 2 start, so seats and first player
  alternate. Its win rate with a 95% (Wilson) interval (beside the heuristic's in the same seat
  of the same deals, about 50%), and the seconds it thought per own turn
  (median and 90th percentile, wall clock and CPU), as the task worker lets it think
  (`play.services`: a turn budget, `search:turn_budget`).
- ffa: 4-player free-for-all, the searcher in one seat against three heuristic seats (`--ffa`
  games; its seat and the first player rotate); beside it the same games with a heuristic in
  its seat (about 25%).
- raid: the searcher as the boss against heuristic raiders, and as one raider beside heuristic
  raiders (`--raid` games each, `--raid-players` seats, default 4, shown as `players`), beside
  the heuristic's results in the same seat and the same games.
- scenarios: each of the twelve scenarios of the default Legacy campaign (`--scenario-games`
  per scenario): the searcher plays the Star Empire in half of them and the Trade Federation in
  the other half, the first side alternating; each game starts from a campaign state reached by
  heuristic bot campaigns (play/engine/balance.py `campaign_prefix`), with the first player's
  choices drawn at random. Beside each scenario's figure, the heuristic's result in the
  searcher's seat in the same games (the same deal and choices, a heuristic in both seats): a
  campaign state can favour one side, so that is the figure the searcher's gain is measured from.
  The same figures split by the searcher's side (`by_side`), by whether its seat moved first
  (`by_turn_order`), by the options the first side drew on the scenario card (`by_choice`,
  e.g. "march=blitz") and by both of the last two (`by_choice_and_turn_order`, e.g.
  "march=blitz, second": the searcher defending against a Blitz).
  How the games ended (`endings`) and how the searcher's lost ones did (`losses_by_ending`);
  in scenarios 1-4, where five stickers of the scenario's sheet win at once (L19), the mean
  sheet stickers each seat used (`sheet_stickers`: the searcher, its opponent, the heuristic in
  its seat, that game's opponent).

`--games N` sets every section's game count at once (core, ffa, raid, per scenario), for a
small run; a section's own option still wins when given. `--scenarios 1,6` picks scenarios.

`--jobs N` spreads the games over N processes (same games, same seeds, the same figures for any
N). The last stdout line is one JSON object with every figure and whether each bar of the issue
is met.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from play.engine import GameSetup, get_bot, play_game, read_pack, setup_for
from play.engine.balance import campaign_prefix, pick_choices
from play.engine.bots.levels import BY_KEY
from play.engine.bulk import game_seed, parse_options, seat_setups
from play.engine.legacy import scenario_setup

CORE = ROOT / "fixtures" / "packs" / "core-set.json"
LEGACY = ROOT / "fixtures" / "packs" / "legacy-default.json"
SIDES = ("empire", "federation")
# the Grand Admiral's budget, as the task worker gives it (play/engine/bots/levels.py)
DEFAULT_SEARCH = dict(BY_KEY["grand-admiral"].options)
SECTION_GAMES = {"core": 400, "ffa": 200, "raid": 100, "scenario_games": 100}  # the sizes
CAMPAIGNS = 16  # bot campaigns whose states the scenario games start from

_PACKS: dict[str, Any] = {}
_STATE: dict[str, Any] = {}


def _pack(path: Path) -> Any:
    if str(path) not in _PACKS:
        _PACKS[str(path)] = read_pack(str(path))
    return _PACKS[str(path)]


def scenario_prefixes(seed: int) -> list:
    """Return the campaign states the scenario games of `seed` start from (CAMPAIGNS heuristic
    bot campaigns of the default pack)."""
    legacy = _pack(LEGACY)
    return [campaign_prefix(legacy, 12, "heuristic", game_seed(seed, "campaign", k))
            for k in range(CAMPAIGNS)]


def _init(options: dict, prefixes: list, seed: int, cpu_clock: bool = False) -> None:
    _STATE.update(options=options, prefixes=prefixes, seed=seed, cpu_clock=cpu_clock)


def _bots(names: list[str], seed: int) -> list:
    options = _STATE["options"]
    # --cpu-clock: the searcher's budget counts this process's CPU time, as if it had a core to
    # itself (a shared, loaded machine otherwise cuts its thinking short)
    clock = {"clock": time.process_time} if _STATE.get("cpu_clock") else {}
    return [get_bot(name, seed=seed * 7 + k, **options.get(name, {}),
                    **(clock if name == "search" else {}))
            for k, name in enumerate(names)]


def _won(result: Any, setup: GameSetup, seat: int) -> bool:
    team = result.outcome.winning_team if result.outcome is not None else None
    return team is not None and team == _team(setup, seat)


def _team(setup: GameSetup, seat: int) -> int:
    from play.engine import new_game  # the seats' teams as the engine reads the setup
    return new_game(setup).game.team[seat]


def _with_baseline(setup: GameSetup, players: int, seat: int, seed: int, **limits: int
                   ) -> tuple[Any, Any]:
    """Play the game with heuristics in every seat, then with the searcher in `seat` (the same
    deal and bots' seeds); return both results."""
    names = ["heuristic"] * players
    baseline = play_game(setup, _bots(names, seed), **limits)
    names[seat] = "search"
    return baseline, play_game(setup, _bots(names, seed), **limits)


def play(task: tuple) -> dict:
    """Play one game of a section; return who won and the searcher's seconds per turn."""
    kind, g = task[0], task[1]
    seed = game_seed(_STATE["seed"], *task)
    if kind == "core":
        pack = _pack(CORE)
        seat = g % 2
        setup = GameSetup(pack=pack, seats=seat_setups(pack), seed=seed, first=(g // 2) % 2)
        baseline, result = _with_baseline(setup, 2, seat, seed)
        return {"kind": kind, "game": g, "won": result.winner == seat,
                "baseline_won": baseline.winner == seat, "turns": result.turns,
                "seconds": result.turn_seconds[seat], "cpu": result.turn_cpu_seconds[seat]}
    if kind in ("ffa", "raid-boss", "raid-raider"):
        players = task[2]
        mode = "ffa" if kind == "ffa" else "raid"
        seat = g % players if kind == "ffa" else 0 if kind == "raid-boss" else 1 + g % (players - 1)
        first = (g // players) % players if kind == "ffa" else None
        setup = setup_for(mode, _pack(CORE), players=players, seed=seed, first=first)
        baseline, result = _with_baseline(setup, players, seat, seed)
        return {"kind": kind, "won": _won(result, setup, seat),
                "baseline_won": _won(baseline, setup, seat), "turns": result.turns,
                "seconds": result.turn_seconds[seat], "cpu": result.turn_cpu_seconds[seat]}
    number = task[2]  # a scenario
    side = SIDES[g % 2]
    first = SIDES[(g // 2) % 2]
    setup, snapshot = scenario_game(g % len(_STATE["prefixes"]), number, first, seed)
    seat = snapshot.seat_of(side)
    baseline, result = _with_baseline(setup, 2, seat, seed, max_turns=200)
    chosen = snapshot.choices.get(number, {})  # the options the first side drew, e.g. march=blitz
    row = {"kind": kind, "game": g, "scenario": number, "side": side, "first": side == first,
           "choices": ", ".join(f"{k}={v}" for k, v in sorted(chosen.items())),
           "won": result.winner == seat, "baseline_won": baseline.winner == seat,
           "reason": result.outcome.reason if result.outcome else "cut", "turns": result.turns,
           "seconds": result.turn_seconds[seat], "cpu": result.turn_cpu_seconds[seat]}
    if setup.seats[seat].scenario_sheet:  # the political race (L19): [the seat's, its opponent's]
        row["sheet_stickers"] = _sheet_stickers(result, setup, seat)
        row["baseline_sheet_stickers"] = _sheet_stickers(baseline, setup, seat)
    return row


def scenario_game(campaign: int, number: int, first: str, seed: int) -> tuple[GameSetup, Any]:
    """Return the setup of a game of scenario `number` from the state bot campaign `campaign`
    reached (of the prefixes `_init` was given), `first` side starting with its choices drawn at
    random, and the campaign snapshot it was made from (which seat is which side)."""
    pack = _pack(LEGACY)
    base = _STATE["prefixes"][campaign][number - 1]
    choices = pick_choices(pack, number, first, random.Random(seed))
    snapshot = replace(base, first_side=first, choices={**base.choices, number: choices})
    return scenario_setup(pack, snapshot, number, seed=seed, check_first=False), snapshot


def _sheet_stickers(result: Any, setup: GameSetup, seat: int) -> list[int]:
    """Return how many stickers of its scenario sheet the seat and its opponent used in the
    game (L19: five win at once)."""
    upgrades = result.outcome.upgrades if result.outcome is not None else []
    counts = []
    for s in (seat, 1 - seat):
        sheet = setup.seats[s].scenario_sheet
        counts.append(sum(1 for u in upgrades
                          if u["seat"] == s and sheet and u["sticker"].startswith(sheet + ":")))
    return counts


def wilson(wins: int, n: int) -> list[float]:
    """Return the 95% Wilson interval of a win rate."""
    if not n:
        return [0.0, 0.0]
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(centre - half, 4), round(centre + half, 4)]


def rate(rows: list[dict], key: str = "won") -> dict:
    wins = sum(r[key] for r in rows)
    return {"games": len(rows), "wins": wins, "win_rate": round(wins / len(rows), 4) if rows
            else 0.0, "ci95": wilson(wins, len(rows))}


def _split(rows: list[dict], key: str, value: object) -> dict:
    """Return the searcher's and the heuristic's win rates in the games where `key` is `value`
    (a side, or whether the searcher's seat moved first): where a scenario's start favours one
    seat, both fall there."""
    part = [r for r in rows if r[key] == value]
    return {"games": len(part), "win_rate": rate(part)["win_rate"],
            "heuristic_in_that_seat": rate(part, "baseline_won")["win_rate"]}


def choice_by_turn_order(rows: list[dict]) -> dict:
    """Return `_split` by the scenario card's options and whether the searcher's seat moved
    first, together ("march=blitz, first"): a scenario's first side may be its attacker, so an
    option can be hard for one role only."""
    cells = {}
    for choices in sorted({r["choices"] for r in rows} - {""}):
        for order in ("first", "second"):
            part = [r for r in rows if r["first"] == (order == "first")]
            if any(r["choices"] == choices for r in part):
                cells[f"{choices}, {order}"] = _split(part, "choices", choices)
    return cells


def seconds(rows: list[dict]) -> dict:
    wall = sorted(s for r in rows for s in r["seconds"])
    cpu = sorted(s for r in rows for s in r["cpu"])
    if not wall:
        return {}
    return {"turns": len(wall), "median": round(statistics.median(wall), 3),
            "p90": round(wall[int(0.9 * (len(wall) - 1))], 3),
            "cpu_median": round(statistics.median(cpu), 3),
            "cpu_p90": round(cpu[int(0.9 * (len(cpu) - 1))], 3)}


def summarize(rows: list[dict], args: argparse.Namespace) -> dict:
    figures: dict[str, Any] = {}
    core = [r for r in rows if r["kind"] == "core"]
    if core:
        figures["core"] = {**rate(core), "heuristic_in_that_seat": rate(core, "baseline_won"),
                           "seconds_per_turn": seconds(core),
                           "mean_turns": round(statistics.mean(r["turns"] for r in core), 1)}
    for kind, name, players in (("ffa", "ffa4", 4), ("raid-boss", "raid_boss", args.raid_players),
                                ("raid-raider", "raid_raider", args.raid_players)):
        part = [r for r in rows if r["kind"] == kind]
        if part:
            searcher, baseline = rate(part), rate(part, "baseline_won")
            figures[name] = {**searcher, "players": players, "heuristic_in_that_seat": baseline,
                             "points_over_heuristic": round(100 * (searcher["win_rate"]
                                                                   - baseline["win_rate"]), 1),
                             "seconds_per_turn": seconds(part)}
    scen = [r for r in rows if r["kind"] == "scenario"]
    if scen:
        figures["scenarios"] = {}
        for n in sorted({r["scenario"] for r in scen}):
            part = [r for r in scen if r["scenario"] == n]
            by_side = {side: _split(part, "side", side) for side in SIDES}
            by_turn = {order: _split(part, "first", order == "first")
                       for order in ("first", "second")}
            by_choice = {c: _split(part, "choices", c) for c in sorted({r["choices"] for r in part})
                         if c}  # the scenario card's options this game (each game has one set)
            by_choice_turn = choice_by_turn_order(part)
            reasons: dict[str, int] = {}
            lost_to: dict[str, int] = {}  # how the searcher's lost games ended
            for r in part:
                reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
                if not r["won"]:
                    lost_to[r["reason"]] = lost_to.get(r["reason"], 0) + 1
            figures["scenarios"][str(n)] = {**rate(part), "by_side": by_side,
                "by_turn_order": by_turn,
                **({"by_choice": by_choice,
                    "by_choice_and_turn_order": by_choice_turn} if by_choice else {}),
                "heuristic_in_that_seat": rate(part, "baseline_won"),
                "endings": reasons, "losses_by_ending": lost_to, **sheet_race(part)}
        figures["scenarios_pooled"] = {**rate(scen),
                                       "heuristic_in_that_seat": rate(scen, "baseline_won")}
        figures["scenario_seconds_per_turn"] = seconds(scen)
    figures["bars"] = bars(figures, args)
    return figures


def sheet_race(rows: list[dict]) -> dict:
    """Return the mean stickers of the scenario sheet (L19) used by the searcher and by its
    opponent, and by the heuristic in its seat and that game's opponent (scenarios 1-4)."""
    rows = [r for r in rows if "sheet_stickers" in r]
    if not rows:
        return {}

    def mean(key: str, k: int) -> float:
        return round(statistics.mean(r[key][k] for r in rows), 2)
    return {"sheet_stickers": {"searcher": mean("sheet_stickers", 0),
                               "its_opponent": mean("sheet_stickers", 1),
                               "heuristic_in_that_seat": mean("baseline_sheet_stickers", 0),
                               "opponent_of_the_heuristic": mean("baseline_sheet_stickers", 1)}}


def bars(figures: dict, args: argparse.Namespace) -> dict:
    result = {}
    if "core" in figures:
        core = figures["core"]
        result["core_90_percent_over_400"] = core["win_rate"] >= 0.90 and core["games"] >= 400
        result["median_turn_at_most_1s"] = core["seconds_per_turn"].get("median", 9) <= 1.0
    if "ffa4" in figures:
        result["ffa4_40_percent"] = figures["ffa4"]["win_rate"] >= 0.40
    for name in ("raid_boss", "raid_raider"):
        if name in figures:
            result[f"{name}_15_points"] = figures[name]["points_over_heuristic"] >= 15
    if "scenarios" in figures:
        result["every_scenario_80_percent_over_100"] = len(figures["scenarios"]) == 12 and all(
            v["win_rate"] >= 0.80 and v["games"] >= 100 for v in figures["scenarios"].values())
    return result


def _progress(row: dict) -> dict:
    """Print one line per finished game on stderr (stdout keeps the one JSON line)."""
    print(row["kind"], row.get("scenario", ""), row.get("game", ""),
          "won" if row["won"] else "lost", row.get("reason", ""),
          "" if "baseline_won" not in row else f"(heuristic: {row['baseline_won']})",
          file=sys.stderr, flush=True)
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="core,ffa,raid,scenarios")
    parser.add_argument("--games", type=int, default=None,
                        help="games of every section (each section's own option wins)")
    parser.add_argument("--core", type=int, default=None, help="default 400")
    parser.add_argument("--ffa", type=int, default=None, help="default 200")
    parser.add_argument("--raid", type=int, default=None, help="default 100 as boss, as raider")
    parser.add_argument("--raid-players", type=int, default=4)
    parser.add_argument("--scenario-games", type=int, default=None, help="default 100 each")
    parser.add_argument("--scenarios", default="1,2,3,4,5,6,7,8,9,10,11,12")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=0,
                        help="stop after this long, keeping the games finished in order (0: no limit)")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="the searcher's time budget counts CPU time, not wall clock")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--opt", action="append", default=[], metavar="BOT:KEY=VALUE",
                        help="a bot option, e.g. search:turn_budget=0.5 (repeatable)")
    args = parser.parse_args()
    for name, default in SECTION_GAMES.items():
        if getattr(args, name) is None:
            setattr(args, name, args.games if args.games is not None else default)
        if getattr(args, name) < 0:
            parser.error("game counts cannot be negative")
    sections = set(args.only.split(","))
    try:
        options = parse_options(args.opt)
        options["search"] = {**DEFAULT_SEARCH, **options.get("search", {})}
        for name, opts in options.items():
            get_bot(name, seed=0, **opts)
    except ValueError as exc:
        parser.error(str(exc))
    tasks: list[tuple] = []
    if "core" in sections:
        tasks += [("core", g) for g in range(args.core)]
    if "ffa" in sections:
        tasks += [("ffa", g, 4) for g in range(args.ffa)]
    if "raid" in sections:
        tasks += [(k, g, args.raid_players) for k in ("raid-boss", "raid-raider")
                  for g in range(args.raid)]
    prefixes: list = []
    if "scenarios" in sections:
        numbers = [int(n) for n in args.scenarios.split(",")]
        prefixes = scenario_prefixes(args.seed)
        tasks += [("scenario", g, n) for n in numbers for g in range(args.scenario_games)]
    start = time.perf_counter()
    random.Random(args.seed).shuffle(tasks)  # mix long and short games across the workers
    if args.jobs == 1:
        _init(options, prefixes, args.seed, args.cpu_clock)
        rows = []
        for task in tasks:
            if args.max_seconds and time.perf_counter() - start > args.max_seconds:
                break  # out of time: the figures are from the games played (their counts say)
            rows.append(_progress(play(task)))
    else:
        rows = []
        with Pool(args.jobs, initializer=_init,
                  initargs=(options, prefixes, args.seed, args.cpu_clock)) as pool:
            # in task order: a run stopped early keeps a prefix of the shuffled games (no bias
            # toward short ones)
            for row in pool.imap(play, tasks, chunksize=1):
                rows.append(_progress(row))
                if args.max_seconds and time.perf_counter() - start > args.max_seconds:
                    break  # out of time: leaving the block stops the games still running
    figures = summarize(rows, args)
    figures["options"] = options
    figures["budget_clock"] = "cpu" if args.cpu_clock else "wall"
    figures["elapsed_s"] = round(time.perf_counter() - start, 1)
    print(json.dumps({"bench": "bot_strength", **figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
