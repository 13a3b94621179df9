"""What the scenario card form shows before anything is typed: the stored card, read back into
its fields (the rule rows it can show, a two-option choice, the rest as JSON and text)."""
from __future__ import annotations

import json
from typing import Any

from cards.language import pack_text
from cards.owners.rule_shapes import row_of

SIDES = ("empire", "federation")
RULE_ROWS = 3
OPTIONS = ("a", "b")


def initial_values(scenario: dict[str, Any], winner_points: int | None,
                   lang: str) -> tuple[dict[str, Any], dict[str, list]]:
    """Return (the form's initial values, each side's choices the form cannot show).

    A card not entered yet (`entered: false`, the placeholder of a newly opened envelope)
    shows empty title, story and texts rather than the placeholder's."""
    entered = scenario.get("entered", True) is not False
    initial: dict[str, Any] = {
        "title": pack_text(scenario.get("title"), lang) if entered else "",
        "story": pack_text(scenario.get("story"), lang) if entered else "",
        "winner_points": winner_points if winner_points is not None else 1,
    }
    sides = scenario.get("sides") or {}
    initial["same_sides"] = sides.get("empire") == sides.get("federation")
    extra_choices = {}
    for side in SIDES:
        extra_choices[side] = _side_initial(initial, side, sides.get(side) or {}, lang, entered)
    return initial, extra_choices


def _side_initial(initial: dict[str, Any], side: str, part: dict[str, Any], lang: str,
                  entered: bool) -> list:
    """Fill one side's fields; return its choices beyond the first two-option one."""
    if entered:
        initial[f"{side}_text"] = pack_text(part.get("text"), lang)
    others, row = [], 0
    for rule in part.get("rules") or []:
        shown = row_of(rule, lang) if row < RULE_ROWS else None
        if shown is None:
            others.append(rule)
            continue
        initial.update({f"{side}_r{row}_{k}": v for k, v in shown.items()})
        row += 1
    initial[f"{side}_other"] = "\n".join(part.get("unread") or [])
    choices = part.get("choices") or []
    if choices and len(choices[0].get("options") or []) == 2:
        _choice_initial(initial, side, choices[0], lang)
        choices = choices[1:]
    initial[f"{side}_json"] = json.dumps(others, ensure_ascii=False) if others else ""
    return choices


def _choice_initial(initial: dict[str, Any], side: str, choice: dict[str, Any],
                    lang: str) -> None:
    initial[f"{side}_prompt"] = pack_text(choice.get("prompt"), lang)
    for key, option in zip(OPTIONS, choice["options"]):
        initial[f"{side}_{key}_label"] = pack_text(option.get("label"), lang)
        initial[f"{side}_{key}_reminder"] = pack_text(option.get("reminder"), lang)
        lasting = bool(option.get("lasting_rules"))
        rules = option.get("lasting_rules" if lasting else "rules") or []
        shown = row_of(rules[0], lang) if len(rules) == 1 else None
        initial[f"{side}_{key}_lasting"] = lasting
        if shown:
            initial.update({f"{side}_{key}_{k}": v for k, v in shown.items()})
