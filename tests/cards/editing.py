"""What the card editor's form posts, shared by the own-pack and bad-input tests."""
from __future__ import annotations

import json

from cards.models import CardDesign, ContentPack


def card_post(design: CardDesign, **changes) -> dict:
    """Return the card editor's form data for `design` as its page shows it, with `changes`."""
    data = {
        "name_en": design.name_en, "name_ru": design.name_ru, "flavor_en": design.flavor_en,
        "flavor_ru": design.flavor_ru, "type": design.type, "cost": design.cost or "",
        "defense": design.defense or "", "factions": design.factions,
        "abilities": json.dumps(design.abilities),
        "checksum": ContentPack.objects.get(pk=design.pack_id).checksum,  # as the page shows it
    }
    if design.outpost:
        data["outpost"] = "on"
    data.update(changes)
    return data
