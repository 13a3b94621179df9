"""CPU per move and per board, in one process: a quieter companion to web_load.py.

    python benchmarks/move_cpu.py --db (sqlite|postgres) [--matches 20] [--moves 400] [--tree PATH]

Creates M matches of two signed-in players on a throw-away database (benchmarks/webserver.py),
then plays them through Django's test client: each move is the htmx POST a player's page sends
(a legal action read from the board, "end" a quarter of the time), followed by the board fetch
of the other seat, as the live stream makes it. It prints one JSON line with the median and p95
CPU milliseconds of this process per move and per board fetch (`time.process_time`, so other
programs on a busy machine cost it less than they cost wall-clock figures; the database server's
own CPU is not in it on PostgreSQL, web_load.py measures that).

`--tree PATH` runs the same measurement against another checkout of the project (for example
an older commit from `git worktree add`), so a before/after pair is one script on one machine.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
NOTATION = re.compile(r'data-notation="([^"]*)"')
VERSION = re.compile(r'<div id="board"[^>]*data-version="(\d+)"')


def start_django(tree: Path, database_url: str) -> None:
    """Make `tree` the project this process runs, on `database_url`, with DEBUG off."""
    sys.path.insert(0, str(tree))
    os.chdir(tree)
    os.environ.update({
        "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": database_url,
        "DEBUG": "0", "SECRET_KEY": "benchmark-only-secret-key-0123456789abcdef", "HTTPS": "0",
        "ALLOWED_HOSTS": "testserver",
    })
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def create_matches(tree: Path, count: int) -> list[tuple[int, list]]:
    """Create `count` two-player core-set matches; return (match id, [user, user]) pairs."""
    from django.contrib.auth import get_user_model

    from cards.loading import load_pack_file

    try:
        from play.creation import SeatSpec, create_standard_match
    except ImportError:  # a checkout from before play/creation.py (issue 21)
        from play.services import SeatSpec, create_standard_match

    pack = load_pack_file(tree / "fixtures" / "packs" / "core-set.json").pack
    users = get_user_model().objects
    found = []
    for number in range(count):
        pair = [users.create(username=f"m{number}{side}") for side in "ab"]
        match = create_standard_match(pack, [SeatSpec(u.username, u) for u in pair], seed=number)
        found.append((match.pk, pair))
    return found


def cpu_ms(call) -> tuple[float, object]:
    """Run `call`; return (this process's CPU milliseconds, its result)."""
    started = time.process_time()
    result = call()
    return (time.process_time() - started) * 1000, result


def play(matches: list[tuple[int, list]], moves: int, rng: random.Random) -> dict[str, list]:
    """Play `moves` moves round-robin over the matches; return the CPU cost of each request."""
    from django.test import Client

    clients = {}
    for match_id, pair in matches:
        for user in pair:
            client = Client(HTTP_HX_REQUEST="true")
            client.force_login(user)
            clients[match_id, user.pk] = client
    costs: dict[str, list] = {"move": [], "board": [], "errors": []}
    boards = {key: client.get(f"/play/{key[0]}/board/").content.decode()
              for key, client in clients.items()}
    while len(costs["move"]) < moves:
        for match_id, pair in matches:
            mover = next((u for u in pair if 'data-my-turn="1"' in boards[match_id, u.pk]), None)
            if mover is None:
                continue
            board = boards[match_id, mover.pk]
            notations = [html.unescape(n) for n in NOTATION.findall(board)]
            others = [n for n in notations if n != "end"]
            notation = rng.choice(others) if others and rng.random() < 0.75 else "end"
            form = {"notation": notation, "version": VERSION.search(board).group(1)}
            cost, answer = cpu_ms(lambda: clients[match_id, mover.pk].post(
                f"/play/{match_id}/act/", form))
            if answer.status_code != 200:
                costs["errors"].append(f"move {notation!r}: {answer.status_code}")
                continue
            costs["move"].append(cost)
            boards[match_id, mover.pk] = answer.content.decode()
            for user in pair:
                if user is not mover:
                    cost, answer = cpu_ms(lambda u=user: clients[match_id, u.pk].get(
                        f"/play/{match_id}/board/"))
                    costs["board"].append(cost)
                    boards[match_id, user.pk] = answer.content.decode()
    return costs


def p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--tree", type=Path, default=HERE)
    args = parser.parse_args()
    if not 1 <= args.matches <= 200 or not 10 <= args.moves <= 20000:
        parser.error("use 1-200 matches and 10-20000 moves")
    sys.path.insert(0, str(HERE))
    from benchmarks.webserver import throwaway_database

    with throwaway_database(args.db) as (url, _pid):
        start_django(args.tree.resolve(), url)
        matches = create_matches(args.tree.resolve(), args.matches)
        costs = play(matches, args.moves, random.Random(1))
        from django.db import connections

        connections.close_all()
    print(json.dumps({
        "db": args.db, "tree": str(args.tree), "matches": args.matches,
        "moves": len(costs["move"]), "boards": len(costs["board"]),
        "move_cpu_ms_median": round(statistics.median(costs["move"]), 2),
        "move_cpu_ms_p95": round(p95(costs["move"]), 2),
        "board_cpu_ms_median": round(statistics.median(costs["board"]), 2),
        "board_cpu_ms_p95": round(p95(costs["board"]), 2),
        "errors": len(costs["errors"]), "error_examples": costs["errors"][:3],
        "loadavg_1min": os.getloadavg()[0],
    }))


if __name__ == "__main__":
    main()
