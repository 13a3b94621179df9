"""States made through the facade carry the convenience methods; the data class stays plain."""

from __future__ import annotations

import doctest

from play.engine import (
    GameSetup,
    GameState,
    PlayState,
    clone,
    deserialize,
    legal_actions,
    load_pack,
    new_game,
    playstate,
    replay,
    serialize,
    tiny_pack,
    view,
)


def _game() -> PlayState:
    return new_game(GameSetup(pack=load_pack(tiny_pack()), seed=3))


def test_every_facade_route_to_a_state_gives_a_play_state() -> None:
    state = _game()
    state.apply(state.legal_actions()[0])
    copies = [clone(state), state.clone(), deserialize(serialize(state), state.game.setup.pack),
              replay(state.game.setup, [a.notation for a in state.history])]
    assert all(type(s) is PlayState for s in [state, *copies])
    assert all(s == state for s in copies)


def test_methods_give_what_the_functions_give() -> None:
    state = _game()
    assert state.legal_actions() == legal_actions(state)
    assert state.view(1) == view(state, 1) and state.view() == view(state, None)
    state.resign(0)
    assert state.outcome is not None and state.outcome.winner == 1


def test_the_data_class_has_no_rules_methods() -> None:
    assert isinstance(_game(), GameState)
    assert not any(hasattr(GameState, m) for m in ("apply", "legal_actions", "resign", "view"))


def test_playstate_docstring_example_runs() -> None:
    result = doctest.testmod(playstate)
    assert result.attempted > 0 and result.failed == 0


def test_reading_saved_states_of_one_game_builds_its_constant_part_once() -> None:
    state = _game()
    pack = state.game.setup.pack
    first = deserialize(serialize(state), pack)
    state.apply(state.legal_actions()[0])
    later = deserialize(serialize(state), pack)
    assert later == state and later.game is first.game  # shared, and the game still reads right
    later.apply(later.legal_actions()[0])  # playing on never touches the shared part
    assert deserialize(serialize(state), pack) == state


def test_a_saved_state_read_with_another_pack_object_uses_that_pack() -> None:
    state = _game()
    other_pack = load_pack(tiny_pack())
    again = deserialize(serialize(state), other_pack)
    assert again.game.pack is other_pack and again == state
    other_seed = new_game(GameSetup(pack=state.game.setup.pack, seed=4))
    assert deserialize(serialize(other_seed), state.game.setup.pack).game is not state.game
