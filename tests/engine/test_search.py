"""The search bot in every mode (M1-M7) and scenario: legal decisions, no hidden information.

Issue 23: every decision the searcher makes is legal, in every mode with random seeds, and its
decisions depend only on what its seat may know: re-dealing the cards it cannot see (the
opponents' hands and decks, its own deck order, the trade deck, future shuffles) never changes
a decision, given the same seed of its own.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from play.engine import GameSetup, apply, legal_actions, load_pack, new_game, setup_for
from play.engine.bots.goals import AUTHORITY, POLITICAL, closest_route, goal_score, goals_of
from play.engine.bots.heuristic import HeuristicBot
from play.engine.bots.search import SearchBot
from play.engine.bots.search import candidates as search_candidates
from play.engine.bulk import seat_setups
from play.engine.chance import KeyedShuffler
from play.engine.state import replace_shared

from .packs import default_scenario_start

PACKS = Path(__file__).resolve().parents[2] / "fixtures" / "packs"
CORE = load_pack(json.loads((PACKS / "core-set.json").read_text()))
LEGACY = load_pack(json.loads((PACKS / "legacy-default.json").read_text()))

# (mode, players, the searcher's seat): M1 standard ... M7 raid as the boss and as a raider
MODE_SEATS = [("standard", 2, 0), ("ffa", 4, 1), ("hunter", 3, 2), ("first-blood", 5, 0),
              ("hydra", 4, 1), ("emperor", 6, 0), ("emperor", 6, 3), ("raid", 4, 0),
              ("raid", 3, 2)]
RANDOM_SEED = random.SystemRandom().randrange(1 << 30)  # reported in every failure message


def _small_searcher(seed: int) -> SearchBot:
    return SearchBot(seed, iterations=6, depth=1, width=4)


def _setup(mode: str, players: int, seed: int) -> GameSetup:
    if mode == "standard":
        return GameSetup(pack=CORE, seats=seat_setups(CORE), seed=seed, first=seed % 2)
    return setup_for(mode, CORE, players=players, seed=seed)


# Named, not numbered: every xdist worker draws its own RANDOM_SEED but collects the same tests.
@pytest.mark.parametrize("seed", [11, RANDOM_SEED], ids=["fixed-seed", "random-seed"])
@pytest.mark.parametrize(("mode", "players", "seat"), MODE_SEATS)
def test_m1_m7_searcher_makes_only_legal_decisions(mode, players, seat, seed) -> None:
    """M1-M7: the searcher's every decision is one of the legal actions (its mode's targets)."""
    state = new_game(_setup(mode, players, seed))
    searcher = _small_searcher(seed)
    others = HeuristicBot(seed + 1)
    for _ in range(260):
        if state.outcome is not None:
            break
        who = state.decider
        action = (searcher if who == seat else others).choose(state, who)
        assert action in legal_actions(state), (mode, seed, who, action)
        apply(state, action)
    assert searcher.searches > 0, (mode, seed)


def _redealt(state, seat: int, rng: random.Random):
    """Return a copy where everything `seat` cannot see is dealt differently (a fellow
    raider's hand stays: M7 raiders see each other's hands)."""
    other_world = state.clone()
    game = other_world.game
    deck = other_world.deck[seat][:]
    rng.shuffle(deck)
    other_world.deck[seat] = deck
    for other in range(game.n):
        if other == seat:
            continue
        if game.mode.team_hands and game.team[other] == game.team[seat]:
            deck = other_world.deck[other][:]
            rng.shuffle(deck)
            other_world.deck[other] = deck
            continue
        k = len(other_world.hand[other])
        hidden = other_world.hand[other] + other_world.deck[other]
        rng.shuffle(hidden)
        other_world.hand[other] = hidden[:k]
        other_world.deck[other] = hidden[k:]
    trade = other_world.trade_deck[:]
    rng.shuffle(trade)
    replace_shared(other_world, "trade_deck", trade)
    replace_shared(other_world, "rng", KeyedShuffler(rng.randbytes(32)))
    return other_world


@pytest.mark.parametrize(("mode", "players", "seat"),
                         [("standard", 2, 1), ("ffa", 4, 0), ("raid", 4, 2), ("hydra", 4, 0)])
def test_searcher_decides_the_same_whatever_the_unseen_cards(mode, players, seat) -> None:
    """Its decisions are identical in worlds that differ only in what its seat cannot see."""
    seed = RANDOM_SEED
    state = new_game(_setup(mode, players, seed))
    others = HeuristicBot(seed + 1)
    compared = 0
    changed_worlds = 0
    for step in range(400):
        if state.outcome is not None or compared >= 12:
            break
        who = state.decider
        if who != seat:
            apply(state, others.choose(state, who))
            continue
        other_world = _redealt(state, seat, random.Random(seed * 1000 + step))
        changed_worlds += any(a != b for a, b in zip(other_world.hand, state.hand, strict=True))
        here = _small_searcher(seed + step)
        there = _small_searcher(seed + step)
        action = here.choose(state, seat)
        assert there.choose(other_world, seat) == action, (mode, seed, step)
        compared += here.searches
        apply(state, action)
    assert compared > 0, (mode, seed)
    assert changed_worlds > 0, "the re-dealt worlds must really differ"


def test_l19_l21_goals_read_the_scenario_routes_and_vp_cards() -> None:
    """L19, L21: a Legacy game's goals hold its sheet and VP cards; a core game's hold nothing."""
    core = new_game(GameSetup(pack=CORE, seats=seat_setups(CORE), seed=1))
    assert not goals_of(core, 0).scenario
    assert closest_route(core, 0) == (AUTHORITY, None)
    assert goal_score(core, 0) == 0.0
    legacy = new_game(GameSetup(pack=LEGACY, seats=seat_setups(LEGACY), seed=1))
    goals = goals_of(legacy, 0)
    if goals.sheet:
        route, _cond = closest_route(legacy, 0)
        assert route in (AUTHORITY, POLITICAL, "scenario")


def test_searcher_plays_legal_moves_in_every_default_scenario() -> None:
    """L19-L21: in each of the twelve scenarios of the default campaign the searcher's
    decisions are legal (a few turns of each)."""
    from dataclasses import replace

    from play.engine.balance import campaign_prefix, pick_choices
    from play.engine.legacy import scenario_setup

    prefix = campaign_prefix(LEGACY, 12, "heuristic", 5)
    for number in range(1, 13):
        rng = random.Random(RANDOM_SEED + number)
        base = prefix[number - 1]
        first = rng.choice(("empire", "federation"))
        snapshot = replace(base, first_side=first,
                           choices={**base.choices, number: pick_choices(LEGACY, number, first,
                                                                         rng)})
        state = new_game(scenario_setup(LEGACY, snapshot, number, seed=RANDOM_SEED,
                                        check_first=False))
        seat = number % 2
        searcher = _small_searcher(number)
        others = HeuristicBot(number)
        for _ in range(120):
            if state.outcome is not None:
                break
            who = state.decider
            action = (searcher if who == seat else others).choose(state, who)
            assert action in legal_actions(state), (number, RANDOM_SEED, action)
            apply(state, action)


def test_searcher_with_a_deadline_still_halves_down_to_the_last_round() -> None:
    """With a deadline the rollouts are planned after the first world: the search ends in its
    last round (two candidates left), within the time, instead of stopping in round one."""
    now = [0.0]
    bot = SearchBot(5, iterations=10_000, clock=lambda: now[0])
    played: list = []
    rollout = bot.rollout

    def timed_rollout(state, seat, action, world):  # every rollout takes 10 ms
        now[0] += 0.01
        played.append(action)
        return rollout(state, seat, action, world)

    bot.rollout = timed_rollout
    state = new_game(GameSetup(pack=CORE, seats=seat_setups(CORE), seed=5, first=0))
    heuristic = HeuristicBot(6)
    while True:  # on to a buy with many candidates
        actions = legal_actions(state)
        default = heuristic.choose(state, state.decider)
        found = search_candidates(state, state.decider, actions, default, 8)
        if state.pending is None and len(found) >= 5:
            break
        apply(state, default)
    rounds = math.ceil(math.log2(len(found)))
    bot.search(state, state.decider, found, deadline=0.6)
    assert now[0] <= 0.6 + 0.01 * len(found)  # within the time (one world may overrun)
    assert len(set(played[-4:])) <= 2, "the last rollouts are the final round's two candidates"
    assert len(played) > len(found) * rounds  # more than a world a candidate a round


def test_rollouts_play_to_scenario_depth_in_a_legacy_scenario() -> None:
    """Scenario RULEs, L19, L21: with `scenario_depth` the searcher's rollouts in a Legacy
    scenario (victory rules in scenario 8, a scenario sheet in 3, only VP cards in 6) play that
    many main phases; in a game with none of those (a core game) `depth`."""
    core = new_game(GameSetup(pack=CORE, seats=seat_setups(CORE), seed=3))
    bot = SearchBot(1, depth=6, scenario_depth=100)
    for number in (8, 3, 6):
        assert bot.rollout_depth(default_scenario_start(number), 0) == 100, number
    assert bot.rollout_depth(core, 0) == 6
    assert SearchBot(1, depth=6).rollout_depth(default_scenario_start(8), 0) == 6
    assert SearchBot(1).rollout_depth(default_scenario_start(8), 1) == 2  # no depth: two phases
    with pytest.raises(ValueError, match="scenario_depth"):
        SearchBot(1, scenario_depth=-1)


def test_scenario_iterations_set_the_rollouts_a_decision_in_a_legacy_scenario() -> None:
    """Scenario RULEs, L19, L21: with `scenario_iterations` a searched decision of a Legacy
    scenario game plays up to that many rollouts; a core game keeps `iterations`."""
    bot = SearchBot(1, iterations=6, scenario_iterations=24, depth=1)
    core = new_game(GameSetup(pack=CORE, seats=seat_setups(CORE), seed=3))
    assert bot.rollout_budget(default_scenario_start(3), 0) == 24
    assert bot.rollout_budget(core, 0) == 6
    assert SearchBot(1, iterations=6).rollout_budget(default_scenario_start(3), 0) == 6

    def rollouts_a_search(state) -> float:
        bot.rollouts = bot.searches = 0
        other = HeuristicBot(2)
        while state.outcome is None and state.turn < 12:
            seat = state.decider
            apply(state, bot.choose(state, seat) if seat == 0 else other.choose(state, seat))
        return bot.rollouts / bot.searches

    in_scenario, in_core = rollouts_a_search(default_scenario_start(2)), rollouts_a_search(core)
    assert 12 < in_scenario <= 24 and in_core <= 6, (in_scenario, in_core)
    with pytest.raises(ValueError, match="scenario_iterations"):
        SearchBot(1, scenario_iterations=0)
