"""Play many bot-versus-bot games and print the figures as one JSON line (the last stdout line).

    python -m play.engine.simulate --pack fixtures/packs/core-set.json --bots heuristic,random \\
        --games 500 --seed 1

Seats alternate the first player each game (game g: seat g % 2 starts). Bot options go after the
bot name: ``--opt search:iterations=32`` (values are read as JSON when they parse). A legacy pack
needs no scenario: the seats take the two sides' personal decks (L7) and each side's scenario-1
sticker sheet, which is also its political-victory sheet (L18, L19), so upgrades happen too.

``--pack core.json,colony-wars.json`` mixes packs: the trade deck is the union of their trade
cards; scouts, vipers, explorers (and a legacy pack's sides) come from the first.

A progress bar goes to stderr only when stderr is a terminal, so piped output stays clean.

``--mode M --players N`` plays a game mode (docs/modes.md) with N seats; ``--bots`` is then one
name for every seat or one per seat, seat 0 always moves first, and the JSON line counts wins by
seat, team and bot name, mean turns and errors:

    python -m play.engine.simulate --pack fixtures/packs/core-set.json --mode hunter \\
        --players 4 --bots heuristic --games 200 --seed 1

This module is the command line only; the games are played by `bulk` (the one home for playing
games in bulk), which the facade exports.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from . import modes
from .bots.registry import get_bot
from .bulk import parse_options, read_packs, run, run_mode
from .errors import EngineError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m play.engine.simulate",
                                     description="Play bot-versus-bot games; last line is JSON.")
    parser.add_argument("--pack", required=True,
                        help="content pack JSON file; several, comma-separated, mix their trade "
                             "decks (starting cards from the first)")
    parser.add_argument("--bots", default="heuristic,random",
                        help="comma-separated bot names, one per seat (random, heuristic, search); "
                             "with --mode also one name for every seat")
    parser.add_argument("--mode", choices=list(modes.MODES),
                        help="a game mode (docs/modes.md); without it: 2-player games with "
                             "alternating first player")
    parser.add_argument("--players", type=int,
                        help="seats for --mode (default: the number of --bots names, or the "
                             "mode's smallest table)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opt", action="append", default=[], metavar="BOT:KEY=VALUE",
                        help="a bot option, e.g. search:iterations=32 (repeatable)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; return the exit status (2 with a message on stderr for bad input)."""
    args = build_parser().parse_args(argv)
    try:
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        names = [n.strip() for n in args.bots.split(",") if n.strip()]
        if args.mode is None and args.players is not None:
            raise ValueError("--players needs a --mode")
        if args.mode is None and len(names) != 2:
            raise ValueError("--bots needs two bot names, e.g. heuristic,random")
        options = parse_options(args.opt)
        for name in names:  # fail on a bad bot name or option before playing anything
            get_bot(name, seed=0, **options.get(name, {}))
        pack = read_packs(args.pack)
        if args.mode is None:
            summary = run(pack, names, args.games, args.seed, options,
                          progress=sys.stderr.isatty())
        else:
            players = args.players or (len(names) if len(names) > 1
                                       else modes.MODES[args.mode].players[0])
            summary = run_mode(pack, args.mode, players, names, args.games, args.seed, options,
                               progress=sys.stderr.isatty())
    except (ValueError, EngineError) as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
