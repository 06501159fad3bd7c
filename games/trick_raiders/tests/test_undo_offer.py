"""An undo the game offers (companion.games.undo_offer), through the app, with Trick Raiders' revoke as the offer.

Red fails to follow Diamonds in trick 1 and plays the 7 of Diamonds in
trick 2: the screen says so at once and offers "Undo to trick 1" (OK) or
"Play on" (Next or Pass). The undo takes back every input from trick 1's
first card in one confirmed step; the journal on disk is then exactly the
inputs kept, also when the power fails in the middle of writing it.
"""

from __future__ import annotations

import errno
import re
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from companion.app import App
from companion.games.undo_offer import UNDO, answer, labels, offered
from companion.runtime.storage import CURRENT, FaultyFileSystem, FileSystem, load_journal
from companion.runtime.tagmap import virtual_tagmap
from companion.screens import TextCache, render
from engine import Choose, Input, Prompt
from engine.core.messages import msg
from engine.core.prompt import PLAY_ON, TABLE
from games.trick_raiders.app.ui import TrickRaidersUI
from games.trick_raiders.tests.test_trick_raiders_ui import Clock, _app, _press, _set_up, _tap
from tests.companion.frame_checks import check_type_floors, todo_texts

DEAL = {"red": ["spades-3", "hearts-4", "clubs-5"], "blue": ["spades-6", "hearts-8", "diamonds-8"],
        "green": ["clubs-2", "diamonds-3", "hearts-2"], "yellow": ["diamonds-6", "hearts-7", "spades-1"]}
"""Lead cards; Yellow leads trick 1 with her 1 of Spades the smallest card."""
TRICK_1 = ("diamonds-6", "clubs-9b", "diamonds-10a", "diamonds-9a")
"""Yellow leads Diamonds, Red does not follow (9 of Clubs), Blue wins."""
TRICK_2 = ("hearts-8", "hearts-5", "hearts-6", "diamonds-7")
"""Blue leads Hearts; Red plays the 7 of Diamonds from the hand: held since trick 1, a revoke."""


def on_disk(state: Path) -> list[Input]:
    loaded = load_journal(state / CURRENT)
    assert loaded.damage is None, loaded.damage
    return loaded.match.inputs


def _revoked(app: App) -> int:
    """Deal, declare nothing, play to the revoke; returns the number of trick 1's first input."""
    _set_up(app, players=4, first="red")
    assert app.match is not None
    while app.match.play.prompt is not None and app.match.play.prompt.kind == "deal":
        _tap(app, f"card:{_next_dealt(app)}")
    _press(app, "ok", "ok", "ok", "ok")
    first = len(app.match.inputs) + 1
    for cid in TRICK_1 + TRICK_2:
        _tap(app, f"card:{cid}")
    return first


def _next_dealt(app: App) -> str:
    assert app.match is not None and app.match.play.prompt is not None
    actor = app.match.play.prompt.actor
    seat = next(p for p in app.match.play.public_view()["players"] if p["name"] == actor)
    return DEAL[actor][len(seat["lead"])]


def test_the_revoke_is_said_at_once_with_undo_to_the_trick_or_play_on(tmp_path: Path) -> None:
    app = _app(tmp_path / "state")
    _revoked(app)
    screen = app.screen()
    assert screen.todo[0] == "Revoke: Red did not follow Diamonds in trick 1 but held 7 of Diamonds then."
    assert screen.options == ("OK: Undo to trick 1", "Next: Play on")
    assert screen.title == "Revoke in trick 1"
    assert {"ok", "next", "undo"} <= set(screen.buttons)
    for size in ((800, 480), (480, 320)):
        items = render(screen, pygame.Surface(size), TextCache())
        check_type_floors(items, size, "revoke offer")
        shown = todo_texts(items)
        if size == (480, 320):
            # Beside the question, which 480x320 keeps on every frame, the revoke first and alone on its page.
            shown += todo_texts(render(replace(screen, page=1), pygame.Surface(size), TextCache()))
        assert shown == list(screen.todo), "the to-do panel shows the revoke whole, first"
    seats = [i.text for i in render(screen, pygame.Surface((800, 480)), TextCache()).find_all(kind="text")
             if re.fullmatch(r"tr:seat:\d:name", i.role)]
    assert seats == ["Red", "Blue", "Green", "Yellow"], "at 800x480 every seat stays in view beside the steps"
    assert screen.view is not None and screen.view["pending"]["text"] == (
        "Red revoked in trick 1: undo to trick 1 and play it again, or play on.")
    assert app.match is not None
    count = len(app.match.inputs)
    _tap(app, "card:spades-7")
    assert len(app.match.inputs) == count and "Not waiting for a card now" in (app.screen().notice or "")


def test_ok_undoes_back_to_the_tricks_first_card_in_one_confirmed_step(tmp_path: Path) -> None:
    state = tmp_path / "state"
    app = _app(state)
    first = _revoked(app)
    assert app.match is not None
    kept = list(app.match.inputs[:first - 1])
    _press(app, "ok")
    assert app.screen().confirm == ("Undo to trick 1: take back the last 8 inputs?\n"
                                    "The to-do panel then lists every card and chip to take back.\n"
                                    "OK undoes them; Undo or any other button keeps the game.")
    assert len(app.match.inputs) == first + 7, "nothing is undone before the OK"
    _press(app, "ok")
    assert app.match.inputs == kept == on_disk(state)
    prompt = app.match.play.prompt
    assert prompt is not None and (prompt.actor, prompt.kind) == ("yellow", "lead")
    todo = app.screen().todo
    assert todo[0] == "Red takes 7 of Diamonds back from the trick into the hand."
    assert "Put the cards of trick 1 back in front of their players." in todo
    assert todo[-1] == "Yellow takes 6 of Diamonds back from the trick into the lead cards."
    assert len(todo) == 9, "eight cards and the won trick"
    for cid in ("diamonds-6", "diamonds-7", "diamonds-10a", "diamonds-9a"):
        _tap(app, f"card:{cid}")
    assert [getattr(v, "card", None) for v in app.match.inputs[len(kept):]] == [
        "diamonds-6", "diamonds-7", "diamonds-10a", "diamonds-9a"], "the same tags play the trick again"
    assert app.match.inputs == on_disk(state)
    assert app.match.play.public_view()["revokes"] == []


def test_a_cancelled_confirmation_keeps_the_offer(tmp_path: Path) -> None:
    app = _app(tmp_path / "state")
    _revoked(app)
    assert app.match is not None
    count = len(app.match.inputs)
    _press(app, "ok", "next")
    assert app.screen().notice == "Cancelled: nothing was changed."
    assert len(app.match.inputs) == count and app.screen().options[0] == "OK: Undo to trick 1"


@pytest.mark.parametrize("button", ["next", "pass"])
def test_next_or_pass_plays_on_journaled_and_the_revoke_never_asks_again(tmp_path: Path, button: str) -> None:
    state = tmp_path / "state"
    app = _app(state)
    _revoked(app)
    _press(app, button)
    assert app.match is not None and app.match.inputs[-1] == Choose(PLAY_ON)
    assert on_disk(state) == app.match.inputs
    screen = app.screen()
    assert not any(option.endswith("Play on") for option in screen.options)
    assert "The table plays on: the revoke in trick 1 stands." in screen.todo
    again = App(TrickRaidersUI(), app.tags, state, Clock(), new_seed=lambda: 5)
    again.start()
    _press(again, "ok")
    assert again.mode == "play" and again.match is not None and again.match.play.prompt is not None
    assert again.match.play.prompt.kind == "lead" and not again.screen().options
    for cid in ("spades-6", "spades-4", "spades-5", "diamonds-2"):
        _tap(again, f"card:{cid}")
    assert again.match.play.prompt is not None and again.match.play.prompt.kind != "revoke"


class PowerCut(BaseException):
    """The power fails: nothing after this point runs (not an OSError, which the app would handle)."""


class CutDisk(FileSystem):
    """A disk whose power fails at the `cut_at`-th write, fsync or rename from now on."""

    def __init__(self) -> None:
        self.cut_at: int | None = None

    def _tick(self) -> None:
        if self.cut_at is not None:
            self.cut_at -= 1
            if self.cut_at == 0:
                raise PowerCut

    def write(self, fd: int, data: bytes) -> int:
        self._tick()
        return super().write(fd, data)

    def fsync(self, fd: int) -> None:
        self._tick()
        super().fsync(fd)

    def replace(self, source: Path, target: Path) -> None:
        self._tick()
        super().replace(source, target)


def test_a_power_cut_during_the_undo_leaves_the_game_before_or_after_it(tmp_path: Path) -> None:
    outcomes = set()
    for cut in range(1, 12):
        state = tmp_path / f"state-{cut}"
        disk = CutDisk()
        ui = TrickRaidersUI()
        app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, Clock(), new_seed=lambda: 5, fs=disk)
        app.start()
        first = _revoked(app)
        assert app.match is not None
        before = list(app.match.inputs)
        _press(app, "ok")
        disk.cut_at = cut
        try:
            _press(app, "ok")
            survived = True
        except PowerCut:
            survived = False  # the cut fell inside the undo's writes: start again on what the disk holds
        if survived:
            assert on_disk(state) == before[:first - 1]
            break
        again = App(ui, app.tags, state, Clock(), new_seed=lambda: 5)
        again.start()
        assert not list(state.glob(".*.tmp")), "the half-written copy is cleared at start"
        saved = on_disk(state)
        assert saved in (before, before[:first - 1]), f"cut {cut}: the journal is one of the two games"
        _press(again, "ok")
        assert again.match is not None and again.match.inputs == saved
        offer = again.match.play.prompt
        assert offer is not None
        assert offered(offer) == (saved == before), "before the undo the offer is there again, after it gone"
        outcomes.add(saved == before)
    else:
        raise AssertionError("the undo never completed")
    assert outcomes == {True, False}, "cuts before and after the rename were both tried"


def test_the_seam_is_generic_any_prompt_with_undo_to_is_an_offer() -> None:
    """No game name in the seam: a prompt with `undo_to` and one option is an offer, whatever the game."""

    class Words:
        def option_label(self, option: str, prompt: Prompt) -> object:
            return msg("Back to move {n}", n=prompt.undo_to) if option == UNDO else msg("Keep going")

    prompt = Prompt(TABLE, "mistake", msg("A mistake three moves ago."), (PLAY_ON,), undo_to=7)
    assert offered(prompt) and answer(prompt, "ok") == UNDO
    assert answer(prompt, "next") == answer(prompt, "pass") == PLAY_ON and answer(prompt, "confront") is None
    plain = Prompt(TABLE, "choice", msg("Choose."), ("a", "b"))
    assert not offered(plain) and answer(plain, "ok") is None and labels(Words(), plain) is None  # type: ignore[arg-type]
    shown = labels(Words(), prompt)  # type: ignore[arg-type]
    assert shown is not None and [m.text for m in shown] == ["OK: Back to move 7", "Next: Keep going"]


def test_an_undo_to_the_trick_the_disk_refuses_is_not_done(tmp_path: Path) -> None:
    """A full disk: every input stays, in memory and on disk, and the screen says the undo was not done."""
    state = tmp_path / "state"
    disk = FaultyFileSystem()
    ui = TrickRaidersUI()
    app = App(ui, virtual_tagmap(ui.name, ui.tag_targets()), state, Clock(), new_seed=lambda: 5, fs=disk)
    app.start()
    _revoked(app)
    assert app.match is not None
    before = list(app.match.inputs)
    disk.error = errno.ENOSPC
    _press(app, "ok", "ok")
    assert app.match.inputs == before and on_disk(state) == before
    assert "The undo was not done" in " ".join(app.screen().detail)
    assert offered(app.match.play.prompt)
