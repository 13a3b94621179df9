"""Bot-strength benchmark (issue 3 bars): heuristic vs random, then search vs heuristic.

    python benchmarks/bot_strength.py                       # full: 1000 + 200 games
    python benchmarks/bot_strength.py --random-games 100 --search-games 10   # quick look

Bars: heuristic wins >= 97% of >= 1000 games against random; search wins >= 60% of >= 200
games against heuristic (seats alternate the first player) while thinking <= 1 s per turn
(median over its own turns, wall clock; the CPU-time median is printed too). `--jobs N`
splits the games over N processes (same games, same seeds: the result does not depend on N).
The last stdout line is one JSON object with the figures and whether each bar is met.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from play.engine import (  # noqa: E402
    GameSetup,  # noqa: E402
    get_bot,
    play_game,
    read_pack,
)
from play.engine.bulk import parse_options, seat_setups  # noqa: E402

PACK = ROOT / "fixtures" / "packs" / "core-set.json"


def play_range(pack_path: str, names: tuple[str, str], games: range, seed: int,
               options: dict[str, dict[str, Any]]) -> dict:
    """Play the games with these indices; bot A sits in seat g % 2 so seats and starts alternate.

    Game g: seat (g // 2) % 2 starts and bot A sits in seat g % 2, so each bot starts half of its
    games from each seat.
    """
    pack = read_pack(pack_path)
    wins_a = 0
    turns = 0
    seconds_a: list[float] = []
    cpu_a: list[float] = []
    for g in games:
        seat_a = g % 2
        seats = [names[1], names[1]]
        seats[seat_a] = names[0]
        game_seed = seed * 1_000_003 + g
        setup = GameSetup(pack=pack, seats=seat_setups(pack), seed=game_seed,
                          first=(g // 2) % 2)
        bots = [get_bot(name, seed=game_seed * 7 + k, **options.get(name, {}))
                for k, name in enumerate(seats)]
        result = play_game(setup, bots)
        wins_a += result.winner == seat_a
        turns += result.turns
        seconds_a.extend(result.turn_seconds[seat_a])
        cpu_a.extend(result.turn_cpu_seconds[seat_a])
    return {"games": len(games), "wins_a": wins_a, "turns": turns, "seconds_a": seconds_a,
            "cpu_a": cpu_a}


def match(names: tuple[str, str], games: int, seed: int, jobs: int,
          options: dict[str, dict[str, Any]]) -> dict:
    """Play bot A against bot B; return A's win rate, mean turns and A's think time per turn."""
    start = time.perf_counter()
    chunks = [range(k, games, jobs) for k in range(jobs)]
    if jobs == 1:
        parts = [play_range(str(PACK), names, chunks[0], seed, options)]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(play_range, [str(PACK)] * jobs, [names] * jobs, chunks,
                                  [seed] * jobs, [options] * jobs))
    wins = sum(p["wins_a"] for p in parts)
    seconds = [s for p in parts for s in p["seconds_a"]]
    cpu = [s for p in parts for s in p["cpu_a"]]
    return {
        "games": games, "wins": wins, "win_rate": round(wins / games, 4),
        "mean_turns": round(sum(p["turns"] for p in parts) / games, 2),
        "median_turn_seconds": round(statistics.median(seconds), 4) if seconds else 0.0,
        "p90_turn_seconds": round(sorted(seconds)[int(0.9 * len(seconds))], 4) if seconds else 0.0,
        "median_turn_cpu_seconds": round(statistics.median(cpu), 4) if cpu else 0.0,
        "elapsed_s": round(time.perf_counter() - start, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-games", type=int, default=1000)
    parser.add_argument("--search-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--opt", action="append", default=[], metavar="BOT:KEY=VALUE",
                        help="a bot option, e.g. search:iterations=64 (repeatable)")
    args = parser.parse_args()
    if min(args.random_games, args.search_games, args.jobs) < 1:
        parser.error("game counts and --jobs must be at least 1")
    try:
        options = parse_options(args.opt)
        for name, opts in options.items():
            get_bot(name, seed=0, **opts)
    except ValueError as exc:
        parser.error(str(exc))
    heuristic = match(("heuristic", "random"), args.random_games, args.seed, args.jobs, options)
    print("heuristic vs random:", json.dumps(heuristic), flush=True)
    search = match(("search", "heuristic"), args.search_games, args.seed, args.jobs, options)
    print("search vs heuristic:", json.dumps(search), flush=True)
    figures = {
        "heuristic_vs_random": heuristic,
        "search_vs_heuristic": search,
        "options": options or "defaults",
        "bars": {
            "heuristic_vs_random_97": heuristic["win_rate"] >= 0.97 and args.random_games >= 1000,
            "search_vs_heuristic_60": search["win_rate"] >= 0.60 and args.search_games >= 200,
            "search_median_turn_1s": search["median_turn_seconds"] <= 1.0,
        },
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
