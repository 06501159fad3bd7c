"""Who plays which seat: one question per seat after the game's own set-up questions.

`Seated` wraps a game's `SetupFlow`. Once the game knows its seats (the
colours or Samurai chosen, the flow at its "start" screen), each seat in
turn asks "Who plays Red?": Nobody is highlighted (naming is never forced,
one OK leaves the seat anonymous), then the players most recently seated,
without those seated already. A personal tag tapped meanwhile seats its
player in the seat being asked, or in the first anonymous seat once every
seat was asked. With an empty player book there is no question at all.
Undo steps back through these answers, then into the game's questions.

The answers go into the journal's header (`Match.notes["people"]`: seat ->
{"id", "name"}), so the history rebuilt from the journals has them, with
the names as they were, even on a device that lost its player book.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from typing import Any

from companion.games.base import Menu, SetupFlow, Text, seats_of
from companion.players.book import Player, PlayerBook
from companion.players.recorded import people_of
from engine import Match, RuleError
from engine.core.messages import Message, msg

NOBODY = "nobody"


def seat_key(setup: dict[str, Any] | None) -> str | None:
    """The set-up field that lists the seats ("players", "samurai"), for naming a seat in its game's words."""
    for key, value in (setup or {}).items():
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            return str(key)
    return None


def seat_words(seat: str, key: str | None) -> Message:
    """A seat as its game names it: a colour through the "player" namer, a Samurai through "samurai"."""
    return msg("{samurai}", samurai=seat) if key == "samurai" else msg("{player}", player=seat)


def _who_plays(seat: str, key: str | None) -> Message:
    if key == "samurai":
        return msg("Who plays {samurai}?", samurai=seat)
    return msg("Who plays {player}?", player=seat)


def _played_by(seat: str, key: str | None, name: str) -> Message:
    if key == "samurai":
        return msg("{samurai}: {name}", samurai=seat, name=name)
    return msg("{player}: {name}", player=seat, name=name)


class Seated:
    """A game's set-up questions, then who plays each seat (a SetupFlow itself)."""

    def __init__(self, game: SetupFlow, book: PlayerBook, reload: Callable[[], PlayerBook] | None = None) -> None:
        self.game = game
        self.book = book
        self.reload = reload
        """Reads the book again when the seats become known, so a player added on the phone during set-up is
        offered (the menu itself is drawn every frame and reads no file)."""
        self.answers: list[str] = []
        """A player id or NOBODY for each seat asked so far, in seat order."""

    def _seats(self) -> tuple[tuple[str, ...], str | None]:
        """The seats to ask about (none until the game's questions are answered, or without players)."""
        setup = self.game.result()
        if setup is None or not self.book.players:
            return (), None
        return seats_of(setup), seat_key(setup)

    def asking(self) -> str | None:
        """The seat whose player is asked now, or None."""
        seats, _ = self._seats()
        return seats[len(self.answers)] if len(self.answers) < len(seats) else None

    def _seated_ids(self) -> set[str]:
        return {a for a in self.answers if a != NOBODY}

    def menu(self) -> Menu:
        seats, key = self._seats()
        seat = self.asking()
        if seat is None:
            menu = self.game.menu()
            names = [_played_by(s, key, self.book.players[a].name)
                     for s, a in zip(seats, self.answers, strict=False) if a in self.book.players]
            return Menu(menu.title, menu.options, menu.labels, (*menu.detail, *names), menu.selected)
        free = [p for p in self.book.recent() if p.id not in self._seated_ids()]
        options = (NOBODY, *(p.id for p in free))
        labels: tuple[Text, ...] = (msg("Nobody (unnamed)"), *(p.name for p in free))
        detail: list[Text] = [msg("Next walks the list, OK takes it; a personal tag seats its player.")]
        detail += [_played_by(s, key, self.book.players[a].name)
                   for s, a in zip(seats, self.answers, strict=False) if a in self.book.players]
        return Menu(_who_plays(seat, key), options, labels, tuple(detail), 0)

    def choose(self, option: str) -> None:
        if self.asking() is None:
            self.game.choose(option)
            if self.reload is not None and self.game.result() is not None:
                self.book = self.reload()
            return
        if option not in self.menu().options:
            raise RuleError(msg("{option} is not one of the choices now.", option=option))
        self.answers.append(option)

    def tap(self, target: str) -> Text | None:
        if self.asking() is not None:
            return msg("Set-up now asks who plays each seat: tap a personal tag, or answer with Next and OK.")
        return self.game.tap(target)

    def seat(self, player: Player) -> Text | None:
        """A personal tag was tapped: seat its player in the seat asked, else the first unnamed one; or say why
        not (a refusal for the table), None when seated."""
        seats, key = self._seats()
        if not seats:
            return msg("{name}'s tag seats {name} once the seats are chosen: answer these questions first.",
                       name=player.name)
        if player.id in self._seated_ids():
            return msg("{name} is seated already.", name=player.name)
        if self.asking() is not None:
            self.answers.append(player.id)
            return None
        if NOBODY not in self.answers:
            return msg("Every seat has a player: Undo steps back to change one.")
        self.answers[self.answers.index(NOBODY)] = player.id
        return None

    def open_seats(self) -> tuple[tuple[str, ...], str | None]:
        """The seats asked about (none until the game's questions are answered, or with an empty book) and
        the set-up field that lists them: what the phone page offers (companion.players.seating_files)."""
        return self._seats()

    def assign(self, seats: dict[str, str]) -> Text | None:
        """Seat players from the phone: seat -> player id ("" or a seat left out: unnamed). Every seat is then
        answered, so the start screen shows who plays where; or a refusal, changing nothing."""
        known, _ = self._seats()
        if not known:
            return msg("The device no longer asks who plays each seat: nothing was changed.")
        chosen = {seat: seats.get(seat, "") for seat in known}
        named = [player_id for player_id in chosen.values() if player_id]
        missing = [player_id for player_id in named if player_id not in self.book.players]
        if missing:
            return msg("No player {id} in the book: reload the page.", id=missing[0])
        if len(set(named)) != len(named):
            return msg("Each player sits in one seat only: nothing was changed.")
        self.answers = [chosen[seat] or NOBODY for seat in known]
        return None

    def back(self) -> bool:
        if self.answers:
            self.answers.pop()
            return True
        return self.game.back()

    def result(self) -> dict[str, Any] | None:
        return self.game.result() if self.asking() is None else None

    def people(self) -> dict[str, dict[str, str]]:
        """Who plays each named seat, for the journal: seat -> {"id", "name" (as it is today)}."""
        seats, _ = self._seats()
        return {seat: {"id": answer, "name": self.book.players[answer].name}
                for seat, answer in zip(seats, self.answers, strict=False) if answer in self.book.players}

    def player_ids(self) -> list[str]:
        return [a for a in self.answers if a in self.book.players]


def people_line(match: Match) -> Message | None:
    """Who sat at each seat, as the seats were named at set-up ("At the table: Red: Ann, Blue: Ben."), each
    seat in its game's words; None when nobody was named."""
    setup = match.setup.to_json()
    seats = seats_of(setup)
    people = people_of(match.notes, seats)
    samurai = seat_key(setup) == "samurai"
    parts = [msg("{samurai}: {name}", samurai=seat, name=people[seat]["name"]) if samurai
             else msg("{player}: {name}", player=seat, name=people[seat]["name"]) for seat in seats if seat in people]
    if not parts:
        return None
    return msg("At the table: {people}.", people=reduce(lambda first, then: msg("{first}, {then}", first=first,
                                                                                then=then), parts))
