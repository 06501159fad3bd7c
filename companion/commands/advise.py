"""`companion advise JOURNAL`: the advisor at every decision of a saved game.

For each decision the advisor can weigh (see engine.core.advisor), prints
what the table chose, each option's estimated win chance with the play-outs
behind it, and marks the decisions where the advisor would have chosen
otherwise. The decisions are spread over every core; the seed makes the
output reproducible.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.app.advice import Request, compute, from_plain, words
from companion.games import ui_on
from companion.games.base import GameUI, Text
from companion.i18n import Translator
from companion.runtime.storage import load_journal
from engine import Match, Prompt, RuleError
from engine.core.inputs import Choose, Press, Tap
from engine.core.messages import msg
from engine.core.registry import entry

EPILOG = """exit status: 0 every decision was weighed; 2 the journal cannot be read or its game has no advisor."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = EPILOG
    parser.add_argument("journal")
    parser.add_argument("--playouts", type=int, default=300, help="play-outs per decision, over all its options (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="the advisor's seed (default: %(default)s)")


def _chosen(value: Any) -> str:
    if isinstance(value, Choose):
        return value.option
    if isinstance(value, Press):
        return value.button
    return value.card if isinstance(value, Tap) else ""


def _labeller(ui: GameUI, prompt: Prompt) -> Callable[[str], Text]:
    """An option's words at `prompt` (a card tapped is named by its id through the namers)."""
    def label(option: str) -> Text:
        return ui.option_label(option, prompt) if option in prompt.options else msg("{card}", card=option)
    return label


def run(args: argparse.Namespace) -> int:
    try:
        loaded = load_journal(Path(args.journal))
    except RuleError as exc:
        print(f"companion advise: {exc}", file=sys.stderr)
        return 2
    full = loaded.match
    hooks = entry(full.game.name).advice()
    if hooks is None:
        print(f"companion advise: {full.game.name} has no advisor", file=sys.stderr)
        return 2
    ui = ui_on(full.game)
    tr = Translator("en", ui.namers(), ui.name)
    header = full.header()
    inputs = [value.to_json() for value in full.inputs]
    match = Match(full.game, header["setup"], full.seed)
    jobs: list[tuple[int, Any, Request]] = []
    for number, value in enumerate(full.inputs, start=1):
        if match.play.prompt is not None and hooks.advisable(match):
            request = Request(header["game"], header["setup"], header["seed"], tuple(inputs[:number - 1]),
                              args.seed * 1_000_003 + number, None, max(1, args.playouts))
            jobs.append((number, match.play.prompt, request))
        match.apply(value)
    print(f"{args.journal}: {full.game.name}, {len(full.inputs)} inputs, {len(jobs)} decisions weighed "
          f"({args.playouts} play-outs per decision, seed {args.seed})")
    with multiprocessing.Pool() as pool:
        answers = pool.map(compute, [request for _, _, request in jobs], chunksize=1)
    differ = 0
    for (number, prompt, _), plain in zip(jobs, answers, strict=True):
        advice = from_plain(plain)
        chosen = _chosen(full.inputs[number - 1])
        label = _labeller(ui, prompt)
        mark = "" if chosen == advice.best else "  <- the advisor would choose otherwise"
        differ += chosen != advice.best
        print(f"{number:4d}. {tr(prompt.message)}")
        said = tr(msg("The table chose {option}.", option=label(chosen)))
        print(f"      {said} {tr(words(advice, label))}{mark}")
    print(tr(msg("{n} of {total} decisions differ from the advisor's choice.", n=differ, total=len(jobs))))
    return 0
