"""The app controller driven by plain driver events (no devices, no display)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from companion.app import App
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import TagMap, load_tagmap, virtual_uid
from drivers.events import ButtonHeld, CardPlaced, ReaderBack, ReaderLost
from games.samurai_spirit.policy import SimplePolicy
from tests.companion.table_helpers import UI, Clock, make, move, press, tap


def walk_to(app: App, option: str) -> None:
    """Next from the highlighted set-up answer to `option`, then OK."""
    options = app.setup.menu().options
    press(app, *(["next"] * ((options.index(option) - app.selected) % len(options))), "ok")


def set_up(app: App, *samurai: str, difficulty: str = "normal", first: str | None = None) -> None:
    if app.setup.menu().options[0] == "en":
        press(app, "ok")  # the language shown (English unless told otherwise)
    press(app, *(["next"] * ((["easy", "normal", "hard", "heroic"].index(difficulty) - app.selected) % 4)), "ok")
    for name in samurai:
        tap(app, f"samurai:{name}")
    if len(samurai) < 7:
        walk_to(app, "done")
    if app.setup.menu().options == ("no", "yes"):
        walk_to(app, "no")
    walk_to(app, first or "random")
    assert app.setup.menu().options == ("start",)
    press(app, "ok")


def journal_inputs(tmp_path: Path) -> list[dict]:
    lines = (tmp_path / CURRENT).read_text().splitlines()
    return [json.loads(line)["input"] for line in lines[1:]]


def test_setup_by_board_taps_and_buttons_starts_a_journaled_game(tmp_path: Path) -> None:
    app = make(tmp_path)
    assert app.screen().kind == "setup" and app.screen().title == "New game: language"
    press(app, "ok")
    assert app.screen().title == "New game: difficulty"
    set_up(app, "kyuzo", "heihachi", "daisuke", first="heihachi")
    assert app.mode == "play"
    screen = app.screen()
    assert screen.kind == "board" and screen.title == "Round 1 - Heihachi's turn"
    assert "Set up: 5 Barricades" in screen.lines[-1] and screen.todo[0].startswith("Set up: 5 Barricades")
    header = json.loads((tmp_path / CURRENT).read_text().splitlines()[0])
    assert header["setup"]["samurai"] == ["kyuzo", "heihachi", "daisuke"] and header["seed"] == 11


def test_tapping_a_card_at_the_action_prompt_means_fight(tmp_path: Path) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", first="kyuzo")
    press(app, "ok")  # absent-token prompt: "no" is highlighted
    assert app.match and app.match.play.prompt.kind == "action"
    tap(app, "card:4-hat-none")
    assert journal_inputs(tmp_path)[-2:] == [{"choose": "fight"}, {"tap": "4-hat-none"}]
    assert app.screen().buttons[:2] == ("confront", "defend")
    press(app, "confront")
    assert app.match.play.public_view()["samurai"][0]["track"] == 4
    assert journal_inputs(tmp_path)[-1] == {"press": "confront"}


def test_refusals_show_the_reason_and_change_nothing(tmp_path: Path) -> None:
    clock = Clock()
    app = make(tmp_path, clock)
    set_up(app, "kyuzo", "heihachi", first="kyuzo")
    press(app, "ok")  # absent-token prompt: "no" is highlighted
    before = (tmp_path / CURRENT).read_text()
    press(app, "defend")
    screen = app.screen()
    assert screen.notice_error and "Turn over the top Raider card and tap it first" in (screen.notice or "")
    tap(app, "card:5-hat-wound")
    assert "no Lieutenants in round 1" in (app.screen().notice or "")
    assert (tmp_path / CURRENT).read_text() == before
    assert app.match and app.match.play.prompt.kind == "action", "the fight was taken back with the bad tap"
    clock.now += 10
    app.tick()
    assert app.screen().notice is None


def test_undo_asks_first_and_tells_what_to_put_back(tmp_path: Path) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", first="kyuzo")
    press(app, "ok")  # absent-token prompt: "no" is highlighted
    tap(app, "card:4-hat-none")
    press(app, "confront")
    press(app, "undo")
    assert "Undo Kyuzo: Confront?" in (app.screen().confirm or "")
    press(app, "next")
    assert app.screen().confirm is None and len(journal_inputs(tmp_path)) == 4
    press(app, "undo", "ok")
    assert journal_inputs(tmp_path) == [{"choose": "no"}, {"choose": "fight"}, {"tap": "4-hat-none"}]
    assert any("Take Plunderer 4, hat back from Kyuzo's combat line and move Kyuzo's meeple back to 0." in line
               for line in app.screen().todo)
    press(app, "undo", "ok")
    assert any("Put Plunderer 4, hat back face down on top of the Raider stack" in line for line in app.screen().todo)


def test_restart_offers_resume_and_rebuilds_the_same_state(tmp_path: Path) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", "daisuke", first="kyuzo")
    tap(app, "card:3-doll-none")
    press(app, "defend")
    assert app.match is not None
    view = app.match.play.public_view()
    again = make(tmp_path)
    assert again.mode == "resume" and again.screen().kind == "resume"
    assert again.screen().detail[:2] == ("Normal game with Kyuzo, Heihachi, Daisuke.", "Round 1, Heihachi's turn.")
    press(again, "ok")
    assert again.mode == "play" and again.match and again.match.play.public_view() == view


def test_resume_happens_by_itself_after_the_timeout(tmp_path: Path) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", "daisuke")
    clock = Clock()
    again = make(tmp_path, clock, resume_timeout_s=20)
    assert again.screen().countdown == 20 and again.deadline() == clock.now + 1
    clock.now += 21
    again.tick()
    assert again.mode == "play"


def test_new_game_instead_of_resume_archives_the_old_journal(tmp_path: Path) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", "daisuke")
    again = make(tmp_path)
    press(again, "next", "ok", "ok")
    assert again.mode == "setup"
    assert not (tmp_path / CURRENT).exists()
    assert len(list((tmp_path / "games").glob("*.journal"))) == 1


def test_damaged_journal_resumes_from_what_survived(tmp_path: Path) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", "daisuke", first="kyuzo")
    tap(app, "card:3-doll-none")
    press(app, "defend")
    path = tmp_path / CURRENT
    path.write_text(path.read_text()[:-9])
    again = make(tmp_path)
    assert any("damaged" in line for line in again.screen().detail)
    press(again, "ok")
    assert again.match is not None and len(again.match.inputs) == 2


def test_unknown_tag_can_be_enrolled_on_the_spot(tmp_path: Path) -> None:
    app = make(tmp_path, tags=TagMap(UI.name, {virtual_uid("samurai:kyuzo"): "samurai:kyuzo",
                                               virtual_uid("samurai:heihachi"): "samurai:heihachi"}))
    set_up(app, "kyuzo", "heihachi", first="kyuzo")
    press(app, "ok")  # absent tokens: "no" is highlighted
    app.handle(CardPlaced("04AABBCCDDEEFF", "mock", app.clock()))
    assert "Unknown tag 04AABBCCDDEEFF" in (app.screen().notice or "")
    press(app, "ok")
    screen = app.screen()
    assert screen.kind == "message" and "Enroll tag 04AABBCCDDEEFF" in screen.title
    press(app, "ok")
    saved = load_tagmap(tmp_path, UI.name, set(UI.tag_targets()))
    assert saved.target("04AABBCCDDEEFF") is not None


def test_reader_lost_is_shown_until_it_is_back(tmp_path: Path) -> None:
    app = make(tmp_path)
    app.handle(ReaderLost("rc522", "SPI error", app.clock()))
    assert "Card reader lost (SPI error)" in (app.screen().notice or "")
    app.handle(ReaderBack("rc522", app.clock()))
    assert app.screen().notice == "Card reader is back."


def test_next_held_walks_backwards(tmp_path: Path) -> None:
    app = make(tmp_path)
    press(app, "ok")
    assert app.screen().selected == 1, "Normal is highlighted first"
    app.handle(ButtonHeld("next", app.clock()))
    assert app.screen().selected == 0


@pytest.mark.parametrize("difficulty", ["easy", "heroic"])
def test_setup_undo_steps_back(tmp_path: Path, difficulty: str) -> None:
    app = make(tmp_path)
    press(app, "ok")
    press(app, *(["next"] * ((["easy", "normal", "hard", "heroic"].index(difficulty) - app.selected) % 4)), "ok")
    tap(app, "samurai:kyuzo")
    press(app, "undo")
    assert "none yet" in app.screen().detail[1]
    press(app, "undo")
    assert app.screen().title == "New game: difficulty"
    assert app.screen().options[app.screen().selected] == difficulty.capitalize(), "back on the answer given"
    press(app, "undo")
    assert app.screen().title == "New game: language"


@pytest.mark.parametrize("damage", ["garbage", "middle"])
def test_other_journal_damage_keeps_what_came_before_and_starts(tmp_path: Path, damage: str) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", "daisuke", first="kyuzo")
    tap(app, "card:3-doll-none")
    press(app, "defend")
    path = tmp_path / CURRENT
    lines = path.read_text().splitlines(keepends=True)
    if damage == "garbage":
        path.write_text("".join(lines) + "\x00\x17garbage from a dying SD card\n")
        kept = 3
    else:
        lines[2] = lines[2].replace("3-doll-none", "3-doll-nune")
        path.write_text("".join(lines))
        kept = 1
    original = path.read_bytes()
    again = make(tmp_path)
    assert again.mode == "resume"
    assert any("is damaged" in line and f"Resume at input {kept}?" in line for line in again.screen().detail)
    assert path.read_bytes() == original, "nothing is cut before the table chooses"
    press(again, "ok")
    assert again.match is not None and len(again.match.inputs) == kept
    assert len(path.read_text().splitlines()) == kept + 1, "the journal was rewritten without the damage"
    [copy] = tmp_path.glob("current.journal.damaged-*")
    assert copy.read_bytes() == original


def test_virtual_deck_offers_what_the_moment_asks_for(tmp_path: Path) -> None:
    app = make(tmp_path)
    press(app, "ok", "ok")
    app.open_virtual_deck()
    screen = app.screen()
    assert screen.kind == "message" and len(screen.options) == 7
    assert screen.options[0] == "Samurai board: Kikuchiyo"
    press(app, "ok")
    assert app.screen().kind == "setup" and "Kikuchiyo" in app.screen().detail[1]


def test_virtual_deck_taps_a_possible_card(tmp_path: Path) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", "daisuke", first="kyuzo")
    press(app, "ok")
    assert app.match is not None and app.match.play.prompt.tap == "raider"
    possible = app.match.play.possible_taps()
    app.open_virtual_deck()
    assert len(app.screen().options) == len(possible) == 52
    press(app, "next", "ok")
    assert journal_inputs(tmp_path)[-1] == {"tap": possible[1]}
    assert app.match.play.prompt.kind in ("fight", "action")


def _long_game(tmp_path: Path, inputs: int = 9) -> App:
    """A game with `inputs` inputs on disk, played by taps and presses as a table would."""
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", "daisuke", first="kyuzo")
    policy = SimplePolicy(random.Random(5))
    while app.match is not None and len(app.match.inputs) < inputs:
        move(app, policy)
    return app


def _flip_a_byte(path: Path, line: int) -> bytes:
    data = bytearray(path.read_bytes())
    start = sum(len(text) + 1 for text in data.split(b"\n")[: line - 1])
    at = data.index(b'"input"', start) + 10
    data[at] ^= 0x01
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_damaged_middle_record_is_kept_and_the_table_decides(tmp_path: Path) -> None:
    app = _long_game(tmp_path)
    path = tmp_path / CURRENT
    damaged = _flip_a_byte(path, 4)
    again = make(tmp_path, resume_timeout_s=20)
    screen = again.screen()
    assert screen.kind == "resume" and screen.options == ("Resume at input 2", "New game")
    [copy] = tmp_path.glob("current.journal.damaged-*")
    assert copy.read_bytes() == damaged and path.read_bytes() == damaged
    assert re.fullmatch(r"current\.journal\.damaged-\d{8}T\d{6}Z", copy.name)
    text = " ".join(screen.detail)
    assert (f"Line 4 of the saved game is damaged (checksum mismatch); 6 later records are intact but cannot "
            f"be used after it. The original is kept as {copy.name}. Resume at input 2?") in text
    assert again.countdown() is None and again.resume_deadline is None, "a damaged game is not resumed without the table"
    tap(again, "card:3-doll-none")
    assert again.mode == "resume" and path.read_bytes() == damaged
    press(again, "ok")
    assert again.mode == "play" and again.match is not None and len(again.match.inputs) == 2
    assert len(path.read_text().splitlines()) == 3
    assert copy.read_bytes() == damaged
    assert app.match is not None and again.match.inputs == app.match.inputs[:2]


def test_restarting_on_the_same_damage_keeps_one_copy(tmp_path: Path) -> None:
    _long_game(tmp_path)
    damaged = _flip_a_byte(tmp_path / CURRENT, 4)
    make(tmp_path)
    make(tmp_path)
    [copy] = tmp_path.glob("current.journal.damaged-*")
    assert copy.read_bytes() == damaged


def test_new_game_after_damage_keeps_the_damaged_file_whole(tmp_path: Path) -> None:
    _long_game(tmp_path)
    path = tmp_path / CURRENT
    damaged = _flip_a_byte(path, 5)
    again = make(tmp_path)
    press(again, "next", "ok", "ok")
    assert again.mode == "setup" and not path.exists()
    [archived] = (tmp_path / "games").glob("*damaged.journal")
    assert archived.read_bytes() == damaged
    [copy] = tmp_path.glob("current.journal.damaged-*")
    assert copy.read_bytes() == damaged


def test_a_torn_last_record_is_copied_and_said_briefly(tmp_path: Path) -> None:
    _long_game(tmp_path)
    path = tmp_path / CURRENT
    torn = path.read_bytes()[:-12]
    path.write_bytes(torn)
    clock = Clock()
    again = make(tmp_path, clock, resume_timeout_s=20)
    [copy] = tmp_path.glob("current.journal.damaged-*")
    assert copy.read_bytes() == torn
    assert again.screen().options == ("Resume", "New game")
    assert any(line.startswith("The last record was cut short") and copy.name in line
               for line in again.screen().detail)
    clock.now += 21
    again.tick()
    assert again.mode == "play" and len(path.read_text().splitlines()) == 9


def test_copies_of_a_damaged_journal_never_overwrite_each_other(tmp_path: Path) -> None:
    path = tmp_path / CURRENT
    path.write_bytes(b"first")
    journal = JournalFile(path)
    one = journal.keep_copy("damaged")
    path.write_bytes(b"second")
    two = journal.keep_copy("damaged")
    assert one != two and one.read_bytes() == b"first" and two.read_bytes() == b"second"


@pytest.mark.parametrize("header", [
    '{"journal":"table-companion","version":1,"game":"samurai-spirit","setup":{},"seed":' + "7" * 5000 + "}",
    '{"journal":"table-companion","version":1,"game":"samurai-spirit","setup":' + "[" * 5000 + "]" * 5000
    + ',"seed":1}',
    '["journal","table-companion"]',
    '{"journal":"table-companion","version":1,"game":"samurai-spirit","setup":{"samurai":7},"seed":1}',
    '{"journal":"table-companion","version":1,"game":"chess","setup":{},"seed":1}',
])
def test_a_crafted_journal_is_put_aside_with_the_reason(tmp_path: Path, header: str) -> None:
    path = tmp_path / CURRENT
    crafted = (header + "\n" + '{"n":1,"input":' + "{" * 5000 + "}" * 5000 + "}\n").encode()
    path.write_bytes(crafted)
    app = make(tmp_path)
    [aside] = (tmp_path / "games").glob("*unreadable.journal")
    assert aside.read_bytes() == crafted and not path.exists()
    screen = app.screen()
    assert screen.kind == "message" and screen.title == "The saved game could not be read"
    assert screen.detail[0].startswith("current.journal, line 1: ") and f"as {aside.name} in {aside.parent}." in screen.detail[1]
    press(app, "ok")
    assert app.screen().kind == "setup"


def test_a_setup_the_engine_chokes_on_cannot_crash_start_up(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    _long_game(tmp_path)

    def choke(*args: object) -> None:
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr("companion.runtime.storage.Match", choke)
    app = make(tmp_path)
    assert "cannot be rebuilt" in app.screen().detail[0] and "TypeError" in app.screen().detail[0]
