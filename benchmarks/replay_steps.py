"""Replay stepping on a long game: how fast /play/<id>/replay/?step=N answers.

Builds a throw-away SQLite database, stores a core-set game of about --actions actions (random
legal moves that rarely attack, so the game lasts; a resignation ends it), then measures:
- `build_ms`: replaying the whole log once (a cold cache: the first request after a change);
- `state_at_ms`: rebuilding one step from the nearest checkpoint (median over --samples steps);
- `page_ms`: the whole replay page of a random step through the test client (median, warm);
- `page_cold_ms`: the same page with the per-process cache emptied first (median).
Prints one JSON line.

    python benchmarks/replay_steps.py [--actions 1000] [--samples 30]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from sandbox import load_pack, throwaway_site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--samples", type=int, default=30)
    args = parser.parse_args()
    throwaway_site("replay")
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.test import Client

    from play import creation, replays, services
    from play.creation import SeatSpec
    from play.engine import apply, legal_actions

    pack = load_pack("core-set")
    users = [get_user_model().objects.create_user(name, password="x") for name in ("ann", "ben")]
    match = creation.create_standard_match(pack, [SeatSpec("Ann", users[0]),
                                                  SeatSpec("Ben", users[1])], seed=7)
    state, rng, done = services.engine_state(match), random.Random(7), []
    while state.outcome is None and len(done) < args.actions - 1:
        legal = [a.notation for a in legal_actions(state)]
        calm = [n for n in legal if not n.startswith("attack")] or legal
        seat = state.decider
        apply(state, rng.choice(legal if rng.random() < 0.05 else calm))
        done.append((state.history[-1].notation, seat))
    with transaction.atomic():
        services._save(match, state, done)
    if state.outcome is None:
        match = services.resign(match.pk, 0, match.version)
    match.refresh_from_db()

    replays.REPLAYS.clear()
    started = time.perf_counter()
    replay = replays.replay_of(match)
    build_ms = (time.perf_counter() - started) * 1000
    steps = [rng.randrange(replay.total + 1) for _ in range(args.samples)]
    state_at = []
    for step in steps:
        started = time.perf_counter()
        replay.state_at(step)
        state_at.append((time.perf_counter() - started) * 1000)
    client = Client(HTTP_HOST="localhost")
    client.force_login(users[0])
    url = f"/play/{match.pk}/replay/"

    def page(step: int, cold: bool) -> float:
        if cold:
            replays.REPLAYS.clear()
        started = time.perf_counter()
        response = client.get(f"{url}?step={step}")
        assert response.status_code == 200, response.status_code
        return (time.perf_counter() - started) * 1000

    warm = [page(step, False) for step in steps]
    cold = [page(step, True) for step in steps[:10]]
    print(json.dumps({"actions": replay.total, "checkpoint": replays.CHECKPOINT,
                      "build_ms": round(build_ms, 1),
                      "state_at_ms": round(statistics.median(state_at), 2),
                      "page_ms": round(statistics.median(warm), 1),
                      "page_cold_ms": round(statistics.median(cold), 1)}))


if __name__ == "__main__":
    main()
