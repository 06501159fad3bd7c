"""Knizia's Samurai's part of the app: set-up questions, tile and caste names, table events to inputs, undo.

Players are their tile colours ("red", "blue", ...): the word on every
tile's back, so nobody types a name. A tile is said as players say it
("Red's Castle 3"), never as its id. The three action buttons name the
castes for this game (Confront, Defend, Support are Castle, Buddha, Rice on
screen): a press starts the capture of a surrounded settlement, or names
one more caste in it. Pass ends a turn, OK ends a capture.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.games.base import AnsweredSetup, Menu, Text, undo_newest_first
from companion.games.naming import ComponentNamer, word_namer
from companion.games.registry import GameApp
from companion.games.tagged_components import TaggedComponentsUI, list_of
from companion.i18n import Translator
from engine import Choose, Event, Input, Press, Prompt, RuleError, Tap
from engine.core.game import Game
from engine.core.messages import Items, Message, msg
from games.samurai_knizia import KniziasSamurai
from games.samurai_knizia.app.demo import SamuraiKniziaDemo
from games.samurai_knizia.catalogue import CASTES, Tile

COLOUR_NAMES: dict[str, Message] = {
    "red": msg("Red"), "blue": msg("Blue"), "green": msg("Green"), "yellow": msg("Yellow"),
}
CASTE_NAMES: dict[str, Message] = {"castle": msg("Castle"), "buddha": msg("Buddha"), "rice": msg("Rice")}
TYPE_NAMES: dict[str, Message] = {
    **CASTE_NAMES, "samurai": msg("Samurai"), "ronin": msg("Ronin"), "ship": msg("Ship"), "move": msg("Move"),
    "switch": msg("Switch"),
}
BUTTON_CASTES = {"confront": "castle", "defend": "buddha", "support": "rice"}
"""The physical action buttons and the caste each names in this game."""
BUTTON_OPTIONS = {**BUTTON_CASTES, "pass": "pass", "ok": "ok"}
OPTION_BUTTONS = {option: button for button, option in BUTTON_OPTIONS.items()}
WORDS: dict[str, Message] = {
    "pass": msg("Pass"), "ok": msg("OK"), "random": msg("Draw who starts"), "start": msg("Start the game"),
    "hidden": msg("Hidden (the rule)"), "open": msg("Shown on screen"),
}


name_player = word_namer(COLOUR_NAMES, capitalise=True)
"""A tile colour in the table's language; a colour from an edited data file as given, capitalised."""
name_caste = word_namer(CASTE_NAMES)


class TileNamer(ComponentNamer[Tile]):
    """Names a tile as players say it: "Red's Castle 3", "Blue's Move" (the copy letter is nothing a player sees)."""

    def say(self, tile: Tile, tr: Translator) -> str:
        what = tr(TYPE_NAMES[tile.type])
        if tile.type in ("move", "switch"):
            return tr(msg("{player}'s {what}", player=tile.colour, what=what))
        return tr(msg("{player}'s {what} {n}", player=tile.colour, what=what, n=tile.value))


def name_option(option: Any, tr: Translator) -> str:
    """An option id with no prompt at hand: a caste, a word, a colour, else the id."""
    key = str(option)
    if key in CASTE_NAMES:
        return tr(CASTE_NAMES[key])
    if key in WORDS:
        return tr(WORDS[key])
    return name_player(key, tr)


def _remembered(last: Mapping[str, Any] | None, colours: tuple[str, ...]) -> dict[str, Any]:
    """The parts of the last game's set-up that still fit these questions."""
    if not last:
        return {}
    out: dict[str, Any] = {}
    players = last.get("players")
    if isinstance(players, list) and 2 <= len(players) <= 4 and all(p in colours for p in players) \
            and len(set(players)) == len(players):
        out["count"] = str(len(players))
        for seat, colour in enumerate(players):
            out[f"seat{seat}"] = colour
    if isinstance(last.get("open_captures"), bool):
        out["captures"] = "open" if last["open_captures"] else "hidden"
    return out


class SamuraiKniziaSetup(AnsweredSetup):
    """How many players, each seat's colour (tap one of its tiles, or Next and OK), who starts, open captures.

    The answers are a list replayed to know where the questions stand, so
    stepping back drops the last answer. Each question starts on the last
    game's answer.
    """

    def __init__(self, colours: tuple[str, ...], last: Mapping[str, Any] | None = None) -> None:
        self.colours = colours
        self.answers: list[str] = []
        self.last = _remembered(last, colours)

    def _steps(self) -> list[str]:
        count = int(self.answers[0]) if self.answers else 0
        return ["count", *(f"seat{n}" for n in range(count)), "first", "captures"]

    def _replay(self) -> tuple[str, dict[str, str]]:
        steps = self._steps()
        got = dict(zip(steps, self.answers, strict=False))
        step = steps[len(self.answers)] if len(self.answers) < len(steps) else "done"
        return step, got

    def _seats(self, got: dict[str, str]) -> list[str]:
        return [got[f"seat{n}"] for n in range(int(got.get("count", 0))) if f"seat{n}" in got]

    def menu(self) -> Menu:
        step, got = self._replay()
        menu = self._question(step, got)
        wanted = self.last.get(step)
        return replace(menu, selected=menu.options.index(wanted) if wanted in menu.options else 0)

    def _question(self, step: str, got: dict[str, str]) -> Menu:
        if step == "count":
            return Menu(msg("New game: how many players?"), ("2", "3", "4"),
                        tuple(msg("{n} players", n=n) for n in (2, 3, 4)),
                        (msg("Each player is named by the colour of their tiles."),))
        seats = self._seats(got)
        if step.startswith("seat"):
            free = tuple(c for c in self.colours if c not in seats)
            return Menu(msg("New game: which colour sits at seat {n}?", n=len(seats) + 1), free,
                        tuple(msg("{player}", player=c) for c in free),
                        (msg("Seats go clockwise. Tap any tile of that colour, or pick it with Next and OK."),))
        if step == "first":
            opts = ("random", *seats)
            return Menu(msg("New game: who starts?"), opts,
                        tuple(WORDS["random"] if o == "random" else msg("{player}", player=o) for o in opts),
                        (msg("The rules say the youngest player starts."),))
        if step == "captures":
            return Menu(msg("New game: captured figures?"), ("hidden", "open"), (WORDS["hidden"], WORDS["open"]),
                        (msg("Hidden: the screen never shows who captured what until the end."),))
        return Menu(msg("New game: lay out the table"), ("start",), (WORDS["start"],), self.layout(got))

    def layout(self, got: dict[str, str]) -> tuple[Text, ...]:
        """What the table puts out before the first turn."""
        seats = self._seats(got)
        first = got.get("first")
        return (
            msg("{count} players in seat order, clockwise: {players}.", count=len(seats), players=Items(seats)),
            msg("Each player takes a screen and the 20 tiles of their colour."),
            msg("{player} starts.", player=first) if first and first != "random"
            else msg("The companion draws who starts."),
        )

    def tap(self, target: str) -> Text | None:
        """A tile picks its colour for the seat being asked; otherwise no tile is needed yet."""
        step, got = self._replay()
        _, _, tid = target.partition(":")
        colour = tid.split("-")[0]
        if step.startswith("seat") and colour in self.menu().options:
            self.answers.append(colour)
            return None
        if step.startswith("seat") and colour in self._seats(got):
            return msg("{player} already sits at another seat: tap a tile of another colour.", player=colour)
        return msg("{tile} is not needed now: answer this question with Next and OK.", tile=tid)

    def result(self) -> dict[str, Any] | None:
        step, got = self._replay()
        if step != "done":
            return None
        out: dict[str, Any] = {"players": self._seats(got), "open_captures": got["captures"] == "open"}
        if got["first"] != "random":
            out["first"] = got["first"]
        return out


class SamuraiKniziaUI(TaggedComponentsUI):
    """{tile} as players say it, {player} and {caste} in the table's language."""

    name = "samurai-knizia"

    def __init__(self, game: Game | None = None) -> None:
        """The words of the game, on `game`'s component data (companion.census.game_for; default: shipped)."""
        assert game is None or isinstance(game, KniziasSamurai)
        self.game = game if game is not None else KniziasSamurai()
        self.tiles = self.components = self.game.catalogue.tiles
        tile = TileNamer(self.tiles)
        self._namers = {**self.common_namers(tile, name_player, name_option), "tile": tile, "tiles": list_of(tile),
                        "caste": name_caste, "castes": list_of(name_caste)}

    def new_setup(self, last: Mapping[str, Any] | None = None) -> SamuraiKniziaSetup:
        return SamuraiKniziaSetup(self.game.catalogue.colours, last)

    def button_label(self, name: str) -> Message | None:
        """Confront, Defend and Support name the castes here: Castle, Buddha, Rice."""
        caste = BUTTON_CASTES.get(name)
        if caste is not None:
            return CASTE_NAMES[caste]
        return WORDS["pass"] if name == "pass" else None

    def unused_buttons(self) -> tuple[str, ...]:
        """None: Confront, Defend and Support are the castes, Pass passes."""
        return ()

    def direct_buttons(self, prompt: Prompt | None) -> tuple[str, ...]:
        """The caste buttons, Pass or OK where they answer the prompt in one press (OK always ends a capture)."""
        if prompt is None or prompt.tap is None:
            return ()
        shown = [OPTION_BUTTONS[o] for o in prompt.options if o in OPTION_BUTTONS]
        if prompt.kind == "capture" and "ok" not in shown:
            shown.append("ok")
        return tuple(shown)

    def not_waiting_for_a_component(self, prompt: Prompt) -> Message:
        return msg("Not waiting for a tile now. {prompt}", prompt=prompt.message)

    def input_for_button(self, prompt: Prompt, name: str) -> list[Input] | Message:
        """A caste button, Pass or OK is that option (the engine gives the reason if it is not one now)."""
        option = BUTTON_OPTIONS.get(name)
        if option is not None and prompt.tap is not None:
            return [Press(option)]
        return msg("That button does nothing now. {prompt}", prompt=prompt.message)

    def describe_target(self, target: str) -> Message:
        _, _, name = target.partition(":")
        return msg("{tile}", tile=name)

    def option_label(self, option: str, prompt: Prompt) -> Message:
        if option in CASTE_NAMES:
            return msg("Capture: {caste}", caste=option)
        if option in WORDS:
            return WORDS[option]
        return msg("{option}", option=option)

    def describe_input(self, value: Any, prompt: Prompt | None) -> Message:
        """An input in words for the table (undo question, replay)."""
        capturing = prompt is not None and prompt.kind == "capture"
        who = prompt.actor if prompt is not None else ""
        if isinstance(value, Tap):
            if capturing:
                return msg("{tile} counted for the capture", tile=value.card)
            return msg("{player}: {tile}", player=who, tile=value.card)
        option = value.option if isinstance(value, Choose) else value.button
        if option in CASTE_NAMES:
            return msg("Capture: {caste}", caste=option)
        if option == "ok":
            return msg("the end of the capture")
        if option == "pass":
            return msg("{player}: end of the turn", player=who)
        return msg("{option}", option=option)

    def undo_lines(self, events: list[Event]) -> list[Message]:
        """What the table must put back, newest first."""
        return undo_newest_first(events, self._undo_event)

    def _undo_event(self, event: Event) -> list[Message]:
        d = event.data
        who = d.get("player") or ""
        if event.kind == "play":
            return [msg("{player} takes {tile} back behind the screen.", player=who, tile=d.get("tile", ""))]
        if event.kind == "move-played":
            return [msg("{player} takes {tile} back behind the screen.", player=who, tile=d.get("tile", ""))]
        if event.kind == "move":
            return [msg("Put {tile} back where {player}'s Move lies.", tile=d.get("replaced", ""), player=who)]
        if event.kind == "switch":
            return [msg("Swap the two figures back; {player} takes the Switch back behind the screen.", player=who)]
        if event.kind == "captured":
            return [msg("Take the {caste} figure from behind {player}'s screen back to the settlement.",
                        caste=d.get("caste", ""), player=who)]
        if event.kind == "tie":
            return [msg("Put the removed {caste} figure back on the settlement.", caste=d.get("caste", ""))]
        if event.kind == "refill" and d.get("left", 0) > 5:
            return [msg("{player} puts the tiles just drawn back face down beside the screen.", player=who)]
        if event.kind == "game-over":
            return [msg("The game goes on: every player hides the figures behind the screen again.")]
        return []

    def screen_kind(self, view: dict[str, Any]) -> str:
        return "game-over" if view.get("result") else "board"

    def summary(self, view: dict[str, Any]) -> list[Message]:
        """Players in seat order; turn and whose turn; figures left per caste and ties."""
        players = [str(p.get("name", "")) for p in view.get("players", []) if isinstance(p, dict)]
        lines: list[Message] = []
        if players:
            lines.append(msg("Players: {players}.", players=Items(players)))
        if "turn" in view and view.get("active") and not view.get("result"):
            lines.append(msg("Turn {n}: {player}", n=view["turn"], player=view["active"]))
        left = view.get("figures_left")
        if isinstance(left, dict):
            lines.append(msg("Figures left: Castle {castle}, Buddha {buddha}, Rice {rice}; ties {ties}.",
                             castle=left.get("castle", 0), buddha=left.get("buddha", 0), rice=left.get("rice", 0),
                             ties=view.get("ties", 0)))
        return lines

    def title(self, view: dict[str, Any]) -> Message:
        if view.get("result"):
            return msg("Game over after turn {n}", n=view.get("turn", 0))
        if view.get("capture") is not None:
            return msg("Turn {n}: capture", n=view["turn"])
        return msg("Turn {n}: {player}", n=view.get("turn", 0), player=view.get("active", ""))


def _policy(rng: random.Random, explore: float = 0.0) -> Any:
    from games.samurai_knizia.policy import SimplePolicy

    return SimplePolicy(rng, explore=explore)


def _colours() -> tuple[str, ...]:
    return KniziasSamurai().catalogue.colours


def _simulate(game: Game, setup: dict[str, Any] | None, games: int, seed: int) -> tuple[list[str], int]:
    """`companion simulate` for Knizia's Samurai: how games ended, what decided them, inputs per game."""
    from games.samurai_knizia.simulate import simulate

    setup = dict(setup or {"players": list(_colours()[:3])})
    assert isinstance(game, KniziasSamurai)
    game.parse_setup(setup)
    tally = simulate(game, setup, games, seed)
    per = max(tally.games, 1)
    endings = ", ".join(f"{k}: {n}" for k, n in sorted(tally.endings.items()))
    decided = ", ".join(f"{k}: {n}" for k, n in sorted(tally.decided_by.items()))
    return [f"{tally.games} games, {len(setup['players'])} players ({', '.join(setup['players'])}), seed {seed}",
            f"endings (caste = a caste's last figure left the board, ties = fourth tie, tiles = no tile left): "
            f"{endings}",
            f"winner decided by (castes led, then figures not led, then figures, else shared): {decided}",
            f"{tally.turns / per:.1f} turns, {tally.captures / per:.1f} captures, {tally.ties / per:.1f} ties and "
            f"{tally.inputs / per:.1f} inputs per game"], tally.inputs


def _random_setup(rng: random.Random) -> dict[str, Any]:
    colours = list(_colours())
    rng.shuffle(colours)
    return {"players": colours[:rng.choice((2, 3, 4))], "open_captures": rng.random() < 0.3,
            "seed": rng.randrange(2**31)}


def _setup_arguments(words: list[str]) -> dict[str, Any] | None:
    """`companion simulate --players 4 --open`: a Knizia's Samurai set-up."""
    import argparse

    parser = argparse.ArgumentParser(prog="companion simulate --game samurai-knizia", add_help=False)
    parser.add_argument("--players", type=int, choices=(2, 3, 4))
    parser.add_argument("--open", action="store_true")
    try:
        args = parser.parse_args(words)
    except SystemExit:
        raise RuleError(f"unknown set-up options {' '.join(words)}; Knizia's Samurai knows --players 2|3|4 "
                        "and --open") from None
    if not words:
        return None
    return {"players": list(_colours()[:args.players or 3]), "open_captures": args.open}


APP = GameApp(
    ui=SamuraiKniziaUI, demo_script=SamuraiKniziaDemo, policy=_policy,
    simulate=_simulate, random_setup=_random_setup, setup_arguments=_setup_arguments)
"""This game's part of the companion, named by its registration (games/samurai_knizia/registration.py)."""

__all__ = ["CASTES", "APP", "SamuraiKniziaSetup", "SamuraiKniziaUI"]
