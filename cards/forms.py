"""Forms of the card browser (filters) and of the owners' own-pack editor (issue 5).

Every editor form works the same way: `clean()` builds the whole new pack JSON with the edited
part replaced and runs the pack validator on it; problems become form errors on the field they
name, and `new_data` is only set when the pack is valid. The view then saves it in one step.
"""
from __future__ import annotations

import copy
import json
import re
from typing import Any

from django import forms
from django.apps import apps
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from cards import jsoninput
from cards.models import CardDesign, ContentPack
from cards.validation import PackProblem, card_label, validate_pack


class CardFilterForm(forms.Form):
    """Filters of a pack's card list; every field is optional."""

    faction = forms.ChoiceField(label=_("Faction"), required=False)
    cost = forms.IntegerField(label=_("Cost"), required=False, min_value=0, max_value=99)
    type = forms.ChoiceField(label=_("Type"), required=False,
                             choices=[("", _("Any type")), *CardDesign.Type.choices])
    role = forms.ChoiceField(label=_("Role"), required=False,
                             choices=[("", _("Any role")), *CardDesign.Role.choices])

    def __init__(self, *args: Any, factions: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["faction"].choices = [("", _("Any faction")), ("unaligned", _("Unaligned")),
                                          *factions.items()]

    def apply(self, designs: list[CardDesign]) -> list[CardDesign]:
        """Return the designs matching the valid filters (all designs if the form is invalid)."""
        if not self.is_valid():
            return designs
        wanted = self.cleaned_data
        return [d for d in designs if _matches(d, wanted)]


def _matches(design: CardDesign, wanted: dict[str, Any]) -> bool:
    # Factions are a JSON list, which SQLite cannot search portably; a pack has ~100 designs.
    faction = wanted.get("faction")
    if faction == "unaligned" and design.factions:
        return False
    if faction and faction != "unaligned" and faction not in design.factions:
        return False
    if wanted.get("cost") is not None and design.cost != wanted["cost"]:
        return False
    if wanted.get("type") and design.type != wanted["type"]:
        return False
    return not wanted.get("role") or design.role == wanted["role"]


class JSONTextField(forms.CharField):
    """A textarea holding JSON; cleans to the parsed value, bad JSON is a field error."""

    widget = forms.Textarea(attrs={"rows": 12, "spellcheck": "false", "class": "json-input"})

    def __init__(self, *, expect: type, **kwargs: Any) -> None:
        self.expect = expect
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, (dict, list)):
            return json.dumps(value, ensure_ascii=False, indent=2)
        return value

    def clean(self, value: Any) -> Any:
        text = super().clean(value)
        try:
            parsed = jsoninput.loads(text)
        except jsoninput.JSONInputError as exc:
            raise forms.ValidationError(str(exc)) from None
        if not isinstance(parsed, self.expect):
            kind = _("a list") if self.expect is list else _("an object")
            raise forms.ValidationError(_("Must be %(kind)s."), params={"kind": kind})
        return parsed


class _PackEditForm(forms.Form):
    """Base of the editor forms: validate the edited pack, attach problems to fields.

    Each form carries the checksum of the pack it was shown with; the view refuses a save
    against another one with 409 (two tabs editing the same pack must not overwrite each other).
    """

    checksum = forms.CharField(widget=forms.HiddenInput, error_messages={
        "required": _("The form was incomplete; please reload the page.")})

    def __init__(self, *args: Any, pack: ContentPack, **kwargs: Any) -> None:
        self.pack = pack
        self.new_data: dict[str, Any] | None = None
        super().__init__(*args, **kwargs)
        self.fields["checksum"].initial = pack.checksum

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        data = copy.deepcopy(self.pack.data)
        prefix = self.apply_to(data, cleaned)
        problems = validate_pack(data, filename=f"{self.pack.slug}.json")
        shown: set[tuple[str | None, str]] = set()
        for problem in problems:
            error = (self.field_for(problem, prefix), self.describe(problem))
            if error not in shown:  # sealed-envelope errors all read alike: show one
                shown.add(error)
                self.add_error(*error)
        if not problems:
            self._refuse_if_campaigns_break(data)
        if not self.errors:
            self.new_data = data
        return cleaned

    def _refuse_if_campaigns_break(self, data: dict[str, Any]) -> None:
        """Refuse an edit under which a campaign played with this pack no longer replays."""
        if not apps.is_installed("campaign"):
            return
        campaigns = apps.get_model("campaign", "Campaign").objects.filter(pack=self.pack)
        for campaign, why in campaigns.replay_problems(data):
            self.add_error(None, gettext("Your campaign “%(name)s” uses this pack and would break: "
                                         "%(why)s") % {"name": campaign.name, "why": why})

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        """Write the cleaned values into `data`; return the path prefix of the edited part."""
        raise NotImplementedError

    def describe(self, problem: PackProblem) -> str:
        """Return the problem's text, unless it would quote a sealed envelope (spoiler safety)."""
        sealed = _sealed_scenario(self.pack, problem.path or problem.message)
        if sealed is None:
            return _short(problem)
        return gettext("This change breaks the content of envelope %(n)s, which you have not "
                       "opened yet (for example a sticker row that no card of that cost fits "
                       "any more).") % {"n": sealed}

    def field_for(self, problem: PackProblem, prefix: str) -> str | None:
        """Return the form field a problem is about (None: a form-wide error)."""
        where = problem.path or problem.message  # the engine puts its path in the message
        if not where.startswith(prefix):
            return None
        rest = where[len(prefix):].lstrip(".: ")  # strips any of the separator characters
        parts = rest.replace("[", ".").split(".")
        for name in ("_".join(parts[:2]), parts[0]):
            if name in self.fields:
                return name
        return None


def _sealed_scenario(pack: ContentPack, where: str) -> int | None:
    """Return the envelope number a problem path points into, if the owner has not opened it."""
    match = re.match(r"(sticker_sheets|scenarios|vp_cards)\[(\d+)\]", where)
    if match is None:
        return None
    section, index = match.group(1), int(match.group(2))
    items = pack.data.get(section, [])
    if index >= len(items) or not isinstance(items[index], dict):
        return None
    number = items[index].get("number" if section == "scenarios" else "scenario")
    if isinstance(number, int) and number not in pack.revealed_range:
        return number
    return None


def _short(problem: PackProblem) -> str:
    """Return the problem without the file name (the user knows which pack they edit)."""
    return f"{problem.path}: {problem.message}" if problem.path else problem.message


class CardDesignForm(_PackEditForm):
    """Edit one card design of an owner's pack."""

    name_en = forms.CharField(label=_("Name (English)"), max_length=200)
    name_ru = forms.CharField(label=_("Name (Russian)"), max_length=200)
    flavor_en = forms.CharField(label=_("Flavour text (English)"), required=False,
                                widget=forms.Textarea(attrs={"rows": 2}))
    flavor_ru = forms.CharField(label=_("Flavour text (Russian)"), required=False,
                                widget=forms.Textarea(attrs={"rows": 2}))
    type = forms.ChoiceField(label=_("Type"), choices=CardDesign.Type.choices)
    outpost = forms.BooleanField(label=_("Outpost (bases only)"), required=False)
    cost = forms.IntegerField(label=_("Cost"), required=False, min_value=0, max_value=99,
                              help_text=_("Empty for cards that cannot be bought."))
    defense = forms.IntegerField(label=_("Defense (bases only)"), required=False, min_value=1,
                                 max_value=99)
    factions = forms.MultipleChoiceField(label=_("Factions"), required=False,
                                         widget=forms.CheckboxSelectMultiple)
    abilities = JSONTextField(label=_("Abilities (JSON)"), expect=list,
                              help_text=_("A list of abilities in the content-pack vocabulary."))

    def __init__(self, *args: Any, design: CardDesign, factions: dict[str, str],
                 **kwargs: Any) -> None:
        self.design = design
        kwargs.setdefault("initial", _design_initial(design))
        super().__init__(*args, **kwargs)
        self.fields["factions"].choices = list(factions.items())
        self.fields["abilities"].widget.attrs.update({  # live card-text preview (htmx)
            "hx-post": reverse("cards:preview", kwargs={"pk": self.pack.pk}),
            "hx-trigger": "keyup changed delay:500ms, load",
            "hx-target": "#abilities-preview", "hx-swap": "outerHTML",
        })

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        card = data["cards"][self.design.position]
        card["name"] = {"en": cleaned["name_en"], "ru": cleaned["name_ru"]}
        if cleaned["flavor_en"] or cleaned["flavor_ru"] or "flavor" in card:
            card["flavor"] = {"en": cleaned["flavor_en"], "ru": cleaned["flavor_ru"]}
        card["type"] = cleaned["type"]
        card["cost"] = cleaned["cost"]
        card["factions"] = list(cleaned["factions"])
        card["abilities"] = cleaned["abilities"]
        is_base = cleaned["type"] == "base"
        card["outpost"] = bool(cleaned["outpost"]) and is_base
        card["defense"] = cleaned["defense"] if is_base else None
        return card_label(self.design.position, card)


def _design_initial(design: CardDesign) -> dict[str, Any]:
    return {
        "name_en": design.name_en, "name_ru": design.name_ru, "flavor_en": design.flavor_en,
        "flavor_ru": design.flavor_ru, "type": design.type, "outpost": design.outpost,
        "cost": design.cost, "defense": design.defense, "factions": design.factions,
        "abilities": design.abilities,
    }


class StickerSheetForm(_PackEditForm):
    """Edit one sticker sheet of an owner's pack as JSON (its id, side and scenario stay)."""

    sheet = JSONTextField(label=_("Sticker sheet (JSON)"), expect=dict)

    def __init__(self, *args: Any, index: int, **kwargs: Any) -> None:
        self.index = index
        super().__init__(*args, **kwargs)
        self.fields["sheet"].initial = self.pack.data["sticker_sheets"][index]

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        old = data["sticker_sheets"][self.index]
        sheet = {**cleaned["sheet"], "id": old["id"], "side": old["side"],
                 "scenario": old["scenario"]}
        data["sticker_sheets"][self.index] = sheet
        return f'sticker_sheets[{self.index}] "{old["id"]}"'

    def field_for(self, problem: PackProblem, prefix: str) -> str | None:
        return "sheet" if problem.path.startswith(prefix) else None


class ScenarioForm(_PackEditForm):
    """Edit one scenario card and its VP cards as JSON (the scenario number stays)."""

    scenario = JSONTextField(label=_("Scenario (JSON)"), expect=dict)
    vp_cards = JSONTextField(label=_("Its VP cards (JSON list)"), expect=list)

    def __init__(self, *args: Any, index: int, **kwargs: Any) -> None:
        self.index = index
        super().__init__(*args, **kwargs)
        scenario = self.pack.data["scenarios"][index]
        self.number = scenario["number"]
        self.fields["scenario"].initial = scenario
        self.fields["vp_cards"].initial = [v for v in self.pack.data.get("vp_cards", [])
                                           if v.get("scenario") == self.number]

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        data["scenarios"][self.index] = {**cleaned["scenario"], "number": self.number}
        others = [v for v in data.get("vp_cards", []) if v.get("scenario") != self.number]
        data["vp_cards"] = others + cleaned["vp_cards"]
        return f"scenarios[{self.index}] #{self.number}"

    def field_for(self, problem: PackProblem, prefix: str) -> str | None:
        if problem.path.startswith("vp_cards") or ".vp_cards" in problem.path:
            return "vp_cards"
        return "scenario" if problem.path.startswith(prefix) else None
