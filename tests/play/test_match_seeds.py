"""Matches get secret 256-bit seeds and keyed shuffles; old matches keep replaying (issue 25 F1).

C25: a player must not be able to work out hidden cards. With 31-bit seeds a player could try
every seed against their first hand and trade row; now the seed space is 2^256 and the shuffles
are a keyed hash of the seed.
"""

from __future__ import annotations

from play import creation, services
from play.creation import SeatSpec
from play.engine import GameSetup, apply, legal_actions
from play.models import Match


def _friendly_match(core_pack, alice) -> Match:
    return creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Friend")])


def test_c25_a_new_match_has_a_256_bit_seed_and_keyed_shuffles(core_pack, alice) -> None:
    match = _friendly_match(core_pack, alice)
    seed = match.setup["seed"]
    assert isinstance(seed, str) and len(seed) == 64 and int(seed, 16) >= 0
    assert match.setup["shuffler"] == "keyed"
    assert set(match.state["rng"]) == {"keyed", "count"}


def test_c25_matches_created_in_the_same_second_share_no_shuffle(core_pack, alice) -> None:
    matches = [_friendly_match(core_pack, alice) for _ in range(6)]
    seeds = {m.setup["seed"] for m in matches}
    keys = {m.state["rng"]["keyed"] for m in matches}
    rows = {tuple(m.state["trade_deck"]) for m in matches}
    assert len(seeds) == len(keys) == len(rows) == 6


def test_c25_a_match_saved_with_a_31_bit_seed_plays_on_with_its_old_shuffles(core_pack, alice) -> None:
    """A match stored before keyed shuffles: its setup has an int seed and no shuffler."""
    match = creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Friend")], seed=12345)
    old_setup = {k: v for k, v in match.setup.items() if k != "shuffler"}
    old_game = services.new_game(GameSetup.from_dict(old_setup, services.match_engine_pack(match)))
    Match.objects.filter(pk=match.pk).update(setup=old_setup, state={})
    match = Match.objects.get(pk=match.pk)
    state = services.engine_state(match)  # no cache: replayed from the old setup
    assert state.trade_deck == old_game.trade_deck
    seat, action = state.decider, legal_actions(state)[0]
    match = services.play(match.pk, seat, action.notation, match.version)
    apply(old_game, action.notation)
    assert services.engine_state(match) == old_game
    assert "shuffler" not in Match.objects.get(pk=match.pk).setup
