"""scripts/dev/search_limits.py (issue 23): the "what if" experiments measure what they say.

The oracle's worlds keep every hidden card where it is, the fitted buy bonuses call the
search's own choices better than the heuristic's plain values, and changed buy values (bonuses,
noise) reach only the searcher's own seat in its rollouts."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest

from play.engine import GameSetup, new_game, read_pack
from play.engine.bulk import seat_setups

from .packs import default_scenario_start

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


def test_own_seat_values_change_the_searchers_seat_in_its_rollouts_only(monkeypatch) -> None:
    from play.engine.actions import END
    from play.engine.bots import heuristic
    from play.engine.bots.search import SearchBot

    # own_seat_values patches these for a whole run; give them back after the test
    monkeypatch.setattr(heuristic, "buy_value", heuristic.buy_value)
    monkeypatch.setattr(SearchBot, "rollout", SearchBot.rollout)
    monkeypatch.setattr(SearchBot, "__init__", SearchBot.__init__)
    pack = read_pack(str(ROOT / "fixtures" / "packs" / "core-set.json"))
    state = new_game(GameSetup(pack=pack, seats=seat_setups(pack), seed=3))
    state.discard[0].extend(state.hand[0])  # straight to the buys: nothing to play
    state.hand[0].clear()
    state.trade[0] = 20
    plain = heuristic.HeuristicBot(0).choose(state, 0)
    assert plain.kind == "buy"
    other = next(c for c in state.row if c >= 0 and c != plain.card)
    favoured = state.design[other].id
    search_limits.own_seat_values(
        lambda design, value, _rng: value + (100.0 if design.id == favoured else 0.0), "rollouts")
    bot = SearchBot(seed=1, iterations=4)
    assert bot.player.choose(state, 0) == plain  # no rollout yet: no seat is the searcher's
    bot.rollout(state, 0, END, world=1)  # a rollout for seat 0
    assert bot.player.choose(state, 0).card == other  # the searcher's seat in its rollouts
    assert heuristic.HeuristicBot(0).choose(state, 0) == plain  # a real heuristic: plain values
    assert bot.policy.choose(state, 0) == plain  # its default candidate (where="rollouts")


def _scenario_3_deal():
    """Return a scenario-3 game of the default campaign at its start, the Empire (seat 0) to
    move with 20 trade."""
    state = default_scenario_start(3)
    assert state.active == 0 and state.pending is None
    state.trade[0] = 20
    return state


def test_l19_denial_buys_take_what_a_near_opponents_sheet_still_needs() -> None:
    """L13, L14, L19: a buy denies when it takes from the row a card on which an opponent with 3
    or more of its scenario sheet's 5 stickers could put one more of them (its printed cost
    and type match a row of that sheet not used yet)."""
    from play.engine import legal_actions
    from play.engine.state import replace_shared

    state = _scenario_3_deal()
    sheet = state.game.scenario_sheet[1]
    by_cost = {(state.design[c].type, state.design[c].printed_cost, state.design[c].upgrade): c
               for c in state.row}
    base_8, base_4 = by_cost[("base", 8, None)], by_cost[("base", 4, None)]  # this deal's row

    def denials(*rows: int) -> set[int]:
        kept = {r for r in state.rows_used if not r.startswith(sheet + ":")}
        replace_shared(state, "rows_used", kept | {f"{sheet}:{r}" for r in rows})
        return {a.card for a in search_limits.denial_buys(state, 0, legal_actions(state))}

    assert denials(3, 5) == set()  # 2 stickers: not near yet
    assert denials(3, 5, 6) == {base_8, base_4}  # rows 4 and 8 still open
    assert denials(3, 4, 5, 6) == {base_8}
    assert search_limits.denial_buys(state, 1, legal_actions(state)) == []  # seat 0 not near


def test_l19_sheet_choice_names_what_the_searcher_did_instead_of_a_sheet_buy() -> None:
    """L19: where the heuristic would buy with a sticker of the seat's scenario sheet, `race`
    counts what the searcher did: took it, the same card plain, another card, ended the turn."""
    from play.engine import legal_actions
    from play.engine.actions import END

    state = _scenario_3_deal()
    sheet = state.game.scenario_sheet[0]
    buys = [a for a in legal_actions(state) if a.kind == "buy"]
    sheet_buy = next(a for a in buys if a.sticker.startswith(sheet + ":"))
    plain_same = next(a for a in buys if a.card == sheet_buy.card and not a.sticker)
    plain_other = next(a for a in buys if a.card not in (sheet_buy.card, -1) and not a.sticker)
    play = next(a for a in legal_actions(state) if a.kind == "play")

    def did(action):
        return search_limits.sheet_choice(state, 0, sheet_buy, action)

    assert did(sheet_buy) == "took_it"
    assert did(plain_same) == "same_card_no_sticker"
    assert did(plain_other) == "another_card_no_sticker"
    assert did(END) == "ended_the_turn"
    assert did(play) == "did_something_else_first"
    assert search_limits.sheet_choice(state, 0, plain_same, sheet_buy) is None  # not a sheet buy


def test_starts_measures_the_heuristic_from_every_campaign_state_the_scenario_games_use() -> None:
    """`starts`: one heuristic game per campaign state of bot_strength's scenario games (L1:
    the state a campaign has reached), the same games whenever it runs."""
    figures = search_limits.starts([3], games=1, jobs=1)["3"]
    assert len(figures["per_state"]) == 16
    assert set(figures["per_state"]) <= {0.0, 1.0}
    assert figures["mean"] == round(sum(figures["per_state"]) / 16, 3)
    assert search_limits.starts([3], games=1, jobs=1)["3"] == figures


def test_l19_the_linear_sheet_term_counts_every_sticker_alike() -> None:
    """`sheet`: the searcher's evaluation reads the scenario sheet (L19) as 0.4 n / 5 for n of
    its 5 stickers used, where the product reads 0.4 (n / 5)^2; the other terms stay."""
    from play.engine.bots.goals import goal_terms
    from play.engine.state import replace_shared

    state = _scenario_3_deal()
    sheet = state.game.scenario_sheet[0]
    kept = {r for r in state.rows_used if not r.startswith(sheet + ":")}
    for rows in ((), (3,), (3, 5, 6)):
        replace_shared(state, "rows_used", kept | {f"{sheet}:{r}" for r in rows})
        route, political, vp = search_limits.linear_sheet_terms(state, 0)
        assert political == 0.4 * len(rows) / 5
        assert goal_terms(state, 0) == (route, 0.4 * (len(rows) / 5) ** 2, vp)


def test_two_horizons_stop_odd_worlds_after_four_main_phases_and_even_ones_after_six(
        monkeypatch) -> None:
    from play.engine.actions import END
    from play.engine.bots import search
    from play.engine.bots.search import SearchBot

    monkeypatch.setattr(SearchBot, "rollout", SearchBot.rollout)  # patched for a whole run
    pack = read_pack(str(ROOT / "fixtures" / "packs" / "core-set.json"))
    state = new_game(GameSetup(pack=pack, seats=seat_setups(pack), seed=3))
    scored_at = []
    monkeypatch.setattr(search, "evaluate",
                        lambda sim, seat, *args: scored_at.append(sim.turn) or 0.5)
    search_limits.use_two_horizons()
    bot = SearchBot(seed=1, iterations=4, depth=6)
    for world in (1, 2):
        bot.rollout(state, 0, END, world=world)
    assert scored_at == [state.turn + 1 + 4, state.turn + 1 + 6]
    assert bot.depth == 6  # its own setting is back after each rollout


def test_the_turns_term_counts_the_turns_to_the_nearest_route(monkeypatch) -> None:
    """`turns`: in a scenario game with victory rules (scenario 8: wins at once at N damage
    dealt) a seat's score loses the weight for each turn its nearest route still needs, so a
    seat nearer its victory scores higher; a scenario whose only other route is its sheet
    (L19, scenario 3) and a core game are scored as before."""
    from play.engine.bots import search
    from play.engine.bots.assess import deck_yield
    from play.engine.bots.search import SCENARIO_WEIGHTS, WEIGHTS, evaluate, seat_score
    from play.engine.state import seat_stats

    monkeypatch.setattr(search, "seat_score", search.seat_score)  # patched for a whole run
    raid, sheet_only = default_scenario_start(8), default_scenario_start(3)
    core_pack = read_pack(str(ROOT / "fixtures" / "packs" / "core-set.json"))
    core = new_game(GameSetup(pack=core_pack, seats=seat_setups(core_pack), seed=3))
    seat_stats(raid, 0)["damage_dealt"] = 20
    yields = {s: deck_yield(raid, s) for s in (0, 1)}
    turns = search_limits.turns_to_win(raid, 0, yields[0])
    assert 0 < turns < search_limits.RACE_CAP
    before = {name: evaluate(state, 0) for name, state in
              (("raid", raid), ("sheet", sheet_only), ("core", core))}

    search_limits.use_race(1.5)
    assert search.seat_score(raid, 0, yields, WEIGHTS, SCENARIO_WEIGHTS) == pytest.approx(
        seat_score(raid, 0, yields, WEIGHTS, SCENARIO_WEIGHTS) - 1.5 * turns)
    nearer = raid.clone()
    seat_stats(nearer, 0)["damage_dealt"] = 39
    assert evaluate(nearer, 0) > evaluate(raid, 0) != before["raid"]
    assert evaluate(sheet_only, 0) == before["sheet"]
    assert evaluate(core, 0) == before["core"]


def _core_buying_state():
    """A core game at its start, seat 0 to buy with 20 trade and nothing left to play."""
    pack = read_pack(str(ROOT / "fixtures" / "packs" / "core-set.json"))
    state = new_game(GameSetup(pack=pack, seats=seat_setups(pack), seed=3))
    state.discard[0].extend(state.hand[0])
    state.hand[0].clear()
    state.trade[0] = 20
    return state


def test_c17_greedy_buy_takes_the_card_that_most_raises_the_decks_yield_score() -> None:
    """`greedy`: of the legal buys (C17) GreedyBot takes the one whose card, once owned, most
    raises the deck's yield score, measured here by really buying each (clone and apply), and
    it leaves the seat's cards as they were."""
    from play.engine import apply, legal_actions
    from play.engine.bots.assess import deck_yield

    state = _core_buying_state()
    discard = list(state.discard[0])
    chosen = search_limits.greedy_buy(state, 0)
    assert state.discard[0] == discard
    before = search_limits.yield_score(deck_yield(state, 0))
    gains = {}
    for action in legal_actions(state):
        if action.kind == "buy":
            bought = state.clone()
            apply(bought, action)
            gains[action] = search_limits.yield_score(deck_yield(bought, 0)) - before
    assert chosen in gains
    assert gains[chosen] == pytest.approx(max(gains.values()))
    assert search_limits.greedy_buy(state, 0, threshold=max(gains.values()) + 0.01) is None
    assert search_limits.GreedyBot(1).choose(state, 0) == chosen


def test_greedy_buys_only_for_the_searchers_own_seat_in_its_rollouts(monkeypatch) -> None:
    from play.engine.actions import END
    from play.engine.bots.heuristic import HeuristicBot
    from play.engine.bots.search import SearchBot

    monkeypatch.setattr(SearchBot, "rollout", SearchBot.rollout)  # patched for a whole run
    monkeypatch.setattr(SearchBot, "__init__", SearchBot.__init__)
    buyers = []
    greedy_buy = search_limits.greedy_buy
    monkeypatch.setattr(search_limits, "greedy_buy",
                        lambda state, seat: buyers.append(seat) or greedy_buy(state, seat))
    search_limits.use_greedy(default=False)
    bot = SearchBot(seed=1, iterations=4, depth=4)
    assert type(bot.policy) is HeuristicBot
    reward = bot.rollout(_core_buying_state(), 0, END, world=1)
    assert 0.0 <= reward <= 1.0
    assert buyers and set(buyers) == {0}  # seat 1 bought with the heuristic's values
    search_limits.use_greedy(default=True)
    assert isinstance(SearchBot(seed=1).policy, search_limits.GreedyBot)


def test_blend_scores_a_long_rollout_partly_by_the_evaluation_at_its_horizon(monkeypatch) -> None:
    """`blend`: a rollout that plays past `depth` main phases scores alpha times the evaluation
    there plus (1 - alpha) times its end; a shorter one only its end."""
    from play.engine.actions import END
    from play.engine.bots import search
    from play.engine.bots.search import SearchBot

    monkeypatch.setattr(SearchBot, "rollout", SearchBot.rollout)  # patched for a whole run
    state = _core_buying_state()
    scored_at = []
    monkeypatch.setattr(search, "evaluate", lambda sim, seat, *args: (
        scored_at.append(sim.turn) or (1.0 if sim.turn == state.turn + 1 + 2 else 0.2)))
    search_limits.use_blend(alpha=0.25, depth=2)
    assert SearchBot(seed=1, depth=6).rollout(state, 0, END, world=1) == pytest.approx(
        0.25 * 1.0 + 0.75 * 0.2)
    assert scored_at == [state.turn + 3, state.turn + 7]
    scored_at.clear()
    assert SearchBot(seed=1, depth=2).rollout(state, 0, END, world=1) == 1.0
    assert scored_at == [state.turn + 3]


def test_adaptive_plays_more_rollouts_only_early_in_a_scenario_turn(monkeypatch) -> None:
    """`adaptive`: in a Legacy scenario game a decision may play `most` rollouts until its turn
    has spent `share` of the turn budget, then the level's own; core games keep their own."""
    from play.engine.bots.search import SearchBot

    monkeypatch.setattr(SearchBot, "rollout_budget", SearchBot.rollout_budget)
    search_limits.use_adaptive(most=400, share=0.5)
    now = [0.0]
    bot = SearchBot(seed=1, iterations=200, turn_budget=2.0, clock=lambda: now[0])
    state = default_scenario_start(10)
    seat = state.decider
    assert bot.rollout_budget(state, seat) == 400
    bot._deadline(state)  # the turn's clock starts, as in `choose`
    bot._turn_spent = 0.9
    assert bot.rollout_budget(state, seat) == 400
    bot._turn_spent = 1.0  # half of the turn's 2 s spent
    assert bot.rollout_budget(state, seat) == 200
    state.turn += 1  # a new turn starts with its time unspent
    assert bot.rollout_budget(state, seat) == 400
    assert SearchBot(seed=1, iterations=200).rollout_budget(state, seat) == 200  # no turn budget
    assert bot.rollout_budget(_core_buying_state(), 0) == 200


def test_spread_shares_the_turn_budget_over_the_searches_expected(monkeypatch) -> None:
    """`spread`: up to `most` rollouts a decision in a Legacy scenario, and each search may use
    what is left of the turn budget over the searches the seat still expects this turn (the mean
    of its earlier turns, the first guess before any), never less than all of it for the last."""
    from play.engine.bots.search import SearchBot

    monkeypatch.setattr(SearchBot, "rollout_budget", SearchBot.rollout_budget)
    monkeypatch.setattr(SearchBot, "_deadline", SearchBot._deadline)
    search_limits.use_spread(most=400, first_guess=3.0)
    now = [0.0]
    bot = SearchBot(seed=1, iterations=200, turn_budget=3.0, clock=lambda: now[0])
    state = default_scenario_start(10)
    seat = state.decider
    assert bot.rollout_budget(state, seat) == 400
    assert bot.rollout_budget(_core_buying_state(), 0) == 200
    assert bot._deadline(state) == pytest.approx(1.0)  # 3 s over the 3 searches guessed
    bot.searches, bot._turn_spent = 1, 1.0
    assert bot._deadline(state) == pytest.approx(1.0)  # 2 s left over 2
    bot.searches, bot._turn_spent = 5, 2.5  # past the guess: all that is left
    assert bot._deadline(state) == pytest.approx(0.5)
    state.turn += 2  # the seat's next turn: 5 searches last turn are now the mean
    assert bot._deadline(state) == pytest.approx(3.0 / 5)
    bot.time_limit = 0.2
    assert bot._deadline(state) == pytest.approx(0.2)
