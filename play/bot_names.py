"""The names bots play under, shown in the reader's language.

A bot's seat keeps the name it was given when the match was made, in the language of whoever
made it ("Vega (Heuristic bot)"). `shown_name` reads such a name back and says it again in the
active language ("Вега (Эвристический бот)"), so a Russian player never reads the English words;
a name that is not one of these (a campaign side's bot, a name typed by hand) stays as it is.
"""

from __future__ import annotations

import re
from functools import lru_cache

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, gettext_lazy

# The rated levels (play/engine/bots/levels.py) and the bots a seat of an older match may hold.
BOT_NAMES = {"cadet": gettext_lazy("Cadet"), "captain": gettext_lazy("Captain"),
             "admiral": gettext_lazy("Admiral"), "grand-admiral": gettext_lazy("Grand Admiral"),
             "heuristic": gettext_lazy("Heuristic bot"), "random": gettext_lazy("Random bot"),
             "search": gettext_lazy("Search bot")}
# Bots of a multiplayer game are told apart by a star's name, never by a number.
STARS = (gettext_lazy("Vega"), gettext_lazy("Altair"), gettext_lazy("Rigel"),
         gettext_lazy("Deneb"), gettext_lazy("Sirius"), gettext_lazy("Antares"))
_WITH_STAR = re.compile(r"(?P<star>.+) \((?P<kind>.+)\)")


def bot_seat_name(kind: str, star: int | None = None) -> str:
    """Return the name of a bot's seat in the active language: "Heuristic bot", or with star
    number `star` "Vega (Heuristic bot)"."""
    if star is None:
        return str(BOT_NAMES[kind])
    return gettext("%(star)s (%(bot)s)") % {"star": STARS[star], "bot": BOT_NAMES[kind]}


def shown_name(name: str, bot: str) -> str:
    """Return a seat's stored name as the active language says it (bots' words translated)."""
    if not bot or bot not in BOT_NAMES:
        return name
    return _shown(name, bot, translation.get_language() or settings.LANGUAGE_CODE)


@lru_cache(maxsize=256)
def _shown(name: str, bot: str, language: str) -> str:
    """Return `name` said again in `language` (the active one), if it is a bot's name."""
    for code, _label in settings.LANGUAGES:
        found = _read(name, bot, code)
        if found is not None:
            return bot_seat_name(bot, found[1])
    return name


def _read(name: str, bot: str, code: str) -> tuple[str, int | None] | None:
    """Return (bot, star number or None) if `name` is how language `code` names that bot."""
    with translation.override(code):
        kind = str(BOT_NAMES[bot])
        stars = [str(s) for s in STARS]
    if name == kind:
        return bot, None
    match = _WITH_STAR.fullmatch(name)
    if match and match["kind"] == kind and match["star"] in stars:
        return bot, stars.index(match["star"])
    return None
