"""Every rule ID the project cites is defined in docs/rules.md (C core, L legacy, M modes).

The scan reads the project's code, templates, translations, tests and documents line by line and
collects rule IDs in the forms they are written in: `C23`, `(L15)`, `L4a`, lists (`M1, M2`),
ranges (`L11-L19`, `C18–C20`: every ID in between is cited), test names (`test_c20_...`,
`test_l15_l16_...`) and, in tests, kebab-case case ids (`"parasite-c13-c17-acquires..."`). A rule
is defined by its anchored entry in docs/rules.md: `<a id="c20"></a>**C20** ...`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules.md"
SUFFIXES = {".py", ".html", ".txt", ".md", ".po", ".js", ".css"}
SKIPPED_DIRS = {".venv", "venv", "db", "staticfiles", "media", "tmp", "node_modules", "__pycache__"}

DEFINITION = re.compile(r'^\s*- <a id="([a-z0-9]+)"></a>\*\*([CLM]\d{1,2}[a-z]?)\*\*')
# An uppercase ID stands alone: not inside a word, a hex colour, a snake_case name, a number or
# a URL-encoded byte (%C2).
_EDGE_BEFORE = r"(?<![A-Za-z0-9_#%])"
_EDGE_AFTER = r"(?![A-Za-z0-9_])"
RANGE = re.compile(_EDGE_BEFORE + r"([CLM])(\d{1,2})\s*[-–—]\s*\1(\d{1,2})" + _EDGE_AFTER)
SINGLE = re.compile(_EDGE_BEFORE + r"([CLM]\d{1,2}[a-z]?)" + _EDGE_AFTER)
TEST_NAME = re.compile(r"(?<![A-Za-z0-9_])test_[a-z0-9_]+")
KEBAB_STRING = re.compile(r"""(?<![A-Za-z0-9_])["']([a-z0-9]+(?:-[a-z0-9]+)*)["']""")
LOWER_ID = re.compile(r"[clm]\d{1,2}[a-z]?")


class Citation(NamedTuple):
    path: str
    line: int
    rule: str
    text: str


def cited_ids(line: str, kebab: bool = False) -> list[str]:
    """Return the rule IDs a line cites, in order; a range gives each ID in it.

    A backwards range ("L6-L4") comes back as written, so that it is reported as undefined.
    `kebab`: also read kebab-case string literals ("explorer-c4-scrap", a test's case ids).
    """
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    for match in RANGE.finditer(line):
        letter, low, high = match.group(1), int(match.group(2)), int(match.group(3))
        taken.append(match.span())
        if high < low:
            found.append((match.start(), match.group(0)))
        found += [(match.start(), f"{letter}{k}") for k in range(low, high + 1)]
    for match in SINGLE.finditer(line):
        if not any(start <= match.start() < end for start, end in taken):
            found.append((match.start(), match.group(1)))
    for match in TEST_NAME.finditer(line):
        found += [(match.start(), _upper_id(part)) for part in match.group(0).split("_")[1:]
                  if LOWER_ID.fullmatch(part)]
    if kebab:
        for match in KEBAB_STRING.finditer(line):
            found += [(match.start(), _upper_id(part)) for part in match.group(1).split("-")
                      if LOWER_ID.fullmatch(part)]
    return [rule for _start, rule in sorted(found, key=lambda item: item[0])]


def _upper_id(part: str) -> str:
    """Return "C4" for "c4" and "L4a" for "l4a" (a sub-rule keeps its lowercase letter)."""
    head = part.rstrip("abcdefghijklmnopqrstuvwxyz")
    return head.upper() + part[len(head):]


def defined_ids(text: str) -> dict[str, str]:
    """Return {rule ID: its anchor} of every definition in docs/rules.md's text."""
    return {m.group(2): m.group(1) for line in text.splitlines()
            if (m := DEFINITION.match(line))}


def project_files(root: Path = ROOT) -> Iterator[Path]:
    """Yield the project's text files: code, templates, translations, tests and documents
    (never the virtualenv, the database folder, collected static files or vendored *.min.js)."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith(".")
                         and not d.endswith(".egg-info"))
        for name in sorted(files):
            path = Path(folder) / name
            if path.suffix in SUFFIXES and not name.endswith(".min.js"):
                yield path


def citations(root: Path = ROOT) -> list[Citation]:
    """Return every rule citation in the project's files (but this one, whose examples of bad
    citations are meant to be bad)."""
    result = []
    for path in project_files(root):
        if path == Path(__file__).resolve():
            continue
        relative = path.relative_to(root).as_posix()
        kebab = relative.startswith("tests/") and path.suffix == ".py"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            result += [Citation(relative, number, rule, line.strip())
                       for rule in cited_ids(line, kebab)]
    return result


@pytest.fixture(scope="module")
def found() -> list[Citation]:
    return citations()


@pytest.fixture(scope="module")
def defined() -> dict[str, str]:
    return defined_ids(RULES.read_text(encoding="utf-8"))


# -- the extraction itself -----------------------------------------------------------------------

@pytest.mark.parametrize("line, kebab, expected", [
    ("a base stays in play (C10), its primary once per turn", False, ["C10"]),
    ("# -- L11-L19: recording a game ----", False, [f"L{k}" for k in range(11, 20)]),
    ("attacks, outposts (C18–C20, C26)", False, ["C18", "C19", "C20", "C26"]),
    ("Rules: docs/rules.md M1-M9 and M2, M7", False,
     [f"M{k}" for k in range(1, 10)] + ["M2", "M7"]),
    ("deck (C2-C5, L7), a sheet (L4a/L14)", False, ["C2", "C3", "C4", "C5", "L7", "L4a", "L14"]),
    ("def test_c20_outpost_blocks_attacks_on_the_player() -> None:", False, ["C20"]),
    ("def test_l15_l16_l17_upgraded_copies_are_baked(finished) -> None:", False,
     ["L15", "L16", "L17"]),
    ("def test_l4_vp_cards_and_l8_twenty_explorers(pack):", False, ["L4", "L8"]),
    ("def test_l4a_sheet_must_belong_to_the_upgrading_side(", False, ["L4a"]),
    ('    Case("parasite-c13-c17-acquires-a-cost-6-card-free", "parasite",', True,
     ["C13", "C17"]),
    ('    state = stacked_game(Case("c11", "war-world", ("war-world",), ()))', True, ["C11"]),
    ('    Case("parasite-c13-c17-acquires-a-cost-6-card-free", "parasite",', False, []),
    ("the backwards range L6-L4 is an error", False, ["L6-L4"]),
])
def test_cited_ids_reads_the_forms_the_project_uses(line: str, kebab: bool,
                                                    expected: list[str]) -> None:
    assert cited_ids(line, kebab) == expected


@pytest.mark.parametrize("line", [
    "--accent: #3a48c4; border: 1px solid #C4C4C4;",
    "    # shellcheck disable=SC1091",
    "L10_TABLE = {  # faction -> effects",
    'digest = "6358764404f3310ccf82ee630bfd9125ada70d2eb1a1583a5c8ff0ce22c9a394"',
    "charset=UTF-8; the H1 heading; a C++ note; model M2X; 12C4",
    'url.replace("match=1", "match=%C2%B2") and "copy=%C2%B2"',
    "def test_scenario_12_ends_the_campaign(): the 3-card hand; sticker empire-1:3:ship",
])
def test_cited_ids_ignores_what_is_not_a_rule_id(line: str) -> None:
    assert cited_ids(line, kebab=True) == []


def test_defined_ids_reads_anchored_entries_only() -> None:
    text = ('- <a id="c20"></a>**C20** Outposts guard their owner (C14).\n'
            '  - <a id="l4a"></a>**L4a** sticker sheets\n'
            "- **C21** an entry without an anchor defines nothing\n")
    assert defined_ids(text) == {"C20": "c20", "L4a": "l4a"}


# -- docs/rules.md and the project -------------------------------------------------------------

def test_docs_rules_md_defines_every_family_without_gaps_each_with_its_anchor(
        defined: dict[str, str]) -> None:
    """C, L and M are numbered from 1 without gaps; each ID's anchor is its lowercase name."""
    assert {rule: anchor for rule, anchor in defined.items() if anchor != rule.lower()} == {}
    for family, at_least in (("C", 26), ("L", 27), ("M", 9)):
        numbers = {int(re.sub(r"\D", "", rule)) for rule in defined if rule[0] == family}
        assert numbers == set(range(1, max(numbers) + 1)) and len(numbers) >= at_least, family
    anchors = re.findall(r'<a id="([a-z0-9]+)"></a>', RULES.read_text(encoding="utf-8"))
    assert len(anchors) == len(set(anchors)) == len(defined), "an ID is defined twice"


def test_the_scan_finds_the_citations_across_the_project(found: list[Citation]) -> None:
    """Not vacuous: the scan sees well over a thousand citations in code, tests and docs."""
    outside = [c for c in found if c.path != "docs/rules.md"]
    files = {c.path for c in outside}
    assert len(outside) >= 1200 and len(files) >= 90
    for top in ("play/", "campaign/", "cards/", "tests/", "docs/", "templates/", "README.md"):
        assert any(path.startswith(top) for path in files), top
    assert any(p.endswith(".po") for p in files) and any(p.endswith(".js") for p in files)
    for family in "CLM":
        code = {c.rule for c in outside if c.rule[0] == family and not c.path.startswith("tests/")}
        tests = {c.rule for c in outside if c.rule[0] == family and c.path.startswith("tests/")}
        assert len(code) >= 5 and len(tests) >= 5, family
    known = {("tests/engine/test_combat.py", "C20"), ("play/engine/modes.py", "M6"),
             ("tests/engine/test_core_cards.py", "C24"), ("campaign/state.py", "L14"),
             ("tests/campaign/test_state.py", "L25")}
    assert known <= {(c.path, c.rule) for c in outside}


def test_every_cited_rule_id_is_defined_in_docs_rules_md(found: list[Citation],
                                                         defined: dict[str, str]) -> None:
    """A citation of an ID docs/rules.md does not define fails, naming its file and line."""
    unknown = [f"{c.path}:{c.line}: {c.rule} is not in docs/rules.md: {c.text[:100]}"
               for c in found if c.rule not in defined]
    assert not unknown, "\n".join(unknown)
