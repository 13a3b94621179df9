"""Every Colony Wars card, played in a stacked game through the public engine facade, and the
pack (`fixtures/packs/colony-wars.json`) against its sources.

Each `Case` stacks a 2-player game from the Colony Wars pack so that seat 0 starts its second turn
with a known hand, discard pile, deck (vipers, so draws are visible), bases in play and trade
row; seat 1 holds scouts. The case's steps play the card, use its abilities and answer its
decisions; the test compares what a player would see before and after (pools, authority, zone
sizes, scrap heap, the top of the deck) with what the printed card says. Every key not named in
`expect` must stay unchanged, so an effect that does too much fails as well.

The sources live beside the repository in `../shared`: the Russian Colony Wars rulebook lists
every card with its count, and the MIT `star-realms-database` has costs, defenses, types and the
plain numbers of the abilities.

Rules covered: C9/C10 (ship vs base primaries), C11 (once per turn), C13 (or-abilities), C14
(allies), C15/C16 (scrap abilities vs scrapping by effect), C17 (free acquisition), C19/C20
(destroy base), C23 (the opponent discards), C24 (static abilities).
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from play.engine import (
    GameState,
    IllegalAction,
    PackError,
    decider,
    load_pack,
    view,
)
from tests.engine.card_table import CardTable, Case, deck_top
from tests.engine.card_table import legal as _legal
from tests.engine.pack_sources import (
    FACTIONS,
    assert_80_trade_cards_20_per_faction,
    assert_ids_are_unique_slugs_of_english_names,
    assert_matches_the_reference,
    rulebook_counts,
)

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"
RULEBOOK = SHARED / "rules" / "colony-wars-rulebook.ru.txt"
REFERENCE = SHARED / "reference" / "star-realms-database" / "cards.json"

ROW = ("solar-skiff", "cargo-pod", "plasma-vent", "peacekeeper", "loyal-colony")
TABLE = CardTable("colony-wars.json", ROW, ("trade-hauler", "gunship", "stellar-reef", "battle-bot"),
                  seed=11)
PACK, RAW, ABILITIES = TABLE.pack, TABLE.raw, TABLE.abilities
stacked_game, run_step = TABLE.stacked_game, TABLE.run_step
_in_play, _ability_index = TABLE.in_play, TABLE.ability_index


# -- the cases -------------------------------------------------------------------------------------

BLOB, FED, EMP, MACH = ("stellar-reef",), ("storage-silo",), ("orbital-platform",), \
    ("warning-beacon",)
THEIR_BASE = ("bioformer",)

CASES = [
    # Unaligned (C2, C4)
    Case("scout", "scout", ("scout",), ("play scout",), {"trade": 1}),
    Case("viper", "viper", ("viper",), ("play viper",), {"combat": 1}),
    Case("explorer-c4-scrap-returns-to-pile", "explorer", ("explorer",),
         ("play explorer", "use explorer scrap"), {"trade": 2, "combat": 2, "explorers": 1}),
    # Blob
    Case("swarmer-scraps-a-trade-row-card", "swarmer", ("swarmer",),
         ("play swarmer", "pick cargo-pod@row", "use swarmer ally"),
         {"combat": 5, "trade_deck": -1}, heap=("cargo-pod",), mine=BLOB),
    Case("predator", "predator", ("predator",), ("play predator", "use predator ally"),
         {"combat": 4, "hand": 1, "deck": -1}, mine=BLOB),
    Case("cargo-pod", "cargo-pod", ("cargo-pod",),
         ("play cargo-pod", "use cargo-pod ally", "use cargo-pod scrap"),
         {"trade": 3, "combat": 6}, heap=("cargo-pod",), mine=BLOB),
    Case("ravager-scraps-two-trade-row-cards", "ravager", ("ravager",),
         ("play ravager", "pick solar-skiff@row", "pick peacekeeper@row"),
         {"combat": 6, "trade_deck": -2}, heap=("solar-skiff", "peacekeeper")),
    Case("parasite-c13-combat", "parasite", ("parasite",),
         ("play parasite", "choose 0", "use parasite ally"),
         {"combat": 6, "hand": 1, "deck": -1}, mine=BLOB),
    Case("parasite-c13-c17-acquires-a-cost-6-card-free", "parasite", ("parasite",),
         ("play parasite", "choose 1", "pick peacekeeper@row"),
         {"discard": 1, "trade_deck": -1}),
    Case("moonwurm-c17-free-card-into-hand", "moonwurm", ("moonwurm",),
         ("play moonwurm", "use moonwurm ally", "pick solar-skiff@row"),
         {"combat": 8, "hand": 2, "deck": -1, "trade_deck": -1}, mine=BLOB),
    Case("leviathan-c19-and-free-card-into-hand", "leviathan", ("leviathan",),
         ("play leviathan", "pick bioformer@theirs", "use leviathan ally", "pick cargo-pod@row"),
         {"combat": 9, "hand": 2, "deck": -1, "opp_bases": -1, "opp_discard": 1,
          "trade_deck": -1}, mine=BLOB, theirs=THEIR_BASE),
    Case("stellar-reef-c10-base", "stellar-reef", ("stellar-reef",),
         ("play stellar-reef", "use stellar-reef primary", "use stellar-reef scrap"),
         {"trade": 1, "combat": 3}, heap=("stellar-reef",)),
    Case("bioformer", "bioformer", ("bioformer",),
         ("play bioformer", "use bioformer primary", "use bioformer scrap"),
         {"combat": 3, "trade": 3}, heap=("bioformer",)),
    Case("plasma-vent-c19-scrap-destroys-a-base", "plasma-vent", ("plasma-vent",),
         ("play plasma-vent", "use plasma-vent primary", "use plasma-vent scrap",
          "pick bioformer@theirs"),
         {"combat": 4, "opp_bases": -1, "opp_discard": 1}, heap=("plasma-vent",),
         theirs=THEIR_BASE),
    Case("plasma-vent-bought-after-a-blob-card-goes-to-hand", "plasma-vent",
         ("cargo-pod", "cargo-pod"),
         ("play cargo-pod", "play cargo-pod", "buy plasma-vent", "choose 1", "play plasma-vent",
          "use plasma-vent primary"),
         {"combat": 4, "hand": 1, "trade_deck": -1}),
    Case("plasma-vent-bought-into-hand-may-be-declined", "plasma-vent",
         ("cargo-pod", "cargo-pod"),
         ("play cargo-pod", "play cargo-pod", "buy plasma-vent", "choose 0"),
         {"discard": 1, "trade_deck": -1}),
    Case("plasma-vent-bought-without-a-blob-card-goes-to-discard", "plasma-vent",
         ("trade-hauler", "trade-hauler"),
         ("play trade-hauler", "play trade-hauler", "buy plasma-vent"),
         {"discard": 1, "trade_deck": -1}),
    # Trade Federation
    Case("solar-skiff", "solar-skiff", ("solar-skiff",),
         ("play solar-skiff", "use solar-skiff ally"), {"trade": 2, "hand": 1, "deck": -1},
         mine=FED),
    Case("trade-hauler", "trade-hauler", ("trade-hauler",),
         ("play trade-hauler", "use trade-hauler ally"), {"trade": 3, "authority": 3}, mine=FED),
    Case("patrol-cutter", "patrol-cutter", ("patrol-cutter",),
         ("play patrol-cutter", "use patrol-cutter ally"),
         {"trade": 2, "combat": 3, "authority": 4}, mine=FED),
    Case("frontier-ferry-c19-scrap-destroys-a-base", "frontier-ferry", ("frontier-ferry",),
         ("play frontier-ferry", "use frontier-ferry scrap", "pick bioformer@theirs"),
         {"trade": 3, "authority": 4, "opp_bases": -1, "opp_discard": 1},
         heap=("frontier-ferry",), theirs=THEIR_BASE),
    Case("colony-seed-ship-bought-after-a-federation-card-is-played-now", "colony-seed-ship",
         ("trade-hauler", "patrol-cutter"),
         ("play trade-hauler", "play patrol-cutter", "buy colony-seed-ship", "choose 1",
          "play colony-seed-ship"),
         {"trade": 3, "combat": 6, "authority": 3, "hand": 1, "trade_deck": -1},
         row=("colony-seed-ship",) + ROW[1:]),
    Case("peacekeeper", "peacekeeper", ("peacekeeper",),
         ("play peacekeeper", "use peacekeeper ally"),
         {"combat": 6, "authority": 6, "hand": 1, "deck": -1}, mine=FED),
    Case("storage-silo", "storage-silo", ("storage-silo",),
         ("play storage-silo", "use storage-silo primary", "use storage-silo ally"),
         {"authority": 2, "trade": 2}, mine=("central-station",)),
    Case("central-station-three-bases-authority-and-draw", "central-station",
         ("central-station",), ("play central-station", "use central-station primary"),
         {"trade": 2, "authority": 4, "hand": 1, "deck": -1}, mine=FED + BLOB),
    Case("central-station-two-bases-only-trade", "central-station", ("central-station",),
         ("play central-station", "use central-station primary"), {"trade": 2}, mine=FED),
    Case("federation-shipyard-next-base-on-top-of-deck", "federation-shipyard",
         ("federation-shipyard",),
         ("play federation-shipyard", "use federation-shipyard primary",
          "use federation-shipyard ally", "buy stellar-reef", "choose 1"),
         {"deck": 1, "trade_deck": -1}, deck_top="stellar-reef", mine=FED,
         row=("stellar-reef",) + ROW[1:]),
    Case("loyal-colony", "loyal-colony", ("loyal-colony",),
         ("play loyal-colony", "use loyal-colony primary"),
         {"trade": 3, "combat": 3, "authority": 3}),
    Case("factory-world-next-card-into-hand", "factory-world", ("factory-world",),
         ("play factory-world", "use factory-world primary", "buy cargo-pod", "choose 1"),
         {"hand": 1, "trade_deck": -1}),
    # Star Empire
    Case("star-barge-c23", "star-barge", ("star-barge",),
         ("play star-barge", "use star-barge ally", "pick scout"),
         {"trade": 2, "combat": 2, "opp_hand": -1, "opp_discard": 1}, mine=EMP),
    Case("lancer-opponent-has-a-base", "lancer", ("lancer",),
         ("play lancer", "use lancer ally", "pick scout"),
         {"combat": 6, "opp_hand": -1, "opp_discard": 1}, mine=EMP, theirs=THEIR_BASE),
    Case("lancer-opponent-has-no-base", "lancer", ("lancer",), ("play lancer",), {"combat": 4}),
    Case("falcon", "falcon", ("falcon",), ("play falcon", "use falcon scrap", "pick scout"),
         {"combat": 2, "hand": 1, "deck": -1, "opp_hand": -1, "opp_discard": 1},
         heap=("falcon",)),
    Case("gunship", "gunship", ("gunship",), ("play gunship", "pick scout", "use gunship scrap"),
         {"combat": 5, "trade": 4, "opp_hand": -1, "opp_discard": 1}, heap=("gunship",)),
    Case("heavy-cruiser", "heavy-cruiser", ("heavy-cruiser",),
         ("play heavy-cruiser", "use heavy-cruiser ally"), {"combat": 4, "hand": 2, "deck": -2},
         mine=EMP),
    Case("aging-battleship", "aging-battleship", ("aging-battleship",),
         ("play aging-battleship", "use aging-battleship ally", "use aging-battleship scrap"),
         {"combat": 7, "hand": 3, "deck": -3}, heap=("aging-battleship",), mine=EMP),
    Case("emperors-dreadnaught-bought-after-an-empire-card-is-played-now",
         "emperors-dreadnaught", ("star-barge",) + ("scout",) * 6,
         ("play star-barge",) + ("play scout",) * 6
         + ("buy emperors-dreadnaught", "choose 1", "play emperors-dreadnaught", "pick scout"),
         {"combat": 8, "hand": 2, "deck": -1, "opp_hand": -1, "opp_discard": 1,
          "trade_deck": -1}, row=("emperors-dreadnaught",) + ROW[1:]),
    Case("orbital-platform-discard-one-draw-one", "orbital-platform",
         ("orbital-platform", "scout"),
         ("play orbital-platform", "use orbital-platform primary", "pick scout",
          "use orbital-platform ally"), {"discard": 1, "deck": -1, "combat": 3}, mine=EMP),
    Case("orbital-platform-no-discard-no-draw", "orbital-platform", ("orbital-platform", "scout"),
         ("play orbital-platform", "use orbital-platform primary", "done"), {}),
    Case("command-center-c24-empire-ships-give-combat", "command-center",
         ("star-barge", "falcon", "scout"),
         ("play star-barge", "play falcon", "play scout", "use command-center primary"),
         {"trade": 5, "combat": 6, "hand": 1, "deck": -1}, mine=("command-center",)),
    Case("supply-depot-two-discards-trade-and-combat", "supply-depot",
         ("supply-depot", "scout", "scout"),
         ("play supply-depot", "use supply-depot primary", "pick scout", "pick scout",
          "choose 0", "choose 1", "use supply-depot ally"),
         {"trade": 2, "combat": 2, "discard": 2, "hand": -1, "deck": -1}, mine=EMP),
    Case("supply-depot-one-discard-combat", "supply-depot", ("supply-depot", "scout", "scout"),
         ("play supply-depot", "use supply-depot primary", "pick scout", "done", "choose 1"),
         {"combat": 2, "discard": 1, "hand": -1}),
    Case("supply-depot-no-discard-nothing", "supply-depot", ("supply-depot", "scout"),
         ("play supply-depot", "use supply-depot primary", "done"), {}),
    Case("imperial-palace", "imperial-palace", ("imperial-palace",),
         ("play imperial-palace", "use imperial-palace primary", "pick scout",
          "use imperial-palace ally"),
         {"combat": 4, "hand": 1, "deck": -1, "opp_hand": -1, "opp_discard": 1}, mine=EMP),
    # Machine Cult
    Case("battle-bot-scraps-from-hand", "battle-bot", ("battle-bot", "scout"),
         ("play battle-bot", "pick scout@hand", "use battle-bot ally"),
         {"combat": 4, "hand": -1}, heap=("scout",), mine=MACH),
    Case("repair-bot-scraps-from-discard", "repair-bot", ("repair-bot",),
         ("play repair-bot", "pick viper@discard", "use repair-bot scrap"),
         {"trade": 2, "combat": 2, "discard": -1}, heap=("viper", "repair-bot"),
         discard=("viper",)),
    Case("convoy-bot", "convoy-bot", ("convoy-bot", "scout"),
         ("play convoy-bot", "pick scout@hand", "use convoy-bot ally"),
         {"combat": 6, "hand": -1}, heap=("scout",), mine=MACH),
    Case("mining-mech", "mining-mech", ("mining-mech",),
         ("play mining-mech", "pick viper@discard", "use mining-mech ally"),
         {"trade": 3, "combat": 3, "discard": -1}, heap=("viper",), discard=("viper",),
         mine=MACH),
    Case("mech-cruiser-c19", "mech-cruiser", ("mech-cruiser", "scout"),
         ("play mech-cruiser", "pick scout@hand", "use mech-cruiser ally",
          "pick bioformer@theirs"),
         {"combat": 6, "hand": -1, "opp_bases": -1, "opp_discard": 1}, heap=("scout",),
         mine=MACH, theirs=THEIR_BASE),
    Case("the-wrecker-scraps-two", "the-wrecker", ("the-wrecker", "scout"),
         ("play the-wrecker", "pick scout@hand", "pick viper@discard", "use the-wrecker ally"),
         {"combat": 6, "discard": -1, "deck": -1}, heap=("scout", "viper"), discard=("viper",),
         mine=MACH),
    Case("warning-beacon-outpost", "warning-beacon", ("warning-beacon",),
         ("play warning-beacon", "use warning-beacon primary"), {"combat": 2}),
    Case("warning-beacon-bought-after-a-machine-card-is-played-now", "warning-beacon",
         ("repair-bot",),
         ("play repair-bot", "buy warning-beacon", "choose 1", "play warning-beacon",
          "use warning-beacon primary"),
         {"combat": 2, "hand": 1, "trade_deck": -1}, row=("warning-beacon",) + ROW[1:]),
    Case("the-oracle", "the-oracle", ("the-oracle", "scout"),
         ("play the-oracle", "use the-oracle primary", "pick scout@hand", "use the-oracle ally"),
         {"combat": 3, "hand": -1}, heap=("scout",), mine=MACH),
    Case("stealth-tower-copies-an-opponent-base", "stealth-tower", ("stealth-tower",),
         ("play stealth-tower", "use stealth-tower primary", "pick bioformer@theirs",
          "use stealth-tower #1", "use stealth-tower #2"),
         {"combat": 3, "trade": 3}, heap=("stealth-tower",), theirs=THEIR_BASE),
    Case("stealth-tower-copies-own-base-and-its-faction", "stealth-tower", ("stealth-tower",),
         ("play stealth-tower", "use stealth-tower primary", "pick storage-silo@mine",
          "use stealth-tower #1", "use stealth-tower #2", "use storage-silo primary",
          "use storage-silo ally"),
         {"authority": 4, "trade": 4}, mine=FED),
    Case("frontier-station-c13-trade", "frontier-station", ("frontier-station",),
         ("play frontier-station", "use frontier-station primary", "choose 0"), {"trade": 2}),
    Case("frontier-station-c13-combat", "frontier-station", ("frontier-station",),
         ("play frontier-station", "use frontier-station primary", "choose 1"), {"combat": 3}),
    Case("the-incinerator-scraps-two-then-two-combat-each", "the-incinerator",
         ("the-incinerator", "scout"),
         ("play the-incinerator", "use the-incinerator primary", "pick scout@hand",
          "pick viper@discard", "use the-incinerator ally"),
         {"combat": 4, "hand": -1, "discard": -1}, heap=("scout", "viper"), discard=("viper",),
         mine=MACH),
    Case("the-incinerator-counts-scraps-by-other-cards", "the-incinerator",
         ("battle-bot", "scout"),
         ("play battle-bot", "pick scout@hand", "use the-incinerator ally"),
         {"combat": 4, "hand": -1}, heap=("scout",), mine=("the-incinerator",)),
]



@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_colony_wars_card_does_what_it_says(case: Case) -> None:
    """C9-C24: the card changes pools, authority, zones and the heap exactly as printed."""
    TABLE.check_case(case)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_colony_wars_game_replays_and_reloads_exactly(case: Case) -> None:
    """Setup + actions rebuild the same state, and a saved state reloads (engine contract)."""
    TABLE.check_replay(case)


def test_every_colony_wars_design_has_a_case() -> None:
    assert {c.card for c in CASES} == set(ABILITIES)


# -- rules the table cannot show -------------------------------------------------------------------


def _pending_cards(state: GameState) -> list[str]:
    return sorted(o["card"] for o in view(state, decider(state))["pending"]["options"])


def test_c17_parasite_offers_only_cards_costing_six_or_less() -> None:
    """Parasite: "acquire a card of cost six or less": Loyal Colony (7) is not offered."""
    state = stacked_game(Case("parasite", "parasite", ("parasite",), ()))
    run_step(state, "play parasite")
    run_step(state, "choose 1")
    assert _pending_cards(state) == sorted(("solar-skiff", "cargo-pod", "plasma-vent",
                                            "peacekeeper"))


def test_c17_moonwurm_and_leviathan_offer_only_cheap_cards() -> None:
    """Moonwurm: cost two or less; Leviathan: cost three or less."""
    state = stacked_game(Case("moonwurm", "moonwurm", ("moonwurm", "leviathan"), (), mine=BLOB))
    run_step(state, "play moonwurm")
    run_step(state, "use moonwurm ally")
    assert _pending_cards(state) == ["solar-skiff"]
    run_step(state, "done")
    run_step(state, "play leviathan")
    run_step(state, "use leviathan ally")
    assert _pending_cards(state) == ["cargo-pod", "solar-skiff"]


def test_onbuy_to_hand_is_offered_only_with_a_card_of_the_faction_played() -> None:
    """Plasma Vent: a Blob ship in play this turn (not a Blob base from earlier turns) counts."""
    state = stacked_game(Case("vent", "plasma-vent", ("trade-hauler", "trade-hauler"), (),
                              mine=BLOB))
    run_step(state, "play trade-hauler")
    run_step(state, "play trade-hauler")
    run_step(state, "buy plasma-vent")
    assert state.pending is None
    assert "plasma-vent" in [c["card"] for c in view(state, 0)["players"][0]["discard"]]


def test_onbuy_to_hand_after_a_free_acquisition() -> None:
    """A Warning Beacon acquired for free by Parasite, with a Machine Cult card played, may go to
    the hand too: the on-buy ability acts on every acquisition (L9)."""
    state = stacked_game(Case("free", "parasite", ("repair-bot", "parasite"), (),
                              row=("warning-beacon",) + ROW[1:]))
    run_step(state, "play repair-bot")
    run_step(state, "play parasite")
    run_step(state, "choose 1")
    run_step(state, "pick warning-beacon@row")
    assert view(state, 0)["pending"]["kind"] == "may"
    run_step(state, "choose 1")
    assert "warning-beacon" in [c["card"] for c in view(state, 0)["hand"]]
    assert "put Warning Beacon into their hand" in " ".join(view(state, 1)["log"])


def test_onbuy_to_hand_from_the_top_of_the_deck() -> None:
    """Federation Shipyard puts the card on top of the deck; Colony Seed Ship's on-buy may then
    still take it into the hand (from the deck, not the discard pile)."""
    state = stacked_game(Case("yard", "federation-shipyard",
                              ("federation-shipyard", "trade-hauler"), (), mine=FED,
                              row=("colony-seed-ship",) + ROW[1:]))
    for step in ("play federation-shipyard", "play trade-hauler", "use federation-shipyard primary",
                 "use federation-shipyard ally", "buy colony-seed-ship", "choose 1"):
        run_step(state, step)
    deck_before = view(state, 0)["players"][0]["deck_size"]
    assert deck_top(state) == "colony-seed-ship"
    run_step(state, "choose 1")  # the on-buy "may": yes
    assert "colony-seed-ship" in [c["card"] for c in view(state, 0)["hand"]]
    assert view(state, 0)["players"][0]["deck_size"] == deck_before - 1


def test_stealth_tower_is_itself_again_next_turn() -> None:
    """Stealth Tower: the copy lasts until the turn ends; it keeps its own defense and outpost
    status and has the copied base's faction in addition to Machine Cult meanwhile."""
    state = stacked_game(Case("tower", "stealth-tower", ("stealth-tower",), (),
                              theirs=("loyal-colony",)))
    run_step(state, "play stealth-tower")
    run_step(state, "use stealth-tower primary")
    run_step(state, "pick loyal-colony@theirs")
    tower = next(b for b in view(state, 0)["players"][0]["bases"] if b["card"] == "stealth-tower")
    assert set(tower["factions"]) == {"machine", "federation"}
    assert (tower["defense"], tower["outpost"]) == (5, True)
    run_step(state, "use stealth-tower #1")
    assert view(state, 0)["players"][0]["combat"] == 3
    run_step(state, "end")
    run_step(state, "end")
    tower = next(b for b in view(state, 0)["players"][0]["bases"] if b["card"] == "stealth-tower")
    assert tower["factions"] == ["machine"]
    uses = {a for a in _legal(state) if a.startswith(f"use {tower['id']} ")}
    assert uses == {f"use {tower['id']} 0"}


def test_stealth_tower_with_no_other_base_asks_nothing() -> None:
    """C10: with no other base in play the copy ability does nothing (no empty question)."""
    state = stacked_game(Case("alone", "stealth-tower", ("stealth-tower",), ()))
    run_step(state, "play stealth-tower")
    run_step(state, "use stealth-tower primary")
    assert state.pending is None


def test_incinerator_ignores_trade_row_scraps_and_resets_each_turn() -> None:
    """The Incinerator counts only cards scrapped from your hand or discard pile this turn: not
    a trade-row card (Swarmer), not a card scrapped for its own ability, not last turn's."""
    state = stacked_game(Case("inc", "the-incinerator", ("swarmer", "repair-bot", "battle-bot",
                                                         "scout"), (),
                              mine=("the-incinerator",)))
    run_step(state, "play swarmer")
    run_step(state, "pick cargo-pod@row")
    run_step(state, "play repair-bot")  # nothing in the discard pile: no question
    run_step(state, "use repair-bot scrap")
    run_step(state, "play battle-bot")
    run_step(state, "pick scout@hand")
    combat = view(state, 0)["players"][0]["combat"]
    run_step(state, "use the-incinerator ally")
    assert view(state, 0)["players"][0]["combat"] == combat + 2
    run_step(state, "end")
    run_step(state, "end")
    assert state.stats[0].get("scrapped_this_turn", 0) == 0


def test_supply_depot_gives_nothing_for_cards_it_did_not_discard() -> None:
    """Supply Depot: the count is the cards discarded by this use only."""
    state = stacked_game(Case("depot", "supply-depot", ("orbital-platform", "supply-depot",
                                                       "scout"), ()))
    for step in ("play orbital-platform", "play supply-depot", "use orbital-platform primary",
                 "pick scout", "use supply-depot primary", "done"):
        run_step(state, step)
    assert state.pending is None
    me = view(state, 0)["players"][0]
    assert (me["trade"], me["combat"]) == (0, 0)


def test_command_center_does_not_reward_other_factions_or_bases() -> None:
    """Command Center: only Star Empire ships; a Star Empire base played is no ship."""
    state = stacked_game(Case("cc", "command-center", ("trade-hauler", "orbital-platform"), (),
                              mine=("command-center",)))
    run_step(state, "play trade-hauler")
    run_step(state, "play orbital-platform")
    assert view(state, 0)["players"][0]["combat"] == 0


def test_c11_supply_depot_primary_once_per_turn() -> None:
    """C10/C11: a base primary with a decision is still used once per turn."""
    state = stacked_game(Case("c11", "supply-depot", ("supply-depot", "scout"), ()))
    run_step(state, "play supply-depot")
    run_step(state, "use supply-depot primary")
    run_step(state, "done")
    with pytest.raises(IllegalAction):
        run_step(state, "use supply-depot primary")


# -- the vocabulary's checks -----------------------------------------------------------------------

def _with_ability(card_id: str, ability: dict) -> dict:
    raw = copy.deepcopy(RAW)
    card = next(c for c in raw["cards"] if c["id"] == card_id)
    card["abilities"] = [ability]
    return raw


def test_this_to_hand_is_refused_outside_on_buy_naming_the_card() -> None:
    raw = _with_ability("lancer", {"when": "primary", "do": [{"may": [{"this_to_hand": True}]}]})
    with pytest.raises(PackError, match=r'"lancer": abilities\[0\]\.do: "this_to_hand" belongs'):
        load_pack(raw, "colony-wars.json")


def test_repeat_is_bounded_and_checked() -> None:
    raw = _with_ability("lancer", {"when": "primary",
                                   "do": [{"repeat": {"times": 1000, "do": [{"combat": 1}]}}]})
    with pytest.raises(PackError, match="at most 32 repetitions"):
        load_pack(raw, "colony-wars.json")
    raw = _with_ability("lancer", {"when": "primary",
                                   "do": [{"repeat": {"times": 2, "do": [{"combat": "x"}]}}]})
    with pytest.raises(PackError, match=r"repeat.do\[0\].combat"):
        load_pack(raw, "colony-wars.json")


@pytest.mark.parametrize("counter", ["opponent_bases_in_play", "scrapped_this_turn"])
def test_new_counters_are_known(counter: str) -> None:
    raw = _with_ability("lancer", {"when": "primary", "do": [{"combat": {"per": counter}}]})
    assert load_pack(raw).by_id["lancer"].primaries[0].effects == (
        ("combat", ("per", counter, 1, None)),)


# -- the pack against its sources ------------------------------------------------------------------

NUMBERS = {"trade": "trade", "combat": "combat", "authority": "authority", "draw": "draw",
           "opponent-discard": "opponent_discards"}
SCRAP_ZONES = {"scrap-hand": "hand", "scrap-discard": "discard",
               "scrap-hand-discard": "hand_or_discard"}


def _cards() -> list[dict[str, Any]]:
    return RAW["cards"]


def _squash(name: str) -> str:
    """The rulebook text is extracted from a PDF with stray spaces inside words."""
    return re.sub(r"\s+", "", name)


def _rulebook_counts() -> dict[str, int]:
    """Parse "Name (N)" entries of the rulebook's card list."""
    return rulebook_counts(RULEBOOK, r"([^\d()\n][^()\n]*?)\s*\(\s*(\d+)\s*\)", _squash)


def _reference_cards() -> dict[str, dict[str, Any]]:
    """Return the reference database's Colony Wars entries by English name.

    Known error of the database (its README): the second "Storage Silo" is really Loyal Colony.
    """
    if not REFERENCE.exists():
        pytest.skip(f"reference data not found at {REFERENCE}")
    entries = json.loads(REFERENCE.read_text(encoding="utf-8"))
    found: dict[str, dict[str, Any]] = {}
    for entry in entries:
        if entry.get("set") == "Colony Wars":
            name = entry["name"]
            if name == "Storage Silo" and entry.get("cost") == 7:
                name = "Loyal Colony"
            found[name] = entry
        elif entry.get("set") == "Star Realms" and entry["name"] in ("Scout", "Viper",
                                                                     "Explorer"):
            found[entry["name"]] = entry
    return found


def test_pack_is_a_core_kind_pack_with_the_four_factions() -> None:
    assert RAW["format"] == 1
    assert (RAW["pack"]["id"], RAW["pack"]["kind"]) == ("colony-wars", "core")
    assert {f["id"] for f in RAW["factions"]} == FACTIONS
    assert RAW["pack"]["name"]["ru"] == "Звёздные империи: Колониальные войны"


def test_card_ids_are_slugs_of_english_names() -> None:
    assert_ids_are_unique_slugs_of_english_names(_cards())


def test_80_trade_cards_20_per_faction_plus_scouts_vipers_explorers() -> None:
    assert_80_trade_cards_20_per_faction(_cards())
    others = {c["role"]: (c["quantity"], c["cost"]) for c in _cards() if c["role"] != "trade"}
    assert others == {"scout": (16, None), "viper": (4, None), "explorer": (10, 2)}


def test_counts_and_russian_names_match_the_rulebook_list() -> None:
    pack_counts = {_squash(c["name"]["ru"]): c["quantity"] for c in _cards()}
    assert pack_counts == _rulebook_counts()


def test_costs_defenses_types_match_the_reference_database() -> None:
    assert_matches_the_reference(_cards(), _reference_cards())


def _plain_numbers(do: list[dict]) -> Counter[str]:
    """Return the fixed numbers an ability's top-level effects give (not inside if / choose)."""
    found: Counter[str] = Counter()
    for effect in do:
        (kind, value), = effect.items()
        if kind in NUMBERS.values() and isinstance(value, int):
            found[kind] += value
    return found


def _reference_numbers(section: Any) -> Counter[str]:
    if isinstance(section, list):  # the explorer's abilities are a list of one dict
        section = {k: v for part in section for k, v in part.items()}
    found: Counter[str] = Counter()
    for key, value in (section or {}).items():
        if key in NUMBERS and isinstance(value, int):
            found[NUMBERS[key]] += value
    return found


def _ability(card: dict, when: str) -> dict | None:
    return next((a for a in card["abilities"] if a["when"] == when), None)


def test_ability_numbers_match_the_reference_database() -> None:
    """Primary, ally and scrap abilities give the reference's plain numbers; free text and "or"
    abilities are checked by the behaviour table instead."""
    reference = _reference_cards()
    sections = {"primary": "abilities", "ally": "ally-abilities", "scrap": "scrap-abilities"}
    for card in _cards():
        entry = reference[card["name"]["en"]]
        for when, key in sections.items():
            ability = _ability(card, when)
            mine = _plain_numbers(ability["do"]) if ability else Counter()
            if card["role"] == "scout" or card["role"] == "viper":
                theirs = _reference_numbers({k: v for k, v in entry.items() if k in NUMBERS}
                                            if when == "primary" else {})
            else:
                theirs = _reference_numbers(entry.get(key))
            assert mine == theirs, (card["id"], when)
            if ability and card["role"] == "trade" and when == "ally":
                assert ability["faction"] == card["factions"][0], card["id"]


def test_scraps_destroys_and_on_buy_abilities_match_the_reference_database() -> None:
    """Trade-row scraps, scraps from hand / discard, destroy-base and "put into your hand when
    acquired" (the database's ally-place-into-hand) sit where the reference says."""
    reference = _reference_cards()
    sections = {"primary": "abilities", "ally": "ally-abilities", "scrap": "scrap-abilities"}
    for card in _cards():
        if card["role"] != "trade":
            continue
        entry = reference[card["name"]["en"]]
        for when, key in sections.items():
            section = entry.get(key) or {}
            ability = _ability(card, when)
            effects = {k: v for e in (ability["do"] if ability else []) for k, v in e.items()}
            if "trade-row-scrap" in section:
                assert effects["scrap"] == {"from": "trade_row", "min": 0,
                                            "max": section["trade-row-scrap"]}, card["id"]
            if section.get("scrap") in SCRAP_ZONES:
                assert effects["scrap"]["from"] == SCRAP_ZONES[section["scrap"]], card["id"]
            destroys = section.get("other-ability") == "destroy-base"
            assert ("destroy_base" in effects) == destroys, (card["id"], when)
        places = entry.get("abilities", {}).get("other-ability") == "ally-place-into-hand"
        onbuy = _ability(card, "onbuy")
        assert (onbuy is not None) == places, card["id"]
        if onbuy is not None:
            cond = onbuy["do"][0]["if"]["cond"]
            assert cond == {"count": f"faction_played:{card['factions'][0]}", "at_least": 1}


def test_every_text_has_both_languages() -> None:
    for card in _cards():
        for key in ("name", "flavor"):
            if key in card:
                assert card[key]["en"].strip() and card[key]["ru"].strip(), (card["id"], key)
        for ability in card["abilities"]:
            if "text" in ability:
                assert ability["text"]["en"].strip() and ability["text"]["ru"].strip()


def test_pack_loads_through_the_engine_with_80_trade_copies() -> None:
    assert PACK.kind == "core"
    assert len(PACK.trade_copies()) == 80
    assert [d.id for d in PACK.designs_with_role("explorer")] == ["explorer"]
