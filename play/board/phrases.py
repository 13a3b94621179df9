"""The board's sentences, one table per kind, translated when shown (gettext_lazy).

The engine writes English with `%`-style values; these tables phrase the same events, prompts
and outcomes in the active language. Every sentence a board shows is here or in its templates.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

EVENTS = {
    "play": gettext_lazy("%(who)s played %(card)s"),
    "trade": gettext_lazy("%(who)s gained %(n)s trade"),
    "combat": gettext_lazy("%(who)s gained %(n)s combat"),
    "authority": gettext_lazy("%(who)s gained %(n)s authority"),
    "authority_lost": gettext_lazy("%(who)s lost %(n)s authority"),
    "draw": gettext_lazy("%(who)s drew %(n)s card(s)"),
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
    "copy": gettext_lazy("%(who)s's %(card)s copied %(other)s"),
    "to_hand": gettext_lazy("%(who)s put %(card)s into their hand"),
    "end": gettext_lazy("%(who)s ended their turn"),
    "resign": gettext_lazy("%(who)s resigned"),
    "damage": gettext_lazy("%(who)s dealt %(n)s damage to %(card)s of %(whose)s"),
    "out": gettext_lazy("%(who)s is out of the game"),
    "scrapped_all": gettext_lazy("The remaining %(n)s card(s) of %(who)s were scrapped"),
    "gift": gettext_lazy("%(who)s handed %(card)s on to %(whom)s"),
    "give": gettext_lazy("%(who)s passed %(card)s to %(whom)s"),
    "over": gettext_lazy("Game over: %(who)s wins (%(reason)s)"),
}

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
    "discard": gettext_lazy("Discard %(n)s card(s) from your hand"),
    "opp_discard": gettext_lazy("Discard %(n)s card(s): your opponent made you (C23)"),
    "scrap": gettext_lazy("Scrap up to %(n)s card(s)"),
    "destroy_base": gettext_lazy("Destroy up to %(n)s base(s) of your opponent"),
    "acquire_free": gettext_lazy("Acquire a card from the trade row for free (you may decline)"),
    "recycle": gettext_lazy("Move up to %(n)s card(s) from your discard pile"),
    "copy_ship": gettext_lazy("Choose a ship you played this turn to copy"),
    "copy_base": gettext_lazy("Choose a base in play to copy until your turn ends"),
    "choose": gettext_lazy("Choose one"),
    "may": gettext_lazy("Do you use this ability?"),
    "destination": gettext_lazy("Where does the card you acquired go?"),
    "target": gettext_lazy("Choose the opponent this ability targets"),
    "bequeath": gettext_lazy("You are out: choose a card to hand on to a teammate"),
    "give": gettext_lazy("Choose a card of your discard pile to pass on (1 trade)"),
}
