"""Bot ladder (issue 23 item 4): a round robin of the rated levels and the random bot, as Elo.

    python benchmarks/bot_ladder.py --games 40 --jobs 2 --write    # the stored ratings
    python benchmarks/bot_ladder.py --quick                        # a few games, tiny budgets

Every pair of {random, Cadet, Captain, Admiral, Grand Admiral} (play/engine/bots/levels.py)
plays `--games` core-set games, seats and first player alternating. The results are fitted by
maximum likelihood (Bradley-Terry, Elo's scale; one virtual draw per pair), the random bot
fixed at Elo 0; each rating's 95% interval comes from `--bootstrap` resamplings of the games.

Thinking budgets: `--budget-scale` multiplies the searching levels' seconds per decision and
per turn (1.0: as the site plays them; less for a shorter run, and the ratings then describe
the shorter budgets: the JSON says which). `--cpu-clock` counts the searchers' budgets in CPU
time, as if each had a core to itself on this shared machine.

`--write [PATH]` stores the ratings (default fixtures/bot_ratings.json) for the match form.
The last stdout line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import UTC, datetime
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from play.engine import LEVELS, read_pack
from play.engine.ladder import PLAYERS, LadderGame, fit_elo, ladder_games, play_ladder_game

CORE = ROOT / "fixtures" / "packs" / "core-set.json"
RATINGS = ROOT / "fixtures" / "bot_ratings.json"
QUICK = {"games": 4, "budget_scale": 0.05, "bootstrap": 50}
_STATE: dict = {}


def _init(seed: int, budget_scale: float, cpu_clock: bool) -> None:
    _STATE.update(pack=read_pack(str(CORE)), seed=seed, scale=budget_scale,
                  clock=time.process_time if cpu_clock else None)


def _play(game: LadderGame) -> tuple[LadderGame, float]:
    return game, play_ladder_game(_STATE["pack"], game, _STATE["seed"], _STATE["scale"],
                                  _STATE["clock"])


def run(games: int, seed: int, budget_scale: float, jobs: int, cpu_clock: bool,
        bootstrap: int, progress: bool = True) -> dict:
    """Play the round robin and return the JSON object the command prints."""
    start = time.perf_counter()
    schedule = ladder_games(games)
    results: dict[tuple[str, str], list[float]] = {}
    if jobs == 1:
        _init(seed, budget_scale, cpu_clock)
        played = map(_play, schedule)
        pool = None
    else:
        pool = Pool(jobs, initializer=_init, initargs=(seed, budget_scale, cpu_clock))
        played = pool.imap_unordered(_play, schedule, chunksize=1)
    try:
        for k, (game, score) in enumerate(played, start=1):
            results.setdefault((game.a, game.b), []).append(score)
            if progress:
                print(f"{k}/{len(schedule)} {game.a}-{game.b}: {score}", file=sys.stderr,
                      flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    table = fit_elo(results, bootstrap=bootstrap, seed=seed)
    return {
        "bench": "bot_ladder", "anchor": PLAYERS[0], "games_per_pair": games, "seed": seed,
        "budget_scale": budget_scale, "budget_clock": "cpu" if cpu_clock else "wall",
        "levels": {level.key: {**table[level.key], "bot": level.describe(budget_scale)} for level in LEVELS},
        "random": table[PLAYERS[0]],
        "pairs": {f"{a} v {b}": {"games": len(s), "score_of_first": round(sum(s) / len(s), 4)}
                  for (a, b), s in results.items()},
        "measured": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "elapsed_s": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-scale", type=float, default=1.0)
    parser.add_argument("--cpu-clock", action="store_true")
    parser.add_argument("--bootstrap", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--quick", action="store_true",
                        help=f"a smoke run: {QUICK['games']} games a pair, budgets x"
                             f"{QUICK['budget_scale']}")
    parser.add_argument("--write", nargs="?", const=str(RATINGS), default=None, metavar="PATH",
                        help=f"store the ratings for the site (default {RATINGS.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.budget_scale, args.bootstrap = (
            QUICK["games"], QUICK["budget_scale"], QUICK["bootstrap"])
    if args.games < 1 or args.budget_scale <= 0 or args.jobs < 1 or args.bootstrap < 1:
        parser.error("--games, --budget-scale, --jobs and --bootstrap must be positive")
    figures = run(args.games, args.seed, args.budget_scale, args.jobs, args.cpu_clock,
                  args.bootstrap)
    if args.write:
        path = Path(args.write)
        path.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
