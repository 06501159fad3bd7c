"""`companion replay JOURNAL`: a saved game, step by step."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.games import game_ui
from companion.screen_model import Screen
from companion.storage import load_journal
from engine import Match, RuleError


def run(args: argparse.Namespace) -> int:
    try:
        loaded = load_journal(Path(args.journal))
    except RuleError as exc:
        print(f"companion replay: {exc}", file=sys.stderr)
        return 2
    full = loaded.match
    ui = game_ui(full.game.name)
    setup = full.setup.to_json()
    print(f"{args.journal}: {full.game.name}, {setup.get('difficulty')}, "
          f"{', '.join(str(n).capitalize() for n in setup.get('samurai', []))}, seed {full.seed}, "
          f"{len(full.inputs)} inputs")
    if loaded.damage:
        print(f"  damaged: {loaded.damage}")
    match = Match(full.game, setup, full.seed)
    for event in match.opening:
        print(f"      {event.text}")
    out = Path(args.snapshots) if args.snapshots else None
    if out is not None:
        from companion.screens import snapshot

        out.mkdir(parents=True, exist_ok=True)
    for number, value in enumerate(full.inputs, start=1):
        prompt = match.play.prompt
        events = match.apply(value)
        print(f"{number:4d}. {ui.describe_input(value, prompt)}")
        for event in events:
            if event.kind != "reveal":
                print(f"      {event.text}")
        if out is not None:
            view = match.play.public_view()
            screen = Screen(ui.screen_kind(view), game=ui.name, view=view, title=ui.title(view),
                            lines=tuple(e.text for e in reversed(events)))
            snapshot(screen, (800, 480), out / f"step-{number:04d}.png")
    result = match.play.public_view()
    print(f"Result: {result['result'] or 'in progress'}" + (f", score {result['grade']}" if result["grade"] else ""))
    return 0
