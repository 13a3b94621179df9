"""Attacking players and bases, outposts, winning: C18-C20, C26."""

from __future__ import annotations

import pytest

from play.engine import IllegalAction

from .packs import card, core_pack, facing_bases, inst, stacked

PACK = core_pack(
    card("brute", factions=("blob",), primary=[{"combat": 8}]),
    card("killer", factions=("blob",), primary=[{"combat": 60}]),
    card("wall", type="base", cost=3, defense=4, outpost=True, factions=("machine",)),
    card("tower", type="base", cost=3, defense=3, factions=("empire",)),
    card("bomber", factions=("blob",), primary=[{"destroy_base": 1}]),
)


def test_c18_attack_spends_combat_and_the_target_loses_authority() -> None:
    state = stacked(PACK, hands=(["brute"], []))
    state.apply(f"play {inst(state, 'brute')}")
    state.apply("attack 1")
    assert state.authority[1] == 42 and state.combat[0] == 0


def test_c19_destroying_a_base_needs_its_defense_and_sends_it_to_its_owners_discard() -> None:
    state = facing_bases(PACK, "tower", hand=["viper", "viper", "viper"])
    tower = inst(state, "tower", "bases", seat=1)
    state.apply(f"play {inst(state, 'viper')}")
    state.apply(f"play {inst(state, 'viper')}")
    with pytest.raises(IllegalAction, match="need 3 combat"):
        state.apply(f"destroy {tower}")
    state.apply(f"play {inst(state, 'viper')}")
    state.apply(f"destroy {tower}")
    assert tower in state.discard[1] and state.combat[0] == 0


def test_c19_destroy_base_with_exact_combat() -> None:
    state = facing_bases(PACK, "tower", hand=["brute"])
    tower = inst(state, "tower", "bases", seat=1)
    state.apply(f"play {inst(state, 'brute')}")
    state.apply(f"destroy {tower}")
    assert tower in state.discard[1] and state.combat[0] == 5
    assert state.stats[0]["bases_destroyed"] == 1


def test_c19_destroy_target_base_effect_needs_no_combat() -> None:
    state = facing_bases(PACK, "tower", hand=["bomber"])
    state.apply(f"play {inst(state, 'bomber')}")
    tower = inst(state, "tower", "bases", seat=1)
    state.apply(f"pick {tower}")
    assert tower in state.discard[1] and state.combat[0] == 0


def test_c20_outpost_blocks_attacks_on_the_player_and_other_bases() -> None:
    state = facing_bases(PACK, "wall", "tower", hand=["brute"])
    state.apply(f"play {inst(state, 'brute')}")
    wall = inst(state, "wall", "bases", seat=1)
    tower = inst(state, "tower", "bases", seat=1)
    legal = {a.notation for a in state.legal_actions()}
    assert "attack 1" not in legal and f"destroy {tower}" not in legal
    with pytest.raises(IllegalAction, match="C20"):
        state.apply("attack 1")
    with pytest.raises(IllegalAction, match="C20"):
        state.apply(f"destroy {tower}")
    state.apply(f"destroy {wall}")
    state.apply(f"destroy {tower}")
    state.apply("attack 1")
    assert state.authority[1] == 49


def test_c20_outpost_also_blocks_destroy_base_effects_on_other_bases() -> None:
    state = facing_bases(PACK, "wall", "tower", hand=["bomber"])
    state.apply(f"play {inst(state, 'bomber')}")
    assert [state.design[c].id for c in state.pending.options] == ["wall"]


def test_c26_a_player_wins_at_once_when_the_opponent_reaches_zero() -> None:
    state = stacked(PACK, hands=(["killer"], []))
    state.apply(f"play {inst(state, 'killer')}")
    state.apply("attack 1")
    assert state.outcome.winner == 0 and state.outcome.reason == "authority"
    assert state.legal_actions() == [] and state.decider is None
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply("end")


def test_resign_ends_the_game_for_the_other_side() -> None:
    state = stacked(PACK)
    state.resign(0)
    assert state.outcome.winner == 1 and state.outcome.reason == "resign"


def test_resigning_a_seat_that_is_not_playing_is_refused() -> None:
    state = stacked(PACK)
    for seat in (5, -1, "x"):
        with pytest.raises(IllegalAction, match="not playing"):
            state.resign(seat)
    assert state.outcome is None
