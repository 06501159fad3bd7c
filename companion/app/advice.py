"""Advice at the table: a long press of OK at a decision asks every core for each option's win chance.

The engine's advisor (engine.core.advisor) is pure and single-threaded; here
it runs in worker processes, one per core, each with its own seed and the
whole time budget, and their tallies are pooled. The app loop never waits:
`ask` hands the work to the pool and returns, `poll` (called from the app's
tick) collects what has finished, and while the workers think the prompt
area shows a progress bar that fills with the time budget.

The workers get only what a journal holds (game, setup, seed, inputs, and the
component data when it is not the shipped default), so
they rebuild the same match; the advisor itself reads only the public view.
Advice belongs to one moment: once an input is applied or undone it is
dropped, and a late answer for an older moment is thrown away.

Switched off with `advisor.enabled = false` in the config (some tables
consider it cheating): the long press then says so and nothing runs.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.games.base import GameUI, Text
from companion.i18n import Translator
from companion.runtime.component_store import game_on
from engine.core.advisor import Advice, Budget, Estimate, advise, merge
from engine.core.inputs import input_from_obj
from engine.core.match import Match
from engine.core.messages import Message, msg
from engine.core.registry import entry, get_game

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

BAR_CELLS = 10
"""Cells of the text progress bar drawn in the prompt area."""


@dataclass(frozen=True)
class Request:
    """What a worker needs to rebuild the match: the journal's content, plus its share of the work."""

    game: str
    setup: dict[str, Any]
    seed: int
    inputs: tuple[dict[str, Any], ...]
    advice_seed: int
    seconds: float | None
    playouts: int = 10**9
    components: str | None = None
    """The component data the match plays with (the owner's, or a saved game's), None for the shipped default."""


def compute(request: Request) -> dict[str, Any]:
    """One worker's share: advice on the rebuilt match for `seconds` of its own clock (or `playouts` games)."""
    game = get_game(request.game) if request.components is None else game_on(request.game, request.components)
    match = Match.replay(game, request.setup, request.seed, [input_from_obj(v) for v in request.inputs])
    hooks = entry(request.game).advice()
    assert hooks is not None
    clock = time.monotonic if request.seconds is not None else None
    budget = Budget(playouts=request.playouts, seconds=request.seconds, clock=clock)
    return _plain(advise(hooks, match, request.advice_seed, budget))


def _pool(workers: int) -> ProcessPoolExecutor:
    """Worker processes started fresh (spawn): never a fork of the app with its display and driver threads."""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    return ProcessPoolExecutor(workers, mp_context=get_context("spawn"))


def advice_desk(cfg: Any) -> AdviceDesk:
    """The desk the config asks for (`advisor.enabled`, `advisor.budget_s`)."""
    return AdviceDesk(cfg.advisor_enabled, cfg.advisor_budget_s, time.monotonic)


def _plain(advice: Advice) -> dict[str, Any]:
    """Advice as plain values (a worker's answer crosses a process boundary)."""
    return {"actor": advice.actor, "kind": advice.kind, "preferred": advice.preferred,
            "estimates": [(e.option, e.wins, e.games, e.gain, e.gain_sq) for e in advice.estimates]}


def from_plain(plain: dict[str, Any]) -> Advice:
    return Advice(plain["actor"], plain["kind"], [Estimate(*fields) for fields in plain["estimates"]],
                  preferred=plain.get("preferred", ""))


def moment(match: Match) -> tuple[int, int, str]:
    """Which decision a piece of advice is about: the match, how many inputs, and the prompt."""
    prompt = match.play.prompt
    return id(match), len(match.inputs), prompt.text if prompt is not None else ""


def can_advise(match: Match | None) -> bool:
    """A game with an advisor, waiting for a decision it can weigh."""
    if match is None or match.play.prompt is None:
        return False
    hooks = entry(match.game.name).advice()
    return hooks is not None and bool(hooks.advisable(match))


class AdviceDesk:
    """Asks the workers, keeps the answer for its moment, and words it for the prompt area."""

    def __init__(self, enabled: bool, budget_s: float, clock: Callable[[], float],
                 workers: int | None = None, new_seed: Callable[[], int] | None = None) -> None:
        self.enabled = enabled
        self.budget_s = budget_s
        self.clock = clock
        self.workers = workers or os.cpu_count() or 1
        self._new_seed = new_seed or (lambda: int.from_bytes(os.urandom(4), "little"))
        self._pool: ProcessPoolExecutor | None = None
        self._pending: list[Future[dict[str, Any]]] = []
        self._moment: tuple[int, int, str] | None = None
        self._started = 0.0
        self.advice: Advice | None = None

    # --- asking ---------------------------------------------------------------------

    def wants(self, name: str, held: bool) -> bool:
        """The gesture: a long press of OK (documented in docs/players/advice.md)."""
        return name == "ok" and held

    def ask(self, match: Match) -> Message | None:
        """Start thinking about the pending decision; a sentence to show when there is nothing to think about."""
        if not self.enabled:
            return msg("Advice is switched off in the config (advisor.enabled).")
        if not can_advise(match):
            return msg("No advice here: hold OK at a decision (a choice or a button), not at a card to tap.")
        if self.busy(match) or (self.advice is not None and self._moment == moment(match)):
            return None
        self.close_work()
        header = match.header()
        inputs = tuple(value.to_json() for value in match.inputs)
        pool = self._pool or _pool(self.workers)
        self._pool = pool
        shipped = get_game(match.game.name)
        text = getattr(match.game, "components_text", None)
        components = text if text != getattr(shipped, "components_text", None) else None
        self._pending = [pool.submit(compute, Request(header["game"], header["setup"], header["seed"], inputs,
                                                      self._new_seed(), self.budget_s, components=components))
                         for _ in range(self.workers)]
        self._moment = moment(match)
        self._started = self.clock()
        self.advice = None
        return None

    def busy(self, match: Match | None = None) -> bool:
        """Workers are thinking (about `match`'s current decision, if given)."""
        if not self._pending:
            return False
        return match is None or self._moment == moment(match)

    def poll(self) -> None:
        """Collect the workers' answers once all are in; never waits."""
        if not self._pending or not all(f.done() for f in self._pending):
            return
        parts = []
        for future in self._pending:
            if future.exception() is None:
                parts.append(from_plain(future.result()))
        self._pending = []
        self.advice = merge(parts) if parts else None

    def deadline(self) -> float | None:
        """When the progress bar next moves (the app loop sleeps until then)."""
        if not self._pending:
            return None
        return self.clock() + self.budget_s / BAR_CELLS

    def close_work(self) -> None:
        """Forget unfinished work (its answers are ignored when they come)."""
        for future in self._pending:
            future.cancel()
        self._pending = []

    def shutdown(self) -> None:
        self.close_work()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    # --- the app's hooks ------------------------------------------------------------

    def button(self, match: Match | None, name: str, held: bool) -> tuple[bool, Message | None]:
        """(taken, a note to show): the gesture starts thinking; any other button is the app's."""
        if match is None or not self.wants(name, held):
            return False, None
        return True, self.ask(match)

    def prompt_text(self, match: Match | None, ui: GameUI, tr: Translator, text: str) -> str:
        """The prompt's words, followed by the progress bar or the advice for this moment."""
        prompt = match.play.prompt if match is not None else None
        line = self.line(match, lambda option: ui.option_label(option, prompt)) if prompt is not None else None
        return f"{text} {tr(line)}" if line is not None else text

    # --- saying ------------------------------------------------------------------------

    def line(self, match: Match | None, label: Callable[[str], Text]) -> Message | None:
        """What to add to the prompt: the progress bar while thinking, the advice for this moment, or nothing."""
        if match is None or self._moment != moment(match):
            return None
        if self._pending:
            share = min(1.0, (self.clock() - self._started) / self.budget_s) if self.budget_s else 1.0
            filled = round(share * BAR_CELLS)
            return msg("Advice: thinking [{bar}] {percent}%", bar="|" * filled + "." * (BAR_CELLS - filled),
                       percent=round(share * 100))
        if self.advice is None:
            return None
        return words(self.advice, label)


def words(advice: Advice, label: Callable[[str], Text]) -> Message:
    """ "Advice: first 41% - second 47% (+-3%, 2,000 games)": each option in the prompt's order."""
    parts = [msg("{option} {percent}%", option=label(e.option), percent=round(e.mean * 100))
             for e in advice.estimates]
    joined: Message = parts[0]
    for part in parts[1:]:
        joined = msg("{first} - {second}", first=joined, second=part)
    games = min(e.games for e in advice.estimates) if advice.estimates else 0
    return msg("Advice: {options} (+-{margin}%, {games} games each; best: {best}).", options=joined,
               margin=round(advice.margin * 100), games=f"{games:,}", best=label(advice.best))
