"""Replays (step through a match) and the spectator page: who may look, and that only the public
view shows (C25): never another's hand of a running game, never a deck's order or the seed."""

from __future__ import annotations

import random
import re

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from play import creation, replays, services
from play.creation import SeatSpec
from play.engine import apply, legal_actions, new_game
from play.models import Match

NOTATION = re.compile(r"\b(play|buy|use|attack|destroy|pick|choose|scrap) -?\d+")
COPY_ID = re.compile(r"[a-z]#\d")


def advance(match: Match, actions: int | None = None, seed: int = 11) -> Match:
    """Play `actions` random legal actions (None: to the end) straight through the engine, then
    store them as the match's log the way a move is stored."""
    state = services.engine_state(match)
    rng = random.Random(seed)
    done: list[tuple[str, int]] = []
    while state.outcome is None and (actions is None or len(done) < actions) and len(done) < 4000:
        legal = [a.notation for a in legal_actions(state)]
        eager = [n for n in legal if n.startswith(("attack", "play", "buy"))]
        seat = state.decider
        apply(state, rng.choice(eager or legal))
        done.append((state.history[-1].notation, seat))
    with transaction.atomic():
        services._save(match, state, done)
    match.refresh_from_db()
    return match


@pytest.fixture
def duel(core_pack, alice, bob) -> Match:
    return creation.create_standard_match(core_pack, [SeatSpec("Alice", alice), SeatSpec("Bob", bob)],
                                          seed=4242)


@pytest.fixture
def finished(duel: Match) -> Match:
    match = advance(duel)
    assert match.is_over
    return match


def without_tokens(html: str) -> str:
    """Return the page without its random CSRF tokens, where a short seed may turn up by chance."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)
    return re.sub(r'"X-CSRFToken": *"[^"]*"', "", html)


def shown_instances(html: str) -> set[int]:
    return {int(n) for n in re.findall(r'data-card-id="(-?\d+)"', html)}


def get_step(client: Client, match: Match, step: int | str | None = None):
    url = reverse("play:replay", args=[match.pk])
    return client.get(url if step is None else f"{url}?step={step}")


def test_finished_replay_steps_from_the_setup_to_the_end_in_words(finished: Match,
                                                                  alice_client: Client) -> None:
    total = finished.version
    first = get_step(alice_client, finished, 0).content.decode()
    assert "Before the first move" in first
    middle = get_step(alice_client, finished, total // 2).content.decode()
    assert f"Move {total // 2} of {total}" in middle and 'id="replay-current"' in middle
    last = get_step(alice_client, finished).content.decode()
    assert f"Move {total} of {total}" in last and "Game over" in last
    for page in (first, middle, last):
        assert not NOTATION.search(page), NOTATION.search(page)
        assert not COPY_ID.search(page)
        assert "Alice" in page and "Bob" in page


def test_finished_replay_shows_both_hands_at_every_step_but_never_a_deck(finished: Match,
                                                                         alice_client: Client
                                                                         ) -> None:
    replay = replays.replay_of(finished)
    for step in (0, 1, finished.version // 3, finished.version):
        html = get_step(alice_client, finished, step).content.decode()
        state = replay.state_at(step)
        shown = shown_instances(html)
        assert all(f'data-hand="{seat}"' in html for seat in (0, 1) if state.hand[seat]), step
        assert html.count('class="revealed-hand"') == 2
        assert set(state.hand[0]) | set(state.hand[1]) <= shown
        hidden = set(state.trade_deck) | set(state.deck[0]) | set(state.deck[1])
        assert not shown & hidden, f"step {step} shows deck cards"
        assert str(finished.setup["seed"]) not in without_tokens(html)


def test_running_replay_shows_only_the_public_view_up_to_now(duel: Match, alice_client: Client
                                                            ) -> None:
    """C25: no hand at all (not even the viewer's), no deck, no seed; and nothing after now."""
    match = advance(duel, actions=60)
    assert not match.is_over
    replay = replays.replay_of(match)
    assert replay.total == match.version
    for step in range(0, match.version + 1, 7):
        html = get_step(alice_client, match, step).content.decode()
        state = replay.state_at(step)
        shown = shown_instances(html)
        hidden = (set(state.hand[0]) | set(state.hand[1]) | set(state.trade_deck)
                  | set(state.deck[0]) | set(state.deck[1]))
        assert not shown & hidden, f"step {step} shows hidden cards"
        assert "data-hand=" not in html and str(match.setup["seed"]) not in without_tokens(html)
    assert get_step(alice_client, match, match.version + 1).status_code == 404


def test_replay_state_at_each_step_equals_a_fresh_replay(duel: Match) -> None:
    """The checkpoints give the same game as replaying the log from the start."""
    match = advance(duel, actions=100)
    replay = replays.replay_of(match)
    actions = list(match.actions.order_by("seq").values_list("notation", "seat"))
    for step in (0, 31, 32, 33, 64, 99, 100):
        fresh = new_game(services.engine_setup(match))
        for notation, _seat in actions[:step]:
            apply(fresh, notation)
        assert replay.state_at(step).to_dict() == fresh.to_dict()


@pytest.mark.parametrize("step", ["-1", "abc", "²", "99999", "1.5"])
def test_a_step_that_is_no_step_is_404(finished: Match, alice_client: Client, step: str) -> None:
    assert get_step(alice_client, finished, step).status_code == 404


def test_outsiders_get_404_and_visitors_the_login(finished: Match, client: Client, outsider
                                                  ) -> None:
    assert get_step(client, finished).status_code == 302
    client.force_login(outsider)
    assert get_step(client, finished).status_code == 404
    assert client.get(reverse("play:spectate", args=[finished.pk])).status_code == 404


def test_finished_match_page_links_its_replay(finished: Match, alice_client: Client) -> None:
    page = alice_client.get(reverse("play:match", args=[finished.pk])).content.decode()
    assert reverse("play:replay", args=[finished.pk]) in page and 'id="replay-link"' in page


# -- spectators -----------------------------------------------------------------------------------


def test_campaign_member_without_a_seat_watches_the_public_view(watched: Match, client: Client,
                                                                bob) -> None:
    client.force_login(bob)
    response = client.get(reverse("play:spectate", args=[watched.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    state = services.engine_state(watched)
    hidden = set(state.hand[0]) | set(state.hand[1]) | set(state.deck[0]) | set(state.deck[1])
    assert not shown_instances(html) & hidden
    assert "data-hand=" not in html and str(watched.setup["seed"]) not in without_tokens(html)
    board = reverse("play:spectate_board", args=[watched.pk])
    assert client.get(f"{board}?version={watched.version}").status_code == 204
    moved = client.get(f"{board}?version={watched.version - 1}")
    assert moved.status_code == 200 and 'id="board"' in moved.content.decode()


def test_only_campaign_members_watch(watched: Match, client: Client, alice, outsider) -> None:
    client.force_login(outsider)
    assert client.get(reverse("play:spectate", args=[watched.pk])).status_code == 404
    assert client.get(reverse("play:spectate_board", args=[watched.pk])).status_code == 404
    assert get_step(client, watched).status_code == 404
    client.force_login(alice)  # seated: the match page is hers
    response = client.get(reverse("play:spectate", args=[watched.pk]))
    assert response.status_code == 302 and response.url == watched.get_absolute_url()


def test_running_match_is_replayed_for_its_players_only(watched: Match, client: Client, bob
                                                       ) -> None:
    client.force_login(bob)
    assert get_step(client, watched).status_code == 404  # a spectator watches live instead
    alice_client = Client()
    alice_client.force_login(watched.seats.get(index=0).user)
    assert get_step(alice_client, watched).status_code == 200


def test_campaign_member_replays_a_finished_campaign_match(watched: Match, client: Client, bob
                                                           ) -> None:
    services.resign(watched.pk, 0, watched.version)
    client.force_login(bob)
    response = get_step(client, watched)
    assert response.status_code == 200 and 'data-hand="0"' in response.content.decode()


def test_seated_players_get_the_spectator_link_on_the_match_page(watched: Match, client: Client
                                                                 ) -> None:
    client.force_login(watched.seats.get(index=0).user)
    page = client.get(watched.get_absolute_url()).content.decode()
    assert reverse("play:spectate", args=[watched.pk]) in page


def test_campaign_page_links_the_spectator_page_for_members_without_a_seat(watched: Match,
                                                                           client: Client, bob
                                                                           ) -> None:
    client.force_login(bob)
    page = client.get(reverse("campaign:dashboard", args=[watched.campaign_id])).content.decode()
    assert 'id="watch-game"' in page and reverse("play:spectate", args=[watched.pk]) in page
    client.force_login(watched.seats.get(index=0).user)  # seated: she plays it, no watch link
    page = client.get(reverse("campaign:dashboard", args=[watched.campaign_id])).content.decode()
    assert 'id="watch-game"' not in page
