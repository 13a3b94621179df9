"""Load and validate content packs (docs/content-format.md) into precomputed card designs.

`load_pack(dict) -> Pack` checks every field the engine interprets and raises `PackError` whose
message names the card / sticker sheet / scenario and the JSON path of the bad field. It has no side
effects, so the `cards` app can call it to validate an uploaded pack.

Abilities are turned into tuples once here (effects as ``(kind, arg)`` pairs, factions as bit
masks), so the rules code never re-reads JSON while a game runs.

This module is the pack format's front door; the loader itself is split by section of the format
in `play/engine/packformat/`: `vocabulary` (names and limits), `model` (Design, Ability, Sticker,
Pack), `reader` (JSON paths and error messages), `effect_checks` (effects, counters, conditions,
MATCH), `cards` (designs and abilities), `rule_checks` (scenario RULEs), `legacy_parts` (sides,
sticker sheets, VP cards, scenarios) and `loader` (the top level). Import from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .errors import PackError
from .packformat.loader import PackLoader
from .packformat.model import Ability, Design, Pack, Sticker, matches, uses_effect
from .packformat.rule_checks import validate_rules
from .packformat.vocabulary import (
    ACQUIRE_TO,
    CARD_TYPES,
    FACTION_COUNTERS,
    FORBID_ACTIONS,
    KNOWN_FACTIONS,
    MATCH_KEYS,
    MAX_ABILITIES,
    MAX_REPEAT,
    PLAIN_COUNTERS,
    ROLES,
    SCRAP_ZONES,
    SIDES,
    STATS,
    TRIGGER_EVENTS,
    WHENS,
    WHO,
)

__all__ = [
    "ACQUIRE_TO", "CARD_TYPES", "FACTION_COUNTERS", "FORBID_ACTIONS", "KNOWN_FACTIONS",
    "MATCH_KEYS", "MAX_ABILITIES", "MAX_REPEAT", "MIX_SEPARATOR", "PLAIN_COUNTERS", "ROLES",
    "SCRAP_ZONES", "SIDES", "STATS", "TRIGGER_EVENTS", "WHENS", "WHO", "Ability", "Design", "Pack",
    "Sticker", "load_pack", "matches", "merge_packs", "uses_effect", "validate_rules",
]


def load_pack(raw: Any, source: str = "") -> Pack:
    """Validate a pack dict and return the `Pack`; raise `PackError` naming the bad field.

    >>> load_pack({"format": 1, "pack": {"id": "x", "version": 1, "kind": "core"},
    ...            "factions": [], "cards": []}).id
    'x'
    """
    return PackLoader(source).load(raw)


MIX_SEPARATOR = "+"  # the id of a mixed pack joins its packs' ids: "core-set+colony-wars"


def merge_packs(packs: Sequence[Pack]) -> Pack:
    """Return one pack for a game mixing several (the first pack's, plus the others' trade cards).

    Everything but the trade deck comes from the first pack: scouts, vipers, explorers, starters,
    sides, sheets, scenarios. The other packs add their `trade` cards (and factions), so the
    default trade deck is the union. A card id must not be in two of the packs: such a mix is
    refused with `PackError` naming the id and both packs (the engine tells cards apart by id, so
    a clash would silently merge two designs). The result's id joins the ids with "+" in order,
    so a saved setup names exactly the mix it was made with.

    >>> from play.engine import tiny_pack
    >>> other = tiny_pack(); other["pack"]["id"] = "other"
    >>> merge_packs([load_pack(tiny_pack()), load_pack(other)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    play.engine.errors.PackError: cannot mix pack "other" with "tiny": ... id "blob-fighter"
    >>> other["cards"] = [dict(c, id="other-" + c["id"]) for c in other["cards"]]
    >>> mixed = merge_packs([load_pack(tiny_pack()), load_pack(other)])
    >>> mixed.id, len(mixed.default_trade_deck), len(mixed.designs_with_role("scout"))
    ('tiny+other', 20, 1)
    """
    if not packs:
        raise PackError("mixing packs needs at least one pack")
    first = packs[0]
    if len(packs) == 1:
        return first
    seen_packs = {first.id}
    owner = {card.get("id"): first.id for card in first.raw["cards"] if isinstance(card, dict)}
    cards = list(first.raw["cards"])
    factions = list(first.raw.get("factions", []))
    faction_ids = {f.get("id") for f in factions if isinstance(f, dict)}
    for pack in packs[1:]:
        if pack.id in seen_packs:
            raise PackError(f'cannot mix pack "{pack.id}" into the game twice')
        seen_packs.add(pack.id)
        for faction in pack.raw.get("factions", []):
            if faction.get("id") not in faction_ids:
                faction_ids.add(faction.get("id"))
                factions.append(faction)
        for card in pack.raw["cards"]:
            if card.get("role") != "trade":
                continue  # the first pack's scouts, vipers, explorers and starters are used
            if card["id"] in owner:
                raise PackError(f'cannot mix pack "{pack.id}" with "{owner[card["id"]]}": both '
                                f'have a card with the id "{card["id"]}"')
            owner[card["id"]] = pack.id
            cards.append(card)
    header = dict(first.raw["pack"], id=MIX_SEPARATOR.join(p.id for p in packs))
    names = [p.raw["pack"].get("name") for p in packs]
    if all(isinstance(n, dict) for n in names):
        header["name"] = {lang: " + ".join(str(n.get(lang, "")) for n in names)
                          for lang in ("en", "ru")}
    raw = dict(first.raw, pack=header, factions=factions, cards=cards)
    return load_pack(raw, source=header["id"])
