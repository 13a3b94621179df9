"""Games in bulk: the one home for playing many bot games (the CLI is `simulate`).

`play_game` plays one game with given bots (optionally cut after a number of turns),
`play_bot_game` one game with the same bot in every seat cut after `CUT_TURNS`, and `game_seed`
derives stable per-game seeds; `run` and `run_mode` play many games and sum them up. The scenario
balance method (`balance`) and the bot campaigns (campaign/simulation.py, through the facade)
call them.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from . import modes
from .bots import Bot
from .bots.registry import get_bot
from .content import Pack, load_pack, merge_packs
from .errors import PackError
from .playstate import new_game
from .rules import apply
from .setup import GameSetup, SeatSetup, setup_for
from .state import Outcome

MAX_DECISIONS = 20_000  # a game still running after this many actions is stopped as a draw
# Legacy bot games (scenario balance, bot campaigns) are cut, with no winner, after 200 turns
# (both players); the action limit is a safety net against a bot that never ends its turn.
CUT_TURNS = 200
CUT_DECISIONS = 40_000


@dataclass
class GameResult:
    """What one game produced: the winner (None: draw or stopped), turns, actions, think time.

    `outcome` is the engine's `Outcome` (None when the game was stopped); `stats` the per-seat
    counters of the final state (cards acquired, bases destroyed, upgrades, ...).
    """

    winner: int | None
    first: int
    turns: int
    decisions: int
    turn_seconds: list[list[float]] = field(default_factory=list)  # per seat, per own turn
    turn_cpu_seconds: list[list[float]] = field(default_factory=list)  # the same in CPU time
    outcome: Outcome | None = None
    stats: list[dict] = field(default_factory=list)


def play_game(setup: GameSetup, bots: Sequence[Bot], max_decisions: int = MAX_DECISIONS,
              max_turns: int | None = None, timed: bool = True) -> GameResult:
    """Play one game to the end; time every seat's thinking per turn it was active.

    The game stops without an outcome after `max_decisions` actions, or once its turn number
    passes `max_turns`. Wall-clock and CPU time both: on a shared machine the CPU figure is the
    steadier one. `timed=False` leaves the timings empty: reading the CPU clock is a system call
    per action, a third of a heuristic bot game's time (balance runs play tens of thousands).
    """
    if not timed:
        return _play_untimed(setup, bots, max_decisions, max_turns)
    state = new_game(setup)
    wall: list[dict[int, float]] = [{} for _ in bots]
    cpu: list[dict[int, float]] = [{} for _ in bots]
    decisions = 0
    while (state.outcome is None and decisions < max_decisions
           and (max_turns is None or state.turn <= max_turns)):
        seat = state.decider
        start, start_cpu = time.perf_counter(), time.process_time()
        action = bots[seat].choose(state, seat)
        if state.active == seat:
            turn = state.turn
            wall[seat][turn] = wall[seat].get(turn, 0.0) + time.perf_counter() - start
            cpu[seat][turn] = cpu[seat].get(turn, 0.0) + time.process_time() - start_cpu
        apply(state, action)
        decisions += 1
    winner = state.outcome.winner if state.outcome is not None else None
    return GameResult(winner, setup.first, state.turn, decisions,
                      [list(per_turn.values()) for per_turn in wall],
                      [list(per_turn.values()) for per_turn in cpu],
                      state.outcome, state.stats)


def _play_untimed(setup: GameSetup, bots: Sequence[Bot], max_decisions: int,
                  max_turns: int | None) -> GameResult:
    """Play one game as `play_game` does, without timing the bots (the same actions)."""
    state = new_game(setup)
    decisions = 0
    while (state.outcome is None and decisions < max_decisions
           and (max_turns is None or state.turn <= max_turns)):
        apply(state, bots[state.decider].choose(state, state.decider))
        decisions += 1
    winner = state.outcome.winner if state.outcome is not None else None
    return GameResult(winner, setup.first, state.turn, decisions, [[] for _ in bots],
                      [[] for _ in bots], state.outcome, state.stats)


def play_bot_game(setup: GameSetup, bot: str, seed: int, timed: bool = False) -> GameResult:
    """Play one game with bot `bot` in every seat (seat k seeded `seed * 2 + k`), cut after
    `CUT_TURNS` turns; timed only when asked (`play_game`)."""
    bots = [bot_of_spec(bot, seed=seed * 2 + k) for k in range(len(setup.seats))]
    return play_game(setup, bots, CUT_DECISIONS, CUT_TURNS, timed=timed)


def bot_of_spec(spec: str, seed: int) -> Bot:
    """Return the bot a spec names: "heuristic", or with whole-number options "search:iterations=16".

    `ValueError` for an unknown bot or a bad option (so a command can say what is wrong).
    """
    name, _sep, rest = spec.partition(":")
    options: dict[str, int] = {}
    for part in filter(None, rest.split(",")):
        key, _eq, value = part.partition("=")
        if not key or not value.strip().isdigit():
            raise ValueError(f"bot options look like search:iterations=16, not {spec!r}")
        options[key.strip()] = int(value)
    return get_bot(name, seed=seed, **options)


def game_seed(seed: int, *parts: Any) -> int:
    """Return a stable 32-bit seed for one game (string seeding of `random` is deterministic)."""
    return random.Random(":".join(map(str, (seed, *parts)))).getrandbits(32)


def seat_setups(pack: Pack, seats: int = 2) -> list[SeatSetup]:
    """Return default seats: plain in a core pack; sides, decks and scenario-1 sheets in legacy."""
    if pack.kind != "legacy" or not pack.sides:
        return [SeatSetup() for _ in range(seats)]
    sides = sorted(pack.sides)
    result = []
    for k in range(seats):
        side = sides[k % len(sides)]
        sheets = [sid for sid, sheet in pack.sheets.items()
                  if sheet.get("side") == side and sheet.get("scenario") == 1]
        result.append(SeatSetup(side=side, sheets=sheets,
                                scenario_sheet=sheets[0] if sheets else None))
    return result


def labels_for(names: Sequence[str]) -> list[str]:
    """Return one label per seat: the bot name, numbered when a name repeats."""
    if len(set(names)) == len(names):
        return list(names)
    return [f"{name}#{k}" for k, name in enumerate(names)]


def run(pack: Pack, names: Sequence[str], games: int, seed: int = 0,
        options: dict[str, dict[str, Any]] | None = None, progress: bool = False) -> dict:
    """Play `games` games and return the summary dict the CLI prints."""
    options = options or {}
    labels = labels_for(names)
    wins = dict.fromkeys(labels, 0)
    first_wins = draws = turns = decisions = 0
    turn_seconds: list[list[float]] = [[] for _ in names]
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        setup = GameSetup(pack=pack, seats=seat_setups(pack, len(names)), seed=game_seed,
                          first=g % len(names))
        bots = [get_bot(name, seed=game_seed * 7 + k, **options.get(name, {}))
                for k, name in enumerate(names)]
        result = play_game(setup, bots)
        if result.winner is None:
            draws += 1
        else:
            wins[labels[result.winner]] += 1
            first_wins += result.winner == result.first
        turns += result.turns
        decisions += result.decisions
        for seat, spent in enumerate(result.turn_seconds):
            turn_seconds[seat].extend(spent)
        if progress:
            _progress(g + 1, games, start)
    elapsed = max(time.perf_counter() - start, 1e-9)
    if progress:
        sys.stderr.write("\n")
    return {
        "games": games, "bots": labels, "wins": wins, "draws": draws,
        "first_player_win_rate": round(first_wins / games, 4),
        "mean_turns": round(turns / games, 2),
        "games_per_s": round(games / elapsed, 2),
        "decisions_per_s": round(decisions / elapsed, 1),
        "median_turn_seconds": {label: round(statistics.median(spent), 4) if spent else 0.0
                                for label, spent in zip(labels, turn_seconds, strict=True)},
    }


# -- modes (docs/modes.md): N seats, one JSON line with wins by seat, team and bot --------------

def run_mode(pack: Pack, mode: str, players: int, names: Sequence[str], games: int,
             seed: int = 0, options: dict[str, dict[str, Any]] | None = None,
             progress: bool = False) -> dict:
    """Play `games` games of a mode and return the summary the CLI prints with `--mode`.

    Seat 0 always moves first (the boss in raid, team A in hydra and emperor), so the wins by
    seat show the first-seat advantage. A game whose engine or bot raises is counted in
    `errors` (with the first message) and not in the wins.
    """
    options = options or {}
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise ValueError(f"--bots needs one name or {players} names, not {len(names)}")
    labels = labels_for(names)
    by_seat = dict.fromkeys(range(players), 0)
    by_team: dict[int, int] = {}
    by_bot = dict.fromkeys(sorted(set(names)), 0)
    decided = turns = decisions = 0
    errors: list[str] = []
    start = time.perf_counter()
    for g in range(games):
        if progress:
            _progress(g + 1, games, start)
        game_seed = seed * 1_000_003 + g
        setup = setup_for(mode, pack, players=players, names=labels, seed=game_seed, first=0)
        teams = modes.plan(mode, setup.seats, 0, 50, 5, None, game_seed).team
        bots = [get_bot(name, seed=game_seed * 7 + k, **options.get(name, {}))
                for k, name in enumerate(names)]
        try:
            result = play_game(setup, bots)
        except Exception as exc:  # noqa: BLE001 - a crash is a finding to count, not to hide
            errors.append(f"game {g}: {exc!r}")
            continue
        turns += result.turns
        decisions += result.decisions
        team = result.outcome.winning_team if result.outcome is not None else None
        if team is None:
            continue
        decided += 1
        by_team[team] = by_team.get(team, 0) + 1
        winners = [s for s in range(players) if teams[s] == team]
        for s in winners:
            by_seat[s] += 1
        for name in {names[s] for s in winners}:
            by_bot[name] += 1
    if progress:
        sys.stderr.write("\n")
    elapsed = max(time.perf_counter() - start, 1e-9)
    played = max(games - len(errors), 1)
    return {
        "mode": mode, "players": players, "bots": labels, "games": games, "decided": decided,
        "errors": len(errors), "first_errors": errors[:3],
        "wins_by_seat": {str(s): n for s, n in by_seat.items()},
        "wins_by_team": {str(t): n for t, n in sorted(by_team.items())},
        "wins_by_bot": by_bot,
        "seat_win_rate": {str(s): round(n / played, 4) for s, n in by_seat.items()},
        "team_win_rate": {str(t): round(n / played, 4) for t, n in sorted(by_team.items())},
        "mean_turns": round(turns / played, 2),
        "games_per_s": round(games / elapsed, 2),
        "decisions_per_s": round(decisions / elapsed, 1),
    }


def _progress(done: int, total: int, start: float) -> None:
    width = 30
    filled = width * done // total
    rate = done / max(time.perf_counter() - start, 1e-9)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                     f"{rate:.1f} games/s")
    sys.stderr.flush()


# -- command line ----------------------------------------------------------------------------------

def parse_options(specs: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Turn ``["search:iterations=32"]`` into ``{"search": {"iterations": 32}}``."""
    options: dict[str, dict[str, Any]] = {}
    for spec in specs:
        bot, sep, rest = spec.partition(":")
        key, eq, raw = rest.partition("=")
        if not sep or not eq or not bot or not key:
            raise ValueError(f"an option looks like 'search:iterations=32', not {spec!r}")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        options.setdefault(bot, {})[key] = value
    return options


def read_pack(path: str) -> Pack:
    """Load a content pack file; `ValueError` with a readable message if it cannot be used."""
    try:
        with open(path, encoding="utf-8") as f:
            raw = json.load(f)
    except OSError as exc:
        raise ValueError(f"cannot read pack {path!r}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"pack {path!r} is not valid JSON: {exc}") from None
    try:
        return load_pack(raw, source=path)
    except PackError as exc:
        raise ValueError(f"invalid pack: {exc}") from None


def read_packs(paths: str) -> Pack:
    """Load a comma-separated list of pack files and mix them (the first pack's starting cards,
    every pack's trade cards); `ValueError` with a readable message if they cannot be used."""
    files = [p.strip() for p in paths.split(",") if p.strip()]
    if not files:
        raise ValueError("--pack needs at least one pack file")
    packs = [read_pack(path) for path in files]
    try:
        return merge_packs(packs)
    except PackError as exc:
        raise ValueError(f"cannot mix these packs: {exc}") from None
