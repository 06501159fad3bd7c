"""Random draws a simulation makes at every step, without `random`'s argument checks.

`below(rng, n)` returns exactly what `rng.randrange(n)` would, consuming the
same bits of the generator, and `seq[below(rng, len(seq))]` is exactly
`rng.choice(seq)`: it is `random.Random`'s own algorithm (draw
`n.bit_length()` bits until the number is below `n`), called directly. So a
game played with it is the same game, draw for draw, as one played with the
library calls (the golden games prove it), but a simulated draw costs one
call instead of three.
"""

from __future__ import annotations

import random


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

