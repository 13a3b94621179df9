"""Bots: always legal, sensible answers (lethal, outposts, scraps, discards), search budget."""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace
from pathlib import Path

import pytest

from play.engine import GameSetup, apply, legal_actions, load_pack, new_game
from play.engine.bots.assess import deck_yield
from play.engine.bots.heuristic import HeuristicBot, best_purchase
from play.engine.bots.registry import get_bot
from play.engine.bots.search import SearchBot, determinize
from play.engine.bulk import seat_setups
from play.engine.rules import buy_actions, sheet_buy

from .packs import card, core_pack, default_scenario_start, facing_bases, inst, play_all, stacked

PACKS = Path(__file__).resolve().parents[2] / "fixtures" / "packs"
CORE = load_pack(json.loads((PACKS / "core-set.json").read_text()))
LEGACY = load_pack(json.loads((PACKS / "legacy-default.json").read_text()))

PACK = core_pack(
    card("brute", factions=("blob",), primary=[{"combat": 8}]),
    card("wall", type="base", cost=3, defense=4, outpost=True, factions=("machine",)),
    card("tower", type="base", cost=5, defense=3, factions=("empire",)),
    card("forcer", factions=("empire",), primary=[{"opponent_discards": 1}]),
    card("recycler", factions=("machine",), primary=[{"scrap": {"from": "hand_or_discard",
                                                               "max": 2}}]),
    card("picker", factions=("empire",), primary=[{"choose": [[{"authority": 1}],
                                                              [{"combat": 4}]]}]),
)


def _play_out(pack, names: tuple[str, str], seed: int, **options) -> int:
    """Play one game, asserting every bot action is legal; return the number of actions."""
    setup = GameSetup(pack=pack, seats=seat_setups(pack), seed=seed, first=seed % 2)
    state = new_game(setup)
    bots = [get_bot(name, seed=seed + k, **options.get(name, {})) for k, name in enumerate(names)]
    actions = 0
    while state.outcome is None:
        seat = state.decider
        action = bots[seat].choose(state, seat)
        assert action in legal_actions(state), (action, seed)
        apply(state, action)
        actions += 1
    return actions


@pytest.mark.parametrize("names", [("heuristic", "random"), ("heuristic", "heuristic")])
def test_heuristic_bot_only_plays_legal_actions_in_core_games(names) -> None:
    for seed in range(15):
        assert _play_out(CORE, names, seed) > 0


def test_heuristic_bot_only_plays_legal_actions_in_legacy_games_with_upgrades() -> None:
    """L11-L19: with sticker sheets the heuristic upgrades (and some games end politically)."""
    upgrades = 0
    for seed in range(10):
        setup = GameSetup(pack=LEGACY, seats=seat_setups(LEGACY), seed=seed)
        state = new_game(setup)
        bots = [HeuristicBot(seed), HeuristicBot(seed + 1)]
        while state.outcome is None:
            action = bots[state.decider].choose(state, state.decider)
            assert action in legal_actions(state)
            apply(state, action)
        upgrades += len(state.outcome.upgrades)
    assert upgrades > 0


@pytest.mark.parametrize("pack", [CORE, LEGACY], ids=["core", "legacy"])
def test_search_bot_only_plays_legal_actions(pack) -> None:
    for seed in range(2):
        _play_out(pack, ("search", "heuristic"), seed, search={"iterations": 4, "depth": 2})


def test_heuristic_beats_random_in_a_small_sample() -> None:
    wins = 0
    for seed in range(50):
        setup = GameSetup(pack=CORE, seed=seed, first=seed % 2)
        state = new_game(setup)
        bots = [HeuristicBot(seed), get_bot("random", seed=seed)]
        while state.outcome is None:
            apply(state, bots[state.decider].choose(state, state.decider))
        wins += state.outcome.winner == 0
    assert wins >= 45


# -- heuristic decisions on stacked decks ------------------------------------------------------

def test_c20_heuristic_destroys_the_blocking_outpost_before_attacking() -> None:
    state = facing_bases(PACK, "wall", hand=["brute", "scout", "scout", "scout", "scout"])
    wall = inst(state, "wall", "bases", seat=1)
    play_all(state)
    bot = HeuristicBot(0)
    assert bot.choose(state, 0).notation == f"destroy {wall}"
    state.apply(f"destroy {wall}")
    assert bot.choose(state, 0).notation == "attack 1"


def test_c19_heuristic_destroys_a_base_worth_it_when_not_racing() -> None:
    state = facing_bases(PACK, "tower", hand=["brute", "scout", "scout", "scout", "scout"])
    tower = inst(state, "tower", "bases", seat=1)
    play_all(state)
    assert HeuristicBot(0).choose(state, 0).notation == f"destroy {tower}"


def test_c26_heuristic_goes_face_when_lethal_even_past_a_base() -> None:
    state = facing_bases(PACK, "tower", hand=["brute", "scout", "scout", "scout", "scout"])
    state.authority[1] = 8
    play_all(state)
    assert HeuristicBot(0).choose(state, 0).notation == "attack 1"


def test_c15_heuristic_scraps_an_explorer_for_lethal() -> None:
    state = stacked(PACK, hands=(["brute", "explorer"], []))
    state.authority[1] = 10
    play_all(state)
    explorer = inst(state, "explorer", "ships")
    assert HeuristicBot(0).choose(state, 0).notation == f"use {explorer} 1"


def test_c23_forced_discard_drops_the_weakest_card() -> None:
    state = stacked(PACK, hands=(["forcer"], ["brute", "tower", "viper", "wall", "brute"]))
    state.apply(f"play {inst(state, 'forcer')}")
    assert state.pending.kind == "opp_discard" and state.decider == 1
    viper = inst(state, "viper", seat=1)
    assert HeuristicBot(0).choose(state, 1).notation == f"pick {viper}"


def test_heuristic_scraps_starters_and_stops_before_good_cards() -> None:
    state = stacked(PACK, hands=(["recycler", "brute", "scout"], []))
    state.apply(f"play {inst(state, 'recycler')}")
    bot = HeuristicBot(0)
    first = bot.choose(state, 0)
    assert state.design[first.card].id == "scout"
    state.apply(first)
    if state.pending is not None:  # only the brute is left to scrap: decline
        assert bot.choose(state, 0).notation == "done"


def test_c13_heuristic_picks_the_better_branch_of_a_choice() -> None:
    state = stacked(PACK, hands=(["picker"], []))
    state.apply(f"play {inst(state, 'picker')}")
    assert HeuristicBot(0).choose(state, 0).notation == "choose 1"  # 4 combat > 1 authority


def test_c17_heuristic_buys_the_most_valuable_affordable_set() -> None:
    cheap, dear, explorer = ("buy", 1), ("buy", 2), ("buy", -1)
    from play.engine.actions import intern
    options = [(2, 2.0, intern(*cheap)), (5, 5.0, intern(*dear)), (2, 1.5, intern(*explorer))]
    assert best_purchase(options, 5) == intern(*dear)
    assert best_purchase(options, 4) == intern(*cheap)  # 2 + explorer beats nothing better
    assert best_purchase(options, 1) is None


# -- search ------------------------------------------------------------------------------------

def _midgame(seed: int = 3, actions: int = 120):
    state = new_game(GameSetup(pack=CORE, seed=seed))
    bots = [HeuristicBot(1), HeuristicBot(2)]
    for _ in range(actions):
        apply(state, bots[state.decider].choose(state, state.decider))
    return state


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = _midgame()
    before = state.to_dict()
    seat = state.decider
    other = 1 - seat
    sim = determinize(state, seat, random.Random(5))
    assert state.to_dict() == before  # the real game is untouched
    assert sim.hand[seat] == state.hand[seat] and sim.row == state.row
    assert sorted(sim.deck[seat]) == sorted(state.deck[seat])
    assert len(sim.hand[other]) == len(state.hand[other])
    hidden = state.hand[other] + state.deck[other]
    assert sorted(sim.hand[other] + sim.deck[other]) == sorted(hidden)
    assert sorted(sim.trade_deck) == sorted(state.trade_deck)


def test_search_respects_its_iteration_budget() -> None:
    state = _midgame()
    bot = SearchBot(1, iterations=7, depth=2)
    for _ in range(40):
        if state.outcome is not None:
            break
        seat = state.decider
        action = bot.choose(state, seat) if seat == 0 else HeuristicBot(0).choose(state, seat)
        apply(state, action)
    assert bot.searches > 0
    assert 0 < bot.rollouts <= 7 * bot.searches


def test_search_stops_when_its_turn_budget_is_spent() -> None:
    state = _midgame()
    bot = SearchBot(1, iterations=1_000_000, turn_budget=0.05)
    seat = state.active
    turn = state.turn
    start = time.perf_counter()
    while state.outcome is None and state.turn == turn:
        apply(state, bot.choose(state, state.decider) if state.decider == seat
              else HeuristicBot(0).choose(state, state.decider))
    assert time.perf_counter() - start < 2.0  # a million rollouts would take hours
    assert 1 <= bot.searches and bot.rollouts < 5_000


def test_search_rejects_a_bad_budget() -> None:
    with pytest.raises(ValueError, match="iterations"):
        SearchBot(1, iterations=0)
    with pytest.raises(ValueError, match="turn_budget"):
        SearchBot(1, turn_budget=0)
    with pytest.raises(ValueError, match="bad option"):
        get_bot("search", seed=1, budget=3)


def test_bots_and_simulate_import_no_django() -> None:
    """The bots and the CLI stay standard-library only, like the rest of play.engine."""
    import subprocess
    import sys

    code = ("import sys, play.engine.bots.registry, play.engine.simulate; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'pytest')))")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_c14_search_evaluation_counts_allies_as_often_as_the_deck_brings_them() -> None:
    """The searcher's deck yield (assess.deck_yield) weights an ally ability by the chance that
    a five-card hand holds another card of its faction (C14), and fully with one in play."""
    alone = stacked(CORE, decks=(["blob-fighter"] + ["scout"] * 11, []))
    paired = stacked(CORE, decks=(["blob-fighter", "blob-fighter"] + ["scout"] * 10, []))
    n = sum(len(zone[0]) for zone in (paired.deck, paired.hand, paired.discard, paired.ships))
    assert deck_yield(alone, 0).draw == 0.0  # no other Blob card: its ally never fires
    # each fighter: draw 1 when one of the other 4 cards of the hand is the other fighter
    assert deck_yield(paired, 0).draw == pytest.approx(2 * (4 / (n - 1)) * 5 / n)
    based = stacked(CORE, decks=(["blob-fighter", "the-hive"] + ["scout"] * 10, []))
    hive = next(c for c in based.deck[0] + based.hand[0] if based.design[c].id == "the-hive")
    for zone in (based.deck[0], based.hand[0]):
        if hive in zone:
            zone.remove(hive)
    based.bases[0].append(hive)
    m = sum(len(zone[0]) for zone in (based.deck, based.hand, based.discard, based.ships))
    # the fighter's ally always fires beside the Hive; the Hive's own ally now and then (0.8 * 0.5)
    assert deck_yield(based, 0).draw == pytest.approx(5 / m + 0.4)
    assert deck_yield(based, 0).combat > deck_yield(alone, 0).combat  # the Hive's 3 each turn


@pytest.mark.parametrize("scenario", [None, 1, 2, 3, 4, 7, 12])
def test_l13_l19_sheet_buy_is_the_first_sheet_sticker_buy_of_the_full_listing(scenario) -> None:
    """L13, L19: `sheet_buy` (the heuristic's political-win check, asked at every step of
    every rollout) finds the first buy with a sticker of the seat's scenario sheet without
    listing every buy, and gives what `buy_actions` lists first, in every state of heuristic
    games (a core game; Legacy scenarios with sheets, grants and victory rules)."""
    start = new_game(GameSetup(pack=CORE, seats=seat_setups(CORE), seed=5)) \
        if scenario is None else default_scenario_start(scenario)
    checked = sheet_buys = 0
    for game_no in range(6):
        state = new_game(replace(start.game.setup, seed=game_no))
        bots = [HeuristicBot(game_no), HeuristicBot(game_no + 50)]
        while state.outcome is None and state.turn < 120:
            seat = state.decider
            if state.pending is None:
                sheet = state.game.scenario_sheet[seat]
                if sheet:
                    listed = [a for a in buy_actions(state) if a.sticker.startswith(sheet + ":")]
                    assert sheet_buy(state, sheet + ":") == (listed[0] if listed else None)
                    sheet_buys += bool(listed)
                checked += 1
            apply(state, bots[seat].choose(state, seat))
    assert checked > 500
    if scenario in (1, 2, 3, 4):
        assert sheet_buys > 20  # sheet-sticker buys were on offer: the listing was compared
