"""scripts/dev/search_limits.py (issue 23): the "what if" experiments measure what they say.

The oracle's worlds keep every hidden card where it is, and the fitted buy bonuses call the
search's own choices better than the heuristic's plain values."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

from play.engine import GameSetup, new_game, read_pack
from play.engine.bulk import seat_setups

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location("search_limits",
                                              ROOT / "scripts" / "dev" / "search_limits.py")
search_limits = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(search_limits)


def test_the_oracle_world_keeps_the_hidden_cards_in_place() -> None:
    pack = read_pack(str(ROOT / "fixtures" / "packs" / "core-set.json"))
    state = new_game(GameSetup(pack=pack, seats=seat_setups(pack), seed=3))
    world = search_limits.seen_world(state, 0, random.Random(1))
    assert world.hand == state.hand and world.deck == state.deck
    assert world.trade_deck == state.trade_deck
    assert world.history == [] and world.rng is not state.rng


def test_fitted_bonuses_call_the_choices_the_plain_values_miss(tmp_path: Path) -> None:
    # the search takes the cheap "cutter" over the dearer "junkyard" (plain values 2 and 6)
    # four times in five, and buys the explorer over nothing when it ends its turn instead
    decisions = [{"candidates": [["junkyard", 6.0], ["cutter", 2.0], ["end", 0.0]],
                  "chosen": 1 if k % 5 else 0} for k in range(50)]
    decisions.append({"candidates": [["explorer", 2.0], ["end", 0.0]], "chosen": 1})
    path = tmp_path / "buys.jsonl"
    path.write_text(json.dumps({"game": 0, "won": True, "decisions": decisions}) + "\n")
    bonus, figures = search_limits.fit_bonus(str(path), penalty=0.1, steps=400)
    assert figures["decisions"] == 50  # an "end" chosen is not a buy: left out
    assert figures["calls_with_plain_values"] == 10
    assert figures["calls_with_bonus"] == 40
    assert bonus["cutter"] > 0 > bonus["junkyard"]
