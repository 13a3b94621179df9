"""Build a bot by name: `get_bot("heuristic", seed=1)`, `get_bot("search", seed=1, iterations=32)`.

The simulation CLI and the site use this one factory, so a new bot is one line in `BOT_CLASSES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import Bot
from .erratic import ErraticBot
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

BOT_CLASSES: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "erratic": ErraticBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}
BOTS = tuple(BOT_CLASSES)  # the bot names, weakest first


def get_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """Return a new bot; `ValueError` naming the known bots (or the bad option) otherwise.

    >>> get_bot("heuristic", seed=1).name
    'heuristic'
    """
    cls = BOT_CLASSES.get(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOT_CLASSES))})")
    try:
        return cls(seed, **options)
    except TypeError as exc:  # an option the bot does not take
        raise ValueError(f"bad option for bot {name!r}: {exc}") from None
