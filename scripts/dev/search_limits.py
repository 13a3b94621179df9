"""What limits the search bot: "what if" runs of benchmarks/bot_strength.py (issue 23).

Each experiment changes one thing about the searcher for the run and leaves the product's bots
alone (the change is made in this process and its forked workers only):

    # the searcher sees every hidden card (both hands, every deck order, the trade deck) in its
    # sampled worlds; only the future shuffles stay unknown: an upper bound for what a better
    # model of the hidden cards could bring
    python scripts/dev/search_limits.py oracle -- --only core --core 120 --jobs 2 --cpu-clock

    # the searcher's own buys, as a better rollout policy (one round of "expert iteration"):
    python scripts/dev/search_limits.py collect --games 200 --seed 7 --out /tmp/buys.jsonl
    python scripts/dev/search_limits.py fit /tmp/buys.jsonl > /tmp/bonus.json
    python scripts/dev/search_limits.py bonus /tmp/bonus.json --where rollouts -- --only core ...

    # a stochastic rollout policy for the searcher's own seat: Gaussian noise (sigma) on the
    # heuristic's buy values where that seat decides in its rollouts (the opponents keep theirs)
    python scripts/dev/search_limits.py noise --sigma 1.0 -- --only core --core 120 --jobs 2 ...

    # the political race (L19) in scenario games: how often a buy that denies an opponent near
    # political victory a card its scenario sheet still needs is on offer, among the searcher's
    # candidates, and chosen (the searcher at its own budget, or --iterations N); and where the
    # heuristic would buy with a sticker of the searcher's own sheet, what the searcher did
    # (sheet_buy_took_it, ..._ended_the_turn, ..._another_card_no_sticker, ...)
    python scripts/dev/search_limits.py race --scenario 3 --games 12 --iterations 60

    # the political race (L19) read linearly: in the searcher's evaluation the scenario sheet's
    # term grows with each sticker alike (0.4 n / 5) instead of with its square (0.4 (n / 5)^2),
    # so that a first sticker counts as much as a fifth (for its seat and against its opponents)
    python scripts/dev/search_limits.py sheet -- --only scenarios --scenarios 3 ...

    # two horizons in one search: half the sampled worlds stop the rollouts after 4 main phases,
    # half after 6 (every candidate of a world the same), so that the two horizons' different
    # misjudgements of the evaluation average out instead of adding up
    python scripts/dev/search_limits.py horizons -- --only core --core 120 --jobs 2 --cpu-clock

    # the race to the nearest route in scenario games with victory rules of their own: each
    # seat's score in the searcher's evaluation loses W for each turn its nearest route to
    # victory still needs (goals.turns_to_win, at most 12 turns), so a turn of lead counts W
    python scripts/dev/search_limits.py turns --weight 1.0 -- --only scenarios --scenarios 8 ...

    # how even the campaign states are that bot_strength's scenario games start from: the
    # heuristic against itself, N games from each of the 16 states, the first side alternating
    python scripts/dev/search_limits.py starts --scenarios 1,3 --games 60

    # a stronger rollout policy for the searcher's own seat: buy, one card at a time, what most
    # raises the fitted per-turn yield score of its deck (the evaluation's own terms); first
    # head-to-head against the heuristic, then as the own seat's rollout policy (--default:
    # also the searcher's default candidate)
    python scripts/dev/search_limits.py greedy --head-to-head 4000 --seed 2
    python scripts/dev/search_limits.py greedy --default -- --only core --core 120 --jobs 2 ...

    # blended rewards where rollouts play to the end (Legacy scenarios): ALPHA times the
    # evaluation after DEPTH main phases plus (1 - ALPHA) times the game's 1 / 0, for less noise
    python scripts/dev/search_limits.py blend --alpha 0.5 --depth 6 -- --only scenarios ...

    # more rollouts only while the turn's time allows (Legacy scenarios): MOST rollouts a
    # decision while the turn has spent under SHARE of its turn budget, the level's own after
    python scripts/dev/search_limits.py adaptive --most 400 --share 0.33 -- --only scenarios ...

    # more rollouts with the turn's time spread evenly: up to MOST rollouts a decision in Legacy
    # scenarios, and in every game each search gets what is left of the turn budget over the
    # searches still expected this turn (the seat's mean so far) instead of half of it
    python scripts/dev/search_limits.py spread --most 400 -- --only scenarios ...

`collect` plays the Grand Admiral (200 rollouts, depth 6, no time caps) against the heuristic
on core-set deals of its own seed and writes every searched buy decision: the candidates, the
heuristic's value of each (heuristic.buy_options) and the one the search chose. `fit` fits a
bonus per card design so that the heuristic's values plus the bonus call the search's choices
(a conditional logit with an L2 penalty; pure Python) and prints it as JSON. `bonus` adds those
bonuses to the heuristic's buy values where the searcher's own seat decides in its rollouts
(`--where rollouts`) or also for its default candidate (`--where both`); the opponents in the
rollouts and the real heuristic opponents keep the plain values. Figures: docs/bots.md,
"What limits the searcher".
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from play.engine import GameSetup, ops, play_game, read_pack
from play.engine.actions import END, EXPLORER
from play.engine.bots import heuristic, search
from play.engine.bots.assess import deck_yield
from play.engine.bots.goals import goal_terms, goals_of, turns_to_win
from play.engine.bots.heuristic import HeuristicBot, buy_options
from play.engine.bots.search import SearchBot
from play.engine.bulk import game_seed, seat_setups
from play.engine.rules import apply

CORE = ROOT / "fixtures" / "packs" / "core-set.json"
NOT_BUYS = ("use", "end", "destroy", "attack", "done")


# -- oracle: the hidden cards revealed ------------------------------------------------------------

def seen_world(state, seat, rng):
    """A sampled world that keeps every hidden card where it is (only future shuffles change)."""
    return search.fresh_world(state, rng)


# -- the searcher's buys: collected, fitted, used in rollouts ----------------------------------------

class LoggingSearchBot(SearchBot):
    """The search bot, writing down each searched buy decision (candidates, values, choice)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.decisions: list[dict] = []

    def search(self, state, seat, found, deadline=None):
        chosen = super().search(state, seat, found, deadline)
        if state.pending is None and any(a.kind == "buy" for a in found):
            values = {a: v for _cost, v, a in buy_options(state, seat)}
            rows = []
            for action in found:
                if action.kind == "buy":
                    inst = state.explorers[-1] if action.card == EXPLORER else action.card
                    rows.append([state.design[inst].id, values[action]])
                else:
                    rows.append([action.kind, 0.0])
            self.decisions.append({"candidates": rows, "chosen": found.index(chosen)})
        return chosen


def collect_game(task: tuple[int, int]) -> dict:
    seed, g = task
    pack = read_pack(str(CORE))
    deal = game_seed(seed, "exit", g)  # "exit": expert iteration
    seat = g % 2
    setup = GameSetup(pack=pack, seats=seat_setups(pack), seed=deal, first=(g // 2) % 2)
    bots: list = [HeuristicBot(deal * 7 + k) for k in range(2)]
    bots[seat] = LoggingSearchBot(deal * 7 + seat, iterations=200, depth=6)
    result = play_game(setup, bots, timed=False)
    return {"game": g, "won": result.winner == seat, "decisions": bots[seat].decisions}


def fit_bonus(path: str, penalty: float, steps: int = 300) -> tuple[dict[str, float], dict]:
    """Return a bonus per design so that value + bonus calls the search's buys, and fit figures."""
    choices = []  # (candidates as (design, value), index chosen) where a buy was chosen
    for line in Path(path).read_text().splitlines():
        for d in json.loads(line)["decisions"]:
            rows, k = d["candidates"], d["chosen"]
            buys = [i for i, (name, _v) in enumerate(rows) if name not in NOT_BUYS]
            if k in buys and len(buys) > 1:
                choices.append(([tuple(rows[i]) for i in buys], buys.index(k)))
    bonus: dict[str, float] = defaultdict(float)
    scale = 1.0  # the heuristic values' weight, fitted alongside
    for _ in range(steps):
        grad: dict[str, float] = defaultdict(float)
        grad_scale = 0.0
        for rows, k in choices:
            utility = [scale * v + bonus[name] for name, v in rows]
            top = max(utility)
            weights = [math.exp(u - top) for u in utility]
            total = sum(weights)
            for j, (name, v) in enumerate(rows):
                residual = (1.0 if j == k else 0.0) - weights[j] / total
                grad[name] += residual
                grad_scale += residual * v
        for name in set(grad) | set(bonus):
            bonus[name] += (grad[name] - 2 * penalty * bonus[name]) / len(choices)
        scale += 0.01 * grad_scale / len(choices)
    agree = sum(max(range(len(r)), key=lambda j: scale * r[j][1] + bonus[r[j][0]]) == k
                for r, k in choices)
    plain = sum(max(range(len(r)), key=lambda j: r[j][1]) == k for r, k in choices)
    figures = {"decisions": len(choices), "scale": round(scale, 3),
               "calls_with_bonus": agree, "calls_with_plain_values": plain}
    return {n: round(v, 2) for n, v in sorted(bonus.items(), key=lambda kv: kv[1])}, figures


def use_bonus(bonus: dict[str, float], where: str) -> None:
    """Add `bonus` to the heuristic's buy values when the searcher's own seat decides."""
    own_seat_values(lambda design, value, _rng: value + bonus.get(design.id, 0.0), where)


def use_noise(sigma: float) -> None:
    """Add Gaussian noise (standard deviation `sigma`, from the rollout's own generator) to the
    heuristic's buy values when the searcher's own seat decides in its rollouts."""
    own_seat_values(lambda _design, value, rng: value + rng.gauss(0.0, sigma), "rollouts")


def own_seat_values(adjust, where: str) -> None:
    """Change the heuristic's buy values (`adjust(design, value, rng)`) where the searcher's own
    seat decides in its rollouts (`where="rollouts"`), or also for its default candidate
    (`"both"`); the opponents in the rollouts and the real heuristic opponents keep theirs."""
    own_seat: list = [None]  # the deciding heuristic's generator while it decides for that seat
    searcher = [-1]  # the seat of the rollout under way
    plain_buy_value = heuristic.buy_value

    def buy_value(design, counts):
        value = plain_buy_value(design, counts)
        return adjust(design, value, own_seat[0]) if own_seat[0] is not None else value

    class AdjustedHeuristic(HeuristicBot):
        """The heuristic, with adjusted values when it decides for the searcher's seat
        (`always`: it only ever does, as the searcher's default candidate)."""

        def __init__(self, seed: int | None, always: bool = False) -> None:
            super().__init__(seed)
            self.always = always

        def choose(self, state, seat):
            own_seat[0] = self.rng if self.always or seat == searcher[0] else None
            try:
                return super().choose(state, seat)
            finally:
                own_seat[0] = None

    plain_rollout, plain_init = SearchBot.rollout, SearchBot.__init__

    def rollout(self, state, seat, action, world):
        searcher[0] = seat
        return plain_rollout(self, state, seat, action, world)

    def init(self, *args, **kwargs):
        plain_init(self, *args, **kwargs)
        self.player = AdjustedHeuristic(self.player.seed)  # every seat in its rollouts
        if where == "both":
            self.policy = AdjustedHeuristic(self.policy.seed, always=True)

    heuristic.buy_value = buy_value
    SearchBot.rollout = rollout
    SearchBot.__init__ = init


# -- race: denial buys in the political race (L19) ---------------------------------------------------

NEAR = 3  # stickers of its 5 from which an opponent is "near" political victory
_RACE: dict[str, int] = {}


def denial_buys(state, seat: int, actions: list) -> list:
    """Return the buys among `actions` that take from the trade row a card on which an opponent
    with at least NEAR stickers of its scenario sheet could put one more of them (L13, L14, L19)."""
    found = []
    for foe in ops.enemies(state, seat):
        sheet = state.game.scenario_sheet[foe]
        if not sheet or ops.political_progress(state, foe) < NEAR:
            continue
        for action in actions:
            if action.kind == "buy" and action.card >= 0 and action.card in state.row \
                    and action not in found and any(
                        sticker.startswith(sheet + ":")
                        for sticker in ops.stickers_for(state, foe, state.design[action.card])):
                found.append(action)
    return found


def sheet_choice(state, seat: int, default, action) -> str | None:
    """Return what the searcher did where the heuristic's own choice (`default`) was a buy with
    a sticker of the seat's scenario sheet (L19), or None where it was not."""
    sheet = state.game.scenario_sheet[seat]
    if not sheet or default.kind != "buy" or not default.sticker.startswith(sheet + ":"):
        return None
    if action == default:
        return "took_it"
    if action.kind == "end":
        return "ended_the_turn"
    if action.kind != "buy":
        return "did_something_else_first"
    card = "same_card" if action.card == default.card else "another_card"
    sticker = ("this_sheet" if action.sticker.startswith(sheet + ":")
               else "another_sheet" if action.sticker else "no_sticker")
    return f"{card}_{sticker}"


def count_denials() -> None:
    """Count, in this process, the searcher's buy decisions with denial buys on offer, those
    among its candidates and those it chose, and what it did where the heuristic would have
    bought with a sticker of its sheet (`sheet_choice`) (into _RACE)."""
    original_candidates, original_choose = search.candidates, SearchBot.choose
    offered: list = []
    defaults: list = []

    def candidates(state, seat, actions, default, width):
        found = original_candidates(state, seat, actions, default, width)
        defaults[:] = [default] if state.pending is None else []
        offered[:] = denial_buys(state, seat, actions) if state.pending is None else []
        if offered:
            _RACE["offered"] = _RACE.get("offered", 0) + 1
            if any(a in found for a in offered):
                _RACE["among_candidates"] = _RACE.get("among_candidates", 0) + 1
        return found

    def choose(self, state, seat):
        offered.clear()
        defaults.clear()
        action = original_choose(self, state, seat)
        if action in offered:
            _RACE["chosen"] = _RACE.get("chosen", 0) + 1
        what = sheet_choice(state, seat, defaults[0], action) if defaults else None
        if what is not None:
            _RACE[f"sheet_buy_{what}"] = _RACE.get(f"sheet_buy_{what}", 0) + 1
        return action

    search.candidates = candidates
    SearchBot.choose = choose


def race_init(iterations: int | None) -> None:
    import bot_strength
    options = dict(bot_strength.DEFAULT_SEARCH)
    if iterations:
        options["iterations"] = iterations
    bot_strength._init({"search": options}, bot_strength.scenario_prefixes(1), 1, True)
    count_denials()


def race_game(task: tuple) -> dict:
    """Play one of bot_strength's scenario games (`--seed 1`: the same deal); return its row
    with the denial counts of that game."""
    import bot_strength
    _RACE.clear()
    row = bot_strength.play(task)
    return {"won": row["won"], "reason": row["reason"], **_RACE}


def starts_init() -> None:
    import bot_strength
    bot_strength._init({}, bot_strength.scenario_prefixes(1), 1)


def starts_game(task: tuple[int, int, int]) -> tuple[int, int, bool]:
    """Play the heuristic against itself from campaign state `k` of bot_strength's `--seed 1`
    in scenario `number` (game `j`: the first side alternates, the first player's choices at
    random); return (number, k, whether the side bot_strength's searcher plays there won)."""
    import bot_strength
    number, k, j = task
    seed = game_seed(1, "starts", number, k, j)
    setup, snapshot = bot_strength.scenario_game(k, number, bot_strength.SIDES[j % 2], seed)
    # bot_strength plays campaign state k from one side only: SIDES[k % 2] (its game g has
    # state g % 16 and side g % 2)
    seat = snapshot.seat_of(bot_strength.SIDES[k % 2])
    result = play_game(setup, [HeuristicBot(seed * 7 + s) for s in range(2)], max_turns=200,
                       timed=False)
    return number, k, result.winner == seat


def starts(numbers: list[int], games: int, jobs: int) -> dict:
    """Return, per scenario, the heuristic's win rate from each campaign state in the seat
    bot_strength's searcher takes there."""
    import bot_strength
    states = bot_strength.CAMPAIGNS
    tasks = [(n, k, j) for n in numbers for k in range(states) for j in range(games)]
    if jobs == 1:  # in this process (also where the module was loaded from a path)
        starts_init()
        rows = list(map(starts_game, tasks))
    else:
        with Pool(jobs, initializer=starts_init) as pool:
            rows = pool.map(starts_game, tasks, chunksize=8)
    figures = {}
    for n in numbers:
        rates = [sum(won for m, k, won in rows if m == n and k == state) / games
                 for state in range(states)]
        figures[str(n)] = {"per_state": [round(r, 2) for r in rates],
                           "lowest": round(min(rates), 2), "highest": round(max(rates), 2),
                           "mean": round(sum(rates) / len(rates), 3)}
    return figures


def linear_sheet_terms(state, seat: int) -> tuple[float, float, float]:
    """`goals.goal_terms` with the sheet's term linear in the stickers used (`sheet`)."""
    route, _square, vp = goal_terms(state, seat)
    sheet = goals_of(state, seat).sheet
    return route, (0.4 * ops.political_progress(state, seat) / ops.POLITICAL_STICKERS
                   if sheet else 0.0), vp


def use_two_horizons(short: int = 4, long: int = 6) -> None:
    """Make the searcher's rollouts stop after `short` main phases in odd worlds and after
    `long` in even ones (`horizons`)."""
    rollout = SearchBot.rollout

    def two_horizons(self, state, seat, action, world):
        kept = self.depth
        self.depth = short if world & 1 else long
        try:
            return rollout(self, state, seat, action, world)
        finally:
            self.depth = kept

    SearchBot.rollout = two_horizons


RACE_CAP = 12.0  # turns: beyond that a route is too far off to tell seats apart (`turns`)


def use_race(weight: float) -> None:
    """In the searcher's evaluation of a scenario game with victory rules (a seat's own or an
    opponent's), take `weight` off each seat's score for each turn its nearest route still
    needs (`turns`); the opponents' turns count through their scores."""
    plain = search.seat_score

    def with_race(sim, seat, yields, weights=search.WEIGHTS, scenario_weights=None):
        score = plain(sim, seat, yields, weights, scenario_weights)
        goals = goals_of(sim, seat)
        if scenario_weights is not None and (goals.victories or goals.threats):
            score -= weight * min(turns_to_win(sim, seat, yields[seat]), RACE_CAP)
        return score

    search.seat_score = with_race


# -- greedy: buys that most raise the deck's fitted yield, as the own seat's rollout policy ---------

GREEDY_THRESHOLD = -0.03  # a buy may lower the score this much (a card now beats none)


def yield_score(y) -> float:
    """The per-turn yield terms of the searcher's fitted score (search.WEIGHTS)."""
    w = search.WEIGHTS
    return (w[3] * y.trade + w[4] * y.combat + w[5] * y.authority + w[6] * y.draw) / 10


def greedy_buy(state, seat: int, threshold: float = GREEDY_THRESHOLD):
    """Return the buy that most raises the seat's `deck_yield` score (at least `threshold`),
    one card at a time, or None. Each design is tried once, by putting it in the discard pile
    for the measurement only."""
    discard = state.discard[seat]
    before = yield_score(deck_yield(state, seat))
    best, gain, tried = None, threshold, set()
    for _cost, _value, action in buy_options(state, seat):
        card = state.explorers[-1] if action.card == EXPLORER else action.card
        design = state.design[card]
        if action.sticker or design in tried:
            continue
        tried.add(design)
        discard.append(card)
        try:
            change = yield_score(deck_yield(state, seat)) - before
        finally:
            discard.pop()
        if change > gain:
            best, gain = action, change
    return best


class GreedyBot(HeuristicBot):
    """The heuristic, except that it buys with `greedy_buy`."""

    def choose(self, state, seat):
        if state.pending is not None:
            return heuristic.answer_decision(state, seat, self.rng)
        step = heuristic.opening_step(state, seat)
        if step is None and ops.combat_pool(state, seat) > 0:
            step = heuristic.combat_step(state, seat, self.rng)
        if step is None and ops.trade_pool(state, seat) > 0:
            step = greedy_buy(state, seat)
        if step is None:
            step = heuristic.late_scrap(state, seat)
        return step if step is not None else END


def greedy_game(task: tuple[int, int]) -> bool:
    """Play core deal `g` of `seed` with GreedyBot in seat g % 2; return whether it won."""
    seed, g = task
    pack = read_pack(str(CORE))
    deal = game_seed(seed, "core", g)
    seat = g % 2
    setup = GameSetup(pack=pack, seats=seat_setups(pack), seed=deal, first=(g // 2) % 2)
    bots: list = [HeuristicBot(deal * 7 + k) for k in range(2)]
    bots[seat] = GreedyBot(deal * 7 + seat)
    return play_game(setup, bots, timed=False).winner == seat


class SeatSplitPlayer:
    """The rollouts' player: `own` decides for the searcher's seat (`seat`, set per rollout),
    `other` for every other seat; both draw from the generator the rollout gives it."""

    def __init__(self, own: HeuristicBot, other: HeuristicBot) -> None:
        self.own, self.other, self.seat = own, other, -1

    @property
    def rng(self) -> random.Random:
        return self.other.rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self.own.rng = self.other.rng = rng

    def choose(self, state, who: int):
        return (self.own if who == self.seat else self.other).choose(state, who)


def use_greedy(default: bool) -> None:
    """Make the searcher's own seat play GreedyBot in its rollouts (`default`: its default
    candidate too); every other seat keeps the heuristic."""
    plain_init, plain_rollout = SearchBot.__init__, SearchBot.rollout

    def init(self, *args, **kwargs):
        plain_init(self, *args, **kwargs)
        self.player = SeatSplitPlayer(GreedyBot(0), self.player)
        if default:
            self.policy = GreedyBot(self.policy.seed)

    def rollout(self, state, seat, action, world):
        self.player.seat = seat
        return plain_rollout(self, state, seat, action, world)

    SearchBot.__init__ = init
    SearchBot.rollout = rollout


# -- blend: less noisy rewards for rollouts to the end ----------------------------------------------

def use_blend(alpha: float, depth: int) -> None:
    """Where a rollout plays on past `depth` main phases, score it `alpha` times the evaluation
    at that point plus (1 - alpha) times where it ends (1 / 0 at the game's end)."""

    def rollout(self, state, seat, action, world):
        rng = random.Random(world)
        sim = search.determinize(state, seat, rng)
        stop = sim.turn + 1 + self.rollout_depth(sim, seat)
        mid = sim.turn + 1 + depth
        apply(sim, action)
        self.player.rng = rng
        early = None
        while sim.outcome is None and sim.turn < stop:
            if early is None and mid < stop and sim.turn >= mid:
                early = search.evaluate(sim, seat, self.weights, self.scenario_weights)
            apply(sim, self.player.choose(sim, sim.decider))
        final = search.evaluate(sim, seat, self.weights, self.scenario_weights)
        return final if early is None else alpha * early + (1 - alpha) * final

    SearchBot.rollout = rollout


# -- adaptive: more rollouts while the turn's time allows ---------------------------------------------

def use_adaptive(most: int, share: float) -> None:
    """In a Legacy scenario game, let a decision play `most` rollouts while its turn has spent
    less than `share` of the turn budget, and the level's own number after that (its floor),
    so that the turn's later decisions are still searched instead of left to the heuristic
    when the turn's time runs out (400 rollouts in every decision lost games in the scenarios
    with the longest turns: docs/bots.md)."""
    plain_budget = SearchBot.rollout_budget

    def rollout_budget(self, state, seat):
        floor = plain_budget(self, state, seat)
        if self.turn_budget is None or not goals_of(state, seat).scenario:
            return floor
        # the time spent so far is this turn's only if it was counted for this turn
        spent = self._turn_spent if self._turn == (id(state.game), state.turn) else 0.0
        return max(floor, most) if spent < share * self.turn_budget else floor

    SearchBot.rollout_budget = rollout_budget


# -- spread: more rollouts, the turn's time shared evenly over its expected decisions -----------------

def use_spread(most: int, first_guess: float = 3.0) -> None:
    """In a Legacy scenario game, let a decision play up to `most` rollouts, and (in every
    game) give each search of a turn an even share of the turn budget left: what is left over
    the decisions the seat still expects to search this turn (the mean of its earlier turns in
    the game, `first_guess` before its first), instead of half of it, so that a long turn's
    last decisions keep their share (`adaptive` spent it early and lost: docs/bots.md).
    Searched decisions a turn, 6 games a scenario: 2.3-4.0 on average, 1.5-7 in single games."""
    plain_budget = SearchBot.rollout_budget

    def rollout_budget(self, state, seat):
        floor = plain_budget(self, state, seat)
        if self.turn_budget is None or not goals_of(state, seat).scenario:
            return floor
        return max(floor, most)

    def _deadline(self, state):
        now = self.clock()
        limits = [now + self.time_limit] if self.time_limit is not None else []
        if self.turn_budget is not None:
            history = self.__dict__.setdefault("_searches_per_turn", [])
            turn = (id(state.game), state.turn)
            if turn != self._turn:
                if self._turn is not None:
                    history.append(self.searches - self._turn_first_search)
                self._turn, self._turn_spent = turn, 0.0
                self._turn_first_search = self.searches
            expected = sum(history) / len(history) if history else first_guess
            still = max(1.0, expected - (self.searches - self._turn_first_search))
            limits.append(now + (self.turn_budget - self._turn_spent) / still)
        return min(limits) if limits else None

    SearchBot.rollout_budget = rollout_budget
    SearchBot._deadline = _deadline


def run_benchmark(rest: list[str]) -> int:
    """Run bot_strength.py with the arguments after `--` (the experiment's change made)."""
    import bot_strength
    sys.argv = ["bot_strength.py", *(a for a in rest if a != "--")]
    return bot_strength.main()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("oracle").add_argument("rest", nargs=argparse.REMAINDER)
    collect = sub.add_parser("collect")
    collect.add_argument("--games", type=int, default=200)
    collect.add_argument("--seed", type=int, default=7)
    collect.add_argument("--jobs", type=int, default=2)
    collect.add_argument("--out", required=True)
    fit = sub.add_parser("fit")
    fit.add_argument("path")
    fit.add_argument("--penalty", type=float, default=0.5)
    bonus = sub.add_parser("bonus")
    bonus.add_argument("values")
    bonus.add_argument("--where", choices=("rollouts", "both"), default="rollouts")
    bonus.add_argument("rest", nargs=argparse.REMAINDER)
    noise = sub.add_parser("noise")
    noise.add_argument("--sigma", type=float, default=1.0)
    noise.add_argument("rest", nargs=argparse.REMAINDER)
    sub.add_parser("sheet").add_argument("rest", nargs=argparse.REMAINDER)
    sub.add_parser("horizons").add_argument("rest", nargs=argparse.REMAINDER)
    turns = sub.add_parser("turns")
    turns.add_argument("--weight", type=float, default=1.0, help="per turn of lead")
    turns.add_argument("rest", nargs=argparse.REMAINDER)
    race = sub.add_parser("race")
    race.add_argument("--scenario", type=int, default=3)
    race.add_argument("--games", type=int, default=12)
    race.add_argument("--iterations", type=int, default=0, help="rollouts a decision")
    race.add_argument("--jobs", type=int, default=2)
    greedy = sub.add_parser("greedy")
    greedy.add_argument("--head-to-head", type=int, default=0, metavar="GAMES",
                        help="play GreedyBot against the heuristic instead")
    greedy.add_argument("--default", action="store_true")
    greedy.add_argument("--seed", type=int, default=1)
    greedy.add_argument("--jobs", type=int, default=2)
    greedy.add_argument("rest", nargs=argparse.REMAINDER)
    blend = sub.add_parser("blend")
    blend.add_argument("--alpha", type=float, default=0.5)
    blend.add_argument("--depth", type=int, default=6)
    blend.add_argument("rest", nargs=argparse.REMAINDER)
    adaptive = sub.add_parser("adaptive")
    adaptive.add_argument("--most", type=int, default=400, help="rollouts a decision, early")
    adaptive.add_argument("--share", type=float, default=0.33, help="of the turn budget")
    adaptive.add_argument("rest", nargs=argparse.REMAINDER)
    spread = sub.add_parser("spread")
    spread.add_argument("--most", type=int, default=400, help="rollouts a decision at most")
    spread.add_argument("--first-guess", type=float, default=3.0,
                        help="searched decisions expected in the seat's first turn")
    spread.add_argument("rest", nargs=argparse.REMAINDER)
    starts_parser = sub.add_parser("starts")
    starts_parser.add_argument("--scenarios", default="1,2,3,4,5,6,7,8,9,10,11,12")
    starts_parser.add_argument("--games", type=int, default=60, help="from each campaign state")
    starts_parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.command == "starts":
        numbers = [int(n) for n in args.scenarios.split(",")]
        print(json.dumps({"games_per_state": args.games,
                          "scenarios": starts(numbers, args.games, args.jobs)}))
        return 0
    if args.command == "race":
        totals: dict[str, int] = defaultdict(int)
        tasks = [("scenario", g, args.scenario) for g in range(args.games)]
        with Pool(args.jobs, initializer=race_init, initargs=(args.iterations,)) as pool:
            for row in pool.imap_unordered(race_game, tasks):
                for key, value in row.items():
                    if key != "reason":
                        totals[key] += value
                totals[f"ended_{row['reason']}"] += 1
        print(json.dumps({"scenario": args.scenario, "games": args.games, **totals}))
        return 0
    if args.command == "greedy" and args.head_to_head:
        with Pool(args.jobs) as pool:
            wins = sum(pool.map(greedy_game, [(args.seed, g) for g in range(args.head_to_head)]))
        print(json.dumps({"greedy_vs_heuristic": {"games": args.head_to_head, "wins": wins,
                                                  "win_rate": round(wins / args.head_to_head, 4)}}))
        return 0
    if args.command == "greedy":
        use_greedy(args.default)
        return run_benchmark(args.rest)
    if args.command == "blend":
        if not 0 <= args.alpha <= 1 or args.depth < 0:
            parser.error("--alpha must be in [0, 1] and --depth a whole number of main phases")
        use_blend(args.alpha, args.depth)
        return run_benchmark(args.rest)
    if args.command == "adaptive":
        if args.most < 1 or not 0 < args.share <= 1:
            parser.error("--most must be a whole number of rollouts >= 1 and --share in (0, 1]")
        use_adaptive(args.most, args.share)
        return run_benchmark(args.rest)
    if args.command == "spread":
        if args.most < 1 or not args.first_guess >= 1:
            parser.error("--most must be a whole number of rollouts >= 1 and --first-guess >= 1")
        use_spread(args.most, args.first_guess)
        return run_benchmark(args.rest)
    if args.command == "oracle":
        search.determinize = seen_world
        return run_benchmark(args.rest)
    if args.command == "sheet":
        search.goal_terms = linear_sheet_terms
        return run_benchmark(args.rest)
    if args.command == "horizons":
        use_two_horizons()
        return run_benchmark(args.rest)
    if args.command == "turns":
        if not args.weight > 0:
            parser.error("--weight must be a positive number (per turn of lead)")
        use_race(args.weight)
        return run_benchmark(args.rest)
    if args.command == "bonus":
        use_bonus(json.loads(Path(args.values).read_text()), args.where)
        return run_benchmark(args.rest)
    if args.command == "noise":
        if not args.sigma > 0:
            parser.error("--sigma must be a positive number (the noise's standard deviation)")
        use_noise(args.sigma)
        return run_benchmark(args.rest)
    if args.command == "collect":
        with Pool(args.jobs) as pool, open(args.out, "a") as out:
            for row in pool.imap_unordered(collect_game, [(args.seed, g) for g in range(args.games)]):
                out.write(json.dumps(row) + "\n")
                out.flush()
                print(f"game {row['game']} {'won' if row['won'] else 'lost'}", file=sys.stderr)
        return 0
    values, figures = fit_bonus(args.path, args.penalty)
    print(json.dumps(figures), file=sys.stderr)
    print(json.dumps(values))
    return 0


if __name__ == "__main__":
    sys.exit(main())
