"""Fuzzing the app with driver events: legal play mixed with nonsense.

Random games are played through the app by the demo table, and between its
moves it sends what a table really produces by mistake: unknown tags, cards
already in play, cards of later rounds, every button at every prompt, long
presses, storms of undo. After every event: the game's invariants hold, an
event that did not change the inputs left the state exactly as it was, and
the journal on disk matches the game. Used by a test (a few thousand events)
and by `bench/fuzz.py` (100,000 or more).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from companion.demo import DEMO_SAMURAI, DemoTable
from companion.storage import load_journal
from drivers.config import BUTTON_NAMES
from engine.games.samurai_spirit.catalogue import SAMURAI
from engine.games.samurai_spirit.invariants import check_invariants
from engine.games.samurai_spirit.play import Play


@dataclass
class FuzzReport:
    events: int = 0
    accepted_inputs: int = 0
    refused: int = 0
    undos: int = 0
    games: int = 0
    games_ended: int = 0
    failures: list[str] = field(default_factory=list)


class FuzzTable(DemoTable):
    def __init__(self, out: Path, seed: int) -> None:
        rng = random.Random(seed)
        names = tuple(rng.sample(SAMURAI, rng.randint(2, 7)))
        difficulty = rng.choice(("easy", "normal", "hard", "heroic"))
        super().__init__(out, seed, difficulty, names or DEMO_SAMURAI, snapshots=False)
        self.fuzz_rng = rng
        self.cards = [t for t in self.ui.tag_targets() if t.startswith("card:")]

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
            located = list(app.match.play.state.cards.where) if isinstance(app.match.play, Play) else []
            if located:
                self.tap(f"card:{rng.choice(located)}")
                return "card in play"
        if pick == 3:
            self.tap(f"samurai:{rng.choice(SAMURAI)}")
            return "board"
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

    def legal(self) -> None:
        """One move of the policy, as the demo table makes it."""
        app = self.app
        if app.mode == "setup":
            menu = app.setup.menu()
            self.pick(self.fuzz_rng.randrange(len(menu.options)), len(menu.options))
            return
        if app.mode == "resume":
            self.press("ok")
            return
        assert app.match is not None
        play = app.match.play
        if play.prompt is None:
            self.press("ok")
            return
        assert isinstance(play, Play)
        self.one_move(play)


def fuzz(events: int, work: Path, seed: int = 1, check_journal_every: int = 25) -> FuzzReport:
    report = FuzzReport()
    rng = random.Random(seed)
    table = FuzzTable(work / "fuzz-0", seed)
    seen: set[int] = set()
    while report.events < events:
        app = table.app
        match = app.match
        before_inputs = len(match.inputs) if match else 0
        before_view = match.play.public_view() if match else None
        before_match = match
        try:
            if rng.random() < 0.5:
                table.legal()
                what = "legal"
            else:
                what = table.nonsense()
        except Exception as exc:  # a crash is the finding: record it and stop
            import traceback

            where = traceback.extract_tb(exc.__traceback__)[-1]
            report.failures.append(f"event {report.events}: {type(exc).__name__}: {exc} "
                                   f"({Path(where.filename).name}:{where.lineno})")
            break
        report.events += 1
        match = app.match
        if match is None:
            continue
        if id(match) not in seen:
            seen.add(id(match))
            report.games = len(seen)
        if match is not before_match:
            continue
        if isinstance(match.play, Play):
            try:
                check_invariants(match.play)
            except AssertionError as exc:
                report.failures.append(f"event {report.events} ({what}): {exc}")
                break
        after = len(match.inputs)
        single = what not in ("legal", "undo storm")
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
