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
from typing import Any

KEYED = "keyed"          # GameSetup.shuffler of every new game
MERSENNE = "mt19937"     # games saved before keyed shuffles (their setup has no "shuffler")
SHUFFLERS = (KEYED, MERSENNE)
SEED_BITS = 256

_WORDS_PER_BLOCK = 16    # a 64-byte BLAKE2b digest holds sixteen 32-bit words
_WORD = 1 << 32


def new_seed() -> str:
    """Return a fresh secret seed for a match: 256 bits from the OS's CSPRNG, as hex."""
    return secrets.token_hex(SEED_BITS // 8)


class KeyedShuffler:
    """Shuffle number k uses the words of BLAKE2b(key, k ‖ block); the state is (key, k)."""

    __slots__ = ("key", "count")

    def __init__(self, key: bytes, count: int = 0) -> None:
        self.key = key
        self.count = count

    @classmethod
    def from_seed(cls, seed: int | str) -> KeyedShuffler:
        """Return the shuffler of a game whose setup holds `seed` (its first shuffle next)."""
        digest = hashlib.blake2b(str(seed).encode(), digest_size=32, person=b"starledger-seed")
        return cls(digest.digest())

    def shuffle(self, items: list) -> None:
        """Shuffle `items` in place (Fisher-Yates, each index drawn without bias)."""
        words = _Words(self.key, self.count)
        self.count += 1
        for i in range(len(items) - 1, 0, -1):
            j = words.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> KeyedShuffler:
        return KeyedShuffler(self.key, self.count)

    def to_data(self) -> dict:
        return {"keyed": self.key.hex(), "count": self.count}


class _Words:
    """The 32-bit words of one shuffle's stream, one BLAKE2b block at a time."""

    __slots__ = ("key", "prefix", "block", "words", "pos")

    def __init__(self, key: bytes, count: int) -> None:
        self.key = key
        self.prefix = count.to_bytes(8, "little")
        self.block = 0
        self.words: list[int] = []
        self.pos = 0

    def next(self) -> int:
        if self.pos == len(self.words):
            data = self.prefix + self.block.to_bytes(4, "little")
            digest = hashlib.blake2b(data, key=self.key, digest_size=64).digest()
            self.words = [int.from_bytes(digest[k:k + 4], "little") for k in range(0, 64, 4)]
            self.block += 1
            self.pos = 0
        word = self.words[self.pos]
        self.pos += 1
        return word

    def below(self, n: int) -> int:
        """Return a uniform integer in [0, n): reject the top words that would bias `% n`."""
        limit = _WORD - _WORD % n
        while True:
            word = self.next()
            if word < limit:
                return word % n


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
