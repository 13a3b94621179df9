"""Random playouts of every mode (M1-M7) with 2-6 seats, checking invariants after every action.

As tests/engine/test_playout.py, for N seats: each card instance is in exactly one zone; pools
are never negative; the decider has a legal action; a dead seat decides only its gifts. On a
sample of steps: no view shows a card that seat may not see (decks, the trade deck, other hands
except a fellow raider's, M7), no view names the seed; the state survives serialize /
deserialize; every listed action passes `action_error`; some games are replayed exactly.
Games start at 15 authority (modes scale it) so 500+ games per mode fit in the time budget.
"""

from __future__ import annotations

import json

import pytest

from play.engine import deserialize, serialize, setup_for, view
from play.engine.bots.random_bot import RandomBot
from play.engine.modes import MODES
from play.engine.rules import action_error

from .packs import EVERYTHING, playouts, random_playout
from .test_views import card_ids

pytestmark = pytest.mark.long

GAMES_PER_MODE = 250  # times STARLEDGER_PLAYOUTS (tests/engine/packs.py)
MAX_STEPS = 6000


def hidden_from(state, seat: int | None) -> set[int]:
    """Return the card ids `seat` may not see now (None: a spectator)."""
    game = state.game
    hidden = set(state.trade_deck)
    gifts = state.pending is not None and state.pending.kind == "bequeath"
    for s in range(game.n):
        if not (gifts and s == seat == state.pending.seat):  # the leaver looks through its deck
            hidden |= set(state.deck[s])
        fellow = seat is not None and game.mode.team_hands and \
            game.role[seat] == game.role[s] == "raider"
        if s != seat and not fellow:
            hidden |= set(state.hand[s])
    return hidden


def check_every_step(state, total: int) -> None:
    zones = [*state.trade_deck, *state.explorers, *state.heap, *state.acquiring,
             *(c for c in state.row if c >= 0)]
    for seat in range(state.game.n):
        zones += state.deck[seat] + state.hand[seat] + state.discard[seat] + state.ships[seat] \
            + state.bases[seat]
        assert state.trade[seat] >= 0 and state.combat[seat] >= 0
        if not state.alive[seat] and state.outcome is None and state.pending is None:
            assert not (state.hand[seat] or state.deck[seat] or state.bases[seat]) \
                or not state.game.mode.scrap_eliminated, "an eliminated seat kept its cards"
    assert len(zones) == total and len(set(zones)) == total, "a card is in two zones or none"
    if state.outcome is None:
        assert state.pending is None or state.legal_actions(), "no legal action"
        assert state.alive[state.decider] or state.pending.kind == "bequeath"


def check_sample(state, pack) -> None:
    for seat in [*range(state.game.n), None]:
        data = view(state, seat)
        assert not card_ids(data) & hidden_from(state, seat)
        text = json.dumps(data)
        assert '"seed"' not in text and '"rng"' not in text
    data = json.loads(json.dumps(serialize(state)))
    assert deserialize(data, pack) == state
    for action in state.legal_actions():
        assert action_error(state, action) is None, action.notation


def playout(mode: str, players: int, seed: int, sample_every: int, replay_check: bool):
    setup = setup_for(mode, EVERYTHING, players=players, seed=seed, first=None)
    setup.starting_authority = 15
    state = random_playout(setup, [RandomBot(seed * 10 + k) for k in range(players)],
                           check_step=lambda state: check_every_step(state, len(state.design)),
                           check_sample=lambda state: check_sample(state, EVERYTHING),
                           sample_every=sample_every, seed=seed, max_steps=MAX_STEPS,
                           replay_check=replay_check)
    return state


@pytest.mark.parametrize("mode", list(MODES))
def test_m1_m7_random_games_of_every_mode_and_seat_count_keep_the_invariants(mode: str) -> None:
    counts = MODES[mode].players
    winners: dict[int, int] = {}
    for g in playouts(GAMES_PER_MODE):
        players = counts[g % len(counts)]
        state = playout(mode, players, g, sample_every=600, replay_check=g % 50 == 0)
        assert state.outcome.winning_team is not None
        winners[state.outcome.winning_team] = winners.get(state.outcome.winning_team, 0) + 1
    assert len(winners) >= 2, f"{mode}: the same team always wins: {winners}"
