"""Every text a player sees comes from the catalogue: a pseudo-language finds the rest.

A fake catalogue for German translates every template of the code into itself
between markers ("⟦" + template + "⟧", fields kept). A whole demo game, the
problem screens, the Cannot save and damaged-resume screens, the enrolment
walk and the doctor are then run in it, and every text drawn (the display
list) and every text of a Screen must be made of marked pieces only. What is
left outside the markers may only be a proper noun (a Samurai's or a
language's name), a number, a file path, a tag UID, a system error string or
punctuation: any other word is plain English that no translator can reach,
and the test names it.
"""

from __future__ import annotations

import errno
import re
import string
from collections.abc import Iterator, Mapping
from dataclasses import fields as dataclass_fields
from pathlib import Path
from typing import Any

import pygame
import pytest

from companion import i18n
from companion.harness.demo import DemoTable
from companion.i18n import LANGUAGE_NAMES, LANGUAGES
from companion.i18n_extract import extract
from companion.runtime.config import KNOWN
from companion.runtime.storage import CURRENT, FaultyFileSystem
from companion.screen_model import Screen
from companion.screens import render
from games.samurai_spirit.app.demo import DEMO_SAMURAI
from games.samurai_spirit.catalogue import SAMURAI
from tests.companion.table_helpers import UI, Clock, make, move, press, tap

LANG = "de"
OPEN, CLOSE = "⟦", "⟧"
SIZES = ((800, 480), (480, 320))
PROPER = ({name.capitalize() for name in SAMURAI} | {name[:2].capitalize() for name in SAMURAI}
          | set(LANGUAGE_NAMES.values()) | {key for keys in KNOWN.values() for key in keys} | set(LANGUAGES))
"""Words that stay as they are in every language: the Samurai's names (and their two-letter marks on
support tokens), the languages' own names."""
ALLOWED = re.compile(r"(sudo systemctl \w+ table-\S*|`[^`]*`|companion (run|enroll)|'[^']*'|\b\w+[._]\w+[\w.]*"
                     r"|/[^\s,;()]*|\b[0-9A-F]{8,20}\b|\b0x[0-9a-f]+\b|\S*\.(journal|json|toml|po|py)\S*)")
"""Paths, tag UIDs, byte values and file names: left as they are."""
SYSTEM = re.compile(r"(No space left on device|Permission denied|Read-only file system|Input/output error"
                    r"|File exists|demo: the reader's cable was pulled|Expected .*? \(at line \d+, column \d+\)"
                    r"|Expecting [^⟦]*|cannot use .*?(?: for frame snapshots|\.\.\.(?=\s|$))"
                    r"|ModuleNotFoundError: No module named)")
"""Reasons the system, a parser or a device driver gives in its own words (the drivers know no catalogue);
on a small screen a long path can push the end of one under the "..." of a cut line."""


def pseudo(template: str) -> str:
    """The template with each literal stretch marked and its fields left outside the markers.

    A field's value is then marked only if it is itself a message: a raw English reason put into
    "{reason}" shows up as plain words, where wrapping the whole template would hide it.
    """
    out: list[str] = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        if literal:
            out.append(OPEN + literal.replace("{", "{{").replace("}", "}}") + CLOSE)
        if field is not None:
            out.append("{" + field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out) or OPEN + CLOSE


def pseudo_catalogue() -> Mapping[str, str]:
    """Every key marked; a plural key (singular NUL plural) gets each of its forms marked on its own."""
    return {key: i18n.PLURAL_SEP.join(pseudo(form) for form in key.split(i18n.PLURAL_SEP)) for key in extract()}


def use_pseudo_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """German becomes the pseudo-language in every catalogue, the shared one and each game's."""
    fake = pseudo_catalogue()
    real, real_game = i18n.catalogue, i18n.game_catalogue

    def catalogue(lang: str) -> Mapping[str, str]:
        return fake if lang == LANG else real(lang)

    def game_catalogue(lang: str, game: str) -> Mapping[str, str]:
        return {} if lang == LANG else real_game(lang, game)

    monkeypatch.setattr(i18n, "catalogue", catalogue)
    monkeypatch.setattr(i18n, "game_catalogue", game_catalogue)


@pytest.fixture(autouse=True)
def pseudo_language(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """German is the pseudo-language while a test runs; English stays the templates."""
    use_pseudo_language(monkeypatch)
    pygame.font.init()
    yield


def outside(text: str) -> str:
    """The characters of `text` outside every marked piece (markers nest: a message inside a message)."""
    depth = 0
    out: list[str] = []
    for char in text:
        if char == OPEN:
            depth += 1
        elif char == CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(char)
            continue
        else:
            continue
        out.append(" ")
    return "".join(out)


def plain_words(text: str) -> list[str]:
    """The words outside the markers that are neither proper nouns, paths, UIDs nor system errors."""
    rest = outside(text)
    rest = ALLOWED.sub(" ", SYSTEM.sub(" ", rest))
    return [word for word in re.findall(r"[^\W\d_]+", rest) if not _proper(word)]


def _proper(word: str) -> bool:
    """A name, a name cut short with "..." on a small screen, a Samurai's two-letter mark on a token or talent
    ("Ks" for Katsushiro), or a token's letter (Family A, penalty C)."""
    marks = any(len(word) == 2 and word[0] == name[0].upper() and word[1] in name for name in SAMURAI)
    return (word in PROPER or (len(word) == 1 and word.isupper()) or marks
            or (len(word) >= 3 and any(name.capitalize().startswith(word) for name in SAMURAI)))


def screen_offences(screen: Screen, where: str) -> list[str]:
    """Plain words in a Screen's texts and in what it draws at both sizes."""
    found: list[str] = []
    for field in dataclass_fields(Screen):
        value = getattr(screen, field.name)
        if field.name in ("kind", "game", "lang", "view", "buttons", "page_button"):
            # ids: the screens name the buttons themselves, and that is drawn text checked below
            continue
        texts = value if isinstance(value, tuple) else (value,)
        for text in texts:
            if isinstance(text, str) and plain_words(text):
                found.append(f"{where}: Screen.{field.name} {text!r}")
    if screen.view and isinstance(screen.view.get("pending"), dict):
        text = str(screen.view["pending"].get("text", ""))
        if plain_words(text):
            found.append(f"{where}: pending {text!r}")
    for size in SIZES:
        items = render(screen, pygame.Surface(size))
        found += drawn_offences(items, f"{where} {size[0]}x{size[1]}")
    return found


def drawn_offences(items: Any, where: str) -> list[str]:
    """Plain words in the drawn texts; the lines of one wrapped paragraph (consecutive items of one role)
    are read together, since a marked sentence or a system's reason may break across them."""
    found: list[str] = []
    groups: list[tuple[str, list[str]]] = []
    for item in items.find_all(kind="text"):
        if groups and groups[-1][0] == item.role:
            groups[-1][1].append(item.text or "")
        else:
            groups.append((item.role, [item.text or ""]))
    for role, lines in groups:
        spaced = plain_words(" ".join(_uncut(line) for line in lines))
        # A long word (a path) wrapped at a character is whole again without the space.
        joined = set(plain_words("".join(_uncut(line) for line in lines)))
        spaced = [word for word in spaced if word in joined]
        if spaced:
            found.append(f"{where}: {role} {' / '.join(lines)!r} ({' '.join(spaced)})")
    return found


def _uncut(line: str) -> str:
    """A line shortened with "..." loses its closing markers: close them again."""
    if line.endswith("...") or line.endswith("…"):
        return line + CLOSE * max(0, line.count(OPEN) - line.count(CLOSE))
    return line


def assert_translated(screens: list[tuple[str, Screen]]) -> None:
    found: list[str] = []
    for where, screen in screens:
        assert screen.lang == LANG, where
        found += screen_offences(screen, where)
    first: dict[str, str] = {}
    for offence in found:
        where, _, what = offence.partition(": ")
        first.setdefault(what, where)
    assert not first, f"{len(first)} texts not from the catalogue:\n" + "\n".join(
        f"{what}   [{where}]" for what, where in list(first.items())[:120])


# --- the checker itself -----------------------------------------------------------------------


def test_the_checker_tells_marked_from_plain_words() -> None:
    assert plain_words("⟦Round {round}⟧") == []
    assert plain_words("⟦⟦Step 4: x⟧: remove one Barricade⟧ Kyuzo 3/4") == []
    assert pseudo("Line {line} is damaged ({reason}).") == "⟦Line ⟧{line}⟦ is damaged (⟧{reason}⟦).⟧"
    assert plain_words(pseudo("Line {line} is damaged ({reason}).").format(line=3, reason="checksum")) == [
        "checksum"]
    assert plain_words("/var/lib/x.journal: 04A1B2C3D4 No space left on device") == []
    assert plain_words("⟦Cannot save⟧: the disk is full") == ["the", "disk", "is", "full"]


# --- the whole demo game ------------------------------------------------------------------------


def test_a_whole_demo_game_speaks_only_catalogue_words(tmp_path: Path) -> None:
    seen: dict[str, Screen] = {}
    table = DemoTable(tmp_path, 3, "easy", DEMO_SAMURAI, state=tmp_path / "state", snapshots=False, lang=LANG)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment]
    table.set_up()
    table.play()
    assert len(seen) > 20
    assert_translated([(f"demo frame {n} ({s.kind})", s) for n, s in enumerate(seen.values())])


# --- problems, faults and the damaged saved game ----------------------------------------------------


def _answer(app: Any, *answers: str) -> None:
    for answer in answers:
        options = app.setup.menu().options
        if answer in options:
            press(app, *(["next"] * ((options.index(answer) - app.selected) % len(options))), "ok")


def _set_up(app: Any) -> None:
    _answer(app, LANG, "normal")
    for name in ("kyuzo", "heihachi", "daisuke"):
        tap(app, f"samurai:{name}")
    for answer in ("done", "no", "kyuzo"):
        options = app.setup.menu().options
        if answer in options:
            press(app, *(["next"] * ((options.index(answer) - app.selected) % len(options))), "ok")
    press(app, "ok")


def _german(state: Path, **kw: Any) -> Any:
    return make(state, lang=LANG, resume_timeout_s=0, **kw)


def test_cannot_save_and_the_damaged_saved_game_speak_only_catalogue_words(tmp_path: Path) -> None:
    import random

    from games.samurai_spirit.policy import SimplePolicy

    fs = FaultyFileSystem()
    clock = Clock()
    app = _german(tmp_path, clock=clock, fs=fs)
    _set_up(app)
    policy = SimplePolicy(random.Random(3))
    for _ in range(12):
        move(app, policy)
    screens = [("playing", app.screen())]
    fs.error = errno.ENOSPC
    move(app, policy)
    screens.append(("cannot save", app.screen()))
    press(app, "next", "ok")
    screens.append(("not saved", app.screen()))
    fs.error = None
    clock.now += 60
    app.tick()
    path = tmp_path / CURRENT
    data = bytearray(path.read_bytes())
    data[data.index(b'"crc":"', len(data) // 2) + 8] ^= 0x01
    path.write_bytes(bytes(data))
    again = _german(tmp_path)
    screens.append(("damaged resume", again.screen()))
    path.write_bytes(bytes(data[: len(data) - 20]))
    screens.append(("torn resume", _german(tmp_path).screen()))
    path.write_bytes(b'{"not": "a journal"}\n')
    unreadable = _german(tmp_path)
    screens.append(("unreadable", unreadable.screen()))
    assert_translated(screens)


def test_refusals_and_notes_of_the_app_speak_only_catalogue_words(tmp_path: Path) -> None:
    app = _german(tmp_path / "state")
    screens = [("set-up", app.screen())]
    tap(app, "card:1-hat-wound")
    screens.append(("card at set-up", app.screen()))
    press(app, "confront")
    screens.append(("button at set-up", app.screen()))
    app.handle(__import__("drivers.events", fromlist=["CardPlaced"]).CardPlaced("04DE40DE40DE40", "mock", 1.0))
    screens.append(("unknown tag", app.screen()))
    press(app, "ok")
    screens.append(("enrol picker", app.screen()))
    assert_translated(screens)


# --- the problem screens of `companion run` -----------------------------------------------------------


def _problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, config: str | None, state: Path) -> Screen:
    """The problem screen `companion run --lang de` shows for this configuration and state folder."""
    import argparse

    from companion.commands import run as run_cmd
    from companion.runtime.problem_screen import ProblemScreen

    shown: list[Screen] = []

    def show(args: Any, cfg: Any, notifier: Any, title: Any, lines: Any, code: int, retry: Any = None) -> int:
        shown.append(ProblemScreen(title, lines, Clock(), retry=retry, lang=run_cmd._lang(args, cfg)).screen())
        return code

    monkeypatch.setattr(run_cmd, "show_problem", show)
    path = None
    if config is not None:
        path = tmp_path / "companion.toml"
        path.write_text(config)
    args = argparse.Namespace(config=str(path) if path else None, state_dir=str(state), lang=LANG, mock=True,
                              command="run", exit_after=None, screenshot=None)
    run_cmd.run(args)
    assert shown, "a problem screen"
    return shown[0]


def test_the_problem_screens_speak_only_catalogue_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.runtime.state_lock import acquire

    (tmp_path / "a-file").write_text("")
    (tmp_path / "snap").write_text("")
    screens = [
        ("bad config", _problem(tmp_path, monkeypatch, "[display]\nwidth = 12\n", tmp_path / "s1")),
        ("unknown key", _problem(tmp_path, monkeypatch, "[app]\nsay = 1\n", tmp_path / "s1")),
        ("not TOML", _problem(tmp_path, monkeypatch, "[app\n", tmp_path / "s1")),
        ("snapshots", _problem(tmp_path, monkeypatch, f"[display]\nsnapshots = {str(tmp_path / 'snap')!r}\n",
                               tmp_path / "s1")),
        ("state folder is a file", _problem(tmp_path, monkeypatch, None, tmp_path / "a-file")),
    ]
    with acquire(tmp_path / "s2", "companion run"):
        screens.append(("locked", _problem(tmp_path, monkeypatch, None, tmp_path / "s2")))
    assert_translated(screens)


def test_a_damaged_tag_map_is_said_in_catalogue_words(tmp_path: Path) -> None:
    from companion.app.assembly import build_app
    from companion.commands.run import _tag_map_lines
    from companion.runtime.config import Config
    from companion.runtime.problem_screen import ProblemScreen

    cases = ('{"format": 1, "game": "samurai-spirit", "tags": {"04A1B2C3": "card:1-hat-none", "04A1B2C3": 5}}',
             '{"format": 1, "game": "samurai-spirit", "tags": {"04A1B2C3": "card:9-nope"}}',
             '{"format": 1, "game": "samurai-spirit", "tags": {"zz": "card:1-hat-none"}}',
             '{"format": 2}', "[1, 2", '{"format": 1, "game": "tenno", "tags": {}}')
    screens = []
    for n, text in enumerate(cases):
        state = tmp_path / f"s{n}"
        state.mkdir()
        (state / "tags-samurai-spirit.json").write_text(text)
        _, damage = build_app(Config(), state, mock=False, lang=LANG)
        assert damage is not None
        screens.append((f"tag map {n}", ProblemScreen("-", _tag_map_lines(damage), Clock(), lang=LANG,
                                                            namers=UI.namers()).screen()))
    assert_translated(screens)


# --- enrolment and the doctor ---------------------------------------------------------------------------


def test_enrolment_speaks_only_catalogue_words(tmp_path: Path) -> None:
    from companion.app.enrolment import Enroller
    from companion.runtime.tagmap import TagMap
    from drivers.events import ButtonPressed, CardPlaced, ReaderLost

    enroller = Enroller(UI, TagMap(UI.name), tmp_path, Clock(), lang=LANG, save=False)
    screens = [("first", enroller.screen())]
    for event in (CardPlaced("04A1B2C3D4", "mock", 1.0), CardPlaced("04A1B2C3D4", "mock", 2.0),
                  ButtonPressed("undo", 4.0), ButtonPressed("defend", 5.0),
                  ReaderLost("mock", "SPI error", 6.0)):
        enroller.handle(event)
        screens.append((f"after {event}", enroller.screen()))
    assert_translated(screens)


def test_enroll_takes_the_language_from_lang_and_the_config(tmp_path: Path) -> None:
    import argparse

    from companion.commands import enroll as enroll_cmd
    from companion.runtime.config import Config

    config = tmp_path / "companion.toml"
    config.write_text(f'[app]\nlanguage = "{LANG}"\n')
    args = argparse.Namespace(config=str(config), state_dir=str(tmp_path / "s"), lang=None, mock=True, start=None)
    assert enroll_cmd.language(args, Config(language=LANG)) == LANG
    args.lang = "fr"
    assert enroll_cmd.language(args, Config(language=LANG)) == "fr"


def test_the_doctor_speaks_only_catalogue_words(tmp_path: Path) -> None:
    from companion.cli import doctor_words
    from drivers.doctor import DoctorOptions, run_doctor

    lines: list[str] = []
    run_doctor(DoctorOptions(reader="mock", read_timeout_s=0.2, buttons="mock", watch_buttons_s=0.0,
                             sdl_drivers=("dummy",), check_modules=True, root=tmp_path),
               lines.append, msg=doctor_words(LANG))
    assert lines
    names = _device_names()
    offences = [f"{line} ({' '.join(words)})" for line in lines
                if (words := [word for word in plain_words(line) if word not in names])]
    assert not offences, "\n".join(offences)


def _device_names() -> set[str]:
    """What the doctor names as the system does: modules, backends, video drivers, buttons, the user."""
    import getpass

    from drivers import doctor
    from drivers.config import BUTTON_BACKENDS, BUTTON_NAMES, READER_BACKENDS

    names = {*doctor.VENDOR_MODULES, *doctor.SDL_DRIVERS, *READER_BACKENDS, *BUTTON_BACKENDS, *BUTTON_NAMES,
             *doctor.GROUPS, getpass.getuser()}
    return names | {part for name in names for part in re.findall(r"[^\W\d_]+", name)}


def test_a_damaged_remembered_set_up_is_said_in_catalogue_words(tmp_path: Path) -> None:
    from companion.runtime.remembered import MEMORY

    screens = []
    for n, text in enumerate(('{"lang": "xx"}', "[1]", '{"setups": 3}', "{")):
        state = tmp_path / f"s{n}"
        state.mkdir()
        (state / MEMORY).write_text(text)
        screens.append((f"memory {n}", _german(state).screen()))
    assert_translated(screens)


# --- the round end and the sample screens -------------------------------------------------------------------


def test_the_round_end_step_is_found_in_the_pseudo_language(tmp_path: Path) -> None:
    """A whole demo game in the pseudo-language walks the round-end steps 1 to 4 in order, as in English."""
    from games.samurai_spirit.app.screens.round_end import current_step

    def steps(lang: str) -> list[int]:
        seen: list[int] = []
        table = DemoTable(tmp_path, 3, "easy", DEMO_SAMURAI, state=tmp_path / lang, snapshots=False, lang=lang)

        def draw(screen: Screen) -> None:
            if screen.kind == "round-end":
                seen.append(current_step(screen))

        table.loop.draw = draw  # type: ignore[assignment]
        table.set_up()
        table.play()
        return seen

    german = steps(LANG)
    assert german == steps("en")
    assert 4 in german and german[-1] == 4


def test_the_sample_screens_speak_only_catalogue_words() -> None:
    from games.samurai_spirit.app.screens.gallery import sample_screens

    assert_translated([(f"{players}p {name}", screen) for players in (2, 4)
                       for name, screen in sample_screens(players, lang=LANG).items()])
