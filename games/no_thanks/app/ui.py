"""No Thanks!'s part of the app: the seat-list set-up, card and seat names, two buttons, undo narration.

Players are the platform's seats (Red, Blue, ... clockwise: companion.games.
seat_list); the cards carry no colour and the chips no tag. A card is said
by its number. The table taps each card it flips; the player whose turn it
is presses one of two buttons, always the same: Pass says No thanks (a chip
on the card), Confront takes it (on screen and on the label sheet they read
"No thanks" and "Take"). Next and OK walk the same two choices, OK alone
taking the card: a reflex OK never spends a chip.

Nothing here names a player's chips before the end: not the title, the
summary, the narration or the undo lines (an undone take says "the chips
taken with it", not how many).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.app_parts import (
    lazy_policy,
    players_option,
    random_seats,
    seats_setup,
    simulate_command,
)
from companion.games.base import Text, undo_newest_first
from companion.games.naming import ComponentNamer, word_namer
from companion.games.registry import GameApp
from companion.games.seat_list import SEATS, SeatListSetup, SeatListWords
from companion.games.tagged_components import TaggedComponentsUI
from companion.i18n import Translator
from engine import Choose, Event, Input, Press, Prompt, Tap
from engine.core.game import Game
from engine.core.messages import Items, Message, msg, msg_n
from games.no_thanks import NoThanks
from games.no_thanks.app.demo import NoThanksDemo
from games.no_thanks.catalogue import Card
from games.no_thanks.rules.turns import NO_THANKS, TAKE
from games.no_thanks.setup import CHIPS, PLAYERS
from games.no_thanks.simulate import Tally
from games.no_thanks.state import OUT

SEAT_NAMES: dict[str, Message] = {
    "red": msg("Red"), "blue": msg("Blue"), "green": msg("Green"), "yellow": msg("Yellow"), "purple": msg("Purple"),
    "orange": msg("Orange"), "white": msg("White"),
}
WORDS: dict[str, Message] = {NO_THANKS: msg("No thanks"), TAKE: msg("Take"), "random": msg("Draw who starts"),
                             "start": msg("Start the game")}
"""Option and button ids in words."""
BUTTONS = {"pass": NO_THANKS, "confront": TAKE}
"""The two buttons a decision is made with, always the same, and the option each says."""

name_player = word_namer(SEAT_NAMES, capitalise=True)
"""A seat in the table's language; a name from elsewhere (the protocol) as given, capitalised."""


class CardNamer(ComponentNamer[Card]):
    """Names a card by the number printed on it."""

    def say(self, card: Card, tr: Translator) -> str:
        return str(card.value)


def name_option(option: Any, tr: Translator) -> str:
    key = str(option)
    return tr(WORDS[key]) if key in WORDS else name_player(key, tr)


def layout(setup: dict[str, Any]) -> tuple[Text, ...]:
    """What the table does before the first card: seats, chips, the deck, who starts."""
    seats = setup["players"]
    first = setup.get("first")
    return (
        msg("Seats, clockwise: {players}.", players=Items(seats)),
        msg_n("Each player takes {n} chip and keeps them hidden.", "Each player takes {n} chips and keeps them hidden.",
              n=CHIPS[len(seats)]),
        msg_n("Shuffle the 33 cards and put {n} card back in the box without looking: the rest is the deck.",
              "Shuffle the 33 cards and put {n} cards back in the box without looking: the rest is the deck.", n=OUT),
        msg("{player} starts.", player=first) if first else msg("The companion draws who starts."),
    )


SETUP_WORDS = SeatListWords(
    how_many=msg("New game: how many players?"), players=lambda n: msg_n("{n} player", "{n} players", n=n),
    who_starts=msg("New game: who starts?"), seat=lambda seat: msg("{player}", player=seat), random=WORDS["random"],
    lay_out=msg("New game: chips and deck"), start=WORDS["start"],
    not_now=lambda name: msg("No card is needed yet: answer this question with Next and OK."),
    count_detail=(msg("Players are named by their seats, clockwise: Red, Blue, Green, and on."),
                  msg("11 chips each with 3 to 5 players, 9 with 6, 7 with 7.")),
    start_detail=(msg("The start player flips the first card."),))


def put_back(event: Event) -> list[Message]:
    """What undoing one event puts back on the table."""
    card, who = str(event.data.get("card") or ""), str(event.data.get("player") or "")
    said = {
        "flip": lambda: msg("Put {card} back on top of the deck, face down.", card=card),
        NO_THANKS: lambda: msg("{player} takes their chip back from {card}.", player=who, card=card),
        TAKE: lambda: msg("{player} puts {card} back in the middle with the chips taken with it.", player=who,
                          card=card),
        "game-over": lambda: msg("The game goes on: everyone hides their chips again."),
    }.get(event.kind)
    return [said()] if said is not None else []


class NoThanksUI(TaggedComponentsUI):
    """{card} as its number, {player} as the seat in the table's language."""

    name = "no-thanks"

    def __init__(self, game: Game | None = None) -> None:
        """The words of the game on `game`'s component data (the owner's, companion.census.game_for), else on the
        shipped cards."""
        self.game = game if isinstance(game, NoThanks) else NoThanks()
        self.components = self.game.catalogue.cards
        self._namers = self.common_namers(CardNamer(self.components), name_player, name_option)

    def new_setup(self, last: Mapping[str, Any] | None = None) -> SeatListSetup:
        return SeatListSetup(SETUP_WORDS, PLAYERS, layout, last)

    def button_label(self, name: str) -> Message | None:
        """Pass is No thanks, Confront is Take."""
        option = BUTTONS.get(name)
        return WORDS[option] if option else None

    def unused_buttons(self) -> tuple[str, ...]:
        """Defend and Support: a decision is Pass (No thanks) or Confront (Take)."""
        return ("defend", "support")

    def highlighted(self, prompt: Prompt) -> str | None:
        """Take: OK alone never spends a chip."""
        return TAKE if TAKE in prompt.options else None

    def direct_buttons(self, prompt: Prompt | None) -> tuple[str, ...]:
        """No thanks and Take in one press each, at every decision (a player without a chip presses Take)."""
        if prompt is not None and prompt.kind == "decide":
            return tuple(BUTTONS)
        return ()

    def input_for_button(self, prompt: Prompt, name: str) -> list[Input] | Message:
        option = BUTTONS.get(name)
        if option is not None and option in prompt.options:
            return [Press(option)]
        return msg("That button does nothing now. {prompt}", prompt=prompt.message)

    def option_label(self, option: str, prompt: Prompt) -> Message:
        return WORDS.get(option) or msg("{option}", option=option)

    def describe_input(self, value: Any, prompt: Prompt | None) -> Message:
        """An input in words for the table (the undo question, the replay)."""
        who = prompt.actor if prompt is not None else ""
        if isinstance(value, Tap):
            return msg("the flip of {card}", card=value.card)
        option = value.option if isinstance(value, Choose) else value.button if isinstance(value, Press) else "?"
        if option == NO_THANKS:
            return msg("{player}: No thanks", player=who)
        return msg("{player}: Take", player=who)

    def undo_lines(self, events: list[Event]) -> list[Message]:
        """What the table must put back, newest first: a flipped card, a chip, a card taken (never how many chips
        came with it: the taker knows)."""
        return undo_newest_first(events, put_back)

    def screen_kind(self, view: dict[str, Any]) -> str:
        """The board while a card is to flip or to decide on; the ranking once the last card is taken."""
        return "board" if not view.get("result") else "game-over"

    def summary(self, view: dict[str, Any]) -> list[Message]:
        """The seats in order and the cards left in the deck: never a player's chips."""
        seats = Items(str(seat.get("name", "")) for seat in view.get("players") or [] if isinstance(seat, dict))
        said = [msg("Clockwise: {players}.", players=seats)] if seats else []
        if isinstance(view.get("deck"), int) and not view.get("result"):
            said.append(msg_n("{n} card left in the deck.", "{n} cards left in the deck.", n=view["deck"]))
        return said

    def title(self, view: dict[str, Any]) -> Message:
        if view.get("result"):
            return msg("Game over")
        pending = view.get("pending") or {}
        player = pending.get("player") or view.get("active") or ""
        if pending.get("kind") == "decide":
            return msg("{player}: No thanks or Take?", player=player)
        return msg("{player} flips a card", player=player)


def _report(tally: Tally, setup: dict[str, Any]) -> list[str]:
    """`companion simulate` for No Thanks!: the winner's total, shared wins, No thanks said per game."""
    games = max(tally.games, 1)
    winning, refusals = tally.winning / games, tally.refusals / games
    return [f"{winning:.1f} points for the winner per game; {tally.shared_wins} shared wins; "
            f"{refusals:.1f} No thanks per game"]


_four = {"players": list(SEATS[:4])}
APP = GameApp(ui=NoThanksUI, demo_script=NoThanksDemo, random_setup=random_seats(SEATS, PLAYERS),
              policy=lazy_policy("games.no_thanks.policy:SimplePolicy"),
              simulate=simulate_command(NoThanks, _four, "games.no_thanks.simulate:simulate", _report),
              setup_arguments=players_option("no-thanks", "No Thanks!", PLAYERS, seats_setup(SEATS)))
"""This game's part of the companion, named by its registration (games/no_thanks/registration.py)."""

__all__ = ["APP", "NoThanksUI", "layout"]
