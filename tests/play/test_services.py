"""The match services: create, move, bots answer, stale/illegal/wrong seat refused, resign, replay."""

from __future__ import annotations

import random

import pytest

from play import creation, services
from play.creation import SeatSpec
from play.engine import legal_actions
from play.models import Match, MatchAction
from play.services import MatchError, NotYourTurn, StaleMatch


def bot_match(core_pack, alice, bot: str = "heuristic", seed: int = 5) -> Match:
    return creation.create_standard_match(
        core_pack, [SeatSpec("Alice", alice), SeatSpec("Bot", bot=bot)], seed=seed)


def human_seat_turn(match: Match) -> tuple[int, list[str]]:
    state = services.engine_state(match)
    return state.decider, [a.notation for a in legal_actions(state)]


def test_bot_answers_in_the_same_request_and_the_cache_equals_a_replay(core_pack, alice) -> None:
    """C3: whoever goes first, after creation it is alice's decision (the bot already moved)."""
    match = bot_match(core_pack, alice)
    decider, legal = human_seat_turn(match)
    assert decider == 0 and legal
    before = match.version
    match = services.play(match.pk, 0, "end", before)
    assert match.version > before + 1  # alice's end, then the bot's whole turn
    assert MatchAction.objects.filter(match=match).count() == match.version
    assert services.engine_state(match).decider == 0
    assert services.replay_match(match) == services.engine_state(match)


def test_play_a_whole_game_against_the_random_bot(core_pack, alice) -> None:
    """Random legal moves by alice; the bot answers each time; the game ends with a winner (C26)."""
    rng = random.Random(1)
    match = bot_match(core_pack, alice, bot="random", seed=11)
    for _ in range(3000):
        if match.is_over:
            break
        decider, legal = human_seat_turn(match)
        assert decider == 0
        plays = [n for n in legal if n.startswith(("play", "attack"))]
        match = services.play(match.pk, 0, rng.choice(plays or legal), match.version)
    assert match.is_over and match.result["winner"] in (0, 1)
    assert match.result["reason"] == "authority"
    assert services.replay_match(match) == services.engine_state(match)


def test_stale_version_is_refused_and_changes_nothing(core_pack, alice) -> None:
    match = bot_match(core_pack, alice)
    with pytest.raises(StaleMatch) as error:
        services.play(match.pk, 0, "end", match.version - 1)
    assert error.value.status == 409
    assert Match.objects.get(pk=match.pk).version == match.version


def test_illegal_action_gives_the_engine_message_and_changes_nothing(core_pack, alice) -> None:
    match = bot_match(core_pack, alice)
    for notation in ("play 999", "buy explorer up x", "nonsense", ""):
        with pytest.raises(MatchError) as error:
            services.play(match.pk, 0, notation, match.version)
        assert error.value.status == 400 and str(error.value)
    fresh = Match.objects.get(pk=match.pk)
    assert fresh.version == match.version and fresh.state == match.state


def test_only_the_deciding_seat_may_act(core_pack, alice) -> None:
    match = bot_match(core_pack, alice)
    with pytest.raises(NotYourTurn):
        services.play(match.pk, 1, "end", match.version)
    assert Match.objects.get(pk=match.pk).version == match.version


def test_resign_ends_the_game_and_replays(core_pack, alice) -> None:
    match = bot_match(core_pack, alice)
    match = services.resign(match.pk, 0, match.version)
    assert match.is_over and match.result == {**match.result, "winner": 1, "reason": "resign"}
    assert services.replay_match(match).outcome.winner == 1
    with pytest.raises(MatchError):
        services.play(match.pk, 0, "end", match.version)


def test_unknown_bot_is_refused(core_pack, alice) -> None:
    with pytest.raises(MatchError):
        SeatSpec("Bot", bot="oracle")


def test_standard_match_needs_a_core_pack(legacy, alice, bob) -> None:
    with pytest.raises(MatchError):
        creation.create_standard_match(legacy, [SeatSpec("A", alice), SeatSpec("B", bob)])


def test_search_bot_answers_within_a_few_seconds(core_pack, alice) -> None:
    import time
    match = bot_match(core_pack, alice, bot="search", seed=3)
    started = time.monotonic()
    services.play(match.pk, 0, "end", match.version)
    assert time.monotonic() - started < 5


def test_for_user_lists_only_seated_players(core_pack, alice, bob, outsider) -> None:
    match = creation.create_standard_match(core_pack, [SeatSpec("A", alice), SeatSpec("B", bob)])
    assert list(Match.objects.for_user(alice)) == [match]
    assert list(Match.objects.for_user(bob)) == [match]
    assert not Match.objects.for_user(outsider).exists()
