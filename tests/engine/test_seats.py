"""N seats and teams: turn order, shared authority, C20 per team, targeting policies."""

from __future__ import annotations

from play.engine import GameSetup, SeatSetup, new_game

from .packs import card, core_pack, inst

PACK = core_pack(card("wall", type="base", cost=3, defense=4, outpost=True),
                 card("brute", primary=[{"combat": 8}]))


def test_three_seats_take_turns_and_first_hands_are_3_4_5() -> None:
    state = new_game(GameSetup(pack=PACK, seats=[SeatSetup() for _ in range(3)], seed=1))
    assert [len(h) for h in state.hand] == [3, 4, 5]
    state.apply("end")
    assert state.active == 1
    state.apply("end")
    assert state.active == 2


def _teams(**kw):
    seats = [SeatSetup(team=0, deck_order=["brute"] + ["scout"] * 9), SeatSetup(team=1),
             SeatSetup(team=0), SeatSetup(team=1, side="federation")]
    return new_game(GameSetup(pack=PACK, seats=seats, seed=2, hand_sizes=[3, 3, 5, 5], **kw))


def test_c20_an_outpost_of_one_teammate_protects_the_whole_team() -> None:
    state = _teams(rules=[{"start_in_play": {"who": "federation", "card": "wall"}}])
    wall = inst(state, "wall", "bases", seat=3)
    state.apply(f"play {inst(state, 'brute')}")
    legal = {a.notation for a in state.legal_actions()}
    assert "attack 1" not in legal and "attack 3" not in legal
    assert f"destroy {wall}" in legal


def test_a_team_shares_one_authority() -> None:
    state = _teams()
    state.apply(f"play {inst(state, 'brute')}")
    state.apply("attack 3")
    assert state.authority == {0: 50, 1: 42}
    assert state.view(1)["players"][1]["authority"] == 42


def test_next_only_targeting_allows_only_the_next_opponent() -> None:
    seats = [SeatSetup(deck_order=["brute"] + ["scout"] * 9), SeatSetup(), SeatSetup()]
    state = new_game(GameSetup(pack=PACK, seats=seats, seed=3, targeting="next"))
    state.apply(f"play {inst(state, 'brute')}")
    legal = {a.notation for a in state.legal_actions()}
    assert "attack 1" in legal and "attack 2" not in legal
