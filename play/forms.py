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


def bot_choices() -> list[tuple[str, Any]]:
    """Return (name, translated label) for every bot the engine offers."""
    return [(name, BOT_LABELS[name]) for name in BOTS]


class MatchCreateForm(forms.Form):
    """A standard 2-player game: against a bot, a friend by invite link, or a known user.

    `deck` is "pack-<pk>" (a core-set pack) or "campaign-<pk>" (a finished campaign's deck).
    """

    deck = forms.ChoiceField(label=_("Cards"))
    opponent = forms.ChoiceField(label=_("Opponent"))
    username = forms.CharField(label=_("Opponent's user name"), required=False, max_length=150,
                               help_text=_("Only when the opponent is a registered user."))

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.packs = {f"pack-{p.pk}": p for p in core_packs(user)}
        self.campaigns = {f"campaign-{c.pk}": c for c in finished_campaigns(user)}
        self.fields["deck"].choices = [(key, p.name) for key, p in self.packs.items()] + [
            (key, _("Deck of the finished campaign “%(name)s”") % {"name": c.name})
            for key, c in self.campaigns.items()]
        self.fields["opponent"].choices = bot_choices() + [
            (INVITE, _("A friend: I get an invite link")), (USER, _("A registered user"))]
        self.fields["opponent"].initial = DEFAULT_BOT

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["pack"] = self.packs.get(data.get("deck", ""))
        data["campaign"] = self.campaigns.get(data.get("deck", ""))
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
        if data["opponent"] == USER:
            return [me, SeatSpec(data["other"].get_username(), data["other"])]
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
