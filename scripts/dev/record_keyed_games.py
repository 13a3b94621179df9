"""Record games with keyed shuffles as the engine at the bots branch point (a916857) played them.

    python scripts/dev/record_keyed_games.py --engine /tmp/old   # a checkout of that commit

Issue 23 made `apply`, `legal_actions` and `clone` faster; these games (every mode, mixed packs,
all twelve Legacy scenarios, random and heuristic bots) pin down that replays stay exact:
tests/engine/test_stored_games.py replays each from its setup and from a mid-game saved state
and compares digests of the final saved state. Never regenerate the file with newer code.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "tests" / "engine" / "data" / "stored_games_keyed.json"
MID = 60


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", required=True, help="checkout whose engine plays the games")
    args = parser.parse_args()
    root = Path(args.engine).resolve()
    sys.path.insert(0, str(root))
    from play.engine import (GameSetup, apply, load_pack, merge_packs, new_game, serialize,
                             setup_for)
    from play.engine.bots.registry import get_bot
    from play.engine.bulk import seat_setups
    from play.engine.legacy import CampaignSnapshot, scenario_setup

    def pack(name: str):
        return load_pack(json.loads((root / "fixtures" / "packs" / f"{name}.json").read_text()))

    def digest(data: dict) -> str:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    core, cw, legacy = pack("core-set"), pack("colony-wars"), pack("legacy-default")
    mixed = merge_packs([core, cw])
    games = []

    def record(label: str, packs: list[str], setup, bots: list[str]) -> None:
        state = new_game(setup)
        players = [get_bot(b, seed=200 + k) for k, b in enumerate(bots)]
        mid = None
        while state.outcome is None and len(state.history) < 6000:
            seat = state.decider
            apply(state, players[seat].choose(state, seat))
            if len(state.history) == MID:
                mid = json.loads(json.dumps(serialize(state)))
        games.append({"label": label, "packs": packs, "setup": setup.to_dict(),
                      "actions": [a.notation for a in state.history],
                      "final": digest(serialize(state)), "mid_at": MID, "mid": mid})
        print(label, len(state.history), state.outcome and state.outcome.reason)

    for seed in (3, "a-long-secret-seed"):
        record(f"core heuristic v random {seed}", ["core-set"],
               GameSetup(pack=core, seed=seed, first=None), ["heuristic", "random"])
    record("core random v random", ["core-set"], GameSetup(pack=core, seed=11), ["random"] * 2)
    record("core+cw mixed", ["core-set", "colony-wars"], GameSetup(pack=mixed, seed=5),
           ["heuristic", "random"])
    record("colony wars", ["colony-wars"], GameSetup(pack=cw, seed=8), ["heuristic"] * 2)
    for mode, n in (("ffa", 4), ("hunter", 3), ("first-blood", 4), ("hydra", 4), ("emperor", 6),
                    ("raid", 4)):
        record(f"{mode} {n}", ["core-set"], setup_for(mode, core, players=n, seed=31 + n),
               ["heuristic"] * (n - 1) + ["random"])
    record("legacy plain seats", ["legacy-default"],
           GameSetup(pack=legacy, seats=seat_setups(legacy), seed=17), ["heuristic"] * 2)
    for number in range(1, 13):
        card = legacy.scenarios[number]["sides"]["empire"]
        choices = {c["id"]: c["options"][number % 2]["id"] for c in card.get("choices", [])}
        snap = CampaignSnapshot(sides=("empire", "federation"), first_side="empire",
                                choices={number: choices})
        record(f"legacy scenario {number}", ["legacy-default"],
               scenario_setup(legacy, snap, number, seed=1000 + number), ["heuristic"] * 2)
    OUT.write_text(json.dumps({
        "about": "Games with keyed shuffles recorded by the engine at commit a916857 (before "
                 "issue 23's faster engine): setup, actions, a saved state after 60 actions and "
                 "a digest of the final saved state. Never regenerate with newer code.",
        "games": games}, separators=(",", ":")))


if __name__ == "__main__":
    main()
