"""Forms of the campaign pages: each turns input into the payload of one event.

Every changing form carries the campaign ``version`` it was shown against (a stale one is refused
with 409 by the view). The rules themselves are checked by ``campaign.state``, not here.
"""
from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from campaign.content import PackContent, text
from campaign.models import Campaign
from campaign.presenters import lang, side_name, upgrade_options
from cards.models import ContentPack

UPGRADE_ROWS = 6  # blank rows in the "record a game" form; more than anyone makes in one game


class VersionForm(forms.Form):
    """Base for every form that changes a campaign."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)

    def __init__(self, *args: Any, campaign: Campaign, **kwargs: Any) -> None:
        self.campaign = campaign
        kwargs.setdefault("initial", {}).setdefault("version", campaign.version)
        super().__init__(*args, **kwargs)

    @property
    def content(self) -> PackContent:
        return self.campaign.content

    def side_choices(self) -> list[tuple[str, str]]:
        return [(s, side_name(self.content, s)) for s in sorted(self.campaign.current_state.sides)]


class PackChoiceField(forms.ModelChoiceField):
    """Offer packs by their name in the active language, with the slug and version to tell apart."""

    def label_from_instance(self, obj: ContentPack) -> str:
        return f"{obj.name} ({obj})"


class CampaignCreateForm(forms.Form):
    """A pack, a name and two seats (the creator plays seat 1 unless they only keep score)."""

    pack = PackChoiceField(queryset=ContentPack.objects.none(), label=_("Content pack"))
    name = forms.CharField(max_length=120, label=_("Campaign name"))
    creator_plays = forms.BooleanField(required=False, initial=True,
                                       label=_("I play the first seat myself"))
    first_seat = forms.CharField(max_length=80, required=False, label=_("First player's name"),
                                 help_text=_("Empty: your user name."))
    second_seat = forms.CharField(max_length=80, label=_("Second player's name"),
                                  help_text=_("A friend joins this seat with the invite link; or "
                                              "just keep score for both."))

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        packs = ContentPack.objects.usable_by(user).filter(kind=ContentPack.Kind.LEGACY)
        self.fields["pack"].queryset = packs
        if packs.count() == 1:
            self.fields["pack"].initial = packs.first()

    def clean_pack(self) -> ContentPack:
        pack = self.cleaned_data["pack"]
        try:
            PackContent(pack.data)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        return pack

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Give the campaign a name."))
        return name

    def seats(self) -> list[tuple[Any, str]]:
        """Return the two seats as (user or None, name)."""
        data = self.cleaned_data
        first_user = self.user if data["creator_plays"] else None
        first_name = data["first_seat"].strip() or self.user.get_username()
        return [(first_user, first_name), (None, data["second_seat"].strip())]


class WishForm(VersionForm):
    """One seat says which side it wants (L2)."""

    seat = forms.TypedChoiceField(coerce=int, label=_("Seat"))
    side = forms.ChoiceField(label=_("Side"), widget=forms.RadioSelect)

    def __init__(self, *args: Any, seats: list, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(s.index, s.name) for s in seats]
        self.fields["side"].choices = [(s, side_name(self.content, s))
                                       for s in self.content.side_ids]


class ChoiceForm(VersionForm):
    """The first player's choice on the scenario card (L6)."""

    choice = forms.CharField(widget=forms.HiddenInput)
    option = forms.ChoiceField(widget=forms.RadioSelect, label=_("Option"))

    def __init__(self, *args: Any, choice: dict, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.prompt = text(choice.get("prompt"), lang())
        self.fields["choice"].initial = choice["id"]
        self.fields["option"].choices = [
            (o["id"], text(o.get("label"), lang())) for o in choice.get("options", [])]

    def payload(self) -> dict:
        return {"choice": self.cleaned_data["choice"], "option": self.cleaned_data["option"]}


class RecordGameForm(VersionForm):
    """A game played at the table: winner, how, each upgrade, the VP cards earned (L11-L21)."""

    winner = forms.ChoiceField(label=_("Winner"), widget=forms.RadioSelect)
    how = forms.ChoiceField(label=_("How"), choices=[
        ("authority", _("Authority: the opponent reached 0")),
        ("political", _("Political victory: all five stickers of this scenario's sheet")),
        ("scenario", _("The scenario's own condition")),
    ], initial="authority")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        state = self.campaign.current_state
        sides = self.side_choices()
        self.fields["winner"].choices = sides
        options = upgrade_options(self.content, state, sorted(state.sides))
        blank = [("", "—")]
        for i in range(UPGRADE_ROWS):
            self.fields[f"copy_{i}"] = forms.ChoiceField(
                required=False, choices=blank + options["copies"], label=_("Card copy"))
            self.fields[f"sticker_{i}"] = forms.ChoiceField(
                required=False, choices=blank + options["stickers"], label=_("Sticker"))
            self.fields[f"by_{i}"] = forms.ChoiceField(required=False, choices=blank + sides,
                                                       label=_("By"))
        for vp in self._extra_vp_cards():
            self.fields[f"vp_{vp['id']}"] = forms.ChoiceField(
                required=False, choices=[("", _("nobody"))] + sides,
                label=text(vp.get("name"), lang()), help_text=text(vp.get("text"), lang()))

    def _extra_vp_cards(self) -> list[dict]:
        """Return the scenario's VP cards other than the winner's (that one is automatic, L21)."""
        number = self.campaign.current_state.scenario
        if not number:
            return []
        return [v for v in self.content.vp_cards_of_scenario(number) if v.get("award") != "winner"]

    def upgrade_rows(self) -> list[tuple]:
        return [(self[f"copy_{i}"], self[f"sticker_{i}"], self[f"by_{i}"])
                for i in range(UPGRADE_ROWS)]

    def vp_fields(self) -> list:
        return [self[f"vp_{vp['id']}"] for vp in self._extra_vp_cards()]

    def clean(self) -> dict:
        data = super().clean()
        self.upgrades = []
        for i in range(UPGRADE_ROWS):
            row = [data.get(f"copy_{i}"), data.get(f"sticker_{i}"), data.get(f"by_{i}")]
            if any(row) and not all(row):
                raise forms.ValidationError(_("Upgrade row %(n)s: give the card copy, the sticker "
                                              "and who upgraded it.") % {"n": i + 1})
            if all(row):
                self.upgrades.append({"copy": row[0], "sticker": row[1], "side": row[2]})
        return data

    def payload(self) -> dict:
        data = self.cleaned_data
        vp_cards = [{"card": vp["id"], "side": data[f"vp_{vp['id']}"]}
                    for vp in self._extra_vp_cards() if data.get(f"vp_{vp['id']}")]
        return {"winner": data["winner"], "how": data["how"], "upgrades": self.upgrades,
                "vp_cards": vp_cards}


class AfterCampaignUpgradeForm(VersionForm):
    """One upgrade after the campaign, by the side whose turn it is (L25)."""

    copy = forms.ChoiceField(label=_("Card copy"))
    sticker = forms.ChoiceField(label=_("Sticker"))

    def __init__(self, *args: Any, side: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.side = side
        options = upgrade_options(self.content, self.campaign.current_state, [side])
        self.fields["copy"].choices = options["copies"]
        self.fields["sticker"].choices = options["stickers"]

    def payload(self) -> dict:
        return {"copy": self.cleaned_data["copy"], "sticker": self.cleaned_data["sticker"],
                "side": self.side}


class ImportForm(forms.Form):
    """A backup file to import as a new campaign."""

    MAX_BYTES = 2_000_000

    file = forms.FileField(label=_("Backup file (JSON)"))

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("The file is too large for a campaign backup."))
        return upload.read()
