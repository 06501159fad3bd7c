"""A match: setup, seed and the accepted inputs, which together are the game.

Like python-chess's move stack, the list of accepted inputs is the truth: the
live state is a replay of it, undo is a replay without the last inputs, and a
saved game is that list appended to a journal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.game import Game, Play
from engine.core.inputs import Input
from engine.core.messages import msg


class Match:
    """One game in progress: a Play plus the inputs that made it.

    `history[i]` holds the events input i produced, so an undo can tell the
    table what to put back.
    """

    def __init__(self, game: Game, setup: Any, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RuleError(msg('seed must be a whole number'))
        self.game = game
        self.setup = game.parse_setup(setup)
        self.seed = seed
        self.notes: dict[str, Any] = {}
        """What the table keeps with the game that the rules never read (who sat in each seat): written in the
        journal header when there is any, read back with it, never part of a replay. An undo keeps it."""
        self.started: str | None = None
        """When the game began, as the companion gave it (ISO 8601 with the UTC offset then; the engine reads no
        clock): the journal header's `at`, never part of a replay. An undo keeps it."""
        self.inputs: list[Input] = []
        self.history: list[list[Event]] = []
        self.times: list[str | None] = []
        """When each input was accepted, as the companion gave it to `apply` (None where it gave none): written
        beside each record of the journal and read back with it, never part of a replay."""
        self.play: Play
        self.opening: list[Event]
        self.play, self.opening = game.new_play(self.setup, seed)

    @classmethod
    def replay(cls, game: Game, setup: Any, seed: int, inputs: Iterable[Input]) -> Match:
        """Rebuild a match from its inputs; a refused input names its position."""
        match = cls(game, setup, seed)
        for number, value in enumerate(inputs, start=1):
            try:
                match.apply(value)
            except RuleError as exc:
                raise RuleError(msg("input {number} cannot be replayed: {reason}", number=number,
                                    reason=exc.message)) from None
        return match

    def header(self) -> dict[str, Any]:
        """What a journal stores before the inputs (the notes only when there are any, so a game without
        them has the header it always had), and the digest of the component data the game plays with
        (engine.core.game.FlowGame.components_digest), so a replay uses exactly that data."""
        header = {"game": self.game.name, "setup": self.setup.to_json(), "seed": self.seed}
        components = getattr(self.game, "components_digest", None)
        if components is not None:
            header["components"] = components
        if self.notes:
            header["notes"] = self.notes
        if self.started is not None:
            header["at"] = self.started
        return header

    def apply(self, value: Input, at: str | None = None) -> list[Event]:
        """Check then apply one input, accepted at the moment `at` if the caller gives one. A refused input
        raises RuleError, changing nothing."""
        self.play.check(value)
        events = self.play.advance(value)
        self.inputs.append(value)
        self.history.append(events)
        self.times.append(at)
        return events

    def undo(self, steps: int = 1) -> list[Input]:
        """Step back `steps` inputs by replaying the rest; return the inputs taken back."""
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise RuleError(msg('undo needs a whole number of steps, 1 or more'))
        if steps > len(self.inputs):
            have = len(self.inputs)
            raise RuleError(msg('cannot undo {steps} step(s): only {have} input(s) so far', steps=steps, have=have))
        kept, taken = self.inputs[:-steps], self.inputs[-steps:]
        times = self.times[:len(kept)]
        fresh = Match.replay(self.game, self.setup.to_json(), self.seed, kept)
        self.play, self.opening, self.inputs, self.history = fresh.play, fresh.opening, fresh.inputs, fresh.history
        self.times = times
        return taken


def secrets_along(game: Game, setup: Any, seed: int, inputs: Iterable[Input],
                  secret: Callable[[Any], Any]) -> list[Any]:
    """`secret(play)` after the set-up and after each input: what a game's testing hooks compare between a
    play and its hidden twin (see engine.core.registry's `hidden_content`)."""
    match = Match(game, setup, seed)
    out = [secret(match.play)]
    for value in inputs:
        match.apply(value)
        out.append(secret(match.play))
    return out


def play_match(game: Game, setup: Any, seed: int, choose: Callable[[Any], Input]) -> Match:
    """One whole game, each input picked by `choose` from the play (a policy's) and applied as the table's.

    What every game's `simulate.play_one` does; the game supplies its policy
    with its own random source derived from the seed, so a game is its seed.
    """
    match = Match(game, setup, seed)
    play = match.play
    while play.prompt is not None:
        match.apply(choose(play))
    return match
