"""Rules engines for the table companion.

Pure by design: this package imports only the standard library, never reads
the user's files, clocks or hardware, and never touches global random state.
Everything a game needs arrives as arguments (setup, seed, inputs, and any
user-edited data as text), so the same inputs always give the same state.

`engine.core` is game-independent (inputs, prompts, errors, journal, the match
that replays them); each game is a folder under `games/` (its rules a package there, built on `engine.core`).
"""

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.inputs import Choose, Input, Press, Tap, input_from_json, input_to_json
from engine.core.match import Match
from engine.core.prompt import Prompt
from engine.core.registry import game_names, get_game

__all__ = [
    "Choose",
    "Event",
    "Input",
    "Match",
    "Press",
    "Prompt",
    "RuleError",
    "Tap",
    "game_names",
    "get_game",
    "input_from_json",
    "input_to_json",
]
