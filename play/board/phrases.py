"""The board's sentences, one table per kind, translated when shown (gettext_lazy, ngettext_lazy).

The engine writes English; these tables phrase the same events, prompts and outcomes in the
active language. A sentence with a number of things goes through ngettext (Russian has three
plural forms), its number always named `n`. Prompts are written as they read after the name of
the card that asks ("Smuggler: choose one"); `Prompts` capitalizes one that no card asks.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy, ngettext_lazy

EVENTS = {
    "play": gettext_lazy("%(who)s played %(card)s"),
    "trade": gettext_lazy("%(who)s gained %(n)s trade"),
    "combat": gettext_lazy("%(who)s gained %(n)s combat"),
    "authority": gettext_lazy("%(who)s gained %(n)s authority"),
    "authority_lost": gettext_lazy("%(who)s lost %(n)s authority"),
    "draw": ngettext_lazy("%(who)s drew %(n)s card", "%(who)s drew %(n)s cards", "n"),
    "reshuffle": gettext_lazy("%(who)s shuffled their discard pile into a new deck"),
    "discard": gettext_lazy("%(who)s discarded %(card)s"),
    "scrap": gettext_lazy("%(who)s scrapped %(card)s"),
    "destroy": gettext_lazy("%(who)s destroyed %(card)s of %(whose)s"),
    "acquire": gettext_lazy("%(who)s acquired %(card)s"),
    "upgrade": gettext_lazy("%(who)s upgraded %(card)s: “%(text)s” + %(faction)s"),
    "use": gettext_lazy("%(who)s used the %(when)s ability of %(card)s"),
    "attack": gettext_lazy("%(who)s attacked %(whom)s for %(n)s"),
    "recycle": gettext_lazy("%(who)s took %(card)s from their discard pile into their hand"),
    "recycle_top": gettext_lazy("%(who)s put a card from their discard pile on top of their deck"),
    "copy": gettext_lazy("%(card)s of %(who)s copied %(other)s"),
    "to_hand": gettext_lazy("%(who)s put %(card)s into their hand"),
    "end": gettext_lazy("%(who)s ended their turn"),
    "resign": gettext_lazy("%(who)s resigned"),
    "damage": gettext_lazy("%(who)s dealt %(n)s damage to %(card)s of %(whose)s"),
    "out": gettext_lazy("%(who)s is out of the game"),
    "scrapped_all": ngettext_lazy("The remaining %(n)s card of %(who)s was scrapped",
                                  "The remaining %(n)s cards of %(who)s were scrapped", "n"),
    "gift": gettext_lazy("%(who)s handed %(card)s on to %(whom)s"),
    "give": gettext_lazy("%(who)s passed %(card)s to %(whom)s"),
    "over": gettext_lazy("Game over: %(who)s wins (%(reason)s)"),
}
# Gains of nothing (a "+1 per ally" with no ally) are no news: the log leaves them out.
AMOUNTS = ("trade", "combat", "authority", "draw")

ACQUIRE = {
    "hand": gettext_lazy("%(who)s acquired %(card)s into their hand"),
    "deck_top": gettext_lazy("%(who)s acquired %(card)s onto their deck"),
}

WHEN = {"primary": gettext_lazy("primary"), "ally": gettext_lazy("ally"),
        "scrap": gettext_lazy("scrap")}

REASONS = {
    "authority": gettext_lazy("authority reduced to 0"),
    "political": gettext_lazy("political victory"),
    "scenario": gettext_lazy("the scenario's victory condition"),
    "resign": gettext_lazy("the opponent resigned"),
}

PROMPTS = {
    "discard": ngettext_lazy("discard %(n)s card from your hand",
                             "discard %(n)s cards from your hand", "n"),
    "opp_discard": ngettext_lazy("%(who)s makes you discard %(n)s card",
                                 "%(who)s makes you discard %(n)s cards", "n"),
    "scrap": ngettext_lazy("scrap up to %(n)s card", "scrap up to %(n)s cards", "n"),
    "destroy_base": ngettext_lazy("destroy up to %(n)s base of your opponent",
                                  "destroy up to %(n)s bases of your opponent", "n"),
    "acquire_free": gettext_lazy("acquire a card from the trade row for free (you may decline)"),
    "recycle": ngettext_lazy("move up to %(n)s card from your discard pile",
                             "move up to %(n)s cards from your discard pile", "n"),
    "copy_ship": gettext_lazy("choose a ship you played this turn to copy"),
    "copy_base": gettext_lazy("choose a base in play to copy until your turn ends"),
    "choose": gettext_lazy("choose one"),
    "may": gettext_lazy("do you use this ability?"),
    "destination": gettext_lazy("where does the card you acquired go?"),
    "target": gettext_lazy("choose the opponent this ability targets"),
    "bequeath": gettext_lazy("you are out: choose a card to hand on to %(who)s"),
    "give": gettext_lazy("choose a card of your discard pile to pass to %(who)s (1 trade)"),
}

# Counts the board templates show: `counted("hand", 5)` in Jinja (play/jinja.py).
COUNTS = {
    "hand": ngettext_lazy("Hand: %(n)s card", "Hand: %(n)s cards", "n"),
    "hand_left": ngettext_lazy("%(n)s card in hand", "%(n)s cards in hand", "n"),
    "bases": ngettext_lazy("%(n)s base", "%(n)s bases", "n"),
    "moves": ngettext_lazy("%(n)s move", "%(n)s moves", "n"),
}
