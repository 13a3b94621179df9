"""Hypothesis properties: illegal actions change nothing; `apply` and `legal_actions` agree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import Action, IllegalAction, apply, new_game, resign, serialize, setup_for
from play.engine.actions import KINDS
from play.engine.bots.random_bot import RandomBot
from play.engine.rules import action_error

from .packs import EVERYTHING, SEATS, card, core_pack, play_all, playout_setup, stacked

ROOT = Path(__file__).resolve().parents[2]


def _state_after(seed: int, steps: int):
    state = new_game(playout_setup(EVERYTHING, seed, SEATS, 50))
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    for _ in range(steps):
        if state.outcome is not None:
            break
        apply(state, bots[state.decider].choose(state, state.decider))
    return state


actions = st.builds(
    Action,
    kind=st.sampled_from(KINDS + ("fly",)),
    card=st.integers(-3, 120),
    index=st.integers(-2, 16),
    sticker=st.sampled_from(["", "empire-1:2:ship", "empire-1:3:base", "federation-1:2:ship",
                             "nope"]),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150), action=actions)
def test_illegal_actions_never_change_the_state(seed: int, steps: int, action: Action) -> None:
    state = _state_after(seed, steps)
    before = serialize(state)
    legal = set(state.legal_actions())
    if action in legal:
        apply(state, action)
        return
    with pytest.raises(IllegalAction):
        apply(state, action)
    assert serialize(state) == before


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 200))
def test_legal_actions_are_exactly_the_actions_apply_accepts(seed: int, steps: int) -> None:
    state = _state_after(seed, steps)
    legal = set(state.legal_actions())
    cards = range(-1, len(state.design))
    stickers = ["", *EVERYTHING.stickers]
    candidates = {Action("end"), Action("done")}
    candidates |= {Action(k, c) for k in ("play", "destroy") for c in cards}
    candidates |= {Action(k, index=i) for k in ("attack", "choose") for i in range(5)}
    candidates |= {Action("use", c, i) for c in cards for i in range(5)}
    candidates |= {Action(k, c, -1, s) for k in ("buy", "pick") for c in cards for s in stickers}
    accepted = {a for a in candidates if action_error(state, a) is None}
    assert accepted == legal


@pytest.mark.parametrize("mode, players", [("standard", 2), ("ffa", 4), ("raid", 3),
                                           ("hydra", 4), ("emperor", 6)])
def test_a_listed_action_does_the_same_as_a_checked_one(mode: str, players: int) -> None:
    # `apply` skips its check for an action `legal_actions` listed for the very same state
    # (C8: what a player may do in the main phase); on a clone, which keeps no listing, the same
    # action goes through the full check and must leave the same state
    for seed in range(6):
        setup = setup_for(mode, EVERYTHING, players=players, seed=seed, first=None)
        state = new_game(setup)
        bots = [RandomBot(seed * 10 + k) for k in range(players)]
        while state.outcome is None and len(state.history) < 600:
            action = bots[state.decider].choose(state, state.decider)
            listed = state.listed is not None and action in state.listed
            checked = state.clone()
            assert checked.listed is None
            apply(state, action)
            apply(checked, action)
            assert state.listed is None
            if listed or len(state.history) % 25 == 0:
                assert serialize(checked) == serialize(state), action.notation


@pytest.mark.parametrize("mode, players", [("standard", 2), ("ffa", 4), ("raid", 3),
                                           ("hydra", 4), ("emperor", 6)])
def test_kept_uses_are_the_uses_listed_afresh(mode: str, players: int) -> None:
    # C11, C14, C15: after a buy, an attack or a use, `legal_actions` may keep the uses it listed
    # before (`rules._carry_uses`); a clone keeps nothing and lists them again from the cards in
    # play, so the two listings must agree at every step
    kept = 0
    for seed in range(6):
        setup = setup_for(mode, EVERYTHING, players=players, seed=seed, first=None)
        state = new_game(setup)
        bots = [RandomBot(seed * 10 + k) for k in range(players)]
        while state.outcome is None and len(state.history) < 600:
            kept += state.listed_uses is not None and state.pending is None
            fresh = state.clone()
            assert fresh.listed_uses is None
            assert state.legal_actions() == fresh.legal_actions()
            apply(state, bots[state.decider].choose(state, state.decider))
    assert kept > 100  # the listing was kept often enough for the test to mean something


CHEAP = card("cheap", cost=3, factions=("blob",), primary=[{"combat": 2}])


def test_a_listed_buy_is_refused_once_the_trade_is_spent() -> None:
    # C17: a buy costs trade; the listing made before the first buy does not vouch for the second
    state = stacked(core_pack(CHEAP), hands=(["scout"] * 3, []), row=["cheap", "cheap"])
    play_all(state)
    first, second = (Action("buy", c) for c in state.row if c >= 0)
    assert {first, second} <= set(state.legal_actions())
    apply(state, first)
    before = serialize(state)
    with pytest.raises(IllegalAction, match="trade"):
        apply(state, second)
    assert serialize(state) == before
    assert second not in state.legal_actions()


def test_resigning_forgets_the_listing() -> None:
    # M2: a seat that resigns a free-for-all takes no more turns; its listed moves are refused
    setup = setup_for("ffa", EVERYTHING, players=3, seed=4, first=0)
    state = new_game(setup)
    listed = state.legal_actions()
    resign(state, 0)
    assert state.listed is None and state.active != 0
    assert listed[0].kind == "play"  # a card of seat 0's hand, scrapped when it left (M2)
    before = serialize(state)
    with pytest.raises(IllegalAction):
        apply(state, listed[0])
    assert serialize(state) == before


def test_importing_the_engine_does_not_load_django() -> None:
    code = ("import sys, play.engine, play.engine.bots.random_bot; "
            "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "False"
