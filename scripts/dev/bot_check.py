"""Replay the first games of a balance run with another bot: the issue-24 search-bot check.

`manage.py balance` plays every scenario game with a baseline twin and needs whole bot campaigns
for its typical states; with the search bot (about 1 s of CPU a game) that is too slow for our
shared cores. This plays only the scenario games, and only the first `--games` of each scenario:
game i of scenario N is the balance run's game i (the same campaign state: heuristic bot campaign
i of the same seed; the same first side, options and game seed), with `--bot` in both seats. So
its figures can be set beside the run's, and each game beside the heuristic bot's own game from
the same setup (`--pair` replays those too).

    python scripts/dev/bot_check.py --bot search:iterations=16 --games 60 --seed 2030 \
        --out /tmp/search.jsonl            # one JSON line per game, appended as they finish
    python scripts/dev/bot_check.py --summary /tmp/search.jsonl    # the table

A rerun with the same --out skips the games already in the file (the check can be stopped and
resumed).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from play.engine.balance import Task, play_campaign, read_legacy_pack, run_task
from play.engine.bulk import game_seed
from play.engine.campaign_figures import wilson
from play.engine.packformat.vocabulary import SIDES

DEFAULT_PACK = ROOT / "fixtures" / "packs" / "legacy-default.json"


def play(args: argparse.Namespace) -> None:
    """Play the games not yet in `args.out`, appending one JSON line each."""
    pack = read_legacy_pack(str(args.pack))
    out = Path(args.out)
    done = {(r["bot"], r["scenario"], r["index"]) for r in read(out)} if out.exists() else set()
    # Campaign k's states are the balance run's campaign k (each campaign has its own seed).
    prefixes = [play_campaign(pack, 11, "heuristic", game_seed(args.seed, "campaign", k))[0]
                for k in range(args.games)]
    bots = [args.bot, "heuristic"] if args.pair else [args.bot]
    with out.open("a", encoding="utf-8") as file:
        for index in range(args.games):  # game-major: every scenario gets games as time passes
            for number in args.scenarios:
                for bot in bots:
                    if (bot, number, index) in done:
                        continue
                    task = Task(number, index, False, SIDES[index % 2], args.seed)
                    result = run_task(pack, prefixes, bot, task)
                    file.write(json.dumps({
                        "bot": bot, "scenario": number, "index": index,
                        "first_side": result.first_side, "winner": result.winner,
                        "reason": result.reason, "turns": result.turns,
                        "options": result.options}) + "\n")
                    file.flush()


def read(path: Path) -> list[dict]:
    """Return the game lines of a results file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def pct(hits: int, n: int) -> str:
    """Return "rate (low-high)" in percent with Wilson's 95% interval, or "-"."""
    if not n:
        return "-"
    low, high = wilson(hits, n)
    return f"{100 * hits / n:.1f} ({100 * low:.0f}-{100 * high:.0f}, n={n})"


def summary(path: Path) -> None:
    """Print, per bot and scenario (and all scenarios pooled): Star Empire win % per first side,
    first-player win %, routes; then how often two bots' games from the same setup agree."""
    rows = read(path)
    by: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for row in rows:
        by[(row["bot"], str(row["scenario"]))].append(row)
        by[(row["bot"], "all")].append(row)
    print("| bot | # | SE win % when SE 1st | SE win % when TF 1st | 1st player win % | routes % |")
    print("|---|---|---|---|---|---|")
    for (bot, number), games in sorted(by.items(), key=lambda k: (k[0][0], _order(k[0][1]))):
        print(f"| {bot} | {number} | {' | '.join(figures(games))} |")
    agreement(rows)


def _order(number: str) -> int:
    return 99 if number == "all" else int(number)


def figures(games: list[dict]) -> list[str]:
    """Return the row's cells: SE win % per first side, first-player win %, routes."""
    half = {side: [g for g in games if g["first_side"] == side] for side in SIDES}
    cells = [pct(sum(g["winner"] == "empire" for g in half[side]), len(half[side]))
             for side in SIDES]
    cells.append(pct(sum(g["winner"] == g["first_side"] for g in games), len(games)))
    routes: dict[str, int] = defaultdict(int)
    for g in games:
        routes[g["reason"] if g["winner"] else "cut"] += 1
    cells.append(", ".join(f"{r} {100 * k / len(games):.0f}" for r, k in sorted(routes.items())))
    return cells


def agreement(rows: list[dict]) -> None:
    """Print, for each pair of bots, how many games from the same setup had the same winner."""
    winners: dict[tuple[int, int], dict[str, str | None]] = defaultdict(dict)
    for row in rows:
        winners[(row["scenario"], row["index"])][row["bot"]] = row["winner"]
    bots = sorted({row["bot"] for row in rows})
    for i, a in enumerate(bots):
        for b in bots[i + 1:]:
            both = [w for w in winners.values() if a in w and b in w]
            same = sum(w[a] == w[b] for w in both)
            print(f"\n{a} and {b}: the same winner in {pct(same, len(both))} of the games "
                  "played from the same setup")


def main() -> None:
    """Parse the arguments; play or summarise."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="search:iterations=16")
    parser.add_argument("--games", type=int, default=60, help="games per scenario (half each side)")
    parser.add_argument("--seed", type=int, default=2030)
    parser.add_argument("--scenarios", default="1-12", help="e.g. 1-12 or 5,7")
    parser.add_argument("--pack", default=str(DEFAULT_PACK))
    parser.add_argument("--pair", action="store_true", help="replay each game with the heuristic bot too")
    parser.add_argument("--out", help="JSON-lines file the games are appended to")
    parser.add_argument("--summary", help="print the table of a results file and stop")
    args = parser.parse_args()
    if args.summary:
        summary(Path(args.summary))
        return
    args.scenarios = scenario_list(args.scenarios)
    play(args)


def scenario_list(text: str) -> list[int]:
    """Return the scenario numbers of "1-12" or "5,7"."""
    numbers: list[int] = []
    for part in text.split(","):
        low, _dash, high = part.partition("-")
        numbers += range(int(low), int(high or low) + 1)
    return numbers


if __name__ == "__main__":
    main()
