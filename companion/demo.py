"""`companion demo`: a full seeded game, headless, narrated."""

from __future__ import annotations

import argparse
import random

from engine import Match
from engine.games.samurai_spirit import SamuraiSpirit
from engine.games.samurai_spirit.policy import SimplePolicy

DEMO_SAMURAI = ["kyuzo", "heihachi", "daisuke", "kikuchiyo"]


def run(args: argparse.Namespace) -> int:
    game = SamuraiSpirit()
    match = Match(game, {"samurai": DEMO_SAMURAI, "difficulty": "easy"}, args.seed)
    policy = SimplePolicy(random.Random(args.seed))
    for event in match.opening:
        print(event.text)
    while match.play.prompt is not None:
        for event in match.apply(policy.choose(match.play)):
            if event.kind not in ("forced", "reveal"):
                print("  " + event.text)
    view = match.play.public_view()
    print(f"Result: {view['result']} in round {view['round']} after {len(match.inputs)} inputs"
          + (f", score {view['grade']}" if view["grade"] else ""))
    return 0
