"""Bounded work per request in the owners' editor (issue 25 F3).

Before: `POST /cards/<own set>/scenarios/1/edit/` with `vp_cards` = a JSON list of 200,000 `1`s
(about 400 kB, under the upload limit) answered 400 after 55 s on SQLite and over 60 s on
PostgreSQL: every item became a described problem. Now the JSON fields hold a bounded number of
values, the validator names at most MAX_PROBLEMS problems and counts the rest, and every form that
writes a set is rate limited. `benchmarks/editor_payload.py` measures the request's time.
"""
from __future__ import annotations

import json
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from cards.jsoninput import MAX_FIELD_VALUES, MAX_PACK_VALUES, JSONInputError, loads
from cards.loading import load_pack_data
from cards.models import ContentPack
from cards.validation import MAX_PROBLEMS, validate_pack
from tests.cards.packs import legacy_pack

pytestmark = pytest.mark.django_db

HOUR = 3600
# A generous bound, far above the well-under-a-second answer and far below the minute it took.
GENEROUS_SECONDS = 10


@pytest.fixture
def own(alice) -> ContentPack:
    """Return alice's own copy of the test pack with envelopes 1 and 2 opened."""
    builtin = load_pack_data(legacy_pack(), filename="legacy-test.json").pack
    pack = builtin.copy_for(alice)
    pack.revealed_scenarios = 2
    pack.save()
    return pack


def _scenario_post(pack: ContentPack, vp_cards: str) -> dict[str, str]:
    return {"scenario": json.dumps(pack.data["scenarios"][0]), "vp_cards": vp_cards,
            "checksum": pack.checksum}


def test_200000_item_vp_list_is_a_quick_form_error_and_saves_nothing(alice_client: Client,
                                                                     own: ContentPack) -> None:
    payload = json.dumps([1] * 200_000, separators=(",", ":"))
    assert len(payload) == 400_001  # the finding's 400 kB, under the 2 MiB upload limit
    before = own.checksum
    started = time.perf_counter()
    response = alice_client.post(reverse("cards:edit_scenario", args=[own.pk, 1]),
                                 _scenario_post(own, payload))
    elapsed = time.perf_counter() - started
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert f"more than {MAX_FIELD_VALUES} values" in " ".join(errors["vp_cards"])
    assert payload in response.content.decode()  # what was typed is kept in the form
    own.refresh_from_db()
    assert own.checksum == before
    assert elapsed < GENEROUS_SECONDS, elapsed


def test_the_value_limit_speaks_russian(alice_client: Client, own: ContentPack) -> None:
    alice_client.cookies["django_language"] = "ru"
    response = alice_client.post(reverse("cards:edit_scenario", args=[own.pk, 1]),
                                 _scenario_post(own, json.dumps([1] * (MAX_FIELD_VALUES + 1))))
    assert response.status_code == 400
    assert f"В JSON больше {MAX_FIELD_VALUES} значений" in response.content.decode()


def test_loads_counts_every_value_and_refuses_past_the_limit() -> None:
    assert loads('{"a": [1, 2]}', max_values=5) == {"a": [1, 2]}  # the object, a key, list, 1, 2
    with translation.override("en"), pytest.raises(JSONInputError, match="more than 5 values"):
        loads('{"a": [1, 2, 3]}', max_values=5)
    assert len(loads(json.dumps([1] * 100_000))) == 100_000  # no limit unless asked


def test_validator_names_50_problems_and_counts_the_rest() -> None:
    data = legacy_pack()
    data["vp_cards"] += [1] * 300
    everything = validate_pack(data, filename="x.json", limit=None)
    assert len(everything) == 301  # one per bad VP card, and the engine's refusal
    problems = validate_pack(data, filename="x.json")
    assert problems[:MAX_PROBLEMS] == everything[:MAX_PROBLEMS]
    assert [str(p) for p in problems[MAX_PROBLEMS:]] == ["x.json: and 251 more problems"]


def test_an_editor_form_shows_50_problems_then_how_many_more(alice_client: Client,
                                                            own: ContentPack) -> None:
    vp = [v for v in own.data["vp_cards"] if v["scenario"] == 1] + [1] * 120  # + the engine's
    response = alice_client.post(reverse("cards:edit_scenario", args=[own.pk, 1]),
                                 _scenario_post(own, json.dumps(vp)))
    assert response.status_code == 400
    errors = response.context["form"].errors["vp_cards"]
    assert len(errors) <= MAX_PROBLEMS + 1
    assert errors[-1] == "… and 71 more problems."  # under the list it continues


def test_an_imported_pack_past_the_value_limit_is_a_form_error(alice_client: Client) -> None:
    data = legacy_pack("huge")
    data["padding"] = [0] * MAX_PACK_VALUES
    upload = SimpleUploadedFile("huge.json", json.dumps(data).encode(),
                                content_type="application/json")
    response = alice_client.post(reverse("cards:import_pack"), {"file": upload})
    assert response.status_code == 400
    assert f"more than {MAX_PACK_VALUES} values" in response.content.decode()
    assert not ContentPack.objects.filter(owner__username="alice").exists()


EDITOR_POSTS = [  # every page that writes an owner's set, with the arguments after the pack id
    ("cards:reveal", []), ("cards:add_card", []), ("cards:edit_card", ["kingdom-ship-3"]),
    ("cards:remove_card", ["kingdom-ship-3"]), ("cards:add_sheet", []),
    ("cards:edit_sheet_json", ["empire-1"]), ("cards:remove_sheet", ["empire-1"]),
    ("cards:scenario_text", [1]), ("cards:edit_scenario", [1]), ("cards:add_vp", [1]),
    ("cards:remove_vp", ["s1-victory"]),
]


@pytest.mark.parametrize("name, args", EDITOR_POSTS)
def test_every_form_that_writes_a_set_is_rate_limited(alice_client: Client, own: ContentPack,
                                                      settings, name: str, args: list) -> None:
    settings.RATE_LIMITS = {"pack-edit": (2, HOUR)}
    url = reverse(name, args=[own.pk, *args])
    answers = [alice_client.post(url, {"checksum": "stale"}).status_code for _ in range(3)]
    assert 429 not in answers[:2], answers
    assert answers[2] == 429


def test_the_editor_limit_has_a_default(settings) -> None:
    assert settings.RATE_LIMITS["pack-edit"] == (300, HOUR)
