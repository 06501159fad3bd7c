"""Trick Raiders' part of the app: set-up questions, card and player names, table events to inputs, undo narration.

Players sit by seat colour ("red", "blue", "green", "yellow" in seat order,
clockwise): short, distinct, and the same word the seat's card holder or
chip colour shows, so nobody has to type a name on a device with seven
buttons. They are ids in the engine; the `{player}` namer says them in the
table's language. A card is said as players say it ("9 of Hearts"), never
as its id ("hearts-9a").

The table taps face-up cards only: dealt lead cards, declared moves, every
card played. OK ends a player's declaration (the engine's `declare` prompt
takes a press besides its tap), so OK acts directly there.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.base import Text, undo_newest_first
from companion.games.naming import ComponentNamer, word_namer
from companion.games.registry import GameApp
from companion.games.seat_list import Question, SeatListSetup, SeatListWords
from companion.games.tagged_components import TaggedComponentsUI, counts_of
from companion.games.undo_offer import UNDO
from companion.i18n import Translator
from engine import Choose, Event, Input, Press, Prompt, RuleError, Tap
from engine.core.game import Game
from engine.core.messages import Items, Message, msg, msg_n
from games.trick_raiders import TrickRaiders
from games.trick_raiders.app.demo import TrickRaidersDemo
from games.trick_raiders.catalogue import SUITS, Card
from games.trick_raiders.setup import LIVES

SEATS = ("red", "blue", "green", "yellow")
"""The players' names: seat colours in seat order, clockwise."""
SEAT_NAMES: dict[str, Message] = {
    "red": msg("Red"), "blue": msg("Blue"), "green": msg("Green"), "yellow": msg("Yellow"),
}
SUIT_NAMES: dict[str, Message] = {
    "spades": msg("Spades"), "hearts": msg("Hearts"), "diamonds": msg("Diamonds"), "clubs": msg("Clubs"),
}
WORDS: dict[str, Message] = {
    "ok": msg("Done"), "random": msg("Draw who starts"), "start": msg("Start the game"),
}
"""Option and button ids in words."""


name_player = word_namer(SEAT_NAMES, capitalise=True)
"""A seat colour in the table's language; a name from elsewhere (the protocol) as given, capitalised."""
name_suit = word_namer(SUIT_NAMES)


class CardNamer(ComponentNamer[Card]):
    """Names a card as players say it: "9 of Hearts" (the copy letter is nothing a player sees)."""

    def say(self, card: Card, tr: Translator) -> str:
        return tr(msg("{value} of {suit}", value=card.value, suit=name_suit(card.suit, tr)))


def name_option(option: Any, tr: Translator) -> str:
    """An option id with no prompt at hand: a word, a seat, else the id."""
    key = str(option)
    if key in WORDS:
        return tr(WORDS[key])
    return name_player(key, tr)


def layout(setup: dict[str, Any]) -> tuple[Text, ...]:
    """What the table puts out before the first deal."""
    seats = setup["players"]
    first = setup.get("first")
    return (
        msg("{count} players in seat order, clockwise: {players}.", count=len(seats), players=Items(seats)),
        msg_n("Each player takes {n} life chip.",
              "Each player takes {n} life chips.",
              n=int(setup["lives"])),
        msg("Put the trump card in the middle with Spades as trump, and the bonus declaration tokens beside it."),
        msg("{player} starts.", player=first) if first else msg("The companion draws who starts."),
    )


SETUP_WORDS = SeatListWords(
    how_many=msg("New game: how many players?"), players=lambda n: msg("{n} players", n=n),
    who_starts=msg("New game: who starts?"), seat=lambda seat: msg("{player}", player=seat), random=WORDS["random"],
    lay_out=msg("New game: lay out the table"), start=WORDS["start"],
    not_now=lambda name: msg("{card} is not needed now: answer this question with Next and OK.", card=name),
    count_detail=(msg("Players are named by seat colour, clockwise: Red, Blue, Green, Yellow."),),
    start_detail=(msg("The first player gets the first lead card tapped and declares first."),))
"""The seat-list questions in Trick Raiders' words: how many, the lives, who starts, the layout."""
LIVES_QUESTION = Question("lives", msg("New game: life chips each?"), tuple(str(n) for n in LIVES),
                          tuple(msg_n("{n} life", "{n} lives", n=n) for n in LIVES),
                          (msg("2 is the rule; 3 makes a longer game."),), int)


class TrickRaidersSetup(SeatListSetup):
    """How many players, how many lives, who starts; then what to lay out (Start, which the app acts on)."""

    def __init__(self, last: Mapping[str, Any] | None = None) -> None:
        super().__init__(SETUP_WORDS, (3, 4), layout, last, (LIVES_QUESTION,), SEATS)


class TrickRaidersUI(TaggedComponentsUI):
    """{card} as players say it, {suit} and {player} in the table's language."""

    name = "trick-raiders"

    def __init__(self, game: Game | None = None) -> None:
        """The words of the game, on `game`'s component data (companion.census.game_for; default: shipped)."""
        assert game is None or isinstance(game, TrickRaiders)
        self.game = game if game is not None else TrickRaiders()
        self.cards = self.components = self.game.catalogue.cards
        self._namers = {**self.common_namers(CardNamer(self.cards), name_player, name_option), "suit": name_suit,
                        "lives": counts_of(name_player)}

    def new_setup(self, last: Mapping[str, Any] | None = None) -> TrickRaidersSetup:
        return TrickRaidersSetup(last)

    def button_label(self, name: str) -> Message | None:
        """Only OK has a game word ("Done" ends a declaration); the action buttons do nothing in this game."""
        return None

    def unused_buttons(self) -> tuple[str, ...]:
        """The four action buttons: a trick is played with the cards, Next, OK and Undo."""
        return ("confront", "defend", "support", "pass")

    def direct_buttons(self, prompt: Prompt | None) -> tuple[str, ...]:
        """OK ends a declaration in one press; choices go through Next and OK."""
        if prompt is not None and prompt.tap is not None and "ok" in prompt.options:
            return ("ok",)
        return ()

    def input_for_button(self, prompt: Prompt, name: str) -> list[Input] | Message:
        """OK ends a declaration; the action buttons have no meaning in Trick Raiders."""
        if name in prompt.options and prompt.tap is not None:
            return [Press(name)]
        return msg("That button does nothing in Trick Raiders. {prompt}", prompt=prompt.message)

    def option_label(self, option: str, prompt: Prompt) -> Message:
        if prompt.kind == "revoke":
            return self._revoke_label(option, prompt)
        if prompt.kind == "life-steal":
            return msg("Take a life chip from {player}", player=option)
        if option in WORDS:
            return WORDS[option]
        if option in self.cards:
            return msg("{card}", card=option)
        return msg("{option}", option=option)

    @staticmethod
    def _revoke_label(option: str, prompt: Prompt) -> Message:
        """The answers to a revoke's undo offer: back to the trick where the player did not follow, or play on."""
        if option == UNDO:
            return msg("Undo to trick {trick}", trick=prompt.message.params.get("trick", ""))
        return msg("Play on")

    def describe_input(self, value: Any, prompt: Prompt | None) -> Message:
        """An input in words for the table (undo question, replay)."""
        who = prompt.actor if prompt is not None else ""
        if isinstance(value, Tap):
            return msg("{player}: {card}", player=who, card=value.card)
        if isinstance(value, Press):
            return msg("{player}: declaration done", player=who)
        option = value.option if isinstance(value, Choose) else "?"
        label = self.option_label(option, prompt) if prompt is not None else msg("{option}", option=option)
        return msg("{player}: {choice}", player=who, choice=label)

    def undo_lines(self, events: list[Event]) -> list[Message]:
        """What the table must put back, newest first."""
        return undo_newest_first(events, self._undo_event)

    def _undo_event(self, event: Event) -> list[Message]:
        d = event.data
        who, card = d.get("player") or "", d.get("card") or ""
        if event.kind == "play":
            if d.get("source") == "lead":
                return [msg("{player} takes {card} back from the trick into the lead cards.", player=who, card=card)]
            return [msg("{player} takes {card} back from the trick into the hand.", player=who, card=card)]
        if event.kind == "collect":
            return [msg("{player} puts {card} back among the lead cards.", player=who, card=card)]
        if event.kind == "add":
            return [msg("{player} takes {card} back into the hand.", player=who, card=card)]
        if event.kind == "trump":
            return [msg("Take {card} off the trump card.", card=card)]
        if event.kind == "life-steal" and d.get("victim"):
            return [msg("{player} gives the life chip back to {player2}.", player=who, player2=d["victim"])]
        if event.kind == "lead-return" and d.get("moved"):
            return [msg("{player} puts {card} back among the lead cards.", player=who, card=d["moved"])]
        if event.kind in ("dropout", "eliminated"):
            return [msg("{player} takes back the life chip returned to the centre.", player=who)]
        if event.kind == "bonus":
            return [msg("{player} puts the bonus declaration token back.", player=who)]
        if event.kind == "won":
            return [msg("Put the cards of trick {trick} back in front of their players.", trick=d.get("trick", 0))]
        if event.kind in ("bonus-achieved", "gather", "deal", "round-end"):
            return [msg("Undo this step: {step}", step=event.message)]
        return []

    def screen_kind(self, view: dict[str, Any]) -> str:
        phase = view.get("phase")
        if phase == "over":
            return "game-over"
        if phase == "deal" and view.get("round", 1) > 1 and not any(p["lead"] for p in view["players"]):
            return "round-end"
        return "board"

    def summary(self, view: dict[str, Any]) -> list[Message]:
        """Players in seat order with their lives; the round and the trump."""
        players = [p for p in view.get("players", []) if isinstance(p, dict)]
        lines: list[Message] = []
        if players:
            lives = [[str(p.get("name", "")), p.get("lives", 0)] for p in players]
            lines.append(msg("Lives: {lives}.", lives=lives))
        if "round" in view:
            if view.get("trump"):
                lines.append(msg("Round {round}; trump: {suit}.", round=view["round"], suit=view["trump"]))
            else:
                lines.append(msg("Round {round}.", round=view["round"]))
        return lines

    def title(self, view: dict[str, Any]) -> Message:
        if view.get("phase") == "over":
            return msg("Game over after round {round}", round=view["round"])
        pending = view.get("pending") or {}
        if pending.get("kind") == "revoke":
            return msg("Revoke in trick {trick}", trick=pending.get("params", {}).get("trick", ""))
        if view.get("phase") == "tricks" and pending:
            return msg("Round {round}, trick {trick}: {player}", round=view["round"], trick=view["trick_number"],
                       player=pending.get("player", ""))
        if pending:
            return msg("Round {round}: {player}", round=view["round"], player=pending.get("player", ""))
        return msg("Round {round}", round=view["round"])


def _policy(rng: random.Random, explore: float = 0.0) -> Any:
    from games.trick_raiders.policy import SimplePolicy

    return SimplePolicy(rng, explore=explore)


def _simulate(game: Game, setup: dict[str, Any] | None, games: int, seed: int) -> tuple[list[str], int]:
    """`companion simulate` for Trick Raiders: rounds, winners and inputs per game."""
    from games.trick_raiders.simulate import simulate

    setup = dict(setup or {"players": list(SEATS), "lives": 2})
    assert isinstance(game, TrickRaiders)
    game.parse_setup(setup)
    tally = simulate(game, setup, games, seed)
    rounds = ", ".join(f"round {r}: {n}" for r, n in sorted(tally.rounds.items()))
    return [f"{tally.games} games, {len(setup['players'])} players ({', '.join(setup['players'])}), "
            f"{setup.get('lives', 2)} lives, seed {seed}",
            f"games ended in {rounds}; {tally.shared_wins} shared wins; {tally.revokes} revokes flagged",
            f"{tally.inputs / max(tally.games, 1):.1f} inputs per game"], tally.inputs


def _random_setup(rng: random.Random) -> dict[str, Any]:
    seats = list(SEATS[:rng.choice((3, 4))])
    return {"players": seats, "lives": rng.choice(LIVES), "seed": rng.randrange(2**31)}


def _setup_arguments(words: list[str]) -> dict[str, Any] | None:
    """`companion simulate --players 3 --lives 3`: a Trick Raiders set-up."""
    import argparse

    parser = argparse.ArgumentParser(prog="companion simulate --game trick-raiders", add_help=False)
    parser.add_argument("--players", type=int, choices=(3, 4))
    parser.add_argument("--lives", type=int, choices=LIVES)
    try:
        args = parser.parse_args(words)
    except SystemExit:
        raise RuleError(f"unknown set-up options {' '.join(words)}; Trick Raiders knows --players 3|4 "
                        "and --lives 2|3") from None
    if not words:
        return None
    return {"players": list(SEATS[:args.players or 4]), "lives": args.lives or 2}


APP = GameApp(
    ui=TrickRaidersUI, demo_script=TrickRaidersDemo, policy=_policy,
    simulate=_simulate, random_setup=_random_setup, setup_arguments=_setup_arguments)
"""This game's part of the companion, named by its registration (games/trick_raiders/registration.py)."""

__all__ = ["APP", "SEATS", "SUITS", "TrickRaidersSetup", "TrickRaidersUI"]
