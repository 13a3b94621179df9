"""Game setup: starting authority, decks, hands, explorers, trade row (C1-C5)."""

from __future__ import annotations

import pytest

from play.engine import GameSetup, SeatSetup, SetupError, new_game

from .packs import card, core_pack, ids, stacked

PACK = core_pack(card("blob-fighter", factions=("blob",), primary=[{"combat": 3}], quantity=20),
                 card("cutter", cost=2, factions=("federation",), primary=[{"trade": 2}],
                      quantity=20))


def test_c1_each_player_starts_with_50_authority() -> None:
    state = new_game(GameSetup(pack=PACK, seed=1))
    assert [p["authority"] for p in state.view(0)["players"]] == [50, 50]


def test_c1_authority_may_rise_above_50() -> None:
    pack = core_pack(card("medic", primary=[{"authority": 5}]))
    state = stacked(pack, hands=(["medic"], []))
    state.apply(f"play {state.hand[0][0]}")
    assert state.authority[0] == 55


def test_c2_personal_deck_is_8_scouts_and_2_vipers() -> None:
    state = new_game(GameSetup(pack=PACK, seed=2))
    for seat in (0, 1):
        cards = ids(state, state.deck[seat] + state.hand[seat])
        assert sorted(cards) == ["scout"] * 8 + ["viper"] * 2


def test_c2_personal_deck_is_shuffled_by_the_seed() -> None:
    orders = {tuple(ids(new_game(GameSetup(pack=PACK, seed=s)), new_game(
        GameSetup(pack=PACK, seed=s)).deck[0])) for s in range(20)}
    assert len(orders) > 1


def test_c3_first_player_draws_3_second_draws_5() -> None:
    state = new_game(GameSetup(pack=PACK, seed=3, first=1))
    assert state.active == 1
    assert len(state.hand[1]) == 3 and len(state.hand[0]) == 5


def test_c4_explorer_pile_starts_with_10() -> None:
    state = new_game(GameSetup(pack=PACK, seed=4))
    assert state.view(0)["explorers"] == 10


def test_c5_trade_row_has_five_face_up_cards_from_the_trade_deck() -> None:
    state = new_game(GameSetup(pack=PACK, seed=5))
    view = state.view(0)
    assert len([c for c in view["trade_row"] if c]) == 5
    assert view["trade_deck_size"] == 40 - 5


def test_same_seed_gives_the_same_game_and_copies_are_tracked() -> None:
    a = new_game(GameSetup(pack=PACK, seed=9))
    b = new_game(GameSetup(pack=PACK, seed=9))
    assert a == b
    assert all(a.game.copy_id[c].startswith(("blob-fighter#", "cutter#")) for c in a.row)


def test_setup_round_trips_through_json() -> None:
    setup = GameSetup(pack=PACK, seed=7, seats=[SeatSetup(name="A"), SeatSetup(name="B")])
    assert GameSetup.from_dict(setup.to_dict(), PACK) == setup


@pytest.mark.parametrize("setup, message", [
    (dict(trade_deck=["nope#1"]), "not a trade-deck copy"),
    (dict(trade_deck=["cutter#1", "cutter#1"]), "listed twice"),
    (dict(trade_deck=["cutter#99"]), "not a trade-deck copy"),
    (dict(first=5), "first player"),
    (dict(seats=[SeatSetup()]), "2 to 6 seats"),
    (dict(seats=[SeatSetup(deck={"dragon": 3}), SeatSetup()]), "unknown card"),
    (dict(seats=[SeatSetup(deck={"scout": "x"}), SeatSetup()]), "counts"),
    (dict(starting_authority=0), "starting_authority"),
    (dict(hand_sizes=[3, -1]), "hand_sizes"),
    (dict(hand_sizes=[3]), "one per seat"),
    (dict(seats=[SeatSetup(sheets=["nope"]), SeatSetup()]), "unknown sticker sheet"),
    (dict(vp_cards=["nope"]), "unknown VP card"),
    (dict(trade_deck=[{"copy": "cutter#1", "sticker": "x:1:ship", "side": "empire"}]),
     "unknown sticker"),
    (dict(trade_deck=[7]), "trade-deck entry"),
])
def test_bad_setups_raise_a_clear_error(setup: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new_game(GameSetup(pack=PACK, **setup))
