"""The search bot: determinized flat Monte Carlo with UCB1 over the decider's candidate actions.

At each decision it searches, the bot runs `iterations` rollouts, or fewer when `time_limit`
(seconds per decision) or `turn_budget` (seconds per turn) runs out; once a turn's budget is
spent it plays the heuristic's choice. One rollout:

1. determinizes: copies the state and re-deals everything the searching seat cannot know from the
   cards it can: its own deck order, the opponent's hand and deck (shuffled together and re-dealt
   with the same sizes), the trade-deck order, and a fresh random generator (the real one would
   reveal future reshuffles). A card known to sit on top of a deck is shuffled too: a small loss
   of information, never a leak;
2. applies one candidate action, chosen by UCB1 (C = `exploration`);
3. plays on with the heuristic bot for every seat for `depth` turn ends counted from before the
   action (default 5: the rest of this turn and the next four; None: to the end of the game);
4. scores the result for the searching seat: 1 / 0 for a win / loss, otherwise a logistic of the
   authority difference plus `deck_weight` times the difference in deck strength (the mean value
   of the cards each side owns); `evaluation="race"` compares turns-to-kill instead.

Candidates with the same visit index share their determinization (common random numbers), so
the comparison between actions is not drowned by the luck of the deal; and an alternative must
beat the heuristic's own choice by `margin` in mean reward to be played instead.

With more than two seats or in any mode but standard (docs/modes.md) the bot plays the
heuristic's choices: its determinization and evaluation are written for one opponent.

Played WITHOUT search (forced or obviously dominant): the only legal action; playing cards from
hand; using base primaries and ally abilities (free); a lethal attack; attacking the player when
no base can be targeted (unspent combat is lost, C21); a political-victory buy (L19); and the
heuristic's answers to discard, forced-discard, scrap, recycle, copy and destination decisions
(searching those mostly added noise). Searched: which cards to buy (or none) and upgrades, scrap
abilities, which bases to destroy versus attacking the player, and the choose / may /
destroy-base / free-acquire decisions.
"""

from __future__ import annotations

import math
import random
import time

from .. import ops
from ..actions import ATTACK, Action
from ..chance import KeyedShuffler
from ..rules import apply, attack_error, legal_actions
from ..state import GameState
from .heuristic import (
    HeuristicBot,
    answer_decision,
    card_value,
    chosen_target,
    lethal_step,
    opening_step,
)


class SearchBot:
    """Determinized flat Monte Carlo search with heuristic rollouts (see the module docstring)."""

    name = "search"

    def __init__(self, seed: int | None = None, *, iterations: int = 200,
                 time_limit: float | None = None, depth: int | None = 5,
                 exploration: float = 0.5, deck_weight: float = 40.0, margin: float = 0.03,
                 evaluation: str = "linear", turn_budget: float | None = None) -> None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if evaluation not in ("linear", "race"):
            raise ValueError("evaluation is 'linear' or 'race'")
        if time_limit is not None and time_limit <= 0:
            raise ValueError("time_limit must be positive (seconds per decision)")
        if turn_budget is not None and turn_budget <= 0:
            raise ValueError("turn_budget must be positive (seconds of search per turn)")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.depth = depth
        self.exploration = exploration
        self.deck_weight = deck_weight
        self.margin = margin
        self.evaluation = evaluation
        self.turn_budget = turn_budget
        self._turn: tuple[int, int] | None = None  # (game, turn) the spent time below is for
        self._turn_spent = 0.0
        self.policy = HeuristicBot(seed)
        self.rollouts = 0          # rollouts run in total (tests check the budget with it)
        self.searches = 0          # decisions that were searched

    def choose(self, state: GameState, seat: int) -> Action:
        """Return a legal action for `seat`: an obvious step, or the best searched candidate."""
        if not state.game.plain or state.game.n > 2:  # see the module docstring
            return self.policy.choose(state, seat)
        actions = legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        obvious = obvious_step(state, seat)
        if obvious is not None:
            return obvious
        default = self.policy.choose(state, seat)
        candidates = candidate_actions(state, actions, default)
        if len(candidates) == 1:
            return candidates[0]
        deadline = self._deadline(state)
        if deadline is not None and deadline <= time.perf_counter():
            return default  # this turn's thinking time is spent: trust the heuristic
        start = time.perf_counter()
        action = self.search(state, seat, candidates, default, deadline)
        self._turn_spent += time.perf_counter() - start
        return action

    def _deadline(self, state: GameState) -> float | None:
        """Return when this decision's search must stop (`time_limit`, `turn_budget`), or None."""
        now = time.perf_counter()
        limits = []
        if self.time_limit is not None:
            limits.append(now + self.time_limit)
        if self.turn_budget is not None:
            turn = (id(state.game), state.turn)
            if turn != self._turn:
                self._turn, self._turn_spent = turn, 0.0
            limits.append(now + self.turn_budget - self._turn_spent)
        return min(limits) if limits else None

    # -- the search -----------------------------------------------------------------------------

    def search(self, state: GameState, seat: int, candidates: list[Action], default: Action,
               deadline: float | None = None) -> Action:
        """Run UCB1 over the candidates within the budget; return the best mean reward.

        Each candidate gets one rollout even past the deadline, so every one has a mean.
        """
        self.searches += 1
        n = len(candidates)
        visits = [0] * n
        totals = [0.0] * n
        deals = [self.rng.getrandbits(32) for _ in range(self.iterations)]
        for it in range(self.iterations):
            if deadline is not None and it >= n and time.perf_counter() > deadline:
                break
            k = it if it < n else self._ucb(visits, totals, it)
            totals[k] += self.rollout(state, seat, candidates[k], deals[visits[k]])
            visits[k] += 1
        self.rollouts += sum(visits)

        def score(k: int) -> float:
            if not visits[k]:
                return -1.0
            # an alternative must beat the heuristic's own choice by `margin`, not by noise
            bonus = self.margin if candidates[k] == default else 0.0
            return totals[k] / visits[k] + bonus

        return candidates[max(range(n), key=score)]

    def _ucb(self, visits: list[int], totals: list[float], it: int) -> int:
        log_n = math.log(it)
        c = self.exploration
        return max(range(len(visits)),
                   key=lambda k: totals[k] / visits[k] + c * math.sqrt(log_n / visits[k]))

    def rollout(self, state: GameState, seat: int, action: Action, deal: int) -> float:
        """Play one determinized game on from `action`; return the reward for `seat` in [0, 1]."""
        sim = determinize(state, seat, random.Random(deal))
        # the horizon counts from before the action, so "end" does not buy itself an extra turn
        stop_turn = sim.turn + (self.depth if self.depth is not None else 400)
        apply(sim, action)
        policy = self.policy
        while sim.outcome is None and sim.turn < stop_turn:
            who = sim.pending.seat if sim.pending is not None else sim.active
            apply(sim, policy.choose(sim, who))
        return self.reward(sim, seat)

    def reward(self, sim: GameState, seat: int) -> float:
        """Return 1 for a win, 0 for a loss, else a logistic of authority and deck strength."""
        if sim.outcome is not None:
            if sim.outcome.winner is None:
                return 0.5
            return 1.0 if sim.game.team[sim.outcome.winner] == sim.game.team[seat] else 0.0
        foes = ops.enemies(sim, seat)
        if not foes:
            return 0.5
        foe = foes[0]
        purse = sim.game.purse
        mine, theirs = sim.authority[purse[seat]], sim.authority[purse[foe]]
        if self.evaluation == "race":  # who needs fewer turns to kill the other
            power_me = 5 * deck_strength(sim, seat) + 0.1
            power_foe = 5 * deck_strength(sim, foe) + 0.1
            return _logistic(mine / power_foe - theirs / power_me)
        strength = deck_strength(sim, seat) - deck_strength(sim, foe)
        return _logistic((mine - theirs + self.deck_weight * strength) / 10.0)


def _logistic(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def determinize(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Return a copy where all that `seat` cannot see is re-dealt from what it can know."""
    sim = state.clone()
    sim.rng = KeyedShuffler.from_seed(rng.getrandbits(64))
    rng.shuffle(sim.deck[seat])
    for other in range(sim.game.n):
        if other == seat:
            continue
        hidden = sim.hand[other] + sim.deck[other]
        rng.shuffle(hidden)
        k = len(sim.hand[other])
        sim.hand[other] = hidden[:k]
        sim.deck[other] = hidden[k:]
    rng.shuffle(sim.trade_deck)
    return sim


def deck_strength(state: GameState, seat: int) -> float:
    """Return the mean value of the cards a seat owns, plus its bases in play (per-turn power)."""
    design = state.design
    cards = state.deck[seat] + state.hand[seat] + state.discard[seat] + state.ships[seat]
    total = sum(card_value(design[c]) for c in cards) + sum(card_value(design[b])
                                                           for b in state.bases[seat])
    count = len(cards) + len(state.bases[seat])
    return total / count if count else 0.0


# pending decisions worth searching; the others (discard, scrap, recycle, copy, destination) the
# heuristic answers well, and searching them mostly adds noise
SEARCHED_DECISIONS = ("choose", "may", "destroy_base", "acquire_free")


def obvious_step(state: GameState, seat: int) -> Action | None:
    """Return a forced or dominant step to play without search, or None (module docstring)."""
    d = state.pending
    if d is not None:
        return None if d.kind in SEARCHED_DECISIONS else answer_decision(state, seat)
    opening = opening_step(state, seat)
    if opening is not None:
        return opening
    foes = ops.enemies(state, seat)
    if foes and state.combat[seat] > 0:
        target = chosen_target(state, seat, foes)  # the weakest; equals drawn fairly, not by seat
        lethal = lethal_step(state, seat, target)
        if lethal is not None:
            return lethal
        if not ops.targetable_bases(state, seat) and attack_error(state, seat, target) is None:
            return ATTACK[target]  # nothing else to spend combat on; unspent combat is lost (C21)
    return None


def candidate_actions(state: GameState, actions: list[Action], default: Action) -> list[Action]:
    """Return the distinct-enough actions worth searching (equivalent ones merged).

    Two picks or buys of the same design from the same zone lead to the same game up to card
    ids, so only one is kept; of a card's upgrades only the first sticker of each sheet is kept.
    """
    seen: set[tuple] = set()
    result = [default]
    seen.add(_key(state, default))
    for action in actions:
        key = _key(state, action)
        if key not in seen:
            seen.add(key)
            result.append(action)
    return result


def _key(state: GameState, action: Action) -> tuple:
    if action.kind in ("buy", "pick") and action.card >= 0:
        design = state.design[action.card]
        zone = 0 if action.card in state.row else 1 if any(
            action.card in h for h in state.hand) else 2
        sheet = action.sticker.split(":", 1)[0]
        return (action.kind, design.id, zone, sheet)
    if action.kind == "use":
        return (action.kind, state.design[action.card].id, action.index)
    return (action.kind, action.card, action.index, action.sticker)

