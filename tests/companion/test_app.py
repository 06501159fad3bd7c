"""The app controller driven by plain driver events (no devices, no display)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.app import App
from companion.games import game_ui
from companion.storage import CURRENT
from companion.tagmap import TagMap, load_tagmap, virtual_tagmap, virtual_uid
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced, ReaderBack, ReaderLost


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


UI = game_ui("samurai-spirit")


def make(tmp_path: Path, clock: Clock | None = None, tags: TagMap | None = None, **kw: object) -> App:
    clock = clock or Clock()
    tags = tags or virtual_tagmap(UI.name, UI.tag_targets())
    app = App(UI, tags, tmp_path, clock, new_seed=lambda: 11, **kw)  # type: ignore[arg-type]
    app.start()
    return app


def press(app: App, *names: str) -> None:
    for name in names:
        app.handle(ButtonPressed(name, app.clock()))


def tap(app: App, target: str) -> None:
    app.handle(CardPlaced(virtual_uid(target), "mock", app.clock()))


def set_up(app: App, *samurai: str, difficulty: str = "normal", first: str | None = None) -> None:
    press(app, *(["next"] * ((["easy", "normal", "hard", "heroic"].index(difficulty) - app.selected) % 4)), "ok")
    for name in samurai:
        tap(app, f"samurai:{name}")
    if len(samurai) < 7:
        menu = app.setup.menu()
        press(app, *(["next"] * menu.options.index("done")), "ok")
    if app.setup.menu().options == ("no", "yes"):
        press(app, "ok")
    menu = app.setup.menu()
    press(app, *(["next"] * menu.options.index(first or "random")), "ok")
    assert app.setup.menu().options == ("start",)
    press(app, "ok")


def journal_inputs(tmp_path: Path) -> list[dict]:
    lines = (tmp_path / CURRENT).read_text().splitlines()
    return [json.loads(line)["input"] for line in lines[1:]]


def test_setup_by_board_taps_and_buttons_starts_a_journaled_game(tmp_path: Path) -> None:
    app = make(tmp_path)
    assert app.screen().kind == "setup" and app.screen().title == "New game: difficulty"
    set_up(app, "kyuzo", "heihachi", "daisuke", first="heihachi")
    assert app.mode == "play"
    screen = app.screen()
    assert screen.kind == "board" and screen.title == "Round 1 - Heihachi's turn"
    assert "Set up: 5 Barricades" in screen.lines[-1]
    header = json.loads((tmp_path / CURRENT).read_text().splitlines()[0])
    assert header["setup"]["samurai"] == ["kyuzo", "heihachi", "daisuke"] and header["seed"] == 11


def test_tapping_a_card_at_the_action_prompt_means_fight(tmp_path: Path) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", first="kyuzo")
    press(app, "next", "next", "next", "next", "next", "ok")  # absent-token prompt: "no"
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
    press(app, "next", "next", "next", "next", "next", "ok")
    before = (tmp_path / CURRENT).read_text()
    press(app, "defend")
    screen = app.screen()
    assert screen.notice_error and "Defend not possible yet" in (screen.notice or "")
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
    press(app, "next", "next", "next", "next", "next", "ok")
    tap(app, "card:4-hat-none")
    press(app, "confront")
    press(app, "undo")
    assert "Undo Kyuzo: Confront?" in (app.screen().confirm or "")
    press(app, "next")
    assert app.screen().confirm is None and len(journal_inputs(tmp_path)) == 4
    press(app, "undo", "ok")
    assert journal_inputs(tmp_path) == [{"choose": "no"}, {"choose": "fight"}, {"tap": "4-hat-none"}]
    assert any("Take 4-hat-none back from Kyuzo's combat line" in line for line in app.screen().lines)
    press(app, "undo", "ok")
    assert any("Put 4-hat-none back face down on top of the Raider stack" in line for line in app.screen().lines)


def test_restart_offers_resume_and_rebuilds_the_same_state(tmp_path: Path) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", "daisuke", first="kyuzo")
    tap(app, "card:3-doll-none")
    press(app, "defend")
    assert app.match is not None
    view = app.match.play.public_view()
    again = make(tmp_path)
    assert again.mode == "resume" and again.screen().kind == "resume"
    assert "3 inputs so far" in again.screen().detail[0]
    press(again, "ok")
    assert again.mode == "play" and again.match and again.match.play.public_view() == view


def test_resume_happens_by_itself_after_the_timeout(tmp_path: Path) -> None:
    app = make(tmp_path)
    set_up(app, "kyuzo", "heihachi", "daisuke")
    clock = Clock()
    again = make(tmp_path, clock, resume_timeout_s=20)
    assert again.deadline() == clock.now + 20
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
    press(app, "ok")  # absent tokens: first option (kikuchiyo)... walk to "no"
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
    assert app.screen().selected == 1, "Normal is highlighted first"
    app.handle(ButtonHeld("next", app.clock()))
    assert app.screen().selected == 0


@pytest.mark.parametrize("difficulty", ["easy", "heroic"])
def test_setup_undo_steps_back(tmp_path: Path, difficulty: str) -> None:
    app = make(tmp_path)
    press(app, *(["next"] * ((["easy", "normal", "hard", "heroic"].index(difficulty) - app.selected) % 4)), "ok")
    tap(app, "samurai:kyuzo")
    press(app, "undo")
    assert "none yet" in app.screen().detail[1]
    press(app, "undo")
    assert app.screen().title == "New game: difficulty"


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
    again = make(tmp_path)
    assert again.mode == "resume"
    assert any("damaged" in line and f"resumes at input {kept}" in line for line in again.screen().detail)
    press(again, "ok")
    assert again.match is not None and len(again.match.inputs) == kept
    assert len(path.read_text().splitlines()) == kept + 1, "the journal was rewritten without the damage"


def test_virtual_deck_offers_what_the_moment_asks_for(tmp_path: Path) -> None:
    app = make(tmp_path)
    press(app, "ok")
    app.open_virtual_deck()
    screen = app.screen()
    assert screen.kind == "message" and len(screen.options) == 7
    assert screen.options[0] == "Samurai board - Kikuchiyo"
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
