"""Every core-set card, played in a stacked game through the public engine facade.

Each `Case` stacks a 2-player game from `fixtures/packs/core-set.json` so that seat 0 starts its
second turn with a known hand, discard pile, deck (vipers, so draws are visible), bases in play and
trade row; seat 1 holds five scouts. The case's steps play the card, use its abilities and answer
its decisions; the test then compares what a player would see before and after (pools, authority,
zone sizes, scrap heap, the top of the deck) with what the printed card says. Every key not named
in `expect` must stay unchanged, so an effect that does too much fails as well.

Rules covered: C9/C10 (ship vs base primaries), C11 (once per turn), C13 (or-abilities), C14
(allies), C15/C16 (scrap abilities vs scrapping by effect), C17 (free acquisition), C19/C20 (destroy
base, outposts first), C4 (explorers return to their pile), C24 (static abilities).
"""

from __future__ import annotations

import pytest

from play.engine import (
    GameState,
    IllegalAction,
    apply,
    decider,
    view,
)
from tests.engine.card_table import CardTable, Case
from tests.engine.card_table import legal as _legal

ROW = ("cutter", "ram", "trade-pod", "barter-world", "flagship")
TABLE = CardTable("core-set.json", ROW, ("corvette", "corvette", "blob-wheel"), seed=7)
PACK, RAW, ABILITIES = TABLE.pack, TABLE.raw, TABLE.abilities
stacked_game, run_step = TABLE.stacked_game, TABLE.run_step
_in_play, _ability_index = TABLE.in_play, TABLE.ability_index


# -- the cases -------------------------------------------------------------------------------------

BLOB, FED, EMP, MACH = ("blob-wheel",), ("barter-world",), ("space-station",), ("battle-station",)

CASES = [
    # Unaligned (C2, C4)
    Case("scout", "scout", ("scout",), ("play scout",), {"trade": 1}),
    Case("viper", "viper", ("viper",), ("play viper",), {"combat": 1}),
    Case("explorer-c4-scrap-returns-to-pile", "explorer", ("explorer",),
         ("play explorer", "use explorer scrap"), {"trade": 2, "combat": 2, "explorers": 1}),
    # Blob
    Case("blob-fighter", "blob-fighter", ("blob-fighter",),
         ("play blob-fighter", "use blob-fighter ally"), {"combat": 3, "hand": 1, "deck": -1},
         mine=BLOB),
    Case("trade-pod", "trade-pod", ("trade-pod",), ("play trade-pod", "use trade-pod ally"),
         {"trade": 3, "combat": 2}, mine=BLOB),
    Case("battle-pod-scraps-trade-row", "battle-pod", ("battle-pod",),
         ("play battle-pod", "pick ram@row", "use battle-pod ally"),
         {"combat": 6, "trade_deck": -1}, heap=("ram",), mine=BLOB),
    Case("ram", "ram", ("ram",), ("play ram", "use ram ally", "use ram scrap"),
         {"combat": 7, "trade": 3}, heap=("ram",), mine=BLOB),
    Case("blob-destroyer-c19-base-and-row", "blob-destroyer", ("blob-destroyer",),
         ("play blob-destroyer", "use blob-destroyer ally", "pick the-hive@theirs",
          "pick cutter@row"),
         {"combat": 6, "opp_bases": -1, "opp_discard": 1, "trade_deck": -1}, heap=("cutter",),
         mine=BLOB, theirs=("the-hive",)),
    Case("battle-blob", "battle-blob", ("battle-blob",),
         ("play battle-blob", "use battle-blob ally", "use battle-blob scrap"),
         {"combat": 12, "hand": 1, "deck": -1}, heap=("battle-blob",), mine=BLOB),
    Case("blob-carrier-c17-free-ship-on-deck", "blob-carrier", ("blob-carrier",),
         ("play blob-carrier", "use blob-carrier ally", "pick flagship@row"),
         {"combat": 7, "deck": 1, "trade_deck": -1}, deck_top="flagship", mine=BLOB),
    Case("mothership", "mothership", ("mothership",),
         ("play mothership", "use mothership ally"), {"combat": 6, "hand": 2, "deck": -2},
         mine=BLOB),
    Case("blob-wheel-c10-base", "blob-wheel", ("blob-wheel",),
         ("play blob-wheel", "use blob-wheel primary", "use blob-wheel scrap"),
         {"combat": 1, "trade": 3}, heap=("blob-wheel",)),
    Case("the-hive", "the-hive", ("the-hive",),
         ("play the-hive", "use the-hive primary", "use the-hive ally"),
         {"combat": 3, "hand": 1, "deck": -1}, mine=BLOB),
    Case("blob-world-c13-combat", "blob-world", ("blob-world",),
         ("play blob-world", "use blob-world primary", "choose 0"), {"combat": 5}),
    Case("blob-world-c13-draw-per-blob-played", "blob-world",
         ("blob-fighter", "trade-pod", "blob-world"),
         ("play blob-world", "use blob-world primary", "choose 1"), {"hand": 3, "deck": -3},
         before=("play blob-fighter", "play trade-pod")),
    Case("blob-world-in-play-counts-only-cards-played-now", "blob-world", ("blob-fighter",),
         ("use blob-world primary", "choose 1"), {"hand": 1, "deck": -1},
         mine=("blob-world",), before=("play blob-fighter",)),
    # Trade Federation
    Case("federation-shuttle", "federation-shuttle", ("federation-shuttle",),
         ("play federation-shuttle", "use federation-shuttle ally"),
         {"trade": 2, "authority": 4}, mine=FED),
    Case("cutter", "cutter", ("cutter",), ("play cutter", "use cutter ally"),
         {"authority": 4, "trade": 2, "combat": 4}, mine=FED),
    Case("embassy-yacht-two-bases-draw-two", "embassy-yacht", ("embassy-yacht",),
         ("play embassy-yacht",), {"authority": 3, "trade": 2, "hand": 2, "deck": -2},
         mine=FED + ("trading-post",)),
    Case("embassy-yacht-one-base-no-draw", "embassy-yacht", ("embassy-yacht",),
         ("play embassy-yacht",), {"authority": 3, "trade": 2}, mine=FED),
    Case("freighter-next-ship-on-deck", "freighter", ("freighter",),
         ("play freighter", "use freighter ally", "buy ram", "choose 1"),
         {"trade": 1, "deck": 1, "trade_deck": -1}, deck_top="ram", mine=FED),
    Case("trade-escort", "trade-escort", ("trade-escort",),
         ("play trade-escort", "use trade-escort ally"),
         {"authority": 4, "combat": 4, "hand": 1, "deck": -1}, mine=FED),
    Case("flagship", "flagship", ("flagship",), ("play flagship", "use flagship ally"),
         {"combat": 5, "hand": 1, "deck": -1, "authority": 5}, mine=FED),
    Case("command-ship-c19", "command-ship", ("command-ship",),
         ("play command-ship", "use command-ship ally", "pick the-hive@theirs"),
         {"authority": 4, "combat": 5, "hand": 2, "deck": -2, "opp_bases": -1,
          "opp_discard": 1}, mine=FED, theirs=("the-hive",)),
    Case("trading-post-c13-authority", "trading-post", ("trading-post",),
         ("play trading-post", "use trading-post primary", "choose 0",
          "use trading-post scrap"), {"authority": 1, "combat": 3}, heap=("trading-post",)),
    Case("trading-post-c13-trade", "trading-post", ("trading-post",),
         ("play trading-post", "use trading-post primary", "choose 1"), {"trade": 1}),
    Case("barter-world-c13-authority", "barter-world", ("barter-world",),
         ("play barter-world", "use barter-world primary", "choose 0",
          "use barter-world scrap"), {"authority": 2, "combat": 5}, heap=("barter-world",)),
    Case("barter-world-c13-trade", "barter-world", ("barter-world",),
         ("play barter-world", "use barter-world primary", "choose 1"), {"trade": 2}),
    Case("defense-center-c13-authority", "defense-center", ("defense-center",),
         ("play defense-center", "use defense-center primary", "choose 0",
          "use defense-center ally"), {"authority": 3, "combat": 2}, mine=FED),
    Case("defense-center-c13-combat", "defense-center", ("defense-center",),
         ("play defense-center", "use defense-center primary", "choose 1",
          "use defense-center ally"), {"combat": 4}, mine=FED),
    Case("port-of-call-c19", "port-of-call", ("port-of-call",),
         ("play port-of-call", "use port-of-call primary", "use port-of-call scrap",
          "pick the-hive@theirs"),
         {"trade": 3, "hand": 1, "deck": -1, "opp_bases": -1, "opp_discard": 1},
         heap=("port-of-call",), theirs=("the-hive",)),
    Case("central-office-next-ship-on-deck", "central-office", ("central-office",),
         ("play central-office", "use central-office primary", "use central-office ally",
          "buy cutter", "choose 1"),
         {"hand": 1, "trade_deck": -1}, deck_top="cutter", mine=FED),
    # Star Empire
    Case("imperial-fighter-opponent-discards", "imperial-fighter", ("imperial-fighter",),
         ("play imperial-fighter", "pick scout", "use imperial-fighter ally"),
         {"combat": 4, "opp_hand": -1, "opp_discard": 1}, mine=EMP),
    Case("corvette", "corvette", ("corvette",), ("play corvette", "use corvette ally"),
         {"combat": 3, "hand": 1, "deck": -1}, mine=EMP),
    Case("survey-ship", "survey-ship", ("survey-ship",),
         ("play survey-ship", "use survey-ship scrap", "pick scout"),
         {"trade": 1, "hand": 1, "deck": -1, "opp_hand": -1, "opp_discard": 1},
         heap=("survey-ship",)),
    Case("imperial-frigate", "imperial-frigate", ("imperial-frigate",),
         ("play imperial-frigate", "pick scout", "use imperial-frigate ally",
          "use imperial-frigate scrap"),
         {"combat": 6, "opp_hand": -1, "opp_discard": 1, "hand": 1, "deck": -1},
         heap=("imperial-frigate",), mine=EMP),
    Case("battlecruiser-c19", "battlecruiser", ("battlecruiser",),
         ("play battlecruiser", "use battlecruiser ally", "pick scout",
          "use battlecruiser scrap", "pick the-hive@theirs"),
         {"combat": 5, "hand": 2, "deck": -2, "opp_hand": -1, "opp_discard": 2,
          "opp_bases": -1}, heap=("battlecruiser",), mine=EMP, theirs=("the-hive",)),
    Case("dreadnaught", "dreadnaught", ("dreadnaught",),
         ("play dreadnaught", "use dreadnaught scrap"), {"combat": 12, "hand": 1, "deck": -1},
         heap=("dreadnaught",)),
    Case("space-station", "space-station", ("space-station",),
         ("play space-station", "use space-station primary", "use space-station ally",
          "use space-station scrap"), {"combat": 4, "trade": 4}, heap=("space-station",),
         mine=("war-world",)),
    Case("recycling-station-c13-trade", "recycling-station", ("recycling-station",),
         ("play recycling-station", "use recycling-station primary", "choose 0"), {"trade": 1}),
    Case("recycling-station-c13-discard-two-draw-two", "recycling-station",
         ("recycling-station", "scout", "scout"),
         ("play recycling-station", "use recycling-station primary", "choose 1", "pick scout",
          "pick scout"), {"discard": 2, "deck": -2}),
    Case("recycling-station-discard-one-draw-one", "recycling-station",
         ("recycling-station", "scout", "scout"),
         ("play recycling-station", "use recycling-station primary", "choose 1", "pick scout",
          "done"), {"discard": 1, "deck": -1}),
    Case("war-world", "war-world", ("war-world",),
         ("play war-world", "use war-world primary", "use war-world ally"), {"combat": 7},
         mine=EMP),
    Case("royal-redoubt", "royal-redoubt", ("royal-redoubt",),
         ("play royal-redoubt", "use royal-redoubt primary", "use royal-redoubt ally",
          "pick scout"), {"combat": 3, "opp_hand": -1, "opp_discard": 1}, mine=EMP),
    Case("fleet-hq-c24-in-play-ships-get-combat", "fleet-hq", ("scout", "viper", "the-hive"),
         ("play scout", "play viper", "play the-hive"), {"trade": 1, "combat": 3},
         mine=("fleet-hq",)),
    Case("fleet-hq-c24-played-this-turn", "fleet-hq", ("fleet-hq", "viper"),
         ("play fleet-hq", "play viper"), {"combat": 2}),
    # Machine Cult
    Case("trade-bot-scraps-from-hand", "trade-bot", ("trade-bot", "scout"),
         ("play trade-bot", "pick scout@hand", "use trade-bot ally"),
         {"trade": 1, "combat": 2, "hand": -1}, heap=("scout",), mine=MACH),
    Case("trade-bot-c16-scrapped-ram-gives-nothing", "trade-bot", ("trade-bot", "ram"),
         ("play trade-bot", "pick ram@hand"), {"trade": 1, "hand": -1}, heap=("ram",)),
    Case("trade-bot-c4-scrapped-explorer-returns-to-pile", "trade-bot", ("trade-bot", "explorer"),
         ("play trade-bot", "pick explorer@hand"), {"trade": 1, "hand": -1, "explorers": 1}),
    Case("missile-bot-scraps-from-discard", "missile-bot", ("missile-bot",),
         ("play missile-bot", "pick viper@discard", "use missile-bot ally"),
         {"combat": 4, "discard": -1}, heap=("viper",), discard=("viper",), mine=MACH),
    Case("supply-bot-declines-scrap", "supply-bot", ("supply-bot", "scout"),
         ("play supply-bot", "done", "use supply-bot ally"), {"trade": 2, "combat": 2},
         mine=MACH),
    Case("patrol-mech-c13-trade", "patrol-mech", ("patrol-mech", "scout"),
         ("play patrol-mech", "choose 0", "use patrol-mech ally", "pick scout@hand"),
         {"trade": 3, "hand": -1}, heap=("scout",), mine=MACH),
    Case("patrol-mech-c13-combat", "patrol-mech", ("patrol-mech",),
         ("play patrol-mech", "choose 1"), {"combat": 5}),
    Case("stealth-needle-copies-blob-fighter", "stealth-needle",
         ("blob-fighter", "stealth-needle"),
         ("play stealth-needle", "pick blob-fighter", "use blob-fighter ally",
          "use stealth-needle #2"),
         {"combat": 3, "hand": 2, "deck": -2}, before=("play blob-fighter",)),
    Case("battle-mech", "battle-mech", ("battle-mech", "scout"),
         ("play battle-mech", "pick scout@hand", "use battle-mech ally"),
         {"combat": 4, "deck": -1}, heap=("scout",), mine=MACH),
    Case("missile-mech-c19", "missile-mech", ("missile-mech",),
         ("play missile-mech", "pick the-hive@theirs", "use missile-mech ally"),
         {"combat": 6, "hand": 1, "deck": -1, "opp_bases": -1, "opp_discard": 1},
         mine=MACH, theirs=("the-hive",)),
    Case("battle-station", "battle-station", ("battle-station",),
         ("play battle-station", "use battle-station scrap"), {"combat": 5},
         heap=("battle-station",)),
    Case("mech-world-c24-ally-for-all", "mech-world",
         ("trade-pod", "federation-shuttle", "imperial-fighter"),
         ("play trade-pod", "use trade-pod ally", "play federation-shuttle",
          "use federation-shuttle ally", "play imperial-fighter", "pick scout",
          "use imperial-fighter ally"),
         {"trade": 5, "combat": 6, "authority": 4, "opp_hand": -1, "opp_discard": 1},
         mine=("mech-world",)),
    Case("junkyard", "junkyard", ("junkyard",),
         ("play junkyard", "use junkyard primary", "pick viper@discard"), {"discard": -1},
         heap=("viper",), discard=("viper",)),
    Case("machine-base-draw-then-scrap", "machine-base", ("machine-base", "scout"),
         ("play machine-base", "use machine-base primary", "pick viper@hand"), {"deck": -1},
         heap=("viper",)),
    Case("brain-world-scrap-two-draw-two", "brain-world", ("brain-world", "scout"),
         ("play brain-world", "use brain-world primary", "pick scout@hand", "pick viper@discard"),
         {"hand": 1, "discard": -1, "deck": -2}, heap=("scout", "viper"), discard=("viper",)),
]



@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_core_card_does_what_it_says(case: Case) -> None:
    """C9-C24: the card changes pools, authority, zones and the heap exactly as printed."""
    TABLE.check_case(case)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_core_card_game_replays_and_reloads_exactly(case: Case) -> None:
    """Setup + actions rebuild the same state, and a saved state reloads (engine contract)."""
    TABLE.check_replay(case)


def test_every_core_design_has_a_case() -> None:
    assert {c.card for c in CASES} == set(ABILITIES)


# -- rules the table cannot show -------------------------------------------------------------------


def _use_notation(state: GameState, card: str, which: str) -> str:
    return f"use {_in_play(state, card)} {_ability_index(card, which)}"


def test_c14_ally_needs_another_card_of_that_faction() -> None:
    """C14: a lone Blob Fighter cannot use its ally ability; a Trade Pod in play unlocks it."""
    state = stacked_game(Case("c14", "blob-fighter", ("blob-fighter", "trade-pod"), ()))
    run_step(state, "play blob-fighter")
    ally = _use_notation(state, "blob-fighter", "ally")
    assert ally not in _legal(state)
    with pytest.raises(IllegalAction):
        apply(state, ally)
    run_step(state, "play trade-pod")
    assert ally in _legal(state)


def test_c14_a_base_is_not_its_own_ally() -> None:
    """C14: The Hive alone in play cannot use its Blob ally ability."""
    state = stacked_game(Case("c14-base", "the-hive", ("the-hive",), ()))
    run_step(state, "play the-hive")
    assert _use_notation(state, "the-hive", "ally") not in _legal(state)


def test_c14_other_faction_is_no_ally() -> None:
    """C14: a Machine Cult base does not unlock a Blob ally ability."""
    state = stacked_game(Case("c14-mixed", "trade-pod", ("trade-pod",), (), mine=MACH))
    run_step(state, "play trade-pod")
    assert _use_notation(state, "trade-pod", "ally") not in _legal(state)


def test_c11_a_base_primary_is_used_once_per_turn() -> None:
    """C10/C11: War World's primary can be used once this turn, not twice."""
    state = stacked_game(Case("c11", "war-world", ("war-world",), ()))
    run_step(state, "play war-world")
    run_step(state, "use war-world primary")
    with pytest.raises(IllegalAction):
        run_step(state, "use war-world primary")
    assert view(state, 0)["players"][0]["combat"] == 3


def test_c9_a_ship_primary_cannot_be_used_again() -> None:
    """C9/C11: a ship's primary happened when played; `use` of it is refused."""
    state = stacked_game(Case("c9", "viper", ("viper",), ()))
    run_step(state, "play viper")
    with pytest.raises(IllegalAction):
        run_step(state, "use viper primary")


def test_c20_destroy_base_must_target_outposts_first() -> None:
    """C19/C20: with an outpost and a base in play, Missile Mech may only destroy the outpost."""
    state = stacked_game(Case("c20", "missile-mech", ("missile-mech",), (),
                              theirs=("the-hive", "battle-station")))
    run_step(state, "play missile-mech")
    options = [o["card"] for o in view(state, 0)["pending"]["options"]]
    assert options == ["battle-station"]


def test_destroy_base_with_no_target_asks_nothing() -> None:
    """C19: "you may destroy target base" with no enemy base in play just gives the combat."""
    state = stacked_game(Case("no-target", "missile-mech", ("missile-mech",), ()))
    run_step(state, "play missile-mech")
    assert view(state, 0)["pending"] is None
    assert view(state, 0)["players"][0]["combat"] == 6


def test_machine_base_scrap_is_not_optional() -> None:
    """Machine Base: "draw a card, then scrap a card from your hand" — `done` is refused."""
    state = stacked_game(Case("mb", "machine-base", ("machine-base", "scout"), ()))
    run_step(state, "play machine-base")
    run_step(state, "use machine-base primary")
    assert "done" not in _legal(state)
    with pytest.raises(IllegalAction):
        apply(state, "done")


def test_opponent_discard_is_decided_by_the_opponent() -> None:
    """C23: Imperial Fighter's discard is a decision of seat 1, from seat 1's hand."""
    state = stacked_game(Case("c23", "imperial-fighter", ("imperial-fighter",), ()))
    run_step(state, "play imperial-fighter")
    assert decider(state) == 1
    assert view(state, 0)["pending"].get("options") is None  # seat 0 never sees seat 1's hand
    assert {o["card"] for o in view(state, 1)["pending"]["options"]} == {"scout"}


def test_stealth_needle_gains_the_copied_faction() -> None:
    """Stealth Needle: it has the copied ship's faction in addition to Machine Cult this turn."""
    state = stacked_game(Case("needle", "stealth-needle", ("ram", "stealth-needle"), ()))
    run_step(state, "play ram")
    run_step(state, "play stealth-needle")
    run_step(state, "pick ram")
    needle = next(c for c in view(state, 0)["players"][0]["in_play"]
                  if c["id"] == _in_play(state, "stealth-needle"))
    assert set(needle["factions"]) == {"machine", "blob"}
    assert view(state, 0)["players"][0]["combat"] == 10


def test_c10_a_base_primary_is_available_again_next_turn() -> None:
    """C10/C11: War World's primary, used this turn, is usable again on the owner's next turn."""
    state = stacked_game(Case("c10", "war-world", ("scout",), (), mine=("war-world",)))
    run_step(state, "use war-world primary")
    assert _use_notation(state, "war-world", "primary") not in _legal(state)
    run_step(state, "end")
    run_step(state, "end")
    assert _use_notation(state, "war-world", "primary") in _legal(state)


def test_a_scrapped_ship_is_no_longer_an_ally() -> None:
    """C14/C15: once Ram is scrapped it has left play, so Trade Pod loses its Blob ally."""
    state = stacked_game(Case("gone", "ram", ("trade-pod", "ram"), ()))
    run_step(state, "play trade-pod")
    run_step(state, "play ram")
    ally = _use_notation(state, "trade-pod", "ally")
    assert ally in _legal(state)
    run_step(state, "use ram scrap")
    assert ally not in _legal(state)
