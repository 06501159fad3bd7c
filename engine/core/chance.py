"""Random draws a simulation makes at every step, without `random`'s argument checks.

`below(rng, n)` returns exactly what `rng.randrange(n)` would for n > 0, and
`pick(rng, seq)` what `rng.choice(seq)` would, consuming the same bits of the
generator: they are `random.Random`'s own algorithm (draw `n.bit_length()`
bits until the number is below `n`), called directly. So a game played with
them is the same game, draw for draw, as one played with the library calls
(the golden games prove it), but a simulated draw costs one call instead of
three.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def below(rng: random.Random, n: int) -> int:
    """A number in [0, n), the same as `rng.randrange(n)`; ValueError for an empty range, as it gives."""
    if n <= 0:
        raise ValueError("empty range for below()")
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def pick(rng: random.Random, seq: Sequence[T]) -> T:
    """An element of a non-empty sequence, the same as `rng.choice(seq)`; IndexError for an empty one, as it gives."""
    if not seq:
        raise IndexError("Cannot choose from an empty sequence")
    return seq[below(rng, len(seq))]
