"""A whole table evening on the installed configuration, with power cuts: the acceptance trial.

Every registered game in turn (the default game first), each played to its end by the games' own demo tables
(the people), through `companion run --mock --script -` in a child process
started on the configuration `systemd/install.sh` writes: the game menu
first, the language asked at set-up. At random moments the child is killed
with SIGKILL, between two actions or while one is being handled, and started
again, as a power cut and a reboot would; the table then answers the resume
question and plays on. Beside it `companion web` serves the phone page.

What the table believes is checked against the disk after every action:
the inputs the app says it accepted are all in `current.journal`, and the
journal replayed gives the public view the app shows. After each restart
the unfinished game must be offered and continue where the disk says. At
the end history must list every game exactly once, with the outcome its
journal gives. One card is enrolled mid-evening (an unknown tag bound at a
tap prompt) and must still be known after the restarts that follow; once
per game an undo is made right after a restart.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from companion.games import game_ui, registered_games, registration
from companion.harness.table_script import view_digest
from companion.runtime.config import installed_config
from companion.runtime.storage import CURRENT, JournalFollower, load_journal
from engine.core.registry import RegistrationError, entry

NEW_TAG = "04E0E1E2E3E4E5"
"""The sticker put on a card mid-evening (no virtual tag has this UID)."""
ANSWER_S = 60.0
"""How long one script line may take before the trial says the companion hangs."""


class TrialFailure(AssertionError):
    """What the trial found: a lost input, a game not offered, a history that disagrees."""


@dataclass
class Counts:
    games: int = 0
    kills: int = 0
    restarts: int = 0
    resumed: int = 0
    actions: int = 0
    inputs_on_disk: int = 0
    lost: int = 0
    undos_after_restart: int = 0
    enrolled_taps: int = 0
    web_checks: int = 0
    per_game_kills: Counter[str] = field(default_factory=Counter)

    def line(self) -> str:
        return (f"{self.games} games, {self.kills} kills, {self.restarts} restarts ({self.resumed} resumed a game), "
                f"{self.actions} table actions, {self.inputs_on_disk} inputs on disk, {self.lost} lost, "
                f"{self.undos_after_restart} undos after a restart, {self.enrolled_taps} taps of the card "
                f"enrolled mid-evening, {self.web_checks} phone-page reads")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _env() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("COMPANION_CONFIG", None)
    env.pop("NOTIFY_SOCKET", None)
    return env


def companion_command() -> list[str]:
    """The installed `companion` beside this Python (the venv's), else the module run by this Python."""
    script = Path(sys.executable).with_name("companion")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from companion.cli import main; main()"]


class Child:
    """One `companion run --mock --script -`: lines in, one JSON answer a line out."""

    def __init__(self, config: Path, seed: int, log: TextIO) -> None:
        self.proc = subprocess.Popen([*companion_command(), "run", "--mock", "--config", str(config), "--script", "-",
                                      "--seed", str(seed)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=log, text=True, env=_env(), bufsize=1)
        self.answers: queue.Queue[dict[str, Any] | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            try:
                self.answers.put(json.loads(line))
            except ValueError:
                continue
        self.answers.put(None)

    def answer(self) -> dict[str, Any]:
        try:
            got = self.answers.get(timeout=ANSWER_S)
        except queue.Empty:
            raise TrialFailure(f"the companion did not answer within {ANSWER_S:g} s") from None
        if got is None:
            raise TrialFailure(f"the companion stopped (exit {self.proc.wait()})")
        return got

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):  # the pipe of a killed child may already be broken
                    stream.close()

    def quit(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=ANSWER_S)
        except (OSError, subprocess.TimeoutExpired):
            self.kill()


class Menu:
    """What `app.setup.menu()` gives a demo script: the options the screen offers now."""

    def __init__(self, options: tuple[str, ...], selected: int) -> None:
        self.options = options
        self.selected = selected


class RemoteApp:
    """The part of the app a demo script reads, known from the answers and the journal on disk."""

    def __init__(self, table: RemoteTable) -> None:
        self.table = table
        self.ui = game_ui(table.game)
        self.setup = self

    def menu(self) -> Menu:
        return Menu(tuple(self.table.last["options"]), int(self.table.last["selected"]))

    @property
    def selected(self) -> int:
        return int(self.table.last["selected"])

    @property
    def match(self) -> Any:
        return self.table.match()

    def tick(self) -> None:
        """Time passes at the table by itself."""


class _Clock:
    def advance(self, seconds: float) -> None:
        """The demo scripts let a notice expire; the real app's clock runs on its own."""


class RemoteTable:
    """The people at one game of the evening, as `DemoTable` is for `companion demo`, but across power cuts."""

    def __init__(self, evening: Evening, game: str, seed: int, lang: str) -> None:
        self.evening = evening
        self.game = game
        self.seed = seed
        self.lang = lang
        self.shown: set[str] = set()
        self.count: Counter[str] = Counter()
        self.clock = _Clock()
        self.app = RemoteApp(self)
        self.last: dict[str, Any] = {}
        self._match: Any = None
        self._match_inputs = -1
        self.undo_after_restart = False
        self.seat_index = 0
        """The seat question the table is at (counted from the first; back to 0 once they are answered)."""
        make = registration(game).demo_script
        setup = evening.setups.get(game)
        self.script = make.from_setup(self, setup) if setup is not None else make(self)

    # --- the physical actions the demo scripts make ---------------------------------

    def act(self, line: str) -> dict[str, Any]:
        return self._seat_people(self.evening.act(self, line))

    def _seat_people(self, answer: dict[str, Any]) -> dict[str, Any]:
        """Answer the seat questions ("Who plays Red?", options from "nobody") as the evening's `people` say:
        a player id is picked with Next and OK, "tag:UID" taps that personal tag, None leaves the seat unnamed.

        The demo scripts know nothing of players: they see the start screen once the seats are answered.
        """
        seats = self.evening.people.get(self.game, [])
        while answer.get("mode") == "setup" and list(answer.get("options") or [])[:1] == ["nobody"]:
            wanted = seats[self.seat_index] if self.seat_index < len(seats) else None
            self.seat_index += 1
            if wanted is not None and wanted.startswith("tag:"):
                answer = self.evening.act(self, f"tap {wanted[4:]}")
                continue
            options = list(answer["options"])
            choice = options.index(wanted) if wanted in options else 0
            for _ in range((choice - int(answer["selected"])) % len(options)):
                self.evening.act(self, "press next")
            answer = self.evening.act(self, "press ok")
        self.seat_index = 0
        return answer

    def tap(self, target: str) -> None:
        enrolled = self.evening.enrolled
        if enrolled is not None and enrolled[0] == self.game and enrolled[1] == target:
            answer = self.act(f"tap {NEW_TAG}")
            if NEW_TAG in (answer.get("notice") or ""):
                raise TrialFailure(f"the card enrolled mid-evening ({target}) is unknown again: {answer}")
            self.evening.counts.enrolled_taps += 1
            return
        if self.evening.wants_enrolment(self) and self._takes_tap(target) and self._enroll(target):
            return
        self.act(f"tap {target}")
        self.count["taps"] += 1

    def _takes_tap(self, target: str) -> bool:
        """True when the game waits for a card to be tapped and `target` is one it would take.

        Only then does the enrol list offer the card first and the enrolment
        count as its tap. At a prompt that takes no tap the list holds only
        what has no tag yet (on the installed configuration: nothing, so no
        list opens at all), and an Undo meant to close the list would take
        back a game input instead: the walk would never end.
        """
        match = self.match() if self.last.get("mode") == "play" else None
        if match is None or match.play.prompt is None or match.play.prompt.tap is None:
            return False
        return target in {f"card:{card}" for card in match.play.possible_taps()}

    def _enroll(self, target: str) -> bool:
        """A card with a new sticker: its tag is unknown, OK opens the list, the card is picked and counts as tapped.

        Undo is pressed only while the list is on screen (it closes the list);
        never otherwise, where it would take back a move of the game.
        """
        answer = self.act(f"tap {NEW_TAG}")
        if NEW_TAG not in (answer.get("notice") or ""):
            raise TrialFailure(f"a new tag was not reported as unknown: {answer}")
        answer = self.act("press ok")
        if answer.get("screen") != "message" or answer.get("mode") != "play":
            raise TrialFailure(f"OK after an unknown tag at a tap prompt did not open the enrol list: {answer}")
        options = answer["options"]
        if target not in options:
            self.act("press undo")  # closes the list; the card is tapped as usual
            return False
        self.pick(options.index(target), len(options))
        self.evening.enrolled = (self.game, target)
        self.evening.counts.enrolled_taps += 1
        return True

    def press(self, name: str) -> None:
        self.act(f"press {name}")
        self.count["presses"] += 1

    def pick(self, index: int, count: int) -> None:
        for _ in range((index - int(self.last["selected"])) % count):
            self.press("next")
        self.press("ok")

    def snap(self, name: str) -> None:
        self.shown.add(name)

    def lose_reader(self) -> None:
        self.act("reader-lost the cable was pulled")
        self.act("reader-back")
        self.shown.add("reader-lost")

    def show_next_mishap(self, refused: str | None, unknown_uid: str, undo_now: bool = True) -> None:
        if refused is not None and "refusal" not in self.shown:
            self.tap(refused)
            self.shown.add("refusal")
        elif "unknown-tag" not in self.shown:
            self.act(f"tap {unknown_uid}")
            self.shown.add("unknown-tag")
        elif "reader-lost" not in self.shown:
            self.lose_reader()
        elif "undo-confirm" not in self.shown and undo_now and self.last.get("inputs"):
            self.show_undo()

    def show_undo(self) -> None:
        self.press("undo")
        self.shown.add("undo-confirm")
        self.press("ok")
        self.count["undos"] += 1

    # --- what the table knows -------------------------------------------------------------

    def match(self) -> Any:
        """The game as the journal on disk has it (read again whenever the app's input count moved)."""
        inputs = int(self.last.get("inputs") or 0)
        if self.last.get("mode") not in ("play", "resume"):
            return None
        if self._match is None or self._match_inputs != inputs:
            self._match = self.evening.on_disk()
            self._match_inputs = inputs
        return self._match

    def set_up(self) -> None:
        """From the first screen to the game's start: the game menu, the language, the game's questions."""
        first = self.last
        if first["mode"] == "game":
            options = first["options"]
            self.pick(options.index(self.game), len(options))
        menu = self.app.menu()
        if self.lang in menu.options:
            self.pick(menu.options.index(self.lang), len(menu.options))
        self.script.set_up()

    def play(self) -> None:
        """Moves until the game is over; each move made from the game as the disk holds it."""
        while True:
            match = self.match()
            if match is None:
                return
            play = match.play
            if play.prompt is None:
                return
            if self.undo_after_restart and match.inputs:
                before = len(match.inputs)
                self.show_undo()  # a power cut in the middle leaves the flag up: the next restart tries again
                if int(self.last["inputs"]) >= before:
                    raise TrialFailure(f"undo after a restart took nothing back: {self.last}")
                self.undo_after_restart = False
                self.evening.undone_after_restart.add(self.game)
                self.evening.counts.undos_after_restart += 1
                continue
            inputs = len(match.inputs)
            self.script.show_features(play)
            if int(self.last.get("inputs") or 0) != inputs or self.last.get("mode") != "play":
                continue
            self.script.one_move(self.match().play)


class Evening:
    """The trial: one state folder, the installed configuration, the games in turn, kills throughout."""

    def __init__(self, folder: Path, seed: int, kills_per_game: int, games: tuple[str, ...] | None = None,
                 langs: tuple[str, ...] = ("en", "de"), fixed_game: bool = False, web: bool = True,
                 out: TextIO | None = None, people: dict[str, list[str | None]] | None = None,
                 setups: dict[str, dict[str, Any]] | None = None) -> None:
        self.folder = folder
        self.rng = random.Random(seed)
        self.seed = seed
        self.kills_per_game = kills_per_game
        self.games = tuple(registered_games()) if games is None else games
        """The games in turn: every registered one unless a test picks fewer (a new game joins the trial)."""
        self.langs = langs
        self.fixed_game = fixed_game
        self.web = web
        self.out = out
        self.people = people or {}
        """Who plays each seat, by game, in seat order: a player id, "tag:UID" (a personal tag tapped) or None
        (the seat left unnamed). The players must be in the state folder's player book."""
        self.setups = setups or {}
        """A game's set-up as `companion demo --setup` takes it (players, lives, difficulty, samurai); a game
        not named here is set up as its demo table is by default. A test picks short games with it."""
        self.state = folder / "state"
        self.config = folder / "companion.toml"
        self.counts = Counts()
        self.enrolled: tuple[str, str] | None = None
        self.child: Child | None = None
        self.web_proc: subprocess.Popen[bytes] | None = None
        self.web_port = 0
        self.kill_at: list[tuple[int, int]] = []
        """Where the next power cuts fall: (inputs on disk reached, table actions after that)."""
        self.log = (folder / "companion.log").open("a", encoding="utf-8")
        self.finished: list[tuple[str, int, str, Any]] = []
        """Each game played to its end: name, seed, result and outcome as its journal gives them."""
        self.table: RemoteTable | None = None
        self.table_before: RemoteTable | None = None
        self.undone_after_restart: set[str] = set()
        """Games in which an undo was made right after a restart (once each)."""
        self._disk = JournalFollower(self.state / CURRENT)
        self.ended: Any = None
        """The game being played, when a restart found it ended and put it with the finished games (a power
        cut at its game-over screen): the companion shows its result instead of a resume question."""

    # --- the machine ------------------------------------------------------------------

    def write_config(self, game: str | None = None) -> None:
        text = installed_config(str(self.state))
        if game is not None:
            text = text.replace('# game = "samurai-spirit"', f'game = "{game}"', 1)
        self.config.write_text(text, "utf-8")

    def start_web(self) -> None:
        self.state.mkdir(parents=True, exist_ok=True)
        self.web_port = free_port()
        self.web_proc = subprocess.Popen([*companion_command(), "web", "--config", str(self.config), "--host",
                                          "127.0.0.1", "--port", str(self.web_port)], stdout=subprocess.DEVNULL,
                                         stderr=self.log, env=_env())

    def check_web(self) -> None:
        """The phone page answers beside the table and names the game in progress, if any."""
        if self.web_proc is None:
            return
        url = f"http://127.0.0.1:{self.web_port}/live.json"
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    body = json.loads(response.read())
                break
            except (OSError, ValueError):
                if time.monotonic() > deadline or self.web_proc.poll() is not None:
                    raise TrialFailure("the phone page does not answer beside the table") from None
                time.sleep(0.2)
        if not isinstance(body, dict):
            raise TrialFailure(f"live.json is not an object: {body!r}")
        self.counts.web_checks += 1

    def boot(self, table: RemoteTable) -> dict[str, Any]:
        """Start the companion (the Pi boots) and read where it stands."""
        self.child = Child(self.config, table.seed, self.log)
        self.counts.restarts += 1
        answer = self.child.answer()
        table.last = answer
        return answer

    def power_cut(self, table: RemoteTable, line: str | None) -> None:
        """SIGKILL now (or just after sending `line`), then boot again and answer the resume question."""
        assert self.child is not None
        before = self.on_disk_inputs()
        acknowledged = int(table.last.get("inputs") or 0) if table.last.get("mode") == "play" else 0
        if line is not None:
            self.child.send(line)
            time.sleep(self.rng.choice((0.0, 0.0, 0.001, 0.005, 0.02)))
        self.child.kill()
        self.counts.kills += 1
        self.counts.per_game_kills[table.game] += 1
        after = self.on_disk_inputs()
        if after is not None and before is not None and after < min(before, acknowledged) and line is None:
            raise TrialFailure(f"{table.game}: the kill lost inputs ({before} on disk before, {after} after)")
        finished_before = set(self.state.glob("games/*.journal"))
        answer = self.boot(table)
        put_away = sorted(set(self.state.glob("games/*.journal")) - finished_before)
        if put_away:
            # The game had ended before the kill: the restart shows its result and puts it with the finished
            # games, whole (no resume question, nothing resumes by itself).
            ended = load_journal(put_away[-1]).match
            if len(put_away) > 1 or (self.state / CURRENT).exists() or ended.play.prompt is not None:
                raise TrialFailure(f"{table.game}: the restart put away {put_away}, not the ended game alone")
            if answer["mode"] == "resume" or answer["options"] != ["ok"]:
                raise TrialFailure(f"{table.game}: an ended game was offered again: {answer}")
            if len(ended.inputs) < acknowledged:
                self.counts.lost += acknowledged - len(ended.inputs)
                raise TrialFailure(f"{table.game}: {acknowledged} inputs were shown accepted, {len(ended.inputs)} "
                                   "were put away")
            self.ended = ended
        elif (self.state / CURRENT).exists():
            if answer["mode"] != "resume":
                raise TrialFailure(f"{table.game}: after a restart the unfinished game was not offered: {answer}")
            if answer["game"] != table.game:
                raise TrialFailure(f"{table.game}: the resume question offers {answer['game']}")
            on_disk = self.on_disk_inputs() or 0
            if line is None and on_disk < acknowledged:
                self.counts.lost += acknowledged - on_disk
                raise TrialFailure(f"{table.game}: {acknowledged} inputs were shown accepted, {on_disk} are on disk")
            table.last = self.child_act("press ok")
            if table.last["mode"] != "play":
                raise TrialFailure(f"{table.game}: OK on the resume question did not resume: {table.last}")
            self.counts.resumed += 1
            self.check_answer(table)
            if table.game not in self.undone_after_restart and table.last["inputs"] and not table.last["over"]:
                table.undo_after_restart = True
        elif answer["mode"] == "resume":
            raise TrialFailure(f"{table.game}: a resume question with no saved game: {answer}")
        if self.rng.random() < 0.3:
            self.check_web()

    def child_act(self, line: str) -> dict[str, Any]:
        assert self.child is not None
        self.child.send(line)
        return self.child.answer()

    # --- one action, checked ------------------------------------------------------------

    def act(self, table: RemoteTable, line: str) -> dict[str, Any]:
        """Send one script line, unless a power cut comes first; then the line is made again after the restart."""
        self.counts.actions += 1
        inputs = int(table.last.get("inputs") or 0) if table.last.get("mode") == "play" else 0
        if self.kill_at and inputs >= self.kill_at[0][0]:
            threshold, skip = self.kill_at[0]
            if skip > 0:
                self.kill_at[0] = (threshold, skip - 1)
            else:
                self.kill_at.pop(0)
                between = self.rng.random() < 0.5
                self.power_cut(table, None if between else line)
                raise Replan()
        table.last = self.child_act(line)
        self.check_answer(table)
        return table.last

    def check_answer(self, table: RemoteTable) -> None:
        """What the app says it accepted is on disk, and the disk replayed shows what the app shows."""
        answer = table.last
        if answer.get("error"):
            raise TrialFailure(f"{table.game}: a script line failed: {answer}")
        if answer["mode"] not in ("play", "resume"):
            return
        match = self.on_disk()
        if match is None:
            raise TrialFailure(f"{table.game}: a game is shown but none is on disk: {answer}")
        if len(match.inputs) != answer["inputs"]:
            self.counts.lost += max(0, answer["inputs"] - len(match.inputs))
            raise TrialFailure(f"{table.game}: the app shows {answer['inputs']} inputs, the disk holds "
                               f"{len(match.inputs)}")
        if answer["view"] is not None and answer["view"] != view_digest(match.play.public_view()):
            raise TrialFailure(f"{table.game}: the journal replayed does not give the view the app shows")

    def on_disk(self) -> Any:
        """The current journal's match, as a restart would rebuild it (replaying only what was appended since
        the last look: storage.JournalFollower)."""
        loaded = self._disk.read()
        if loaded is None:
            return None
        if loaded.damage is not None and not loaded.damage.torn:
            raise TrialFailure(f"the journal is damaged: {loaded.damage}")
        return loaded.match

    def on_disk_inputs(self) -> int | None:
        match = self.on_disk()
        return None if match is None else len(match.inputs)

    def wants_enrolment(self, table: RemoteTable) -> bool:
        """One card is enrolled mid-evening: in the second game, once it is under way."""
        return (self.enrolled is None and len(self.games) > 1 and table.game == self.games[1]
                and int(table.last.get("inputs") or 0) >= 6)

    # --- the evening ------------------------------------------------------------------------

    def play_game(self, number: int, game: str) -> None:
        lang = self.langs[number % len(self.langs)]
        table = RemoteTable(self, game, self.seed * 100 + number, lang)
        self.table_before, self.table = self.table, table
        # Kill points: a few during set-up, the rest spread over the inputs a game of it is sure to reach,
        # each a few table actions after its input count (a menu walk, a confirmation, a lifted card).
        shortest = shortest_game(game)
        setup_kills = max(1, self.kills_per_game // 10) if self.kills_per_game else 0
        thresholds = [0] * setup_kills + [self.rng.randrange(1, shortest)
                                          for _ in range(self.kills_per_game - setup_kills)]
        self.kill_at = [(t, self.rng.randrange(0, 10 if t == 0 else 3)) for t in sorted(thresholds)]
        self.ended = None
        if self.child is None:
            self.boot(table)
        else:
            assert self.table_before is not None
            table.last = self.table_before.last  # the screen after the last game's OK
        self.run_game(table)
        # A game shorter than its kill points: the ones left fall on its game-over screen (the first of them
        # puts it with the finished games at the restart; the others on the first menu after it).
        while self.counts.per_game_kills[game] < self.kills_per_game:
            self.kill_at = []
            self.power_cut(table, None)
            self.run_game(table)
        match = self.on_disk() if self.ended is None else self.ended
        if match is None or match.play.prompt is not None:
            raise TrialFailure(f"{game}: the game did not end")
        self.finished.append((game, match.seed, match.play.result or "over", match.play.outcome))
        self.counts.inputs_on_disk += len(match.inputs)
        self.counts.games += 1
        if self.ended is None or table.last.get("options") == ["ok"]:
            table.last = self.child_act("press ok")  # the next game (or past the ended game's result)
        if (self.state / CURRENT).exists():
            raise TrialFailure(f"{game}: OK after the end did not put the game under games/")
        if self.out is not None:
            print(f"  {game} ({lang}): {len(match.inputs)} inputs, {self.counts.per_game_kills[game]} kills",
                  file=self.out, flush=True)

    def run_game(self, table: RemoteTable) -> None:
        """Set up (unless a game is on) and play to the end, starting over from the disk after each power cut."""
        while self.ended is None:
            try:
                mode = table.last.get("mode")
                if mode in ("game", "setup"):
                    table.set_up()
                table.play()
                return
            except Replan:
                continue

    def run(self) -> Counts:
        self.write_config(self.games[0] if self.fixed_game else None)
        if self.web:
            self.start_web()
        try:
            for number, game in enumerate(self.games):
                if self.fixed_game:
                    self.write_config(game)
                    if self.child is not None:
                        self.child.quit()
                        self.child = None
                self.play_game(number, game)
            self.check_web()
            if self.child is not None:
                self.child.quit()
                self.child = None
            self.check_history()
            self.check_enrolment()
        finally:
            if self.child is not None:
                self.child.kill()
            if self.web_proc is not None:
                self.web_proc.terminate()
                self.web_proc.wait(timeout=30)
            self.log.close()
        return self.counts

    def check_history(self) -> None:
        """Every game of the evening exactly once, with the outcome its journal gives."""
        from companion.history.db import open_history

        with open_history(self.state) as history:
            rows = history.games()
        finished = [row for row in rows if row["finished"]]
        seen = Counter((row["game"], row["seed"]) for row in finished)
        for game, seed, _, _ in self.finished:
            if seen[(game, seed)] != 1:
                raise TrialFailure(f"history lists {game} (seed {seed}) {seen[(game, seed)]} times: {rows}")
        if len(finished) != len(self.finished):
            raise TrialFailure(f"history lists {len(finished)} finished games, the evening played "
                               f"{len(self.finished)}")
        for (game, seed, result, outcome), row in zip(self.finished, finished, strict=True):
            if (row["game"], row["seed"]) != (game, seed):
                raise TrialFailure(f"history's order differs: {row['game']} {row['seed']} for {game} {seed}")
            if sorted(json.loads(row["winners"])) != sorted(outcome.winners) or row["result"] != result:
                raise TrialFailure(f"{game}: history says {row['result']}, won by {row['winners']}; the journal "
                                   f"says {result}, won by {list(outcome.winners)}")
        abandoned = [row for row in rows if row["result"] in ("abandoned", "found")]
        if abandoned:
            raise TrialFailure(f"history lists games the table never put aside: {abandoned}")

    def check_enrolment(self) -> None:
        if len(self.games) < 2:
            return
        if self.enrolled is None:
            raise TrialFailure("no card was enrolled mid-evening")
        game, target = self.enrolled
        saved = json.loads((self.state / f"tags-{game}.json").read_text("utf-8"))
        if saved["tags"].get(NEW_TAG) != target:
            raise TrialFailure(f"the card enrolled mid-evening is not in tags-{game}.json: {saved}")


class Replan(Exception):
    """A power cut came: the table looks again at where the game stands before its next move."""


def shortest_game(game: str) -> int:
    """About the fewest inputs a demo game of `game` takes (its testing hook SHORTEST_GAME): the kill points
    fall below it, so nearly all land inside the game."""
    shortest = entry(game).hooks().SHORTEST_GAME
    if not isinstance(shortest, int) or isinstance(shortest, bool) or shortest < 1:
        raise RegistrationError(f"game {game!r}: its testing hook SHORTEST_GAME must be a whole number of inputs "
                                f"from 1, not {shortest!r}")
    return shortest
