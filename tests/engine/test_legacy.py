"""Legacy in-game rules: on-buy (L9), upgrades (L11-L17), sheets (L18), political victory (L19)."""

from __future__ import annotations

import pytest

from play.engine import Action, IllegalAction, SeatSetup

from .packs import card, inst, legacy_pack, sheet, stacked

SHIPS = [card(f"ship-{c}", cost=c, factions=("kingdom",), primary=[{"combat": 1}],
              ally={"empire": [{"trade": 5}]}) for c in range(1, 6)]
BASES = [card(f"base-{c}", type="base", cost=c, defense=3, factions=("kingdom",))
         for c in range(1, 6)]
HERALD = card("herald", cost=2, factions=("consortium",), primary=[{"trade": 1}],
              onbuy=[{"if": {"cond": {"count": "discard", "at_least": 1},
                             "then": [{"combat": 5}]}}])
SCOUT_ROW = card("row-watcher", cost=3, factions=("scavengers",),
                 onbuy=[{"combat": {"per": "trade_row_faction:kingdom"}}])
PACK = legacy_pack(*SHIPS, *BASES, HERALD, SCOUT_ROW, card("empire-ally", cost=9,
                   factions=("empire",)), sheets=[
    sheet("empire-1", "empire", 1),
    sheet("empire-2", "empire", 2, extends=True, ship=[{"trade": 1}]),
    sheet("federation-1", "federation", 1),
])


def _seats(**empire) -> list[SeatSetup]:
    options = dict(side="empire", sheets=["empire-1", "empire-2"], scenario_sheet="empire-1")
    options.update(empire)
    return [SeatSetup(**options), SeatSetup(side="federation", sheets=["federation-1"])]


def _rich(row: list[str], trade: int = 10, **setup):
    """Seat 0 (Empire) has `trade` trade to spend; the trade row is `row`."""
    state = stacked(PACK, row=row, seats=_seats(**setup.pop("seat", {})), **setup)
    state.trade[0] = trade  # the pools are plain numbers; tests set them directly
    return state


def test_l9_on_buy_resolves_after_the_card_reaches_the_discard_pile() -> None:
    state = _rich(["herald"])
    state.apply(f"buy {inst(state, 'herald', 'row')}")
    assert state.combat[0] == 5  # the discard pile was empty before: the herald was in it


def test_l11_upgrade_costs_2_more_for_a_ship_and_3_for_a_base() -> None:
    state = _rich(["ship-2", "base-2"], trade=9)
    state.apply(f"buy {inst(state, 'ship-2', 'row')} up empire-1:2:ship")
    assert state.trade[0] == 5
    state.apply(f"buy {inst(state, 'base-2', 'row')} up empire-2:2:base")
    assert state.trade[0] == 0


def test_l11_upgrade_needs_the_extra_trade_at_the_moment_of_buying() -> None:
    state = _rich(["ship-2"], trade=3)
    ship = inst(state, "ship-2", "row")
    legal = {a.notation for a in state.legal_actions()}
    assert f"buy {ship}" in legal and f"buy {ship} up empire-1:2:ship" not in legal
    with pytest.raises(IllegalAction, match="need 4 trade"):
        state.apply(f"buy {ship} up empire-1:2:ship")


def test_l12_a_card_is_upgraded_once_only() -> None:
    upgraded = {"copy": "ship-2#1", "sticker": "federation-1:2:ship", "side": "federation"}
    state = stacked(PACK, seats=_seats(), trade_deck=[upgraded], trade_deck_order=True)
    state.trade[0] = 10
    with pytest.raises(IllegalAction, match="L12"):
        state.apply(f"buy {state.row[0]} up empire-1:2:ship")


def test_l13_sticker_must_match_printed_cost_and_type_ignoring_cost_changes() -> None:
    state = _rich(["ship-2"], rules=[{"card_stat": {"match": {"card": "ship-2"}, "cost": 1}}])
    ship = inst(state, "ship-2", "row")
    assert state.design[ship].cost == 3
    with pytest.raises(IllegalAction, match="L13"):
        state.apply(f"buy {ship} up empire-1:3:ship")
    with pytest.raises(IllegalAction, match="L13"):
        state.apply(f"buy {ship} up empire-1:2:base")
    state.apply(f"buy {ship} up empire-1:2:ship")
    assert state.trade[0] == 10 - 3 - 2


def test_l14_one_sticker_per_row_across_the_campaign() -> None:
    state = _rich(["ship-2", "base-2", "ship-3"], used_rows=["empire-1:3"])
    state.apply(f"buy {inst(state, 'ship-2', 'row')} up empire-1:2:ship")
    with pytest.raises(IllegalAction, match="L14"):
        state.apply(f"buy {inst(state, 'base-2', 'row')} up empire-1:2:base")
    with pytest.raises(IllegalAction, match="L14"):
        state.apply(f"buy {inst(state, 'ship-3', 'row')} up empire-1:3:ship")


def test_l15_an_and_sticker_extends_the_primary_ability() -> None:
    state = _rich(["ship-2"])
    ship = inst(state, "ship-2", "row")
    state.apply(f"buy {ship} up empire-2:2:ship")
    primaries = [a for a in state.design[ship].abilities if a.when == "primary"]
    assert len(primaries) == 1 and primaries[0].effects == (("combat", 1), ("trade", 1))


def test_l15_a_plain_sticker_adds_an_ability_below() -> None:
    state = _rich(["ship-2"])
    ship = inst(state, "ship-2", "row")
    state.apply(f"buy {ship} up empire-1:2:ship")
    primaries = [a for a in state.design[ship].abilities if a.when == "primary"]
    assert [p.effects for p in primaries] == [(("combat", 1),), (("combat", 1),)]


def test_l16_the_upgraders_side_becomes_a_faction_and_triggers_allies() -> None:
    state = _rich(["ship-2", "ship-3"])
    a = inst(state, "ship-2", "row")
    b = inst(state, "ship-3", "row")
    state.apply(f"buy {a} up empire-1:2:ship")
    assert state.design[a].factions == ("kingdom", "empire")
    # put both in hand to play them now
    for c in (a, b):
        if c in state.row:
            state.row[state.row.index(c)] = -1
        if c in state.discard[0]:
            state.discard[0].remove(c)
        state.hand[0].append(c)
    state.apply(f"play {b}")
    state.apply(f"play {a}")
    ally = next(x.index for x in state.design[b].abilities if x.when == "ally")
    state.apply(f"use {b} {ally}")  # a is an Empire card now (C14 + L16)
    assert state.trade[0] >= 5


def test_l17_order_refill_before_on_buy_and_the_upgrade_drops_on_buy() -> None:
    state = _rich(["row-watcher", "ship-1", "ship-2", "ship-3", "ship-4", "ship-5"])
    watcher = inst(state, "row-watcher", "row")
    state.apply(f"buy {watcher} up empire-1:3:ship")
    assert state.combat[0] == 5  # on-buy counted the refilled row: 5 kingdom ships (step 6, 7)
    assert state.trade[0] == 10 - 3 - 2
    assert state.design[watcher].onbuys == () and watcher in state.discard[0]


def test_l17_free_acquisition_may_be_upgraded_for_the_extra_trade_only() -> None:
    carrier = card("carrier", cost=6, factions=("kingdom",), primary=[{"acquire_free": {}}])
    pack = legacy_pack(*SHIPS, *BASES, carrier, sheets=[sheet("empire-1", "empire", 1)])
    state = stacked(pack, hands=(["carrier"], []), row=["ship-4"],
                    seats=[SeatSetup(side="empire", sheets=["empire-1"]), SeatSetup()])
    state.trade[0] = 2
    state.apply(f"play {inst(state, 'carrier')}")
    ship = inst(state, "ship-4", "row")
    assert f"pick {ship} up empire-1:4:ship" in {a.notation for a in state.legal_actions()}
    state.apply(f"pick {ship} up empire-1:4:ship")
    assert state.trade[0] == 0 and state.design[ship].upgrade == ("empire-1:4:ship", "empire")


def test_l18_a_player_uses_only_their_own_sheets() -> None:
    state = _rich(["ship-2"])
    with pytest.raises(IllegalAction, match="not one of your stickers"):
        state.apply(f"buy {inst(state, 'ship-2', 'row')} up federation-1:2:ship")


def test_only_trade_deck_cards_can_be_upgraded_not_explorers() -> None:
    state = _rich([])
    with pytest.raises(IllegalAction, match="explorers cannot be upgraded"):
        state.apply(Action("buy", -1, -1, "empire-1:2:ship"))


def test_l19_using_all_five_stickers_of_the_scenario_sheet_wins_at_once() -> None:
    state = _rich(["ship-5"], used_rows=["empire-1:1", "empire-1:2", "empire-1:3", "empire-1:4"],
                  vp_cards=["s1-victory"])
    ship = inst(state, "ship-5", "row")
    state.apply(f"buy {ship} up empire-1:5:ship")
    outcome = state.outcome
    assert outcome.winner == 0 and outcome.reason == "political"
    assert outcome.upgrades == [{"seat": 0, "copy": "ship-5#1", "sticker": "empire-1:5:ship",
                                 "side": "empire"}]
    assert outcome.vp_cards == [{"vp": "s1-victory", "seat": 0}]


def test_l19_stickers_of_an_earlier_sheet_do_not_count() -> None:
    state = _rich(["ship-5"], used_rows=["empire-1:1", "empire-1:2", "empire-1:3", "empire-1:4"],
                  seat={"scenario_sheet": "empire-2"})
    state.apply(f"buy {inst(state, 'ship-5', 'row')} up empire-1:5:ship")
    assert state.outcome is None


def test_l10_on_buy_table_rows_resolve_as_written() -> None:
    """L10: the default on-buy rows (may draw then discard; combat; scrap from hand/discard)."""
    pack = legacy_pack(
        card("broker", cost=7, factions=("consortium",),
             onbuy=[{"may": [{"draw": 2}, {"discard": 1}]}]),
        card("warlord", cost=7, factions=("kingdom",), onbuy=[{"combat": 5}]),
        card("picker", cost=7, factions=("scavengers",),
             onbuy=[{"scrap": {"from": "hand_or_discard", "min": 0, "max": 2}}]))
    state = stacked(pack, row=["broker", "warlord", "picker"])
    state.trade[0] = 21
    state.apply(f"buy {inst(state, 'broker', 'row')}")
    state.apply("choose 1")
    assert len(state.hand[0]) == 5
    state.apply(f"pick {state.hand[0][0]}")
    assert len(state.hand[0]) == 4 and state.pending is None
    state.apply(f"buy {inst(state, 'warlord', 'row')}")
    assert state.combat[0] == 5
    picker = inst(state, "picker", "row")
    state.apply(f"buy {picker}")
    state.apply(f"pick {picker}")  # it is in the discard pile already (L9): it may scrap itself
    state.apply("done")
    assert picker in state.heap


def test_l18_a_seat_cannot_hold_the_other_sides_sheet() -> None:
    from play.engine import SetupError

    with pytest.raises(SetupError, match="other side"):
        stacked(PACK, seats=[SeatSetup(side="empire", sheets=["federation-1"]), SeatSetup()])


def test_l19_progress_counts_the_sheets_rows_from_earlier_games_and_this_one() -> None:
    """L19: `political_progress` counts the used rows of the seat's scenario sheet (read from
    the sheet's rows the game knows, not by splitting every used row's id); rows of the
    seat's other sheet and of the other side's do not count."""
    from play.engine import ops

    state = _rich(["ship-5"], used_rows=["empire-1:1", "empire-2:1", "empire-2:2",
                                         "federation-1:3"])
    assert ops.political_progress(state, 0) == 1 and ops.political_progress(state, 1) == 0
    assert state.game.sheet_rows[0] == tuple(f"empire-1:{n}" for n in range(1, 6))
    state.apply(f"buy {inst(state, 'ship-5', 'row')} up empire-1:5:ship")
    assert ops.political_progress(state, 0) == 2
    by_prefix = sum(1 for row in state.rows_used if row.rsplit(":", 1)[0] == "empire-1")
    assert by_prefix == 2


def test_l12_the_same_upgrade_gives_the_same_design_object() -> None:
    """L12, L15: an upgraded design is made once per card design, sticker and side, so the
    bots' per-design figures (kept per object) are found again in every sampled world."""
    from play.engine.setup import upgraded_design

    state = _rich(["ship-2"])
    game = state.game
    ship = game.by_id["ship-2"]
    first = upgraded_design(game, ship, "empire-1:2:ship", "empire")
    assert upgraded_design(game, ship, "empire-1:2:ship", "empire") is first
    assert first.upgrade == ("empire-1:2:ship", "empire") and "empire" in first.factions
    other = upgraded_design(game, ship, "empire-2:2:ship", "empire")
    assert other is not first and other.upgrade == ("empire-2:2:ship", "empire")
    row_card = inst(state, "ship-2", "row")
    state.apply(f"buy {row_card} up empire-1:2:ship")
    assert state.design[row_card] is first
