"""Bots read a scenario's routes to victory and VP cards (L19, L21, scenario RULEs; issue 23)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from play.engine import apply, load_pack, new_game
from play.engine.balance import campaign_prefix, pick_choices
from play.engine.bots.goals import closest_route, goal_score, goals_of, progress
from play.engine.bots.heuristic import HeuristicBot, route_of
from play.engine.legacy import scenario_setup
from play.engine.state import seat_stats

PACKS = Path(__file__).resolve().parents[2] / "fixtures" / "packs"
LEGACY = load_pack(json.loads((PACKS / "legacy-default.json").read_text()))
DAMAGE = "stat:damage_dealt"


@pytest.fixture(scope="module")
def prefix():
    return campaign_prefix(LEGACY, 12, "heuristic", 5)


def _scenario(prefix, number: int):
    base = prefix[number - 1]
    choices = pick_choices(LEGACY, number, "empire", random.Random(1))
    snapshot = replace(base, first_side="empire", choices={**base.choices, number: choices})
    return new_game(scenario_setup(LEGACY, snapshot, number, seed=1, check_first=False))


def _damage_rule(state, seat: int) -> tuple:
    return next(c for c in goals_of(state, seat).victories if c[1] == DAMAGE)


def test_scenario_victory_rule_is_read_and_nearest_once_close(prefix) -> None:
    """A scenario RULE "wins at once when it has dealt N damage": a few points short, the rule
    is the seat's nearest route and worth more to it than at the start."""
    state = _scenario(prefix, 8)
    seat = 0
    rule = _damage_rule(state, seat)
    assert rule[0] == "count" and rule[2] == "at_least"
    before = goal_score(state, seat)
    seat_stats(state, seat)["damage_dealt"] = rule[3] - 2
    assert progress(state, seat, rule) == pytest.approx((rule[3] - 2) / rule[3])
    assert closest_route(state, seat) == ("scenario", rule)
    assert route_of(state, seat) == ("scenario", DAMAGE)
    assert goal_score(state, seat) > before


def test_an_opponents_near_victory_counts_against_the_seat(prefix) -> None:
    state = _scenario(prefix, 8)
    before = goal_score(state, 0)
    seat_stats(state, 1)["damage_dealt"] = _damage_rule(state, 1)[3] - 1
    assert goal_score(state, 0) < before


def test_l21_vp_cards_earned_by_the_seat_or_its_opponent(prefix) -> None:
    """L21: a VP card earned by the seat adds to its score, one its opponent earned subtracts."""
    state = _scenario(prefix, 3)
    vp = next(vid for vid, kind, _c, _p in goals_of(state, 0).vp_cards if kind == "first_to")
    neutral = goal_score(state, 0)
    mine = state.clone()
    mine.vp_awarded = [*mine.vp_awarded, (vp, 0)]
    theirs = state.clone()
    theirs.vp_awarded = [*theirs.vp_awarded, (vp, 1)]
    assert goal_score(mine, 0) > neutral > goal_score(theirs, 0)


def test_l19_political_sheet_is_one_of_the_goals(prefix) -> None:
    state = _scenario(prefix, 1)
    assert goals_of(state, 0).sheet and goals_of(state, 0).scenario


def test_heuristic_goes_for_the_face_when_damage_wins(prefix) -> None:
    """Scenario 8: one damage short of its victory rule at each of its turns, the heuristic
    puts its combat where it counts and wins on that rule, not on authority."""
    state = _scenario(prefix, 8)
    bot = HeuristicBot(1)
    seat = state.active
    rule = _damage_rule(state, seat)
    for _ in range(2000):
        if state.outcome is not None:
            break
        if state.active == seat and state.pending is None:
            seat_stats(state, seat)["damage_dealt"] = max(
                rule[3] - 1, state.stats[seat].get("damage_dealt", 0))
        apply(state, bot.choose(state, state.decider))
    assert state.outcome is not None and state.outcome.reason == "scenario"
    assert state.outcome.winner == seat


def test_goal_terms_add_up_to_goal_score(prefix) -> None:
    """Scenario RULEs, L19, L21: the three terms the search weighs (nearest victory rule,
    scenario sheet, VP cards) are goal_score's parts; the opponent's rule counts against."""
    from play.engine.bots.goals import goal_terms

    state = _scenario(prefix, 8)
    seat_stats(state, 0)["damage_dealt"] = 20
    seat_stats(state, 1)["damage_dealt"] = 12
    (route0, political0, vp0), (route1, _p1, _v1) = goal_terms(state, 0), goal_terms(state, 1)
    assert route0 > 0 and route1 > 0
    assert goal_score(state, 0) == pytest.approx(route0 - route1 + political0 + vp0)


def test_search_evaluation_in_a_scenario_scales_the_core_score(prefix) -> None:
    """Scenario RULEs: with the weights (1, 8, 4, 4) the scenario evaluation is the hand-set
    one it replaced (core score plus 4 x goal_score per seat); the fitted weights damp the core
    score, and an opponent near its victory rule still lowers the seat's chance."""
    import math

    from play.engine.bots.assess import deck_yield
    from play.engine.bots.search import SCENARIO_WEIGHTS, WEIGHTS, evaluate, features

    state = _scenario(prefix, 8)
    seat_stats(state, 0)["damage_dealt"] = 20
    yields = {s: deck_yield(state, s) for s in (0, 1)}
    core = [sum(w * f for w, f in zip(WEIGHTS, features(state, s, yields), strict=True))
            for s in (0, 1)]
    old = core[0] - core[1] + 4 * (goal_score(state, 0) - goal_score(state, 1))
    assert evaluate(state, 0, WEIGHTS, (1.0, 8.0, 4.0, 4.0)) == pytest.approx(
        1 / (1 + math.exp(-old)))
    before = evaluate(state, 0, WEIGHTS, SCENARIO_WEIGHTS)
    near = state.clone()
    seat_stats(near, 1)["damage_dealt"] = _damage_rule(near, 1)[3] - 1
    assert evaluate(near, 0, WEIGHTS, SCENARIO_WEIGHTS) < before


def test_searcher_refuses_scenario_weights_of_the_wrong_shape() -> None:
    from play.engine.bots.search import SearchBot

    with pytest.raises(ValueError, match="scenario_weights"):
        SearchBot(1, scenario_weights=(1.0, 2.0))
    with pytest.raises(ValueError, match="scenario_weights"):
        SearchBot(1, scenario_weights=(1.0, 2.0, "x", 4.0))


def test_turns_to_win_reads_the_nearest_route_and_its_turns(prefix) -> None:
    """Scenario RULEs (scenario 8: wins at once at N damage dealt): every route's turns are
    listed, authority first; two damage short, the rule's turns are what is missing over the
    seat's combat a turn, the nearest of its routes."""
    from play.engine.bots.assess import seat_yield
    from play.engine.bots.goals import AUTHORITY, route_turns, turns_to_win

    state = _scenario(prefix, 8)
    seat = 0
    rule = _damage_rule(state, seat)
    per_turn = seat_yield(state, seat)
    routes = route_turns(state, seat, per_turn)
    assert routes[0][1] == AUTHORITY
    assert ("scenario", rule) in [(route, cond) for _t, route, cond in routes]
    assert turns_to_win(state, seat, per_turn) == min(t for t, _r, _c in routes)
    seat_stats(state, seat)["damage_dealt"] = rule[3] - 2
    assert turns_to_win(state, seat, per_turn) == pytest.approx(2 / max(per_turn.combat, 0.1))
