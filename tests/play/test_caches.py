"""The process's caches are safe under threads and never serve an edited pack stale (issue 21).

Every cache of the site is a `common.caching.BoundedCache` keyed by content that cannot change
under its key (pack checksums, a match's version): the board's card texts, parsed engine packs,
pack data, mixed packs, the mixed-in pack ids of a match and replays.
"""

from __future__ import annotations

import copy
import threading

import pytest
from django.test import Client

from cards import models as card_models
from cards.models import ContentPack
from common.caching import BoundedCache
from play import board, creation, replays, services
from play import models as play_models
from play.creation import SeatSpec

SITE_CACHES = {
    "cards.models.ENGINE_PACKS": card_models.ENGINE_PACKS,
    "cards.models.PACK_DATA": card_models.PACK_DATA,
    "play.services.MIXED_PACKS": services.MIXED_PACKS,
    "play.board.CARD_TEXTS": board.CARD_TEXTS,
    "play.replays.REPLAYS": replays.REPLAYS,
    "play.models.MIXED_IN": play_models.MIXED_IN,
}


def _hammer(cache: BoundedCache, threads: int = 16, rounds: int = 3000) -> list[BaseException]:
    """Let many threads read, add and evict at once; return what they raised."""
    errors: list[BaseException] = []
    start = threading.Barrier(threads)

    def work(k: int) -> None:
        try:
            start.wait()
            for n in range(rounds):
                key = ("hammer", k, n % 97)
                assert cache.get_or_make(key, lambda: (k, n % 97)) == (k, n % 97)
                cache.get(("hammer", (k + 1) % threads, n % 97))
        except BaseException as error:  # noqa: BLE001 - the test reports every failure
            errors.append(error)

    workers = [threading.Thread(target=work, args=(k,)) for k in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return errors


@pytest.mark.parametrize("name", sorted(SITE_CACHES))
def test_many_threads_reading_and_evicting_at_once_break_no_cache(name: str) -> None:
    cache = SITE_CACHES[name]
    assert isinstance(cache, BoundedCache)
    small = BoundedCache(min(cache.maxsize, 8))  # a small one evicts on nearly every put
    assert _hammer(small) == [] and len(small) <= small.maxsize
    before = cache.maxsize
    assert _hammer(cache, threads=8, rounds=500) == [] and len(cache) <= before
    cache.clear()


def test_a_full_cache_forgets_the_least_recently_used_first() -> None:
    cache = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # "b" is now the least recently used
    cache.put("c", 3)
    assert "b" not in cache and cache.get("a") == 1 and cache.get("c") == 3


def _renamed(pack: ContentPack, card_id: str, name: str) -> dict:
    data = copy.deepcopy(pack.data)
    card = next(c for c in data["cards"] if c["id"] == card_id)
    card["name"] = {"en": name, "ru": name}
    return data


def test_an_edited_pack_shows_in_every_cached_view(core_pack, alice) -> None:
    """The board's texts, the engine pack, the pack data and the replay follow the edit."""
    match = creation.create_standard_match(core_pack, [SeatSpec("Alice", alice),
                                                       SeatSpec("Bot", bot="random")], seed=3)
    match = services.resign(match.pk, 1, match.version)  # a finished game's replay shows all
    client = Client()
    client.force_login(alice)
    scout = next(c for c in core_pack.data["cards"] if c.get("role") == "scout")
    old_name = scout["name"]["en"]
    before = client.get(match.get_absolute_url()).content.decode()
    replay_before = client.get(f"/play/{match.pk}/replay/").content.decode()
    assert old_name in before and old_name in replay_before
    old_checksum = core_pack.checksum
    core_pack.replace_data(_renamed(core_pack, scout["id"], "Pathfinder Mk II"))
    assert core_pack.checksum != old_checksum
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Pathfinder Mk II" in page and f">{old_name}<" not in page
    fresh = ContentPack.objects.defer("data").get(pk=core_pack.pk).with_data()
    assert next(c for c in fresh.data["cards"] if c["id"] == scout["id"])["name"]["en"] == (
        "Pathfinder Mk II")
    assert fresh.engine_pack().by_id[scout["id"]].name["en"] == "Pathfinder Mk II"
    assert "Pathfinder Mk II" in client.get(f"/play/{match.pk}/replay/").content.decode()


def test_a_pack_saved_straight_from_data_gets_its_checksum(db) -> None:
    pack = ContentPack.objects.create(slug="bare", kind="core", name_en="Bare",
                                      data={"pack": {"id": "bare"}, "cards": []})
    assert pack.checksum == card_models.pack_checksum(pack.data)
    pack.data = {"pack": {"id": "bare"}, "cards": [{"id": "x"}]}
    pack.save(update_fields=["data"])
    assert ContentPack.objects.get(pk=pack.pk).checksum == card_models.pack_checksum(pack.data)
