"""Admin pages for every campaign model open for staff; events cannot be edited there."""
from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import UserFactory


@pytest.mark.parametrize("model", ["campaign", "seat", "campaignevent"])
def test_admin_changelist_and_change_page_open(client, started, model) -> None:
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    assert client.get(reverse(f"admin:campaign_{model}_changelist")).status_code == 200
    obj = {"campaign": started, "seat": started.seats.first(),
           "campaignevent": started.events.first()}[model]
    assert client.get(reverse(f"admin:campaign_{model}_change", args=[obj.pk])).status_code == 200


def test_admin_cannot_delete_events(client, started) -> None:
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    event = started.events.first()
    response = client.post(reverse("admin:campaign_campaignevent_delete", args=[event.pk]),
                           {"post": "yes"})
    assert response.status_code == 403
    assert started.events.count() == 2
