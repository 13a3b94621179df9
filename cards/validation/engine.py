"""The engine's half of validation: run its loader and place its message in the pack."""
from __future__ import annotations

import copy
import re
from typing import Any

from cards.validation.report import PackProblem
from cards.validation.vocabulary import AT_TABLE
from play.engine import PackError, load_pack


def for_engine(data: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of pack JSON as the engine reads it: without what only the table plays.

    A VP card awarded at the table (`"award": "at_table"`, its text says when) is never awarded
    by the engine, so it is left out of the engine's pack and of its scenario's list (issue 19).
    Everything else the engine reads as it is; a card's printed text and its unread parts are
    fields the engine does not look at.
    """
    data = copy.deepcopy(data)
    vps = data.get("vp_cards")
    if not isinstance(vps, list):
        return data
    table = {v.get("id") for v in vps if isinstance(v, dict) and v.get("award") == AT_TABLE}
    if not table:
        return data
    data["vp_cards"] = [v for v in vps if not (isinstance(v, dict) and v.get("id") in table)]
    for scenario in data.get("scenarios") or []:
        if isinstance(scenario, dict) and isinstance(scenario.get("vp_cards"), list):
            scenario["vp_cards"] = [v for v in scenario["vp_cards"] if v not in table]
    return data


ENGINE_PLACE = re.compile(
    r'^(?P<entry>(?:cards|sticker_sheets|vp_cards|sides)\[\d+\](?: "[^"]*")?'
    r'|scenarios\[\d+\] \d+)(?:: (?P<path>[^:]*?))?: (?P<message>.*)$', re.DOTALL)


def engine_place(message: str) -> tuple[str, str]:
    """Split an engine message into (path, message), the path in this module's format.

    The engine writes `scenarios[0] 1: sides.empire.rules[0]: unknown rule "x"`; the validator's
    paths read `scenarios[0] #1.sides.empire.rules[0]`, so the editor's forms find the field
    a problem is about whoever reported it.
    """
    match = ENGINE_PLACE.match(message)
    if match is None:
        return "", message
    entry = re.sub(r"^(scenarios\[\d+\]) (\d+)$", r"\1 #\2", match["entry"])
    return (f"{entry}.{match['path']}" if match["path"] else entry), match["message"]


def engine_problems(data: dict[str, Any], *, filename: str) -> list[PackProblem]:
    """Run the engine's loader on a copy of `data`; return its refusal as a problem, if any."""
    try:
        load_pack(for_engine(data))
    except PackError as exc:
        return [PackProblem(filename, "", str(exc))]
    except Exception as exc:  # noqa: BLE001 - an engine bug must still read as a refusal, not a 500
        return [PackProblem(filename, "", f"the engine could not read the pack: {exc!r}")]
    return []
