"""Samurai Spirit's hooks for the property tests every registered game runs.

See `engine.core.registry.GameEntry`. The hidden identities of this game are
the cards slid face down onto the Intruder stack: a table may tap them
`hidden`, and the engine keeps them as private notes (`Knowledge.notes`). The
twin names other cards the table could not tell apart, so its notes differ;
nothing of them is ever on screen, so the twins are compared at every moment.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.inputs import Input
from engine.core.prompt import Prompt
from engine.core.testing import bench_by, hidden_along, nothing_gone, registered_game
from games.samurai_spirit import SamuraiSpirit, simulate
from games.samurai_spirit.invariants import check_invariants
from games.samurai_spirit.play import Play
from games.samurai_spirit.policy import SimplePolicy

SETUPS: tuple[dict[str, Any], ...] = (
    {"samurai": ["kyuzo", "heihachi"], "difficulty": "normal"},
    {"samurai": ["kikuchiyo", "daisuke", "gorobei"], "difficulty": "hard"},
    {"samurai": ["katsushiro", "kanbei", "kyuzo", "heihachi", "daisuke"], "difficulty": "heroic"},
    {"samurai": ["kyuzo", "heihachi", "daisuke", "kikuchiyo"], "difficulty": "easy", "absent_tokens": True},
)
HIDDEN_TAPS = 0.8
"""How often the simulated table taps a card it slid face down: most of the time, so twins differ a lot."""

BENCH_TABLES: dict[str, dict[str, Any]] = {
    "4 Samurai, normal": {"samurai": ["kikuchiyo", "kyuzo", "daisuke", "katsushiro"], "difficulty": "normal"},
    "7 Samurai, normal": {"samurai": ["kikuchiyo", "kyuzo", "daisuke", "katsushiro", "gorobei", "heihachi", "kanbei"],
                          "difficulty": "normal"},
}
"""The tables bench/engine_speed.py times (target: 2,000 games/s for 4 Samurai on Normal)."""

STEP_KINDS: frozenset[str] = frozenset({"setup", "new-round", "defend", "confront", "support", "pass", "token-back",
                                        "barricade", "farmstead", "family", "wound", "intruder", "kiai-discard"})
"""Event kinds that always ask the table to move, take, turn, shuffle, deal or return something
(`Event.physical`; tests/engine/test_physical_steps.py)."""
NEWS_KINDS: frozenset[str] = frozenset({"turn", "forced", "no-flames", "round-end", "kiai", "penalty", "lost",
                                        "won"})
"""Kinds that only say what happened or why."""
SHORTEST_GAME = 50
"""Fewer inputs than a demo game of Samurai Spirit takes (53 at the fewest over seeds 100-107): the evening
trial (companion.harness.evening) spreads its power cuts over that many, so they fall inside the game."""
UNDIGESTED = "4ef203fb19d25bfaf78fda4c54563a59f737b7f90549f71cfd5dc9a29bb69d0b"
"""The component data journals without a component digest were played on, kept as
data/components-before-digests.toml since the default changed: tests/engine/test_component_defaults.py checks it
never changes (engine.core.testing.OPTIONAL_HOOKS)."""


_game = registered_game("samurai-spirit", SamuraiSpirit)
bench = bench_by(_game, simulate.simulate)
"""(games, inputs) of whole games by the plain simple policy, for the speed bench."""
gone = nothing_gone


def policy(seed: int) -> Callable[[Play], Input]:
    """The simple legal policy, exploring a little so rarer branches are reached."""
    return SimplePolicy(random.Random(seed ^ 0x5EED), 0.1).choose


def play_inputs(setup: dict[str, Any], seed: int) -> list[Input]:
    """The inputs of one whole game by a table that taps most cards it slides face down."""
    return list(simulate.play_one(_game(), setup, seed, hidden=HIDDEN_TAPS).inputs)


def hidden_twin(setup: dict[str, Any], seed: int, inputs: list[Input]) -> tuple[int, list[Input]]:
    """The same seed and public inputs, every hidden tap naming another possible card."""
    return seed, simulate.hidden_twin(_game(), setup, seed, inputs, random.Random(seed ^ 0x7717))


def secret(play: Play) -> Any:
    """The engine's private notes: which card each face-down Intruder slot was tapped as."""
    return dict(sorted(play.state.cards.notes.cards.items()))


hidden_content = hidden_along(_game, secret)
"""`secret` after the set-up and after each input."""


def shown(play: Play) -> bool:
    """Never: a card tapped face down is not revealed by the engine, not even at the end."""
    return False


def spends(prompt: Prompt, option: str) -> bool:
    """Whether choosing `option` under `prompt` spends what the table has only so much of: an absent
    Samurai's support token (once per game, two-player rules) or the Samurai's own support token (Support
    gives it away for the round). A default the companion highlights must never be one of these."""
    if prompt.kind == "absent-token":
        return option != "no"
    return prompt.kind == "action" and option == "support"

__all__ = ["BENCH_TABLES", "NEWS_KINDS", "SETUPS", "SHORTEST_GAME", "STEP_KINDS", "UNDIGESTED", "bench",
           "check_invariants", "gone", "hidden_content", "hidden_twin", "play_inputs", "policy", "secret", "shown",
           "spends"]
