"""The parts of the game contract that only playing can check: run by a test for every registered game.

The registration checks what a game's parts are (companion.games.registry);
these check what they do, where the app relies on it without a type to say so:

- the set-up: its last question is exactly `("start",)` (OK on it starts the
  game, companion.app.setup_steps) and `result()` already returns the set-up
  there, one the engine accepts; before it, `result()` is None;
- a tap prompt's options: Next and OK are refused while the game waits for a
  tap (companion.app.play_steps), so each option of a tap prompt must be one
  press of a button in `direct_buttons(prompt)`.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.base import GameUI
from companion.games.registry import GameRegistration
from engine.core.errors import RuleError
from engine.core.flow import option_of
from engine.core.match import Match
from engine.core.prompt import Prompt

SETUP_ANSWERS = 80
"""More answers than any set-up needs: a set-up that asks more never ends."""


def check_setup(ui: GameUI) -> tuple[list[str], dict[str, Any] | None]:
    """Answer every set-up question with its highlighted option; the contract's breaches, and the set-up."""
    setup = ui.new_setup()
    for _ in range(SETUP_ANSWERS):
        menu = setup.menu()
        result = setup.result()
        if menu.options == ("start",):
            if result is None:
                return [f"{ui.name}: at the ('start',) question result() is None; it must return the set-up"], None
            try:
                ui.game.parse_setup(result)
            except RuleError as exc:
                return [f"{ui.name}: the engine refuses the finished set-up {result!r}: {exc}"], None
            return [], result
        if result is not None:
            return [f"{ui.name}: result() returns a set-up at the question {menu.options!r}; the last question "
                    "must be exactly ('start',)"], None
        if not menu.options:
            return [f"{ui.name}: a set-up question with no option"], None
        setup.choose(menu.options[menu.selected % len(menu.options)])
    return [f"{ui.name}: the set-up asks more than {SETUP_ANSWERS} questions, or never reaches ('start',)"], None


def unanswerable(ui: GameUI, prompt: Prompt) -> list[str]:
    """The options of a tap prompt that no direct button answers in one press."""
    if prompt.tap is None or not prompt.options:
        return []
    answered: set[str] = set()
    for button in ui.direct_buttons(prompt):
        inputs = ui.input_for_button(prompt, button)
        if isinstance(inputs, list) and len(inputs) == 1:
            answered.add(option_of(inputs[0]))
    return [option for option in prompt.options if option not in answered]


def check_game(registration: GameRegistration, seed: int = 1, games: int = 2) -> list[str]:
    """Every breach of the played contract in `games` games by the game's own policy (none: the game keeps it)."""
    ui = registration.ui()
    problems, setup = check_setup(ui)
    if setup is None:
        return problems
    rng = random.Random(seed)
    for number in range(games):
        match = Match(ui.game, setup, seed + number)
        policy = registration.policy(rng, 0.2)
        seen: set[tuple[str, str]] = set()
        while match.play.prompt is not None:
            prompt = match.play.prompt
            missing = unanswerable(ui, prompt)
            if missing and (prompt.kind, prompt.tap or "") not in seen:
                seen.add((prompt.kind, prompt.tap or ""))
                problems.append(f"{ui.name}: under the tap prompt {prompt.kind!r} no direct button answers "
                                f"{', '.join(missing)} (GameUI.direct_buttons); Next and OK are refused there")
            match.apply(policy.choose(match.play))
    return problems
