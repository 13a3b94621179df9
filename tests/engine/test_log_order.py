"""The turn log tells draws and reshuffles in the order they happened (C22)."""

from __future__ import annotations

from play.engine import GameSetup, new_game, view
from play.engine.ops import draw

from .packs import card, core_pack, stacked

PACK = core_pack(card("cutter", cost=2, primary=[{"trade": 2}], quantity=10))


def draws_and_shuffles(events: list[tuple], seat: int) -> list[tuple]:
    return [e for e in events if e[0] in ("draw", "reshuffle") and e[1] == seat]


def test_c22_draw_three_reshuffle_draw_two_is_logged_in_that_order() -> None:
    """C22: 3 cards left in the deck, 5 to draw: drew 3, shuffled the discard pile, drew 2."""
    state = stacked(PACK, decks=(["scout"] * 3, None))
    state.apply("end")  # seat 0's 3 hand cards go to the discard pile; it draws 5 from 3
    events = draws_and_shuffles(state.prev_log + state.log, 0)
    assert events[-3:] == [("draw", 0, 3), ("reshuffle", 0), ("draw", 0, 2)]
    lines = [line for line in view(state, 0)["previous_turn_log"] + view(state, 0)["log"]
             if line.startswith("Player 1 drew") or "shuffled" in line]
    assert lines[-3:] == ["Player 1 drew 3 card(s)",
                          "Player 1 shuffled their discard pile into a new deck",
                          "Player 1 drew 2 card(s)"]


def test_c22_a_draw_from_an_empty_deck_logs_the_shuffle_first() -> None:
    """C22: an empty deck is reshuffled before the first card is drawn: no "drew 0" line."""
    state = new_game(GameSetup(pack=PACK, seed=5))
    seat = state.active
    state.discard[seat].extend(state.deck[seat])
    state.deck[seat].clear()
    state.log.clear()
    assert draw(state, seat, 2) == 2
    assert state.log == [("reshuffle", seat), ("draw", seat, 2)]


def test_c22_a_draw_the_deck_covers_is_one_line_and_an_empty_pile_stops_it() -> None:
    """No reshuffle needed: one line; deck and discard pile both run out: only what was drawn."""
    state = new_game(GameSetup(pack=PACK, seed=5))
    seat = state.active
    state.log.clear()
    draw(state, seat, 2)
    assert state.log == [("draw", seat, 2)]
    state.log.clear()
    left = len(state.deck[seat])
    state.discard[seat].clear()
    assert draw(state, seat, left + 4) == left
    assert state.log == [("draw", seat, left)]
