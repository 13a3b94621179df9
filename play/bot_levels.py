"""The bot levels as players choose them: names, what each plays like, its rating, your record.

The levels themselves (which bot, how long it thinks) are defined in play/engine/bots/levels.py.
Their ratings are what benchmarks/bot_ladder.py measured and stored in the file
`settings.BOT_RATINGS_FILE` (fixtures/bot_ratings.json): the page reads the file, never a
number typed into a template. A player's record against a level counts their finished
two-player games against a bot of that level (older matches' "heuristic" and "search" seats
count as the Captain and the Grand Admiral, which they played as).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from play.bot_names import BOT_NAMES
from play.engine import LEVELS, level_of
from play.models import Match, MatchSeat

ABOUT = {
    "cadet": _("Plays a sound plan but makes many random moves: for learning the game."),
    "captain": _("Plays a fixed, sound plan (the heuristic bot) and answers at once."),
    "admiral": _("Thinks ahead: tries its options in sampled games, a quarter second a turn."),
    "grand-admiral": _("Thinks further ahead (six turns; in a campaign scenario, to the end "
                       "of the game) in 200 sampled games a decision: about half a second a "
                       "turn, a second or two in a scenario. The strongest bot."),
}


@dataclass(frozen=True)
class LevelRow:
    """One level as the match form shows it."""

    key: str
    name: str
    about: str
    elo: int | None
    low: int | None
    high: int | None
    wins: int
    losses: int

    @property
    def label(self) -> str:
        """Return the level's choice label: its name and rating ("Admiral · Elo 850")."""
        if self.elo is None:
            return str(_("%(level)s · not rated yet") % {"level": self.name})
        return str(_("%(level)s · Elo %(elo)s") % {"level": self.name, "elo": self.elo})


def ratings() -> dict[str, dict[str, Any]]:
    """Return {level key: {"elo", "ci95", ...}} from the stored ladder run ({} if none)."""
    path = Path(settings.BOT_RATINGS_FILE)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return {}
    return _read_ratings(str(path), stamp)


@lru_cache(maxsize=4)
def _read_ratings(path: str, stamp: int) -> dict[str, dict[str, Any]]:
    """Return the levels of the ratings file at `path` as last changed at `stamp`."""
    try:
        levels = json.loads(Path(path).read_text(encoding="utf-8")).get("levels", {})
    except (OSError, ValueError, AttributeError):
        return {}  # an unreadable file shows the levels as not rated, never an error page
    return levels if isinstance(levels, dict) else {}


def records(user: Any) -> dict[str, tuple[int, int]]:
    """Return {level key: (wins, losses)} of `user`'s finished two-player games against it."""
    found = {level.key: [0, 0] for level in LEVELS}
    if user is None or not user.is_authenticated:
        return {key: (0, 0) for key in found}
    mine = MatchSeat.objects.filter(user=user, match__status=Match.Status.FINISHED)
    seats: dict[int, list[tuple[int, str, int | None]]] = {}
    for match_id, index, bot, user_id in MatchSeat.objects.filter(
            match__in=mine.values("match_id")).values_list("match_id", "index", "bot", "user_id"):
        seats.setdefault(match_id, []).append((index, bot, user_id))
    results = dict(Match.objects.filter(pk__in=seats).values_list("pk", "result"))
    for match_id, rows in seats.items():
        if len(rows) != 2:
            continue
        me = next((index for index, _bot, uid in rows if uid == user.pk), None)
        bot_seat = next(((index, bot) for index, bot, _uid in rows if bot), None)
        level = level_of(bot_seat[1]) if bot_seat else None
        winner = (results.get(match_id) or {}).get("winner")
        if me is None or level is None or winner is None:
            continue  # a game between people, the random bot, or one nobody won
        found[level.key][0 if winner == me else 1] += 1
    return {key: (wins, losses) for key, (wins, losses) in found.items()}


def level_rows(user: Any) -> list[LevelRow]:
    """Return every level, weakest first, with its stored rating and `user`'s record."""
    rated, record = ratings(), records(user)
    rows = []
    for level in LEVELS:
        rating = rated.get(level.key) or {}
        elo, interval = rating.get("elo"), rating.get("ci95") or [None, None]
        rows.append(LevelRow(level.key, str(BOT_NAMES[level.key]), str(ABOUT[level.key]),
                             _int(elo), _int(interval[0]), _int(interval[-1]),
                             *record[level.key]))
    return rows


def _int(value: Any) -> int | None:
    """Return a rating as a whole number, or None if the file holds something else."""
    return round(value) if isinstance(value, int | float) else None
