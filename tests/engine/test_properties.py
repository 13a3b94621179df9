"""Hypothesis properties: illegal actions change nothing; `apply` and `legal_actions` agree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from play.engine import Action, IllegalAction, apply, new_game, serialize
from play.engine.actions import KINDS
from play.engine.bots.random_bot import RandomBot
from play.engine.rules import action_error

from .packs import EVERYTHING, SEATS, playout_setup

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


def test_importing_the_engine_does_not_load_django() -> None:
    code = ("import sys, play.engine, play.engine.bots.random_bot; "
            "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, check=True)
    assert result.stdout.strip() == "False"
