"""Issue 10, finding 3: ten "copy this pack" posts at once by one user all succeed, each its own copy."""
from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from cards.loading import load_pack_data
from cards.models import ContentPack
from tests.cards.packs import legacy_pack
from tests.factories import PERSONA_PASSWORD

COPIES = 10


@pytest.mark.django_db(transaction=True)
def test_ten_concurrent_copies_by_one_user_give_ten_copies(alice) -> None:
    """Before the fix the slug was chosen outside the transaction: 7 of 10 answered 500."""
    pack = load_pack_data(legacy_pack(), filename="legacy-test.json").pack
    start = threading.Barrier(COPIES)
    statuses: list[int] = []

    def copy_once() -> None:
        client = Client()
        client.login(username=alice.username, password=PERSONA_PASSWORD)
        start.wait(10)
        try:
            statuses.append(client.post(reverse("cards:copy", args=[pack.pk])).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=copy_once) for _ in range(COPIES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [302] * COPIES
    slugs = list(ContentPack.objects.owned_by(alice).values_list("slug", flat=True))
    assert len(slugs) == len(set(slugs)) == COPIES
