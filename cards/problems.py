"""Problems of a set in words: the card and the field by name, in the page's language.

The validator and the engine report problems in English with JSON paths, for content writers
and the command line (`cards[3] "x".abilities[0].do[1]: unknown effect "tarde"`). An owner reads
them on a page: `describe` names the part by its name ("Card “Копейщик” › cost") and translates
the messages the owner's forms can meet; a message it does not know keeps its English words
(never a path).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from cards.box import readable_path
from cards.language import active_language
from cards.validation import PackProblem

# The engine puts its path in the message: `sticker_sheets[0] "empire-1": rows[1].cost: ...`.
ENGINE_PLACE = re.compile(
    r'^(?P<section>cards|sticker_sheets|vp_cards|scenarios|sides)\[(?P<i>\d+)\]'
    r'(?: "[^"]*"| #?\d+)?(?:: (?P<path>[^:]*?))?: (?P<message>.*)$', re.DOTALL)


def _messages() -> list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]]:
    """Return (English message pattern, its words in the active language)."""
    table: list[tuple[str, Callable[[re.Match[str]], str]]] = [
        (r"missing text.*", lambda m: _("missing: type it in English or Russian")),
        (r'must be "ship" or "base", got .*', lambda m: _("choose ship or base")),
        (r"a base needs defense >= 1, got .*", lambda m: _("a base needs its defense (1 or more)")),
        (r"must be an integer >= 1, got .*", lambda m: _("give a whole number, 1 or more")),
        (r"must be null or an integer >= 0, got .*",
         lambda m: _("give a whole number, or leave it empty for a card that cannot be bought")),
        (r"a trade card needs one of consortium, kingdom, scavengers",
         lambda m: _("a trade card belongs to one faction: the Consortium, the Kingdom or the "
                     "Scavengers")),
        (r"a trade card costs 1 to 8, got (?P<v>.*)",
         lambda m: _("a trade card costs 1 to 8, not %(v)s") % {"v": m["v"]}),
        (r"no trade (?P<kind>ship|base) costs (?P<cost>\d+).*",
         lambda m: (_("no trade ship costs %(cost)s in your set, so this row's ship sticker "
                      "fits no card (L13)") if m["kind"] == "ship" else
                    _("no trade base costs %(cost)s in your set, so this row's base sticker "
                      "fits no card (L13)")) % {"cost": m["cost"]}),
        (r"the five rows need different costs, got (?P<v>.*)",
         lambda m: _("the five rows need five different costs")),
        (r"needs 5 rows.*|a sheet has five rows.*",
         lambda m: _("a sheet has five rows with five different costs (L13)")),
        (r"duplicate (card|sheet|VP card) id", lambda m: _("this name is used twice")),
        (r'unknown effect "(?P<v>.*)"', lambda m: _("unknown effect “%(v)s”") % {"v": m["v"]}),
        (r'unknown rule "(?P<v>.*)"', lambda m: _("unknown rule “%(v)s”") % {"v": m["v"]}),
        (r'unknown card "(?P<v>.*)"', lambda m: _("no card “%(v)s” in your set") % {"v": m["v"]}),
        (r'unknown base "(?P<v>.*)"', lambda m: _("no base “%(v)s” in your set") % {"v": m["v"]}),
        (r"unknown faction .*", lambda m: _("unknown faction")),
        (r"only bases have this", lambda m: _("only bases have this")),
        (r"a (trade|explorer|post_campaign) card needs a cost",
         lambda m: _("a card that can be bought needs its cost")),
        (r"expected an integer, got .*", lambda m: _("give a whole number")),
        (r"must be at least (?P<low>-?\d+), got .*",
         lambda m: _("must be at least %(low)s") % {"low": m["low"]}),
        (r'needs exactly one "winner" VP card.*',
         lambda m: _("needs exactly one VP card for the winner (L21)")),
        (r'needs (?P<n>\d+) copies of role "trade", found (?P<found>\d+)',
         lambda m: _("the trade deck needs %(n)s cards, it has %(found)s") % m.groupdict()),
        (r"needs (?P<n>\d+) trade cards of (?P<faction>\w+), found (?P<found>\d+)",
         lambda m: _("%(faction)s needs %(n)s trade cards, it has %(found)s")
         % {**m.groupdict(), "faction": _faction_name(m["faction"])}),
        (r"(?P<side>\w+) needs one sheet for each scenario 1-4, found scenarios .*",
         lambda m: _("%(side)s needs one sticker sheet for each of scenarios 1-4")
         % {"side": _faction_name(m["side"])}),
        (r"sticker rows of cost (?P<cost>\d+): (?P<n>\d+), but only (?P<found>\d+) trade.*",
         lambda m: _("%(n)s sticker rows cost %(cost)s, but only %(found)s trade cards do: "
                     "not every row can go on its own card (L12-L14, L25)") % m.groupdict()),
        (r"must be true in scenarios 1-4 only.*",
         lambda m: _("political victory belongs to scenarios 1-4 only (L19)")),
    ]
    return [(re.compile(pattern, re.DOTALL), words) for pattern, words in table]


def _faction_name(faction_id: str) -> str:
    """Return a faction's or side's name in the active language (the id if unknown)."""
    names = {"consortium": _("the Consortium"), "kingdom": _("the Kingdom"),
             "scavengers": _("the Scavengers"), "empire": _("the Star Empire"),
             "federation": _("the Trade Federation")}
    return str(names.get(faction_id, faction_id))


def message_words(message: str) -> str:
    """Return a validator or engine message in the active language (English if unknown)."""
    for pattern, words in _messages():
        match = pattern.fullmatch(message.strip())
        if match:
            return words(match)
    return message


def describe(problem: PackProblem, data: Mapping[str, Any] | None) -> str:
    """Return one problem as an owner reads it: where, by name, then what, in their language."""
    path, message = problem.path, problem.message
    if not path:
        engine = ENGINE_PLACE.match(message)
        if engine:
            index = f'{engine["section"]}[{engine["i"]}]'
            path = f"{index}.{engine['path']}" if engine["path"] else index
            message = engine["message"]
    words = message_words(message)
    if not path:
        return words
    where = readable_path(dict(data or {}), path, active_language())
    return f"{where}: {words}"
