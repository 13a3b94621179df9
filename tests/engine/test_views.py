"""What each seat may see (C25), the event log, and JSON safety."""

from __future__ import annotations

import json

from play.engine import GameSetup, new_game, public_view, view

from .packs import card, core_pack, inst, stacked

PACK = core_pack(card("cutter", cost=2, factions=("federation",), primary=[{"trade": 2}],
                      scrap=[{"combat": 1}], quantity=20))


def card_ids(data) -> set[int]:
    """Every card instance id that appears anywhere in a view."""
    found: set[int] = set()
    if isinstance(data, dict):
        if "id" in data and "card" in data:
            found.add(data["id"])
        for value in data.values():
            found |= card_ids(value)
    elif isinstance(data, list):
        for value in data:
            found |= card_ids(value)
    return found


def hidden_from(state, seat: int | None) -> set[int]:
    hidden = set(state.trade_deck)
    for s in range(2):
        hidden |= set(state.deck[s])
        if s != seat:
            hidden |= set(state.hand[s])
    return hidden


def test_c25_views_hold_no_other_hand_no_deck_and_no_seed() -> None:
    state = new_game(GameSetup(pack=PACK, seed=3))
    for seat in (0, 1, None):
        data = view(state, seat)
        json.dumps(data)  # JSON-safe
        assert not card_ids(data) & hidden_from(state, seat)
        text = json.dumps(data)
        assert "rng" not in text and "seed" not in text
    assert len(view(state, 0)["hand"]) == 3 and view(state, 0)["players"][1]["hand_size"] == 5
    assert public_view(state)["hand"] is None


def test_c25_discard_piles_and_scrap_heap_are_public() -> None:
    state = stacked(PACK, hands=(["cutter"], []))
    cutter = inst(state, "cutter")
    state.apply(f"play {cutter}")
    state.apply(f"use {cutter} 1")
    assert [c["card"] for c in public_view(state)["scrap_heap"]] == ["cutter"]
    state.apply("end")
    assert len(public_view(state)["players"][0]["discard"]) == 2


def test_event_log_reads_as_sentences_and_hides_draws() -> None:
    state = stacked(PACK, hands=(["cutter"], []))
    state.apply(f"play {inst(state, 'cutter')}")
    state.apply("end")
    lines = view(state, 1)["previous_turn_log"]
    assert "Player 1 played Cutter" in lines
    assert "Player 1 gained 2 trade" in lines
    assert "Player 1 drew 5 card(s)" in lines


def test_legal_actions_only_in_the_deciders_view() -> None:
    state = new_game(GameSetup(pack=PACK, seed=1))
    assert view(state, 0)["legal"] and view(state, 1)["legal"] == []


def test_c6_scrapped_cards_leave_the_game_for_good_and_stay_public() -> None:
    state = stacked(PACK, hands=(["cutter"], []), decks=([], []))
    cutter = inst(state, "cutter")
    state.apply(f"play {cutter}")
    state.apply(f"use {cutter} 1")
    for _ in range(6):  # several turns and reshuffles later it never comes back
        state.apply("end")
    assert cutter in state.heap
    assert all(cutter not in zone for zones in (state.deck, state.hand, state.discard)
               for zone in zones)
    assert [c["id"] for c in view(state, 1)["scrap_heap"]] == [cutter]


def test_every_legal_action_has_a_readable_label() -> None:
    state = stacked(PACK, hands=(["cutter", "scout", "viper"], []), row=["cutter"] * 5)
    for _ in range(3):
        state.apply(f"play {state.hand[0][0]}")
    data = view(state, 0)
    assert set(data["labels"]) == set(data["legal"])
    assert data["labels"][f"buy {state.row[0]}"] == "Buy Cutter"
    assert data["labels"]["attack 1"] == "Attack Player 2 with 1 combat"
    assert data["labels"]["end"] == "End turn"


def test_c3_random_first_player_comes_from_the_seed() -> None:
    firsts = {new_game(GameSetup(pack=PACK, seed=s, first=None)).active for s in range(30)}
    assert firsts == {0, 1}
    assert new_game(GameSetup(pack=PACK, seed=5, first=None)) == \
        new_game(GameSetup(pack=PACK, seed=5, first=None))
