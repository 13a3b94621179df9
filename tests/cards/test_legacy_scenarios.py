"""The default campaign's scenarios (fixtures/packs/legacy-default.json) acting in real games.

One test per scenario: each builds a stacked game through the engine facade with that scenario
card's rules (the side of the first player, L6, plus the options the first player chose), then
plays a few actions and checks what a player at the table would notice. A few data tests first
keep the pack's structure honest (L4, L7, L8, L10, L13, L26). No database is needed.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from play.engine import (
    GameSetup,
    GameState,
    IllegalAction,
    SeatSetup,
    apply,
    legal_actions,
    load_pack,
    new_game,
    view,
)

PACK_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "packs" / "legacy-default.json"
RAW: dict[str, Any] = json.loads(PACK_PATH.read_text(encoding="utf-8"))
PACK = load_pack(RAW, PACK_PATH.name)
SCENARIOS = {s["number"]: s for s in RAW["scenarios"]}
CARDS = {c["id"]: c for c in RAW["cards"]}
PERSONAL_DECKS = {s["id"]: s["personal_deck"] for s in RAW["sides"]}

EMPIRE, FEDERATION = 0, 1  # seats: the first player sits in seat 0 in every test
# A trade deck stacked so the row (top card first) is known: two Consortium cards, a Scavenger
# base, a Kingdom outpost and cheap Kingdom ships behind them.
ROW = ["kingdom-knight-lancer#1", "consortium-dividend-barge#1", "scavengers-chop-shop#1",
       "kingdom-picket-tower#1", "consortium-treasury-skiff#1", "kingdom-knight-lancer#2",
       "kingdom-knight-lancer#3", "kingdom-guard-frigate#1", "kingdom-guard-frigate#2"]


# A Knight Lancer copy the Federation upgraded in an earlier game (L20: it is back in the deck).
UPGRADED_LANCER = {"copy": "kingdom-knight-lancer#1", "sticker": "federation-1:2:ship",
                   "side": "federation"}


# -- helpers ---------------------------------------------------------------------------------------

def scenario_rules(number: int, side: str, options: dict[str, str] | None = None) -> list[dict]:
    """Return the RULEs of one side of a scenario card plus the chosen options' rules (L6)."""
    card = SCENARIOS[number]["sides"][side]
    rules = list(card["rules"])
    chosen = options or {}
    for choice in card["choices"]:
        for option in choice["options"]:
            if chosen.get(choice["id"]) == option["id"]:
                rules += option["rules"]
    return rules


def start(number: int, first: str = "empire", options: dict[str, str] | None = None,
          decks: tuple[list[str] | None, list[str] | None] = (None, None),
          row: list[str] | None = None, extra_rules: tuple[dict, ...] = ()) -> GameState:
    """Start a stacked game of scenario `number`; `first` is the first player's side (seat 0).

    Without `decks`, both players draw only scouts first (3 and 5, C3), so hands are known.
    """
    second = "federation" if first == "empire" else "empire"
    first_deck = decks[0] or side_deck(first, "scout", "scout", "scout")
    second_deck = decks[1] or side_deck(second, *["scout"] * 5)
    seats = [SeatSetup(side=first, deck_order=first_deck),
             SeatSetup(side=second, deck_order=second_deck)]
    rules = scenario_rules(number, first, options) + list(extra_rules)
    return new_game(GameSetup(pack=PACK, seats=seats, trade_deck=row or ROW, trade_deck_order=True,
                              rules=rules, seed=7))


def side_deck(side: str, *on_top: str) -> list[str]:
    """Return a side's L7 personal deck in a fixed order, with `on_top` cards drawn first."""
    cards = [cid for cid, k in PERSONAL_DECKS[side].items() for _ in range(k)]
    for cid in on_top:
        cards.remove(cid)
    return list(on_top) + cards


def me(state: GameState, seat: int) -> dict[str, Any]:
    """Return what `seat` sees of itself (authority, pools, bases, hand and deck sizes)."""
    return view(state, seat)["players"][seat]


def play_hand(state: GameState) -> None:
    """Play every card in the active player's hand (no card used here asks a question)."""
    seat = state.active
    while state.pending is None and state.active == seat:
        plays = [a for a in legal_actions(state) if a.kind == "play"]
        if not plays:
            return
        apply(state, plays[0])


def row_card(state: GameState, card_id: str) -> dict[str, Any]:
    """Return the trade-row face of the first card with that design id."""
    return next(c for c in view(state, state.active)["trade_row"] if c and c["card"] == card_id)


def legal(state: GameState) -> list[str]:
    """Return the notations of the decider's legal actions."""
    return [a.notation for a in legal_actions(state)]


# -- the pack's structure --------------------------------------------------------------------------

def test_l8_trade_deck_is_sixty_cards_twenty_per_faction() -> None:
    """L8: 60 trade cards, 20 per faction, costs 1 to 8; 20 explorers."""
    per_faction = Counter()
    for card in RAW["cards"]:
        if card["role"] == "trade":
            per_faction[card["factions"][0]] += card["quantity"]
            assert 1 <= card["cost"] <= 8
    assert per_faction == {"consortium": 20, "kingdom": 20, "scavengers": 20}
    assert len(PACK.trade_copies()) == 60
    assert CARDS["explorer"]["quantity"] == 20


def test_l7_personal_decks_hold_the_sides_starting_cards() -> None:
    """L7: 8 scouts, 1 viper and the side's two starting cards, of that side's faction."""
    decks = PERSONAL_DECKS
    assert decks["empire"] == {"scout": 8, "viper": 1, "imperial-fighter": 1, "smuggler": 1}
    assert decks["federation"] == {"scout": 8, "viper": 1, "federation-shuttle": 1,
                                   "star-police": 1}
    for side, deck in decks.items():
        starters = [cid for cid in deck if CARDS[cid]["role"] == "starter"]
        assert all(CARDS[cid]["factions"] == [side] for cid in starters)


L10_TABLE = {  # faction -> the on-buy effects for cost 1-4, 5-6, 7-8 (docs/rules.md L10)
    "consortium": [[{"may": [{"draw": 1}, {"discard": 1}]}], [{"may": [{"draw": 1}]}],
                   [{"may": [{"draw": 2}, {"discard": 1}]}]],
    "kingdom": [[{"combat": 2}], [{"combat": 3}], [{"combat": 5}]],
    "scavengers": [[{"scrap": {"from": "hand", "min": 0, "max": 1}}],
                   [{"scrap": {"from": "hand_or_discard", "min": 0, "max": 1}}],
                   [{"scrap": {"from": "hand_or_discard", "min": 0, "max": 2}}]],
}


def test_l10_every_on_buy_ability_follows_the_table() -> None:
    """L10: an on-buy ability is exactly the table's one for the card's faction and cost band."""
    checked = 0
    for card in RAW["cards"]:
        for ability in card["abilities"]:
            if ability["when"] == "onbuy":
                band = 0 if card["cost"] <= 4 else (1 if card["cost"] <= 6 else 2)
                assert ability["do"] == L10_TABLE[card["factions"][0]][band], card["id"]
                checked += 1
    assert checked >= 15  # "many cards with on-buy abilities"


def test_l13_every_sticker_row_cost_has_a_trade_card_of_that_type() -> None:
    """L13: each row's cost is the printed cost of some trade ship and some trade base."""
    costs = {"ship": set(), "base": set()}
    for card in RAW["cards"]:
        if card["role"] == "trade":
            costs[card["type"]].add(card["cost"])
    for sheet in RAW["sticker_sheets"]:
        for row in sheet["rows"]:
            assert row["cost"] in costs["ship"] and row["cost"] in costs["base"], sheet["id"]


def test_l26_post_campaign_pack_is_24_cards_with_both_sides() -> None:
    """L26: 24 post-campaign cards, mixing the three neighbours with Empire and Federation cards."""
    post = [c for c in RAW["cards"] if c["role"] == "post_campaign"]
    assert sum(c["quantity"] for c in post) == 24
    factions = {f for c in post for f in c["factions"]}
    assert factions == {"empire", "federation", "consortium", "kingdom", "scavengers"}


def test_l4_every_scenario_has_exactly_one_winner_vp_card() -> None:
    """L4b, L21: each scenario puts exactly one "winner" VP card in play, plus its side goals."""
    awards = {vp["id"]: vp["award"] for vp in RAW["vp_cards"]}
    for number, scenario in SCENARIOS.items():
        winners = [vid for vid in scenario["vp_cards"] if awards[vid] == "winner"]
        assert len(winners) == 1, number


# -- one test per scenario -------------------------------------------------------------------------

def test_s1_six_slot_row_and_no_attack_on_the_first_turn() -> None:
    """L6, scenario 1: a row of 6; no attacks on a player on their first turn; Strike: +1 combat."""
    state = start(1, options={"announce": "strike"},
                  decks=(side_deck("empire", "viper", "imperial-fighter", "scout"), None))
    assert len(view(state, EMPIRE)["trade_row"]) == 6
    assert me(state, EMPIRE)["combat"] == 1  # Strike: +1 combat at the start of each turn
    play_hand(state)
    assert me(state, EMPIRE)["combat"] > 0
    assert "attack 1" not in legal(state)
    with pytest.raises(IllegalAction, match="forbids attacking players"):
        apply(state, "attack 1")
    apply(state, "end")
    apply(state, "end")  # the Federation's first turn
    play_hand(state)
    assert "attack 1" in legal(state)  # the Empire's second turn: attacks are allowed


def test_s2_consortium_is_cheaper_and_frozen_for_the_federation() -> None:
    """L6, scenario 2 (Empire side, free ports): Consortium costs 1 less; Federation frozen out
    on its first turn."""
    state = start(2, options={"ports": "free-ports"})
    barge = row_card(state, "consortium-dividend-barge")
    assert barge["cost"] == CARDS["consortium-dividend-barge"]["cost"] - 1 == 3
    play_hand(state)  # three scouts: 3 trade buys the 4-cost barge
    apply(state, f"buy {barge['id']}")
    apply(state, "choose 0")  # decline the on-buy "may draw, then discard" (L10)
    assert me(state, EMPIRE)["discard"][-1]["card"] == "consortium-dividend-barge"
    apply(state, "end")
    federation = me(state, FEDERATION)
    assert federation["authority"] == 56
    assert federation["hand_size"] + federation["deck_size"] == 13  # catch-up: +2 explorers
    play_hand(state)
    consortium = [c for c in view(state, FEDERATION)["trade_row"] if "consortium" in c["factions"]]
    assert consortium  # the Treasury Skiff, free at cost 0, still may not be bought
    for card in consortium:
        with pytest.raises(IllegalAction, match="forbids buying"):
            apply(state, f"buy {card['id']}")


def test_s3_pavilions_shield_both_players_and_kingdom_outposts_harden() -> None:
    """L6, scenario 3 (Empire side): both start with a Pavilion outpost (C20 applies), the
    Federation (behind) also with a Garrison and 61 authority; Kingdom outposts +2."""
    state = start(3, decks=(side_deck("empire", "viper", "imperial-fighter", "scout"), None))
    assert [b["card"] for b in me(state, EMPIRE)["bases"]] == ["token-envoys-pavilion"]
    assert [b["card"] for b in me(state, FEDERATION)["bases"]] == [  # + the catch-up garrison
        "token-envoys-pavilion", "token-federal-garrison"]
    assert me(state, FEDERATION)["authority"] == 61  # the second player's catch-up
    printed = CARDS["kingdom-picket-tower"]["defense"]
    assert row_card(state, "kingdom-picket-tower")["defense"] == printed + 2
    play_hand(state)
    with pytest.raises(IllegalAction, match="outpost"):
        apply(state, "attack 1")


def test_s4_scrap_storm_eats_the_row_and_scrapping_pays_authority() -> None:
    """L6, scenario 4: a row card is scrapped each turn; each card you scrap gives 1 authority."""
    row = ["scavengers-pirate-raider#1", "scavengers-rust-picker#1"] + ROW
    state = start(4, row=row)
    assert [c["copy"] for c in view(state, EMPIRE)["scrap_heap"]] == ["scavengers-pirate-raider#1"]
    apply(state, "play 0")  # one scout: 1 trade for the Rust Picker
    picker = row_card(state, "scavengers-rust-picker")
    apply(state, f"buy {picker['id']}")  # on-buy (L10): may scrap a card from hand
    scout = view(state, EMPIRE)["pending"]["options"][0]["id"]
    apply(state, f"pick {scout}")
    assert me(state, EMPIRE)["authority"] == 51
    apply(state, "end")
    assert len(view(state, FEDERATION)["scrap_heap"]) == 3  # storm again, on the Federation's turn


def test_s5_blockade_shrinks_the_row_and_explorers_cost_one() -> None:
    """L6, scenario 5: a 4-slot trade row; explorers cost 1; the second player starts at 57."""
    state = start(5, options={"blockade": "smash"})
    assert len(view(state, EMPIRE)["trade_row"]) == 4
    play_hand(state)  # 3 trade
    for _ in range(3):
        apply(state, "buy explorer")
    assert [c["card"] for c in me(state, EMPIRE)["discard"]] == ["explorer"] * 3
    assert me(state, FEDERATION)["hand_size"] + me(state, FEDERATION)["deck_size"] == 11
    assert me(state, FEDERATION)["authority"] == 57


def test_s5_smash_option_forbids_buying_bases() -> None:
    """L6, scenario 5 (Empire side, Smash): the Empire may not buy a base, even with the trade."""
    state = start(5, options={"blockade": "smash"},
                  decks=(side_deck("empire", "scout", "scout", "scout"), None))
    play_hand(state)
    chop_shop = row_card(state, "scavengers-chop-shop")
    with pytest.raises(IllegalAction, match="forbids buying"):
        apply(state, f"buy {chop_shop['id']}")


def test_s5_cordon_keeps_the_empire_from_cards_costing_4_before_its_turn_4() -> None:
    """L6, scenario 5 (Federation side, Tighten the cordon): the Federation starts at 42; the
    Empire may buy a 2-cost ship but not the 4-cost Dividend Barge on its first turn."""
    state = start(5, first="federation", options={"blockade": "tighten"})
    assert me(state, 0)["authority"] == 42
    apply(state, "end")
    play_hand(state)  # the Empire's 5 scouts: 5 trade
    barge = row_card(state, "consortium-dividend-barge")
    with pytest.raises(IllegalAction, match="forbids buying"):
        apply(state, f"buy {barge['id']}")
    apply(state, f"buy {row_card(state, 'kingdom-knight-lancer')['id']}")
    assert me(state, 1)["trade"] == 3


def test_s6_siege_batteries_and_low_authority() -> None:
    """L6, scenario 6 (Empire side): both start with a Siege Battery; 40 and 58 authority."""
    state = start(6)
    assert (me(state, EMPIRE)["authority"], me(state, FEDERATION)["authority"]) == (40, 58)
    battery = me(state, EMPIRE)["bases"][0]
    assert battery["card"] == "token-siege-battery"
    apply(state, f"use {battery['id']} 0")
    assert me(state, EMPIRE)["combat"] == 2


def test_s7_acquiring_an_upgraded_card_gives_authority() -> None:
    """L6, scenario 7 (Empire side): acquiring an upgraded card gives 3 authority; the second
    player gains 5 a turn."""
    state = start(7, options={"turncoats": "buyout"}, row=[UPGRADED_LANCER] + ROW[1:])
    play_hand(state)
    lancer = row_card(state, "kingdom-knight-lancer")
    assert lancer["upgrade"]["side"] == "federation"
    apply(state, f"buy {lancer['id']}")
    assert me(state, EMPIRE)["authority"] == 53
    apply(state, "end")
    assert me(state, FEDERATION)["authority"] == 55  # catch-up: +5 at the start of each turn


def test_s7_buyout_forbids_the_federation_upgraded_cards() -> None:
    """L6, scenario 7 (Empire side, Buyout): no upgraded cards for the Federation before turn 3."""
    state = start(7, options={"turncoats": "buyout"}, row=[UPGRADED_LANCER] + ROW[1:])
    apply(state, "end")
    play_hand(state)
    lancer = row_card(state, "kingdom-knight-lancer")
    with pytest.raises(IllegalAction, match="forbids buying"):
        apply(state, f"buy {lancer['id']}")


def test_s7_the_side_behind_gains_1_trade_a_turn_from_its_7th_turn() -> None:
    """L6, scenario 7 (Federation side): the Empire behind gains 2 authority at the start of each
    turn and, from its 7th turn on, 1 trade as well; the Federation first gains neither."""
    federation, empire = 0, 1  # seats: the Federation plays first here
    state = start(7, first="federation", options={"turncoats": "amnesty"})
    for turn in range(1, 9):
        apply(state, "end")  # the Federation's turn ends; the Empire's turn `turn` starts
        assert me(state, empire)["trade"] == (1 if turn >= 7 else 0)
        assert me(state, empire)["authority"] == 50 + 2 * turn
        apply(state, "end")
        assert me(state, federation)["trade"] == 0 and me(state, federation)["authority"] == 45


def test_s8_raid_is_won_by_damage_dealt_and_hands_are_six() -> None:
    """L6, scenario 8 (Empire side): hands of 6; 47 damage dealt wins at once, authority or not."""
    frigates = ["kingdom-guard-frigate"] * 14
    state = start(8, decks=(frigates, None),
                  extra_rules=({"starting_authority": {"who": "second", "n": 200}},))
    for _turn in range(3):
        play_hand(state)
        apply(state, "attack 1")
        if state.outcome is not None:
            break
        apply(state, "end")
        assert me(state, EMPIRE)["hand_size"] == 6  # its draw phase drew 6
        apply(state, "end")
        assert me(state, FEDERATION)["hand_size"] == 6
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.reason) == (EMPIRE, "scenario")
    assert me(state, FEDERATION)["authority"] > 0


def test_s9_no_explorers_and_harder_bases() -> None:
    """L6, scenario 9 (Empire side): no explorer pile; bases +2 defense; the second player gets 2
    explorers and 40 authority."""
    state = start(9)
    assert view(state, EMPIRE)["explorers"] == 0
    play_hand(state)
    assert "buy explorer" not in legal(state)
    printed = CARDS["scavengers-chop-shop"]["defense"]
    assert row_card(state, "scavengers-chop-shop")["defense"] == printed + 2
    federation = me(state, FEDERATION)
    assert federation["hand_size"] + federation["deck_size"] == 11 + 2
    assert federation["authority"] == 40


def test_s10_invader_and_defender_with_blitz() -> None:
    """L6, scenario 10 (Federation side, Blitz): 47 against 50 authority; +2 combat a turn; no
    bases to buy."""
    state = start(10, first="federation", options={"march": "blitz"},
                  decks=(["scout"] * 3 + side_deck("federation")[3:], None))
    assert (me(state, 0)["authority"], me(state, 1)["authority"]) == (47, 50)
    assert me(state, 0)["combat"] == 2
    play_hand(state)
    with pytest.raises(IllegalAction, match="forbids buying"):
        apply(state, f"buy {row_card(state, 'scavengers-chop-shop')['id']}")


def test_s11_destroying_five_bases_wins_for_the_empire() -> None:
    """L6, scenario 11 (Empire side, Storm): the fifth base the Empire destroys wins at once."""
    sovereigns = ["kingdom-sovereign"] * 11
    extra = tuple({"start_in_play": {"who": "second", "card": card}}
                  for card in ("token-envoys-pavilion", "token-federal-garrison",
                               "token-siege-battery", "token-siege-battery"))
    state = start(11, options={"assault": "storm"}, decks=(sovereigns, None), extra_rules=extra)
    printed = CARDS["scavengers-chop-shop"]["cost"]
    assert row_card(state, "scavengers-chop-shop")["cost"] == printed - 1
    assert me(state, EMPIRE)["authority"] == 42  # the price of Storm
    bases = me(state, FEDERATION)["bases"]
    assert len(bases) == 5 and bases[0]["card"] == "token-last-bastion"  # the catch-up outpost
    play_hand(state)  # each Sovereign draws the next: 11 x 6 combat + 1 from Storm
    outposts = [b for b in bases if b["outpost"]]
    for base in outposts + [b for b in bases if not b["outpost"]]:
        assert state.outcome is None
        apply(state, f"destroy {base['id']}")
    assert (state.outcome.winner, state.outcome.reason) == (EMPIRE, "scenario")
    assert me(state, FEDERATION)["authority"] == 50


def test_s12_dictated_treaty_wins_at_78_authority() -> None:
    """L6, scenario 12 (Dictate): 60 against 64 authority; 78 authority wins the treaty at once."""
    factors = ["consortium-guild-factor"] * 11
    state = start(12, options={"terms": "dictate"}, decks=(factors, None))
    assert (me(state, EMPIRE)["authority"], me(state, FEDERATION)["authority"]) == (60, 64)
    assert len(view(state, EMPIRE)["trade_row"]) == 6
    play_hand(state)  # each Guild Factor draws the next
    allies = [a for a in legal_actions(state) if a.kind == "use"]
    for action in allies[:4]:
        apply(state, action)  # Consortium ally: 4 authority each
    assert state.outcome is None and me(state, EMPIRE)["authority"] == 76
    apply(state, allies[4])
    assert (state.outcome.winner, state.outcome.reason) == (EMPIRE, "scenario")
