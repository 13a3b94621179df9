"""M6 emperor turn order: Player 1 and all of team A play, then all of team B, whoever starts.

The Legacy rulebook: "Player 1 goes first, then play passes clockwise; that is, all of team A
take their turns one after another, then all of team B do the same" (docs/rules.md#m6). The
engine's seats are fixed (team 0 = seats 0-2, team 1 = seats 3-5, emperors 1 and 4), so a first
seat other than 0 makes that seat Player 1 and its team team A: its turn, then its teammates
clockwise from it, then the other team clockwise, never the teams interleaved.
"""

from __future__ import annotations

import pytest

from play.engine import GameSetup, SetupError, new_game, setup_for
from play.engine.modes import MODES, plan

from .packs import core_pack
from .test_modes import game, play

PACK = core_pack()
TEAM = [0, 0, 0, 1, 1, 1]  # the emperor layout of docs/modes.md, written out independently

# first seat -> the seats in the order they play one round (written out by hand)
BOOK_ORDER = {
    0: [0, 1, 2, 3, 4, 5],
    1: [1, 2, 0, 3, 4, 5],
    2: [2, 0, 1, 3, 4, 5],
    3: [3, 4, 5, 0, 1, 2],
    4: [4, 5, 3, 0, 1, 2],
    5: [5, 3, 4, 0, 1, 2],
}


def seats_in_play(state, turns: int) -> list[int]:
    """End `turns` turns in a row and return the active seat of each (the first one included)."""
    active = []
    for _ in range(turns):
        active.append(state.active)
        state.apply("end")
    return active


def test_m6_the_expected_orders_keep_team_a_together_then_team_b() -> None:
    """M6: the hand-written table above is itself the book's order (a check on the test)."""
    assert sorted(BOOK_ORDER) == list(range(6))  # every seat may be asked to start
    for first, order in BOOK_ORDER.items():
        assert order[0] == first and sorted(order) == list(range(6))
        assert [TEAM[s] for s in order] == [TEAM[first]] * 3 + [1 - TEAM[first]] * 3


@pytest.mark.parametrize("first", sorted(BOOK_ORDER))
def test_m6_any_first_seat_plays_its_whole_team_then_the_other_team_for_two_rounds(
        first: int) -> None:
    """M6: two rounds of turns from every possible first seat follow the book's order."""
    state = new_game(setup_for("emperor", PACK, players=6, seed=5, first=first))
    assert state.game.order == BOOK_ORDER[first]
    assert seats_in_play(state, 13) == BOOK_ORDER[first] * 2 + [first]
    begun = (BOOK_ORDER[first] * 3)[:14]  # the 13 turns ended and the one just begun
    assert state.turns == [begun.count(s) for s in range(6)] and state.active == begun[-1]


@pytest.mark.parametrize("first", sorted(BOOK_ORDER))
def test_m6_c3_team_a_draws_3_each_and_team_b_5_whoever_starts(first: int) -> None:
    """M6 (C3 for teams): the first seat's team is team A and draws 3 cards each, team B 5."""
    state = new_game(setup_for("emperor", PACK, players=6, seed=5, first=first))
    assert [len(hand) for hand in state.hand] == [3 if TEAM[s] == TEAM[first] else 5
                                                  for s in range(6)]
    assert state.game.role == ["admiral", "emperor", "admiral"] * 2  # seats keep their roles
    assert state.game.team == TEAM


def test_m6_a_setup_saved_without_a_first_seat_still_starts_at_seat_0() -> None:
    """M6: the site saves emperor games with `first` None (seat 0 starts); they replay as
    before: the order 0-5 is the book's order and did not change."""
    setup = setup_for("emperor", PACK, players=6, seed=5)
    saved = setup.to_dict()
    assert saved["first"] is None
    state = new_game(GameSetup.from_dict(saved, PACK))
    assert seats_in_play(state, 12) == BOOK_ORDER[0] * 2


@pytest.mark.parametrize("first", sorted(BOOK_ORDER))
def test_m6_hand_sizes_are_read_in_the_book_turn_order(first: int) -> None:
    """M6: `hand_sizes` are the first hands in turn order, which is the book's order."""
    p = plan("emperor", [None] * 6, first, 50, 5, [1, 2, 3, 4, 5, 6])
    assert [p.first_hand[s] for s in BOOK_ORDER[first]] == [1, 2, 3, 4, 5, 6]


def test_m6_an_eliminated_seat_is_skipped_and_the_teams_still_play_in_turn() -> None:
    """M6: with team A's emperor starting (seat 1), enemy admiral 3 falls in the first turn;
    the next two rounds are 1, 2, 0 then 4, 5 (seat 3 skipped), never a team B seat inside A."""
    state = game("emperor", 6, {1: ["giant"]}, first=1)
    play(state, "giant")
    state.apply("attack 3")  # an emperor may attack any enemy
    state.apply("done")  # the eliminated admiral gives nothing to its emperor
    assert not state.alive[3] and state.outcome is None
    assert seats_in_play(state, 10) == [1, 2, 0, 4, 5] * 2


@pytest.mark.parametrize("players", sorted(set(range(2, 8)) - set(MODES["emperor"].players)))
def test_m6_emperor_is_for_six_players_only(players: int) -> None:
    """M6: emperor is 3 against 3; any other number of seats is refused."""
    assert MODES["emperor"].players == (6,)
    with pytest.raises(SetupError, match="6 players"):
        setup_for("emperor", PACK, players=players, first=0)
