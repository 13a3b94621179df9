"""Read a card's printed ability text, typed in English or Russian, into pack-format abilities.

>>> parse_card_text("+3 Combat. Blob Ally: draw a card", "en", factions=["blob"]).abilities[1]
{'when': 'ally', 'faction': 'blob', 'do': [{'draw': 1}]}

It reads with the renderer's own phrase tables (`cards/phrases.py`), so every text the site writes
reads back to the same effects, and the common ways a printed card says them ("Blob Ally: +2
Combat", "{Scrap}: draw a card", "Союз: возьмите карту"). Each ability starts with its label
(ally, scrap, on buy); the text before the first label is the primary ability; "whenever you
play …", "your bases have …" are static abilities. What it cannot read is returned as
`UnknownPart`s with their place in the typed text, never dropped: a caller shows them and keeps the
card as text until they are corrected. Every ability it returns passed the engine's pack checks.
Pure Python (no Django), so tests and the `parse_card_text` command use it without a request.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cards.phrases import (
    ACCUSATIVE,
    CARD_COUNTS,
    CONDITIONS,
    COUNTED,
    COUNTERS,
    EFFECT_ORDER,
    HEADER_ORDER,
    HEADER_WHEN,
    LANGUAGES,
    NOMINATIVE,
    NUMBER_WORDS,
    PHRASES,
    PLURAL,
    SEPARATORS,
    STATIC_ORDER,
    TYPE_NAMES,
    ZONES,
    Slot,
    as_form,
    template_parts,
)
from cards.validation import MAX_DEPTH, MAX_INT
from play.engine import KNOWN_FACTIONS, PackError, load_pack

MAX_TEXT = 2000  # characters read; a printed card's text is a few hundred at most
MAX_INNER = 8  # effects in one list inside "choose", "if", "you may": keeps a reading linear
MAX_NESTING = 12  # "you may: choose one: if …" inside each other; deeper is not understood
NESTED_SLOTS = ("effects", "options", "cond")
SEPARATING = " \t\r\n.,;:"  # what may stand between two abilities or parts of one
FactionNames = Mapping[str, "str | Iterable[str]"]


@dataclass(frozen=True)
class UnknownPart:
    """A part of the typed text that was not understood, as typed, with its place in the text.

    `reason`: "not_understood"; "too_long" (the text beyond MAX_TEXT characters);
    "ally_faction" (an "Ally:" whose faction is unclear: the card has no faction or several);
    "invalid" (read, but refused by the engine's checks; `detail` says why); "extends" (an
    "and …" sticker can only add to the primary ability, L15).
    """

    text: str
    start: int
    end: int
    reason: str = "not_understood"
    detail: str = ""


@dataclass(frozen=True)
class ParsedText:
    """What was read: the abilities (pack format) and the parts not understood, in text order."""

    abilities: list[dict[str, Any]]
    unknown: list[UnknownPart] = field(default_factory=list)
    extends_primary: bool = False  # a sticker text that began with "and …" (L15)

    @property
    def complete(self) -> bool:
        """Return whether every part of the text was understood."""
        return not self.unknown


def parse_card_text(text: str, lang: str, *, factions: Sequence[str] = (),
                    names: FactionNames | None = None) -> ParsedText:
    """Read a card's printed text; "Ally:" without a faction means the card's own `factions`.

    `names` maps faction ids to their names (in any language) so that "Star Empire Ally" and
    "карту Слизней" are understood; ids are always understood.
    """
    return _AbilityReader(_Reading(text, lang, factions, names)).read(sticker=False)


def parse_sticker_text(text: str, lang: str, *, factions: Sequence[str] = (),
                       names: FactionNames | None = None) -> ParsedText:
    """Read a sticker's printed text; one that begins with "and" extends the primary (L15)."""
    return _AbilityReader(_Reading(text, lang, factions, names)).read(sticker=True)


def pack_faction_names(*packs: Mapping[str, Any]) -> dict[str, tuple[str, ...]]:
    """Return {faction id: its names in every language} from the `factions` lists of packs."""
    names: dict[str, tuple[str, ...]] = {}
    for pack in packs:
        for faction in pack.get("factions", []) or []:
            if not isinstance(faction, dict) or not isinstance(faction.get("id"), str):
                continue
            given = faction.get("name") if isinstance(faction.get("name"), dict) else {}
            known = names.get(faction["id"], ())
            names[faction["id"]] = known + tuple(
                n for n in given.values() if isinstance(n, str) and n and n not in known)
    return names


# -- text and templates as regular expressions ------------------------------------------------

_FOLD = str.maketrans({"ё": "е", "Ё": "Е", "’": "'", "‘": "'", "`": "'", "“": '"', "”": '"',
                       "„": '"', "\u00a0": " ", "−": "-", "‑": "-"})


def fold(text: str) -> str:
    """Return `text` lower-cased with look-alike characters unified; the length never changes,
    so a place in the folded text is the same place in the typed one."""
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text.translate(_FOLD))


_PUNCTUATION = {
    ":": r"\s*(?:[:—–]|-(?!\d))", ",": ",?", ";": "[;,]?", ".": r"\.?", "(": r"\(?", ")": r"\)?",
    "«": '["«]?', "»": '["»]?', '"': '"?', "{": r"[{\[(]", "}": r"[}\])]", "—": "[—–:,-]?",
    "–": "[—–:,-]?", "≥": "(?:≥|>=|=>)", "≤": "(?:≤|<=|=<)", "/": r"\s*/\s*", "'": "'?",
}
_TOKENS = re.compile(r"\s+|\w+|[^\w\s]")


def _literal(text: str) -> re.Pattern[str]:
    """Compile literal template text: any case, flexible spaces, optional punctuation."""
    tokens = _TOKENS.findall(fold(text))
    out = []
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else ""
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token.isspace():
            near_mark = _is_mark(before) or _is_mark(after)
            out.append(r"\s*" if near_mark else r"\s+")
        elif token[0].isalnum() or token[0] == "_":
            out.append(re.escape(token) + (r"(?!\w)" if not after or after.isspace() else ""))
        else:
            out.append(_PUNCTUATION.get(token, re.escape(token)))
    return re.compile("".join(out))


def _is_mark(token: str) -> bool:
    return bool(token) and not token.isspace() and not (token[0].isalnum() or token[0] == "_")


def _separator(text: str) -> re.Pattern[str]:
    """Compile a separator: its punctuation is required, its spaces flexible."""
    out = []
    tokens = _TOKENS.findall(text)
    for i, token in enumerate(tokens):
        if "\n" in token:
            out.append(r"[^\S\n]*\n\s*")
        elif token.isspace():
            near_mark = _is_mark(tokens[i - 1] if i else "") or _is_mark(
                tokens[i + 1] if i + 1 < len(tokens) else "")
            out.append(r"\s*" if near_mark else r"\s+")
        elif token[0].isalnum():
            out.append(re.escape(token) + r"(?!\w)")
        else:
            out.append(r"\s*/\s*" if token == "/" else re.escape(token))
    if tokens and tokens[0] != "\n" and not tokens[0].isspace():
        out.insert(0, r"\s*")
    return re.compile("".join(out))


@dataclass(frozen=True)
class _Template:
    """A compiled form: literal patterns and slots, the values its words imply, its tag."""

    parts: tuple[re.Pattern[str] | Slot, ...]
    fixed: Mapping[str, Any]
    tag: str
    first_word: str | None  # the whole word it must start with, if any: a quick test
    starts_with_options: bool


def _compile(entry: Any, phrase: str = "") -> _Template:
    entry = as_form(entry)
    pieces = template_parts(entry.template, phrase)
    parts = tuple(_literal(p) if isinstance(p, str) else p for p in pieces)
    tokens = _TOKENS.findall(fold(pieces[0])) if pieces and isinstance(pieces[0], str) else []
    whole_word = bool(tokens) and tokens[0][0].isalnum() and (
        len(tokens) == 1 or tokens[1].isspace())
    first = pieces[0] if pieces else None
    return _Template(parts, dict(entry.fixed), entry.tag, tokens[0] if whole_word else None,
                     isinstance(first, Slot) and first.type == "options")


def _header(entry: Any) -> _Template:
    """Compile the label of an ability form: its text before "{effects}"."""
    entry = as_form(entry)
    return _compile(type(entry)(entry.template.partition("{effects}")[0], entry.fixed, entry.tag))


@dataclass(frozen=True)
class _Grammar:
    """Every table of one language, compiled once."""

    phrases: dict[str, list[_Template]]
    headers: list[tuple[str, _Template]]
    zones: list[tuple[str, _Template]]
    each: list[tuple[str, _Template]]
    plural: list[tuple[str, _Template]]
    conditions: list[tuple[tuple[str, str], _Template]]
    types: tuple[list[tuple[str, _Template]], ...]
    card_counts: list[_Template]
    number: re.Pattern[str]
    numbers: Mapping[str, int]
    separators: list[tuple[str, re.Pattern[str]]]
    sentences: list[re.Pattern[str]]


@cache
def _grammar(lang: str) -> _Grammar:
    phrases = {key: [_compile(e, key) for e in forms] for key, forms in PHRASES[lang].items()}
    headers = [(key, _header(e)) for key in (*HEADER_ORDER, "and") for e in PHRASES[lang][key]]
    numbers = {fold(word): n for word, n in NUMBER_WORDS[lang].items()}
    words = "|".join(sorted(map(re.escape, numbers), key=len, reverse=True))
    seps = SEPARATORS[lang]
    return _Grammar(
        phrases=phrases, headers=headers,
        zones=[(zone, _compile(f)) for zone, forms in ZONES[lang].items() for f in forms],
        each=[(name, _compile(f)) for name, forms in COUNTERS[lang].items() for f in forms[0]],
        plural=[(name, _compile(f)) for name, forms in COUNTERS[lang].items() for f in forms[1]],
        conditions=[(key, _compile(f)) for key, forms in CONDITIONS[lang].items() for f in forms],
        types=tuple([(t, _compile(f)) for t, cases in TYPE_NAMES[lang].items() for f in cases[c]]
                    for c in range(4)),
        card_counts=[_compile(f) for forms in CARD_COUNTS[lang].values() for f in forms],
        number=re.compile(rf"(?:\d{{1,10}}|{words})(?!\w)"), numbers=numbers,
        separators=[("", _separator(s)) for s in seps["list"]]
        + [("and_or", _separator(s)) for s in seps["and_or"]]
        + [("", re.compile(r"\s*(?=\+)")), ("", re.compile(r"\s+(?=\d)"))],
        sentences=[_separator(s) for s in seps["sentence"]],
    )


def _faction_pattern(name: str) -> re.Pattern[str] | None:
    """Match a faction name in any case ending: "Blob"/"Blobs", "Слизни"/"Слизней"."""
    words = [re.sub(r"(?<=\w{3})s$", "", w) for w in re.findall(r"\w+", fold(name))]
    stems = [re.sub(r"(?<=\w{3})[аяоеиыуюэьйaeiouy]+$", "", w) for w in words]
    if not stems:
        return None
    return re.compile(r"\s+".join(re.escape(s) + r"\w*" for s in stems) + r"(?!\w)")


# -- reading ----------------------------------------------------------------------------------

Alternatives = list[tuple[Any, int]]  # (value, end) pairs, preferred first


@dataclass
class _Draft:
    """An ability being read: its label, where it lies in the text, the effects read so far."""

    when: str
    faction: str | None
    start: int
    end: int
    effects: list[Any] = field(default_factory=list)
    unclear_ally: bool = False


def _faction_patterns(known: set[str], names: FactionNames
                      ) -> list[tuple[str, re.Pattern[str]]]:
    """Return (faction id, pattern) for every spelling of every faction a text may name."""
    found = []
    for faction_id in sorted(known):
        given = names.get(faction_id, ())
        given = [given] if isinstance(given, str) else list(given)
        spellings = {faction_id.replace("_", " "), *given}
        spellings |= {n.split()[-1] for n in given if len(n.split()) > 1}
        for spelling in spellings:
            pattern = _faction_pattern(spelling)
            if pattern is not None:
                found.append((faction_id, pattern))
    return found


def _furthest(found: list[tuple[Any, int]]) -> tuple[Any, int] | None:
    """Return the alternative that reads furthest (the first of those, on a tie)."""
    if not found:
        return None
    far = max(end for _, end in found)
    return next((value, end) for value, end in found if end == far)


class _Reading:
    """One reading of one text: the text, the grammar of its language, what has been tried."""

    def __init__(self, text: str, lang: str, factions: Sequence[str],
                 names: FactionNames | None) -> None:
        self.full = text
        self.raw = text[:MAX_TEXT]
        self.text = fold(self.raw)
        self.lang = lang if lang in LANGUAGES else "en"
        self.g = _grammar(self.lang)
        self.own = [f for f in factions if isinstance(f, str)]
        self.known = set(KNOWN_FACTIONS) | set(self.own) | set(names or {})
        self.faction_patterns = _faction_patterns(self.known, names or {})
        self.memo: dict[tuple[Any, ...], Any] = {}
        self.nesting = 0

    # -- places in the text ----------------------------------------------------------------

    def skip(self, pos: int) -> int:
        """Return the place after separators and list bullets at `pos`."""
        while pos < len(self.text) and self.text[pos] in SEPARATING + "!•·*":
            pos += 1
        return pos

    def skip_spaces(self, pos: int) -> int:
        while pos < len(self.text) and self.text[pos].isspace():
            pos += 1
        return pos

    def cached(self, key: tuple[Any, ...], compute: Callable[[], Any]) -> Any:
        if key not in self.memo:
            self.memo[key] = compute()
        return self.memo[key]

    # -- templates -------------------------------------------------------------------------

    def match(self, template: _Template, pos: int) -> list[tuple[dict[str, Any], int]]:
        """Return every way `template` reads at `pos`: (slot values, end), longest slots first."""
        results: list[tuple[dict[str, Any], int]] = []
        if template.first_word is not None and template.first_word != self.word_at(pos):
            return results

        def walk(i: int, at: int, slots: dict[str, Any]) -> None:
            if i == len(template.parts):
                results.append((slots, at))
                return
            part = template.parts[i]
            if isinstance(part, Slot):
                for value, end in self.slot(part.type, at):
                    walk(i + 1, end, {**slots, part.name: value})
            else:
                found = part.match(self.text, at)
                if found:
                    walk(i + 1, found.end(), slots)

        walk(0, pos, dict(template.fixed))
        return results

    def word_at(self, pos: int) -> str:
        """Return the whole word that starts at `pos` ("" if none)."""
        def compute() -> str:
            match = re.compile(r"\w+").match(self.text, pos)
            return match.group() if match else ""
        return self.cached(("word", pos), compute)

    def phrase(self, key: str, pos: int) -> list[tuple[dict[str, Any], int, str]]:
        return [(slots, end, template.tag) for template in self.g.phrases[key]
                for slots, end in self.match(template, pos)]

    def slot(self, kind: str, pos: int) -> Alternatives:
        """Return what a slot of type `kind` reads at `pos`; nothing past MAX_NESTING levels of
        nested effects (such a text is not understood, and reading it stays bounded)."""
        key = ("slot", kind, pos)
        if key in self.memo:
            return self.memo[key]
        if kind not in NESTED_SLOTS:
            return self.cached(key, lambda: SLOT_READERS[kind](self, pos))
        if self.nesting >= MAX_NESTING:
            return []
        self.nesting += 1
        try:
            return self.cached(key, lambda: SLOT_READERS[kind](self, pos))
        finally:
            self.nesting -= 1

    # -- abilities' labels and statics -----------------------------------------------------

    def header(self, pos: int) -> tuple[str, str | None, int] | None:
        def compute() -> tuple[str, str | None, int] | None:
            best = None
            for key, template in self.g.headers:
                for slots, end in self.match(template, pos):
                    if end > pos and (best is None or end > best[2]):
                        best = (key, slots.get("faction"), end)
            return best
        return self.cached(("header", pos), compute)

    def statics(self, pos: int) -> Alternatives:
        """Return the runs of static abilities that read from `pos`: ((statics, ""), end)."""
        def compute() -> Alternatives:
            reach: dict[int, list[Any]] = {}
            for value, end in self.static(pos):
                reach.setdefault(end, [value])
            for end in list(reach):
                for sep in self.g.sentences + [self.g.separators[0][1]]:
                    found = sep.match(self.text, end)
                    for (more, _tag), more_end in self.statics(found.end()) if found else ():
                        reach.setdefault(more_end, reach[end] + more)
            return sorted((((run, ""), end) for end, run in reach.items()), key=lambda x: -x[1])
        return self.cached(("statics", pos), compute)

    def static(self, pos: int) -> Alternatives:
        found = []
        for key in STATIC_ORDER:
            for slots, end, _tag in self.phrase(key, pos):
                value = STATIC_READERS[key](slots)
                if value is not None:
                    found.append((value, end))
        return found

    # -- effects ---------------------------------------------------------------------------

    def effects(self, pos: int, *, top: bool = False, bare: bool = True) -> Alternatives:
        """Return the effect lists that read from `pos`: ((effects, first tag), end), longest first.

        At the top of an ability effects may be separate sentences; inside "choose", "if" and
        "you may" they are one sentence. One list per end: the one with the fewest separators,
        so "you may draw, then discard" keeps both effects inside the "may". The first effect's
        tag lets a caller join the list to effects read before it ("… If you do, draw a card").
        """
        def compute() -> Alternatives:
            reach: dict[int, tuple[list[Any], str]] = {}
            order = []
            for value, tag, end in self.effect(pos, bare):
                if end not in reach:
                    reach[end] = ([value], tag)
                    order.append(end)
            for end in order:  # grows while it is walked: every list one effect longer
                effects, first_tag = reach[end]
                if not top and len(effects) >= MAX_INNER:
                    continue
                for sep_tag, sep_end in self.separators(end, top):
                    for value, tag, more_end in self.effect(sep_end, bare):
                        if more_end not in reach:
                            reach[more_end] = (_join(effects, sep_tag, value, tag), first_tag)
                            order.append(more_end)
            return sorted(((found, end) for end, found in reach.items()), key=lambda x: -x[1])
        return self.cached(("effects", pos, top, bare), compute)

    def separators(self, pos: int, top: bool) -> list[tuple[str, int]]:
        found = []
        patterns = self.g.separators + ([("", s) for s in self.g.sentences] if top else [])
        for tag, pattern in patterns:
            match = pattern.match(self.text, pos)
            if match and (match.end() > pos or self.text.startswith("+", pos)):
                found.append((tag, match.end()))
        return found

    def effect(self, pos: int, bare: bool = True) -> list[tuple[Any, str, int]]:
        """Return the single effects that read from `pos`: (effect, tag, end), one per end."""
        def compute() -> list[tuple[Any, str, int]]:
            found: dict[int, tuple[Any, str]] = {}
            for key in EFFECT_ORDER:
                for template in self.g.phrases[key]:
                    if template.starts_with_options and not bare:
                        continue  # "A or B" cannot start a branch of itself
                    for slots, end in self.match(template, pos):
                        if template.tag == "loose" and _optional_anyway(slots["effects"][0]):
                            continue
                        for value, more_end in self.suffixes(key, slots, end):
                            if value is not None and more_end not in found:
                                found[more_end] = (value, template.tag)
            for value, end in self.raw_json(pos):
                found.setdefault(end, (value, ""))
            return [(value, tag, end) for end, (value, tag) in found.items()]
        return self.cached(("effect", pos, bare), compute)

    def suffixes(self, key: str, slots: dict[str, Any], end: int) -> Alternatives:
        """Return the effect read by `key`, also with its optional ending (a cap, an "else")."""
        value = EFFECT_READERS[key](slots)
        found = [(value, end)]
        if value is None:
            return found
        if key == "per":
            found += [(_with_max(value, s["n"]), e) for s, e, _ in self.phrase("max", end)]
        if key == "if":
            found += [(_with_else(value, s["other"]), e) for s, e, _ in self.phrase("else", end)]
        return sorted(found, key=lambda item: -item[1])

    def raw_json(self, pos: int) -> Alternatives:
        """Read an effect the site writes as JSON (one outside the words it knows)."""
        if not self.raw.startswith("{", pos):
            return []
        try:
            value, end = json.JSONDecoder().raw_decode(self.raw, pos)
        except (ValueError, RecursionError):
            return []
        if not isinstance(value, dict) or len(value) != 1 or not _storable(value):
            return []
        return [(value, end)]


class _AbilityReader:
    """Split a text into abilities (a label and its effects) over one `_Reading` of it."""

    def __init__(self, reading: _Reading) -> None:
        self.r = reading

    # -- the whole text --------------------------------------------------------------------

    def read(self, *, sticker: bool) -> ParsedText:
        drafts: list[_Draft] = []
        unknown: list[UnknownPart] = []
        extends = False
        pos = self.r.skip(0)
        if sticker:
            label = self.r.header(pos)
            if label and label[0] == "and":
                extends = True
                drafts.append(_Draft("primary", None, pos, label[2]))
                pos = self.r.skip(label[2])
        while pos < len(self.r.text):
            pos = self.read_item(pos, drafts, unknown)
        if len(self.r.full) > MAX_TEXT:
            full = self.r.full
            unknown.append(UnknownPart(full[MAX_TEXT:], MAX_TEXT, len(full), "too_long"))
        return self.finish(drafts, unknown, extends)

    def read_item(self, pos: int, drafts: list[_Draft], unknown: list[UnknownPart]) -> int:
        """Read one label, run of statics or run of effects at `pos`; return where to go on."""
        current = drafts[-1] if drafts else None
        label = self.r.header(pos)
        if label and label[0] != "and":
            key, faction, end = label
            draft = self.label_draft(key, faction, pos, end)
            effects = _furthest(self.r.effects(self.r.skip_spaces(end), top=True))
            if effects is None:
                return self.give_up(pos, unknown, whole_ability=True, search_from=end - 1)
            drafts.append(draft)
            return self.take(draft, effects)
        statics = _furthest(self.r.statics(pos))
        if statics is not None:
            if current is None or current.when != "static" or self.r.text[
                    current.end:pos].strip(SEPARATING):
                drafts.append(_Draft("static", None, pos, pos))
            return self.take(drafts[-1], statics)
        effects = _furthest(self.r.effects(pos, top=True))
        if effects is not None:
            if current is None or current.when == "static":
                current = _Draft("primary", None, pos, pos)
                drafts.append(current)
            return self.take(current, effects)
        label_end = self.unknown_label(pos)
        return self.give_up(pos, unknown, whole_ability=label_end is not None,
                            search_from=label_end or pos)

    def label_draft(self, key: str, faction: str | None, start: int, end: int) -> _Draft:
        when = HEADER_WHEN[key]
        unclear = False
        if key == "ally_any":
            faction = self.r.own[0] if len(self.r.own) == 1 else None
            unclear = faction is None
        return _Draft(when, faction, start, end, unclear_ally=unclear)

    def take(self, draft: _Draft, found: tuple[tuple[list[Any], str], int]) -> int:
        """Add a run of effects read at the top of an ability to it; return where to go on."""
        (effects, first_tag), end = found
        if draft.effects and effects:
            effects = _join(draft.effects, "", effects[0], first_tag) + effects[1:]
        else:
            effects = draft.effects + effects
        draft.effects = effects
        draft.end = end
        return self.r.skip(end)

    def give_up(self, pos: int, unknown: list[UnknownPart], *, whole_ability: bool,
                search_from: int | None = None) -> int:
        """Mark the words from `pos` to the next readable place as not understood; all of an
        ability's words up to the next label when its own label was not understood."""
        stop, resume = self.next_readable(search_from or pos, labels_only=whole_ability)
        self.mark(unknown, pos, stop)
        return resume

    def mark(self, unknown: list[UnknownPart], start: int, end: int, reason: str = "not_understood",
             detail: str = "") -> None:
        while end > start and self.r.text[end - 1] in SEPARATING:
            end -= 1
        if end <= start:
            return
        last = unknown[-1] if unknown else None
        if last and last.reason == reason == "not_understood" and last.end <= start and not \
                self.r.text[last.end:start].strip(SEPARATING):
            unknown[-1] = UnknownPart(self.r.raw[last.start:end], last.start, end, reason)
        else:
            unknown.append(UnknownPart(self.r.raw[start:end], start, end, reason, detail))

    def next_readable(self, pos: int, *, labels_only: bool) -> tuple[int, int]:
        """Return (end of the unreadable words, next place something reads) after `pos`."""
        for match in re.finditer(r"[.,;:!?\n]\s*|\s+", self.r.text[pos + 1:]):
            stop, resume = pos + 1 + match.start(), pos + 1 + match.end()
            if resume >= len(self.r.text):
                break
            if self.r.header(resume):
                return stop, resume
            punctuated = not match.group().isspace()
            if not labels_only and punctuated and (self.r.statics(resume) or self.r.effects(
                    resume, top=True)):
                return stop, resume
        return len(self.r.text), len(self.r.text)

    def unknown_label(self, pos: int) -> int | None:
        """Return where unknown words at `pos` that look like a label ("Zorg Ally:") end."""
        match = re.compile(r"[^\W\d_][^.:;\n+]{0,40}?:").match(self.r.text, pos)
        return match.end() - 1 if match else None

    def finish(self, drafts: list[_Draft], unknown: list[UnknownPart],
               extends: bool) -> ParsedText:
        abilities = []
        for draft in drafts:
            ability, reason, detail = self.ability(draft, extends)
            if ability is None:
                self.mark(unknown, draft.start, draft.end, reason, detail)
            else:
                abilities.append(ability)
        unknown.sort(key=lambda part: part.start)
        return ParsedText(abilities, unknown, extends)

    def ability(self, draft: _Draft, extends: bool) -> tuple[dict[str, Any] | None, str, str]:
        """Return the draft as a pack ability, or None with why it cannot be one."""
        if not draft.effects:
            return None, "not_understood", ""
        if draft.unclear_ally:
            return None, "ally_faction", ", ".join(self.r.own)
        if extends and draft.when != "primary":
            return None, "extends", ""
        ability: dict[str, Any] = {"when": draft.when}
        if draft.faction:
            ability["faction"] = draft.faction
        ability["do"] = draft.effects
        problem = _engine_problem(ability, self.r.known)
        return (None, "invalid", problem) if problem else (ability, "", "")


# -- slots: what each kind of slot reads ------------------------------------------------------

def _read_number(r: _Reading, pos: int) -> Alternatives:
    match = r.g.number.match(r.text, pos)
    if not match:
        return []
    word = match.group()
    number = int(word) if word.isdigit() else r.g.numbers[word]
    return [(number, match.end())] if number <= MAX_INT else []


def _read_cards(r: _Reading, pos: int) -> Alternatives:
    return [(slots.get("n", 1), end) for t in r.g.card_counts for slots, end in r.match(t, pos)]


def _read_up_to(r: _Reading, pos: int) -> Alternatives:
    found = [((1, card_type), end) for card_type, t in r.g.types[ACCUSATIVE]
             for slots, end in r.match(t, pos) if "faction" not in slots]
    found += [((slots["n"], slots["things"]), end) for slots, end, _ in r.phrase("up_to", pos)]
    return found


def _read_named(table: str) -> Callable[[_Reading, int], Alternatives]:
    def read(r: _Reading, pos: int) -> Alternatives:
        return [(name, end) for name, t in getattr(r.g, table) for _, end in r.match(t, pos)]
    return read


def _read_counter(table: str) -> Callable[[_Reading, int], Alternatives]:
    def read(r: _Reading, pos: int) -> Alternatives:
        found = [(f"{name}:{slots['f']}" if "f" in slots else name, end)
                 for name, t in getattr(r.g, table) for slots, end in r.match(t, pos)
                 if t.tag != "alone" or not r.text[end:].lstrip(" \t")[:1].isalnum()]
        stat = re.compile(r"stat:\s*([a-z]+(?:[ _][a-z]+)*)(?::\s*([a-z_]+))?").match(r.text, pos)
        if stat:
            name = "stat:" + stat.group(1).replace(" ", "_")
            found.append((name + (f":{stat.group(2)}" if stat.group(2) else ""), stat.end()))
        return found
    return read


def _read_destination(prefix: str) -> Callable[[_Reading, int], Alternatives]:
    def read(r: _Reading, pos: int) -> Alternatives:
        return [(place, end) for place in ("discard", "hand", "deck_top")
                for _, end, _ in r.phrase(f"{prefix}{place}", pos)]
    return read


def _read_what(case: int) -> Callable[[_Reading, int], Alternatives]:
    """Read "a ship", "any Blob ship", "a card costing up to 3", "карту фракции «Слизни»"."""
    def read(r: _Reading, pos: int) -> Alternatives:
        found = [({"type": card_type, "max_cost": None, "faction": slots.get("faction")}, end)
                 for card_type, t in r.g.types[case] for slots, end in r.match(t, pos)]
        for spec, end in list(found):
            for slots, more, _ in r.phrase("cost_up_to", end):
                found.append(({**spec, "max_cost": slots["n"]}, more))
        for spec, end in list(found):
            if spec["faction"] is None:
                found += [({**spec, "faction": s["faction"]}, e)
                          for s, e, _ in r.phrase("of_faction", end)]
        return found
    return read


def _read_faction(r: _Reading, pos: int) -> Alternatives:
    found = [(faction, m.end()) for faction, pattern in r.faction_patterns
             if (m := pattern.match(r.text, pos))]
    return sorted(found, key=lambda item: -item[1])


def _read_options(r: _Reading, pos: int) -> Alternatives:
    """Read two or more branches of a choice: "+2 trade; or +2 combat" (C13)."""
    def branches(at: int) -> Alternatives:
        found = [(effects, end) for (effects, _tag), end in r.effects(at, bare=False)]
        return found + [([], end) for _, end, _ in r.phrase("nothing", at)]

    reach: dict[tuple[int, bool], list[Any]] = {}
    queue = []
    for branch, end in branches(pos):
        reach.setdefault((end, False), [branch])
        queue.append((end, False))
    for end, _many in queue:
        for _, sep_end, _ in r.phrase("or", end):
            for branch, more in branches(sep_end):
                if (more, True) not in reach:
                    reach[(more, True)] = reach[(end, _many)] + [branch]
                    queue.append((more, True))
    return sorted(((v, end) for (end, many), v in reach.items() if many), key=lambda x: -x[1])


def _read_condition(r: _Reading, pos: int) -> Alternatives:
    """Read a COND: a count, "(…)", "not (…)", or several joined by "and" / "or"."""
    atoms = _read_condition_atom(r, pos)
    found = list(atoms)
    for joiner in ("all", "any"):
        queue = [([c], end) for c, end in atoms]
        for conds, end in queue:
            for _, sep_end, _ in r.phrase(joiner, end):
                for cond, more in _read_condition_atom(r, sep_end):
                    queue.append((conds + [cond], more))
                    found.append(({joiner: conds + [cond]}, more))
    return sorted(found, key=lambda item: -item[1])


def _read_condition_atom(r: _Reading, pos: int) -> Alternatives:
    def compute() -> Alternatives:
        found = []
        for op in ("at_least", "at_most"):
            found += [({"count": s["counter"], op: s["n"]}, e) for s, e, _ in r.phrase(op, pos)]
        for (counter, op), template in r.g.conditions:
            for slots, end in r.match(template, pos):
                name = f"{counter}:{slots['f']}" if "f" in slots else counter
                found.append(({"count": name, op: slots["n"]}, end))
        found += [({"not": s["cond"]}, e) for s, e, _ in r.phrase("not", pos)]
        if r.text.startswith("(", pos):
            for cond, end in r.slot("cond", pos + 1):
                close = re.compile(r"\s*\)").match(r.text, end)
                if close:
                    found.append((cond, close.end()))
        return found
    return r.cached(("atom", pos), compute)


def _read_base(r: _Reading, pos: int) -> Alternatives:
    """Read the amount before "for each": "+1 combat", "draw a card"."""
    found = []
    for key in ("trade", "combat", "authority"):
        found += [((key, s["n"]), e) for s, e, _ in r.phrase(key, pos)]
    for key in ("draw", "opponent_discards"):
        found += [((key, s["cards"]), e) for s, e, _ in r.phrase(key, pos)]
    return found


def _read_which(r: _Reading, pos: int) -> Alternatives:
    found = [(key, end) for key in ("cheapest", "most_expensive")
             for _, end, _ in r.phrase(key, pos)]
    return found + [(f"slot:{s['n']}", e) for s, e, _ in r.phrase("slot", pos)]


def _read_name(r: _Reading, pos: int) -> Alternatives:
    """Read a card's name as printed in its own text ("Stealth Needle has …"): 1-5 words."""
    found = []
    words = re.compile(r"[\w'-]+")
    at = pos
    for _ in range(5):
        match = words.match(r.text, at)
        if not match:
            break
        found.append((r.raw[pos:match.end()], match.end()))
        at = match.end()
        while at < len(r.text) and r.text[at] in " \t":
            at += 1
    return found[::-1]


SLOT_READERS: dict[str, Callable[[_Reading, int], Alternatives]] = {
    "num": _read_number, "cards": _read_cards, "upto": _read_up_to,
    "things": lambda r, pos: [(card_type, end) for card_type, template in r.g.types[COUNTED]
                              for _, end in r.match(template, pos)],
    "zone": _read_named("zones"), "each": _read_counter("each"),
    "plural": _read_counter("plural"), "to": _read_destination("to_"),
    "place": _read_destination("place_"), "what": _read_what(ACCUSATIVE),
    "what_nom": _read_what(NOMINATIVE), "what_pl": _read_what(PLURAL), "faction": _read_faction,
    "effects": lambda r, pos: [(effects, end) for (effects, _tag), end in r.effects(pos)],
    "options": _read_options, "cond": _read_condition, "base": _read_base,
    "which": _read_which, "name": _read_name,
}


# -- phrases: the effect each phrase's slot values make ----------------------------------------

def _amount(key: str) -> Callable[[dict[str, Any]], Any]:
    return lambda s: {key: s["n"]}


def _per(s: dict[str, Any]) -> Any:
    kind, times = s["base"]
    amount: dict[str, Any] = {"per": s["counter"]}
    if times != 1:
        amount["times"] = times
    return {kind: amount}


def _scrap(s: dict[str, Any], low: int | None = None) -> Any:
    count = s["cards"]
    high = count[0] if isinstance(count, tuple) else count
    if isinstance(count, tuple) and count[1] != "any":
        return None
    return {"scrap": {"from": s["zone"], "min": high if low is None else low, "max": high}}


def _acquire_free(s: dict[str, Any]) -> Any:
    what = s["what"]
    if what["type"] == "outpost":
        return None
    return {"acquire_free": {"type": what["type"], "max_cost": what["max_cost"],
                             "faction": what["faction"], "to": s["to"]}}


def _next_acquire(s: dict[str, Any]) -> Any:
    what = s["what"]
    if what["type"] == "outpost" or what["max_cost"] is not None or what["faction"]:
        return None
    return {"next_acquire": {"type": what["type"], "to": s["to"]}}


def _discount(s: dict[str, Any]) -> Any:
    what = s["what"]
    if what["type"] == "outpost" or what["max_cost"] is not None:
        return None
    return {"discount": {"n": s["n"], "type": what["type"], "faction": what["faction"]}}


def _recycle(s: dict[str, Any]) -> Any:
    high, card_type = s["cards"]
    if s["to"] == "discard" or card_type == "outpost":
        return None
    return {"recycle": {"from": "discard", "to": s["to"], "min": 0, "max": high,
                        "type": card_type}}


def _repeat_per(s: dict[str, Any], times: int = 1) -> Any:
    amount: dict[str, Any] = {"per": s["counter"]}
    if times != 1:
        amount["times"] = times
    do = [{"choose": s["options"]}] if "options" in s else s["effects"]
    return {"repeat": {"times": amount, "do": do}}


def _range(kind: str, s: dict[str, Any], zone: str | None = None) -> Any:
    if s["a"] > s["b"] or s["b"] < 1:
        return None
    if kind == "discard":
        return {"discard": {"min": s["a"], "max": s["b"]}}
    return {"scrap": {"from": zone, "min": s["a"], "max": s["b"]}}


EFFECT_READERS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "per": _per, "trade": _amount("trade"), "combat": _amount("combat"),
    "authority": _amount("authority"),
    "lose_authority": lambda s: {"authority": -s["n"]} if s["n"] > 0 else None,
    "draw": lambda s: {"draw": s["cards"]}, "discard": lambda s: {"discard": s["cards"]},
    "discard_range": lambda s: _range("discard", s),
    "opponent_discards": lambda s: {"opponent_discards": s["cards"]},
    "scrap": _scrap, "scrap_range": lambda s: _range("scrap", s, s["zone"]),
    "scrap_may": lambda s: _scrap(s, low=0),
    "destroy_one": lambda s: {"destroy_base": 1},
    "destroy_base": lambda s: {"destroy_base": s["n"]},
    "acquire_free": _acquire_free, "next_acquire": _next_acquire, "discount": _discount,
    "recycle": _recycle, "copy_ship": lambda s: {"copy_ship": True},
    "copy_base": lambda s: {"copy_base": True}, "this_to_hand": lambda s: {"this_to_hand": True},
    "purge": lambda s: {"purge_trade_row": s["which"]},
    "repeat_times": lambda s: {"repeat": {"times": s["n"], "do": s["effects"]}},
    "repeat_per": _repeat_per, "repeat_per_n": lambda s: _repeat_per(s, s["n"]),
    "if": lambda s: {"if": {"cond": s["cond"], "then": s["then"]}},
    "may": lambda s: {"may": s["effects"]}, "choose": lambda s: {"choose": s["options"]},
}


def _match_of(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Return the MATCH object of a "what" ("a Star Empire ship" -> type and faction)."""
    match: dict[str, Any] = {}
    if spec["type"] != "any":
        match["type"] = spec["type"]
    if spec["faction"]:
        match["faction"] = spec["faction"]
    if spec["max_cost"] is not None:
        match["cost_at_most"] = spec["max_cost"]
    return match


STATIC_READERS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "ally_for_all": lambda s: {"ally_for_all": True},
    "on_play": lambda s: {"on_play": {"match": _match_of(s["match"]), "do": s["effects"]}},
    "static_defense": lambda s: {"defense": s["n"]},
}


def _with_max(value: dict[str, Any], cap: int) -> dict[str, Any]:
    (kind, amount), = value.items()
    return {kind: {**amount, "max": cap}}


def _with_else(value: dict[str, Any], other: list[Any]) -> dict[str, Any]:
    return {"if": {**value["if"], "else": other}}


# -- effects that change their neighbour ------------------------------------------------------

def _join(effects: list[Any], sep_tag: str, effect: Any, tag: str) -> list[Any]:
    """Append `effect`; "and/or" makes it optional, and "if you did" reads the one before.

    "Discard a card. If you do, draw a card" (Orbital Platform, and the engine's reading of it)
    is an optional discard and a draw for each card discarded; "you may X. If you do, Y" is
    "you may: X, Y"; other "if you did" effects are an `if` on the count of cards the previous
    effect discarded or scrapped.
    """
    if sep_tag == "and_or" or tag == "and_or":
        effect = _optional(effect)
    if tag == "did" and effects:
        return effects[:-1] + _if_did(effects[-1], effect["if"])
    return effects + [effect]


def _if_did(previous: Any, did: dict[str, Any]) -> list[Any]:
    """Return `previous` followed by "if you did, …": what the engine can count."""
    then, other = did["then"], did.get("else")
    (kind, _value), = previous.items()
    if kind == "may" and not other:  # "You may draw a card. If you do, discard a card."
        return [{"may": previous["may"] + then}]
    if kind in ("trade", "combat", "authority", "draw", "opponent_discards") and not other:
        return [previous, *then]  # it always happens
    previous = _optional(previous)
    if then == [{"draw": 1}] and not other and _picks_one(previous):
        return [previous, {"draw": {"per": "last_count"}}]
    return [previous, {"if": did}]


def _optional(effect: Any) -> Any:
    """Return a discard or scrap that may pick no card at all."""
    if not isinstance(effect, dict):
        return effect
    if "scrap" in effect and isinstance(effect["scrap"], dict):
        return {"scrap": {**effect["scrap"], "min": 0}}
    if "discard" in effect:
        pick = effect["discard"]
        high = pick if isinstance(pick, int) else pick.get("max", 1)
        return {"discard": {"min": 0, "max": high}}
    return effect


def _optional_anyway(effect: Any) -> bool:
    """Return whether an effect lets the player do nothing already (so a "you may" is its own)."""
    (kind, value), = effect.items()
    if kind in ("scrap", "discard"):
        return isinstance(value, dict) and value.get("min", 0) == 0
    return kind in ("destroy_base", "acquire_free", "next_acquire", "recycle", "may")


def _picks_one(effect: Any) -> bool:
    (kind, value), = effect.items()
    return kind in ("discard", "scrap") and isinstance(value, dict) and value.get("max") == 1


# -- the engine's word on the result ----------------------------------------------------------

def _engine_problem(ability: dict[str, Any], factions: Iterable[str]) -> str:
    """Return why the engine refuses an ability ("" when it accepts it)."""
    pack = {"format": 1, "pack": {"id": "typed", "version": 1, "kind": "core"},
            "factions": [{"id": f} for f in sorted(factions)],
            "cards": [{"id": "typed", "name": {"en": "", "ru": ""}, "type": "ship",
                       "role": "token", "cost": None, "abilities": [ability]}]}
    try:
        load_pack(pack)
    except PackError as exc:
        return re.sub(r"^.*?abilities\[0\]\S*: ", "", str(exc))
    except RecursionError:
        return "nested too deeply"
    return ""


def _storable(value: Any, depth: int = 0) -> bool:
    """Return whether JSON typed into a card fits what the site stores (docs: Limits); an effect
    sits six levels deep in a pack."""
    if depth > MAX_DEPTH - 6:
        return False
    if isinstance(value, dict):
        return all(_storable(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return all(_storable(v, depth + 1) for v in value)
    return not isinstance(value, int) or -MAX_INT <= value <= MAX_INT
