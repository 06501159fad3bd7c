"""What a table script's answer tells a driver besides where the app is: taps and buttons valid now, a refusal,
a damaged save.

An outside driver of `companion run --mock --script` reads these and
nothing else (companion.harness.table_script writes them on each line's
answer):

- `taps`: the components (as the tag map names them, "card:3-doll-wound",
  "samurai:kyuzo") whose tap the app would take now. Only enrolled
  components count: a card without a tag cannot be tapped.
- `buttons`: each button a short press of which does something now, with
  what it does (`{"does": "choose", "option": "pass"}`, `{"does":
  "highlight", "option": "defend"}`, `{"does": "undo", "inputs": 3}`, ...);
  a button left out is refused. The page button (Screen.page_button: one
  the moment leaves dark, such as Confront at a Yes / No question) is
  listed as `{"does": "page", "pages": 3}` where the display drew the to-do
  steps or the detail over that many pages, for there a press turns the
  page and plays nothing; where the text fits one page it is not listed,
  and its press is refused as always.
- `refused`: the line's input was refused; the reason's message key and
  its text as the screen shows it.
- `damage`: on the resume question, what is wrong with the saved game.

Everything here is worked out the way the app would act on the press or the
tap, but on nothing the app keeps: the engine's `check` (which changes
nothing), a replay of the match on the side where a tap stands for several
inputs (Fight and the card), a copy of the set-up questions. The app, its
match and the journal are never touched.

Secrecy: an answer is public, like the screen. A tap at a tap prompt is
listed when the engine's legality view (`possible_taps`, built from what the
table may know) has the card, never by asking the engine whether that very
card would pass: the engine knows where a hidden card lies (Tenno's card
that left the game, known to its owner only) and would refuse it, which
would tell everybody. So a listed tap can still be refused, for a reason
only the hidden truth gives; the answer's `refused` then says it, as the
screen does. Options and buttons are public (the prompt's options), and so
is every other check made here (tests/companion/test_script_answers.py
holds twin games that differ only in what is hidden to the same answers).
"""

from __future__ import annotations

import copy
from typing import Any

from companion.games import undo_offer
from companion.games.base import GameUI, Menu, SetupFlow, Text
from drivers.config import BUTTON_NAMES
from engine import Input, Match, RuleError, Tap
from engine.core.flow import option_of
from engine.core.messages import Message

# --- taps -----------------------------------------------------------------------------


def enrolled_targets(app: Any) -> list[str]:
    """The components that have a tag, in the game's own order (`GameUI.tag_targets`)."""
    bound = set(app.tags.tags.values())
    return [target for target in app.ui.tag_targets() if target in bound]


class Aside:
    """The match as it would be after a few more inputs, replayed on the side (the match itself is untouched);
    each replay and each legality view is made once per answer."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self._plays: dict[tuple[Input, ...], Any] = {(): match.play}
        self._possible: dict[tuple[Input, ...], frozenset[str]] = {}

    def play(self, after: tuple[Input, ...]) -> Any:
        """The play after `after` (None when the engine refuses one of them)."""
        if after not in self._plays:
            match = self.match
            try:
                replayed = Match.replay(match.game, match.setup.to_json(), match.seed, [*match.inputs, *after])
            except RuleError:
                self._plays[after] = None
            else:
                self._plays[after] = replayed.play
        return self._plays[after]

    def possible(self, after: tuple[Input, ...]) -> frozenset[str]:
        if after not in self._possible:
            self._possible[after] = frozenset(self.play(after).possible_taps())
        return self._possible[after]

    def takes(self, inputs: list[Input] | Message) -> bool:
        """True when the engine takes these inputs, one after the other, by the public rules.

        A tap at a tap prompt is judged by the engine's legality view
        (`possible_taps`), every other input by the engine's `check`.
        """
        if isinstance(inputs, Message) or not inputs:
            return False
        for number, value in enumerate(inputs):
            before = tuple(inputs[:number])
            play = self.play(before)
            if play is None or play.prompt is None:
                return False
            if isinstance(value, Tap) and not value.hidden and play.prompt.tap is not None:
                if value.card not in self.possible(before):
                    return False
                continue
            try:
                play.check(value)
            except RuleError:
                return False
        return True


def play_taps(ui: GameUI, match: Match, targets: list[str], aside: Aside | None = None) -> list[str]:
    """The targets whose tap the game would take now, by the public rules (see the module's note)."""
    if match.play.prompt is None:
        return []
    aside = aside or Aside(match)
    return [target for target in targets if aside.takes(ui.input_for_tap(match, target))]


def setup_taps(ui: GameUI, setup: SetupFlow, targets: list[str]) -> list[str]:
    """The targets a set-up question takes by a tap (a Samurai board, a card of a colour), each tried on a copy
    of the questions; the game's catalogue is shared by the copies, not copied."""
    shared = {id(value): value for value in vars(ui).values()}
    out = []
    for target in targets:
        trial = copy.deepcopy(setup, dict(shared))
        if trial.tap(target) is None:
            out.append(target)
    return out


def taps_now(app: Any) -> list[str]:
    """The enrolled components a tap of which the app would take now ([] where a tap is refused or is not a
    component's: the Cannot save screen, the hardware check, a phone's enrol request)."""
    if app.saving.blocked() or app.web_request is not None or _checking(app):
        return []
    targets = enrolled_targets(app)
    if getattr(app, "census", None) is not None:
        return targets  # the census takes any tag (companion.app.census_steps)
    if app.mode == "setup":
        return setup_taps(app.ui, app.setup, targets)
    if app.match is None:
        return []
    if app.mode == "resume" and app.damage is not None and not app.damage.torn:
        return []  # the table must choose Resume or New game first
    if app.mode not in ("play", "resume"):
        return []
    return play_taps(app.ui, app.match, targets)


def _checking(app: Any) -> bool:
    """The hardware check takes every press and tap (companion.app.check_steps)."""
    return app.check is not None and app.mode != "resume" and app.match is None


# --- buttons -------------------------------------------------------------------------------


def _choose(option: str) -> dict[str, Any]:
    return {"does": "choose", "option": option}


def _undo(inputs: int, option: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"does": "undo", "inputs": inputs}
    if option is not None:
        out["option"] = option
    return out


def menu_buttons(options: tuple[str, ...], selected: int) -> dict[str, dict[str, Any]]:
    """A list walked with Next and OK; a button named like an option picks it."""
    if not options:
        return {}
    count = len(options)
    out = {"next": {"does": "highlight", "option": options[(selected + 1) % count]},
           "ok": _choose(options[selected % count])}
    for name in BUTTON_NAMES:
        if name in options and name not in out:
            out[name] = _choose(name)
    return out


def play_buttons(ui: GameUI, match: Match, selected: int, aside: Aside | None = None) -> dict[str, dict[str, Any]]:
    """The buttons that act in a game now, with what each does, in companion.app.play_steps' order: an undo the
    game offers, the prompt's direct buttons, Next and OK walking the options, the game's reading of the rest."""
    prompt = match.play.prompt
    out: dict[str, dict[str, Any]] = {}
    if prompt is None:
        out["ok"] = {"does": "new-game"}
    else:
        aside = aside or Aside(match)
        offer = undo_offer.offered(prompt)
        direct = ui.direct_buttons(prompt)
        walked = menu_buttons(prompt.options, selected) if prompt.tap is None else {}
        for name in BUTTON_NAMES:
            if name == "undo":
                continue
            if offer and name == "ok":
                out[name] = _undo(undo_offer.steps(match), undo_offer.UNDO)
            elif offer and name in undo_offer.PLAY_ON_BUTTONS:
                out[name] = _choose(prompt.options[0])
            elif name in ("next", "ok") and name not in direct:
                if name in walked:
                    out[name] = walked[name]
            else:
                inputs = ui.input_for_button(prompt, name)
                if aside.takes(inputs):
                    assert isinstance(inputs, list)
                    out[name] = _choose(option_of(inputs[0]))
    if match.inputs:
        out["undo"] = _undo(1)
    return out


def page_turn(app: Any) -> dict[str, dict[str, Any]]:
    """The page button where a short press of it turns a page now, `{name: {"does": "page", "pages": N}}`; {}
    where it does not. As the app decides it (companion.app.frames, `Pages.turns`): the frame the display
    drew last paged its steps or detail, and named this button beside "1/2". The pages counted are the
    public text's, so the answer tells nothing the screen does not."""
    shown = app.pages.shown
    if shown is None or shown.pages < 2 or shown.button not in BUTTON_NAMES:
        return {}
    return {shown.button: {"does": "page", "pages": shown.pages}}


def buttons_now(app: Any) -> dict[str, dict[str, Any]]:
    """Each button whose short press does something now, in the order the app asks (companion.app.router);
    a button left out is refused or does nothing. A long press is not described (Next held walks back, OK
    held asks the advisor, the page button held turns back)."""
    if app.saving.blocked():
        return menu_buttons(app.saving.menu().options, app.saving.selected)
    if app.web_request is not None:
        return {"undo": {"does": "cancel"}}
    if _checking(app):
        return {name: {"does": "check"} for name in BUTTON_NAMES}
    if getattr(app, "census", None) is not None and app.picker is None:
        options, selected = app.offered()
        return {**menu_buttons(options, selected), "undo": {"does": "back"}, **page_turn(app)}
    if app.confirm is not None:
        return {name: {"does": "confirm"} if name == "ok" else {"does": "cancel"} for name in BUTTON_NAMES}
    # From here on the page button turns a page before anything else reads the press.
    if app.picker is not None:
        out = menu_buttons(app.picker.options, app.selected)
        out.setdefault("undo", {"does": "close"})
        return {**out, **page_turn(app)}
    out = _mode_buttons(app)
    if app.unknown_uid:
        out["ok"] = {"does": "enroll"}
    return {**out, **page_turn(app)}


def _mode_buttons(app: Any) -> dict[str, dict[str, Any]]:
    menu: Menu | None = None
    if app.mode == "resume":
        menu = app.resume_steps.menu()
    elif app.mode == "game":
        menu = app.first_menu.menu()
    elif app.mode == "setup" or app.match is None:
        out = menu_buttons(app.setup_steps.menu().options, app.selected)
        if app.setup.asked or (len(app.games) > 1 and app.switch_game is not None):
            out["undo"] = {"does": "back"}
        return out
    if menu is not None:
        return menu_buttons(menu.options, app.selected)
    return play_buttons(app.ui, app.match, app.selected)


# --- a refusal, a damaged save ----------------------------------------------------------------


def said(text: Text, translate: Any) -> dict[str, Any]:
    """Words for the table as an answer gives them: the message key (None for a finished string, a name or a
    path), its parameters and the text the screen shows."""
    if isinstance(text, Message):
        params = text.to_json()["params"]
        return {"key": text.template, "params": params, "text": translate(text)}
    return {"key": None, "params": {}, "text": str(text)}


def refusal(app: Any, before: Any) -> dict[str, Any] | None:
    """The refusal the app showed while the line was carried out (a new error notice since `before`)."""
    notice = app.notice
    if notice is None or notice is before or not notice.error:
        return None
    return said(notice.text, app.tr)


def damage_now(app: Any) -> dict[str, Any] | None:
    """On the resume question of a damaged saved game: the damaged line, the intact records after it that cannot
    be used, whether only the last record was cut short, the copy of the original kept (a file beside
    current.journal; None until saving works) and the input the game resumes at."""
    damage = app.damage
    if app.mode != "resume" or damage is None or app.match is None:
        return None
    copy_kept = app.damage_copy.name if app.damage_copy is not None else None
    return {"line": damage.line, "reason": said(damage.reason, app.tr), "intact_after": damage.intact_after,
            "torn": damage.torn, "copy": copy_kept, "resume_at": len(app.match.inputs)}
