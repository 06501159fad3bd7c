"""Fuzzing the app with driver events: legal play mixed with nonsense.

Random games are played through the app by the demo table, and between its
moves it sends what a table really produces by mistake: unknown tags, cards
already in play, cards of later rounds, every button at every prompt, long
presses, storms of undo. After every event: the game's invariants hold, an
event that did not change the inputs left the state exactly as it was, and
the journal on disk matches the game. Used by a test (a few thousand events)
and by `bench/fuzz.py` (100,000 or more).

`protocol_fuzz` does the same for the engine protocol (`companion engine`):
the simple policy's moves mixed with malformed lines (random bytes, blank and
Unicode-whitespace lines, deep nesting, huge numbers, invalid UTF-8, flipped
bytes, cut lines, wrong types in every field).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from companion.games import registered_games, registration
from companion.harness.demo import DemoTable
from companion.runtime.storage import load_journal
from drivers.config import BUTTON_NAMES
from engine.core.inputs import input_to_json
from engine.core.match import Match
from engine.protocol import ProtocolSession


@dataclass
class FuzzReport:
    events: int = 0
    accepted_inputs: int = 0
    refused: int = 0
    undos: int = 0
    games: int = 0
    games_ended: int = 0
    random_tables: int = 0
    """Games set up by the demo script's random table (the others by random menu answers and taps)."""
    setup_failures: int = 0
    """Random tables the demo script could not set up; each is also one of `failures`."""
    failures: list[str] = field(default_factory=list)


class SetUpFailed(Exception):
    """The demo script could not set up its random table: a finding, counted, and the fuzz goes on."""


def table_words(script: object) -> str:
    """The random table a demo script stands for (its plain settings), to repeat a failed set-up."""
    settings = {k: v for k, v in vars(script).items() if isinstance(v, str | int | tuple) and not k.startswith("_")}
    return f"{type(script).__name__}({', '.join(f'{k}={v!r}' for k, v in settings.items())})"


class FuzzTable(DemoTable):
    def __init__(self, out: Path, seed: int, game: str | None = None) -> None:
        rng = random.Random(seed)
        super().__init__(out, seed, game=game, fuzz_rng=rng, snapshots=False)
        self.fuzz_rng = rng
        self.targets = self.ui.tag_targets()
        self.cards = [t for t in self.targets if t.startswith("card:")]

    def nonsense(self) -> str:
        rng = self.fuzz_rng
        app = self.app
        pick = rng.randrange(7)
        if pick == 0:
            self.tap("04" + "".join(rng.choice("0123456789ABCDEF") for _ in range(12)))
            return "unknown tag"
        if pick == 1:
            self.tap(rng.choice(self.cards))
            return "random card"
        if pick == 2 and app.match is not None:
            located = self.script.in_play(app.match.play)
            if located:
                self.tap(rng.choice(located))
                return "card in play"
        if pick == 3:
            self.tap(rng.choice(self.targets))
            return "any tag"
        if pick == 4:
            self.buttons.hold(rng.choice(BUTTON_NAMES))
            self.count["presses"] += 1
            self._drain()
            return "hold"
        if pick == 5:
            for _ in range(rng.randint(1, 6)):
                self.press("undo")
                self.press(rng.choice(("ok", "ok", "next")))
            return "undo storm"
        self.press(rng.choice(BUTTON_NAMES))
        return "button"

    def legal(self) -> str:
        """One move of the policy, as the demo table makes it; "random table" when it was a whole set-up.

        At the first set-up question, half the time the game's demo script sets
        up a new random table (its `random`: any difficulty, 2 to 7 Samurai,
        2 to 7 players...), so the tables the fuzz plays are the ones it
        claims; otherwise the set-up is answered at random, one step a move.
        """
        app = self.app
        if app.census is not None:
            # Teaching it your box (the first menu) or a correction (Undo held in play), opened by the fuzz's
            # own presses: the set-up questions and the policy's moves are not its list, so the table backs
            # out of it, a step an Undo, before it sets up or plays on.
            self.press("undo")
            return "legal"
        if app.mode == "setup":
            if (not app.setup.asked and app.picker is None and app.confirm is None
                    and self.fuzz_rng.random() < 0.5):
                self.random_table()
                return "random table"
            menu = app.setup.menu()
            self.pick(self.fuzz_rng.randrange(len(menu.options)), len(menu.options))
            return "legal"
        if app.mode == "resume":
            self.press("ok")
            return "legal"
        assert app.match is not None
        play = app.match.play
        if play.prompt is None:
            self.press("ok")
            return "legal"
        self.one_move(play)
        return "legal"

    def random_table(self) -> None:
        """Set up the next game as a new random table of the demo script; SetUpFailed if it cannot."""
        self.script = self.registration.demo_script.random(self, self.fuzz_rng)
        table = table_words(self.script)
        # The table waits for the last notice to go: OK right after an unknown tag would enroll it.
        self.clock.advance(self.app.notice_s + 1)
        self.app.tick()
        try:
            self.set_up()
        except Exception as exc:
            raise SetUpFailed(f"{table}: {type(exc).__name__}: {exc}") from exc
        if self.app.mode != "play" or self.app.match is None:
            raise SetUpFailed(f"{table}: the set-up ended in {self.app.mode!r} mode, not at the table")


def fuzz(events: int, work: Path, seed: int = 1, check_journal_every: int = 25,
         game: str | None = None) -> FuzzReport:
    report = FuzzReport()
    rng = random.Random(seed)
    table = FuzzTable(work / "fuzz-0", seed, game)
    invariants = table.registration.invariants
    seen: set[int] = set()
    while report.events < events:
        app = table.app
        match = app.match
        before_inputs = len(match.inputs) if match else 0
        before_view = match.play.public_view() if match else None
        before_match = match
        try:
            what = table.legal() if rng.random() < 0.5 else table.nonsense()
        except SetUpFailed as exc:  # the script's finding, not the app's: counted, and the fuzz goes on
            report.events += 1
            report.setup_failures += 1
            report.failures.append(f"event {report.events}: the random table did not set up: {exc}")
            continue
        except Exception as exc:  # a crash is the finding: record it and stop
            import traceback

            where = traceback.extract_tb(exc.__traceback__)[-1]
            report.failures.append(f"event {report.events}: {type(exc).__name__}: {exc} "
                                   f"({Path(where.filename).name}:{where.lineno})")
            break
        report.events += 1
        if what == "random table":
            report.random_tables += 1
        match = app.match
        if match is None:
            continue
        if id(match) not in seen:
            seen.add(id(match))
            report.games = len(seen)
        if match is not before_match:
            continue
        try:
            invariants(match.play)
        except AssertionError as exc:
            report.failures.append(f"event {report.events} ({what}): {exc}")
            break
        after = len(match.inputs)
        single = what not in ("legal", "undo storm", "random table")
        if single and after == before_inputs and match.play.public_view() != before_view:
            report.failures.append(f"event {report.events} ({what}): state changed without an input")
            break
        if after > before_inputs:
            report.accepted_inputs += after - before_inputs
        elif after < before_inputs:
            report.undos += before_inputs - after
        elif app.notice and app.notice.error:
            report.refused += 1
        if match.play.prompt is None and before_view and before_view.get("result") is None:
            report.games_ended += 1
        if report.events % check_journal_every == 0:
            loaded = load_journal(app.journal.path)
            if loaded.match.inputs != match.inputs:
                report.failures.append(f"event {report.events}: the journal on disk differs from the game")
                break
    return report


# --- the engine protocol: malformed lines between legal moves -----------------

@dataclass
class ProtocolFuzzReport:
    lines: int = 0
    malformed: int = 0
    accepted: int = 0
    refused: int = 0
    games: int = 0
    answers_checked_in_process: int = 0
    failures: list[str] = field(default_factory=list)


WHITESPACE_LINES = (b"", b" ", b"\t", b"\x0c", b"\r", "\u00a0".encode(), "\u2028".encode(), "\u3000 \u0085".encode())
WRONG_VALUES: tuple[object, ...] = ([], {}, None, True, False, 1.5, -1, 0, 10**39, "", "x", [[]], {"a": 1}, 1e300)


class ProtocolFuzzer:
    """Makes the lines: moves the simple policy would play, and mutations of them."""

    def __init__(self, rng: random.Random, game: str | None = None) -> None:
        self.rng = rng
        self.registration = registration(game or registered_games()[0])
        self.policy = self.registration.policy(random.Random(rng.random()), 0.2)

    def new_game(self) -> bytes:
        spec = {"game": self.registration.engine_game, **self.registration.random_setup(self.rng)}
        return json.dumps({"new": spec}).encode()

    def legal(self, match: Match | None) -> bytes:
        if match is None or match.play.prompt is None or self.rng.random() < 0.002:
            return self.new_game()
        return input_to_json(self.policy.choose(match.play)).encode()

    def malformed(self, valid: bytes) -> bytes:
        rng = self.rng
        pick = rng.randrange(10)
        if pick == 0:
            return bytes(rng.randrange(256) for _ in range(rng.randint(1, 40))).replace(b"\n", b"")
        if pick == 1:
            return rng.choice(WHITESPACE_LINES)
        if pick == 2:
            return b"[" * rng.randint(30, 5000)
        if pick == 3:
            key = rng.choice(("undo", "seed", "tap", "press"))
            return b'{"%s": %s}' % (key.encode(), b"9" * rng.randint(39, 5000))
        if pick == 4:
            at = rng.randrange(len(valid) + 1)
            return valid[:at] + bytes([rng.choice((0x80, 0xC3, 0xFF, 0xED, 0xF4))]) + valid[at:]
        if pick == 5:
            at = rng.randrange(len(valid))
            return (valid[:at] + bytes([rng.randrange(256)]) + valid[at + 1:]).replace(b"\n", b"")
        if pick == 6:
            return valid[:rng.randrange(len(valid))]
        obj = json.loads(valid)
        if pick == 7:
            key = rng.choice(list(obj))
            obj[key] = rng.choice(WRONG_VALUES)
        elif pick == 8 and "new" in obj:
            obj["new"][rng.choice(("samurai", "seed", "game", "deck", "first", "difficulty", "absent_tokens"))] = (
                rng.choice(WRONG_VALUES))
        else:
            obj[rng.choice(("undo", "state", "cards", "journal", "hidden", "press", "new"))] = rng.choice(WRONG_VALUES)
        return json.dumps(obj).encode()


def _snapshot(session: ProtocolSession) -> object:
    match = session.match
    if match is None:
        return None
    return id(match), list(match.inputs), match.play.prompt, match.play.public_view()


def protocol_fuzz(lines: int, seed: int = 1, malformed_share: float = 0.5,
                  game: str | None = None) -> tuple[ProtocolFuzzReport, list[bytes]]:
    """Send `lines` lines to a session; return the report and the lines, to replay them through a pipe.

    Checked after each line: one answer line of JSON, never an internal error,
    a refusal leaves match, inputs, prompt and public view as they were, and a
    legal move of the policy is accepted.
    """
    report = ProtocolFuzzReport()
    rng = random.Random(seed)
    fuzzer = ProtocolFuzzer(rng, game)
    session = ProtocolSession(new_seed=lambda: 1)
    sent: list[bytes] = []
    games: set[int] = set()
    while report.lines < lines:
        valid = fuzzer.legal(session.match)
        bad = rng.random() < malformed_share
        line = fuzzer.malformed(valid) if bad else valid
        before = _snapshot(session)
        out = session.handle_line(line)
        sent.append(line)
        report.lines += 1
        report.malformed += bad
        problem = _check_answer(out, bad, session, before)
        if problem:
            report.failures.append(f"line {report.lines} {line[:80]!r}: {problem}")
            break
        report.answers_checked_in_process += 1
        if json.loads(out)["ok"]:
            report.accepted += 1
        else:
            report.refused += 1
        if session.match is not None:
            games.add(id(session.match))
    report.games = len(games)
    return report, sent


def _check_answer(out: str, malformed: bool, session: ProtocolSession, before: object) -> str | None:
    if "\n" in out:
        return "the answer spans several lines"
    try:
        answer = json.loads(out)
    except ValueError:
        return f"the answer is not JSON: {out[:80]}"
    if answer.get("ok") is True:
        return None
    error = str(answer.get("error", ""))
    if error.startswith("internal error"):
        return error
    if _snapshot(session) != before:
        return f"refused ({error}) but the state changed"
    if not malformed:
        return f"a legal move was refused: {error}"
    return None


def through_pipe(sent: list[bytes], command: list[str]) -> str | None:
    """Send the same lines to `companion engine` in one go: one JSON answer per line, or what went wrong."""
    import subprocess

    data = b"".join(line + b"\n" for line in sent)
    done = subprocess.run(command, input=data, capture_output=True, timeout=3600, check=False)
    if done.returncode != 0:
        return f"companion engine exited with {done.returncode}: {done.stderr[-300:]!r}"
    answers = done.stdout.split(b"\n")
    if answers[-1] != b"" or len(answers) - 1 != len(sent):
        return f"{len(answers) - 1} answers to {len(sent)} lines"
    for number, answer in enumerate(answers[:-1], start=1):
        try:
            json.loads(answer)
        except ValueError:
            return f"answer {number} is not JSON: {answer[:80]!r}"
    return None
