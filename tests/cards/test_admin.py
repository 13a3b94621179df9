"""Every cards model is in the admin; an invalid pack edited there is not saved."""
from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from cards.loading import load_pack_data
from tests.cards.packs import legacy_pack

pytestmark = pytest.mark.django_db

MODELS = ("contentpack", "carddesign", "stickersheet", "sticker", "scenario", "vpcard")


@pytest.fixture
def admin_client(client):
    admin = get_user_model().objects.create_superuser("root", "root@example.test", "pw")
    client.force_login(admin)
    return client


@pytest.mark.parametrize("model", MODELS)
def test_changelist_loads(admin_client, model: str):
    load_pack_data(legacy_pack(), filename="l.json")
    assert admin_client.get(reverse(f"admin:cards_{model}_changelist")).status_code == 200


def test_invalid_json_edit_in_admin_is_refused(admin_client):
    pack = load_pack_data(legacy_pack(), filename="l.json").pack
    broken = legacy_pack()
    broken["scenarios"].pop()
    url = reverse("admin:cards_contentpack_change", args=[pack.pk])
    form = {"slug": pack.slug, "version": 1, "data": json.dumps(broken),
            "revealed_scenarios": 0, "is_builtin": "on"}
    response = admin_client.post(url, form, follow=True)
    assert "NOT saved" in response.content.decode()
    pack.refresh_from_db()
    assert len(pack.data["scenarios"]) == 12
