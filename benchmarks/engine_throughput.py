"""Engine throughput: core set, random bot vs random bot, one process.

Plays 3 runs of N games (default 500) and reports the median run. The last line of output is one
JSON object with `games_per_s` and `decisions_per_s` (wall clock), plus the same figures in CPU
time of this process (`cpu_games_per_s`), which is steadier on a shared machine.

    python benchmarks/engine_throughput.py [--games 500] [--runs 3] \
        [--pack fixtures/packs/core-set.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from play.engine import GameSetup, apply, load_pack, new_game  # noqa: E402
from play.engine.bots.random_bot import RandomBot  # noqa: E402


def run(pack, games: int, first_seed: int) -> tuple[float, float, int, int]:
    """Play `games` games; return (wall seconds, cpu seconds, decisions, turns)."""
    decisions = turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        state = new_game(GameSetup(pack=pack, seed=seed, first=seed % 2))
        bots = (RandomBot(seed), RandomBot(seed + 1_000_003))
        while state.outcome is None:
            seat = state.decider
            apply(state, bots[seat].choose(state, seat))
            decisions += 1
        turns += state.turn
    return time.perf_counter() - wall, time.process_time() - cpu, decisions, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pack", default=str(ROOT / "fixtures" / "packs" / "core-set.json"))
    args = parser.parse_args()
    pack = load_pack(json.loads(Path(args.pack).read_text()), Path(args.pack).name)
    results = []
    for k in range(args.runs):
        wall, cpu, decisions, turns = run(pack, args.games, k * args.games)
        results.append((args.games / wall, decisions / wall, args.games / cpu, decisions / cpu,
                        turns / args.games, decisions / args.games))
        print(f"run {k + 1}: {args.games / wall:.0f} games/s wall, {args.games / cpu:.0f} games/s "
              f"cpu, {decisions / wall:.0f} decisions/s, {turns / args.games:.1f} turns/game")
    median = sorted(results)[len(results) // 2]
    print(json.dumps({
        "bench": "engine_throughput", "pack": pack.id, "games": args.games, "runs": args.runs,
        "games_per_s": round(median[0], 1), "decisions_per_s": round(median[1]),
        "cpu_games_per_s": round(statistics.median(r[2] for r in results), 1),
        "cpu_decisions_per_s": round(statistics.median(r[3] for r in results)),
        "turns_per_game": round(median[4], 1), "decisions_per_game": round(median[5], 1),
    }))


if __name__ == "__main__":
    main()
