"""The seeded shuffle of a deal, defined here once so that a seed deals the same cards for good.

A record that names a seed instead of a deck is replayed years later, on other Pythons. Python keeps
only ``random.random()`` stable across versions, not ``shuffle`` or ``randrange``; so the deal's
shuffle is written out here on a documented generator, MT19937 (Matsumoto and Nishimura, seeded by
their ``init_by_array``), and pinned by tests against known deals:

1. The seed ``n`` becomes the key: the 32-bit words of ``|n|``, least significant first (``[0]`` for 0).
2. MT19937 is seeded with ``init_by_array(key)`` and gives 32-bit numbers.
3. A number below ``m`` is the top ``k`` bits of the next output, ``k`` the bit length of ``m``, drawn
   again until it is below ``m``.
4. The shuffle (Fisher-Yates) goes from the last position ``i`` down to 1 and swaps position ``i``
   with a number below ``i + 1``.

This is the generator and the algorithm of CPython's ``random.Random(n).shuffle`` (3.2 and later), so
every seed recorded before this module existed deals as it did. Where the interpreter's own Mersenne
Twister gives the same numbers (checked once, against the implementation below), it is used for speed;
if a future Python seeded it otherwise, the pure implementation takes over and the deals do not change.

>>> shuffled([1, 2, 3, 4, 5], 42)
[4, 2, 3, 5, 1]
>>> below_for_text("cut:7", 16)
9
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TypeVar

T = TypeVar("T")

_N, _M = 624, 397
_MATRIX_A, _UPPER, _LOWER = 0x9908B0DF, 0x80000000, 0x7FFFFFFF
_MASK = 0xFFFFFFFF


class MersenneTwister:
    """MT19937, seeded by ``init_by_array`` as in the authors' reference code (mt19937ar.c)."""

    __slots__ = ("_index", "_state")

    def __init__(self, key: Sequence[int]) -> None:
        state = [0] * _N
        state[0] = 19650218
        for i in range(1, _N):
            state[i] = (1812433253 * (state[i - 1] ^ (state[i - 1] >> 30)) + i) & _MASK
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            state[i] = ((state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
            i, j = i + 1, j + 1
            if i >= _N:
                state[0], i = state[_N - 1], 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            state[i] = ((state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                state[0], i = state[_N - 1], 1
        state[0] = 0x80000000
        self._state = state
        self._index = _N

    def next32(self) -> int:
        """The next 32-bit output."""
        if self._index >= _N:
            self._twist()
        y = self._state[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def _twist(self) -> None:
        state = self._state
        for i in range(_N):
            y = (state[i] & _UPPER) | (state[(i + 1) % _N] & _LOWER)
            state[i] = state[(i + _M) % _N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        self._index = 0

    def bits(self, k: int) -> int:
        """A number of ``k`` bits (1 to 32): the top ``k`` bits of the next output."""
        return self.next32() >> (32 - k)


def seed_key(seed: int) -> list[int]:
    """The ``init_by_array`` key of a seed: the 32-bit words of its absolute value, least significant first."""
    n = abs(seed)
    key = []
    while n:
        key.append(n & _MASK)
        n >>= 32
    return key or [0]


def text_seed(text: str) -> int:
    """The integer seed of a text: its UTF-8 bytes followed by their SHA-512 digest, read big-endian."""
    data = text.encode()
    return int.from_bytes(data + hashlib.sha512(data).digest(), "big")


@cache
def _interpreter_agrees() -> bool:
    """Whether this Python's Mersenne Twister, seeded with an integer, gives the reference numbers
    (through two twists of its state, for a seed of several words)."""
    seed = 0x1234_5678_9ABC_DEF0_0FED_CBA9
    ours, theirs = MersenneTwister(seed_key(seed)), random.Random(seed)
    return all(ours.next32() == theirs.getrandbits(32) for _ in range(2 * _N + 3))


def _bit_source(seed: int) -> Callable[[int], int]:
    if _interpreter_agrees():
        return random.Random(seed).getrandbits
    return MersenneTwister(seed_key(seed)).bits


def _below(bits: Callable[[int], int], m: int) -> int:
    k = m.bit_length()
    r = bits(k)
    while r >= m:
        r = bits(k)
    return r


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """``items`` shuffled by the deal's generator seeded with ``seed`` (the module's steps 1-4)."""
    if len(items) > 2**32:
        raise ValueError("the deal's shuffle draws at most 32 bits: too many items")
    result = list(items)
    bits = _bit_source(seed)
    for i in range(len(result) - 1, 0, -1):
        j = _below(bits, i + 1)
        result[i], result[j] = result[j], result[i]
    return result


def below_for_text(text: str, m: int) -> int:
    """A number below ``m`` (at most 2**32) drawn by the generator seeded with :func:`text_seed` of ``text``."""
    return _below(_bit_source(text_seed(text)), m)
