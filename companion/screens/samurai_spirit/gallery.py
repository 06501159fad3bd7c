"""Sample screens taken from real seeded games, for the demo, the docs and the tests.

Each sample is a `Screen` built the way the app builds one: the public view
of a match stopped at a chosen moment, recent narration newest first, the
prompt's options as labels and the buttons that act on them. Drawing these
at every size catches layouts that only break with seven Samurai or a long
combat line.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from companion.screen_model import Screen
from companion.screens.samurai_spirit.naming import display_name
from engine import Match, get_game
from engine.core.prompt import Prompt
from engine.games.samurai_spirit import Play as SpiritPlay
from engine.games.samurai_spirit.policy import SimplePolicy

GAME = "samurai-spirit"
PHYSICAL_BUTTONS = ("confront", "defend", "support", "pass")
WALK_BUTTONS = ("next", "ok", "undo")
LINES_KEPT = 6
SEATINGS: dict[int, tuple[str, ...]] = {
    2: ("kyuzo", "heihachi"),
    4: ("kyuzo", "heihachi", "daisuke", "kikuchiyo"),
    7: ("kikuchiyo", "kyuzo", "daisuke", "katsushiro", "gorobei", "heihachi", "kanbei"),
}

Stop = Callable[[Match, dict[str, Any]], bool]


def option_label(option: str) -> str:
    """How an option id reads: "kyuzo" -> "Kyuzo", "no" -> "No", card ids as they are."""
    return option if option[:1].isdigit() else display_name(option)


def screen_from_match(match: Match, kind: str, lines: Sequence[str], selected: int = 0, **extra: Any) -> Screen:
    """A screen as the app would show it for the match as it stands."""
    view = match.play.public_view()
    prompt: Prompt | None = match.play.prompt
    options: tuple[str, ...] = ()
    buttons: tuple[str, ...] = ("undo",)
    if prompt is not None and prompt.options:
        options = tuple(option_label(o) for o in prompt.options)
        direct = tuple(o for o in prompt.options if o in PHYSICAL_BUTTONS)
        buttons = (*direct, *WALK_BUTTONS)
    if view["result"]:
        title = f"Game over - round {view['round']}"
    elif kind == "round-end":
        title = f"End of round {view['round']}"
    else:
        title = f"Round {view['round']} - {display_name(view['active'])}'s turn"
    values: dict[str, Any] = {
        "kind": kind, "game": GAME, "view": view, "title": title, "lines": tuple(lines),
        "options": options, "selected": min(selected, max(0, len(options) - 1)), "buttons": buttons,
    }
    values.update(extra)
    return Screen(**values)


def play_until(samurai: Sequence[str], seed: int, stop: Stop, difficulty: str = "normal") -> tuple[Match, list[str]]:
    """Play a seeded game with the simple policy until `stop(match, view)` holds (or the game ends);
    return the match and the narration, newest first."""
    match = Match(get_game(GAME), {"samurai": list(samurai), "difficulty": difficulty}, seed)
    policy = SimplePolicy(random.Random(seed))
    lines: deque[str] = deque((e.text for e in match.opening), maxlen=LINES_KEPT)
    while match.play.prompt is not None and not stop(match, match.play.public_view()):
        play = match.play
        assert isinstance(play, SpiritPlay)
        for event in match.apply(policy.choose(play)):
            if event.kind != "forced":
                lines.append(event.text)
    return match, list(reversed(lines))


def _at_prompt(kinds: tuple[str, ...], min_turn: int = 0) -> Stop:
    def stop(match: Match, view: dict[str, Any]) -> bool:
        pending = view["pending"] or {}
        return pending.get("kind") in kinds and view["turn"] >= min_turn

    return stop


def _at_round_end(match: Match, view: dict[str, Any]) -> bool:
    pending = view["pending"] or {}
    return pending.get("samurai") == "table" and str(pending.get("text", "")).startswith("Step 4")


def _never(match: Match, view: dict[str, Any]) -> bool:
    return False


def setup_detail(match: Match) -> tuple[str, ...]:
    """What the table lays out, from the match's opening narration."""
    return tuple(event.text for event in match.opening if event.kind == "setup") + (
        "Each Samurai board human side up, meeple on 0, support token beside it.",
        "Give the Active Player marker to the first player.",
    )


def sample_screens(players: int, seed: int = 7) -> dict[str, Screen]:
    """One screen of every kind for a game of `players` Samurai (2, 4 or 7 seatings)."""
    samurai = SEATINGS[players]
    fresh = Match(get_game(GAME), {"samurai": list(samurai), "difficulty": "normal"}, seed)
    screens: dict[str, Screen] = {
        "setup": Screen(kind="setup", game=GAME, view=fresh.play.public_view(), title="Set up the table",
                        detail=setup_detail(fresh), options=("Start", "Change Samurai"), buttons=("next", "ok")),
    }
    match, lines = play_until(samurai, seed, _at_prompt(("action", "fight"), min_turn=3 * players))
    screens["board"] = screen_from_match(match, "board", lines, selected=1)
    screens["board-notice"] = screen_from_match(
        match, "board", lines, notice="Defend not allowed: Kyuzo already defends a hat", notice_error=True)
    screens["board-confirm"] = screen_from_match(match, "board", lines, confirm="Undo the last input?",
                                                 buttons=("ok", "undo"))
    match, lines = play_until(samurai, seed, _at_prompt(("fight",), min_turn=2 * players))
    screens["board-fight"] = screen_from_match(match, "board", lines)
    match, lines = play_until(samurai, seed, _at_round_end)
    screens["round-end"] = screen_from_match(match, "round-end", lines)
    match, lines = play_until(samurai, seed, _never)
    screens["game-over"] = screen_from_match(match, "game-over", lines, options=("New game", "Replay"),
                                             buttons=("next", "ok"))
    won = _winning_game(samurai)
    if won is not None:
        screens["game-over-won"] = screen_from_match(won[0], "game-over", won[1], buttons=("ok",))
    screens["enroll"] = Screen(kind="enroll", game=GAME, title="Enroll cards",
                               detail=("Tap each Raider card once on the reader.", "12 of 66 cards enrolled.",
                                       "Last: 3-doll-wound"), options=("Done", "Start over"), buttons=("next", "ok"))
    screens["resume"] = Screen(kind="resume", game=GAME, title="Resume the saved game?",
                               detail=("Round 2, turn 31: Kyuzo, Heihachi, Daisuke, Kikuchiyo.",
                                       "Saved 12 minutes ago."), options=("Resume", "New game"), selected=0,
                               buttons=("next", "ok"))
    screens["message"] = Screen(kind="message", game=GAME, title="Reader lost",
                                detail=("The card reader stopped answering; retrying.",),
                                notice="Check the reader's cable.", notice_error=False)
    return screens


def _winning_game(samurai: Sequence[str], seeds: range = range(1, 40)) -> tuple[Match, list[str]] | None:
    """The first seed in `seeds` that the simple policy wins at Easy, played to the end."""
    for seed in seeds:
        match, lines = play_until(samurai, seed, _never, difficulty="easy")
        if match.play.result == "won":
            return match, lines
    return None
