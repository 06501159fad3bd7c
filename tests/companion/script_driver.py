"""A driver of `companion run --mock --script -` that knows nothing but the answers.

It imports only the standard library: no rules engine, no journal, no app.
Each move is picked from what the last answer says is valid now (`taps`,
`buttons`), and each answer is held to what the one before promised: a
listed button does what it said (the page button, where the steps are paged,
turns the page and plays nothing), a tap that is not listed and a button
that is not listed are refused with a reason (`refused`), a listed tap is
taken or refused with a reason. tests/companion/test_script_answers.py plays every
registered game to its end with it; bench/census.py teaches a whole box with it.
"""

from __future__ import annotations

import json
import random
import subprocess
from collections import Counter
from typing import Any

LINES_PER_GAME = 3000
"""More script lines than any game takes: a game still going after that is a walk that never ends."""


class DriverFailure(AssertionError):
    """An answer broke what the one before promised, or the game never ended."""


class Driver:
    """One companion child; `act` sends a line and returns its answer."""

    def __init__(self, command: list[str], env: dict[str, str], seed: int, log: Any) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True,
                                     env=env, bufsize=1)
        self.rng = random.Random(seed)
        self.count: Counter[str] = Counter()
        self.seen: set[str] = set()
        """Every component any answer listed as tappable: the ones not listed now are probed as refusals."""
        self.refused_here: dict[str, int] = {}
        """Listed taps refused (a card only its owner knows has left the game), with the input count then: not
        tried again until an input is taken."""
        self.last = self._read()

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("{"):
                answer: dict[str, Any] = json.loads(line)
                self.seen.update(answer.get("taps") or ())
                return answer
        raise DriverFailure(f"the companion stopped (exit {self.proc.wait()})")

    def act(self, line: str) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        self.count["lines"] += 1
        answer = self._read()
        if answer.get("error"):
            raise DriverFailure(f"{line!r} could not be carried out: {answer}")
        self.last = answer
        return answer

    def quit(self) -> int:
        self.act("quit")
        return self.proc.wait(timeout=60)

    # --- the promises -----------------------------------------------------------------

    def press(self, name: str) -> dict[str, Any]:
        """A press the last answer lists, held to what it said the press does."""
        before = self.last
        does = before["buttons"][name]
        after = self.act(f"press {name}")
        if "refused" in after:
            raise DriverFailure(f"{name} was listed as {does} but refused: {after['refused']}")
        if does["does"] == "highlight" and after["options"][after["selected"]] != does["option"]:
            raise DriverFailure(f"{name} was to highlight {does['option']}: {after}")
        if does["does"] == "choose" and before["mode"] == "play" and after["inputs"] <= before["inputs"]:
            raise DriverFailure(f"{name} was to choose {does['option']}, no input was taken: {after}")
        if does["does"] == "undo" and not after["confirm"]:
            raise DriverFailure(f"{name} was to ask the undo: {after}")
        if does["does"] == "page" and any(after[key] != before[key] for key in ("mode", "inputs", "view", "options",
                                                                               "selected")):
            raise DriverFailure(f"{name} was to turn the page and change nothing else: {before} -> {after}")
        self.count[f"press {does['does']}"] += 1
        return after

    def tap(self, target: str) -> dict[str, Any]:
        """A tap the last answer lists: taken, or refused with a reason (what only hidden cards decide)."""
        before = self.last
        after = self.act(f"tap {target}")
        if "refused" in after:
            self._refused(before, after, f"the listed tap {target}")
            self.count["listed tap refused"] += 1
            self.refused_here[target] = after["inputs"]
        elif before["mode"] == "play" and after["inputs"] <= before["inputs"]:
            raise DriverFailure(f"the listed tap {target} took no input: {after}")
        else:
            self.count["tap"] += 1
        return after

    def probe(self) -> None:
        """A button or a seen component the answer does not list now: it must be refused and change nothing."""
        before = self.last
        buttons = [b for b in ("confront", "defend", "support", "pass", "next", "ok", "undo")
                   if b not in before["buttons"]]
        taps = sorted(self.seen - set(before["taps"]))
        if buttons and (not taps or self.rng.random() < 0.5):
            name = self.rng.choice(buttons)
            self._refused(before, self.act(f"press {name}"), f"the unlisted press {name}")
            self.count["unlisted press refused"] += 1
        elif taps:
            target = self.rng.choice(taps)
            self._refused(before, self.act(f"tap {target}"), f"the unlisted tap {target}")
            self.count["unlisted tap refused"] += 1

    @staticmethod
    def _refused(before: dict[str, Any], after: dict[str, Any], what: str) -> None:
        refused = after.get("refused")
        if not refused or not refused.get("key") or not refused.get("text"):
            raise DriverFailure(f"{what} was not refused with a reason: {after}")
        if after["inputs"] != before["inputs"] or after["mode"] != before["mode"]:
            raise DriverFailure(f"{what} was refused but changed the game: {before} -> {after}")

    # --- the table --------------------------------------------------------------------

    def pick(self, option: str) -> dict[str, Any]:
        """Walk a list to `option` with Next and take it with OK, as the buttons promise."""
        for _ in range(len(self.last["options"])):
            if self.last["options"][self.last["selected"]] == option:
                break
            self.press("next")
        if self.last["buttons"]["ok"] != {"does": "choose", "option": option}:
            raise DriverFailure(f"OK does not choose {option}: {self.last}")
        return self.press("ok")

    def set_up(self) -> None:
        """Each question answered by its highlighted option, or at random by a tap the question takes."""
        while self.last["mode"] == "setup":
            taps = self.last["taps"]
            if taps and self.rng.random() < 0.4:
                self.tap(self.rng.choice(taps))
            else:
                self.press("ok")
            if self.count["lines"] > LINES_PER_GAME:
                raise DriverFailure(f"the set-up never ends: {self.last}")

    def play(self, game: str) -> dict[str, Any]:
        """From the game menu to the game's end; returns the game-over answer."""
        self.pick(game)
        self.set_up()
        if self.last["mode"] != "play" or self.last["game"] != game:
            raise DriverFailure(f"the set-up of {game} did not start it: {self.last}")
        undos = 0
        while not self.last["over"]:
            if self.count["lines"] > LINES_PER_GAME:
                raise DriverFailure(f"{game} is still going after {LINES_PER_GAME} lines: {self.last}")
            buttons = self.last["buttons"]
            if self.rng.random() < 0.08:
                self.probe()
                continue
            undo = [name for name, does in buttons.items() if does["does"] == "undo"]
            offered = buttons.get("ok", {}).get("does") == "undo"  # the game offers an undo (a revoke found)
            if undo and undos < 2 and self.rng.random() < (0.5 if offered else 0.02):
                self._undo(self.rng.choice(undo))
                undos += 1
                continue
            if "next" in buttons and buttons["next"]["does"] == "highlight" and self.rng.random() < 0.3:
                self.press("next")
                continue
            pages = [name for name, does in buttons.items() if does["does"] == "page"]
            if pages and self.rng.random() < 0.2:
                self.press(self.rng.choice(pages))  # the steps are paged: the page button turns them
                continue
            choose = [name for name, does in buttons.items() if does["does"] == "choose"]
            taps = [t for t in self.last["taps"] if self.refused_here.get(t) != self.last["inputs"]]
            if taps and (not choose or self.rng.random() < 0.6):
                self.tap(self.rng.choice(taps))
            elif choose:
                self.press(self.rng.choice(choose))
            else:
                raise DriverFailure(f"{game}: nothing to tap and no button to choose with: {self.last}")
        return self.last

    def _undo(self, name: str) -> None:
        """Undo (or the game's offered undo), confirmed with OK: exactly the inputs promised go back."""
        before = self.last
        promised = before["buttons"][name]["inputs"]
        asked = self.press(name)
        if asked["buttons"].get("ok") != {"does": "confirm"}:
            raise DriverFailure(f"the undo's confirmation is not confirmed by OK: {asked}")
        after = self.press("ok")
        if after["inputs"] != before["inputs"] - promised:
            raise DriverFailure(f"{name} promised to take back {promised} inputs: {before['inputs']} -> "
                                f"{after['inputs']}")
        self.count["undone"] += promised
