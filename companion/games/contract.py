"""The parts of the game contract that only playing can check: run by a test for every registered game.

The registration checks what a game's parts are (companion.games.registry);
these check what they do, where the app relies on it without a type to say so:

- the set-up: its last question is exactly `("start",)` (OK on it starts the
  game, companion.app.setup_steps) and `result()` already returns the set-up
  there, one the engine accepts; before it, `result()` is None;
- a tap prompt's options: Next and OK are refused while the game waits for a
  tap (companion.app.play_steps), so each option of a tap prompt must be one
  press of a button in `direct_buttons(prompt)`;
- the direct buttons of every prompt: the screen labels each as an answer
  to the prompt, and a press of one goes straight to
  `input_for_button(prompt, name)`, whose inputs the app applies as one
  step. So each must be a button the table has (Undo is the app's), and
  its press must give a non-empty list of inputs, never the UI's own
  refusal: both methods see only the prompt, so a button the UI would
  refuse is one it should not list. The engine may still refuse those
  inputs with a RuleError (the app says its reason and the state stays as
  it was: Knizia's OK before every tile of a capture is tapped); any other
  exception would stop the app, and is a breach. Each press is tried on a
  replayed copy of the match, so the game played is untouched.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.base import GameUI
from companion.games.registry import GameRegistration
from drivers.config import BUTTON_NAMES
from engine.core.errors import RuleError
from engine.core.flow import option_of
from engine.core.inputs import Choose, Press, Tap
from engine.core.match import Match
from engine.core.messages import Message
from engine.core.prompt import Prompt

INPUTS = (Choose, Press, Tap)
"""The inputs a button's press may give (engine.core.inputs)."""

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
        try:
            inputs = ui.input_for_button(prompt, button)
        except Exception:  # a press that raises answers nothing; check_buttons says why
            continue
        if isinstance(inputs, list) and len(inputs) == 1:
            answered.add(option_of(inputs[0]))
    return [option for option in prompt.options if option not in answered]


PRESSABLE = tuple(name for name in BUTTON_NAMES if name != "undo")
"""The buttons a game may list as direct: Undo never reaches the game (the app answers it first)."""


def _press_breach(ui: GameUI, match: Match, prompt: Prompt, button: str) -> str | None:
    """What is wrong with pressing direct button `button` under the match's prompt (tried on a copy), or None."""
    if button not in PRESSABLE:
        return f"lists {button!r}, which is not a button the table can press for it ({', '.join(PRESSABLE)})"
    try:
        meant = ui.input_for_button(prompt, button)
    except Exception as exc:  # any exception here would stop the app's loop: the breach to report
        return f"input_for_button raises {type(exc).__name__}: {exc}"
    if isinstance(meant, Message):
        return f"lists it, then refuses it: {meant.text!r}"
    if not isinstance(meant, list) or not meant or not all(isinstance(value, INPUTS) for value in meant):
        return f"input_for_button gives {meant!r}, not a Message or a non-empty list of inputs"
    copy = Match.replay(match.game, match.setup.to_json(), match.seed, match.inputs)
    for value in meant:
        try:
            copy.apply(value)
        except RuleError:
            return None
        except Exception as exc:  # the engine must refuse with a RuleError, never crash
            return f"the engine raises {type(exc).__name__} on {value!r}: {exc}"
    return None


def check_buttons(ui: GameUI, match: Match) -> list[tuple[str, str]]:
    """Each direct button of the match's prompt that breaks the contract: (button, what is wrong)."""
    prompt = match.play.prompt
    if prompt is None:
        return []
    breaches = []
    for button in ui.direct_buttons(prompt):
        breach = _press_breach(ui, match, prompt, button)
        if breach is not None:
            breaches.append((button, breach))
    return breaches


def check_game(registration: GameRegistration, seed: int = 1, games: int = 2) -> list[str]:
    """Every breach of the played contract in `games` games by the game's own policy (none: the game keeps it)."""
    ui = registration.ui()
    problems, setup = check_setup(ui)
    if setup is None:
        return problems
    rng = random.Random(seed)
    said: set[tuple[str, str]] = set()
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
            for button, breach in check_buttons(ui, match):
                if (prompt.kind, button) not in said:
                    said.add((prompt.kind, button))
                    problems.append(f"{ui.name}: under the prompt {prompt.kind!r} the direct button {button!r}: "
                                    f"{breach} (GameUI.direct_buttons, input_for_button)")
            match.apply(policy.choose(match.play))
    return problems
