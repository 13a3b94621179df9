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
from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from cards import jsoninput, usage
from cards.models import CardDesign, ContentPack
from cards.validation import (
    MAX_PROBLEMS,
    PackProblem,
    card_label,
    engine_problems,
    is_count_problem,
    validate_pack,
)


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
        if not text and not self.required:
            return None
        try:
            parsed = jsoninput.loads(text, max_values=jsoninput.MAX_FIELD_VALUES)
        except jsoninput.JSONInputError as exc:
            raise forms.ValidationError(str(exc)) from None
        if not isinstance(parsed, self.expect):
            kind = _("a list") if self.expect is list else _("an object")
            raise forms.ValidationError(_("Must be %(kind)s."), params={"kind": kind})
        return parsed


class PackEditForm(forms.Form):
    """Base of the editor forms: validate the edited pack, attach problems to fields.

    Each form carries the checksum of the pack it was shown with; the view refuses a save
    against another one with 409 (two tabs editing the same pack must not overwrite each other).
    """

    checksum = forms.CharField(widget=forms.HiddenInput, error_messages={
        "required": _("The form was incomplete; please reload the page.")})

    def __new__(cls, *args: Any, **kwargs: Any) -> PackEditForm:
        form = super().__new__(cls)
        form.made_with = kwargs  # to make it again against a newer set (rebound)
        return form

    def rebound(self, data: Any, pack: ContentPack) -> PackEditForm:
        """Return the same form with `data`, made against `pack` as it is now (after a 409)."""
        return type(self)(data, **{**self.made_with, "pack": pack})

    def __init__(self, *args: Any, pack: ContentPack, **kwargs: Any) -> None:
        self.pack = pack
        self.new_data: dict[str, Any] | None = None
        super().__init__(*args, **kwargs)
        self.fields["checksum"].initial = pack.working_checksum
        self.staged = False  # the change joins a finished set's staged changes (issue 19)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if self.errors:
            return cleaned
        data = copy.deepcopy(self.pack.working_data)
        prefix = self.apply_to(data, cleaned)
        self.checked_data = data  # problems name its parts: a card being added is in it alone
        if self.errors:  # apply_to found a problem of its own (e.g. an ability row)
            return cleaned
        # Every problem (the draft filter below needs them all); the JSON fields' value limits
        # bound how many there can be, and only the first MAX_PROBLEMS are put into words.
        problems = validate_pack(data, filename=f"{self.pack.slug}.json", limit=None, owner=True)
        self.draft = False
        if self.pack.is_draft and problems:
            # An unfinished pack: only the edited part must be right; the rest is "still missing".
            problems = self.draft_problems(data, problems, prefix)
            self.draft = True
        elif self.pack.can_stage and (any(map(is_count_problem, problems))
                                      or self.pack.staged_data is not None):
            # A finished set: a change that breaks only its counts (a card swapped, copies
            # changed) waits with the other staged changes, all checked together at "Apply".
            problems = [p for p in problems if not is_count_problem(p)]
            self.staged = True
        self.new_data_problems = problems
        self.add_problems(problems, prefix)
        if not problems and not self.staged:
            self._refuse_if_campaigns_break(data)
        if not self.errors:
            self.new_data = data
            if self.draft:  # still a draft only while the whole pack is not valid yet
                self.draft = bool(validate_pack(data, filename=f"{self.pack.slug}.json",
                                                owner=True))
        return cleaned

    def add_problems(self, problems: list[PackProblem], prefix: str) -> None:
        """Attach the first MAX_PROBLEMS problems to their fields and count the rest."""
        shown: set[tuple[str | None, str]] = set()
        field = None
        for problem in problems[:MAX_PROBLEMS]:
            field, text = self.field_for(problem, prefix), self.describe(problem)
            if (field, text) not in shown:  # sealed-envelope errors all read alike: show one
                shown.add((field, text))
                self.add_error(field, text)
        more = len(problems) - MAX_PROBLEMS
        if more > 0:  # under the last problem shown, where the list ends
            self.add_error(field, ngettext("… and %(n)s more problem.",
                                           "… and %(n)s more problems.", more) % {"n": more})

    def draft_problems(self, data: dict[str, Any], problems: list[PackProblem],
                       prefix: str) -> list[PackProblem]:
        """Return the problems of the edited part only, with the engine's check of it alone."""
        mine = [p for p in problems if (p.path or p.message).startswith(prefix) and p.path]
        return mine + engine_problems_of_part(data, self.part_cards(data, prefix), prefix)

    def part_cards(self, data: dict[str, Any], prefix: str) -> list[dict[str, Any]]:
        """Return the card designs whose vocabulary the engine checks alone in a draft."""
        return []

    def _refuse_if_campaigns_break(self, data: dict[str, Any]) -> None:
        """Refuse an edit under which a campaign played with this pack no longer replays."""
        for name, why in usage.edit_breaks(self.pack, data):
            self.add_error(None, gettext("Your campaign “%(name)s” uses this pack and would break: "
                                         "%(why)s") % {"name": name, "why": why})

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        """Write the cleaned values into `data`; return the path prefix of the edited part."""
        raise NotImplementedError

    def describe(self, problem: PackProblem) -> str:
        """Return the problem's text, unless it would quote a sealed envelope (spoiler safety)."""
        sealed = sealed_scenario(self.pack, problem.path or problem.message)
        if sealed is None:
            return short_problem(problem, getattr(self, "checked_data", self.pack.working_data))
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


def sealed_scenario(pack: ContentPack, where: str) -> int | None:
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


def short_problem(problem: PackProblem, data: dict[str, Any] | None = None) -> str:
    """Return the problem without the file name, its place and words in the page's language."""
    from cards.problems import describe

    return describe(problem, data)


def engine_problems_of_part(data: dict[str, Any], cards: list[dict[str, Any]],
                            prefix: str) -> list[PackProblem]:
    """Check the vocabulary of some card designs alone, in a probe pack the engine can load.

    A draft pack as a whole fails the engine's checks on what is still missing (sides, sheets);
    its first error would hide a mistake in the card just typed.
    """
    if not cards:
        return []
    probe = {"format": 1, "pack": {"id": "probe", "version": 1, "kind": "core"},
             "factions": data.get("factions", []), "cards": cards}
    found = []
    for problem in engine_problems(probe, filename="probe.json"):
        label = card_label(0, cards[0])  # the probe's card 0 is the edited card
        message = problem.message
        found.append(PackProblem(problem.file, "", prefix + message[len(label):]
                                 if message.startswith(label) else message))
    return found


WHEN_CHOICES = [("", _("— none —")), ("primary", _("Primary ability")),
                ("ally", _("Ally ability")), ("scrap", _("Scrap ability")),
                ("onbuy", _("When bought"))]
EFFECT_CHOICES = [("", "—"), ("trade", _("+ trade")), ("combat", _("+ combat")),
                  ("authority", _("+ authority")), ("draw", _("draw cards")),
                  ("discard", _("you discard cards")),
                  ("opponent_discards", _("opponent discards")),
                  ("scrap", _("scrap up to N from hand or discard pile")),
                  ("destroy_base", _("destroy up to N target bases"))]
SIMPLE_KINDS = {value for value, _label in EFFECT_CHOICES if value}
ABILITY_ROWS = 3
EFFECT_SLOTS = 3


def effect_json(kind: str, amount: int) -> dict[str, Any]:
    """Return the vocabulary's effect for a row's (effect, amount)."""
    if kind == "scrap":
        return {"scrap": {"from": "hand_or_discard", "min": 0, "max": amount}}
    return {kind: amount}


def simple_effect(effect: Any) -> tuple[str, int] | None:
    """Return (effect, amount) if the form's rows can show this effect, else None."""
    if not isinstance(effect, dict) or len(effect) != 1:
        return None
    kind, value = next(iter(effect.items()))
    if kind == "scrap" and isinstance(value, dict) and value.get("from") == "hand_or_discard" \
            and value.get("min", 0) == 0 and set(value) <= {"from", "min", "max"}:
        value = value.get("max")
    if kind in SIMPLE_KINDS and isinstance(value, int) and not isinstance(value, bool):
        return kind, value
    return None


def ability_rows(abilities: Any) -> list[dict[str, Any]] | None:
    """Return the abilities as form rows, or None when some are beyond the simple rows."""
    if not isinstance(abilities, list) or len(abilities) > ABILITY_ROWS:
        return None
    rows = []
    for ability in abilities:
        if (not isinstance(ability, dict) or ability.get("when") not in dict(WHEN_CHOICES)
                or set(ability) - {"when", "faction", "do"}
                or not isinstance(ability.get("do"), list) or len(ability["do"]) > EFFECT_SLOTS):
            return None
        effects = [simple_effect(e) for e in ability["do"]]
        if None in effects:
            return None
        rows.append({"when": ability["when"], "faction": ability.get("faction", ""),
                     "effects": effects})
    return rows


class AbilityRowsMixin:
    """Ability rows of a form: when, the ally's faction, and up to three (effect, amount)."""

    def add_ability_rows(self, prefix: str, count: int, factions: dict[str, str],
                         initial: list[dict[str, Any]] | None, *, ally: bool = True) -> None:
        initial = initial or []
        for i in range(count):
            row = initial[i] if i < len(initial) else {}
            name = f"{prefix}{i}"
            self.fields[f"{name}_when"] = forms.ChoiceField(
                label=_("When"), required=False, choices=WHEN_CHOICES if ally else
                [c for c in WHEN_CHOICES if c[0] != "ally"], initial=row.get("when", ""))
            if ally:
                self.fields[f"{name}_faction"] = forms.ChoiceField(
                    label=_("Ally of"), required=False, initial=row.get("faction", ""),
                    choices=[("", "—"), *factions.items()])
            effects = row.get("effects", [])
            for j in range(EFFECT_SLOTS):
                kind, amount = effects[j] if j < len(effects) else ("", None)
                self.fields[f"{name}_e{j}"] = forms.ChoiceField(
                    label=_("Effect %(n)s") % {"n": j + 1}, required=False,
                    choices=EFFECT_CHOICES, initial=kind)
                self.fields[f"{name}_n{j}"] = forms.IntegerField(
                    label=_("Amount %(n)s") % {"n": j + 1}, required=False, min_value=-99,
                    max_value=99, initial=amount)

    def abilities_from_rows(self, prefix: str, count: int) -> list[dict[str, Any]]:
        """Return the abilities the rows describe, adding an error to each incomplete row."""
        data, found = self.cleaned_data, []
        for i in range(count):
            name = f"{prefix}{i}"
            when = data.get(f"{name}_when")
            effects = []
            for j in range(EFFECT_SLOTS):
                kind, amount = data.get(f"{name}_e{j}"), data.get(f"{name}_n{j}")
                if kind and amount is None:
                    self.add_error(f"{name}_n{j}", gettext("Give the amount of this effect."))
                elif amount is not None and not kind:
                    self.add_error(f"{name}_e{j}", gettext("Pick the effect of this amount."))
                elif kind:
                    if amount < 1 and kind != "authority":
                        self.add_error(f"{name}_n{j}", gettext("Must be at least 1."))
                    effects.append(effect_json(kind, amount))
            if not when:
                if effects:
                    self.add_error(f"{name}_when", gettext("Pick when this ability is used."))
                continue
            if not effects:
                self.add_error(f"{name}_e0", gettext("An ability needs at least one effect."))
                continue
            ability: dict[str, Any] = {"when": when}
            if when == "ally":
                faction = data.get(f"{name}_faction")
                if not faction:
                    self.add_error(f"{name}_faction", gettext("Pick the ally's faction."))
                ability["faction"] = faction
            ability["do"] = effects
            found.append(ability)
        return found

    def ability_row_groups(self, prefix: str, count: int) -> list[list[Any]]:
        """Return each row's bound fields, for the template."""
        return [[self[name] for name in self.fields if name.startswith(f"{prefix}{i}_")]
                for i in range(count)]


ROLE_CHOICES = [(v, label) for v, label in CardDesign.Role.choices if v != "post_campaign"]


class CardDesignForm(AbilityRowsMixin, PackEditForm):
    """Edit one card design of an owner's pack, or add a new one (``design=None``)."""

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
    quantity = forms.IntegerField(label=_("Copies in the box"), required=False, min_value=1,
                                  max_value=99)
    role = forms.ChoiceField(label=_("Role"), required=False, choices=ROLE_CHOICES)
    abilities_from = forms.ChoiceField(
        label=_("Abilities come from"), required=False,
        choices=[("rows", _("the ability rows")), ("json", _("the JSON box (advanced)"))])
    abilities = JSONTextField(label=_("Abilities (JSON)"), expect=list, required=False,
                              help_text=_("A list of abilities in the content-pack vocabulary."))

    def __init__(self, *args: Any, design: CardDesign | None, factions: dict[str, str],
                 **kwargs: Any) -> None:
        self.design = design
        initial = _design_initial(design) if design else {"quantity": 1, "role": "trade",
                                                           "abilities": []}
        rows = ability_rows(initial["abilities"])
        initial["abilities_from"] = "rows" if rows is not None else "json"
        kwargs.setdefault("initial", initial)
        super().__init__(*args, **kwargs)
        self.fields["factions"].choices = list(factions.items())
        if self.pack.post_campaign_revealed or (design and design.role == "post_campaign"):
            self.fields["role"].choices = CardDesign.Role.choices
        self.add_ability_rows("ab", ABILITY_ROWS, factions, rows)
        self.fields["abilities"].widget.attrs.update({  # live card-text preview (htmx)
            "hx-post": reverse("cards:preview", kwargs={"pk": self.pack.pk}),
            "hx-trigger": "keyup changed delay:500ms, load",
            "hx-target": "#abilities-preview", "hx-swap": "outerHTML",
        })

    def main_fields(self) -> list[Any]:
        """Return the bound fields shown above the ability rows."""
        return [self[n] for n in ("name_en", "name_ru", "flavor_en", "flavor_ru", "type",
                                  "outpost", "cost", "defense", "factions", "quantity", "role",
                                  "abilities_from")]

    def rows(self) -> list[list[Any]]:
        return self.ability_row_groups("ab", ABILITY_ROWS)

    def clean(self) -> dict[str, Any]:
        mode = self.data.get("abilities_from") or ("json" if "abilities" in self.data else "rows")
        if mode == "json" and not (self.data.get("abilities") or "").strip():
            self.add_error("abilities", gettext("This field is required."))
        return super().clean()

    def abilities_value(self, cleaned: dict[str, Any]) -> list[Any]:
        mode = self.data.get("abilities_from") or ("json" if "abilities" in self.data else "rows")
        if mode == "json":
            return cleaned["abilities"]
        return self.abilities_from_rows("ab", ABILITY_ROWS)

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        if self.design is None:
            from cards.box import free_id

            taken = {c.get("id") for c in data["cards"] if isinstance(c, dict)}
            card: dict[str, Any] = {
                "id": free_id(taken, cleaned["name_en"], cleaned["name_ru"], fallback="card")}
            data["cards"].append(card)
            position = len(data["cards"]) - 1
        else:
            position = self.design.position
            card = data["cards"][position]
        card["name"] = {"en": cleaned["name_en"], "ru": cleaned["name_ru"]}
        if cleaned["flavor_en"] or cleaned["flavor_ru"] or "flavor" in card:
            card["flavor"] = {"en": cleaned["flavor_en"], "ru": cleaned["flavor_ru"]}
        card["type"] = cleaned["type"]
        card["cost"] = cleaned["cost"]
        card["factions"] = list(cleaned["factions"])
        if cleaned.get("role"):
            card["role"] = cleaned["role"]
        card.setdefault("role", "trade")
        if cleaned.get("quantity"):
            card["quantity"] = cleaned["quantity"]
        card.setdefault("quantity", 1)
        card["abilities"] = self.abilities_value(cleaned)
        is_base = cleaned["type"] == "base"
        card["outpost"] = bool(cleaned["outpost"]) and is_base
        card["defense"] = cleaned["defense"] if is_base else None
        return card_label(position, card)

    def part_cards(self, data: dict[str, Any], prefix: str) -> list[dict[str, Any]]:
        position = self.design.position if self.design else len(data["cards"]) - 1
        return [data["cards"][position]]


def _design_initial(design: CardDesign) -> dict[str, Any]:
    return {
        "name_en": design.name_en, "name_ru": design.name_ru, "flavor_en": design.flavor_en,
        "flavor_ru": design.flavor_ru, "type": design.type, "outpost": design.outpost,
        "cost": design.cost, "defense": design.defense, "factions": design.factions,
        "abilities": design.abilities, "quantity": design.quantity, "role": design.role,
    }


class StickerSheetForm(PackEditForm):
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


class ScenarioForm(PackEditForm):
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


COUNTERS = [("bases_destroyed", _("bases destroyed in the game")),
            ("cards_scrapped", _("cards scrapped in the game")),
            ("cards_acquired", _("cards acquired in the game")),
            ("upgrades", _("upgrades in the game")),
            ("damage_dealt", _("combat damage dealt to a player")),
            ("authority_gained", _("authority gained in the game")),
            ("ships_played_total", _("ships played in the game"))]


class VPCardForm(PackEditForm):
    """Add a VP card to an open scenario (L21): awarded first to reach, or at the game's end."""

    name_en = forms.CharField(label=_("Name (English)"), max_length=200)
    name_ru = forms.CharField(label=_("Name (Russian)"), max_length=200)
    text_en = forms.CharField(label=_("Text (English)"), required=False, max_length=500)
    text_ru = forms.CharField(label=_("Text (Russian)"), required=False, max_length=500)
    points = forms.IntegerField(label=_("VP"), min_value=0, max_value=99)
    award = forms.ChoiceField(label=_("Awarded"), choices=[
        ("first_to", _("to the first player who reaches")),
        ("at_end", _("at the end of the game, to the player who has"))])
    counter = forms.ChoiceField(label=_("Count"), choices=COUNTERS)
    at_least = forms.IntegerField(label=_("At least"), min_value=1, max_value=999)

    def __init__(self, *args: Any, number: int, **kwargs: Any) -> None:
        self.number = number
        super().__init__(*args, **kwargs)

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        from cards.box import free_id

        vps = data.setdefault("vp_cards", [])
        taken = {v.get("id") for v in vps if isinstance(v, dict)}
        vp_id = free_id(taken, f"s{self.number}-{cleaned['name_en']}",
                        f"s{self.number}-{cleaned['name_ru']}", fallback=f"s{self.number}-vp")
        cond = {"count": f"stat:{cleaned['counter']}", "at_least": cleaned["at_least"]}
        vps.append({"id": vp_id, "scenario": self.number, "points": cleaned["points"],
                    "name": {"en": cleaned["name_en"], "ru": cleaned["name_ru"]},
                    "text": {"en": cleaned["text_en"] or cleaned["name_en"],
                             "ru": cleaned["text_ru"] or cleaned["name_ru"]},
                    "award": {cleaned["award"]: cond}})
        for scenario in data.get("scenarios", []):
            if isinstance(scenario, dict) and scenario.get("number") == self.number:
                scenario.setdefault("vp_cards", []).append(vp_id)
        return f'vp_cards[{len(vps) - 1}] "{vp_id}"'


class RemoveForm(PackEditForm):
    """Remove one card design, sticker sheet or VP card (a POST with the pack's checksum)."""

    def __init__(self, *args: Any, remove: Any, **kwargs: Any) -> None:
        self.remove = remove  # callable(data) -> None, removing the part in place
        super().__init__(*args, **kwargs)

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        self.remove(data)
        return "\x00"  # nothing remains to point at: every problem is a form-wide error


KIND_CHOICES = [("legacy", _("Legacy campaign (two sides, 12 envelopes)")),
                ("core", _("Core set (standard games)"))]


class NewPackForm(forms.Form):
    """Start an own pack: empty (structure only) or as a copy of a builtin pack."""

    name_en = forms.CharField(label=_("Name (English)"), max_length=150, required=False,
                              help_text=_("One language is enough."))
    name_ru = forms.CharField(label=_("Name (Russian)"), max_length=150, required=False)
    start = forms.ChoiceField(label=_("Start from"), widget=forms.RadioSelect, choices=[
        ("empty", _("An empty box: the sides, starting cards and 12 scenario placeholders; "
                    "you type in the trade cards, sticker sheets and scenarios")),
        ("copy", _("A copy of a shipped set, to change"))], initial="empty")
    kind = forms.ChoiceField(label=_("Kind of set (empty box)"), choices=KIND_CHOICES,
                             initial="legacy")
    source = forms.ModelChoiceField(label=_("Set to copy"), required=False,
                                    queryset=ContentPack.objects.none())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["source"].queryset = ContentPack.objects.builtin()
        self.fields["source"].label_from_instance = lambda p: p.name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not (cleaned.get("name_en") or cleaned.get("name_ru") or self.errors):
            # issue 19: a Russian-only owner names the set in Russian alone
            self.add_error("name_en", gettext("Give the set's name, in English or Russian."))
        if cleaned.get("start") == "copy" and not cleaned.get("source"):
            self.add_error("source", gettext("Pick the set to copy."))
        return cleaned


class ImportPackForm(forms.Form):
    """Upload a pack file (JSON) as a new own pack; every problem is named by its place."""

    file = forms.FileField(label=_("Pack file (JSON, at most 2 MB)"))

    def __init__(self, *args: Any, unfinished: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.unfinished = unfinished  # into an unfinished set: its counts may still be short

    def clean_file(self) -> Any:
        # One limit for every import (settings.IMPORT_MAX_BYTES): the upload handler
        # (common/uploads.py) drops the bytes past it, so a larger file must be refused here.
        limit = settings.IMPORT_MAX_BYTES
        upload = self.cleaned_data["file"]
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is %(size)s kB; the limit is %(limit)s kB."),
                params={"size": upload.size // 1024, "limit": limit // 1024})
        raw = upload.read(limit + 1)
        try:
            data = jsoninput.loads(raw.decode("utf-8"), max_values=jsoninput.MAX_PACK_VALUES)
        except UnicodeDecodeError:
            raise forms.ValidationError(_("The file is not UTF-8 text.")) from None
        except jsoninput.JSONInputError as exc:
            raise forms.ValidationError(str(exc)) from None
        if not isinstance(data, dict) or not isinstance(data.get("pack"), dict):
            raise forms.ValidationError(_("This is not a pack file: it has no “pack” header."))
        problems = validate_pack(data, filename=upload.name, owner=True)
        if self.unfinished:
            problems = [p for p in problems if not is_count_problem(p)]
        if problems:
            from cards.problems import describe

            raise forms.ValidationError([  # at most MAX_PROBLEMS, then "and N more problems"
                describe(p, data) for p in problems])
        self.data_value = data
        return upload
