"""Forms of online play: starting a match, and the version every change carries."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from play.services import BOTS, DEFAULT_BOT, SeatSpec, core_packs, finished_campaigns

BOT_LABELS = {"heuristic": _("Bot: heuristic (default)"), "random": _("Bot: random (easy)"),
              "search": _("Bot: search (strongest, slower)")}
BOT_NAMES = {"heuristic": _("Heuristic bot"), "random": _("Random bot"), "search": _("Search bot")}
INVITE, USER = "invite", "user"


def mixable_sets(packs: list[Any]) -> list[Any]:
    """Return the builtin core sets offered for mixing: the newest version of each, in the
    order they were loaded (the core set before the sets added to it)."""
    newest: dict[str, Any] = {}
    for pack in packs:
        if pack.is_builtin and (pack.slug not in newest or pack.version > newest[pack.slug].version):
            newest[pack.slug] = pack
    return sorted(newest.values(), key=lambda p: p.pk)


def bot_choices() -> list[tuple[str, Any]]:
    """Return (name, translated label) for every bot the engine offers."""
    return [(name, BOT_LABELS[name]) for name in BOTS]


class MatchCreateForm(forms.Form):
    """A standard 2-player game: against a bot, a friend by invite link, or a known user.

    `deck` is "pack-<pk>" (a core-set pack), "mix-<pk>-<pk>" (two builtin core sets mixed: the
    trade deck holds both, the starting cards come from the first), "campaign-<pk>" (a finished
    campaign's deck) or "campaign-<pk>-<pk>" (that deck mixed with a builtin core set).
    """

    deck = forms.ChoiceField(
        label=_("Cards"),
        help_text=_("A mix puts the trade cards of both sets into one trade deck; scouts, vipers "
                    "and explorers come from the first."))
    opponent = forms.ChoiceField(label=_("Opponent"))
    username = forms.CharField(label=_("Opponent's user name"), required=False, max_length=150,
                               help_text=_("Only when the opponent is a registered user."))

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        # builtin sets in the order they were loaded (the core set first), then the user's own
        packs = sorted(core_packs(user), key=lambda p: (not p.is_builtin, p.pk))
        sets = mixable_sets(packs)
        # key -> (first pack or None, campaign or None, packs mixed in)
        self.decks: dict[str, tuple[Any, Any, list[Any]]] = {}
        single, mixed, finished = [], [], []
        for p in packs:
            self.decks[f"pack-{p.pk}"] = (p, None, [])
            single.append((f"pack-{p.pk}", p.name))
        for k, first in enumerate(sets):
            for other in sets[k + 1:]:
                key = f"mix-{first.pk}-{other.pk}"
                self.decks[key] = (first, None, [other])
                mixed.append((key, _("%(first)s + %(other)s")
                              % {"first": first.name, "other": other.name}))
        for c in finished_campaigns(user):
            self.decks[f"campaign-{c.pk}"] = (None, c, [])
            finished.append((f"campaign-{c.pk}", _("Deck of the finished campaign “%(name)s”")
                             % {"name": c.name}))
            for other in sets:
                key = f"campaign-{c.pk}-{other.pk}"
                self.decks[key] = (None, c, [other])
                finished.append((key, _("Deck of the finished campaign “%(name)s” + %(other)s")
                                 % {"name": c.name, "other": other.name}))
        groups = [(_("One set"), single), (_("Two sets mixed"), mixed),
                  (_("A finished campaign's deck"), finished)]
        self.fields["deck"].choices = [(label, items) for label, items in groups if items]
        self.fields["opponent"].choices = bot_choices() + [
            (INVITE, _("A friend: I get an invite link")), (USER, _("A registered user"))]
        self.fields["opponent"].initial = DEFAULT_BOT

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["pack"], data["campaign"], data["extra_packs"] = self.decks.get(
            data.get("deck", ""), (None, None, []))
        if data.get("opponent") == USER:
            name = (data.get("username") or "").strip()
            other = get_user_model().objects.filter(username=name).first()
            if other is None or other == self.user:
                self.add_error("username", _("There is no other user with this name."))
            data["other"] = other
        return data

    def seats(self) -> list[SeatSpec]:
        """Return the two seats: the creator first, then the opponent."""
        data = self.cleaned_data
        me = SeatSpec(self.user.get_username(), self.user)
        if data["opponent"] == USER:  # offered, not taken: they accept it on their home page
            return [me, SeatSpec(data["other"].get_username(), offered_to=data["other"])]
        if data["opponent"] == INVITE:
            return [me, SeatSpec(str(_("Friend")))]
        return [me, SeatSpec(str(BOT_NAMES[data["opponent"]]), bot=data["opponent"])]


class CampaignMatchForm(forms.Form):
    """Play the campaign's open scenario; seats without a user are played by the chosen bot."""

    bot = forms.ChoiceField(label=_("Bot for a seat without a player"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["bot"].choices = bot_choices()
        self.fields["bot"].initial = DEFAULT_BOT


class VersionForm(forms.Form):
    """The match version a change was made against (a stale one is refused with 409)."""

    version = forms.IntegerField(min_value=0, max_value=2**31 - 1)


class ActionForm(VersionForm):
    """One action in the engine's notation (`play 12`, `buy 7 up empire-1:3:ship`, `end`)."""

    notation = forms.CharField(max_length=60)
