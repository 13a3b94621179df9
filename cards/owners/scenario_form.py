"""A scenario card through a form (issue 19): the common rule shapes, a choice between two
options (each with its rules, lasting or not), "same as the other side", free text for the rest.

Rules of other shapes stay editable in each side's JSON box; text typed under "other rules" is
kept on the card as text alone (`unread`): the table plays it, online play waits for effects.
"""
from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from cards.forms import JSONTextField, PackEditForm
from cards.language import active_language
from cards.owners.printed import text_language
from cards.owners.rule_shapes import COUNTERS, SHAPES, TYPES, WHO, RuleError, rule_of
from cards.owners.scenario_initial import OPTIONS, RULE_ROWS, SIDES, initial_values
from cards.validation import PackProblem


def _text(value: str) -> dict[str, str]:
    """Return a one-language text object for what was typed ("" in the other language)."""
    return {"en": "", "ru": ""} | ({text_language(value): value.strip()} if value.strip() else {})


class ScenarioCardForm(PackEditForm):
    """Type in an opened scenario card: title, story, both sides (or one, the same), its VP."""

    title = forms.CharField(label=_("Title"), max_length=200)
    story = forms.CharField(label=_("Story (optional)"), required=False,
                            widget=forms.Textarea(attrs={"rows": 2}))
    winner_points = forms.IntegerField(label=_("VP for winning this scenario"), min_value=0,
                                       max_value=99, initial=1)
    same_sides = forms.BooleanField(label=_("The Trade Federation's side is the same as the "
                                            "Star Empire's"), required=False)

    def __init__(self, *args: Any, index: int, **kwargs: Any) -> None:
        self.index = index
        super().__init__(*args, **kwargs)
        self.shape_fields: dict[str, list[str]] = {}
        scenario = self.pack.working_data["scenarios"][index]
        self.number = scenario["number"]
        for side in SIDES:
            self._side_fields(side)
        winner = self._winner(self.pack.working_data)
        # The choices the form cannot show are kept as stored, also when a post is saved.
        values, self.extra_choices = initial_values(
            scenario, winner.get("points") if winner else None, active_language())
        if not self.is_bound:
            self.initial.update(values)

    # -- fields ---------------------------------------------------------------------------

    def _rule_fields(self, prefix: str) -> None:
        f = self.fields
        f[f"{prefix}_shape"] = forms.ChoiceField(label=_("Rule"), choices=SHAPES, required=False)
        f[f"{prefix}_who"] = forms.ChoiceField(label=_("Who"), choices=WHO, required=False)
        f[f"{prefix}_n"] = forms.IntegerField(label=_("N"), required=False, min_value=-99,
                                              max_value=999)
        f[f"{prefix}_faction"] = forms.ChoiceField(
            label=_("Faction"), required=False,
            choices=[("", _("any faction")), *self.pack.faction_names().items()])
        f[f"{prefix}_type"] = forms.ChoiceField(label=_("Cards"), choices=TYPES, required=False)
        f[f"{prefix}_counter"] = forms.ChoiceField(label=_("Counter"), choices=COUNTERS,
                                                   required=False)
        f[f"{prefix}_text"] = forms.CharField(label=_("Effect (as printed)"), required=False,
                                              max_length=300)

    def _side_fields(self, side: str) -> None:
        f = self.fields
        f[f"{side}_text"] = forms.CharField(label=_("Text of this side, as printed"),
                                            required=False, max_length=2000,
                                            widget=forms.Textarea(attrs={"rows": 3}))
        for i in range(RULE_ROWS):
            self._rule_fields(f"{side}_r{i}")
        f[f"{side}_prompt"] = forms.CharField(label=_("Choice for the first player (optional)"),
                                              required=False, max_length=300)
        for option in OPTIONS:
            f[f"{side}_{option}_label"] = forms.CharField(label=_("Option"), required=False,
                                                          max_length=200)
            self._rule_fields(f"{side}_{option}")
            f[f"{side}_{option}_lasting"] = forms.BooleanField(
                label=_("Lasting: for every later game of the campaign"), required=False)
            f[f"{side}_{option}_reminder"] = forms.CharField(
                label=_("Reminder card text (optional)"), required=False, max_length=300)
        f[f"{side}_other"] = forms.CharField(
            label=_("Other rules, as printed (kept as text: played at the table)"),
            required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 2}))
        f[f"{side}_json"] = JSONTextField(label=_("Rules of other shapes (JSON, advanced)"),
                                          expect=list, required=False)
        f[f"{side}_json"].widget = forms.Textarea(attrs={"rows": 2, "spellcheck": "false",
                                                         "class": "json-input"})

    def side_groups(self) -> list[dict[str, Any]]:
        """Return each side's bound fields for the template."""
        names = {"empire": _("Star Empire"), "federation": _("Trade Federation")}
        groups = []
        for side in SIDES:
            rule = lambda p: [self[f"{p}_{n}"] for n in ("shape", "who", "n", "faction", "type",
                                                          "counter", "text")]
            groups.append({
                "side": side, "name": names[side], "text": self[f"{side}_text"],
                "rules": [rule(f"{side}_r{i}") for i in range(RULE_ROWS)],
                "prompt": self[f"{side}_prompt"],
                "options": [{"label": self[f"{side}_{o}_label"], "rule": rule(f"{side}_{o}"),
                             "lasting": self[f"{side}_{o}_lasting"],
                             "reminder": self[f"{side}_{o}_reminder"]} for o in OPTIONS],
                "other": self[f"{side}_other"], "json": self[f"{side}_json"]})
        return groups

    def _winner(self, data: dict[str, Any]) -> dict[str, Any] | None:
        ids = data["scenarios"][self.index].get("vp_cards", [])
        return next((v for v in data.get("vp_cards", []) if isinstance(v, dict)
                     and v.get("id") in ids and v.get("award") == "winner"), None)

    # -- building the scenario ------------------------------------------------------------

    def _row(self, prefix: str, data: dict[str, Any]) -> dict[str, Any] | None:
        values = {n: self.cleaned_data.get(f"{prefix}_{n}")
                  for n in ("shape", "who", "n", "faction", "type", "counter", "text")}
        try:
            return rule_of(values, data)
        except RuleError as error:
            self.add_error(f"{prefix}_{error.field}", str(error))
            return None

    def _side(self, side: str, data: dict[str, Any]) -> dict[str, Any]:
        c = self.cleaned_data
        rules = [r for i in range(RULE_ROWS) if (r := self._row(f"{side}_r{i}", data))]
        rules += c.get(f"{side}_json") or []
        part: dict[str, Any] = {"text": _text(c[f"{side}_text"] or c[f"{side}_other"]),
                                "rules": rules, "choices": self._choices(side, data)}
        if c[f"{side}_other"].strip():
            part["unread"] = [c[f"{side}_other"].strip()]
        return part

    def _choices(self, side: str, data: dict[str, Any]) -> list[dict[str, Any]]:
        c = self.cleaned_data
        extra = self.extra_choices.get(side, [])
        if not c[f"{side}_prompt"].strip():
            return extra
        options = []
        for key in OPTIONS:
            rule = self._row(f"{side}_{key}", data)
            label = c[f"{side}_{key}_label"].strip()
            if not label:
                self.add_error(f"{side}_{key}_label", gettext("Give each option its label."))
            option = {"id": key, "label": _text(label or key), "rules": [], "lasting_rules": []}
            if rule:
                option["lasting_rules" if c[f"{side}_{key}_lasting"] else "rules"] = [rule]
            if c[f"{side}_{key}_reminder"].strip():
                option["reminder"] = _text(c[f"{side}_{key}_reminder"])
            options.append(option)
        return [{"id": "choice", "prompt": _text(c[f"{side}_prompt"]), "options": options},
                *extra]

    def apply_to(self, data: dict[str, Any], cleaned: dict[str, Any]) -> str:
        scenario = data["scenarios"][self.index]
        scenario["title"] = _text(cleaned["title"])
        scenario["story"] = _text(cleaned["story"] or cleaned["title"])
        scenario.pop("entered", None)
        empire = self._side("empire", data)
        if not cleaned["empire_text"].strip() and not cleaned["empire_other"].strip():
            self.add_error("empire_text", gettext("Type the text of the scenario card."))
        federation = (json.loads(json.dumps(empire)) if cleaned["same_sides"]
                      else self._side("federation", data))
        scenario["sides"] = {"empire": empire, "federation": federation}
        if (not cleaned["same_sides"] and not cleaned["federation_text"].strip()
                and not cleaned["federation_other"].strip()):
            # else "saved", then refused when a campaign starts (each side has its own text)
            self.add_error("federation_text", gettext("Type the text of the scenario card."))
        winner = self._winner(data)
        if winner is not None:
            winner["points"] = cleaned["winner_points"]
        return f"scenarios[{self.index}] #{self.number}"

    def field_for(self, problem: PackProblem, prefix: str) -> str | None:
        where = problem.path or problem.message
        if not where.startswith(prefix):
            return None
        rest = where[len(prefix):].lstrip(".: ")
        for side in SIDES:
            if rest.startswith(f"sides.{side}.rules"):
                return f"{side}_json" if f"{side}_json" in self.fields else None
            if rest.startswith(f"sides.{side}"):
                return f"{side}_text"
        return "title" if rest.startswith("title") else None
