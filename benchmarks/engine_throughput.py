"""Engine throughput: core set, random bot vs random bot, one process per measurement.

Plays `--runs` runs of N games (default 500) and reports the median run. The last line of output
is one JSON object with `games_per_s` and `decisions_per_s` (wall clock), the same in CPU time of
the process (`cpu_games_per_s`, steadier on a shared machine), and the mean cost of `clone` over
states met in those games (`clone_us`, the median of five timings).

`--against REF` (a commit, branch or tag, e.g. `main`) measures that commit's engine in the same
run: its `play/engine` is extracted with `git archive` into a temporary directory and the two
engines take turns (old, new, old, new, ...) in fresh processes, so both see the same machine
load; the JSON line then holds both figures and the ratios `speedup` (games per CPU second) and
`clone_speedup`, and `paired_speedup`: the median over runs of the two engines' ratio within a
run (both played the same games minutes apart, so a slow spell of the shared machine cancels
out better than in the ratio of the medians).

`bytecodes_per_game` counts the Python bytecode instructions the first `--bytecodes` games
(default 20; 0 leaves it out) execute, bot and loop included (`sys.settrace` opcode events): the
work done, whatever else the machine is running. With `--against`, `bytecode_ratio` is the old
engine's count over the new one's.

    python benchmarks/engine_throughput.py [--games 500] [--runs 3] [--against main] \
        [--bytecodes 20] [--pack fixtures/packs/core-set.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def measure(root: str, pack_path: str, games: int, first_seed: int) -> dict:
    """Play `games` random games with the engine under `root`; return its figures."""
    sys.path.insert(0, root)
    from play.engine import GameSetup, apply, load_pack, new_game
    from play.engine.bots.random_bot import RandomBot

    pack = load_pack(json.loads(Path(pack_path).read_text()), Path(pack_path).name)
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
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    kept = []  # states to time `clone` on (every 7th decision of the first games, untimed)
    for seed in range(first_seed, first_seed + games):
        state = new_game(GameSetup(pack=pack, seed=seed, first=seed % 2))
        bots = (RandomBot(seed), RandomBot(seed + 1_000_003))
        step = 0
        while state.outcome is None and len(kept) < 2000:
            seat = state.decider
            apply(state, bots[seat].choose(state, seat))
            step += 1
            if step % 7 == 0:
                kept.append(state.clone())
        if len(kept) >= 2000:
            break
    # the median of 5 timings of 4 passes each: on a shared machine even CPU time swings with
    # the other load (shared caches, clock speed), and one timing can catch a burst of it
    timings = []
    for _ in range(5):
        clone_cpu = time.process_time()
        for _ in range(4):
            for state in kept:
                state.clone()
        timings.append(time.process_time() - clone_cpu)
    return {"wall": wall, "cpu": cpu, "decisions": decisions, "turns": turns, "games": games,
            "clone_us": 1e6 * statistics.median(timings) / (4 * len(kept))}


def bytecodes(root: str, pack_path: str, games: int) -> int:
    """Return the bytecode instructions the first `games` random games execute per game."""
    sys.path.insert(0, root)
    from play.engine import GameSetup, apply, load_pack, new_game
    from play.engine.bots.random_bot import RandomBot

    pack = load_pack(json.loads(Path(pack_path).read_text()), Path(pack_path).name)
    count = 0

    def per_opcode(frame, event, arg):
        nonlocal count
        if event == "opcode":
            count += 1
        return per_opcode

    def per_call(frame, event, arg):
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return per_opcode

    sys.settrace(per_call)
    try:
        for seed in range(games):
            state = new_game(GameSetup(pack=pack, seed=seed, first=seed % 2))
            bots = (RandomBot(seed), RandomBot(seed + 1_000_003))
            while state.outcome is None:
                seat = state.decider
                apply(state, bots[seat].choose(state, seat))
    finally:
        sys.settrace(None)
    return count // games


def extract(ref: str, into: Path) -> str:
    """Write `ref`'s engine (play/engine and play/__init__.py) under `into`; return its commit."""
    commit = subprocess.run(["git", "rev-parse", "--short", ref], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    archive = into / "engine.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", commit, "play/__init__.py", "play/engine"], cwd=ROOT,
                       check=True, stdout=out)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return commit


def run_in_process(root: str, pack: str, games: int, first_seed: int,
                   call: str = "measure") -> dict | int:
    """Run `measure` (or `bytecodes`) for one engine in a fresh interpreter (no module of the
    other engine loaded)."""
    rest = f", {first_seed}" if call == "measure" else ""
    code = (f"import json, sys; sys.path.insert(0, {str(ROOT)!r}); "
            f"from benchmarks.engine_throughput import {call}; "
            f"print(json.dumps({call}({root!r}, {pack!r}, {games}{rest})))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                         text=True, cwd="/").stdout
    return json.loads(out.strip().splitlines()[-1])


def engines_to_measure(against: str | None, tmp: Path) -> tuple[dict[str, str], str | None]:
    """Return the engines' roots by name (with `against`, that commit's engine extracted under
    `tmp` as "old", before "new") and the old commit (None without `against`)."""
    if not against:
        return {"new": str(ROOT)}, None
    old_commit = extract(against, tmp)
    return {"old": str(tmp), "new": str(ROOT)}, old_commit


def in_turn(engines: dict[str, str], runs: int, measure_one: Callable[[str, int], dict],
            describe: Callable[[dict], str]) -> dict[str, list[dict]]:
    """Measure each engine `runs` times (`measure_one(root, run)`), the engines taking turns
    within each run so that both see the same machine load; print a line per measurement."""
    results: dict[str, list[dict]] = {name: [] for name in engines}
    for k in range(runs):
        for name, root in engines.items():
            r = measure_one(root, k)
            results[name].append(r)
            print(f"run {k + 1} {name}: {describe(r)}", flush=True)
    return results


def paired_ratio(results: dict[str, list[dict]]) -> float:
    """Return the median over runs of the old engine's CPU time over the new one's (both ran
    minutes apart: a slow spell of the shared machine cancels out)."""
    return round(statistics.median(o["cpu"] / n["cpu"] for o, n in
                                   zip(results["old"], results["new"], strict=True)), 2)


def summary(runs: list[dict]) -> dict:
    """Return the median figures of several runs of one engine."""
    def med(f):
        return statistics.median(f(r) for r in runs)
    return {
        "games_per_s": round(med(lambda r: r["games"] / r["wall"]), 1),
        "decisions_per_s": round(med(lambda r: r["decisions"] / r["wall"])),
        "cpu_games_per_s": round(med(lambda r: r["games"] / r["cpu"]), 1),
        "cpu_decisions_per_s": round(med(lambda r: r["decisions"] / r["cpu"])),
        "turns_per_game": round(med(lambda r: r["turns"] / r["games"]), 1),
        "decisions_per_game": round(med(lambda r: r["decisions"] / r["games"]), 1),
        "clone_us": round(med(lambda r: r["clone_us"]), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--against", metavar="REF", help="also measure this commit's engine")
    parser.add_argument("--bytecodes", type=int, default=20, metavar="GAMES",
                        help="games to count bytecodes over (0: do not count)")
    parser.add_argument("--pack", default=str(ROOT / "fixtures" / "packs" / "core-set.json"))
    args = parser.parse_args()
    pack = str(Path(args.pack).resolve())
    with tempfile.TemporaryDirectory(prefix="engine-old-") as tmp:
        engines, old_commit = engines_to_measure(args.against, Path(tmp))
        runs = in_turn(engines, args.runs,
                       lambda root, k: run_in_process(root, pack, args.games, k * args.games),
                       lambda r: f"{r['games'] / r['wall']:.0f} games/s wall, "
                                 f"{r['games'] / r['cpu']:.0f} games/s cpu, "
                                 f"clone {r['clone_us']:.0f} us")
        counted = {name: run_in_process(root, pack, args.bytecodes, 0, "bytecodes")
                   for name, root in engines.items()} if args.bytecodes > 0 else {}
    figures = {name: summary(r) for name, r in runs.items()}
    for name, count in counted.items():
        figures[name]["bytecodes_per_game"] = count
    line = {"bench": "engine_throughput", "pack": Path(pack).name, "games": args.games,
            "runs": args.runs, **figures["new"]}
    if old_commit:
        old, new = figures["old"], figures["new"]
        line.update(old_commit=old_commit, old=old,
                    speedup=round(new["cpu_games_per_s"] / old["cpu_games_per_s"], 2),
                    wall_speedup=round(new["games_per_s"] / old["games_per_s"], 2),
                    clone_speedup=round(old["clone_us"] / new["clone_us"], 2),
                    paired_speedup=paired_ratio(runs))
        if counted:
            line["bytecode_ratio"] = round(counted["old"] / counted["new"], 2)
    print(json.dumps(line))


if __name__ == "__main__":
    main()
