"""Bots at a shared table: whom do they attack when every player is equally strong?

Plays bot-only free-for-all games of 4 (M2, core set; every seat the same bot, the first player
drawn from each game's seed) and counts each attack on a player's authority made while all four
authorities were equal. A fair bot spreads those attacks evenly: about 25% on each seat (issue 20
asks for 25% ± 5 points over 200 games). Also counts every attack, equal or not, for context.
Prints one JSON line; `next_seat_share_pct` is how often such an attack hit the attacker's next
seat in turn order (a tie broken by seat number: 100%; fair among three: about 33%); `fair` says whether every seat's share of the equal-authority attacks is
within ± 5 points of 25%.

    python benchmarks/bot_fairness.py [--games 200] [--bot heuristic] [--seed 1] [--max-turns 60]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from play.engine import apply, get_bot, new_game, read_pack, setup_for

PACK = ROOT / "fixtures" / "packs" / "core-set.json"
PLAYERS = 4


def play(pack, bot: str, seed: int, max_turns: int) -> tuple[list[int], list[int], int]:
    """Play one game; return attacks per target seat made at equal authorities, all attacks,
    and how many of the equal-authority attacks hit the attacker's next seat in turn order."""
    setup = setup_for("ffa", pack, players=PLAYERS, seed=seed, first=None)
    bots = [get_bot(bot, seed=seed * 7 + k) for k in range(PLAYERS)]
    state = new_game(setup)
    equal, every, next_seat = [0] * PLAYERS, [0] * PLAYERS, 0
    for _ in range(20_000):
        if state.outcome is not None or state.turn > max_turns:
            break
        seat = state.decider
        action = bots[seat].choose(state, seat)
        if action.kind == "attack":
            every[action.index] += 1
            if len({state.authority[state.game.purse[s]] for s in range(PLAYERS)}) == 1:
                equal[action.index] += 1
                next_seat += action.index == state.game.foes[seat][0]
        apply(state, action)
    return equal, every, next_seat


def shares(counts: list[int]) -> list[float]:
    total = max(sum(counts), 1)
    return [round(100 * c / total, 1) for c in counts]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=60,
                        help="stop a game after this turn (the early turns are where ties are)")
    args = parser.parse_args()
    pack = read_pack(PACK)
    equal, every, next_seat = [0] * PLAYERS, [0] * PLAYERS, 0
    start = time.perf_counter()
    for g in range(args.games):
        game_equal, game_every, game_next = play(pack, args.bot, args.seed * 1_000_003 + g,
                                                 args.max_turns)
        next_seat += game_next
        equal = [a + b for a, b in zip(equal, game_equal)]
        every = [a + b for a, b in zip(every, game_every)]
    equal_shares = shares(equal)
    print(json.dumps({
        "benchmark": "bot_fairness", "bot": args.bot, "games": args.games, "players": PLAYERS,
        "attacks_at_equal_authority": equal, "share_pct_by_seat": equal_shares,
        "max_deviation_pct_points": round(max(abs(s - 25) for s in equal_shares), 1),
        "fair": all(abs(s - 25) <= 5 for s in equal_shares) and sum(equal) > 0,
        # by seat number alone a bot would hit the next seat every time (100%); fair: about 33%
        "next_seat_share_pct": round(100 * next_seat / max(sum(equal), 1), 1),
        "all_attacks": every, "all_attacks_share_pct": shares(every),
        "seconds": round(time.perf_counter() - start, 1),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
