"""Record games played by the engine BEFORE the keyed-shuffle change (issue 25 F1)."""
import hashlib
import json
import sys

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2]))
from play.engine import GameSetup, apply, load_pack, merge_packs, new_game, serialize, setup_for
from play.engine.bots.registry import get_bot
from play.engine.legacy import CampaignSnapshot, scenario_setup


def pack(name):
    return load_pack(json.load(open(f"fixtures/packs/{name}.json")))

core, cw, legacy = pack("core-set"), pack("colony-wars"), pack("legacy-default")
mixed = merge_packs([core, cw]) if True else None

def digest(data):
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()

def play(setup, bots, max_actions=4000):
    state = new_game(setup)
    mid = None
    players = [get_bot(b, seed=100 + k) for k, b in enumerate(bots)]
    n = 0
    while state.outcome is None and n < max_actions:
        seat = state.decider
        apply(state, players[seat].choose(state, seat))
        n += 1
        if n == 60:
            mid = json.loads(json.dumps(serialize(state)))
    return state, mid

games = []
def record(label, packs, setup, bots):
    state, mid = play(setup, bots)
    games.append({
        "label": label, "packs": packs, "setup": setup.to_dict(),
        "actions": [a.notation for a in state.history],
        "final": digest(serialize(state)),
        "mid_at": 60, "mid": mid,
    })
    print(label, len(state.history), state.outcome)

for seed in (1, 1234567, 2**31 - 2):
    record(f"core standard seed {seed}", ["core-set"], GameSetup(pack=core, seed=seed, first=None), ["heuristic", "random"])
record("core+cw mixed", ["core-set", "colony-wars"], GameSetup(pack=mixed, seed=99, first=None), ["heuristic", "heuristic"])
for mode, n in (("hunter", 4), ("raid", 3), ("hydra", 4), ("emperor", 6), ("ffa", 5)):
    record(f"{mode} {n}", ["core-set"], setup_for(mode, core, players=n, seed=777), ["heuristic"] * n)
snap = CampaignSnapshot(sides=("empire", "federation"), first_side="empire", choices={1: {"announce": "strike"}})
record("legacy scenario 1", ["legacy-default"], scenario_setup(legacy, snap, 1, seed=424242), ["heuristic", "heuristic"])
json.dump({"about": "Games recorded by the engine before shuffles were keyed (commit d4d06e8): "
           "setup, actions, a mid-game saved state and a digest of the final saved state.",
           "games": games}, open("tests/engine/data/stored_games_mt.json", "w"), separators=(",", ":"))
