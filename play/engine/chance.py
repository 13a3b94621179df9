"""Where a game's chance comes from: shuffles nobody can predict from what they see.

Every shuffle of a game (personal decks, the trade deck, a discard pile shuffled back, C22) is
drawn from the game's secret seed. Before issue 25 the state kept a `random.Random(seed)`: a
31-bit seed could be found by trying all 2^31 of them against a player's first hand, and a
Mersenne Twister's outputs reveal its internal state anyway. Now (docs/randomness.md):

- the site gives every match a 256-bit seed from `secrets` (`new_seed`), kept server-side;
- the seed is turned into a 32-byte key once (BLAKE2b), and shuffle number k of the game takes its
  random numbers from BLAKE2b keyed with that key over (k, block): a keyed hash in counter mode.
  A shuffle's outcome tells nothing about the key or about any other shuffle, and the state holds
  only the key and a counter, so a saved game, a clone and a replay continue exactly.

The engine stays deterministic: the same seed gives the same game, which replays, tests and bot
games rely on. Small integer seeds (tests, simulations) work the same way; they are only as
secret as they are large. Games saved before this change name no shuffler in their setup and keep
`random.Random(seed)` (`MersenneShuffler`), so they replay exactly as they were played.

>>> deck = list(range(10)); KeyedShuffler.from_seed(7).shuffle(deck); sorted(deck) == list(range(10))
True
"""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
from typing import Any

KEYED = "keyed"          # GameSetup.shuffler of every new game
MERSENNE = "mt19937"     # games saved before keyed shuffles (their setup has no "shuffler")
SHUFFLERS = (KEYED, MERSENNE)
SEED_BITS = 256

_WORDS_PER_BLOCK = 16    # a 64-byte BLAKE2b digest holds sixteen 32-bit words
_WORD = 1 << 32
_blake2b = hashlib.blake2b
_BLOCK = struct.Struct(f"<{_WORDS_PER_BLOCK}I")  # one digest's words


def new_seed() -> str:
    """Return a fresh secret seed for a match: 256 bits from the OS's CSPRNG, as hex."""
    return secrets.token_hex(SEED_BITS // 8)


class KeyedShuffler:
    """Shuffle number k uses the words of BLAKE2b(key, k ‖ block); the state is (key, k)."""

    __slots__ = ("_keyed", "count", "key")

    def __init__(self, key: bytes, count: int = 0, keyed: hashlib.blake2b | None = None) -> None:
        self.key = key
        self.count = count
        # BLAKE2b with the key already absorbed: each block's hash starts from a copy of it
        # (the same digest as hashing with the key, without setting the key up every time).
        # Never updated itself, so copies of this shuffler share it, threads included.
        self._keyed = keyed if keyed is not None else _blake2b(key=key)

    @classmethod
    def from_seed(cls, seed: int | str) -> KeyedShuffler:
        """Return the shuffler of a game whose setup holds `seed` (its first shuffle next)."""
        digest = hashlib.blake2b(str(seed).encode(), digest_size=32, person=b"starledger-seed")
        return cls(digest.digest())

    def shuffle(self, items: list) -> None:
        """Shuffle `items` in place (Fisher-Yates, each index drawn without bias).

        The words of shuffle k are BLAKE2b(key, k ‖ block) read as sixteen little-endian 32-bit
        words per block, one after another; a word at or above the largest multiple of n below
        2^32 is skipped so that `word % n` is uniform. The blocks one word per swap needs are
        hashed up front (a skipped word, about one shuffle in ten million, fetches the next).
        """
        size = len(items)
        count = self.count
        self.count = count + 1
        if size < 2:
            return
        words = self._words(count, 0, (size - 2) // _WORDS_PER_BLOCK + 1)
        # one word per swap, in order: swap i - 1 takes word % i. A word below `high` is below
        # every swap's skip limit (nearly all are); at the first one that may not be, the exact
        # checks take over from that swap on. (A plain loop: map/zip/max versions execute
        # fewer bytecodes but took 1.5-2.3x the time on this machine.)
        high = _WORD - size
        i = size
        for word in words[:size - 1]:
            if word >= high:
                self._swaps_from(items, count, words, i - 1)
                return
            j = word % i
            i -= 1
            items[i], items[j] = items[j], items[i]

    def _swaps_from(self, items: list, count: int, words: tuple[int, ...], first: int) -> None:
        """Make the swaps of indices `first` down to 1, skipping the words that would bias them
        (the word of swap `first` is the first one looked at)."""
        limits = _limits(len(items))
        pos = len(items) - 1 - first
        for i in range(first, 0, -1):
            word = words[pos]
            pos += 1
            if word >= limits[i]:
                word, pos, words = self._next_usable(count, words, pos, limits[i], i)
            j = word % (i + 1)
            items[i], items[j] = items[j], items[i]

    def _next_usable(self, count: int, words: tuple[int, ...], pos: int, limit: int, left: int
                     ) -> tuple[int, int, tuple[int, ...]]:
        """Return the next word below `limit` with the position after it, and the words with at
        least `left` - 1 more after it (the swaps still to make: blocks fetched as needed)."""
        while True:
            while pos + left > len(words):
                words += self._words(count, len(words) // _WORDS_PER_BLOCK, 1)
            word = words[pos]
            pos += 1
            if word < limit:
                return word, pos, words

    def _words(self, count: int, first_block: int, blocks: int) -> tuple[int, ...]:
        """Return the words of blocks `first_block` .. + `blocks` - 1 of shuffle `count`."""
        prefix = count.to_bytes(8, "little")
        keyed = self._keyed
        if blocks == 1:  # most shuffles (up to 17 cards)
            hasher = keyed.copy()
            hasher.update(prefix + first_block.to_bytes(4, "little"))
            return _BLOCK.unpack(hasher.digest())
        words: tuple[int, ...] = ()
        for block in range(first_block, first_block + blocks):
            hasher = keyed.copy()
            hasher.update(prefix + block.to_bytes(4, "little"))
            words += _BLOCK.unpack(hasher.digest())
        return words

    def copy(self) -> KeyedShuffler:
        return KeyedShuffler(self.key, self.count, self._keyed)

    def to_data(self) -> dict:
        return {"keyed": self.key.hex(), "count": self.count}


def _limits(size: int) -> list[int]:
    """Return the skip limits of a shuffle of `size` items: [i] is the largest multiple of
    i + 1 not above 2^32 (a word at or above it is skipped)."""
    if size <= len(_LIMITS):
        return _LIMITS
    return [_WORD - _WORD % (i + 1) for i in range(size)]


_LIMITS = [_WORD - _WORD % (i + 1) for i in range(2048)]  # more than a game's cards (1024)


class MersenneShuffler:
    """`random.Random(seed)`'s shuffles, for games saved before keyed shuffles (replay only)."""

    __slots__ = ("random",)

    def __init__(self, generator: random.Random) -> None:
        self.random = generator

    @classmethod
    def from_seed(cls, seed: int | str) -> MersenneShuffler:
        return cls(random.Random(seed))

    def shuffle(self, items: list) -> None:
        self.random.shuffle(items)

    def copy(self) -> MersenneShuffler:
        generator = random.Random()
        generator.setstate(self.random.getstate())
        return MersenneShuffler(generator)

    def to_data(self) -> list:
        version, internal, gauss = self.random.getstate()
        return [version, list(internal), gauss]


Shuffler = KeyedShuffler | MersenneShuffler


def shuffler_for(kind: str, seed: int | str) -> Shuffler:
    """Return the first-shuffle state of a game whose setup names `kind` and `seed`."""
    return (KeyedShuffler if kind == KEYED else MersenneShuffler).from_seed(seed)


def shuffler_from_data(data: Any) -> Shuffler:
    """Rebuild a shuffler saved with `to_data` (a list is the old Mersenne Twister state)."""
    if isinstance(data, dict):
        return KeyedShuffler(bytes.fromhex(data["keyed"]), int(data["count"]))
    version, internal, gauss = data
    generator = random.Random()
    generator.setstate((version, tuple(internal), gauss))
    return MersenneShuffler(generator)
