"""Pending decisions as data, made by the right seat, resumable after saving: C23."""

from __future__ import annotations

import json

import pytest

from play.engine import IllegalAction, deserialize, serialize

from .packs import card, core_pack, inst, stacked

PACK = core_pack(
    card("frigate", factions=("empire",), primary=[{"combat": 4}, {"opponent_discards": 1}]),
    card("purifier", primary=[{"scrap": {"from": "hand_or_discard", "min": 0, "max": 2}},
                              {"draw": {"per": "last_count"}}]),
)


def test_c23_forced_discard_is_decided_by_the_opponent_now() -> None:
    state = stacked(PACK, hands=(["frigate"], ["viper"]))
    state.apply(f"play {inst(state, 'frigate')}")
    assert state.decider == 1 and state.pending.kind == "opp_discard"
    assert state.view(1)["pending"]["options"]  # the opponent sees their own hand as options
    assert "options" not in state.view(0)["pending"]  # the active player does not
    with pytest.raises(IllegalAction, match="first finish"):
        state.apply("end")
    viper = inst(state, "viper", seat=1)
    state.apply(f"pick {viper}")
    assert viper in state.discard[1] and len(state.hand[1]) == 4
    assert state.decider == 0 and state.combat[0] == 4


def test_decision_survives_serialization_and_resumes() -> None:
    state = stacked(PACK, hands=(["frigate"], []))
    state.apply(f"play {inst(state, 'frigate')}")
    saved = json.loads(json.dumps(serialize(state)))
    resumed = deserialize(saved, PACK)
    assert resumed == state
    resumed.apply(f"pick {resumed.hand[1][0]}")
    state.apply(f"pick {state.hand[1][0]}")
    assert resumed == state


def test_up_to_n_picks_one_at_a_time_then_done() -> None:
    state = stacked(PACK, hands=(["purifier", "viper", "viper"], []))
    state.apply(f"play {inst(state, 'purifier')}")
    legal = {a.notation for a in state.legal_actions()}
    assert "done" in legal and len(legal) == 3
    state.apply(f"pick {inst(state, 'viper')}")
    assert state.pending is not None and state.pending.picked == 1
    state.apply("done")
    assert state.pending is None
    assert len(state.hand[0]) == 2  # one viper left + 1 drawn for the one scrapped


def test_illegal_answers_are_refused_with_a_reason() -> None:
    state = stacked(PACK, hands=(["purifier"], []))
    state.apply(f"play {inst(state, 'purifier')}")
    with pytest.raises(IllegalAction, match="not one of the options"):
        state.apply("pick 999")
    with pytest.raises(IllegalAction, match="none is pending|first finish"):
        state.apply("choose 0")


def test_broken_saved_state_is_a_clear_error() -> None:
    from play.engine import SetupError

    state = stacked(PACK)
    data = serialize(state)
    for broken in ({}, {**data, "hand": None}, {**data, "setup": {"pack": "other"}}):
        with pytest.raises(SetupError):
            deserialize(broken, PACK)
