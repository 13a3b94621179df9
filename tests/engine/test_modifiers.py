"""Scenario RULEs (docs/content-format.md "RULE") and VP card awards, evaluated by the engine."""

from __future__ import annotations

import pytest

from play.engine import GameSetup, IllegalAction, PackError, SeatSetup, new_game

from .packs import TEXT, card, ids, inst, legacy_pack, stacked

PACK = legacy_pack(
    card("ship-2", cost=2, factions=("kingdom",), primary=[{"combat": 2}]),
    card("fort", type="base", cost=4, defense=4, factions=("kingdom",), primary=[{"trade": 1}]),
    card("beacon", type="base", cost=None, role="token", defense=3, outpost=True),
    vp_cards=[{"id": "s1-victory", "scenario": 1, "points": 2, "name": TEXT, "text": TEXT,
               "award": "winner"},
              {"id": "s1-first-blood", "scenario": 1, "points": 1, "name": TEXT, "text": TEXT,
               "award": {"first_to": {"count": "stat:damage_dealt", "at_least": 3}}},
              {"id": "s1-hoarder", "scenario": 1, "points": 1, "name": TEXT, "text": TEXT,
               "award": {"at_end": {"count": "discard", "at_least": 1}}}]
    + [{"id": f"s{n}-victory", "scenario": n, "points": 2, "name": TEXT, "text": TEXT,
        "award": "winner"} for n in range(2, 13)],
)
SIDES = [SeatSetup(side="empire"), SeatSetup(side="federation")]


def game(rules: list, **kw):
    return new_game(GameSetup(pack=PACK, seats=[SeatSetup(side="empire"),
                                                 SeatSetup(side="federation")],
                              rules=rules, seed=1, **kw))


def test_starting_authority_hand_and_hand_size_per_player() -> None:
    state = game([{"starting_authority": {"who": "second", "n": 60}},
                  {"starting_hand": {"who": "first", "n": 5}},
                  {"hand_size": {"who": "empire", "n": 6}}])
    assert state.authority == {0: 50, 1: 60}
    assert len(state.hand[0]) == 5
    state.apply("end")
    assert len(state.hand[0]) == 6


def test_trade_row_size_and_explorers() -> None:
    state = game([{"trade_row_size": 3}, {"explorers": 4}])
    assert len(state.row) == 3 and len(state.explorers) == 4


def test_card_stat_changes_cost_and_defense() -> None:
    state = game([{"card_stat": {"match": {"card": "fort"}, "cost": -1, "defense": 2}}])
    fort = next(d for d in state.game.designs if d.id == "fort")
    assert fort.cost == 3 and fort.defense == 6 and fort.printed_cost == 4


def test_grant_adds_an_ability_while_that_player_plays_the_card() -> None:
    rules = [{"grant": {"match": {"card": "scout"}, "who": "first",
                        "ability": {"when": "primary", "do": [{"combat": 1}]}}}]
    state = stacked(PACK, rules=rules, seats=[SeatSetup(side="empire"),
                                              SeatSetup(side="federation")])
    state.apply(f"play {state.hand[0][0]}")
    assert state.trade[0] == 1 and state.combat[0] == 1
    state.apply("end")
    state.apply(f"play {state.hand[1][0]}")
    assert state.combat[1] == 0


def test_start_of_turn_effects_from_a_turn() -> None:
    state = game([{"start_of_turn": {"who": "second", "do": [{"authority": 2}], "from_turn": 2}}])
    state.apply("end")
    assert state.authority[1] == 50  # their turn 1
    state.apply("end")
    state.apply("end")
    assert state.authority[1] == 52


def test_start_in_play_and_add_to_deck() -> None:
    state = game([{"start_in_play": {"who": "federation", "card": "beacon"}},
                  {"add_to_deck": {"who": "empire", "cards": {"ship-2": 2}}}])
    assert ids(state, state.bases[1]) == ["beacon"]
    assert ids(state, state.deck[0] + state.hand[0]).count("ship-2") == 2
    assert len(state.deck[0] + state.hand[0]) == 12


def test_forbid_attacking_players_before_a_turn() -> None:
    rules = [{"forbid": {"action": "attack_player", "who": "all", "until_turn": 2}}]
    state = stacked(PACK, hands=(["viper"], []), rules=rules, seats=list(SIDES))
    state.apply(f"play {inst(state, 'viper')}")
    with pytest.raises(IllegalAction, match="forbids attacking players"):
        state.apply("attack 1")


def test_forbid_buying_matching_cards_unless_a_condition_holds() -> None:
    rules = [{"forbid": {"action": "buy", "match": {"type": "base"},
                         "unless": {"count": "bases_in_play", "at_least": 1}}}]
    state = stacked(PACK, rules=rules, row=["fort", "ship-2"],
                    seats=[SeatSetup(side="empire"), SeatSetup(side="federation")])
    state.trade[0] = 10
    legal = {a.notation for a in state.legal_actions()}
    assert f"buy {inst(state, 'ship-2', 'row')}" in legal
    assert f"buy {inst(state, 'fort', 'row')}" not in legal


def test_trigger_on_acquire_with_a_matching_card() -> None:
    rules = [{"trigger": {"on": "acquire", "who": "first", "match": {"faction": "kingdom"},
                          "do": [{"combat": 3}]}}]
    state = stacked(PACK, rules=rules, row=["ship-2"], seats=[SeatSetup(side="empire"),
                                                               SeatSetup(side="federation")])
    state.trade[0] = 2
    state.apply(f"buy {state.row[0]}")
    assert state.combat[0] == 3


def test_victory_rule_wins_at_once_with_reason_scenario() -> None:
    rules = [{"victory": {"who": "first", "cond": {"count": "stat:ships_played_total",
                                                   "at_least": 2}}}]
    state = stacked(PACK, rules=rules, seats=[SeatSetup(side="empire"),
                                              SeatSetup(side="federation")])
    state.apply(f"play {state.hand[0][0]}")
    assert state.outcome is None
    state.apply(f"play {state.hand[0][0]}")
    assert state.outcome.winner == 0 and state.outcome.reason == "scenario"


def test_l21_vp_cards_winner_first_to_and_at_end() -> None:
    state = stacked(PACK, hands=(["viper", "viper", "viper"], []), vp_cards=[
        "s1-victory", "s1-first-blood", "s1-hoarder"], seats=list(SIDES))
    for _ in range(3):
        state.apply(f"play {state.hand[0][0]}")
    state.apply("attack 1")
    assert state.vp_awarded == [("s1-first-blood", 0)]
    state.apply("end")  # seat 0 now has 3 vipers in its discard pile, seat 1 has none
    state.resign(1)
    assert state.outcome.vp_cards == [{"vp": "s1-first-blood", "seat": 0},
                                      {"vp": "s1-victory", "seat": 0},
                                      {"vp": "s1-hoarder", "seat": 0}]


def test_bad_rules_in_a_setup_are_refused() -> None:
    with pytest.raises(PackError, match='rules\\[0\\].forbid.action: unknown action "dance"'):
        game([{"forbid": {"action": "dance"}}])


def test_granted_abilities_and_free_ones_per_seat() -> None:
    """A grant (docs/content-format.md "RULE") adds to a design's abilities for its seat only;
    `free_slots` names the abilities that cost nothing to use (C10 a base's primary, C14 an
    ally, with its faction bit), grants included, and both answer the same every time."""
    rules = [{"grant": {"match": {"card": "fort"}, "who": "first",
                        "ability": {"when": "ally", "faction": "kingdom",
                                    "do": [{"combat": 2}]}}}]
    state = game(rules)
    g = state.game
    fort = g.by_id["fort"]
    first = g.abilities(fort, 0)
    assert len(first) == len(fort.abilities) + 1 and first[-1].when == "ally"
    assert g.abilities(fort, 0) is first
    assert g.abilities(fort, 1) == fort.abilities
    kingdom = g.fbits["kingdom"]
    assert g.free_slots(fort, 0) == ((0, None), (first[-1].index, kingdom))  # primary, ally
    assert g.free_slots(fort, 0) is g.free_slots(fort, 0)
    assert g.free_slots(fort, 1) == fort.free_slots == ((0, None),)
    assert g.free_slots(g.by_id["ship-2"], 0) == ()  # a ship's primary is played, not used
