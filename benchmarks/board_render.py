"""Board rendering in process: what one board costs the server on every move and refresh.

Builds a throw-away SQLite database, plays a 2-player core-set game and a 4-player free-for-all
some turns in (random plays and buys), then measures for each (median of --samples, warm caches):
- `render_ms`: presenting the seat's view (`play.board.Board`) and rendering the Jinja2 board;
- `partial_ms`: the whole htmx board request (`GET /play/<id>/board/`, as a refresh fetches it)
  through Django's test client: reading the match, presenting and rendering;
- `html_kb`: the size of the board's HTML.
Prints one JSON line.

    python benchmarks/board_render.py [--samples 60] [--turns 8]
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
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--turns", type=int, default=8)
    args = parser.parse_args()
    throwaway_site("board", DEBUG="0", SECRET_KEY="board-bench-only")
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from play import creation, services
    from play.creation import SeatSpec
    from play.engine import legal_actions

    settings.TASKS_SYNC = True  # the bots answer at once, in process
    pack = load_pack("core-set")
    user = get_user_model().objects.create_user("ann", password="x")
    two = creation.create_standard_match(pack, [SeatSpec("Ann", user),
                                                SeatSpec("Bot", bot="heuristic")], seed=7)
    four = creation.create_mode_match("ffa", [SeatSpec("Ann", user)] + [
        SeatSpec(f"Bot {k}", bot="heuristic") for k in (1, 2, 3)], pack=pack, seed=7)
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    found = {}
    for name, match in (("two", two), ("four", four)):
        match = _advance(services, legal_actions, match, args.turns)
        found[name] = _measure(client, match, args.samples)
    print(json.dumps(found))


def _advance(services, legal_actions, match, turns: int):
    """Play the human seat's plays and buys until its turn `turns`, then two plays."""
    rng = random.Random(3)
    while True:
        state = services.engine_state(match)
        if state.outcome is not None or (state.turn >= turns and state.active == 0
                                         and not state.ships[0] and state.pending is None):
            break
        legal = [a.notation for a in legal_actions(state)]
        moves = [n for n in legal if n.startswith(("play", "buy"))] or [
            n for n in legal if not n.startswith("attack")] or legal
        match = services.play(match.pk, 0, rng.choice(moves), match.version)
    for _ in range(2):
        plays = [a.notation for a in legal_actions(services.engine_state(match))
                 if a.notation.startswith("play")]
        if plays:
            match = services.play(match.pk, 0, plays[0], match.version)
    return match


def _measure(client, match, samples: int) -> dict:
    from django.test import RequestFactory

    from play import jinja, modes_web, services
    from play.board import Board
    from play.engine import view
    from play.faces import MatchFaces, web_size
    from play.views import BOARD

    url = f"/play/{match.pk}/board/?version=-1"
    request = RequestFactory().get(url)
    request.user = match.seat_list[0].user
    state = services.engine_state(match)
    renders, partials, size = [], [], 0
    for _ in range(samples):
        started = time.perf_counter()
        board = Board(view(state, 0), match.pack.data, state, MatchFaces(match),
                      [s.name for s in match.seat_list], modes_web.mode_of(match)).context()
        jinja.render(BOARD, {"match": match, "board": board, "version": match.version,
                             "face_size": web_size(), "act_url": "/a/", "board_url": "/b/",
                             "resign_url": "/r/", "poll_seconds": 1}, request)
        renders.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        response = client.get(url, HTTP_HX_REQUEST="true", secure=True)
        partials.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.status_code
        size = len(response.content)
    return {"render_ms": round(statistics.median(renders), 2),
            "partial_ms": round(statistics.median(partials), 2), "html_kb": round(size / 1024, 1)}


if __name__ == "__main__":
    main()
