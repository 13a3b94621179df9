"""An owner's own box entered through the pages (issue 11): new packs, drafts, readable paths.

A pack typed in card by card is incomplete for a long time (a legacy campaign needs 60 trade
cards, 8 sticker sheets, 12 scenarios...). It is stored as a *draft* (`ContentPack.kind` DRAFT):
each edit must be valid in itself, while what is still missing is listed on the pack's page. The
first save after which the whole pack validates makes it an ordinary playable pack.
"""
from __future__ import annotations

import copy
import re
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from cards import ids
from cards.language import pack_text
from cards.models import ContentPack
from cards.validation import PackProblem, read_pack_file, validate_pack

SCENARIOS = range(1, 13)
# The personal-deck and explorer designs a new pack starts with, taken from the shipped packs.
SKELETON_ROLES = ("scout", "viper", "explorer", "starter")


@cache
def _shipped(name: str) -> dict[str, Any]:
    data, problems = read_pack_file(Path(settings.BASE_DIR) / "fixtures" / "packs" / f"{name}.json")
    if problems:  # a broken checkout, not a visitor's mistake
        raise RuntimeError(f"the shipped pack {name} does not load: {problems[0]}")
    return data


def skeleton(kind: str, name_en: str, name_ru: str) -> dict[str, Any]:
    """Return the JSON a new pack starts with: structure and personal decks, no trade cards."""
    source = _shipped("legacy-default" if kind == "legacy" else "core-set")
    data: dict[str, Any] = {
        "format": 1,
        "pack": {"id": "new", "version": 1, "kind": kind,
                 "name": {"en": name_en, "ru": name_ru},
                 "description": {"en": "", "ru": ""}},
        "factions": copy.deepcopy(source["factions"]),
        "cards": [copy.deepcopy(c) for c in source["cards"] if c["role"] in SKELETON_ROLES],
    }
    del data["pack"]["description"]
    if kind != "legacy":
        return data
    data["cards"].append({
        "id": "post-campaign-card", "name": {"en": "Post-campaign card", "ru": "Карта после кампании"},
        "flavor": {"en": "Replace me once the post-campaign pack is open.",
                   "ru": "Замените, когда откроете пакет после кампании."},
        "type": "ship", "cost": 3, "factions": ["kingdom"], "role": "post_campaign",
        "quantity": 24, "abilities": [{"when": "primary", "do": [{"combat": 3}]}]})
    data["sides"] = copy.deepcopy(source["sides"])
    data["sticker_sheets"] = []
    data["vp_cards"] = [_winner_vp(n) for n in SCENARIOS]
    data["scenarios"] = [_placeholder_scenario(n) for n in SCENARIOS]
    data["campaign_winner"] = copy.deepcopy(source["campaign_winner"])
    return data


def _winner_vp(number: int) -> dict[str, Any]:
    return {"id": f"s{number}-victory", "scenario": number, "points": 1 + number // 4,
            "name": {"en": f"Victory in scenario {number}", "ru": f"Победа в сценарии {number}"},
            "text": {"en": f"Win scenario {number}.", "ru": f"Победите в сценарии {number}."},
            "award": "winner"}


def _placeholder_scenario(number: int) -> dict[str, Any]:
    side = {"text": {"en": "Not entered yet.", "ru": "Ещё не введено."}, "rules": [],
            "choices": []}
    return {"number": number,
            "title": {"en": f"Scenario {number}", "ru": f"Сценарий {number}"},
            "story": {"en": "Type this envelope's story once you open it.",
                      "ru": "Введите историю этого конверта, когда откроете его."},
            "sides": {"empire": copy.deepcopy(side), "federation": copy.deepcopy(side)},
            "vp_cards": [f"s{number}-victory"], "political_victory": number <= 4,
            "entered": False}  # a placeholder until the owner types the card (issue 19)


def free_slug(user: Any, *names: str) -> str:
    """Return a pack id of the user's not yet taken, made from the first name that gives one."""
    taken = set(ContentPack.objects.owned_by(user).values_list("slug", flat=True))
    return ids.free_id(taken, *names, fallback="my-pack")


def free_id(taken: set[str], *names: str, fallback: str) -> str:
    """Return an id made from `names` (Cyrillic transliterated) that is not in `taken`."""
    return ids.free_id(taken, *names, fallback=fallback)


def create_pack(user: Any, data: dict[str, Any], *, draft: bool) -> ContentPack:
    """Store `data` as a new pack of `user` (its id chosen free); a draft stays unplayable."""
    data = copy.deepcopy(data)
    with transaction.atomic():
        from django.contrib.auth import get_user_model

        # one user's packs take their slugs one at a time (see ContentPack.copy_for)
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
        name = data["pack"].get("name")
        slug = free_slug(user, pack_text(name, "en", fallback=False),
                         pack_text(name, "ru", fallback=False), str(data["pack"]["id"]))
        data["pack"]["id"] = slug
        data["pack"]["version"] = 1
        pack = ContentPack(slug=slug, owner=user, is_builtin=False)
        pack.set_data(data)
        if draft:
            from cards.models import DRAFT

            pack.kind = DRAFT
        pack.save()
        pack.rebuild_catalogue()
    return pack


def whole_pack_problems(pack: ContentPack) -> list[PackProblem]:
    """Return every problem of the stored pack (a draft's "still missing" list)."""
    return validate_pack(pack.data, filename=f"{pack.slug}.json", owner=True)


# -- Readable field names for validator paths -----------------------------------------------

_SECTION = re.compile(
    r'^(?P<section>cards|sticker_sheets|vp_cards|scenarios|sides)\[(?P<i>\d+)\]'
    r'(?: "[^"]*"| #\d+)?')


def _fields() -> dict[str, str]:
    return {
        "name": _("name"), "flavor": _("flavour text"), "type": _("type"), "cost": _("cost"),
        "defense": _("defense"), "outpost": _("outpost"), "factions": _("factions"),
        "role": _("role"), "quantity": _("copies"), "abilities": _("abilities"),
        "do": _("effect"), "when": _("when"), "faction": _("faction"), "rows": _("row"),
        "ship": _("ship sticker"), "base": _("base sticker"), "side": _("side"),
        "scenario": _("scenario"), "title": _("title"), "story": _("story"), "text": _("text"),
        "sides": _("side"), "rules": _("rule"), "choices": _("choice"), "points": _("points"),
        "vp_cards": _("VP cards"), "personal_deck": _("personal deck"), "id": _("id"),
        "political_victory": _("political victory"), "en": _("English"), "ru": _("Russian"),
        "campaign_winner": _("campaign winner rule"), "pack": _("pack"), "award": _("award"),
        "sticker_sheets": _("sticker sheets"), "scenarios": _("scenarios"), "cards": _("cards"),
        "empire": _("Star Empire"), "federation": _("Trade Federation"),
    }


def _entry_name(data: dict[str, Any], section: str, index: int, lang: str) -> str:
    items = data.get(section)
    item = items[index] if isinstance(items, list) and index < len(items) else None
    if not isinstance(item, dict):
        return str(index + 1)
    if section == "scenarios":
        return str(item.get("number", index + 1))
    name = item.get("name")
    return pack_text(name, lang) or str(item.get("id", index + 1))


def readable_path(data: dict[str, Any], path: str, lang: str = "en") -> str:
    """Turn `cards[3] "x".abilities[0].do[1]` into `Card “X” › abilities 1 › effect 2`."""
    if not path:
        return ""
    heads = {"cards": _("Card “%(name)s”"), "sticker_sheets": _("Sticker sheet “%(name)s”"),
             "vp_cards": _("VP card “%(name)s”"), "scenarios": _("Scenario %(name)s"),
             "sides": _("Side “%(name)s”")}
    fields = _fields()
    parts: list[str] = []
    rest = path
    match = _SECTION.match(path)
    if match:
        name = _entry_name(data, match["section"], int(match["i"]), lang)
        parts.append(heads[match["section"]] % {"name": name})
        rest = path[match.end():]
    for step in re.finditer(r"\.([^.\[]+)|\[(\d+)\]", rest):
        if step.group(1) is not None:
            parts.append(fields.get(step.group(1), step.group(1)))
        elif parts:
            parts[-1] = f"{parts[-1]} {int(step.group(2)) + 1}"
    if not parts:
        return fields.get(rest, rest)
    return " › ".join(parts)
