"""The search bot's thinking in Legacy scenario games: CPU time at a fixed budget, old and new.

The searcher (`--iterations` rollouts a decision, depth 6, no time limit, so that every engine
does the same work) plays the heuristic bot in `--games` games of each of `--scenarios` of the
default campaign (scenario states reached by heuristic bot campaigns, as in bot_strength.py;
sides and first player alternating). Each measurement runs in a fresh process and reports the
CPU seconds of the whole games, the searches made, the rollouts played and a digest of every
action taken: two engines with the same digest made the same decisions.

`--against REF` measures that commit's engine in the same run (its `play/engine` extracted with
`git archive`, as engine_throughput.py does; the engines take turns run by run) and prints
`speedup` (ratio of the medians of CPU seconds), `paired_speedup` (median of the within-run
ratios) and `same_decisions`.

    python benchmarks/search_speed.py [--runs 3] [--iterations 40] [--games 2] \
        [--scenarios 1,3,6,10,12] [--against REF]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEGACY = ROOT / "fixtures" / "packs" / "legacy-default.json"
SIDES = ("empire", "federation")


def measure(root: str, scenarios: list[int], games: int, iterations: int) -> dict:
    """Play the scenario games with the engine under `root`; return its figures."""
    sys.path.insert(0, root)
    from play.engine import apply, get_bot, new_game, read_pack
    from play.engine.balance import campaign_prefix, pick_choices
    from play.engine.legacy import scenario_setup

    pack = read_pack(str(LEGACY))
    campaigns = [campaign_prefix(pack, 12, "heuristic", 1000 + k) for k in range(2)]
    digest = hashlib.sha256()
    cpu = 0.0
    decisions = searches = rollouts = 0
    for number in scenarios:
        for g in range(games):
            seed = 7919 * number + g
            first = SIDES[(g // 2) % 2]
            base = campaigns[g % 2][number - 1]
            choices = pick_choices(pack, number, first, random.Random(seed))
            snapshot = replace(base, first_side=first, choices={**base.choices, number: choices})
            setup = scenario_setup(pack, snapshot, number, seed=seed, check_first=False)
            seat = snapshot.seat_of(SIDES[g % 2])
            bots = [get_bot("heuristic", seed=seed + k) for k in range(2)]
            searcher = bots[seat] = get_bot("search", seed=seed, iterations=iterations, depth=6)
            state = new_game(setup)
            started = time.process_time()
            while state.outcome is None and state.turn <= 200:
                action = bots[state.decider].choose(state, state.decider)
                digest.update(action.notation.encode())
                apply(state, action)
                decisions += 1
            cpu += time.process_time() - started
            searches += searcher.searches
            rollouts += searcher.rollouts
    return {"cpu": cpu, "decisions": decisions, "searches": searches, "rollouts": rollouts,
            "digest": digest.hexdigest()[:16]}


def run_in_process(root: str, args: argparse.Namespace) -> dict:
    """Run `measure` for one engine in a fresh interpreter (no module of another engine)."""
    code = (f"import json, sys; sys.path.insert(0, {str(ROOT)!r}); "
            f"from benchmarks.search_speed import measure; "
            f"print(json.dumps(measure({root!r}, {args.scenarios!r}, {args.games}, "
            f"{args.iterations})))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True, cwd="/").stdout
    return json.loads(out.strip().splitlines()[-1])


def summary(runs: list[dict]) -> dict:
    """Return the median figures of several runs of one engine."""
    cpu = statistics.median(r["cpu"] for r in runs)
    first = runs[0]
    return {"cpu_s": round(cpu, 2),
            "ms_per_rollout": round(1000 * cpu / max(first["rollouts"], 1), 3),
            "s_per_search": round(cpu / max(first["searches"], 1), 3),
            "searches": first["searches"], "rollouts": first["rollouts"],
            "decisions": first["decisions"], "digest": first["digest"],
            "same_every_run": len({r["digest"] for r in runs}) == 1}


def main() -> None:
    # one way to check out an old engine and to take turns with it
    from benchmarks.engine_throughput import engines_to_measure, in_turn, paired_ratio

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--games", type=int, default=2, help="games per scenario")
    parser.add_argument("--scenarios", default="1,3,6,10,12")
    parser.add_argument("--against", metavar="REF", help="also measure this commit's engine")
    args = parser.parse_args()
    args.scenarios = [int(n) for n in args.scenarios.split(",")]
    with tempfile.TemporaryDirectory(prefix="engine-old-") as tmp:
        engines, old_commit = engines_to_measure(args.against, Path(tmp))
        runs = in_turn(engines, args.runs, lambda root, _k: run_in_process(root, args),
                       lambda r: f"{r['cpu']:.1f} CPU s, {r['searches']} searches, "
                                 f"{r['rollouts']} rollouts, digest {r['digest']}")
    figures = {name: summary(r) for name, r in runs.items()}
    line = {"bench": "search_speed", "scenarios": args.scenarios, "games": args.games,
            "iterations": args.iterations, "runs": args.runs, **figures["new"]}
    if old_commit:
        old, new = figures["old"], figures["new"]
        line.update(old_commit=old_commit, old=old,
                    speedup=round(old["cpu_s"] / new["cpu_s"], 2),
                    paired_speedup=paired_ratio(runs),
                    same_decisions=old["digest"] == new["digest"])
    print(json.dumps(line))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
