"""Validate a content pack: the engine's vocabulary plus the campaign's structure.

`validate_pack(data, filename=...)` returns the problems found (an empty list means valid): the first
MAX_PROBLEMS of them, then one that counts the rest ("and 1234 more problems"), so that one broken
upload costs a bounded amount of work to report (issue 25 F3). Two layers:

* the engine (`play.engine.load_pack`) checks everything it interprets: effects, statics,
  counters, rules, stickers. It stops at its first error, which becomes one `PackProblem`;
* this module checks what is not the engine's business: both languages of every text, the fields
  the catalogue tables store, unique ids, and the counts of a core set (C2, C4) or of a legacy
  campaign (L7, L8, L13, L18, L21, L22, L26).

Every problem names the file, the card / sheet / scenario and the field path, in the format of
docs/content-format.md: `legacy-default.json: cards[12] "kingdom-lancer".name.ru: missing text`.
"""
from __future__ import annotations

import copy
import json
import math
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from play.engine import PackError, load_pack

LANGUAGES = ("en", "ru")
KINDS = ("core", "legacy")
CARD_TYPES = ("ship", "base")
ROLES = ("trade", "scout", "viper", "explorer", "starter", "post_campaign", "token")
LEGACY_FACTIONS = ("consortium", "kingdom", "scavengers")
SIDES = ("empire", "federation")
CORE_COUNTS = {"trade": 80, "scout": 16, "viper": 4, "explorer": 10}
LEGACY_COUNTS = {"trade": 60, "explorer": 20, "post_campaign": 24}
PER_LEGACY_FACTION = 20
STARTING_DECK = {"scout": 8, "viper": 1, "starter": 2}  # L7, counted by the cards' roles
SHEET_SCENARIOS = (1, 2, 3, 4)  # L18
SHEET_ROWS = 5  # L13
SCENARIO_NUMBERS = tuple(range(1, 13))  # L4
# What the database columns hold (cards.models); a pack beyond them would load on SQLite and fail
# with a DataError on PostgreSQL, so the validator refuses it on both.
MAX_DEPTH = 64
MAX_ID_LENGTH = 100
MAX_NAME_LENGTH = 200
MAX_INT = 2_147_483_647
MAX_PROBLEMS = 50
AT_TABLE = "at_table"  # a VP card the players award by its text (owners' sets, issue 19)


@dataclass(frozen=True)
class PackProblem:
    """One thing wrong with a pack: where (file and JSON path) and what."""

    file: str
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.path}" if self.path else self.file
        return f"{where}: {self.message}"


class PackValidationError(ValueError):
    """A pack that may not be loaded; `problems` lists everything wrong with it."""

    def __init__(self, problems: list[PackProblem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


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
    checker = _Checker(filename, data, limit, owner=owner)
    checker.run()
    for problem in engine_problems(data, filename=filename):
        checker.add(*engine_place(problem.message))
    if checker.found > len(checker.problems):
        more = checker.found - len(checker.problems)
        checker.problems.append(PackProblem(filename, "", f"and {more} more problems"))
    return checker.problems


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


def card_label(index: int, card: Any) -> str:
    """Return the path prefix that names a card: `cards[12] "kingdom-lancer"`."""
    card_id = card.get("id") if isinstance(card, dict) else None
    return f'cards[{index}] "{card_id}"' if isinstance(card_id, str) else f"cards[{index}]"


def iter_texts(value: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield (path, text object) for every {"en"/"ru": ...} object anywhere inside `value`."""
    if isinstance(value, dict):
        if value and set(value) <= set(LANGUAGES):
            yield path, value
            return
        for key, item in value.items():
            yield from iter_texts(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from iter_texts(item, f"{path}[{i}]")


def upgrade_capacity_problems(sheets: list[Any],
                               cards: list[tuple[int, dict[str, Any]]]) -> list[tuple[str, str]]:
    """L25: both sides end the campaign with every row of their sheets used, one sticker per row
    (L14) on its own trade copy (L12) of the row's printed cost and type (L13). Return (path,
    message) for each cost at which that is impossible.

    This is a maximum bipartite matching rows -> copies. Edges only join a row to copies of its
    cost, so the matching splits by cost; within one cost, rows with only a ship (base) sticker
    take ships (bases) first and rows with both take what is left, which is optimal. The path
    names the row of that cost on the LAST-opened sheet, so the owners' editor hides the problem
    behind that envelope while it is sealed (the counts span every sheet).
    """
    rows: Counter[tuple[int, bool, bool]] = Counter()
    where: dict[int, tuple[int, str]] = {}  # cost -> (scenario, path) of its last-opened row
    for i, sheet in enumerate(sheets):
        sheet_rows = sheet.get("rows") if isinstance(sheet, dict) else None
        scenario = sheet.get("scenario") if isinstance(sheet, dict) else None
        opened = scenario if _is_int(scenario) else 0
        for j, row in enumerate(sheet_rows if isinstance(sheet_rows, list) else []):
            if isinstance(row, dict) and _is_int(row.get("cost"), 1):
                cost = row["cost"]
                kinds = (isinstance(row.get("ship"), dict), isinstance(row.get("base"), dict))
                rows[(cost, *kinds)] += 1
                if cost not in where or opened >= where[cost][0]:
                    label = f'sticker_sheets[{i}] "{sheet.get("id")}"'
                    where[cost] = (opened, f"{label}.rows[{j}].cost")
    copies: Counter[tuple[Any, Any]] = Counter()
    for _, card in cards:
        if card["role"] == "trade":
            copies[card.get("cost"), card.get("type")] += card["quantity"]
    problems = []
    for cost in sorted(where):
        ships, bases = copies[cost, "ship"], copies[cost, "base"]
        ship_only, base_only, both = (rows[cost, True, False], rows[cost, False, True],
                                      rows[cost, True, True])
        spare = ships - min(ship_only, ships) + bases - min(base_only, bases)
        matched = min(ship_only, ships) + min(base_only, bases) + min(both, spare)
        wanted = ship_only + base_only + both
        if matched < wanted:
            problems.append((where[cost][1], (
                f"sticker rows of cost {cost}: {wanted}, but only "
                f"{ships + bases} trade copies cost {cost} ({ships} ships, {bases} bases), so not "
                "every row can be used on its own card (L12-L14, L25)")))
    return problems


def _is_int(value: Any, minimum: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


class _Checker:
    """Collects the structural problems of one pack (one method per part of the format)."""

    def __init__(self, filename: str, data: dict[str, Any], limit: int | None = None, *,
                 owner: bool = False) -> None:
        self.owner = owner
        self.filename = filename
        self.data = data
        self.limit = limit
        self.problems: list[PackProblem] = []
        self.found = 0  # every problem, also those past the limit

    def add(self, path: str, message: str) -> None:
        self.found += 1
        if self.limit is None or len(self.problems) < self.limit:
            self.problems.append(PackProblem(self.filename, path, message))

    def run(self) -> None:
        if not self.check_storable():
            return  # too deep to walk safely: the other checks recurse
        kind = self.check_header()
        self.check_texts()
        cards = self.check_cards(kind)
        if kind == "core" and self.data["pack"].get("deck") is True:
            self.check_deck(cards)
        elif kind == "core":
            self.check_counts(cards, CORE_COUNTS)
        elif kind == "legacy":
            self.check_legacy(cards)

    # -- what the database can store ----------------------------------------------------------

    def check_storable(self) -> bool:
        """Report NUL characters, non-finite or huge numbers, over-long ids and names.

        Walks without recursion; returns False if the data nests deeper than MAX_DEPTH.
        """
        stack: list[tuple[Any, str, int]] = [(self.data, "", 0)]
        while stack:
            value, path, depth = stack.pop()
            if depth > MAX_DEPTH:
                self.add(self._readable(path), f"nested more than {MAX_DEPTH} levels deep")
                return False
            self.check_scalar(value, path)
            if isinstance(value, dict):
                stack += [(v, f"{path}.{k}" if path else str(k), depth + 1) for k, v in value.items()]
            elif isinstance(value, list):
                stack += [(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
        return True

    def check_scalar(self, value: Any, path: str) -> None:
        """Report one value the database columns or PostgreSQL's jsonb cannot hold."""
        where = self._readable(path)
        if isinstance(value, str) and "\x00" in value:
            self.add(where, "contains a NUL character (\\u0000)")
        elif isinstance(value, float) and not math.isfinite(value):
            self.add(where, f"must be a finite number, got {value!r}")
        elif isinstance(value, int) and not -MAX_INT <= value <= MAX_INT:
            self.add(where, f"numbers beyond {MAX_INT} are not supported")
        elif isinstance(value, str) and path.endswith(".id") and len(value) > MAX_ID_LENGTH:
            self.add(where, f"an id is at most {MAX_ID_LENGTH} characters, got {len(value)}")
        elif (isinstance(value, str) and path.rsplit(".", 2)[-2:-1] in (["name"], ["title"])
              and len(value) > MAX_NAME_LENGTH):
            self.add(where, f"a name is at most {MAX_NAME_LENGTH} characters, got {len(value)}")

    # -- header and texts -------------------------------------------------------------------

    def check_header(self) -> str | None:
        """Check `format` and `pack`; return the pack kind when it is known."""
        if self.data.get("format") != 1:
            self.add("format", f"must be 1, got {self.data.get('format')!r}")
        header = self.data.get("pack")
        if not isinstance(header, dict):
            self.add("pack", "missing pack header object")
            return None
        if not isinstance(header.get("id"), str) or not header.get("id"):
            self.add("pack.id", "missing pack id")
        if not _is_int(header.get("version"), 1):
            self.add("pack.version", f"must be an integer >= 1, got {header.get('version')!r}")
        if header.get("kind") not in KINDS:
            self.add("pack.kind", f'must be "core" or "legacy", got {header.get("kind")!r}')
            return None
        self.require_text(header, "name", "pack")
        return header["kind"]

    def check_texts(self) -> None:
        """Every text object anywhere needs non-empty English and Russian (an owner's set: one)."""
        for path, value in iter_texts(self.data, ""):
            if self.owner:
                if not any(isinstance(value.get(lang), str) and value[lang].strip()
                           for lang in LANGUAGES):
                    self.add(self._readable(path), "missing text (give it in English or Russian)")
                continue
            for lang in LANGUAGES:
                text = value.get(lang)
                if not isinstance(text, str) or not text.strip():
                    self.add(f"{self._readable(path)}.{lang}", "missing text")

    def _readable(self, path: str) -> str:
        """Put the card id into a `cards[N]...` path so the message names the card."""
        if not path.startswith("cards["):
            return path
        index_text, _, rest = path[len("cards["):].partition("]")
        cards = self.data.get("cards")
        if index_text.isdigit() and isinstance(cards, list) and int(index_text) < len(cards):
            return card_label(int(index_text), cards[int(index_text)]) + rest
        return path

    def require_text(self, owner: dict[str, Any], field: str, path: str) -> None:
        """Report a required text field that is absent (present ones are checked by check_texts)."""
        if not isinstance(owner.get(field), dict):
            self.add(f"{path}.{field}", "missing text (needs en and ru)")

    # -- cards ----------------------------------------------------------------------------

    def check_cards(self, kind: str | None) -> list[tuple[int, dict[str, Any]]]:
        """Check each card's stored fields; return the well-formed (index, card) pairs."""
        cards = self.data.get("cards")
        if not isinstance(cards, list):
            self.add("cards", "must be a list of cards")
            return []
        good, seen = [], set()
        for i, card in enumerate(cards):
            label = card_label(i, card)
            if not isinstance(card, dict) or not isinstance(card.get("id"), str) or not card["id"]:
                self.add(label, "a card must be an object with a string id")
                continue
            if card["id"] in seen:
                self.add(f"{label}.id", "duplicate card id")
            seen.add(card["id"])
            if self.check_card(label, card, kind):
                good.append((i, card))
        return good

    def check_card(self, label: str, card: dict[str, Any], kind: str | None) -> bool:
        """Check the fields the catalogue stores; return whether the card can be counted."""
        before = self.found
        self.require_text(card, "name", label)
        if kind == "legacy" and not self.owner:
            self.require_text(card, "flavor", label)
        unread = card.get("unread", [])
        if not isinstance(unread, list) or not all(isinstance(u, str) for u in unread):
            self.add(f"{label}.unread", "must be a list of texts")
        if card.get("type") not in CARD_TYPES:
            self.add(f"{label}.type", f'must be "ship" or "base", got {card.get("type")!r}')
        if card.get("role") not in ROLES:
            self.add(f"{label}.role", f"unknown role {card.get('role')!r}")
        if card.get("cost") is not None and not _is_int(card.get("cost")):
            self.add(f"{label}.cost", f"must be null or an integer >= 0, got {card.get('cost')!r}")
        if card.get("type") == "base" and not _is_int(card.get("defense"), 1):
            self.add(f"{label}.defense", f"a base needs defense >= 1, got {card.get('defense')!r}")
        if not _is_int(card.get("quantity"), 1):
            self.add(f"{label}.quantity", f"must be an integer >= 1, got {card.get('quantity')!r}")
        factions = card.get("factions")
        if not isinstance(factions, list) or not all(isinstance(f, str) for f in factions):
            self.add(f"{label}.factions", "must be a list of faction ids")
        return self.found == before

    def check_counts(self, cards: list[tuple[int, dict[str, Any]]], wanted: dict[str, int]) -> None:
        """Compare the number of copies per role with the set's fixed counts."""
        copies: Counter[str] = Counter()
        for _, card in cards:
            copies[card["role"]] += card["quantity"]
        for role, count in wanted.items():
            if copies[role] != count:
                self.add("cards", f'needs {count} copies of role "{role}", found {copies[role]}')

    def check_deck(self, cards: list[tuple[int, dict[str, Any]]]) -> None:
        """An exported deck (cards/export) holds any number of trade cards, but a standard game
        still needs scouts and vipers for the personal decks (C2)."""
        roles = {card["role"] for _, card in cards}
        for role in ("trade", "scout", "viper"):
            if role not in roles:
                self.add("cards", f'an exported deck needs cards of role "{role}"')

    # -- legacy campaign ------------------------------------------------------------------

    def check_legacy(self, cards: list[tuple[int, dict[str, Any]]]) -> None:
        self.check_counts(cards, LEGACY_COUNTS)
        self.check_trade_factions(cards)
        by_id = {card["id"]: card for _, card in cards}
        self.check_sides(by_id)
        self.check_sheets(cards)
        vp_ids = self.check_vp_cards()
        self.check_scenarios(vp_ids)
        winner = self.data.get("campaign_winner")
        if not isinstance(winner, dict) or not isinstance(winner.get("order"), list):
            self.add("campaign_winner", "missing the campaign winner rule (L22)")
        else:
            self.require_text(winner, "text", "campaign_winner")

    def check_trade_factions(self, cards: list[tuple[int, dict[str, Any]]]) -> None:
        """L8: 20 trade cards of each of the three factions, printed costs 1-8."""
        per_faction: Counter[str] = Counter()
        for i, card in cards:
            if card["role"] != "trade":
                continue
            label = card_label(i, card)
            if len(card["factions"]) != 1 or card["factions"][0] not in LEGACY_FACTIONS:
                self.add(f"{label}.factions",
                         "a trade card needs one of consortium, kingdom, scavengers")
            else:
                per_faction[card["factions"][0]] += card["quantity"]
            if not _is_int(card.get("cost"), 1) or card["cost"] > 8:
                self.add(f"{label}.cost", f"a trade card costs 1 to 8, got {card.get('cost')!r}")
        for faction in LEGACY_FACTIONS:
            if per_faction[faction] != PER_LEGACY_FACTION:
                self.add("cards", f"needs {PER_LEGACY_FACTION} trade cards of {faction}, "
                                  f"found {per_faction[faction]}")

    def check_sides(self, by_id: dict[str, dict[str, Any]]) -> None:
        """L7: the two sides' personal decks: 8 scouts, 1 viper, 2 starting cards."""
        sides = self.data.get("sides")
        if not isinstance(sides, list):
            self.add("sides", "a legacy pack needs its two sides")
            return
        ids = [s.get("id") for s in sides if isinstance(s, dict)]
        if sorted(ids, key=repr) != sorted(SIDES):
            self.add("sides", f"needs exactly the sides empire and federation, got {ids}")
        for i, side in enumerate(sides):
            if isinstance(side, dict):
                self.check_personal_deck(f'sides[{i}] "{side.get("id")}"', side, by_id)

    def check_personal_deck(self, label: str, side: dict[str, Any],
                            by_id: dict[str, dict[str, Any]]) -> None:
        self.require_text(side, "name", label)
        deck = side.get("personal_deck")
        if not isinstance(deck, dict):
            self.add(f"{label}.personal_deck", "missing personal deck")
            return
        per_role: Counter[str] = Counter()
        for card_id, count in deck.items():
            if card_id not in by_id:
                self.add(f"{label}.personal_deck.{card_id}", "unknown card id")
            elif not _is_int(count, 1):
                self.add(f"{label}.personal_deck.{card_id}", f"count must be >= 1, got {count!r}")
            else:
                per_role[by_id[card_id]["role"]] += count
        if dict(per_role) != STARTING_DECK:
            self.add(f"{label}.personal_deck",
                     "L7 needs 8 scouts, 1 viper and 2 starting cards (role starter), "
                     f"found {dict(per_role)}")

    def check_sheets(self, cards: list[tuple[int, dict[str, Any]]]) -> None:
        """L13, L18: four sheets per side from scenarios 1-4, five rows of matching costs."""
        sheets = self.data.get("sticker_sheets")
        if not isinstance(sheets, list):
            self.add("sticker_sheets", "a legacy pack needs its sticker sheets")
            return
        costs = {t: {c["cost"] for _, c in cards if c["role"] == "trade" and c["type"] == t}
                 for t in CARD_TYPES}
        scenarios: dict[str, list[Any]] = {side: [] for side in SIDES}
        seen: set[str] = set()
        for i, sheet in enumerate(sheets):
            label = f'sticker_sheets[{i}] "{sheet.get("id") if isinstance(sheet, dict) else None}"'
            if not isinstance(sheet, dict) or not isinstance(sheet.get("id"), str):
                self.add(f"sticker_sheets[{i}]", "a sheet must be an object with a string id")
                continue
            if sheet["id"] in seen:
                self.add(f"{label}.id", "duplicate sheet id")
            seen.add(sheet["id"])
            if sheet.get("side") not in SIDES:
                self.add(f"{label}.side",
                         f"must be empire or federation, got {sheet.get('side')!r}")
            else:
                scenarios[sheet["side"]].append(sheet.get("scenario"))
            self.check_sheet(label, sheet, costs)
        for side, numbers in scenarios.items():
            if sorted(numbers, key=str) != list(SHEET_SCENARIOS):
                self.add("sticker_sheets", f"{side} needs one sheet for each scenario 1-4, "
                                           f"found scenarios {numbers}")
        for path, message in upgrade_capacity_problems(sheets, cards):
            self.add(path, message)

    def check_sheet(self, label: str, sheet: dict[str, Any], costs: dict[str, set[int]]) -> None:
        self.require_text(sheet, "name", label)
        rows = sheet.get("rows")
        if not isinstance(rows, list) or len(rows) != SHEET_ROWS:
            self.add(f"{label}.rows", f"needs {SHEET_ROWS} rows (L13)")
            return
        row_costs = [row.get("cost") if isinstance(row, dict) else None for row in rows]
        if len(set(map(str, row_costs))) != len(row_costs):
            self.add(f"{label}.rows", f"the five rows need different costs, got {row_costs}")
        for j, row in enumerate(rows):
            self.check_row(f"{label}.rows[{j}]", row, costs)

    def check_row(self, label: str, row: Any, costs: dict[str, set[int]]) -> None:
        if not isinstance(row, dict) or not _is_int(row.get("cost"), 1):
            self.add(f"{label}.cost", "a row needs an integer cost >= 1")
            return
        for kind in CARD_TYPES:
            sticker = row.get(kind)
            if not isinstance(sticker, dict) or not isinstance(sticker.get("abilities"), list):
                self.add(f"{label}.{kind}", f"missing the {kind} sticker (with abilities)")
            if row["cost"] not in costs[kind]:
                self.add(f"{label}.cost",
                         f"no trade {kind} costs {row['cost']}, "
                         f"so the {kind} sticker fits no card (L13)")

    def check_vp_cards(self) -> dict[str, dict[str, Any]]:
        """Return the well-formed VP cards by id, reporting the broken ones."""
        vps = self.data.get("vp_cards")
        if not isinstance(vps, list):
            self.add("vp_cards", "a legacy pack needs its VP cards")
            return {}
        found: dict[str, dict[str, Any]] = {}
        for i, vp in enumerate(vps):
            vp_id = vp.get("id") if isinstance(vp, dict) else None
            label = f'vp_cards[{i}] "{vp_id}"'
            if not isinstance(vp_id, str):
                self.add(f"vp_cards[{i}]", "a VP card must be an object with a string id")
                continue
            if vp_id in found:
                self.add(f"{label}.id", "duplicate VP card id")
            if not _is_int(vp.get("scenario"), 1) or vp["scenario"] > 12:
                self.add(f"{label}.scenario", f"must be 1 to 12, got {vp.get('scenario')!r}")
            if not isinstance(vp.get("points"), int):
                self.add(f"{label}.points", f"must be an integer, got {vp.get('points')!r}")
            self.require_text(vp, "name", label)
            if vp.get("award") == AT_TABLE and not self.owner:
                self.add(f"{label}.award", "only an owner's own set may leave a VP card to the table")
            found[vp_id] = vp
        return found

    def check_scenarios(self, vp_cards: dict[str, dict[str, Any]]) -> None:
        """L4-L6, L21: 12 scenarios numbered 1..12, each with exactly one winner VP card."""
        scenarios = self.data.get("scenarios")
        if not isinstance(scenarios, list):
            self.add("scenarios", "a legacy pack needs its 12 scenarios")
            return
        numbers = [s.get("number") if isinstance(s, dict) else None for s in scenarios]
        for number, count in Counter(map(str, numbers)).items():
            if count > 1:
                self.add("scenarios", f"scenario number {number} appears {count} times")
        if sorted(n for n in numbers if _is_int(n)) != list(SCENARIO_NUMBERS):
            self.add("scenarios", f"needs the scenarios 1 to 12 once each, got {numbers}")
        for i, scenario in enumerate(scenarios):
            if isinstance(scenario, dict):
                self.check_scenario(f"scenarios[{i}] #{scenario.get('number')}", scenario, vp_cards)
            else:
                self.add(f"scenarios[{i}]", "a scenario must be an object")

    def check_scenario(self, label: str, scenario: dict[str, Any],
                       vp_cards: dict[str, dict[str, Any]]) -> None:
        self.require_text(scenario, "title", label)
        self.require_text(scenario, "story", label)
        sides = scenario.get("sides")
        if not isinstance(sides, dict) or sorted(sides) != sorted(SIDES):
            self.add(f"{label}.sides", "needs the two sides empire and federation (L6)")
        number = scenario.get("number")
        if _is_int(number) and scenario.get("political_victory") != (number in SHEET_SCENARIOS):
            self.add(f"{label}.political_victory", "must be true in scenarios 1-4 only (L19)")
        ids = scenario.get("vp_cards")
        if not isinstance(ids, list):
            self.add(f"{label}.vp_cards", "must be a list of VP card ids")
            return
        for j, vp_id in enumerate(ids):
            if not isinstance(vp_id, str) or vp_id not in vp_cards:
                self.add(f"{label}.vp_cards[{j}]", f"unknown VP card {vp_id!r}")
            elif vp_cards[vp_id].get("scenario") != number:
                self.add(f"{label}.vp_cards[{j}]", f"VP card {vp_id!r} belongs to scenario "
                                                   f"{vp_cards[vp_id].get('scenario')!r}")
        winners = [v for v in ids
                   if isinstance(v, str) and v in vp_cards and vp_cards[v].get("award") == "winner"]
        if len(winners) != 1:
            self.add(f"{label}.vp_cards",
                     f'needs exactly one "winner" VP card (L21), found {len(winners)}')
