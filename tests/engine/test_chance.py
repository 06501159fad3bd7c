"""The simulations' quick draws are the library's draws: the same numbers from the same generator state.

Golden games are played by policies drawing from seeded generators; a quick
draw that returned anything else, or consumed other bits, would change them.
"""

from __future__ import annotations

import random

import pytest

from engine.core.chance import below


@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_below_is_randrange_draw_for_draw(seed: int) -> None:
    ours, library = random.Random(seed), random.Random(seed)
    for n in [1, 2, 3, 5, 8, 13, 31, 32, 33, 64, 100, 1000, 2**31 + 1]:
        for _ in range(50):
            assert below(ours, n) == library.randrange(n)
    assert ours.getstate() == library.getstate()


def test_an_element_by_below_is_choice_draw_for_draw() -> None:
    ours, library = random.Random(5), random.Random(5)
    for size in range(1, 40):
        seq = [f"card-{i}" for i in range(size)]
        for _ in range(20):
            assert seq[below(ours, len(seq))] == library.choice(seq)
    assert ours.getstate() == library.getstate()


def test_an_empty_range_is_refused_like_the_library() -> None:
    for n in (0, -3):
        with pytest.raises(ValueError):
            below(random.Random(1), n)
        with pytest.raises(ValueError):
            random.Random(1).randrange(n)
