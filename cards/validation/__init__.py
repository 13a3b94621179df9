"""Validate a content pack: the engine's vocabulary plus the campaign's structure.

`validate_pack(data, filename=...)` returns the problems found (an empty list means valid): the first
MAX_PROBLEMS of them, then one that counts the rest ("and 1234 more problems"), so that one broken
upload costs a bounded amount of work to report (issue 25 F3). Two layers:

* the engine (`play.engine.load_pack`) checks everything it interprets: effects, statics,
  counters, rules, stickers. It stops at its first error, which becomes one `PackProblem`
  (`engine.py`);
* this package checks what is not the engine's business: both languages of every text, the fields
  the catalogue tables store, unique ids, and the counts of a core set (C2, C4) or of a legacy
  campaign (L7, L8, L13, L18, L21, L22, L26). `checker.PackChecker` runs one check class per part
  of the format (`storable`, `header`, `card_list`, `sides`, `sheets`, `scenarios`), each
  reporting into one bounded `report.Report`.

Every problem names the file, the card / sheet / scenario and the field path, in the format of
docs/content-format.md: `legacy-default.json: cards[12] "kingdom-lancer".name.ru: missing text`.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from cards.validation.capacity import upgrade_capacity_problems
from cards.validation.checker import PackChecker
from cards.validation.engine import ENGINE_PLACE, engine_place, engine_problems, for_engine
from cards.validation.header import iter_texts
from cards.validation.report import PackProblem, PackValidationError, Report, card_label
from cards.validation.vocabulary import (
    AT_TABLE,
    CARD_TYPES,
    CORE_COUNTS,
    KINDS,
    LANGUAGES,
    LEGACY_COUNTS,
    LEGACY_FACTIONS,
    MAX_DEPTH,
    MAX_ID_LENGTH,
    MAX_INT,
    MAX_NAME_LENGTH,
    MAX_PROBLEMS,
    PER_LEGACY_FACTION,
    ROLES,
    SCENARIO_NUMBERS,
    SHEET_ROWS,
    SHEET_SCENARIOS,
    SIDES,
    STARTING_DECK,
)

__all__ = [
    "AT_TABLE", "CARD_TYPES", "CORE_COUNTS", "COUNT_PROBLEM", "ENGINE_PLACE", "KINDS", "LANGUAGES",
    "LEGACY_COUNTS", "LEGACY_FACTIONS", "MAX_DEPTH", "MAX_ID_LENGTH", "MAX_INT", "MAX_NAME_LENGTH",
    "MAX_PROBLEMS", "PER_LEGACY_FACTION", "ROLES", "SCENARIO_NUMBERS", "SHEET_ROWS",
    "SHEET_SCENARIOS", "SIDES", "STARTING_DECK", "PackProblem", "PackValidationError",
    "card_label", "check_pack", "engine_place", "engine_problems", "for_engine",
    "is_count_problem", "iter_texts", "read_pack_file", "upgrade_capacity_problems",
    "validate_pack",
]


def validate_pack(data: Any, *, filename: str, limit: int | None = MAX_PROBLEMS,
                  owner: bool = False) -> list[PackProblem]:
    """Return the problems of pack JSON `data` (already parsed); [] when it is valid.

    Past `limit` problems the rest are only counted, in one last problem; `limit=None` lists all
    (the draft editor picks the edited part's problems out of the whole list). `owner`: an
    owner's own set (issue 19), where one language per text is enough, flavour text is optional
    and VP cards may be awarded at the table (`"award": "at_table"`); shipped packs need both.
    """
    if not isinstance(data, dict):
        return [PackProblem(filename, "", "a pack must be a JSON object")]
    report = Report(filename, data, limit, owner=owner)
    PackChecker(report).run()
    for problem in engine_problems(data, filename=filename):
        report.add(*engine_place(problem.message))
    if report.found > len(report.problems):
        more = report.found - len(report.problems)
        report.problems.append(PackProblem(filename, "", f"and {more} more problems"))
    return report.problems


def check_pack(data: Any, *, filename: str) -> None:
    """Raise `PackValidationError` listing all problems unless `data` is a valid pack."""
    problems = validate_pack(data, filename=filename)
    if problems:
        raise PackValidationError(problems)


def read_pack_file(path: Path | str) -> tuple[Any, list[PackProblem]]:
    """Read and validate a pack file; return (data or None, problems)."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        return None, [PackProblem(path.name, "", f"cannot read the file ({exc.strerror})")]
    except UnicodeDecodeError:
        return None, [PackProblem(path.name, "", "the file is not UTF-8 text")]
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        return None, [PackProblem(path.name, where, f"invalid JSON: {exc.msg}")]
    except RecursionError:
        return None, [PackProblem(path.name, "", "invalid JSON: nested far too deeply")]
    return data, validate_pack(data, filename=path.name)


# Whole-set counts (L8, L18, L25, L26): an unfinished set cannot meet them yet, and a change to a
# finished one (a card swapped for another) breaks them on the way (issue 19).
COUNT_PROBLEM = re.compile(r"needs \d+ (copies|trade cards)|needs one sheet for each|"
                           r"sticker rows of cost \d+: \d+, but only")


def is_count_problem(problem: PackProblem) -> bool:
    """Return whether a problem is about the whole set's counts, not about one part of it."""
    return bool(COUNT_PROBLEM.search(problem.message))
