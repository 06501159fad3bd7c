"""A reflex OK never spends what the table has only so much of.

Every prompt the buttons walk with Next and OK opens on a highlighted
option, and a table in a hurry presses OK. Each game names, in its testing
hooks, which options spend a limited resource (`spends(prompt, option)`: a
once-per-game token, a life, a support); the app's highlighted default
(`companion.app.base.highlighted`, from the game's `GameUI.highlighted`)
must never be one of them, for every game, over many prompts of many games.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app import App
from companion.app.base import highlighted
from companion.games import game_ui, registered_games, undo_offer
from companion.runtime.storage import CURRENT
from engine import Match, Prompt
from engine.core.registry import entry, get_game
from tests.companion.table_helpers import make, press, tap

SEEDS = range(3)


def walk_prompts(game: str) -> list[Prompt]:
    """Every prompt OK answers with the highlighted option, over each sample set-up's games."""
    hooks = entry(game).hooks()
    prompts = []
    for setup in hooks.SETUPS:
        for seed in SEEDS:
            match = Match(get_game(game), setup, seed)
            for value in hooks.play_inputs(setup, seed):
                prompt = match.play.prompt
                if prompt is not None and prompt.tap is None and prompt.options and not undo_offer.offered(prompt):
                    prompts.append(prompt)
                match.apply(value)
    return prompts


@pytest.mark.parametrize("game", registered_games())
def test_every_game_names_what_its_options_spend(game: str) -> None:
    assert callable(getattr(entry(game).hooks(), "spends", None)), f"{game}: no spends(prompt, option) hook"


@pytest.mark.parametrize("game", registered_games())
def test_the_highlighted_default_never_spends_a_limited_resource(game: str) -> None:
    spends = entry(game).hooks().spends
    ui = game_ui(game)
    for prompt in walk_prompts(game):
        option = prompt.options[highlighted(ui, prompt)]
        assert not spends(prompt, option), f"{game}: OK alone takes {option!r} at {prompt.kind}: {prompt.text}"


def test_the_walk_meets_the_questions_that_could_spend() -> None:
    """Not a vacuous check: the walk reaches the prompts where the first option spends (the absent Samurai's
    token question, Support among the actions), and the default there is the one that keeps it."""
    spends = entry("samurai-spirit").hooks().spends
    ui = game_ui("samurai-spirit")
    risky = [p for p in walk_prompts("samurai-spirit") if any(spends(p, option) for option in p.options)]
    assert {p.kind for p in risky} == {"absent-token", "action"}
    assert any(spends(p, p.options[0]) for p in risky), "the first option would spend: the default must move"
    assert all(p.options[highlighted(ui, p)] == "no" for p in risky if p.kind == "absent-token")


def _absent_token_game(tmp_path: Path) -> App:
    """An App at its first question of a two-Samurai game: which absent Samurai's token to use."""
    app = make(tmp_path)
    press(app, "ok", "ok")  # English, Normal
    tap(app, "samurai:kyuzo")
    tap(app, "samurai:heihachi")
    options = app.setup.menu().options
    press(app, *(["next"] * ((options.index("done") - app.selected) % len(options))), "ok")
    options = app.setup.menu().options
    press(app, *(["next"] * ((options.index("kyuzo") - app.selected) % len(options))), "ok", "ok")
    assert app.match is not None and app.match.play.prompt is not None
    assert app.match.play.prompt.kind == "absent-token"
    return app


def _highlighted_label(app: App) -> str:
    screen = app.screen()
    return screen.options[screen.selected]


def test_ok_at_the_absent_token_question_keeps_every_token(tmp_path: Path) -> None:
    app = _absent_token_game(tmp_path)
    assert _highlighted_label(app) == "No"
    assert app.offered()[0][app.offered()[1]] == "no"
    press(app, "ok")
    assert app.match is not None and app.match.play.prompt.kind == "action"
    assert len(app.match.play.public_view()["absent_tokens"]) == 5
    assert '{"choose":"no"}' in (tmp_path / CURRENT).read_text().replace(" ", "")


def test_no_stays_highlighted_after_undo_a_closed_list_and_a_resume(tmp_path: Path) -> None:
    app = _absent_token_game(tmp_path)
    press(app, "next", "ok")  # Kikuchiyo's token, on purpose
    assert app.match is not None and "kikuchiyo" not in app.match.play.public_view()["absent_tokens"]
    assert _highlighted_label(app) == "No", "the question again, for the tokens left"
    press(app, "undo", "ok")
    assert app.match.play.prompt.kind == "absent-token" and _highlighted_label(app) == "No"
    app.open_virtual_deck()
    press(app, "undo")  # closes the list
    assert app.picker is None and _highlighted_label(app) == "No"
    again = make(tmp_path)
    press(again, "ok")  # Resume
    assert again.mode == "play" and _highlighted_label(again) == "No"
