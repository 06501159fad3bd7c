"""Answers a driver can read: `companion run --mock --script` says which taps and buttons are valid now, what a
refusal was, and what is wrong with a damaged saved game (companion.harness.answers)."""

from __future__ import annotations

import ast
import io
import os
import random
import resource
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion.app import App
from companion.games import game_ui, registered_games
from companion.harness.answers import Aside, play_buttons, play_taps
from companion.harness.table_script import Command, ReaderWatch, ScriptPlayer
from companion.runtime.config import installed_config
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import virtual_tagmap, virtual_uid
from companion.runtime.web_pin import PIN_FILE
from companion.screens import render
from drivers.events import ButtonPressed, CardPlaced
from engine import Input, Match, Prompt, RuleError
from engine.core.messages import Message
from engine.core.registry import entry, get_game
from tests.companion import script_driver
from tests.companion.script_driver import Driver
from tests.sizes import sized

COMPANION = str(Path(sys.executable).with_name("companion"))
BUTTONS = ("confront", "defend", "support", "pass", "next", "ok", "undo")


def _env() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("COMPANION_CONFIG", None)
    env.pop("NOTIFY_SOCKET", None)
    return env


def test_the_driver_reads_nothing_but_the_answers() -> None:
    """No rules engine, app or journal behind the driver's back: only the standard library."""
    tree = ast.parse(Path(script_driver.__file__).read_text("utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "json", "random", "subprocess", "collections", "typing"}, imported


@pytest.mark.parametrize("game", registered_games())
def test_a_driver_plays_every_game_to_its_end_from_the_answers_alone(tmp_path: Path, game: str) -> None:
    """On the configuration install.sh writes: the game menu, the set-up, every move and its end, each picked from
    the last answer and held to what it promised; then OK starts the next game at the menu."""
    config = tmp_path / "companion.toml"
    config.write_text(installed_config(str(tmp_path / "state")), "utf-8")
    seed = registered_games().index(game) + 5
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with (tmp_path / "companion.log").open("w") as log:
        driver = Driver([COMPANION, "run", "--mock", "--config", str(config), "--script", "-", "--seed", str(seed),
                         "--exit-after", "600"], _env(), seed, log)
        try:
            start = driver.last
            assert start["mode"] == "game"
            assert set(registered_games()) <= set(start["options"]), "the game menu lists every registered game"
            over = driver.play(game)
            assert over["over"] and over["game"] == game
            assert over["buttons"]["ok"] == {"does": "new-game"}
            menu = driver.press("ok")
            assert menu["mode"] == "game" and not menu["inputs"]
            assert driver.quit() == 0
        finally:
            if driver.proc.poll() is None:
                driver.proc.kill()
                driver.proc.wait()
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = used.ru_utime + used.ru_stime - before.ru_utime - before.ru_stime
    print(f"{game}: {dict(driver.count)}, {cpu:.1f} s of CPU", file=sys.stderr)
    count = driver.count
    assert count["tap"] and count["press choose"], count
    assert count["unlisted press refused"] + count["unlisted tap refused"], count


# --- the answers at the moments the issue names, on an app resumed at them ---------------------------------


def _ui(name: str) -> Any:
    return game_ui(name)


def _app(state: Path, name: str, setup: dict[str, Any], seed: int, inputs: list[Input], lang: str = "en",
         resume: bool = True) -> tuple[App, ScriptPlayer]:
    """An app started on a journal of `inputs` (as after a restart), resumed unless `resume` is False, and the
    script player that answers for it."""
    ui = _ui(name)
    match = Match.replay(ui.game, setup, seed, inputs)
    state.mkdir(parents=True)
    JournalFile(state / CURRENT).start(match)
    (state / PIN_FILE).write_text("123456\n", "ascii")
    app = App(ui, virtual_tagmap(name, ui.tag_targets()), state, lambda: 50.0, resume_timeout_s=0,
              new_seed=lambda: seed, save_tags=False, lang=lang)
    app.start()
    player = ScriptPlayer(app, None, None, [], ReaderWatch([]), lambda: 50.0, lambda: None, out=io.StringIO())
    if resume:
        send(app, player, "press", "ok")
        assert app.mode == "play"
    return app, player


def send(app: App, player: ScriptPlayer, verb: str, what: str) -> dict[str, Any]:
    """One script line's event straight into the app, and the line's answer."""
    player.notice_before = app.notice
    if verb == "press":
        app.handle(ButtonPressed(what, 50.0))
    else:
        app.handle(CardPlaced(virtual_uid(what), "mock", 50.0))
    return player.answer(Command(1, verb, what))


def _moment(name: str, wanted: Callable[[Prompt], bool]) -> tuple[dict[str, Any], int, list[Input]]:
    """The first moment of the game's own policy games whose prompt is `wanted`: set-up, seed, inputs so far."""
    game, hooks = get_game(name), entry(name).hooks()
    for setup in hooks.SETUPS:
        for seed in range(20):
            inputs = hooks.play_inputs(setup, seed)
            match = Match(game, setup, seed)
            for number, value in enumerate(inputs):
                if match.play.prompt is not None and wanted(match.play.prompt):
                    return setup, seed, inputs[:number]
                match.apply(value)
    raise AssertionError(f"{name}: no such moment in its policy's games")


TAP_PROMPTS_WITH_BUTTONS = [
    ("samurai-knizia", lambda p: p.tap is not None and "pass" in p.options and "castle" in p.options,
     {"confront": {"does": "choose", "option": "castle"}, "pass": {"does": "choose", "option": "pass"}}),
    ("trick-raiders", lambda p: p.kind == "declare" and "ok" in p.options,
     {"ok": {"does": "choose", "option": "ok"}}),
    ("tenno", lambda p: p.kind == "monk", {"pass": {"does": "choose", "option": "pass"}}),
]


@pytest.mark.parametrize(("name", "wanted", "buttons"), TAP_PROMPTS_WITH_BUTTONS,
                         ids=["knizia-castes-and-pass", "trick-raiders-declaration", "tenno-monk"])
def test_a_tap_prompt_answers_its_taps_and_the_buttons_valid_beside_them(tmp_path: Path, name: str,
                                                                        wanted: Callable[[Prompt], bool],
                                                                        buttons: dict[str, Any]) -> None:
    """Knizia's castes and Pass, OK in the Trick Raiders declaration, Pass at Tenno's Monk: the prompt waits for a
    tap (no option to walk), and the answer names the components that fit and the buttons that answer too."""
    setup, seed, inputs = _moment(name, wanted)
    app, player = _app(tmp_path / "state", name, setup, seed, inputs)
    answer = player.answer(Command(1, "press", "ok"))
    assert answer["options"] == [], "Next and OK walk no list at a tap prompt"
    assert answer["taps"], "the components the prompt takes"
    assert all(target.startswith("card:") for target in answer["taps"])
    assert {k: answer["buttons"][k] for k in buttons} == buttons
    assert "next" not in answer["buttons"], "Next is refused while the game waits for a tap"
    assert answer["buttons"]["undo"] == {"does": "undo", "inputs": 1}
    button, does = next(iter(buttons.items()))
    after = send(app, player, "press", button)
    assert "refused" not in after and after["inputs"] == len(inputs) + 1, after
    tapped = send(*_app(tmp_path / "again", name, setup, seed, inputs), "tap", answer["taps"][0])
    assert "refused" not in tapped and tapped["inputs"] == len(inputs) + 1, tapped


def test_the_revoke_offer_answers_ok_as_the_undo_it_asks(tmp_path: Path) -> None:
    """Trick Raiders' revoke: OK undoes back to the trick (after a confirmation), Next and Pass play on."""
    setup, seed, inputs = _moment("trick-raiders", lambda p: p.undo_to is not None)
    app, player = _app(tmp_path / "state", "trick-raiders", setup, seed, inputs)
    answer = player.answer(Command(1, "press", "ok"))
    match = app.match
    assert match is not None and match.play.prompt is not None and match.play.prompt.undo_to is not None
    steps = len(inputs) - match.play.prompt.undo_to + 1
    assert answer["buttons"]["ok"] == {"does": "undo", "inputs": steps, "option": "undo-to"}
    assert answer["buttons"]["next"] == answer["buttons"]["pass"] == {"does": "choose", "option": "play-on"}
    asked = send(app, player, "press", "ok")
    assert asked["confirm"] and asked["inputs"] == len(inputs)
    assert asked["buttons"]["ok"] == {"does": "confirm"} and asked["buttons"]["next"] == {"does": "cancel"}
    done = send(app, player, "press", "ok")
    assert done["inputs"] == len(inputs) - steps and not done["confirm"] and "refused" not in done


def test_a_refusal_answers_its_key_and_the_words_on_the_screen(tmp_path: Path) -> None:
    """A refused press or tap says why, as a message key and in the table's language; a line that is not refused
    says nothing of the refusal still on the screen."""
    setup, seed, inputs = _moment("samurai-spirit", lambda p: p.tap is not None)
    app, player = _app(tmp_path / "state", "samurai-spirit", setup, seed, inputs, lang="de")
    answer = player.answer(Command(1, "press", "ok"))
    assert "next" not in answer["buttons"]
    refused = send(app, player, "press", "next")
    assert refused["inputs"] == len(inputs)
    assert refused["refused"]["key"] == "Tap the card on the reader. {prompt}"
    text = refused["refused"]["text"]
    assert text == refused["notice"] and not text.startswith("Tap the card"), "the words are the table's German"
    board = send(app, player, "tap", "samurai:kyuzo")
    assert board["refused"]["key"].startswith("The {samurai} board is not a choice now.")
    assert board["refused"]["params"]["samurai"] == "kyuzo"
    unlisted = sorted(set(app.ui.tag_targets()) - set(answer["taps"]) - {t for t in app.ui.tag_targets()
                                                                          if t.startswith("samurai:")})
    if unlisted:
        card = send(app, player, "tap", unlisted[0])
        assert card["refused"]["key"] and card["inputs"] == len(inputs), card
    unknown = send(app, player, "tap", "card:no-such-card")
    assert unknown["refused"]["key"] == "Unknown tag {uid}. Press OK to enroll it now."
    assert unknown["buttons"]["ok"] == {"does": "enroll"}
    taken = send(app, player, "tap", answer["taps"][0])
    assert "refused" not in taken and taken["inputs"] == len(inputs) + 1


PAGED_STEPS = ("Remove one Barricade from the village and put it back in the box (4 left).",
               "Slide the top Raider card unseen face down onto the Intruder stack.",
               "Set Kyuzo's meeple back to 0 and turn his board to the animal side.")


def _drawn(app: App, size: tuple[int, int]) -> None:
    """The app's frame drawn at `size`, as the display does (which tells the app what it showed in pages)."""
    pygame.font.init()
    render(app.screen(), pygame.Surface(size))


def test_the_page_button_is_answered_as_turning_the_page_where_the_steps_are_paged(tmp_path: Path) -> None:
    """A choice Next walks, Confront dark: where the display pages the steps Confront turns the page, so the
    answer lists it as doing so ("page", with the pages drawn) and its press plays nothing and is not refused;
    where the steps fit one page it is not listed, and its press is refused as before."""
    ui = _ui("samurai-spirit")
    setup, seed, inputs = _moment("samurai-spirit", lambda p: p.tap is None and len(p.options) > 1
                                  and "confront" not in ui.direct_buttons(p))
    app, player = _app(tmp_path / "state", "samurai-spirit", setup, seed, inputs)
    app.todo, app.todo_news = list(PAGED_STEPS), 0
    _drawn(app, (480, 320))
    answer = player.answer(Command(1, "press", "ok"))
    assert app.screen().page_button == "confront" and app.screen().page == 0
    pages = answer["buttons"]["confront"]["pages"]
    assert answer["buttons"]["confront"] == {"does": "page", "pages": pages} and pages > 1, answer["buttons"]
    assert answer["buttons"]["next"]["does"] == "highlight", "Next still walks the choice"
    turned = send(app, player, "press", "confront")
    assert "refused" not in turned and turned["inputs"] == len(inputs) and turned["view"] == answer["view"]
    assert app.screen().page == 1, "the press turned the page"
    app.todo = list(PAGED_STEPS[:1])
    _drawn(app, (800, 480))
    fits = player.answer(Command(1, "press", "ok"))
    assert "confront" not in fits["buttons"], "one page: Confront means what it always means"
    refused = send(app, player, "press", "confront")
    assert refused["refused"]["key"] and refused["inputs"] == len(inputs)


def _saved_tenno(tmp_path: Path) -> tuple[Path, Path, list[Any]]:
    """A Tenno game of 12 inputs saved in a state folder, as a power cut leaves it: the folder, its journal, the inputs."""
    hooks = entry("tenno").hooks()
    setup = hooks.SETUPS[0]
    inputs = hooks.play_inputs(setup, 1)[:12]
    state = tmp_path / "state"
    _app(state, "tenno", setup, 1, inputs, resume=False)
    return state, state / CURRENT, inputs


def test_the_resume_answer_says_what_is_damaged_and_the_copy_kept(tmp_path: Path) -> None:
    """A record in the middle of the saved game damaged: its line, the intact records after it that cannot be used,
    the copy of the original kept beside it and the input the game resumes at."""
    state, path, inputs = _saved_tenno(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    damaged = 6  # the header is line 1: the record of input 5
    lines[damaged - 1] = lines[damaged - 1].replace(b'"crc":"', b'"crc":"0', 1)
    path.write_bytes(b"".join(lines))
    app, player = _app_on(state, "tenno")
    answer = player.answer(Command(0, "start"))
    assert answer["mode"] == "resume"
    damage = answer["damage"]
    assert damage["line"] == damaged and damage["intact_after"] == len(inputs) - (damaged - 1)
    assert not damage["torn"] and damage["resume_at"] == damaged - 2
    assert damage["reason"]["key"] and damage["reason"]["text"]
    assert damage["copy"] and (state / damage["copy"]).read_bytes() == path.read_bytes()
    assert answer["taps"] == [], "a damaged game is resumed or put aside with the buttons first"
    assert answer["buttons"]["ok"] == {"does": "choose", "option": "resume"}
    resumed = send(app, player, "press", "ok")
    assert resumed["mode"] == "play" and resumed["inputs"] == damaged - 2 and "damage" not in resumed


def test_the_resume_answer_says_a_torn_last_record(tmp_path: Path) -> None:
    """A power cut in mid-write: only the last record is cut short; the game resumes before it, by OK or by a tap."""
    state, path, inputs = _saved_tenno(tmp_path)
    path.write_bytes(path.read_bytes()[:-15])
    _, player = _app_on(state, "tenno")
    answer = player.answer(Command(0, "start"))
    damage = answer["damage"]
    assert damage["torn"] and damage["line"] == len(inputs) + 1 and damage["resume_at"] == len(inputs) - 1
    assert damage["copy"] is None or (state / damage["copy"]).exists()
    assert answer["taps"], "a torn save resumes by a tap as well as by OK"


def _app_on(state: Path, name: str) -> tuple[App, ScriptPlayer]:
    """An app started on the state folder as it is."""
    ui = _ui(name)
    app = App(ui, virtual_tagmap(name, ui.tag_targets()), state, lambda: 50.0, resume_timeout_s=0,
              new_seed=lambda: 1, save_tags=False)
    app.start()
    return app, ScriptPlayer(app, None, None, [], ReaderWatch([]), lambda: 50.0, lambda: None, out=io.StringIO())


def test_an_undamaged_resume_answers_no_damage(tmp_path: Path) -> None:
    hooks = entry("trick-raiders").hooks()
    setup = hooks.SETUPS[0]
    app, player = _app(tmp_path / "state", "trick-raiders", setup, 2, hooks.play_inputs(setup, 2)[:9], resume=False)
    answer = player.answer(Command(0, "start"))
    assert answer["mode"] == "resume" and "damage" not in answer
    assert answer["taps"], "a tap at the resume question resumes the game and is played"


# --- secrecy: twins that differ only in what is hidden get the same answers --------------------------------

TWIN_SEEDS = range(sized(ci=3, long=12))


def _twin_moments(name: str) -> Iterator[tuple[Match, Match, bool, str]]:
    """Both plays after each input where nothing hidden is on show, whether the twins differ behind the screen
    there, and where it is."""
    game, hooks = get_game(name), entry(name).hooks()
    for setup in hooks.SETUPS:
        for seed in TWIN_SEEDS:
            inputs = hooks.play_inputs(setup, seed)
            twin_seed, twin_inputs = hooks.hidden_twin(setup, seed, inputs)
            hidden = hooks.hidden_content(setup, seed, inputs), hooks.hidden_content(setup, twin_seed, twin_inputs)
            a, b = Match(game, setup, seed), Match(game, setup, twin_seed)
            for number, (one, two) in enumerate(zip(inputs, twin_inputs, strict=True)):
                a.apply(one)
                b.apply(two)
                if hooks.shown(a.play) or hooks.shown(b.play) or a.play.prompt is None:
                    continue
                yield a, b, hidden[0][number + 1] != hidden[1][number + 1], f"{name} {setup} seed {seed} input {number}"


@pytest.mark.parametrize("name", registered_games())
def test_twins_differing_only_in_hidden_identities_get_the_same_taps_and_buttons(name: str) -> None:
    """After every input of the games' own policy games (and their hidden twins) where nothing hidden is on show:
    the same taps, and the same buttons whichever option is highlighted."""
    ui = _ui(name)
    targets = ui.tag_targets()
    compared = differed = 0
    for a, b, hidden, where in _twin_moments(name):
        assert play_taps(ui, a, targets) == play_taps(ui, b, targets), f"{where}: the taps tell the twins apart"
        prompt = a.play.prompt
        assert prompt is not None
        for selected in range(max(1, len(prompt.options))):
            assert play_buttons(ui, a, selected) == play_buttons(ui, b, selected), f"{where}: the buttons differ"
        compared += 1
        differed += hidden
    assert compared and differed * 4 > compared, f"{name}: the twins differed behind the screen at {differed} " \
                                                 f"of {compared} moments"


def test_taps_judged_by_asking_the_engine_about_each_card_would_tell_the_twins_apart(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Why a tap is listed by the legality view and not by the engine's check of that card: in Tenno the engine
    refuses a card that left the game, which only its owner knows. Listing by the check is caught here."""

    def by_check(self: Aside, inputs: list[Input] | Message) -> bool:
        if isinstance(inputs, Message) or not inputs:
            return False
        for number, value in enumerate(inputs):
            play = self.play(tuple(inputs[:number]))
            if play is None or play.prompt is None:
                return False
            try:
                play.check(value)
            except RuleError:
                return False
        return True

    ui = _ui("tenno")
    targets = ui.tag_targets()
    monkeypatch.setattr(Aside, "takes", by_check)
    told = [where for a, b, _, where in _twin_moments("tenno") if play_taps(ui, a, targets) != play_taps(ui, b, targets)]
    assert told, "a taps list made by asking the engine about each card passed the twin test"


@pytest.mark.parametrize("name", registered_games())
def test_twin_apps_answer_alike_line_by_line(tmp_path: Path, name: str) -> None:
    """Whole answers of two apps resumed on twin journals: the same after the resume, after a tap of each of a few
    components (refused or taken), after a press of each button, until a line puts the difference on show."""
    game, hooks = get_game(name), entry(name).hooks()
    rng = random.Random(name)
    setup, seed = hooks.SETUPS[0], 0
    inputs = hooks.play_inputs(setup, seed)
    twin_seed, twin_inputs = hooks.hidden_twin(setup, seed, inputs)
    hidden = hooks.hidden_content(setup, seed, inputs), hooks.hidden_content(setup, twin_seed, twin_inputs)
    a, b = Match(game, setup, seed), Match(game, setup, twin_seed)
    cuts = []
    for number, (one, two) in enumerate(zip(inputs, twin_inputs, strict=True), start=1):
        a.apply(one)
        b.apply(two)
        if (a.play.prompt is not None and not hooks.shown(a.play) and not hooks.shown(b.play)
                and hidden[0][number] != hidden[1][number]):
            cuts.append(number)
    assert cuts, f"{name}: the twins never differed behind the screen"
    ui = _ui(name)
    compared = refused = 0
    for cut in sorted(rng.sample(cuts, min(3, len(cuts)))):
        apps = [_app(tmp_path / f"{side}-{cut}", name, setup, s, moves[:cut])
                for side, s, moves in (("a", seed, inputs), ("b", twin_seed, twin_inputs))]
        answers = [player.answer(Command(0, "start")) for _, player in apps]
        assert answers[0] == answers[1], f"{name} after input {cut}: the answers differ"
        gone = frozenset().union(*(hooks.gone(app.match.play) for app, _ in apps if app.match is not None))
        unlisted = [t for t in ui.tag_targets() if t.partition(":")[2] not in gone and t not in answers[0]["taps"]]
        # First what is refused (both must say so alike), then what is taken, until the difference is on show.
        lines = [("tap", t) for t in rng.sample(unlisted, min(6, len(unlisted)))]
        lines += [("press", b) for b in BUTTONS if b not in answers[0]["buttons"]]
        lines += [("tap", t) for t in answers[0]["taps"][:1]] + [("press", b) for b in answers[0]["buttons"]]
        for verb, what in lines:
            answers = [send(app, player, verb, what) for app, player in apps]
            if any(app.match is not None and hooks.shown(app.match.play) for app, _ in apps):
                break  # a line took an input that puts the twins' difference on show (a duel, a capture)
            assert answers[0] == answers[1], f"{name} after input {cut}, {verb} {what}: the answers differ"
            compared += 1
            refused += "refused" in answers[0]
    assert refused >= 3 and compared > refused, (compared, refused)
