"""Shuffles come from a keyed hash of the game's secret seed (issue 25 F1, docs/randomness.md).

Before, a match's 31-bit seed could be found from a player's first hand and first trade row by
trying every seed, and with it every hidden card (C25: hidden information stays hidden).
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from play.engine import (
    GameSetup,
    apply,
    deserialize,
    legal_actions,
    load_pack,
    new_game,
    new_seed,
    serialize,
    tiny_pack,
)
from play.engine.chance import KEYED, MERSENNE, KeyedShuffler, MersenneShuffler, shuffler_from_data


def test_c25_a_new_seed_has_256_bits_and_never_repeats() -> None:
    seeds = [new_seed() for _ in range(2000)]
    assert len(set(seeds)) == len(seeds)
    assert all(len(s) == 64 and int(s, 16) >= 0 for s in seeds)
    # Every bit position takes both values across the seeds: the whole width is used.
    bits = [format(int(s, 16), "0256b") for s in seeds]
    assert all(len({b[k] for b in bits}) == 2 for k in range(256))


def test_c25_a_new_game_shuffles_with_the_keyed_shuffler_and_its_state_holds_no_seed() -> None:
    seed = new_seed()
    state = new_game(GameSetup(pack=load_pack(tiny_pack()), seed=seed))
    assert isinstance(state.rng, KeyedShuffler)
    saved = serialize(state)
    assert saved["setup"]["shuffler"] == KEYED
    assert set(saved["rng"]) == {"keyed", "count"} and seed not in str(saved["rng"])


def test_c25_two_games_with_fresh_seeds_share_no_shuffle() -> None:
    pack = load_pack(tiny_pack())
    a, b = (new_game(GameSetup(pack=pack, seed=new_seed())) for _ in range(2))
    assert a.rng.key != b.rng.key
    orders = [[s.design[i].id for i in s.trade_deck] for s in (a, b)]
    decks = [[list(s.deck[k]) + list(s.hand[k]) for k in range(2)] for s in (a, b)]
    assert orders[0] != orders[1] or decks[0] != decks[1]


def test_c25_the_same_seed_replays_the_same_shuffles() -> None:
    first, second = KeyedShuffler.from_seed("x"), KeyedShuffler.from_seed("x")
    for size in (2, 10, 40, 80):
        a, b = list(range(size)), list(range(size))
        first.shuffle(a)
        second.shuffle(b)
        assert a == b and sorted(a) == list(range(size))


def test_c25_each_shuffle_of_a_game_draws_anew() -> None:
    shuffler = KeyedShuffler.from_seed(1)
    results = set()
    for _ in range(50):
        items = list(range(12))
        shuffler.shuffle(items)
        results.add(tuple(items))
    assert len(results) == 50 and shuffler.count == 50


def test_c22_the_keyed_shuffle_is_uniform_over_every_order() -> None:
    """All 24 orders of four cards within 15% of 1/24 over 24,000 shuffles (a chi-square test
    would say the same: a biased `% n` or an off-by-one Fisher-Yates misses by far more)."""
    shuffler = KeyedShuffler.from_seed("uniform")
    counts: Counter = Counter()
    for _ in range(24_000):
        items = [0, 1, 2, 3]
        shuffler.shuffle(items)
        counts[tuple(items)] += 1
    assert set(counts) == set(itertools.permutations(range(4)))
    assert all(850 <= n <= 1150 for n in counts.values())


def test_c22_a_saved_or_cloned_game_shuffles_on_exactly_as_the_original() -> None:
    pack = load_pack(tiny_pack())
    state = new_game(GameSetup(pack=pack, seed=new_seed()))
    copy, loaded = state.clone(), deserialize(serialize(state), pack)
    for _ in range(150):  # several reshuffles of the discard piles (C22)
        if state.outcome is not None:
            break
        action = legal_actions(state)[0]
        for game in (state, copy, loaded):
            apply(game, action.notation)
    assert serialize(copy) == serialize(state) == serialize(loaded)
    assert state.rng.count > 3


def test_c25_saved_mersenne_states_still_load_as_mersenne() -> None:
    old = MersenneShuffler.from_seed(5)
    data = old.to_data()
    assert isinstance(data, list)
    again = shuffler_from_data(data)
    a, b = list(range(30)), list(range(30))
    old.shuffle(a)
    again.shuffle(b)
    assert a == b
    setup = GameSetup(pack=load_pack(tiny_pack()), seed=5, shuffler=MERSENNE)
    assert "shuffler" not in setup.to_dict()  # saved exactly as before keyed shuffles


class _Skippy(KeyedShuffler):
    """A shuffler whose word stream is mostly 0xFFFFFFFF: a word `% n` would bias, so each is
    skipped (the path a real shuffle takes about once in ten million swaps). From `usable_first`
    on: the words before it are all usable, so the skipping starts in the middle of a shuffle."""

    usable_first = 0

    def _words(self, count: int, first_block: int, blocks: int) -> tuple[int, ...]:
        return tuple(self.word(16 * b + k) for b in range(first_block, first_block + blocks)
                     for k in range(16))

    def word(self, position: int) -> int:
        if position < self.usable_first or position % 5 == 4:
            return position * 7919 % 1000
        return 0xFFFFFFFF


@pytest.mark.parametrize("usable_first", [0, 7, 20])
def test_c22_a_skipped_word_takes_the_next_one_across_blocks(usable_first: int) -> None:
    """Fisher-Yates over the word stream, skipping each word >= the largest multiple of n below
    2^32 (docs/randomness.md), whatever block the next usable word sits in and whichever swap
    meets the first word to skip."""
    items = list(range(40))
    shuffler = _Skippy(b"k" * 32)
    shuffler.usable_first = usable_first
    shuffler.shuffle(items)
    expected, position = list(range(40)), 0
    for i in range(39, 0, -1):
        n = i + 1
        while (word := shuffler.word(position)) >= (1 << 32) - (1 << 32) % n:
            position += 1
        position += 1
        j = word % n
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and sorted(items) == list(range(40))
