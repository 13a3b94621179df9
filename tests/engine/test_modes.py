"""Game modes M1-M9 and attacks of any size (C18), with stacked decks (docs/modes.md)."""

from __future__ import annotations

import json

import pytest

from play.engine import GameSetup, IllegalAction, SeatSetup, SetupError, new_game, setup_for, view
from play.engine.modes import MODES, plan

from .packs import card, core_pack, inst, legacy_pack
from .test_views import card_ids

PACK = core_pack(
    card("brute", primary=[{"combat": 8}]),
    card("giant", primary=[{"combat": 60}]),
    card("trader", primary=[{"trade": 5}]),
    card("spy", primary=[{"opponent_discards": 1}]),
    card("blob-a", factions=("blob",), primary=[{"trade": 1}], ally={"blob": [{"combat": 5}]}),
    card("wall", type="base", cost=3, defense=4, outpost=True),
    card("tower", type="base", cost=4, defense=6),
    card("prize", cost=8, primary=[{"trade": 1}]),
)


def game(mode: str, players: int, hands: dict[int, list[str]] | None = None,
         row: list[str] = (), first: int | None = 0, decks: dict[int, list[str]] | None = None,
         **setup) -> object:
    """Start a game of `mode` whose seats draw the given cards first (scouts fill up); `decks`
    gives whole deck orders (top card first) instead."""
    hands = hands or {}
    decks = decks or {}
    seats = setup.pop("seats", None) or [SeatSetup() for _ in range(players)]
    p = plan(mode, seats, first, 50, 5, setup.get("hand_sizes"))
    for seat, seat_setup in enumerate(seats):
        hand = list(hands.get(seat, []))
        size = p.first_hand[seat]
        seat_setup.deck_order = decks.get(seat) or \
            hand + ["scout"] * (size - len(hand)) + ["scout"] * 12
    copies = [f"{cid}#{k + 1}" for k, cid in enumerate(row)]
    if row and len(set(row)) != len(row):
        counts: dict[str, int] = {}
        copies = []
        for cid in row:
            counts[cid] = counts.get(cid, 0) + 1
            copies.append(f"{cid}#{counts[cid]}")
    setup.setdefault("trade_deck", copies)
    setup.setdefault("trade_deck_order", True)
    return new_game(GameSetup(pack=PACK, seats=seats, first=first, mode=mode, **setup))


def play(state, cid: str) -> None:
    state.apply(f"play {inst(state, cid, seat=state.active)}")


def legal(state) -> set[str]:
    return {a.notation for a in state.legal_actions()}


def end_turns(state, k: int) -> None:
    for _ in range(k):
        state.apply("end")


# -- C18 attacks of any size -----------------------------------------------------------------------

def test_c18_attack_with_part_of_the_combat_keeps_the_rest() -> None:
    state = game("standard", 2, {0: ["brute"]})
    play(state, "brute")
    state.apply("attack 1 3")
    assert state.authority[1] == 47 and state.combat[0] == 5
    state.apply("attack 1")  # the plain attack still spends all that is left
    assert state.authority[1] == 42 and state.combat[0] == 0


def test_c18_attack_amount_must_be_between_1_and_the_combat() -> None:
    state = game("standard", 2, {0: ["brute"]})
    play(state, "brute")
    for bad in ("attack 1 9", "attack 1 0"):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.combat[0] == 8 and state.authority[1] == 50


def test_c18_legal_actions_offer_one_attack_per_target_not_per_amount() -> None:
    state = game("ffa", 4, {0: ["brute"]})
    play(state, "brute")
    attacks = sorted(n for n in legal(state) if n.startswith("attack"))
    assert attacks == ["attack 1", "attack 2", "attack 3"]
    assert view(state, 0)["labels"]["attack 2"] == "Attack Player 3 with 8 combat"


def test_c19_partial_damage_on_a_base_is_lost_at_the_end_of_the_turn() -> None:
    state = game("standard", 2, {0: ["brute"], 1: ["tower"]}, first=1)
    play(state, "tower")
    state.apply("end")
    tower = inst(state, "tower", "bases", seat=1)
    play(state, "brute")
    state.apply(f"destroy {tower} 5")
    assert state.damage[tower] == 5 and state.combat[0] == 3
    assert view(state, 0)["players"][1]["bases"][0]["damage"] == 5
    state.apply("end")
    assert tower not in state.damage


# -- M1 standard -----------------------------------------------------------------------------------

def test_m1_standard_is_two_players_drawing_3_and_5() -> None:
    setup = setup_for("standard", PACK, players=2, seed=4)
    state = new_game(setup)
    first = state.active
    assert len(state.hand[first]) == 3 and len(state.hand[1 - first]) == 5
    with pytest.raises(SetupError):
        setup_for("standard", PACK, players=3)


def test_m1_a_setup_round_trips_with_its_mode() -> None:
    setup = setup_for("raid", PACK, players=4, names=["B", "r1", "r2", "r3"], seed=2)
    again = GameSetup.from_dict(json.loads(json.dumps(setup.to_dict())), PACK)
    assert again == setup and again.mode == "raid" and again.seats[0].role == "boss"


# -- M2 free-for-all -------------------------------------------------------------------------------

def test_m2_free_for_all_hands_are_3_4_5_5_in_turn_order() -> None:
    state = game("ffa", 5, first=2)
    sizes = {seat: len(state.hand[seat]) for seat in range(5)}
    assert sizes == {2: 3, 3: 4, 4: 5, 0: 5, 1: 5}
    assert state.active == 2


def test_m2_free_for_all_splits_combat_between_opponents() -> None:
    state = game("ffa", 4, {0: ["brute"]})
    play(state, "brute")
    state.apply("attack 1 2")
    state.apply("attack 3 5")
    state.apply("attack 2")
    assert [state.authority[s] for s in range(4)] == [50, 48, 49, 45]


def test_m2_an_eliminated_players_cards_are_scrapped_and_the_turn_skips_them() -> None:
    state = game("ffa", 3, {0: ["giant"], 1: ["tower"]}, first=1)
    play(state, "tower")
    state.apply("end")
    state.apply("end")  # seat 2
    play(state, "giant")
    state.apply("attack 1")
    assert not state.alive[1] and state.outcome is None
    assert state.hand[1] == state.deck[1] == state.discard[1] == state.bases[1] == []
    assert "tower" in {state.design[c].id for c in state.heap}
    state.apply("end")
    assert state.active == 2


def test_m2_the_last_one_standing_wins() -> None:
    state = game("ffa", 3, {0: ["giant", "giant"]}, hand_sizes=[3, 4, 5])
    play(state, "giant")
    play(state, "giant")
    state.apply("attack 1 60")
    state.apply("attack 2 60")
    assert state.outcome.winner == 0 and state.outcome.reason == "authority"


def test_m2_target_opponent_effects_ask_which_opponent() -> None:
    state = game("ffa", 3, {0: ["spy"]})
    play(state, "spy")
    assert state.pending.kind == "target" and legal(state) == {"choose 1", "choose 2"}
    state.apply("choose 2")
    assert state.pending.kind == "opp_discard" and state.pending.seat == 2


# -- M3 hunter -------------------------------------------------------------------------------------

def test_m3_hunter_attacks_only_the_left_neighbour_and_bases_of_both() -> None:
    state = game("hunter", 4, {0: ["brute"], 1: ["tower"], 2: ["tower"], 3: ["tower"]},
                 first=1)
    for _ in range(3):
        play(state, "tower")
        state.apply("end")
    play(state, "brute")
    towers = {s: inst(state, "tower", "bases", seat=s) for s in (1, 2, 3)}
    moves = legal(state)
    assert "attack 1" in moves and "attack 2" not in moves and "attack 3" not in moves
    assert f"destroy {towers[1]}" in moves and f"destroy {towers[3]}" in moves
    assert f"destroy {towers[2]}" not in moves
    assert view(state, 0)["reach"]["players"] == [1]


def test_m3_when_the_left_neighbour_is_out_the_next_player_becomes_the_target() -> None:
    state = game("hunter", 4, {0: ["giant", "brute"]}, hand_sizes=[3, 4, 5, 5])
    play(state, "giant")
    state.apply("attack 1")
    assert not state.alive[1]
    play(state, "brute")
    assert "attack 2" in legal(state) and "attack 3" not in legal(state)


# -- M4 first blood --------------------------------------------------------------------------------

def test_m4_first_blood_ends_at_the_first_elimination_and_the_right_neighbour_wins() -> None:
    state = game("first-blood", 4, {3: ["giant"]}, first=3)
    play(state, "giant")
    state.apply("attack 0")
    # seat 0 is out; the player to its right (the previous seat, 3) wins
    assert state.outcome is not None and state.outcome.winner == 3


# -- M5 hydra --------------------------------------------------------------------------------------

def test_m5_hydra_teams_share_75_or_100_authority() -> None:
    four = game("hydra", 4)
    six = game("hydra", 6)
    assert four.authority == {0: 75, 1: 75} and six.authority == {0: 100, 1: 100}
    assert [len(h) for h in four.hand] == [3, 3, 5, 5]


def test_m5_hydra_team_turn_all_main_phases_then_discards_then_draws() -> None:
    state = game("hydra", 4, {0: ["brute"], 1: ["trader"]})
    play(state, "brute")
    state.apply("end")  # seat 0's main phase ends; its pools and ships stay
    assert state.active == 1 and state.combat[0] == 8 and len(state.ships[0]) == 1
    assert len(state.hand[0]) == 2 and state.discard[0] == []  # no discard phase yet
    state.apply("end")  # the team's turn ends: discards, then draws, then team 1
    assert state.active == 2
    assert state.combat[0] == 0 and state.ships[0] == [] and len(state.hand[0]) == 5
    assert len(state.discard[0]) == 3 and len(state.discard[1]) == 3


def test_m5_hydra_no_ally_abilities_across_teammates() -> None:
    state = game("hydra", 4, {0: ["blob-a"], 1: ["blob-a"]})
    play(state, "blob-a")
    state.apply("end")
    play(state, "blob-a")
    mine = inst(state, "blob-a", "ships", seat=1)
    assert f"use {mine} 1" not in legal(state)


def test_m5_hydra_teammates_pool_trade_to_buy_and_combat_to_destroy_a_base() -> None:
    state = game("hydra", 4, {0: ["trader", "brute"], 1: ["trader"], 2: ["tower"]},
                 row=["prize"], first=2)
    play(state, "tower")
    end_turns(state, 2)  # team 1's turn ends
    play(state, "trader")
    play(state, "brute")
    state.apply("attack 2 5")  # 3 combat left in seat 0's pool
    state.apply("end")
    play(state, "trader")  # 5 trade here + 5 left by seat 0 = 10
    prize = inst(state, "prize", "row")
    tower = inst(state, "tower", "bases", seat=2)
    assert f"buy {prize}" in legal(state)
    state.apply(f"buy {prize}")
    assert state.trade[1] + state.trade[0] == 2 and state.trade[1] == 0
    with pytest.raises(IllegalAction):
        state.apply(f"destroy {tower}")  # 3 pooled combat, the tower needs 6
    state.apply(f"destroy {tower} 3")
    assert state.damage[tower] == 3 and state.combat[0] == 0


def test_m5_hydra_an_outpost_of_one_member_protects_the_whole_team() -> None:
    state = game("hydra", 4, {0: ["brute"], 3: ["wall"]}, first=2)
    state.apply("end")
    play(state, "wall")
    state.apply("end")
    play(state, "brute")
    moves = legal(state)
    assert "attack 2" not in moves and "attack 3" not in moves


# -- M6 emperor ------------------------------------------------------------------------------------

def test_m6_emperor_seats_authority_and_hands() -> None:
    state = game("emperor", 6)
    assert [state.game.role[s] for s in range(6)] == ["admiral", "emperor", "admiral"] * 2
    assert [state.authority[s] for s in range(6)] == [50, 60, 50, 50, 60, 50]
    assert [len(h) for h in state.hand] == [3, 3, 3, 5, 5, 5]


def test_m6_an_admiral_reaches_only_the_admiral_opposite_then_the_emperor() -> None:
    state = game("emperor", 6, {0: ["giant", "brute"]}, hand_sizes=[3, 3, 3, 5, 5, 5])
    play(state, "giant")
    assert {n for n in legal(state) if n.startswith("attack")} == {"attack 3"}
    state.apply("attack 3")
    assert not state.alive[3] and state.outcome is None
    assert state.pending.kind == "bequeath" and state.pending.seat == 3
    state.apply("done")
    play(state, "brute")
    assert {n for n in legal(state) if n.startswith("attack")} == {"attack 4"}


def test_m6_an_eliminated_admiral_passes_one_card_to_the_emperor() -> None:
    state = game("emperor", 6, {0: ["giant"], 3: ["trader"]})
    play(state, "giant")
    state.apply("attack 3")
    trader = inst(state, "trader", "hand", seat=3)
    assert view(state, 3)["pending"]["options"]
    state.apply(f"pick {trader}")
    assert trader in state.discard[4]
    assert state.hand[3] == state.deck[3] == state.discard[3] == []


def test_m6_the_fall_of_an_emperor_ends_the_game() -> None:
    state = game("emperor", 6, {1: ["giant", "giant"]}, first=1,
                 hand_sizes=[3, 3, 3, 5, 5, 5])
    play(state, "giant")
    play(state, "giant")
    state.apply("attack 3 60")  # an emperor may attack anyone: the admiral is out ...
    state.apply("done")  # ... and gives nothing to its emperor
    assert state.outcome is None
    state.apply("attack 4")
    assert state.outcome is not None and state.outcome.winning_team == 0


def test_m6_pay_1_trade_to_pass_a_card_to_a_neighbouring_teammate() -> None:
    state = game("emperor", 6, {0: ["trader"]})
    play(state, "trader")
    state.apply("end")
    end_turns(state, 5)  # back to seat 0 with the trader in the discard pile
    play(state, "scout")
    assert legal(state) & {"give 1", "give 2", "give 5"} == {"give 1"}  # seat 1 only
    trader = inst(state, "trader", "discard")
    state.apply("give 1")
    state.apply(f"pick {trader}")
    assert trader in state.discard[1] and state.trade[0] == 0


# -- M7 raid ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("raiders, authority, hand", [(2, 50, 7), (3, 70, 7), (4, 70, 8),
                                                      (5, 90, 8)])
def test_m7_the_boss_authority_and_hand_depend_on_the_raiders(raiders, authority, hand) -> None:
    state = new_game(setup_for("raid", PACK, players=raiders + 1, seed=1))
    assert state.active == 0 and state.game.role[0] == "boss"
    assert state.authority[0] == authority and len(state.hand[0]) == hand - 2
    assert all(len(state.hand[s]) == 5 and state.authority[s] == 50 for s in range(1, raiders))
    state.apply("end")
    assert len(state.hand[0]) == hand


def test_m7_raiders_see_each_others_hands_and_the_boss_sees_none() -> None:
    state = game("raid", 4)
    raider = view(state, 1)
    assert raider["players"][2]["hand"] and raider["players"][3]["hand"]
    assert raider["players"][0]["hand"] is None
    boss = view(state, 0)
    assert all(boss["players"][s]["hand"] is None for s in (1, 2, 3))
    assert set(card_ids(raider)) & set(state.hand[0]) == set()


def test_m7_damage_on_the_boss_bases_stays_until_the_boss_turn() -> None:
    state = game("raid", 3, {0: ["tower"], 1: ["brute"], 2: ["brute"]})
    play(state, "tower")
    state.apply("end")
    tower = inst(state, "tower", "bases", seat=0)
    play(state, "brute")
    state.apply(f"destroy {tower} 4")  # 2 short
    state.apply("attack 0")
    state.apply("end")
    assert state.damage[tower] == 4
    play(state, "scout")
    assert f"destroy {tower}" not in legal(state)  # no combat yet
    play(state, "brute")
    state.apply(f"destroy {tower}")  # only the 2 it still needs
    assert tower in state.discard[0] and state.combat[2] == 6


def test_m7_boss_base_damage_is_cleared_when_the_boss_turn_starts() -> None:
    state = game("raid", 3, {0: ["tower"], 1: ["brute"]})
    play(state, "tower")
    state.apply("end")
    tower = inst(state, "tower", "bases", seat=0)
    play(state, "brute")
    state.apply(f"destroy {tower} 5")
    end_turns(state, 2)
    assert state.active == 0 and tower not in state.damage


def test_m7_a_raider_short_of_a_base_is_offered_all_its_combat_on_it() -> None:
    state = game("raid", 3, {0: ["wall"], 1: ["viper"]})
    play(state, "wall")
    state.apply("end")
    wall = inst(state, "wall", "bases", seat=0)
    play(state, "viper")
    assert f"destroy {wall} 1" in legal(state)


def test_m7_an_eliminated_raider_gives_one_card_to_each_other_raider() -> None:
    state = game("raid", 4, {0: ["giant"], 1: ["trader", "brute"]})
    play(state, "giant")
    state.apply("attack 1")
    assert state.pending.kind == "bequeath" and view(state, 1)["pending"]["recipient"] == 2
    state.apply(f"pick {inst(state, 'trader', 'hand', seat=1)}")
    state.apply(f"pick {inst(state, 'brute', 'hand', seat=1)}")
    assert {state.design[c].id for c in state.discard[2]} == {"trader"}
    assert {state.design[c].id for c in state.discard[3]} == {"brute"}
    assert state.hand[1] == state.deck[1] == [] and state.outcome is None


def test_m7_raiders_win_when_the_boss_is_out() -> None:
    state = game("raid", 3, {1: ["giant"]}, hand_sizes=[5, 5, 5])
    state.apply("end")
    play(state, "giant")
    state.apply("attack 0")
    assert state.outcome.winning_team == 1


def test_m7_the_boss_wins_when_every_raider_is_out() -> None:
    state = game("raid", 3, {0: ["giant", "giant"]})
    play(state, "giant")
    play(state, "giant")
    state.apply("attack 1 60")
    state.apply("done")
    state.apply("attack 2")
    assert state.outcome.winner == 0


# -- M8 side decks, M9 outposts --------------------------------------------------------------------

LEGACY = legacy_pack(card("thing", cost=2, factions=("kingdom",), primary=[{"combat": 1}]))


def test_m8_side_decks_go_to_the_emperors() -> None:
    setup = setup_for("emperor", LEGACY, players=6, side_decks=True)
    assert [s.side for s in setup.seats] == [None, "empire", None, None, "federation", None]
    state = new_game(setup)
    owned = {state.design[c].id for c in state.deck[1] + state.hand[1]}
    assert "imperial-fighter" in owned
    with pytest.raises(SetupError):
        setup_for("emperor", PACK, players=6, side_decks=True)


def test_m8_side_decks_go_to_both_players_of_a_standard_game_and_to_the_boss() -> None:
    assert [s.side for s in setup_for("standard", LEGACY, players=2,
                                      side_decks=True).seats] == ["empire", "federation"]
    assert [s.side for s in setup_for("raid", LEGACY, players=3,
                                      side_decks=True).seats] == ["empire", None, None]


@pytest.mark.parametrize("scope, protected", [("player", False), ("team", True)])
def test_m9_outposts_protect_per_player_or_per_team(scope: str, protected: bool) -> None:
    boss_deck = ["scout"] * 5 + ["brute"] + ["scout"] * 12
    state = game("raid", 3, {2: ["wall"]}, decks={0: boss_deck}, outposts=scope)
    end_turns(state, 2)  # the boss, then raider 1
    play(state, "wall")  # raider 2's outpost
    state.apply("end")
    play(state, "brute")
    assert ("attack 1" not in legal(state)) == protected


def test_m9_default_scope_is_per_team_in_hydra_and_per_player_elsewhere() -> None:
    assert MODES["hydra"].outposts == "team" and MODES["ffa"].outposts == "player"
    assert new_game(setup_for("hydra", PACK, players=4)).game.outposts_by_team
    assert not new_game(setup_for("raid", PACK, players=4)).game.outposts_by_team


# -- setups and views ------------------------------------------------------------------------------

@pytest.mark.parametrize("mode, players", [("ffa", 2), ("hydra", 5), ("emperor", 4), ("raid", 7),
                                           ("nope", 3)])
def test_a_mode_refuses_a_seat_count_it_cannot_seat(mode: str, players: int) -> None:
    with pytest.raises(SetupError):
        setup_for(mode, PACK, players=players)


@pytest.mark.parametrize("mode, players", [(m.id, n) for m in MODES.values() for n in m.players])
def test_views_of_every_mode_hold_no_deck_order_and_no_seed(mode: str, players: int) -> None:
    state = new_game(setup_for(mode, PACK, players=players, seed=11))
    decks = {c for d in state.deck for c in d} | set(state.trade_deck)
    for seat in [*range(players), None]:
        data = view(state, seat)
        text = json.dumps(data)
        assert "seed" not in text and "rng" not in text
        assert not card_ids(data) & decks
        assert data["mode"]["id"] == mode
        for other in range(players):
            shown = data["players"][other]["hand"]
            if shown is not None:
                assert other == seat or (mode == "raid" and seat is not None
                                         and state.game.role[seat] == "raider"
                                         and state.game.role[other] == "raider")


def test_m5_the_view_shows_the_team_pool_and_reach() -> None:
    state = game("hydra", 4, {0: ["trader", "brute"]})
    play(state, "trader")
    play(state, "brute")
    state.apply("end")
    data = view(state, 1)
    team = data["mode"]["teams"][0]
    assert team == {"team": 0, "seats": [0, 1], "alive": True, "authority": 75,
                    "trade": 5, "combat": 8}
    assert data["mode"]["pooling"] and data["mode"]["shared_authority"]
    assert data["reach"]["trade"] == 5 and data["reach"]["base_combat"] == 8
    assert data["reach"]["combat"] == 0 and data["reach"]["players"] == [2, 3]


def test_m2_a_player_who_resigns_on_their_turn_is_out_and_the_next_one_plays() -> None:
    state = game("ffa", 3)
    state.resign(0)
    assert state.outcome is None and not state.alive[0] and state.active == 1
    assert state.hand[0] == state.deck[0] == []
    state.resign(2)
    assert state.outcome.winner == 1 and state.outcome.reason == "resign"


def test_m6_passing_a_card_needs_trade_and_a_neighbouring_teammate() -> None:
    state = game("emperor", 6)
    with pytest.raises(IllegalAction, match="costs 1 trade|discard pile is empty"):
        state.apply("give 1")
    with pytest.raises(IllegalAction, match="neighbouring teammate"):
        state.apply("give 2")


# -- bots in every mode ----------------------------------------------------------------------------

def test_the_heuristic_bot_attacks_the_weakest_reachable_opponent() -> None:
    from play.engine.bots.heuristic import HeuristicBot

    state = game("ffa", 4, {0: ["brute"]})
    state.authority[2] = 30
    bot = HeuristicBot()
    while state.hand[0]:
        state.apply(bot.choose(state, 0))
    assert bot.choose(state, 0).notation == "attack 2"


def test_the_heuristic_raider_finishes_the_boss_base_another_raider_started() -> None:
    from play.engine.bots.heuristic import HeuristicBot

    state = game("raid", 3, {0: ["wall"], 1: ["viper", "viper"], 2: ["brute"]})
    play(state, "wall")
    state.apply("end")
    wall = inst(state, "wall", "bases", seat=0)
    bot = HeuristicBot()
    while state.hand[1]:
        state.apply(bot.choose(state, 1))
    assert bot.choose(state, 1).notation == f"destroy {wall} 2"  # all it has: the damage stays
    state.apply(f"destroy {wall} 2")
    state.apply("end")
    while state.hand[2]:
        state.apply(bot.choose(state, 2))
    assert bot.choose(state, 2).notation == f"destroy {wall}"
    state.apply(bot.choose(state, 2))
    assert wall in state.discard[0] and state.combat[2] == 6


@pytest.mark.parametrize("bot", ["random", "heuristic", "search"])
@pytest.mark.parametrize("mode", list(MODES))
def test_every_bot_plays_every_mode_to_the_end(bot: str, mode: str) -> None:
    from play.engine.bots.registry import get_bot

    players = MODES[mode].players[-1]
    setup = setup_for(mode, PACK, players=players, seed=5)
    setup.starting_authority = 20
    state = new_game(setup)
    bots = [get_bot(bot, seed=k, iterations=4) if bot == "search" else get_bot(bot, seed=k)
            for k in range(players)]
    for _ in range(20_000):
        if state.outcome is not None:
            break
        state.apply(bots[state.decider].choose(state, state.decider))
    assert state.outcome is not None and state.outcome.winning_team is not None
