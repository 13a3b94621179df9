"""The content-pack models: ownership queries, uniqueness, derived tables, active language."""
from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import translation

from cards.models import CardDesign, ContentPack

pytestmark = pytest.mark.django_db


def _tiny_pack(slug: str = "tiny", version: int = 1) -> dict:
    return {
        "format": 1,
        "pack": {"id": slug, "version": version, "kind": "core",
                 "name": {"en": "Tiny", "ru": "Крошка"}, "description": {"en": "d", "ru": "о"}},
        "factions": [],
        "cards": [{"id": "scout", "name": {"en": "Scout", "ru": "Разведчик"}, "type": "ship",
                   "cost": None, "factions": [], "role": "scout", "quantity": 16,
                   "abilities": [{"when": "primary", "do": [{"trade": 1}]}]}],
    }


def _make(data: dict, owner=None, builtin: bool = True) -> ContentPack:
    pack = ContentPack(slug=data["pack"]["id"], owner=owner, is_builtin=builtin)
    pack.set_data(data)
    pack.save()
    pack.rebuild_catalogue()
    return pack


def test_rebuild_creates_one_design_per_card_and_is_repeatable():
    pack = _make(_tiny_pack())
    pack.rebuild_catalogue()
    design = CardDesign.objects.get(pack=pack)
    assert (design.slug, design.quantity, design.role) == ("scout", 16, "scout")


def test_name_follows_the_active_language():
    pack = _make(_tiny_pack())
    with translation.override("ru"):
        assert pack.name == "Крошка"
        assert pack.designs.get().name == "Разведчик"
    with translation.override("en"):
        assert pack.name == "Tiny"


def test_usable_by_shows_builtin_and_own_packs_only():
    users = get_user_model().objects
    alice = users.create_user("alice", password="x")
    bob = users.create_user("bob", password="x")
    builtin = _make(_tiny_pack())
    mine = _make(_tiny_pack("alice-pack"), owner=alice, builtin=False)
    _make(_tiny_pack("bob-pack"), owner=bob, builtin=False)
    assert set(ContentPack.objects.usable_by(alice)) == {builtin, mine}
    assert list(ContentPack.objects.builtin()) == [builtin]


def test_same_builtin_slug_and_version_is_refused_by_the_database():
    _make(_tiny_pack())
    with pytest.raises(IntegrityError), transaction.atomic():
        _make(_tiny_pack())


def test_checksum_ignores_key_order():
    a = _tiny_pack()
    b = dict(reversed(list(a.items())))
    first, second = ContentPack(), ContentPack()
    first.set_data(a)
    second.set_data(b)
    assert first.checksum == second.checksum


def test_engine_pack_is_parsed_once_per_content():
    from tests.cards.packs import legacy_pack

    pack = _make(legacy_pack())
    parsed = pack.engine_pack()
    assert parsed is ContentPack.objects.get(pk=pack.pk).engine_pack()
    assert parsed.id == "legacy-test"
