"""Ally, scrap, choice and static abilities: C13-C16, C24, and the effect vocabulary."""

from __future__ import annotations

import pytest

from play.engine import IllegalAction

from .packs import card, core_pack, ids, inst, stacked

PACK = core_pack(
    card("fighter", factions=("blob",), primary=[{"combat": 3}], ally={"blob": [{"draw": 1}]}),
    card("wheel", type="base", cost=3, defense=5, factions=("blob",), primary=[{"combat": 1}]),
    card("hybrid", factions=("blob", "empire"), primary=[{"trade": 1}]),
    card("trooper", factions=("empire",), primary=[{"combat": 2}],
         ally={"empire": [{"opponent_discards": 1}]}),
    card("barter", factions=("federation",),
         primary=[{"choose": [[{"trade": 2}], [{"authority": 2}], []]}]),
    card("salvager", factions=("machine",), primary=[{"trade": 1}],
         ally={"machine": [{"combat": 2}]}, scrap=[{"combat": 5}]),
    card("mech-world", type="base", cost=5, defense=6, factions=("machine",),
         static=[{"ally_for_all": True}]),
    card("fleet-hq", type="base", cost=8, defense=8, static=[{"on_play": {
        "match": {"type": "ship"}, "do": [{"combat": 1}]}}]),
    card("bastion", type="base", cost=4, defense=5, static=[{"defense": 2}]),
    card("recycler", type="base", cost=4, defense=4, factions=("machine",),
         primary=[{"discard": {"min": 0, "max": 2}}, {"draw": {"per": "last_count"}}]),
    card("brood", factions=("blob",), primary=[{"combat": {"per": "faction_played:blob"}}]),
    card("yacht", factions=("federation",), primary=[{"if": {
        "cond": {"count": "bases_in_play", "at_least": 2}, "then": [{"draw": 2}],
        "else": [{"trade": 1}]}}]),
    card("carrier", cost=6, factions=("blob",),
         primary=[{"acquire_free": {"type": "ship", "to": "deck_top"}}]),
    card("needle", cost=4, factions=("machine",), primary=[{"copy_ship": True}]),
    card("freighter", cost=4, factions=("federation",), primary=[{"trade": 4}],
         ally={"federation": [{"next_acquire": {"type": "ship", "to": "deck_top"}}]}),
    card("lancer", cost=2, factions=("empire",), primary=[{"discount": {"n": 2}}]),
    card("purger", primary=[{"purge_trade_row": "cheapest"}]),
    card("hauler", primary=[{"may": [{"recycle": {"from": "discard", "to": "hand"}}]}]),
)


def _use(state, cid: str, when: str, seat: int = 0) -> None:
    c = next(c for c in state.ships[seat] + state.bases[seat] if state.design[c].id == cid)
    index = next(a.index for a in state.design[c].abilities if a.when == when)
    state.apply(f"use {c} {index}")


def test_c14_ally_needs_another_card_of_that_faction() -> None:
    state = stacked(PACK, hands=(["fighter", "scout", "scout"], []))
    f = inst(state, "fighter")
    state.apply(f"play {f}")
    with pytest.raises(IllegalAction, match="C14"):
        state.apply(f"use {f} 1")


def test_c14_order_of_play_does_not_matter_and_bases_count() -> None:
    state = stacked(PACK, hands=(["fighter", "wheel", "scout"], []))
    state.apply(f"play {inst(state, 'fighter')}")
    state.apply(f"play {inst(state, 'wheel')}")
    _use(state, "fighter", "ally")
    assert len(state.hand[0]) == 2  # scout + the drawn card


def test_c14_two_faction_card_counts_as_both_but_only_the_icon_matters() -> None:
    state = stacked(PACK, hands=(["trooper", "hybrid", "fighter"], []))
    for cid in ("trooper", "hybrid", "fighter"):
        state.apply(f"play {inst(state, cid)}")
    _use(state, "fighter", "ally")  # hybrid is blob
    _use(state, "trooper", "ally")  # hybrid is empire too: opponent must discard (C23)
    assert state.decider == 1


def test_c15_scrap_ability_in_addition_to_primary_and_ally() -> None:
    state = stacked(PACK, hands=(["salvager", "salvager", "scout"], []))
    a, b = [c for c in state.hand[0] if state.design[c].id == "salvager"]
    state.apply(f"play {a}")
    state.apply(f"play {b}")
    state.apply(f"use {a} 1")  # ally: +2 combat
    state.apply(f"use {a} 2")  # scrap: +5 combat, the card goes to the scrap heap
    assert state.combat[0] == 7 and state.trade[0] == 2
    assert a in state.heap and a not in state.ships[0]


def test_c4_scrapped_explorer_returns_to_the_explorer_pile() -> None:
    state = stacked(PACK, hands=(["explorer"], []))
    explorer = inst(state, "explorer")
    state.apply(f"play {explorer}")
    state.apply(f"use {explorer} 1")
    assert state.trade[0] == 2 and state.combat[0] == 2
    assert explorer in state.explorers and explorer not in state.heap
    assert state.view(0)["explorers"] == 11


def test_c13_or_ability_the_player_picks_one_branch() -> None:
    state = stacked(PACK, hands=(["barter"], []))
    state.apply(f"play {inst(state, 'barter')}")
    assert state.pending.kind == "choose"
    assert [a.notation for a in state.legal_actions()] == ["choose 0", "choose 1", "choose 2"]
    state.apply("choose 1")
    assert state.authority[0] == 52 and state.trade[0] == 0


def test_c16_scrap_from_hand_does_not_trigger_its_scrap_ability() -> None:
    pack = core_pack(card("cleaner", primary=[{"scrap": {"from": "hand", "max": 1}}]),
                     card("salvager", scrap=[{"combat": 5}]))
    state = stacked(pack, hands=(["cleaner", "salvager"], []))
    state.apply(f"play {inst(state, 'cleaner')}")
    target = inst(state, "salvager")
    state.apply(f"pick {target}")
    assert target in state.heap and state.combat[0] == 0


def test_c16_scrap_from_trade_row_refills_at_once() -> None:
    pack = core_pack(card("destroyer", primary=[{"scrap": {"from": "trade_row", "max": 1}}]))
    state = stacked(pack, hands=(["destroyer"], []), row=["destroyer"] * 5)
    state.apply(f"play {inst(state, 'destroyer')}")
    target = state.row[2]
    state.apply(f"pick {target}")
    assert target in state.heap and state.row[2] == -1  # the trade deck is dry: slot stays empty


def test_c24_ally_for_all_static() -> None:
    state = stacked(PACK, hands=(["fighter", "mech-world", "scout"], []))
    state.apply(f"play {inst(state, 'mech-world')}")
    state.apply(f"play {inst(state, 'fighter')}")
    _use(state, "fighter", "ally")


def test_c24_on_play_static_fleet_hq() -> None:
    state = stacked(PACK, hands=(["fleet-hq", "scout", "viper"], []))
    state.apply(f"play {inst(state, 'fleet-hq')}")
    state.apply(f"play {inst(state, 'scout')}")
    state.apply(f"play {inst(state, 'viper')}")
    assert state.combat[0] == 1 + 2 and state.trade[0] == 1


def test_c24_defense_static_raises_your_bases() -> None:
    state = stacked(PACK, hands=(["bastion", "wheel", "scout"], []))
    state.apply(f"play {inst(state, 'bastion')}")
    state.apply(f"play {inst(state, 'wheel')}")
    defenses = {b["card"]: b["defense"] for b in state.view(1)["players"][0]["bases"]}
    assert defenses == {"bastion": 7, "wheel": 7}


def test_discard_up_to_two_then_draw_that_many_uses_last_count() -> None:
    state = stacked(PACK, hands=(["recycler", "viper", "viper"], []))
    base = inst(state, "recycler")
    state.apply(f"play {base}")
    state.apply(f"use {base} 0")
    state.apply(f"pick {state.hand[0][0]}")
    state.apply(f"pick {state.hand[0][0]}")  # max reached: the decision closes itself
    assert ids(state, state.hand[0]) == ["scout", "scout"]


def test_per_counter_counts_this_card_for_faction_played() -> None:
    state = stacked(PACK, hands=(["fighter", "brood", "scout"], []))
    state.apply(f"play {inst(state, 'fighter')}")
    state.apply(f"play {inst(state, 'brood')}")
    assert state.combat[0] == 3 + 2


def test_conditional_effect_on_bases_in_play() -> None:
    state = stacked(PACK, hands=(["yacht", "wheel", "bastion"], []))
    state.apply(f"play {inst(state, 'wheel')}")
    state.apply(f"play {inst(state, 'bastion')}")
    state.apply(f"play {inst(state, 'yacht')}")
    assert len(state.hand[0]) == 2 and state.trade[0] == 0


def test_c17_acquire_free_to_top_of_deck_blob_carrier() -> None:
    state = stacked(PACK, hands=(["carrier"], []), row=["wheel", "fighter", "needle"])
    state.apply(f"play {inst(state, 'carrier')}")
    assert state.pending.kind == "acquire_free"
    options = {state.design[c].id for c in state.pending.options}
    assert options == {"fighter", "needle"}  # ships only
    target = inst(state, "needle", "row")
    state.apply(f"pick {target}")
    assert state.deck[0][-1] == target and state.trade[0] == 0


def test_copy_ship_gains_the_abilities_and_factions_for_the_turn() -> None:
    state = stacked(PACK, hands=(["fighter", "needle", "scout"], []))
    state.apply(f"play {inst(state, 'fighter')}")
    needle = inst(state, "needle")
    state.apply(f"play {needle}")
    state.apply(f"pick {inst(state, 'fighter', 'ships')}")
    assert state.combat[0] == 6
    assert "blob" in state.design[needle].factions
    ally = next(a.index for a in state.design[needle].abilities if a.when == "ally")
    state.apply(f"use {needle} {ally}")  # the fighter is another blob card
    state.apply("end")
    assert state.design[needle].factions == ("machine",)


def test_next_acquire_lets_the_player_put_a_ship_on_top_of_the_deck() -> None:
    state = stacked(PACK, hands=(["freighter", "freighter", "scout"], []), row=["fighter"] * 5)
    a, b = [c for c in state.hand[0] if state.design[c].id == "freighter"]
    state.apply(f"play {a}")
    state.apply(f"play {b}")
    state.apply(f"use {a} 1")
    bought = state.row[0]
    state.apply(f"buy {bought}")
    assert state.pending.kind == "destination"
    state.apply("choose 1")
    assert state.deck[0][-1] == bought


def test_discount_makes_the_next_card_cheaper() -> None:
    state = stacked(PACK, hands=(["lancer"], []), row=["needle"] * 5)
    state.apply(f"play {inst(state, 'lancer')}")
    state.apply("play " + str(state.hand[0][0]))
    state.apply("play " + str(state.hand[0][0]))
    state.apply(f"buy {state.row[0]}")  # 4 - 2 = 2 trade
    assert state.trade[0] == 0 and state.discounts == []


def test_purge_trade_row_scraps_the_cheapest_card() -> None:
    state = stacked(PACK, hands=(["purger"], []), row=["needle", "wheel", "fighter", "carrier"])
    state.apply(f"play {inst(state, 'purger')}")
    assert ids(state, state.heap) == ["fighter"] and state.row[2] == -1


def test_may_is_optional_and_recycle_moves_from_discard() -> None:
    state = stacked(PACK, hands=(["hauler"], []))
    state.discard[0].append(state.hand[0].pop())  # a scout in the discard pile
    state.apply(f"play {inst(state, 'hauler')}")
    assert state.pending.kind == "may"
    state.apply("choose 1")
    state.apply(f"pick {state.discard[0][0]}")
    assert ids(state, state.hand[0]) == ["scout", "scout"]
