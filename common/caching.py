"""One small cache for a process's memory of things that never change under their key.

Several hot paths keep what they computed for the next request: parsed engine packs and pack data
by checksum, a board's card texts, replays. Web requests run in several threads, so a plain dict
with "evict the oldest" written by hand could raise KeyError when two threads evict at once
(issue 21). `BoundedCache` holds a lock around every look and change, keeps at most `maxsize`
entries and forgets the least recently used first. The value is made outside the lock: two
threads may compute the same value at the same moment, and the second simply wins, which is
harmless because every key here names content that cannot change (a checksum, a version).

>>> cache = BoundedCache(2)
>>> cache.get_or_make("a", lambda: 1), cache.get_or_make("a", lambda: 2)
(1, 1)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
_MISSING = object()


class BoundedCache(Generic[K, V]):
    """A least-recently-used mapping of at most `maxsize` entries, safe under threads."""

    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError("a cache holds at least one entry")
        self.maxsize = maxsize
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K, default: V | None = None) -> V | None:
        """Return the value kept for `key` (now the most recently used), or `default`."""
        with self._lock:
            value = self._entries.get(key, _MISSING)
            if value is _MISSING:
                return default
            self._entries.move_to_end(key)
            return value  # type: ignore[return-value]

    def put(self, key: K, value: V) -> None:
        """Keep `value` for `key`, forgetting the least recently used entry when full."""
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.maxsize:
                self._entries.popitem(last=False)

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        """Return the value kept for `key`, or make it with `make()` and keep it."""
        value = self.get(key, _MISSING)  # type: ignore[arg-type]
        if value is _MISSING:
            value = make()
            self.put(key, value)
        return value  # type: ignore[return-value]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._entries
