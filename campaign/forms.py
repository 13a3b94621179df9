"""Forms of the campaign pages: each turns input into the payload of one event.

Every changing form carries the campaign ``version`` it was shown against (a stale one is refused
with 409 by the view). The rules themselves are checked by ``campaign.state``, not here.
"""
from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.db.models import Q
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from campaign.content import UPGRADES_PER_SIDE, PackContent
from campaign.models import Campaign
from campaign.presenters import side_name, upgrade_options
from campaign.state import mismatch_message
from cards.language import pack_text
from cards.models import DRAFT, ContentPack
from cards.owners.readiness import entered_envelopes, tracking_problems
from play.engine import StickerRef

# Django's own message repeats the posted value, an id ("kingdom-lancer#2 is not one of ...").
NOT_OFFERED = {"invalid_choice": _("This choice is not offered (any more): pick one from the list.")}
MIN_UPGRADE_ROWS = 3  # rows of the "record a game" form at first; more are added as needed
MAX_UPGRADE_ROWS = 2 * UPGRADES_PER_SIDE  # every sticker of both sides: no game can use more


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
    """Offer packs by their name in the active language, with the version and the owner (a
    person's own pack) to tell them apart; never the slug, an id."""

    def label_from_instance(self, obj: ContentPack) -> str:
        if obj.is_draft:
            return _("%(name)s (unfinished: %(n)s envelopes entered, %(owner)s's own)") % {
                "name": obj.name, "n": entered_envelopes(obj), "owner": obj.owner.get_username()}
        if obj.owner_id and not obj.is_builtin:
            return _("%(name)s (version %(v)s, %(owner)s's own)") % {
                "name": obj.name, "v": obj.version, "owner": obj.owner.get_username()}
        return _("%(name)s (version %(v)s)") % {"name": obj.name, "v": obj.version}


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
        # An owner's unfinished set counts too: a campaign tracks it from the first envelope.
        packs = ContentPack.objects.usable_by(user).filter(
            Q(kind=ContentPack.Kind.LEGACY) | Q(kind=DRAFT, owner=user,
                                                data__pack__kind=ContentPack.Kind.LEGACY))
        self.fields["pack"].queryset = packs
        if packs.count() == 1:
            self.fields["pack"].initial = packs.first()

    def clean_pack(self) -> ContentPack:
        pack = self.cleaned_data["pack"]
        try:
            PackContent(pack.data)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        if pack.is_draft:
            problems = tracking_problems(pack)
            if problems:
                raise forms.ValidationError([_("This set cannot start a campaign yet:"),
                                             *problems])
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

    seat = forms.TypedChoiceField(coerce=int, label=_("Seat"), error_messages=NOT_OFFERED)
    side = forms.ChoiceField(label=_("Side"), widget=forms.RadioSelect,
                             error_messages=NOT_OFFERED)

    def __init__(self, *args: Any, seats: list, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(s.index, s.name) for s in seats]
        self.fields["side"].choices = [(s, side_name(self.content, s))
                                       for s in self.content.side_ids]


class ChoiceForm(VersionForm):
    """The first player's choice on the scenario card (L6)."""

    choice = forms.CharField(widget=forms.HiddenInput)
    option = forms.ChoiceField(widget=forms.RadioSelect, label=_("Option"),
                               error_messages=NOT_OFFERED)

    def __init__(self, *args: Any, choice: dict, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.prompt = pack_text(choice.get("prompt"))
        self.fields["choice"].initial = choice["id"]
        self.fields["option"].choices = [
            (o["id"], pack_text(o.get("label"))) for o in choice.get("options", [])]

    def payload(self) -> dict:
        return {"choice": self.cleaned_data["choice"], "option": self.cleaned_data["option"]}


class OptionDataSelect(forms.Select):
    """A select whose options carry data attributes (cost, type, side), for static/js/record.js."""

    def __init__(self, *args: Any, option_data: dict[str, dict[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.option_data = option_data

    def create_option(self, name: str, value: Any, label: Any, selected: Any, index: int,
                      subindex: int | None = None, attrs: dict | None = None) -> dict[str, Any]:
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["attrs"].update(self.option_data.get(str(value), {}))
        return option


class RecordGameForm(VersionForm):
    """A game played at the table: winner, how, each upgrade, the VP cards earned (L11-L21).

    Upgrade rows are numbered fields ``copy_N``/``sticker_N`` (``by_N`` optional: the sticker's
    sheet says whose upgrade it is, L4a). The form has as many rows as the posted data uses, at
    least ``MIN_UPGRADE_ROWS``; "+ add an upgrade" adds one (static/js/record.js in the page, a
    submit button named ``add_row`` without JavaScript).
    """

    winner = forms.ChoiceField(label=_("Winner"), widget=forms.RadioSelect,
                               error_messages=NOT_OFFERED)
    how = forms.ChoiceField(label=_("How"), choices=[
        ("authority", _("Authority: the opponent reached 0")),
        ("political", _("Political victory: all five stickers of this scenario's sheet")),
        ("scenario", _("The scenario's own condition")),
        # A table game can end by a resignation too; recorded as one, as an online game is.
        ("resign", _("Resignation: the opponent gave up")),
    ], initial="authority", error_messages=NOT_OFFERED)

    def __init__(self, *args: Any, rows: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        state = self.campaign.current_state
        sides = self.side_choices()
        self.fields["winner"].choices = sides
        self.options = upgrade_options(self.content, state, sorted(state.sides), self.campaign)
        self.row_count = rows or upgrade_row_count(self.data or self.initial)
        self.too_many_rows = upgrade_row_count(self.data, limit=None) > MAX_UPGRADE_ROWS
        for i in range(self.row_count):
            self._add_row(i, sides)
        for vp in self._extra_vp_cards():
            self.fields[f"vp_{vp['id']}"] = forms.ChoiceField(
                required=False, choices=[("", _("nobody"))] + sides, error_messages=NOT_OFFERED,
                label=pack_text(vp.get("name")), help_text=pack_text(vp.get("text")))

    def _add_row(self, i: int, sides: list[tuple[str, str]]) -> None:
        options, blank = self.options, [("", "—")]
        self.fields[f"copy_{i}"] = forms.ChoiceField(
            required=False, choices=blank + options["copy_groups"], label=_("Card copy"),
            error_messages=NOT_OFFERED,
            widget=OptionDataSelect(option_data=options["copy_data"],
                                    attrs={"class": "upgrade-copy"}))
        self.fields[f"sticker_{i}"] = forms.ChoiceField(
            required=False, choices=blank + options["sticker_groups"], label=_("Sticker"),
            error_messages=NOT_OFFERED,
            widget=OptionDataSelect(option_data=options["sticker_data"],
                                    attrs={"class": "upgrade-sticker"}))
        self.fields[f"by_{i}"] = forms.ChoiceField(required=False, choices=blank + sides,
                                                   label=_("By"), widget=forms.HiddenInput,
                                                   error_messages=NOT_OFFERED)

    def _extra_vp_cards(self) -> list[dict]:
        """Return the scenario's VP cards other than the winner's (that one is automatic, L21)."""
        number = self.campaign.current_state.scenario
        if not number:
            return []
        return [v for v in self.content.vp_cards_of_scenario(number) if v.get("award") != "winner"]

    def upgrade_rows(self) -> list[dict[str, Any]]:
        """Return each row's bound fields and the chosen copy's card face, if one is chosen."""
        rows = []
        for i in range(self.row_count):
            copy_field, sticker_field = self[f"copy_{i}"], self[f"sticker_{i}"]
            rows.append({"number": i + 1, "copy": copy_field, "sticker": sticker_field,
                         "by": self[f"by_{i}"],
                         "face": self._face(str(copy_field.value() or ""),
                                            str(sticker_field.value() or ""))})
        return rows

    def _face(self, copy_id: str, sticker_id: str) -> str:
        """Return the chosen copy's face URL, with the chosen sticker on it when they fit."""
        url = self.options["copy_data"].get(copy_id, {}).get("data-face", "")
        if url and sticker_id in self.options["sticker_data"] and self.options["fits"](
                copy_id, sticker_id):
            url += "&" + urlencode({"sticker": sticker_id})  # the face URL's sticker parameter
        return url

    def vp_fields(self) -> list:
        return [self[f"vp_{vp['id']}"] for vp in self._extra_vp_cards()]

    def clean(self) -> dict:
        data = super().clean()
        self.upgrades = []
        if self.too_many_rows:
            raise forms.ValidationError(_("At most %(n)s upgrades can be recorded for one game.")
                                        % {"n": MAX_UPGRADE_ROWS})
        for i in range(self.row_count):
            upgrade = self._clean_row(i, data)
            if upgrade:
                self.upgrades.append(upgrade)
        return data

    def _clean_row(self, i: int, data: dict) -> dict | None:
        """Return the row's upgrade, None for an empty row; add a row error for a bad one."""
        copy_id, sticker_id = data.get(f"copy_{i}"), data.get(f"sticker_{i}")
        if not copy_id and not sticker_id:
            return None
        values = {"n": i + 1}
        if not (copy_id and sticker_id):
            self.add_error(f"copy_{i}", _("Upgrade row %(n)s: give both the card copy and the "
                                          "sticker.") % values)
            return None
        if not self.options["fits"](copy_id, sticker_id):
            self.add_error(f"copy_{i}", _("Upgrade row %(n)s: %(why)s") % {
                **values, "why": mismatch_message(self.content, copy_id, sticker_id)})
            return None
        sheet = self.content.sheets[StickerRef.parse(sticker_id).sheet_id]
        side = data.get(f"by_{i}") or sheet["side"]  # the sheet's side made it (L4a)
        return {"copy": copy_id, "sticker": sticker_id, "side": side}

    def payload(self) -> dict:
        data = self.cleaned_data
        vp_cards = [{"card": vp["id"], "side": data[f"vp_{vp['id']}"]}
                    for vp in self._extra_vp_cards() if data.get(f"vp_{vp['id']}")]
        return {"winner": data["winner"], "how": data["how"], "upgrades": self.upgrades,
                "vp_cards": vp_cards}


def upgrade_row_count(data: Any, limit: int | None = MAX_UPGRADE_ROWS) -> int:
    """Return how many upgrade rows a form needs for ``data``: its highest filled row, plus one
    when the "+ add an upgrade" button (no JavaScript) was pressed; within MIN and MAX."""
    highest = 0
    for key in data or {}:
        prefix, _sep, number = str(key).partition("_")
        filled = prefix in ("copy", "sticker") and number.isascii() and number.isdigit()
        if filled and data.get(key):  # a huge row number counts as too many rows, never as none
            highest = max(highest, int(number) + 1 if len(number) < 6 else 10 ** 6)
    wanted = max(MIN_UPGRADE_ROWS, highest + (1 if data and data.get("add_row") else 0))
    return wanted if limit is None else min(limit, wanted)


class AfterCampaignUpgradeForm(VersionForm):
    """One upgrade after the campaign, by the side whose turn it is (L25)."""

    copy = forms.ChoiceField(label=_("Card copy"), error_messages=NOT_OFFERED)
    sticker = forms.ChoiceField(label=_("Sticker"), error_messages=NOT_OFFERED)

    def __init__(self, *args: Any, side: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.side = side
        options = upgrade_options(self.content, self.campaign.current_state, [side])
        self.fields["copy"].widget = OptionDataSelect(option_data=options["copy_data"],
                                                      attrs={"class": "upgrade-copy"})
        self.fields["sticker"].widget = OptionDataSelect(option_data=options["sticker_data"],
                                                         attrs={"class": "upgrade-sticker"})
        self.fields["copy"].choices = options["copy_groups"]  # after the widget: it copies them
        self.fields["sticker"].choices = options["sticker_groups"]

    def payload(self) -> dict:
        return {"copy": self.cleaned_data["copy"], "sticker": self.cleaned_data["sticker"],
                "side": self.side}


class ImportForm(forms.Form):
    """A backup file to import as a new campaign (at most settings.IMPORT_MAX_BYTES)."""

    file = forms.FileField(label=_("Backup file (JSON)"))
    seat = forms.ChoiceField(label=_("Your seat"), initial="auto", required=False, choices=[
        ("auto", _("The seat with my user name, otherwise the first seat")),
        ("0", _("The first seat")), ("1", _("The second seat")),
        ("none", _("None: I only keep score")),
    ], error_messages=NOT_OFFERED)

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > settings.IMPORT_MAX_BYTES:
            raise forms.ValidationError(
                _("This file is %(size)s; a campaign backup may be at most %(max)s.")
                % {"size": filesizeformat(upload.size),
                   "max": filesizeformat(settings.IMPORT_MAX_BYTES)})
        return upload.read()
