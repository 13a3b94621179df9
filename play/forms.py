"""Forms of online play: starting a match, and the version every change carries."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from play.bot_levels import LevelRow, level_rows
from play.bot_names import bot_seat_name
from play.creation import SeatSpec, core_packs, finished_campaigns
from play.engine import LEGACY_BOTS
from play.models import NotificationPrefs
from play.modes_web import STANDARD, available_modes, counts_text, role_label
from play.services import DEFAULT_BOT

INVITE, USER, ME = "invite", "user", "me"
MAX_SEATS = 6


def mixable_sets(packs: list[Any]) -> list[Any]:
    """Return the builtin core sets offered for mixing: the newest version of each, in the
    order they were loaded (the core set before the sets added to it)."""
    newest: dict[str, Any] = {}
    for pack in packs:
        if pack.is_builtin and (pack.slug not in newest or pack.version > newest[pack.slug].version):
            newest[pack.slug] = pack
    return sorted(newest.values(), key=lambda p: p.pk)


def bot_choices(levels: list[LevelRow]) -> list[tuple[str, Any]]:
    """Return (level key, label with its rating) for every bot level, weakest first."""
    return [(row.key, _("Bot: %(level)s") % {"level": row.label}) for row in levels]


class BotChoiceField(forms.ChoiceField):
    """A choice that also takes the bot names of matches made before the levels ("heuristic"
    plays as the Captain): a game-over page's "next scenario" button may still send one."""

    def valid_value(self, value: Any) -> bool:
        return value in LEGACY_BOTS or super().valid_value(value)


class MatchCreateForm(forms.Form):
    """A standard 2-player game: against a bot, a friend by invite link, or a known user.

    `deck` is "pack-<pk>" (a core-set pack), "mix-<pk>-<pk>" (two builtin core sets mixed: the
    trade deck holds both, the starting cards come from the first), "campaign-<pk>" (a finished
    campaign's deck) or "campaign-<pk>-<pk>" (that deck mixed with a builtin core set).
    """

    mode = forms.ChoiceField(label=_("Mode"), required=False)
    deck = forms.ChoiceField(
        label=_("Cards"),
        help_text=_("A mix puts the trade cards of both sets into one trade deck; scouts, vipers "
                    "and explorers come from the first."))
    opponent = BotChoiceField(label=_("Opponent"), required=False)
    username = forms.CharField(label=_("Opponent's user name"), required=False, max_length=150,
                               help_text=_("Only when the opponent is a registered user."))

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.levels = level_rows(user)  # the bot levels with their ratings and user's record
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
        self.fields["opponent"].choices = bot_choices(self.levels) + [
            (INVITE, _("A friend: I get an invite link")), (USER, _("A registered user"))]
        self.fields["opponent"].initial = DEFAULT_BOT
        self.modes = available_modes()
        self.fields["mode"].choices = [(m.key, m.name) for m in self.modes]
        self.fields["mode"].initial = STANDARD
        self.fields["players"] = forms.TypedChoiceField(
            label=_("Players"), coerce=int, required=False, initial=4,
            choices=[(n, str(n)) for n in range(3, MAX_SEATS + 1)])
        kinds = [(ME, _("You")), (INVITE, _("A friend: an invite link")),
                 (USER, _("A registered user (name below)"))] + bot_choices(self.levels)
        for k in range(1, MAX_SEATS + 1):
            self.fields[f"seat{k}"] = BotChoiceField(
                label=_("Seat %(n)s") % {"n": k}, choices=kinds, required=False,
                initial=ME if k == 1 else DEFAULT_BOT)
            self.fields[f"seat{k}_user"] = forms.CharField(
                label=_("User name for seat %(n)s") % {"n": k}, required=False, max_length=150)

    def seat_rows(self) -> list[dict[str, Any]]:
        """Return the seat rows of a multiplayer game with each seat's role in every mode.

        `roles` maps "mode:count" to the seat's role ("Team A · Emperor"), so the page can
        name the role of each seat as the mode and the number of players change.
        """
        mode, n = self._chosen()
        rows = []
        for k in range(1, MAX_SEATS + 1):
            roles = {f"{m.key}:{c}": role_label(m.key, c, k - 1)
                     for m in self.modes if m.key != STANDARD for c in m.counts if c >= k}
            rows.append({"n": k, "kind": self[f"seat{k}"], "user": self[f"seat{k}_user"],
                         "roles": json.dumps(roles, ensure_ascii=False),
                         "role": roles.get(f"{mode}:{n}", ""), "used": k <= n})
        return rows

    def _chosen(self) -> tuple[str, int]:
        """Return the mode and number of players typed (or the initial ones)."""
        source = self.data if self.is_bound else {}
        mode = source.get("mode") or self.fields["mode"].initial
        try:
            n = int(source.get("players") or self.fields["players"].initial)
        except ValueError:
            n = self.fields["players"].initial
        return str(mode), n

    def mode_summaries(self) -> list[tuple[Any, Any]]:
        """Return (name, one-line rules) of every offered mode."""
        return [(m.name, m.summary) for m in self.modes]

    def mode_counts(self) -> str:
        """Return the numbers of players each offered mode allows, as JSON for the page."""
        return json.dumps({m.key: list(m.counts) for m in self.modes})

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        data["pack"], data["campaign"], data["extra_packs"] = self.decks.get(
            data.get("deck", ""), (None, None, []))
        data["mode"] = data.get("mode") or STANDARD
        if data["mode"] != STANDARD:
            self._clean_seats(data)
        elif not data.get("opponent"):
            self.add_error("opponent", _("Choose your opponent."))
        elif data.get("opponent") == USER:
            name = (data.get("username") or "").strip()
            other = get_user_model().objects.filter(username=name).first()
            if other is None or other == self.user:
                self.add_error("username", _("There is no other user with this name."))
            data["other"] = other
        return data

    def _clean_seats(self, data: dict[str, Any]) -> None:
        """Check the seats of a multiplayer game: its count, exactly one "you", real users."""
        mode = next(m for m in self.modes if m.key == data["mode"])
        n = data.get("players")
        if n not in mode.counts:
            self.add_error("players", _("%(mode)s is played by %(counts)s players.") % {
                "mode": mode.name, "counts": counts_text(mode.counts)})
            return
        kinds = [data.get(f"seat{k}") or "" for k in range(1, n + 1)]
        if kinds.count(ME) != 1:
            self.add_error("seat1", _("Choose exactly one seat for yourself."))
        named: list[Any] = []
        for k, kind in enumerate(kinds, start=1):
            if not kind:
                self.add_error(f"seat{k}", _("Choose who sits here."))
            elif kind == USER:
                name = (data.get(f"seat{k}_user") or "").strip()
                other = get_user_model().objects.filter(username=name).first()
                if other is None or other == self.user:
                    self.add_error(f"seat{k}_user", _("There is no other user with this name."))
                elif other in named:
                    self.add_error(f"seat{k}_user", _("This user has a seat already."))
                named.append(other)
        data["others"] = named

    def seats(self) -> list[SeatSpec]:
        """Return the seats in turn order: the creator's and the opponents'."""
        data = self.cleaned_data
        if data["mode"] != STANDARD:
            return self._mode_seats(data)
        me = SeatSpec(self.user.get_username(), self.user)
        if data["opponent"] == USER:  # offered, not taken: they accept it on their home page
            return [me, SeatSpec(data["other"].get_username(), offered_to=data["other"])]
        if data["opponent"] == INVITE:
            return [me, SeatSpec(str(_("Friend")))]
        return [me, SeatSpec(bot_seat_name(data["opponent"]), bot=data["opponent"])]

    def _mode_seats(self, data: dict[str, Any]) -> list[SeatSpec]:
        """Return a multiplayer game's seats: offered users, open invites, named bots."""
        others, stars, guests = iter(data["others"]), iter(range(MAX_SEATS)), 0
        seats = []
        for k in range(1, data["players"] + 1):
            kind = data[f"seat{k}"]
            if kind == ME:
                seats.append(SeatSpec(self.user.get_username(), self.user))
            elif kind == USER:  # offered, not taken: they accept it on their home page
                other = next(others)
                seats.append(SeatSpec(other.get_username(), offered_to=other))
            elif kind == INVITE:  # renamed to the user who follows the link
                guests += 1
                seats.append(SeatSpec(str(_("Guest %(n)s") % {"n": guests})))
            else:
                seats.append(SeatSpec(bot_seat_name(kind, next(stars)), bot=kind))
        return seats


class CampaignMatchForm(forms.Form):
    """Play the campaign's open scenario; seats without a user are played by the chosen bot."""

    bot = BotChoiceField(label=_("Bot for a seat without a player"), required=False)

    def __init__(self, *args: Any, levels: list[LevelRow], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["bot"].choices = bot_choices(levels)
        self.fields["bot"].initial = DEFAULT_BOT


class VersionForm(forms.Form):
    """The match version a change was made against (a stale one is refused with 409)."""

    version = forms.IntegerField(min_value=0, max_value=2**31 - 1)


class ActionForm(VersionForm):
    """One action in the engine's notation (`play 12`, `buy 7 up empire-1:3:ship`, `end`).

    The attack chooser of an N-player board sends `attack 2` and the combat to spend as
    `amount`: together the engine's `attack 2 5` (C18: the attacker decides how much).
    """

    notation = forms.CharField(max_length=60)
    amount = forms.IntegerField(required=False, min_value=1, max_value=9999)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        words = (data.get("notation") or "").split()
        if data.get("amount") and len(words) == 2 and words[0] == "attack":
            data["notation"] = f"{data['notation'].strip()} {data['amount']}"
        return data


class NotificationPrefsForm(forms.ModelForm):
    """The e-mail preferences: turn e-mails and their delay, campaign e-mails."""

    class Meta:
        model = NotificationPrefs
        fields = ("turn_emails", "turn_delay", "campaign_emails")
