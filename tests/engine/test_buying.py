"""Buying, the trade row and the explorer pile: C4, C5, C17."""

from __future__ import annotations

import pytest

from play.engine import IllegalAction

from .packs import card, core_pack, inst, stacked

PACK = core_pack(card("cutter", cost=2, factions=("federation",), primary=[{"trade": 2}]),
                 card("gem", cost=3, factions=("machine",), primary=[{"trade": 3}]))


def _with_trade(n: int, row: list[str]):
    hand = ["explorer"] * (n // 2) + ["scout"] * (n % 2)
    state = stacked(PACK, hands=(hand + ["viper"] * (3 - len(hand)), []), row=row)
    while state.hand[0]:
        state.apply(f"play {state.hand[0][0]}")
    return state


def test_c17_bought_card_goes_to_the_discard_pile_and_costs_its_price() -> None:
    state = _with_trade(3, ["cutter", "gem"])
    cutter = inst(state, "cutter", "row")
    state.apply(f"buy {cutter}")
    assert state.discard[0] == [cutter] and state.trade[0] == 1
    assert cutter not in state.hand[0] + state.ships[0]  # C17: buying does not play it


def test_c17_cannot_buy_without_enough_trade() -> None:
    state = _with_trade(2, ["gem"])
    with pytest.raises(IllegalAction, match="need 3 trade and have 2"):
        state.apply(f"buy {inst(state, 'gem', 'row')}")
    assert state.trade[0] == 2


def test_c5_the_row_refills_from_the_trade_deck_at_once() -> None:
    state = _with_trade(2, ["cutter", "gem", "gem", "gem", "gem", "cutter"])
    slot0 = state.row[0]
    state.apply(f"buy {slot0}")
    assert state.design[state.row[0]].id == "cutter" and state.row[0] != slot0


def test_c5_when_the_trade_deck_runs_dry_the_slot_stays_empty_and_play_goes_on() -> None:
    state = _with_trade(2, ["cutter"])
    state.apply(f"buy {state.row[0]}")
    assert state.row[0] == -1 and state.view(0)["trade_row"][0] is None
    state.apply("end")
    assert state.active == 1


def test_c4_explorers_are_always_buyable_for_2() -> None:
    state = _with_trade(4, [])
    state.apply("buy explorer")
    state.apply("buy explorer")
    assert len(state.explorers) == 8 and state.trade[0] == 0
    assert [state.design[c].id for c in state.discard[0]] == ["explorer", "explorer"]
