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
(`CensusSteps`, here) and by `companion enroll --census`
(companion.app.enrolment).
"""

from __future__ import annotations

from typing import Any

from companion.app.census_walk import NEW_TAG, RECENT, CensusWalk, census_screen, save_census_tags
from companion.app.frames import Frames
from companion.app.pickers import Pickers
from companion.app.play_steps import PlaySteps
from companion.app.setup_steps import SetupSteps
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


class CensusSteps(SetupSteps, PlaySteps, Pickers, Frames):
    """The census over the first menu, and the correction during a game.

    It takes its place in the app by overriding the few steps it joins:
    the first menu's lists (`_game_menu`, `_setup_menu`) and their choices
    get "Teach it your box"; the frame (`_screen`) and the list a script
    reads (`offered`) are the census's while it runs; a long press of Undo in
    play (`_play_button`) opens the correction; the laptop's virtual deck
    (`open_virtual_deck`) lists every tagged component and a new tag; a new
    game (`_start_game`) is played on the data in force. The controller gives
    it every press and tag while it runs (`_census_takes`).
    """

    census: CensusWalk | None = None
    """The census (or the correction during a game) while it runs: it takes every press and tap."""
    _census_box: OwnerBox | None = None

    # --- opening and closing ---------------------------------------------------------------------------

    def _ask_census(self) -> None:
        """From the first menu: the census of the game chosen (asked first when the menu offers several)."""
        if len(self.games) > 1 and self.switch_game is not None:
            names = tuple(self.games)
            self.picker = Menu(msg("Teach it your box: which game?"), names, tuple(self.games[n] for n in names),
                               (msg("Next walks the list, OK opens that game's census, Undo closes."),),
                               names.index(self.ui.name) if self.ui.name in names else 0)
            self.selected = self.picker.selected

            def chosen(name: str) -> None:
                self.picker = None
                self.picker_action = None
                if name != self.ui.name and self.switch_game is not None:
                    self.ui, self.tags = self.switch_game(name)
                    self._set_language(self.tr.lang)
                self._open_census()

            self.picker_action = chosen
            return
        self._open_census()

    def _census_translator(self) -> Translator:
        return self.tr.with_namers(census_namers())

    def _open_census(self, correct: bool = False) -> None:
        try:
            box = open_box(self.state_dir, self.ui.name, self.fs)
        except RuleError as exc:
            self._say(self._census_translator()(exc.message), error=True)
            return
        self._census_box = box
        recent = self._recent_taps() if correct else ()
        self.census = CensusWalk(box, self.tags, self.tr, self._census_say, self._census_saved,
                                 self._correct_now if correct else None, recent)
        self.selected = self.census.selected
        self.notice = None
        self.unknown_uid = None

    def _recent_taps(self) -> tuple[str, ...]:
        """The tag targets of the last cards tapped in this game, newest first (each once)."""
        out: list[str] = []
        match = self.match
        if match is None:
            return ()
        for value in reversed(match.inputs):
            if isinstance(value, Tap) and not value.hidden:
                target = next((t for t in self.ui.tag_targets() if t.partition(":")[2] == value.card), None)
                if target is not None and target not in out:
                    out.append(target)
            if len(out) >= RECENT:
                break
        return tuple(out)

    def _census_say(self, text: Text, error: bool) -> None:
        self._say(self._census_translator()(text) if isinstance(text, Message) else text, error)

    def _census_saved(self) -> None:
        """After each put or confirm: the tag map saved (a refusing disk is said), the app naming the new data."""
        if self.save_tags:
            save_census_tags(self.state_dir, self.tags, self._say)
        if self.match is None:
            self._refresh_ui()

    def _close_census(self) -> None:
        self.census = None
        self._census_box = None
        if self.match is None:
            self._refresh_ui()
            options, _ = self.offered()
            if OPTION in options:
                self.selected = options.index(OPTION)

    def _refresh_ui(self) -> None:
        """The game's words on the component data in force (the owner's, once taught): a new game plays on it."""
        from companion.census import game_ui
        from engine.core.registry import RegistrationError

        try:
            fresh = game_ui(self.ui.name, self.state_dir)
        except (RuleError, RegistrationError, KeyError):
            return
        if getattr(fresh.game, "components_digest", None) != getattr(self.ui.game, "components_digest", None):
            self.ui = fresh
            self._set_language(self.tr.lang)

    # --- the correction during a game ------------------------------------------------------------------

    def _open_correction(self) -> None:
        """A long press of Undo in play: "this card is not what the screen says"."""
        if self.saving.unsaved:
            self._say(msg("Saving does not work now: correct the component once it does."), error=True)
            return
        self._open_census(correct=True)

    def _correct_now(self, entry: Component, uid: str | None) -> bool:
        """Take the corrected entry for the game being played (companion.census.in_game) and say how it
        applies; False when it was refused (said, nothing changed)."""
        match, box = self.match, self._census_box
        if match is None or box is None:
            return False
        try:
            correction = correct_during_game(box, match, self.journal, entry, uid, self.tags, self._moment())
        except OSError as exc:
            self._say(msg("Not saved ({reason}): the game goes on as it was.", reason=exc.strerror or str(exc)),
                      error=True)
            return False
        if correction.refused:
            self._say(self._census_translator()(correction.message), error=True)
            return False
        self._census_saved()
        if correction.applies == NEXT_INPUT and correction.match is not match:
            from companion.games import ui_on

            self.match = correction.match
            self.ui = ui_on(correction.match.game)
            self._set_language(self.tr.lang)
        said = correction.message
        if "component" in said.params and self.census is not None:
            # The component in the table's words, as corrected, rather than the data's English label.
            said = Message(said.template, {**said.params, "component": self.census.describe(entry)}, said.plural)
        self._say(self._census_translator()(said))
        return True

    # --- events and the frame --------------------------------------------------------------------------

    def _deck_shown(self) -> bool:
        return self.deck is not None and self.picker is not None and self.picker is self.deck.menu

    def _census_takes(self, event: Any) -> bool:
        """Give a press, hold or tag to the census while it runs (the virtual deck over it walks its list)."""
        walk = self.census
        if walk is None or self.saving.blocked():
            return False
        if isinstance(event, ButtonPressed | ButtonHeld):
            if self._deck_shown():
                return False
            held = isinstance(event, ButtonHeld)
            if self._turns_page(event.name, held):
                return True
            walk.selected = self.selected  # a click in the laptop window moves the app's highlight
            walk.press(event.name, held)
        elif isinstance(event, CardPlaced):
            if self._deck_shown():
                self._close_picker(None)
            walk.tap(event.uid)
        else:
            return False
        self.selected = walk.selected
        if walk.done:
            self._close_census()
        return True

    def _screen(self) -> Screen:
        walk = self.census
        if walk is None or self.saving.blocked() or self._deck_shown():
            return super()._screen()
        said = self.notice.text if self.notice else self.reader_lost
        error = bool(self.notice.error) if self.notice else self.reader_lost is not None
        return census_screen(walk, self.selected, notice=self._t(said) if said is not None else None,
                             notice_error=error, unsaved=self.saving.unsaved, button_labels=self._button_labels())

    def offered(self) -> tuple[tuple[str, ...], int]:
        walk = self.census
        if walk is None or self.saving.blocked() or self._deck_shown():
            return super().offered()
        ids = tuple(c.id for c in walk.choices())
        return ids, self.selected % len(ids) if ids else 0

    # --- where the census joins the other steps ---------------------------------------------------------

    def _game_menu(self) -> Menu:
        return with_census(super()._game_menu())

    def _setup_menu(self) -> Menu:
        from companion.app.hardware_check import OPTION as CHECK

        menu = super()._setup_menu()
        return with_census(menu) if CHECK in menu.options else menu

    def _game_choice(self, name: str) -> None:
        if name == OPTION:
            self._ask_census()
            return
        super()._game_choice(name)

    def _setup_choice(self, option: str) -> None:
        if option == OPTION:
            self._ask_census()
            return
        super()._setup_choice(option)

    def _play_button(self, name: str, held: bool) -> None:
        if name == "undo" and held and self.match is not None and self.match.play.prompt is not None:
            # Asked first, so a long press made by mistake costs one press of any other button.
            self._ask((msg("Is a card or board not what the screen says?"),
                       msg("OK: say what is printed on it; any other button: back to the game.")),
                      self._open_correction, msg("OK: correct it"))
            return
        super()._play_button(name, held)

    def _start_game(self) -> None:
        self._refresh_ui()
        super()._start_game()

    def open_virtual_deck(self) -> None:
        """Laptop mode during the census: every tagged component, and a tag nobody has enrolled yet."""
        if self.census is None or self.saving.blocked():
            super().open_virtual_deck()
            return
        from companion.app.pickers import VirtualDeck

        targets = [*self.ui.tag_targets(), NEW_TAG]
        labels: tuple[Text, ...] = (*(self.ui.describe_target(t) for t in targets[:-1]),
                                    msg("A new tag (not enrolled)"))
        self.deck = VirtualDeck(tuple(targets), labels)
        self._show_deck(self.deck)

        def tap(target: str) -> None:
            import secrets

            uid = self.tags.uid_for(target) if target != NEW_TAG else "04" + secrets.token_hex(6).upper()
            self._close_picker(None)
            if uid is not None and self.census is not None:
                self.census.tap(uid)
                self.selected = self.census.selected

        self.picker_action = tap
