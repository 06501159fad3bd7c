"""Teaching it your box on the device: the census walk, and the app's side of it.

The owner taps a component. A known tag shows what the companion believes
is printed on it; OK confirms it (`OwnerBox.confirm`). An unknown tag, or
"something else is printed", asks what is printed, field by field, in the
game's own terms: the questions, their answers and the answers' words are
the game's census data (games/<game>/data/census.toml: a card's
value, symbol, penalties and flames, a board's name and values, a tile's
colour, type and influence), so this module knows no game. Each question is
a Next/OK list. While few shipped entries fit what was said so far they are
offered first ("It is: ..."), so a right shipped entry is one OK; the
highlight rests on the answer of the entry in hand (what the companion
believes), else of the best fitting entry, so answering what the companion
already believes is OK after OK. A list of names (penalties) is asked one
name at a time, "nothing more" ending it.

Once everything is said, the list offers the entries that fit exactly, the
entry in hand corrected ("Correct it: ..."), the nearest others to correct,
the answers as printed in place of an unchecked entry (which is how a box of
other cards is taught, and how a fourteenth 3 is refused, naming the total)
and, where the rulebook allows promos, "an extra one". Every refusal names
what it breaks and changes nothing. Components without a tag (tokens, a
player's colour) are counted from the census's first list: the answer is
the confirmation, and the same question comes again for the next token.

A tag bound to an entry the owner has not checked (the shipped list's
enrolment, a guess) moves to the entry the owner names; a tag the owner
checked as one component is refused for another (go back to the shipped
data for it first). Each put and confirm writes the owner data atomically
(companion.census.box), then the tag map: a census killed at any moment
keeps everything the screen acknowledged, and carries on at the next start.

During a game, a long press of Undo asks "Is a card or board not what the
screen says?" (any button but OK goes back to the game); OK opens the same
questions for it: tap it (or pick one of the last cards tapped), say what is
printed;
companion.census.in_game.correct_during_game takes the correction, says
whether it applies from the next input or from the next game, and journals
it. A short press of Undo is the undo it always was.

`CensusWalk` (companion.app.census_walk) is the walk alone (events in, a
list and the screen's words out, no pygame), hosted by the app
(`CensusSteps`, here: the first menu and the set-up's first question offer
it through companion.app.setup_steps, a long press of Undo in play through
companion.app.play_steps, the laptop's virtual deck through
companion.app.pickers) and by `companion enroll --census`
(companion.app.enrolment).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from companion.app.census_walk import RECENT, CensusWalk, census_screen, save_census_tags
from companion.app.frames import Pages
from companion.app.table import Table
from companion.buttons_layout import screen_labels
from companion.census import NEXT_INPUT, OwnerBox, census_namers, correct_during_game, open_box
from companion.games.base import Menu, Text
from companion.i18n import Translator
from companion.screen_model import Screen
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced
from engine import RuleError, Tap
from engine.core.components import Component
from engine.core.messages import Message, msg

OPTION = "census"
"""The first menu's option that opens the census (no game is called that)."""
MENU_LABEL = msg("Teach it your box")


def with_census(menu: Menu) -> Menu:
    """The first menu with "Teach it your box" just before the hardware check (which stays last)."""
    from companion.app.hardware_check import OPTION as CHECK

    options, labels = list(menu.options), list(menu.labels)
    at = options.index(CHECK) if CHECK in options else len(options)
    options.insert(at, OPTION)
    labels.insert(at, MENU_LABEL)
    return Menu(menu.title, tuple(options), tuple(labels), menu.detail, menu.selected)


class CensusSteps:
    """The census over the first menu, and the correction during a game.

    While it runs (`walk`) it takes every press and tap (`takes`, asked
    first by companion.app.router), and its list is the frame (`screen`) and
    what a script reads (`offered`). `offered` (the first menu's list, from
    companion.app.frames) places the highlight on "Teach it your box" when it
    closes.
    """

    def __init__(self, table: Table, pages: Pages, offered: Callable[[], tuple[tuple[str, ...], int]]) -> None:
        self.table = table
        self.pages = pages
        self.menu_offered = offered
        self.walk: CensusWalk | None = None
        """The census (or the correction during a game) while it runs: it takes every press and tap."""
        self.box: OwnerBox | None = None

    # --- opening and closing ---------------------------------------------------------------------------

    def ask(self) -> None:
        """From the first menu: the census of the game chosen (asked first when the menu offers several)."""
        table = self.table
        if not table.first_menu():
            self.open()
            return
        names = tuple(table.games)

        def chosen(name: str) -> None:
            table.picker = None
            table.picker_action = None
            if name != table.ui.name and table.switch_game is not None:
                table.switch_to(name)
            self.open()

        menu = Menu(msg("Teach it your box: which game?"), names, tuple(table.games[n] for n in names),
                    (msg("Next walks the list, OK opens that game's census, Undo closes."),),
                    names.index(table.ui.name) if table.ui.name in names else 0)
        table.open_picker(menu, chosen, menu.selected)

    def translator(self) -> Translator:
        """The table's words with the census data's (a Boss, 13 Plunderers)."""
        return self.table.tr.with_namers(census_namers())

    def open(self, correct: bool = False) -> None:
        table = self.table
        try:
            box = open_box(table.state_dir, table.ui.name, table.fs)
        except RuleError as exc:
            table.say(self.translator()(exc.message), error=True)
            return
        self.box = box
        recent = self._recent_taps() if correct else ()
        self.walk = CensusWalk(box, table.tags, table.tr, self._say, self._saved,
                               self._correct_now if correct else None, recent)
        table.selected = self.walk.selected
        table.notice = None
        table.unknown_uid = None

    def _recent_taps(self) -> tuple[str, ...]:
        """The tag targets of the last cards tapped in this game, newest first (each once)."""
        out: list[str] = []
        match = self.table.match
        if match is None:
            return ()
        for value in reversed(match.inputs):
            if isinstance(value, Tap) and not value.hidden:
                target = next((t for t in self.table.ui.tag_targets() if t.partition(":")[2] == value.card), None)
                if target is not None and target not in out:
                    out.append(target)
            if len(out) >= RECENT:
                break
        return tuple(out)

    def _say(self, text: Text, error: bool) -> None:
        self.table.say(self.translator()(text) if isinstance(text, Message) else text, error)

    def _saved(self) -> None:
        """After each put or confirm: the tag map saved (a refusing disk is said), the app naming the new data."""
        table = self.table
        if table.save_tags:
            save_census_tags(table.state_dir, table.tags, table.say)
        if table.match is None:
            self.refresh_ui()

    def _close(self) -> None:
        table = self.table
        self.walk = None
        self.box = None
        if table.match is None:
            self.refresh_ui()
            options, _ = self.menu_offered()
            if OPTION in options:
                table.selected = options.index(OPTION)

    def refresh_ui(self) -> None:
        """The game's words on the component data in force (the owner's, once taught): a new game plays on it."""
        from companion.census import game_ui
        from engine.core.registry import RegistrationError

        table = self.table
        try:
            fresh = game_ui(table.ui.name, table.state_dir)
        except (RuleError, RegistrationError, KeyError):
            return
        if getattr(fresh.game, "components_digest", None) != getattr(table.ui.game, "components_digest", None):
            table.ui = fresh
            table.set_language(table.tr.lang)

    # --- the correction during a game ------------------------------------------------------------------

    def open_correction(self) -> None:
        """A long press of Undo in play, confirmed: "this card is not what the screen says"."""
        if self.table.saving.unsaved:
            self.table.say(msg("Saving does not work now: correct the component once it does."), error=True)
            return
        self.open(correct=True)

    def _correct_now(self, entry: Component, uid: str | None) -> bool:
        """Take the corrected entry for the game being played (companion.census.in_game) and say how it
        applies; False when it was refused (said, nothing changed)."""
        table = self.table
        match, box = table.match, self.box
        if match is None or box is None:
            return False
        try:
            correction = correct_during_game(box, match, table.journal, entry, uid, table.tags, table.moment())
        except OSError as exc:
            table.say(msg("Not saved ({reason}): the game goes on as it was.", reason=exc.strerror or str(exc)),
                      error=True)
            return False
        if correction.refused:
            table.say(self.translator()(correction.message), error=True)
            return False
        self._saved()
        if correction.applies == NEXT_INPUT and correction.match is not match:
            from companion.games import ui_on

            table.match = correction.match
            table.ui = ui_on(correction.match.game)
            table.set_language(table.tr.lang)
        said = correction.message
        if "component" in said.params and self.walk is not None:
            # The component in the table's words, as corrected, rather than the data's English label.
            said = Message(said.template, {**said.params, "component": self.walk.describe(entry)}, said.plural)
        table.say(self.translator()(said))
        return True

    # --- events and the frame --------------------------------------------------------------------------

    def runs(self) -> bool:
        """Whether the census's list is what the table sees and walks (not under the Cannot save screen or the
        virtual deck)."""
        return self.walk is not None and not self.table.saving.blocked() and not self._deck_shown()

    def _deck_shown(self) -> bool:
        table = self.table
        return table.deck is not None and table.picker is not None and table.picker is table.deck.menu

    def takes(self, event: Any) -> bool:
        """Give a press, hold or tag to the census while it runs (the virtual deck over it walks its list)."""
        table = self.table
        walk = self.walk
        if walk is None or table.saving.blocked():
            return False
        if isinstance(event, ButtonPressed | ButtonHeld):
            if self._deck_shown():
                return False
            held = isinstance(event, ButtonHeld)
            if self.pages.turns(event.name, held):
                return True
            walk.selected = table.selected  # a click in the laptop window moves the app's highlight
            walk.press(event.name, held)
        elif isinstance(event, CardPlaced):
            if self._deck_shown():
                table.close_picker(None)
            walk.tap(event.uid)
        else:
            return False
        table.selected = walk.selected
        if walk.done:
            self._close()
        return True

    def screen(self) -> Screen:
        """The census's frame (while it `runs`)."""
        table = self.table
        assert self.walk is not None
        said = table.notice.text if table.notice else table.reader_lost
        error = bool(table.notice.error) if table.notice else table.reader_lost is not None
        return census_screen(self.walk, table.selected, notice=table.t(said) if said is not None else None,
                             notice_error=error, unsaved=table.saving.unsaved,
                             button_labels=screen_labels(table.ui, table.tr))

    def offered(self) -> tuple[tuple[str, ...], int]:
        """The census's list and its highlight (while it `runs`)."""
        assert self.walk is not None
        ids = tuple(c.id for c in self.walk.choices())
        return ids, self.table.selected % len(ids) if ids else 0

    def deck_tap(self, target: str) -> None:
        """A card picked from the laptop's virtual deck during the census (NEW_TAG: a tag nobody enrolled)."""
        from companion.app.census_walk import NEW_TAG

        table = self.table
        uid = table.tags.uid_for(target) if target != NEW_TAG else "04" + secrets.token_hex(6).upper()
        table.close_picker(None)
        if uid is not None and self.walk is not None:
            self.walk.tap(uid)
            table.selected = self.walk.selected
