"""The rated bot levels players choose from: which bot plays, and how long it may think.

This is the one place a level is defined. The site shows them with their Elo from
fixtures/bot_ratings.json (written by benchmarks/bot_ladder.py, the random bot fixed at 0),
stores the level's key on the match seat, and the task worker builds the level's bot with
`level_bot`. Thinking budgets are seconds per decision (`time_limit`) and per turn
(`turn_budget`); `budget_scale` shrinks or stretches both (the ladder's short run, a
server's BOT_TURN_MS).

The older bot names a seat may still hold (matches made before levels) keep playing as they
did: "heuristic" is the Captain, "search" the Grand Admiral, "random" the random bot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from . import Bot
from .registry import get_bot

SEARCH_OPTIONS = ("time_limit", "turn_budget")  # the options budget_scale scales


@dataclass(frozen=True)
class Level:
    """One rated level: `key` is stored on the match seat; `bot` and `options` build it."""

    key: str
    title: str  # English, for the command line; the site translates (play/bot_names.py)
    bot: str
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    aliases: tuple[str, ...] = ()  # older seat bot names that now play as this level

    def describe(self, budget_scale: float = 1.0) -> str:
        """Return the bot and its budget in a few words
        ("search, 200 rollouts a decision, at most 3 s a turn")."""
        if "turn_budget" in self.options:
            budget = f"at most {self.options['turn_budget'] * budget_scale:g} s a turn"
            if "iterations" in self.options:
                return f"{self.bot}, {self.options['iterations']} rollouts a decision, {budget}"
            return f"{self.bot}, {budget}"
        if "error_rate" in self.options:
            return f"{self.bot}, {self.options['error_rate']:.0%} random moves"
        return self.bot


LEVELS: tuple[Level, ...] = (
    Level("cadet", "Cadet", "erratic", MappingProxyType({"error_rate": 0.3})),
    Level("captain", "Captain", "heuristic", aliases=("heuristic",)),
    Level("admiral", "Admiral", "search", MappingProxyType(
        {"iterations": 600, "time_limit": 0.4, "turn_budget": 0.25})),
    # 200 rollouts a decision, six main phases deep, with generous time caps: measured stronger
    # than a 1 s budget of shallow rollouts (docs/bots.md, measurement log: 83% against 73% of
    # games won against the Captain) and cheaper (about half a second a turn). In a Legacy
    # scenario the rollouts play to the end of the game: the evaluation, fitted on core games,
    # reads the scenarios' races badly (docs/bots.md, "Rollouts to the end in every scenario").
    # Twice as many of them (scenario_iterations=400) won as many games over the twelve
    # scenarios, 1,047 of 1,200 against 1,049, at twice the thinking (docs/bots.md, "400
    # rollouts a decision in all twelve scenarios"), so a scenario decision plays 200 too.
    Level("grand-admiral", "Grand Admiral", "search", MappingProxyType(
        {"iterations": 200, "depth": 6, "scenario_depth": 100, "time_limit": 1.5,
         "turn_budget": 3.0}),
        aliases=("search",)),
)
BY_KEY = {level.key: level for level in LEVELS}
LEVEL_KEYS = tuple(BY_KEY)  # weakest first
LEGACY_BOTS = ("heuristic", "random", "search")  # seat bot names from before levels
SEAT_BOTS = LEVEL_KEYS + LEGACY_BOTS  # every bot name a match seat may hold
ANCHOR = "random"  # the ladder's fixed point: Elo 0


def level_of(name: str) -> Level | None:
    """Return the level a seat's bot name plays as (an alias counts), or None ("random")."""
    if name in BY_KEY:
        return BY_KEY[name]
    return next((level for level in LEVELS if name in level.aliases), None)


def level_bot(name: str, seed: int | None = None, *, budget_scale: float = 1.0,
              max_decision_seconds: float | None = None,
              clock: Callable[[], float] | None = None) -> Bot:
    """Return the bot for a level key or a seat's older bot name; `ValueError` if unknown.

    `budget_scale` multiplies a searching level's seconds per decision and per turn;
    `max_decision_seconds` caps the seconds per decision after scaling; `clock` is the
    searcher's clock (CPU time in benchmarks on a loaded machine).
    """
    if budget_scale <= 0:
        raise ValueError("budget_scale must be positive")
    level = level_of(name)
    if level is None:
        if name not in SEAT_BOTS:
            raise ValueError(f"unknown bot level {name!r} (known: {', '.join(SEAT_BOTS)})")
        return get_bot(name, seed=seed)
    options = dict(level.options)
    for key in SEARCH_OPTIONS:
        if key in options:
            options[key] = options[key] * budget_scale
    if max_decision_seconds is not None and "time_limit" in options:
        options["time_limit"] = min(options["time_limit"], max_decision_seconds)
    if clock is not None and level.bot == "search":
        options["clock"] = clock
    return get_bot(level.bot, seed=seed, **options)
