"""Turn structure and pools: C7-C12, C21, C22."""

from __future__ import annotations

import pytest

from play.engine import IllegalAction

from .packs import card, core_pack, inst, stacked

PACK = core_pack(
    card("cutter", cost=2, factions=("federation",), primary=[{"trade": 2}, {"authority": 4}]),
    card("outpost", type="base", cost=3, defense=4, outpost=True, factions=("machine",),
         primary=[{"trade": 1}]),
    card("fighter", cost=1, factions=("blob",), primary=[{"combat": 3}]),
)


def test_c9_playing_a_ship_costs_nothing_and_its_primary_happens_at_once() -> None:
    state = stacked(PACK, hands=(["cutter", "scout", "viper"], []))
    state.apply(f"play {inst(state, 'cutter')}")
    assert state.trade[0] == 2
    assert state.authority[0] == 54  # C12: authority is added at once
    assert state.ships[0] == [state.played[0]]


def test_c8_main_phase_actions_in_any_order() -> None:
    state = stacked(PACK, hands=(["scout", "scout", "scout"], []), row=["fighter"] * 5)
    state.apply(f"play {state.hand[0][0]}")
    state.apply(f"buy {state.row[0]}")
    state.apply(f"play {state.hand[0][0]}")
    assert state.trade[0] == 1 and len(state.discard[0]) == 1


def test_c10_base_primary_is_optional_once_per_turn_every_turn() -> None:
    state = stacked(PACK, hands=(["outpost"], []))
    base = inst(state, "outpost")
    state.apply(f"play {base}")
    assert state.trade[0] == 0  # nothing happens until the owner uses it
    use = f"use {base} 0"
    state.apply(use)
    assert state.trade[0] == 1
    with pytest.raises(IllegalAction, match="already used this turn"):  # C11
        state.apply(use)
    state.apply("end")
    state.apply("end")
    state.apply(use)  # a new turn: usable again, the base stayed in play
    assert state.trade[0] == 1


def test_c11_ship_primary_cannot_be_used_again() -> None:
    state = stacked(PACK, hands=(["cutter"], []))
    ship = inst(state, "cutter")
    state.apply(f"play {ship}")
    with pytest.raises(IllegalAction, match="C9|C11"):
        state.apply(f"use {ship} 0")


def test_c12_pools_are_spendable_all_main_phase() -> None:
    state = stacked(PACK, hands=(["scout", "scout", "viper"], []), row=["cutter"] * 5)
    for _ in range(3):
        state.apply(f"play {state.hand[0][0]}")
    state.apply(f"buy {state.row[0]}")
    assert state.trade[0] == 0 and state.combat[0] == 1


def test_c21_discard_phase_clears_pools_and_discards_ships_and_hand_but_not_bases() -> None:
    state = stacked(PACK, hands=(["outpost", "scout", "viper"], []))
    base = inst(state, "outpost")
    state.apply(f"play {base}")
    state.apply(f"play {inst(state, 'scout')}")
    state.apply("end")
    assert state.trade[0] == 0 and state.combat[0] == 0
    assert state.bases[0] == [base]
    assert sorted(state.design[c].id for c in state.discard[0]) == ["scout", "viper"]
    assert state.ships[0] == []


def test_c7_c22_draw_phase_draws_five_then_next_player() -> None:
    state = stacked(PACK)
    state.apply("end")
    assert len(state.hand[0]) == 5
    assert state.active == 1 and state.decider == 1


def test_c22_empty_deck_reshuffles_the_discard_pile_mid_draw() -> None:
    state = stacked(PACK, decks=(["scout"] * 5, []))  # 3 in hand, 5 left: draw 5, then 3 + 2
    state.apply("end")
    state.apply("end")
    assert len(state.deck[0]) == 0
    before_discard = len(state.discard[0])
    state.apply(f"play {state.hand[0][0]}")
    state.apply("end")  # discard 5, deck empty: shuffle the 5+3 discards, draw 5
    assert len(state.hand[0]) == 5
    assert len(state.deck[0]) == before_discard + 5 - 5
    assert state.discard[0] == []
