"""The search bot: information-set Monte Carlo search with heuristic rollouts, in every mode.

At a decision worth searching, the bot compares a few candidate actions by playing each on in
many sampled worlds and scoring where they lead:

1. **What it may know.** A sampled world (`determinize`) keeps everything the seat sees or knows
   for sure: its own hand, every public zone (trade row, discard piles, cards in play, the scrap
   heap), the sizes of hidden zones, a fellow raider's hand (M7). The hidden cards are re-dealt at
   random from the cards they must be: its own deck (the cards it owns that it cannot see), each
   opponent's hand and deck together, the trade deck; future reshuffles get a fresh generator.
   Each hidden pool is sorted by card id before it is shuffled, so the worlds depend only on
   what the seat knows and on its own generator: the bot's choices are identical whatever the
   hidden cards really are (tests/engine/test_search.py).
2. **Candidates** (`candidates`): the legal actions with equivalent ones merged (two copies of
   a card in the row, a card's stickers of one sheet), ordered by the heuristic's opinion (its
   own choice first, then buys by the heuristic's value) and cut to the best `width`
   (progressive widening: big buy and scrap decisions keep the promising few).
3. **Sequential halving** over the candidates with common random numbers: each round plays
   every surviving candidate in the SAME sampled worlds, keeps the better half by mean reward,
   and doubles the worlds per candidate; an alternative must beat the heuristic's own choice by
   `margin` (noise does not move the bot off a sound plan), and with `confidence` z > 0 also
   pass a paired test in the worlds both played (mean gain minus `margin` above z standard
   errors; measured no stronger at 200 rollouts, so off by default).
4. **Rollouts** (`rollout`): after the candidate every seat plays the heuristic bot (the rest of
   this turn, then `depth` more main phases: the opponents' answer and the bot's own next turn);
   the world is then scored (`evaluate`): 1 / 0 for a won / lost game, otherwise the chance to win
   from a model fitted on heuristic games (`WEIGHTS`, scripts/dev/fit_search_evaluation.py): per
   seat a score from authority, outposts, the per-turn trade, combat, authority and draw its
   cards give (assess.deck_yield: an ally ability counts as often as the seat's own deck
   brings a card of its faction along); the seats' scores against each other (a softmax over living seats,
   summed over the bot's team; in two-player games a logistic of the difference). In a Legacy
   scenario that score is scaled and the seat's progress toward its own victory rules,
   political victory and VP cards (goals.goal_terms) adds to it (SCENARIO_WEIGHTS); its
   opponents' progress counts through their scores.

Played without search: the only legal action, playing cards from hand, base primaries and ally
abilities (free), a political-victory buy (L19), a lethal attack, the only place to put combat,
and the heuristic's answers to discards, recycles, copies, destinations and gifts. Searched:
buys and upgrades, scrap abilities, which player or base to attack (the mode's targeting and
teams come from the engine's legal actions), and choose / may / scrap / destroy-base /
free-acquire / target decisions.

`weights` replaces WEIGHTS (evaluations fitted otherwise, e.g. `--explore`, for experiments),
`scenario_weights` replaces SCENARIO_WEIGHTS, `scenario_depth` replaces `depth` and
`scenario_iterations` replaces `iterations` in a Legacy scenario game (the Grand Admiral plays
those rollouts to the end of the game, where the evaluation, fitted on core games, reads the
scenario's races badly; twice as many of them were measured no stronger: bots/levels.py,
docs/bots.md).

Budget: at most `iterations` (in a Legacy scenario game `scenario_iterations`, when set)
rollouts per decision, stopped early by `time_limit` (seconds per
decision) or by `turn_budget` (seconds per turn: each search may use half of what is left).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from .. import ops
from ..actions import DONE, Action
from ..chance import KeyedShuffler
from ..rules import apply, legal_actions
from ..state import GameState, replace_shared
from .assess import Yield, deck_yield, wall
from .goals import goal_terms, goals_of
from .heuristic import (
    HeuristicBot,
    answer_decision,
    buy_options,
    lethal_step,
    opening_step,
    weakest_first,
)

# Score of a seat, fitted by logistic regression on the positions at the start of a turn in
# 3,000 heuristic-vs-heuristic core-set games (scripts/dev/fit_search_evaluation.py --seed 7;
# held-out log loss 0.547, 70% of winners called right; the same features with the flat ally
# chance of `seat_yield`: 0.552): the chance that seat A beats seat B is the logistic of
# score(A) - score(B). Features (`features`): authority / 50, low authority
# (min(authority, 20) / 20), outposts' defense / 10, trade, combat, authority and draw its cards
# give per turn (assess.deck_yield: allies as often as its own deck makes them) / 10, 1 for the
# seat that moves next.
WEIGHTS = (2.845, 1.053, 0.045, 1.52, 2.16, 2.041, 0.805, 0.335)
# In a Legacy scenario game: the scale of the fitted core score, then the weights of a seat's
# scenario progress (goals.goal_terms: its nearest victory rule, its scenario sheet, its VP
# cards). (1, 8, 4, 4) is the hand-set weight of 4 on goals.goal_score per seat (a victory rule
# counted for its seat and against the opponents). scripts/dev/fit_goal_weights.py fits them on
# heuristic games of the default campaign's scenarios.
SCENARIO_WEIGHTS = (1.0, 8.0, 4.0, 4.0)
SEARCHED_DECISIONS = ("choose", "may", "destroy_base", "acquire_free", "scrap", "target")


# the whole-number options: (least value, what the number counts)
_WHOLE_NUMBERS = {
    "iterations": (1, "rollouts a decision"), "scenario_iterations": (1, "rollouts a decision"),
    "depth": (0, "main phases"), "scenario_depth": (0, "main phases"), "width": (2, "candidates"),
}


def _check_options(**options: int | None) -> None:
    """Refuse a whole-number option of SearchBot that is not one or is too small (None: unset;
    `iterations` and `width` are always set)."""
    for name, value in options.items():
        least, counts = _WHOLE_NUMBERS[name]
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                  or value < least):
            raise ValueError(f"{name} must be a whole number of {counts} >= {least}")


def _check_budget_and_weights(time_limit, turn_budget, confidence, weights,
                              scenario_weights) -> None:
    """Refuse SearchBot's time limits, confidence and weights when they make no sense."""
    if time_limit is not None and time_limit <= 0:
        raise ValueError("time_limit must be positive (seconds per decision)")
    if turn_budget is not None and turn_budget <= 0:
        raise ValueError("turn_budget must be positive (seconds of search per turn)")
    if not isinstance(confidence, (int, float)) or confidence < 0:
        raise ValueError("confidence must be a z value >= 0")
    if len(weights) != len(WEIGHTS) or not all(isinstance(w, (int, float)) for w in weights):
        raise ValueError(f"weights must be {len(WEIGHTS)} numbers (see WEIGHTS)")
    if len(scenario_weights) != len(SCENARIO_WEIGHTS) \
            or not all(isinstance(w, (int, float)) for w in scenario_weights):
        raise ValueError(f"scenario_weights must be {len(SCENARIO_WEIGHTS)} numbers "
                         f"(see SCENARIO_WEIGHTS)")


class SearchBot:
    """Information-set Monte Carlo search with heuristic rollouts (see the module docstring)."""

    name = "search"

    def __init__(self, seed: int | None = None, *, iterations: int = 400,
                 scenario_iterations: int | None = None,
                 time_limit: float | None = None, turn_budget: float | None = None,
                 depth: int | None = None, scenario_depth: int | None = None,
                 width: int = 8, margin: float = 0.02,
                 confidence: float = 0.0, weights: tuple[float, ...] | list[float] = WEIGHTS,
                 scenario_weights: tuple[float, ...] | list[float] = SCENARIO_WEIGHTS,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        _check_options(iterations=iterations, scenario_iterations=scenario_iterations,
                       depth=depth, scenario_depth=scenario_depth, width=width)
        _check_budget_and_weights(time_limit, turn_budget, confidence, weights,
                                  scenario_weights)
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.scenario_iterations = scenario_iterations
        self.time_limit = time_limit
        self.turn_budget = turn_budget
        self.depth = depth
        self.scenario_depth = scenario_depth
        self.width = width
        self.margin = margin
        self.confidence = float(confidence)
        self.weights = tuple(float(w) for w in weights)
        self.scenario_weights = tuple(float(w) for w in scenario_weights)
        self.clock = clock
        self.policy = HeuristicBot(self.rng.getrandbits(32))  # defaults and obvious steps
        self.player = HeuristicBot(0)  # every seat in a rollout (its generator set per world)
        self._turn: tuple[int, int] | None = None  # (game, turn) the spent time below is for
        self._turn_spent = 0.0
        self.rollouts = 0   # rollouts run in total (tests check the budget with it)
        self.searches = 0   # decisions that were searched

    # -- choosing ---------------------------------------------------------------------------------

    def choose(self, state: GameState, seat: int) -> Action:
        """Return a legal action for `seat` (the decider): an obvious step or a searched one."""
        actions = legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        obvious = obvious_step(state, seat, actions, self.policy.rng)
        if obvious is not None:
            return obvious
        default = self.policy.choose(state, seat)
        # every candidate plays at least one world: no more of them than the rollout budget
        found = candidates(state, seat, actions, default,
                           min(self.width, self.rollout_budget(state, seat)))
        if len(found) == 1:
            return found[0]
        deadline = self._deadline(state)
        if deadline is not None and deadline <= self.clock():
            return default  # this turn's thinking time is spent: trust the heuristic
        start = self.clock()
        action = self.search(state, seat, found, deadline)
        self._turn_spent += self.clock() - start
        return action

    def _deadline(self, state: GameState) -> float | None:
        """Return when this decision's search must stop, or None (iterations only)."""
        now = self.clock()
        limits = []
        if self.time_limit is not None:
            limits.append(now + self.time_limit)
        if self.turn_budget is not None:
            turn = (id(state.game), state.turn)
            if turn != self._turn:
                self._turn, self._turn_spent = turn, 0.0
            left = self.turn_budget - self._turn_spent
            limits.append(now + (left / 2 if left > 0.1 * self.turn_budget else left))
        return min(limits) if limits else None

    # -- the search -------------------------------------------------------------------------------

    def search(self, state: GameState, seat: int, found: list[Action],
               deadline: float | None = None) -> Action:
        """Sequential halving over `found` (the heuristic's choice first) in shared worlds.

        Each round spends an equal share of the budget on the candidates still in, all of
        them playing the same new worlds; the better half goes on. Every candidate plays at
        least one world, whatever the deadline. With a deadline the budget is planned after
        that first world (`_affordable`), so the rounds still halve down to one choice instead
        of stopping in the first round, where each candidate has played a world or two.
        """
        self.searches += 1
        n = len(found)
        alive = list(range(n))
        totals = [0.0] * n
        visits = [0] * n
        rewards: list[list[float]] = [[] for _ in range(n)]  # per world, for the paired test
        rounds = max(1, math.ceil(math.log2(n)))
        worlds: list[int] = []
        played = 0
        budget = most = self.rollout_budget(state, seat)
        started = self.clock()
        for r in range(rounds):
            first = visits[alive[0]]  # the candidates still in have played the same worlds
            if r == 0:  # the first world of all, then the budget the deadline allows
                worlds.append(self.rng.getrandbits(64))
                played += self._play_world(state, seat, found, alive, worlds[0], totals,
                                           visits, rewards)
                first = 1
                if deadline is not None:
                    budget = self._affordable(played, started, deadline, most)
            share = max(1, budget // (rounds * len(alive)))  # worlds per candidate this round
            last = share if r == 0 else first + share
            while len(worlds) < last:
                worlds.append(self.rng.getrandbits(64))
            for w in range(first, last):
                if (played + len(alive) > budget
                        or deadline is not None and self.clock() > deadline):
                    break
                played += self._play_world(state, seat, found, alive, worlds[w], totals,
                                           visits, rewards)
            else:
                if r < rounds - 1:
                    alive.sort(key=lambda k: self._mean(k, totals, visits), reverse=True)
                    alive = alive[:(len(alive) + 1) // 2]
                continue
            break  # out of time: the best mean so far
        self.rollouts += played
        best = max(alive, key=lambda k: self._mean(k, totals, visits))
        if best and self.confidence and not self._clearly_better(rewards[best], rewards[0]):
            return found[0]
        return found[best]

    def _play_world(self, state: GameState, seat: int, found: list[Action], alive: list[int],
                    world: int, totals: list[float], visits: list[int],
                    rewards: list[list[float]]) -> int:
        """Play `world` for every candidate still in; return the rollouts played."""
        for k in alive:
            reward = self.rollout(state, seat, found[k], world)
            rewards[k].append(reward)
            totals[k] += reward
            visits[k] += 1
        return len(alive)

    def _affordable(self, played: int, started: float, deadline: float, most: int) -> int:
        """Return the rollouts this search can play before `deadline` at the pace so far
        (at most `most`)."""
        now = self.clock()
        pace = max(now - started, 1e-6) / played
        return max(played, min(most, played + int(0.9 * (deadline - now) / pace)))

    def _clearly_better(self, mine: list[float], default: list[float]) -> bool:
        """Return whether `mine` beats the heuristic's rewards in the worlds both played by
        more than `margin` plus `confidence` standard errors (a paired test)."""
        diffs = [a - b for a, b in zip(mine, default)]  # the same worlds, in the same order
        if len(diffs) < 2:
            return False
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean - self.margin > self.confidence * math.sqrt(var / len(diffs))

    def _mean(self, k: int, totals: list[float], visits: list[int]) -> float:
        if not visits[k]:
            return -1.0
        # an alternative must beat the heuristic's own choice (candidate 0) by `margin`
        return totals[k] / visits[k] + (self.margin if k == 0 else 0.0)

    def rollout_budget(self, state: GameState, seat: int) -> int:
        """Return the most rollouts a decision plays: `scenario_iterations` in a Legacy
        scenario game (when set, as for `rollout_depth`), else `iterations`. Rollouts to the
        end score only 1 or 0, so telling candidates apart there takes more of them."""
        if self.scenario_iterations is not None and goals_of(state, seat).scenario:
            return self.scenario_iterations
        return self.iterations

    def rollout_depth(self, state: GameState, seat: int) -> int:
        """Return how many main phases `seat`'s rollouts play after this turn: `scenario_depth`
        in a Legacy scenario game (when set: the seat has a route beyond authority or VP cards
        to play for, `Goals.scenario`), else `depth` (default: 2 in a two-player game, one
        round of turns in a bigger one)."""
        if self.scenario_depth is not None and goals_of(state, seat).scenario:
            return self.scenario_depth
        if self.depth is not None:
            return self.depth
        return 2 if state.game.n == 2 else state.game.n

    def rollout(self, state: GameState, seat: int, action: Action, world: int) -> float:
        """Play one sampled world on from `action`; return the reward for `seat` in [0, 1]."""
        rng = random.Random(world)
        sim = determinize(state, seat, rng)
        stop = sim.turn + 1 + self.rollout_depth(sim, seat)  # the rest of this turn, then the depth
        apply(sim, action)
        player = self.player
        player.rng = rng
        while sim.outcome is None and sim.turn < stop:
            who = sim.pending.seat if sim.pending is not None else sim.active
            apply(sim, player.choose(sim, who))
        return evaluate(sim, seat, self.weights, self.scenario_weights)


# -- sampled worlds ----------------------------------------------------------------------------------

def determinize(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Return a copy where all that `seat` cannot see is re-dealt from what it may know.

    Kept: its hand, the public zones, a fellow raider's hand (M7), every zone's size. Re-dealt:
    its deck, each other seat's hidden hand and deck together, the trade deck, future
    reshuffles. Pools are sorted before shuffling, so the result depends only on what `seat`
    knows and on `rng`. The copy keeps no action history (a rollout does not need it).
    """
    sim = fresh_world(state, rng)
    own = sorted(sim.deck[seat])
    rng.shuffle(own)
    sim.deck[seat] = own
    game = sim.game
    for other in range(game.n):
        if other == seat:
            continue
        if game.mode.team_hands and game.team[other] == game.team[seat]:
            deck = sorted(sim.deck[other])  # M7: raiders see each other's hands
            rng.shuffle(deck)
            sim.deck[other] = deck
            continue
        k = len(sim.hand[other])
        hidden = sorted(sim.hand[other] + sim.deck[other])
        rng.shuffle(hidden)
        sim.hand[other] = hidden[:k]
        sim.deck[other] = hidden[k:]
    trade = sorted(sim.trade_deck)
    rng.shuffle(trade)
    replace_shared(sim, "trade_deck", trade)
    return sim


def fresh_world(state: GameState, rng: random.Random) -> GameState:
    """Return a copy with future shuffles of its own (drawn from `rng`) and no action history:
    where every sampled world starts, before the hidden cards are re-dealt."""
    sim = state.clone()
    replace_shared(sim, "rng", KeyedShuffler(rng.getrandbits(256).to_bytes(32, "little")))
    replace_shared(sim, "history", [])
    return sim


# -- scoring a world ----------------------------------------------------------------------------------

def evaluate(sim: GameState, seat: int, weights: tuple[float, ...] = WEIGHTS,
             scenario_weights: tuple[float, ...] = SCENARIO_WEIGHTS) -> float:
    """Return the chance that `seat`'s team wins from here (1 / 0 once the game is over)."""
    outcome = sim.outcome
    game = sim.game
    if outcome is not None:
        if outcome.winning_team is None:
            return 0.5
        return 1.0 if outcome.winning_team == game.team[seat] else 0.0
    living = [s for s in range(game.n) if sim.alive[s]]
    yields = {s: deck_yield(sim, s) for s in living}
    scenario = any(goals_of(sim, s).scenario for s in living)  # the same scale for every seat
    scores = {s: seat_score(sim, s, yields, weights, scenario_weights if scenario else None)
              for s in living}
    team = game.team[seat]
    top = max(scores.values())
    weights = {s: math.exp(max(v - top, -30.0)) for s, v in scores.items()}
    mine = sum(w for s, w in weights.items() if game.team[s] == team)
    return mine / sum(weights.values())


def seat_score(sim: GameState, seat: int, yields: dict[int, Yield],
               weights: tuple[float, ...] = WEIGHTS,
               scenario_weights: tuple[float, ...] | None = None) -> float:
    """Return the seat's fitted score (`weights`); in a scenario game (`scenario_weights`) that
    score scaled plus the seat's scenario progress (goals.py)."""
    score = sum(w * f for w, f in zip(weights, features(sim, seat, yields), strict=True))
    if scenario_weights is not None:
        scale, *per_term = scenario_weights
        score = scale * score + sum(w * t for w, t in zip(per_term, goal_terms(sim, seat),
                                                         strict=True))
    return score


def features(sim: GameState, seat: int, yields: dict[int, Yield]) -> tuple[float, ...]:
    """Return the seat's evaluation features (see WEIGHTS); `yields` holds every living
    seat's `deck_yield`."""
    authority = sim.authority[sim.game.purse[seat]]
    mine = yields[seat]
    moves_next = 1.0 if sim.pending is None and sim.active == seat else 0.0
    return (authority / 50, min(authority, 20) / 20, wall(sim, seat) / 10, mine.trade / 10,
            mine.combat / 10, mine.authority / 10, mine.draw / 10, moves_next)


# -- what to search ------------------------------------------------------------------------------------

def obvious_step(state: GameState, seat: int, actions: list[Action], rng: random.Random
                 ) -> Action | None:
    """Return a forced or dominant step to play without search, or None (module docstring)."""
    d = state.pending
    if d is not None:
        return None if d.kind in SEARCHED_DECISIONS else answer_decision(state, seat, rng)
    opening = opening_step(state, seat)
    if opening is not None:
        return opening
    foes = ops.enemies(state, seat)
    if foes and state.combat[seat] > 0:
        for foe in weakest_first(state, foes, rng) if len(foes) > 1 else foes:
            lethal = lethal_step(state, seat, foe)
            if lethal is not None:
                return lethal
        combat_actions = [a for a in actions if a.kind in ("attack", "destroy")]
        if len(combat_actions) == 1 and combat_actions[0].kind == "attack":
            return combat_actions[0]  # the only place for combat; unspent combat is lost (C21)
    return None


def candidates(state: GameState, seat: int, actions: list[Action], default: Action,
               width: int) -> list[Action]:
    """Return the actions worth comparing: the heuristic's choice first, equivalent ones merged,
    buys by the heuristic's value, at most `width` (progressive widening)."""
    seen = {_key(state, default)}
    found = [default]
    rest = []
    for action in actions:
        key = _key(state, action)
        if key not in seen:
            seen.add(key)
            rest.append(action)
    if len(rest) + 1 > width:
        value = {a: v for _cost, v, a in buy_options(state, seat)} if state.pending is None else {}
        rest.sort(key=lambda a: -_prior(a, value))
        rest = rest[:width - 1]
    return found + rest


def _prior(action: Action, buy_value: dict[Action, float]) -> float:
    """Rank of an action before search: ending and attacking first, then buys by value."""
    if action.kind in ("end", "attack", "done"):
        return 100.0
    if action.kind == "buy":
        return buy_value.get(action, 0.0)
    if action.kind == "destroy":
        return 50.0
    return 3.0


def _key(state: GameState, action: Action) -> tuple:
    """Return what makes two actions different (a card's design, not its id, where the zone is
    the same; a sticker's sheet, not its row)."""
    kind = action.kind
    if kind in ("buy", "pick") and action.card >= 0:
        design = state.design[action.card]
        zone = 0 if action.card in state.row else 1 if action.card in state.hand[seat_of(state)] \
            else 2
        return (kind, design.id, zone, action.sticker.split(":", 1)[0])
    if kind == "use":
        return (kind, state.design[action.card].id, action.index)
    if action is DONE:
        return ("done",)
    return (kind, action.card, action.index, action.sticker)


def seat_of(state: GameState) -> int:
    """Return the deciding seat."""
    return state.pending.seat if state.pending is not None else state.active
