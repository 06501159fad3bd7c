"""Tenno's part of the app: set-up by colour, card and player names, table events to inputs, undo narration.

Each player is named by the colour of their set ("Red", "Blue", ...): the
colour on every card back, so a tap of any card of a set says who sits
there. A card is said as players say it ("Red's Samurai 8"), never as its
id. The table taps the cards of a duel as they are turned up; Pass declines
the Monk or a Ronin's second attack; OK says the cards are moved (a tap of
the next attacker's card says it too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.games.app_parts import (
    lazy_policy,
    players_option,
    random_seats,
    seats_setup,
    simulate_command,
)
from companion.games.base import AnsweredSetup, Menu, Text, undo_newest_first
from companion.games.naming import ComponentNamer, word_namer
from companion.games.registry import GameApp
from companion.games.tagged_components import TaggedComponentsUI, counts_of
from companion.i18n import Translator
from engine import Choose, Event, Input, Match, Press, Prompt, Tap
from engine.core.game import Game
from engine.core.messages import Items, Message, msg
from games.tenno import Tenno
from games.tenno.app.demo import TennoDemo
from games.tenno.catalogue import Card
from games.tenno.setup import PLAYERS

if TYPE_CHECKING:
    from games.tenno.simulate import Tally

COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white")
"""The set colours of the shipped data, in the order the set-up offers them."""
COLOUR_NAMES: dict[str, Message] = {
    "red": msg("Red"), "blue": msg("Blue"), "green": msg("Green"), "yellow": msg("Yellow"),
    "purple": msg("Purple"), "orange": msg("Orange"), "white": msg("White"),
}
ROLE_NAMES: dict[str, Message] = {
    "ninja": msg("Ninja"), "monk": msg("Monk"), "ronin": msg("Ronin"), "daimyo": msg("Daimyo"),
    "shogun": msg("Shogun"), "geisha": msg("Geisha"),
}
WORDS: dict[str, Message] = {
    "pass": msg("Pass"), "ok": msg("Cards moved"), "random": msg("Draw who starts"), "start": msg("Start the game"),
    "done": msg("All players are in"),
}
"""Option and button ids in words."""


name_player = word_namer(COLOUR_NAMES, capitalise=True)
"""A set colour in the table's language; a name from elsewhere as given, capitalised."""


def role_word(card: Card) -> Message:
    """A card's role as printed: "Farmer 2", "Samurai 8", "Ninja"."""
    if card.role == "farmer":
        return msg("Farmer {n}", n=card.value)
    if card.role == "samurai":
        return msg("Samurai {n}", n=card.value)
    return ROLE_NAMES.get(card.role, msg("{option}", option=card.role))


class CardNamer(ComponentNamer[Card]):
    """Names a card as players say it: "Red's Samurai 8"."""

    def say(self, card: Card, tr: Translator) -> str:
        return tr(msg("{player}'s {role}", player=name_player(card.colour, tr), role=tr(role_word(card))))


def name_option(option: Any, tr: Translator) -> str:
    key = str(option)
    if key in WORDS:
        return tr(WORDS[key])
    return name_player(key, tr)


class TennoSetup(AnsweredSetup):
    """Who sits where (a tap of any card of a set, or Next and OK), who starts, then what to lay out.

    Seats are taken in order, clockwise; "All players are in" ends the list
    once two are seated (seven end it by themselves). Each question starts on
    the last game's answer, so the same table again is one OK per question.
    """

    def __init__(self, last: Mapping[str, Any] | None = None, cards: Mapping[str, Card] | None = None) -> None:
        self.cards = cards if cards is not None else Tenno().catalogue.cards
        self.answers: list[str] = []
        players = (last or {}).get("players")
        self.last_players = [p for p in players if p in COLOURS] if isinstance(players, list) else []
        first = (last or {}).get("first")
        self.last_first = first if isinstance(first, str) else "random"

    def _replay(self) -> tuple[str, list[str], str | None]:
        seats: list[str] = []
        first: str | None = None
        step = "seats"
        for answer in self.answers:
            if step == "seats":
                if answer == "done":
                    step = "first"
                else:
                    seats.append(answer)
                    if len(seats) == PLAYERS[1]:
                        step = "first"
            elif step == "first":
                first = answer
                step = "start"
        return step, seats, first

    def menu(self) -> Menu:
        step, seats, first = self._replay()
        if step == "seats":
            free = tuple(c for c in COLOURS if c not in seats)
            options = free + (("done",) if len(seats) >= PLAYERS[0] else ())
            wanted = next((c for c in self.last_players if c not in seats),
                          "done" if self.last_players and len(seats) >= len(self.last_players) else free[0])
            seated = (msg("Seated, clockwise: {players}.", players=Items(seats)) if seats
                      else msg("Nobody is seated yet."))
            return Menu(msg("New game: tap a card of the next player's colour, clockwise"), options,
                        tuple(WORDS["done"] if o == "done" else msg("{player}", player=o) for o in options),
                        (seated, msg("Or pick the colour with Next and OK; 2 to 7 players.")),
                        selected=options.index(wanted) if wanted in options else 0)
        if step == "first":
            options = ("random", *seats)
            return Menu(msg("New game: who is the eldest? The eldest attacks first."), options,
                        tuple(WORDS["random"] if o == "random" else msg("{player}", player=o) for o in options),
                        (msg("Seated, clockwise: {players}.", players=Items(seats)),),
                        selected=options.index(self.last_first) if self.last_first in options else 0)
        return Menu(msg("New game: lay out the cards"), ("start",), (WORDS["start"],), self.layout(seats, first))

    @staticmethod
    def layout(seats: list[str], first: str | None) -> tuple[Text, ...]:
        lines: list[Text] = [
            msg("{count} players, clockwise: {players}. Each takes the 11 cards of that colour.", count=len(seats),
                players=Items(seats)),
            msg("Lay the three Farmers face down in a row, in any order; keep the other eight in hand."),
        ]
        lines.append(msg("{player} attacks first.", player=first) if first and first != "random"
                     else msg("The companion draws who attacks first."))
        return tuple(lines)

    def tap(self, target: str) -> Text | None:
        """A card tapped while the seats are taken seats its colour; at other questions it means nothing."""
        kind, _, name = target.partition(":")
        step, seats, _ = self._replay()
        card = self.cards.get(name) if kind == "card" else None
        if step != "seats" or card is None:
            return msg("That card is not needed now: answer this question with Next and OK.")
        if card.colour in seats:
            return msg("{player} is seated already: tap a card of the next player's colour, or pick All players "
                       "are in.", player=card.colour)
        self.answers.append(card.colour)
        return None

    def result(self) -> dict[str, Any] | None:
        step, seats, first = self._replay()
        if step != "start":
            return None
        out: dict[str, Any] = {"players": seats}
        if first and first != "random":
            out["first"] = first
        return out


class TennoUI(TaggedComponentsUI):
    """{card} as players say it ("Red's Ninja"), {player} as the colour in the table's language."""

    name = "tenno"

    def __init__(self, game: Game | None = None) -> None:
        """The words of the game, on `game`'s component data (companion.census.game_for; default: shipped)."""
        assert game is None or isinstance(game, Tenno)
        self.game = game if game is not None else Tenno()
        self.cards = self.components = self.game.catalogue.cards
        self._namers = {**self.common_namers(CardNamer(self.cards), name_player, name_option),
                        "hands": counts_of(name_player)}

    def new_setup(self, last: Mapping[str, Any] | None = None) -> TennoSetup:
        return TennoSetup(last, self.cards)

    def button_label(self, name: str) -> Message | None:
        return None

    def unused_buttons(self) -> tuple[str, ...]:
        """Confront, Defend and Support: Tenno is played with the cards, Pass and the list."""
        return ("confront", "defend", "support")

    def direct_buttons(self, prompt: Prompt | None) -> tuple[str, ...]:
        """Pass declines the Monk or a second attack in one press; OK (cards moved) goes through the option list."""
        if prompt is not None and prompt.tap is not None and "pass" in prompt.options:
            return ("pass",)
        return ()

    def input_for_tap(self, match: Match, target: str) -> list[Input] | Message:
        """A card under a tap prompt is that card; after a turn, the next attacker's card also says the cards are
        moved (both inputs or neither)."""
        prompt = match.play.prompt
        assert prompt is not None
        kind, _, name = target.partition(":")
        if kind == "card" and prompt.tap is None and prompt.kind == "done":
            return [Choose("ok"), Tap(name)]
        return super().input_for_tap(match, target)

    def input_for_button(self, prompt: Prompt, name: str) -> list[Input] | Message:
        if name in prompt.options:
            return [Press(name)]
        return msg("That button does nothing now. {prompt}", prompt=prompt.message)

    def virtual_targets(self, match: Match | None, setting_up: bool) -> list[str]:
        """One card of each colour at set-up; in play, the cards the prompt's rule allows."""
        if setting_up:
            return [f"card:{colour}-farmer-1" for colour in COLOURS]
        return super().virtual_targets(match, setting_up)

    def option_label(self, option: str, prompt: Prompt) -> Message:
        if option in WORDS:
            return WORDS[option]
        return msg("{option}", option=option)

    def describe_input(self, value: Any, prompt: Prompt | None) -> Message:
        """An input in words for the table (the undo question, the replay)."""
        who = prompt.actor if prompt is not None else ""
        if isinstance(value, Tap):
            return msg("the tap of {card}", card=value.card)
        option = value.option if isinstance(value, Choose) else value.button if isinstance(value, Press) else "?"
        if option == "pass":
            return msg("{player}: Pass", player=who)
        return msg("{player}: cards moved", player=who)

    def undo_lines(self, events: list[Event]) -> list[Message]:
        """What the table must put back, newest first."""
        return undo_newest_first(events, self._undo_event)

    def _undo_event(self, event: Event) -> list[Message]:
        d = event.data
        card, who = str(d.get("card") or ""), str(d.get("player") or "")
        if event.kind in ("attack", "defend"):
            return [msg("Turn {card} face down again in its place.", card=card)]
        if event.kind == "monk":
            return [msg("{player} turns the Monk face down again.", player=who)]
        if event.kind == "duel":
            lines = []
            if d.get("captured"):
                lines.append(msg("Take {card} back from the prisoner pile, face up into the duel.", card=d["captured"]))
            lines += [msg("Take {card} back from the discard pile, face up into the duel.", card=c)
                      for c in d.get("discarded") or []]
            return lines
        if event.kind == "refill":
            return [msg("{players}: take the cards just laid in the gaps back into the hand.",
                        players=Items(d.get("filled") or {}))]
        if event.kind == "forget":
            return [msg("The last turn is not over yet: its duel is shown again.")]
        if event.kind == "game-over":
            return [msg("The game goes on: the prisoner piles stay face down.")]
        return []

    def screen_kind(self, view: dict[str, Any]) -> str:
        return "game-over" if view.get("result") else "board"

    def summary(self, view: dict[str, Any]) -> list[Message]:
        """Players in seat order with their hand counts; turn and who attacks. Never a prisoner pile's cards."""
        players = [p for p in view.get("players", []) if isinstance(p, dict)]
        lines: list[Message] = []
        if players:
            hands = [[str(p.get("name", "")), p.get("hand", 0)] for p in players]
            lines.append(msg("Cards in hand: {hands}.", hands=hands))
        if "turn" in view and view.get("active") and not view.get("result"):
            lines.append(msg("Turn {n}: {player} attacks", n=view["turn"], player=view["active"]))
        return lines

    def title(self, view: dict[str, Any]) -> Message:
        if view.get("result"):
            return msg("Game over after turn {n}", n=view.get("turn", 1))
        pending = view.get("pending") or {}
        if pending.get("kind") == "monk":
            return msg("Turn {n}: {player} defends", n=view.get("turn", 1), player=pending.get("player", ""))
        return msg("Turn {n}: {player} attacks", n=view.get("turn", 1), player=view.get("active") or "")


def _report(tally: Tally, setup: dict[str, Any]) -> list[str]:
    """`companion simulate` for Tenno: turns, tie-breaks and shared wins."""
    per = max(tally.games, 1)
    return [f"{tally.turns / per:.1f} turns per game; {tally.second_attacks} Ronin second attacks; "
            f"{tally.tie_breaks} games went to the tie-break, {tally.shared_wins} shared wins"]


APP = GameApp(
    ui=TennoUI, demo_script=TennoDemo, policy=lazy_policy("games.tenno.policy:SimplePolicy"),
    simulate=simulate_command(Tenno, {"players": list(COLOURS[:4])}, "games.tenno.simulate:simulate", _report),
    random_setup=random_seats(COLOURS, PLAYERS),
    setup_arguments=players_option("tenno", "Tenno", PLAYERS, seats_setup(COLOURS)))
"""This game's part of the companion, named by its registration (games/tenno/registration.py)."""

__all__ = ["COLOURS", "APP", "TennoSetup", "TennoUI"]
