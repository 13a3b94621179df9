"""Scenario setups built from a campaign snapshot (play/engine/legacy.py), rules L4-L23."""

from __future__ import annotations

import doctest

import pytest

from play.engine import Outcome, SetupError, apply, legacy, load_pack, new_game
from play.engine.bots.random_bot import RandomBot
from play.engine.legacy import (
    CampaignSnapshot,
    apply_outcome,
    next_snapshot,
    plain_setup,
    scenario_setup,
)
from tests.engine.packs import TEXT, card, keys_reversed, legacy_dict, sheet

SIDES = ("empire", "federation")


def _scenario(number: int, empire_rules: list | None = None, federation_rules: list | None = None,
              choices: list | None = None) -> dict:
    return {"number": number, "title": TEXT, "story": TEXT,
            "sides": {"empire": {"text": TEXT, "rules": empire_rules or [], "choices": choices or []},
                      "federation": {"text": TEXT, "rules": federation_rules or [],
                                     "choices": choices or []}},
            "vp_cards": [f"s{number}-victory"], "political_victory": number <= 4}


CHOICE = {"id": "tribute", "prompt": TEXT, "options": [
    {"id": "gold", "label": TEXT, "rules": [{"starting_authority": {"who": "first", "n": 60}}],
     "lasting_rules": [{"hand_size": {"who": "second", "n": 6}}], "reminder": TEXT},
    {"id": "ships", "label": TEXT, "rules": [], "lasting_rules": []}]}


@pytest.fixture(scope="module")
def pack():
    """A legacy pack: 4 sheets per side, scenario 2 with a choice, scenario 3 with two card sides."""
    trade = _trade_cards()
    scenarios = [_scenario(n) for n in range(1, 13)]
    scenarios[1] = _scenario(2, choices=[CHOICE])
    scenarios[2] = _scenario(3, empire_rules=[{"trade_row_size": 4}],
                             federation_rules=[{"trade_row_size": 6}])
    sheets = [sheet(f"{side}-{n}", side, n) for side in SIDES for n in (1, 2, 3, 4)]
    return load_pack(legacy_dict(*trade, sheets=sheets, scenarios=scenarios))


def _trade_cards() -> list[dict]:
    ships = [card(f"ship-{c}", cost=c, quantity=3, primary=[{"combat": c}]) for c in range(1, 6)]
    return ships + [card(f"base-{c}", type="base", cost=c, quantity=2, primary=[{"trade": 1}])
                    for c in range(1, 6)]


def snap(first: str = "empire", **kwargs) -> CampaignSnapshot:
    return CampaignSnapshot(sides=("empire", "federation"), first_side=first, **kwargs)


def test_doctests_run():
    """The module's docstring examples (what the campaign app copies) stay true."""
    assert doctest.testmod(legacy).failed == 0


def test_l5_first_side_plays_first_seats_keep_their_order(pack):
    """L5: the first side's seat is `first`; seat numbers stay the snapshot's."""
    setup = scenario_setup(pack, snap("federation", choices={2: {"tribute": "ships"}}), 2)
    assert setup.first == 1
    assert [s.side for s in setup.seats] == ["empire", "federation"]
    assert new_game(setup).decider == 1


def test_l5_empire_first_in_scenario_1(pack):
    """L5: in scenario 1 the Star Empire plays first; anything else is refused."""
    assert scenario_setup(pack, snap("empire"), 1).first == 0
    with pytest.raises(SetupError, match="L5"):
        scenario_setup(pack, snap("federation"), 1)
    assert scenario_setup(pack, snap("federation"), 1, check_first=False).first == 1


def test_l6_the_first_players_card_side_is_used(pack):
    """L6: scenario 3's Empire side has a 4-slot row, its Federation side 6 slots."""
    assert scenario_setup(pack, snap("empire"), 3).rules == [{"trade_row_size": 4}]
    fed = scenario_setup(pack, snap("federation"), 3)
    assert fed.rules == [{"trade_row_size": 6}]
    assert len(new_game(fed).row) == 6


def test_l6_choice_rules_this_game_and_lasting_rules_pinned(pack):
    """L6: the option's rules apply now; its lasting rule ("second") stays with that side."""
    now = scenario_setup(pack, snap("federation", choices={2: {"tribute": "gold"}}), 2)
    assert {"starting_authority": {"who": "first", "n": 60}} in now.rules
    assert {"hand_size": {"who": "empire", "n": 6}} in now.rules
    later = scenario_setup(pack, snap("empire", choices={2: {"tribute": "gold"}},
                                      first_sides={2: "federation"}), 5)
    assert later.rules == [{"hand_size": {"who": "empire", "n": 6}}]
    assert new_game(later).game.hand_size == [6, 5]


def test_l6_missing_or_unknown_choice_is_refused(pack):
    with pytest.raises(SetupError, match="not chosen"):
        scenario_setup(pack, snap(), 2)
    with pytest.raises(SetupError, match="no option 'silver'"):
        scenario_setup(pack, snap(choices={2: {"tribute": "silver"}}), 2)


def test_l7_personal_decks_are_the_sides_decks(pack):
    """L7: each seat starts with its side's personal deck, whoever plays first."""
    state = new_game(scenario_setup(pack, snap("federation"), 4))
    for seat, starter in ((0, "imperial-fighter"), (1, "federation-shuttle")):
        cards = [state.design[c].id for c in state.deck[seat] + state.hand[seat]]
        assert sorted(cards) == sorted(["scout"] * 8 + ["viper", starter])


DRILL = {"id": "drill", "prompt": TEXT, "options": [
    {"id": "on", "label": TEXT, "rules": [{"add_to_deck": {"who": "first", "cards": {"ship-2": 1}}}],
     "lasting_rules": []}]}
SUPPLIES = {"id": "supplies", "prompt": TEXT, "options": [
    {"id": "on", "label": TEXT,
     "rules": [{"add_to_deck": {"who": "first", "cards": {"ship-1": 1, "base-3": 2}}}],
     "lasting_rules": []}]}


def test_l6_l7_the_deal_does_not_depend_on_the_order_of_stored_mappings():
    """L6, L7: choices, decks and cards to add are stored as mappings, and a database may give
    them back with their keys re-sorted (PostgreSQL's jsonb does): the same seed deals the same
    cards whatever the keys' order."""
    scenarios = [_scenario(n) for n in range(1, 13)]
    scenarios[1] = _scenario(2, choices=[DRILL, SUPPLIES])
    raw = legacy_dict(*_trade_cards(), scenarios=scenarios,
                      sheets=[sheet(f"{side}-{n}", side, n) for side in SIDES for n in (1, 2)])
    backwards = load_pack(keys_reversed(raw))
    chosen = {"drill": "on", "supplies": "on"}
    games = [new_game(scenario_setup(one_pack, snap(choices={2: picks}), 2, seed=3))
             for one_pack, picks in ((load_pack(raw), chosen),
                                     (backwards, dict(reversed(chosen.items()))))]
    dealt = [[[game.design[c].id for c in game.deck[seat] + game.hand[seat]] for seat in (0, 1)]
             for game in games]
    assert dealt[0] == dealt[1]
    assert sorted(dealt[0][0]).count("base-3") == 2  # the cards added by both choices are there


def test_l14_used_rows_come_from_upgrades_and_cannot_repeat(pack):
    """L14: the rows of earlier upgrades are used; a row used twice is refused."""
    ups = [{"copy": "ship-3#1", "sticker": "empire-1:3:ship", "side": "empire"},
           {"copy": "base-2#1", "sticker": "federation-2:2:base", "side": "federation"}]
    setup = scenario_setup(pack, snap(upgrades=ups), 5)
    assert setup.used_rows == ["empire-1:3", "federation-2:2"]
    ups.append({"copy": "base-3#1", "sticker": "empire-1:3:base", "side": "empire"})
    with pytest.raises(SetupError, match="L14"):
        scenario_setup(pack, snap(upgrades=ups), 5)


def test_l18_opened_sheets_are_those_of_scenarios_up_to_n(pack):
    """L18: scenario 3 opens sheets 1-3 of each side; from scenario 4 on, all four."""
    setup = scenario_setup(pack, snap(), 3)
    assert setup.seats[0].sheets == ["empire-1", "empire-2", "empire-3"]
    assert setup.seats[1].sheets == ["federation-1", "federation-2", "federation-3"]
    assert len(scenario_setup(pack, snap(), 9).seats[1].sheets) == 4


def test_l19_scenario_sheet_only_in_scenarios_1_to_4(pack):
    """L19: the political-victory sheet is that scenario's own sheet, and only in 1-4."""
    setup = scenario_setup(pack, snap(choices={2: {"tribute": "ships"}}), 2)
    assert [s.scenario_sheet for s in setup.seats] == ["empire-2", "federation-2"]
    assert [s.scenario_sheet for s in scenario_setup(pack, snap(), 5).seats] == [None, None]


def test_l20_upgraded_copies_return_to_the_trade_deck(pack):
    """L20/L23: all copies are in the trade deck; an upgraded one keeps its sticker and side."""
    ups = [{"copy": "ship-3#2", "sticker": "federation-1:3:ship", "side": "federation"}]
    setup = scenario_setup(pack, snap(upgrades=ups), 6)
    assert len(setup.trade_deck) == len(pack.trade_copies())
    assert ups[0] in setup.trade_deck and "ship-3#1" in setup.trade_deck
    state = new_game(setup)
    upgraded = [d for d in state.design if d.upgrade]
    assert [(d.id, d.upgrade) for d in upgraded] == [("ship-3", ("federation-1:3:ship",
                                                                 "federation"))]
    assert "federation" in upgraded[0].factions


def test_l20_bad_upgrade_is_refused_with_its_copy_named(pack):
    with pytest.raises(SetupError, match="nope#1"):
        scenario_setup(pack, snap(upgrades=[{"copy": "nope#1", "sticker": "empire-1:1:ship",
                                             "side": "empire"}]), 5)
    twice = [{"copy": "ship-1#1", "sticker": "empire-1:1:ship", "side": "empire"},
             {"copy": "ship-1#1", "sticker": "empire-2:1:ship", "side": "empire"}]
    with pytest.raises(SetupError, match="L12"):
        scenario_setup(pack, snap(upgrades=twice), 5)


def test_l4_vp_cards_and_l8_twenty_explorers(pack):
    """L4b: the scenario's VP cards are in play; L8: 20 explorers."""
    setup = scenario_setup(pack, snap(), 7)
    assert setup.vp_cards == ["s7-victory"] and setup.explorers == 20
    assert len(new_game(setup).explorers) == 20


def test_plain_setup_drops_the_scenario_but_keeps_campaign_state(pack):
    """The balance baseline: same decks, sheets and earlier lasting rules; no scenario card."""
    ups = [{"copy": "ship-3#2", "sticker": "federation-1:3:ship", "side": "federation"}]
    setup = plain_setup(pack, snap("empire", upgrades=ups, choices={2: {"tribute": "gold"}},
                                   first_sides={2: "federation"}), 3)
    assert setup.rules == [{"hand_size": {"who": "empire", "n": 6}}]
    assert (setup.vp_cards, setup.first) == ([], 0)
    assert setup.seats[0].scenario_sheet is None and len(setup.seats[0].sheets) == 3
    assert ups[0] in setup.trade_deck
    own_choice = plain_setup(pack, snap("federation", choices={2: {"tribute": "gold"}}), 2)
    assert own_choice.rules == []


def test_l21_apply_outcome_maps_seats_to_sides_and_l5_winner_goes_first():
    """L21: the winner's VP card goes to its side; L5: the winner plays first next."""
    snapshot = snap("empire", upgrades=[{"copy": "a#1", "sticker": "empire-1:1:ship",
                                         "side": "empire"}])
    out = Outcome(winner=1, winning_team=1, reason="political",
                  upgrades=[{"seat": 0, "copy": "b#1", "sticker": "empire-2:2:ship", "side": "empire"}],
                  vp_cards=[{"vp": "s2-victory", "seat": 1}, {"vp": "s2-extra", "seat": 0}], turns=20)
    record = apply_outcome(snapshot, out, 2)
    assert (record.winner, record.how) == ("federation", "political")
    assert record.vp_cards == {"empire": ["s2-extra"], "federation": ["s2-victory"]}
    following = next_snapshot(snapshot, record)
    assert following.first_side == "federation" and following.first_sides == {2: "empire"}
    assert [u["copy"] for u in following.upgrades] == ["a#1", "b#1"]


def test_a_bot_game_from_a_scenario_setup_feeds_the_next_one(pack):
    """A whole scenario played by bots: its upgrades become the next scenario's trade deck."""
    snapshot = snap()
    for number in (1, 2):
        if number == 2:
            snapshot.choices[2] = {"tribute": "ships"}
        state = new_game(scenario_setup(pack, snapshot, number, seed=number))
        bots = [RandomBot(1), RandomBot(2)]
        while state.outcome is None:
            apply(state, bots[state.decider].choose(state, state.decider))
        record = apply_outcome(snapshot, state.outcome, number)
        assert record.winner in SIDES and f"s{number}-victory" in record.vp_cards[record.winner]
        snapshot = next_snapshot(snapshot, record)
    setup = scenario_setup(pack, snapshot, 3)
    assert sum(isinstance(c, dict) for c in setup.trade_deck) == len(snapshot.upgrades)
