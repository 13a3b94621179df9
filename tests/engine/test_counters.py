"""COUNTERs, CONDs and AMOUNTs of docs/content-format.md, evaluated on a known position."""

from __future__ import annotations

import pytest

from play.engine import ops

from .packs import card, core_pack, inst, stacked

PACK = core_pack(
    card("fighter", factions=("blob",), primary=[{"combat": 3}]),
    card("wall", type="base", cost=3, defense=4, outpost=True, factions=("machine",)),
    card("tower", type="base", cost=3, defense=3, factions=("blob",)),
    card("cutter", cost=2, factions=("federation",), primary=[{"trade": 2}]),
)


@pytest.fixture
def position():
    """Seat 0, turn 2 (after a reshuffle): played fighter, wall, tower, scout; a viper in hand."""
    state = stacked(PACK, hands=(["fighter", "wall", "tower"], []), decks=(["scout", "viper"], []),
                    row=["cutter", "fighter", "tower"])
    state.apply("end")
    state.apply("end")  # seat 0's second turn: hand fighter, wall, tower, scout, viper
    for cid in ("fighter", "wall", "tower", "scout"):
        state.apply(f"play {inst(state, cid)}")
    return state


@pytest.mark.parametrize("counter, expected", [
    ("ships_played", 2), ("cards_played", 4), ("faction_played:blob", 2),
    ("bases_in_play", 2), ("outposts_in_play", 1), ("faction_in_play:blob", 2),
    ("faction_in_play:machine", 1), ("hand", 1), ("deck", 0), ("discard", 0), ("authority", 50),
    ("opponent_authority", 50), ("trade_row_faction:blob", 2), ("turn", 2),
    ("stat:ships_played_total", 2), ("stat:outpost_turn_starts", 0), ("stat:upgrades", 0),
])
def test_counters(position, counter: str, expected: int) -> None:
    assert ops.count(position, 0, counter, None) == expected


def test_other_ships_played_leaves_out_the_card_using_it(position) -> None:
    fighter = inst(position, "fighter", "ships")
    assert ops.count(position, 0, "other_ships_played", [0, fighter, (), 0, 0]) == 1


def test_amount_per_counter_with_times_and_max(position) -> None:
    assert ops.amount(position, 0, ("per", "cards_played", 2, None), None) == 8
    assert ops.amount(position, 0, ("per", "cards_played", 2, 5), None) == 5
    assert ops.amount(position, 0, 3, None) == 3


def test_conditions_all_any_not(position) -> None:
    two_bases = ("count", "bases_in_play", "at_least", 2)
    big_hand = ("count", "hand", "at_least", 4)
    assert ops.check(position, 0, ("all", (two_bases, ("not", big_hand))), None)
    assert not ops.check(position, 0, ("all", (two_bases, big_hand)), None)
    assert ops.check(position, 0, ("any", (big_hand, two_bases)), None)
    assert ops.check(position, 0, ("count", "hand", "at_most", 1), None)
