"""Issue 10, finding 2: a Unicode digit where an id belongs is a clean answer, never a 500."""
from __future__ import annotations

import pytest
from django.urls import reverse

from cards.loading import load_pack_data
from cards.models import ContentPack
from common.params import parse_id
from tests.cards.packs import legacy_pack

SUPERSCRIPT_TWO = "\u00b2"


@pytest.mark.parametrize("raw, expected", [
    ("0", 0), ("42", 42), (SUPERSCRIPT_TWO, None), ("\u0661", None), ("-1", None), ("1.0", None),
    (" 1", None), ("", None), ("9" * 19, None), (None, None),
])
def test_parse_id_accepts_ascii_digits_only(raw, expected) -> None:
    assert parse_id(raw) == expected


@pytest.mark.django_db
def test_superscript_campaign_in_card_query_is_ignored_not_a_500(client) -> None:
    pack = load_pack_data(legacy_pack(), filename="legacy-test.json").pack
    slug = pack.designs.filter(role="trade").first().slug
    url = reverse("cards:card", args=[pack.pk, slug]) + f"?campaign={SUPERSCRIPT_TWO}"
    assert client.get(url).status_code == 200


@pytest.mark.django_db
def test_superscript_opened_count_on_reveal_is_a_400(alice_client, alice) -> None:
    builtin = load_pack_data(legacy_pack(), filename="legacy-test.json").pack
    own = builtin.copy_for(alice)
    response = alice_client.post(reverse("cards:reveal", args=[own.pk]),
                                 {"opened": SUPERSCRIPT_TWO})
    assert response.status_code == 400
    assert ContentPack.objects.get(pk=own.pk).revealed_scenarios == 0
