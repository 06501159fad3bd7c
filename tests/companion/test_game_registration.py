"""One registration per game, found by name and imported only when a game is chosen."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.assembly import choose_game
from companion.cli import main
from companion.games import registered_games, registration
from companion.runtime.config import Config, ConfigError, load_config
from companion.runtime.storage import CURRENT, journal_game
from engine import Match, RuleError, get_game
from engine.core.registry import entry
from tests.companion.table_helpers import Clock, make, press

ROOT = Path(__file__).resolve().parents[2]


GAME_MODULES = ("[m for m in sys.modules if set(m.split('.')) & "
                "{g.replace('-', '_') for g in __import__('companion.games').games.registered_games()}]")
"""Python listing the game modules imported so far (the packages' own contract modules aside)."""


def _in_fresh_process(code: str) -> list[str]:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    return out.stdout.splitlines()


def test_the_registry_lists_games_without_importing_them() -> None:
    games, imported = _in_fresh_process("import sys; from companion.games import registered_games; "
                                        f"print(registered_games()); print(sorted({GAME_MODULES}))")
    listed = ast.literal_eval(games)
    assert listed[0] == "samurai-spirit" and {"samurai-spirit", "trick-raiders"} <= set(listed)
    assert imported == "[]", "listing the games imported one"


def test_the_first_menu_shows_every_title_without_loading_a_game() -> None:
    titles, imported = _in_fresh_process(
        "import sys; from companion.runtime.config import Config; from companion.app.assembly import game_menu; "
        f"print(game_menu(Config(), None)); print(sorted({GAME_MODULES}))")
    menu = ast.literal_eval(titles)
    assert menu["samurai-spirit"] == "Samurai Spirit" and menu["trick-raiders"] == "Trick Raiders"
    assert imported == "[]", "the first menu imported a game before it was chosen"
    for name, title in menu.items():
        assert registration(name).title == title, f"{name}: the menu's title and the registration's differ"


def test_a_registration_names_its_parts() -> None:
    reg = registration("samurai-spirit")
    assert reg.name == reg.engine_game == "samurai-spirit"
    assert reg.ui().name == "samurai-spirit"
    assert reg.screens_package == "games.samurai_spirit.app.screens"
    with pytest.raises(RuleError, match="unknown game 'chess'; known games: samurai-spirit"):
        registration("chess")


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
    return names


def test_no_module_outside_a_games_folder_imports_it_by_name() -> None:
    """The companion finds every game through the registry: no module of it names a game's package."""
    packages = {entry(name).package for name in registered_games()}
    offenders = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        offenders += [f"{rel}: {name}" for name in _imports(path)
                      if any(name == package or name.startswith(package + ".") for package in packages)]
    assert offenders == []


def test_config_game_is_checked_against_the_registered_games(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[app]\ngame = "samurai-spirit"\n')
    assert load_config(path).game == "samurai-spirit"
    path.write_text('[app]\ngame = "chess"\n')
    with pytest.raises(ConfigError, match="app.game"):
        load_config(path)


def _journal(state: Path, game: str) -> None:
    state.mkdir(parents=True, exist_ok=True)
    header = Match(get_game("samurai-spirit"), {"samurai": ["kyuzo", "heihachi"]}, 1).header()
    (state / CURRENT).write_text(json.dumps({"journal": "table-companion", "version": 1, **header,
                                             "game": game}) + "\n")


def test_resume_picks_the_game_of_the_journal_header(tmp_path: Path) -> None:
    _journal(tmp_path, "samurai-spirit")
    assert journal_game(tmp_path / CURRENT) == "samurai-spirit"
    assert choose_game(tmp_path, Config(), wanted="samurai-spirit") == "samurai-spirit"
    (tmp_path / CURRENT).write_text("{not json\n")
    assert journal_game(tmp_path / CURRENT) is None
    assert choose_game(tmp_path, Config()) == registered_games()[0]


def test_game_is_an_option_of_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    for job in (["run"], ["demo"], ["enroll"], ["replay", "j"], ["simulate"]):
        with pytest.raises(SystemExit):
            main([*job, "--game", "chess"])
        assert "--game" in capsys.readouterr().err
    assert main(["simulate", "--games", "3", "--game", "samurai-spirit",
                 "--setup", '{"samurai": ["kyuzo", "heihachi"], "difficulty": "easy"}']) == 0
    assert "3 games, 2 Samurai (kyuzo, heihachi), easy" in capsys.readouterr().out


def test_replay_takes_the_game_of_the_journal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _journal(tmp_path, "samurai-spirit")
    assert main(["replay", str(tmp_path / CURRENT), "--game", "samurai-spirit"]) == 0
    assert main(["replay", str(tmp_path / CURRENT)]) == 0


def test_the_app_names_no_concept_of_a_game() -> None:
    """Table events to inputs is the game's job: the app knows no board, Fight or action button."""
    for path in sorted((ROOT / "companion/app").glob("*.py")):
        text = path.read_text("utf-8").lower()
        for word in ("samurai", "fight", "confront", "defend", "support", "raider", "intruder", "trick", "tenno"):
            assert word not in text, f"{path.name}: {word}"


def test_the_game_reads_taps_and_buttons() -> None:
    from companion.games import game_ui
    from engine import Choose, Press, Tap
    from engine.core.messages import Message

    ui = game_ui("samurai-spirit")
    match = Match(get_game("samurai-spirit"), {"samurai": ["kyuzo", "heihachi", "daisuke"], "difficulty": "easy"}, 3)
    prompt = match.play.prompt
    assert prompt is not None and prompt.kind == "action" and "fight" in prompt.options
    card = next(t for t in ui.tag_targets() if t.startswith("card:")).partition(":")[2]
    assert ui.input_for_tap(match, f"card:{card}") == [Choose("fight"), Tap(card)]
    assert isinstance(ui.input_for_tap(match, "samurai:kikuchiyo"), Message)
    assert isinstance(ui.input_for_button(prompt, "defend"), Message), "Defend before the Fight's card"
    assert ui.input_for_button(prompt, "pass") == [Press("pass")]
    assert set(ui.direct_buttons(prompt)) <= {"confront", "defend", "support", "pass"}
    assert ui.virtual_targets(None, True) == [t for t in ui.tag_targets() if t.startswith("samurai:")]


def test_the_game_labels_the_physical_buttons(tmp_path: Path) -> None:
    from companion.games import game_ui

    ui = game_ui("samurai-spirit")
    assert ui.button_label("confront") is not None and ui.button_label("ok") is None
    labels = dict(make(tmp_path).screen().button_labels)
    assert labels == {"confront": "Confront", "defend": "Defend", "support": "Support", "pass": "Pass"}


def test_with_several_games_the_first_menu_chooses_one(tmp_path: Path) -> None:
    from companion.app import App
    from companion.games import game_ui
    from companion.runtime.tagmap import TagMap, virtual_tagmap

    class Renamed:
        """Samurai Spirit's UI under another name: a second registered game for the menu."""

        def __init__(self) -> None:
            self._ui = game_ui("samurai-spirit")
            self.name = "second-game"

        def __getattr__(self, attr: str) -> object:
            return getattr(self._ui, attr)

    ui = game_ui("samurai-spirit")
    switched: list[str] = []

    def switch(name: str) -> tuple[object, TagMap]:
        switched.append(name)
        other = Renamed()
        return other, virtual_tagmap(other.name, other.tag_targets())

    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), tmp_path, Clock(),
              games={"samurai-spirit": "Samurai Spirit", "second-game": "Second game"},
              switch_game=switch)  # type: ignore[arg-type]
    app.start()
    screen = app.screen()
    assert app.mode == "game" and screen.title == "New game"
    assert screen.options == ("Samurai Spirit", "Second game", "New web page PIN", "Teach it your box",
                              "Check the hardware") \
        and screen.selected == 0, \
        "the last game first"
    press(app, "next", "ok")
    assert switched == ["second-game"] and app.ui.name == "second-game"
    assert app.mode == "setup" and app.screen().title == "New game: language"
    press(app, "undo")
    assert app.mode == "game" and app.screen().options[app.selected] == "Second game"


def test_with_one_game_the_menu_is_skipped(tmp_path: Path) -> None:
    assert make(tmp_path).mode == "setup"


@pytest.mark.parametrize("game", registered_games())
def test_replay_of_any_finished_game_says_its_outcome(game: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """The replay's header and last line come from the game's summary and its Outcome, not one game's words."""
    from engine.core.journal import header_line, record_line

    hooks = entry(game).hooks()
    setup = hooks.SETUPS[0]
    inputs = hooks.play_inputs(setup, 3)
    match = Match.replay(get_game(game), setup, 3, inputs)
    outcome = match.play.outcome
    assert outcome is not None
    lines = [header_line(match.header())] + [record_line(n, v) for n, v in enumerate(inputs, start=1)]
    (tmp_path / CURRENT).write_text("".join(lines), encoding="utf-8")
    assert main(["replay", str(tmp_path / CURRENT)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].lower() == f"result: {outcome.summary.text}".lower()
    assert "None" not in out[0] and "None" not in out[1]
