"""The census through the table script (`companion run --mock --script -`), on the configuration install.sh writes.

The issue's "done when": a box that differs from the shipped data in ten
cards, holds a promo Boss and has other Kiai values, taught through the
mock reader and buttons; a game then played through the real app enforces
the owner's penalties. And a census killed (SIGKILL) at random moments keeps
every component the screen acknowledged and carries on.
"""

from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path
from typing import Any

from companion.census import open_box
from companion.runtime.config import installed_config
from companion.runtime.tagmap import load_tagmap
from engine.core.components import Component
from tests.companion.census_game import (
    GAME,
    assembled,
    heihachi_passes,
    kyuzo_confronts,
    start,
    wounds,
)
from tests.companion.script_driver import Driver
from tests.sizes import sized

COMPANION = str(Path(sys.executable).with_name("companion"))
CHANGED: dict[str, dict[str, Any]] = {
    "4-hat-none": {"penalties": ["wound"]},
    "1-hat-wound": {"flames": False},
    "1-doll-none": {"flames": True},
    "2-hat-intruder": {"penalties": ["barricade"]},
    "2-farm-intruder": {"symbol": ""},
    "3-doll-left-draws": {"penalties": ["right-draws"]},
    "3-farm-no-support": {"flames": True},
    "5-farm-barricade": {"penalties": ["no-support"]},
    "6-doll-must-pass": {"penalties": ["must-pass", "no-talent"]},
    "6-farm-barricade": {"flames": False},
}
"""Ten cards of the owner's box that are not what the shipped data says."""
KIAI = {"heihachi": (9, 12), "kanbei": (10, 13)}
PROMO = {"value": 6, "symbol": "doll", "penalties": ["no-defend"], "flames": True}
PROMO_TAG = "04BEEF00000001"


def _companion(tmp_path: Path, state: Path, seed: int = 1) -> Driver:
    config = tmp_path / "companion.toml"
    config.write_text(installed_config(str(state)), "utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("COMPANION_CONFIG", None)
    log = open(tmp_path / "companion.log", "a", encoding="utf-8")  # noqa: SIM115 - the child's stderr, closed below
    driver = Driver([COMPANION, "run", "--mock", "--config", str(config), "--script", "-", "--exit-after", "300"],
                    env, seed, log)
    driver.log = log  # type: ignore[attr-defined]
    return driver


def _open_census(d: Driver) -> None:
    assert d.last["mode"] == "game" and "census" in d.last["options"], d.last
    d.pick("census")
    d.pick(GAME)
    assert d.last["screen"] == "census", d.last


def _say(d: Driver, entry: dict[str, Any], most: dict[str, int]) -> None:
    """Answer every question about a Raider card with `entry`'s values, picked by their list entries."""
    d.pick(f"ans:{entry['value']}")
    d.pick(f"ans:{entry['symbol']}")
    names = entry["penalties"]
    d.pick(f"ans:{names[0] if names else ''}")
    for name in names[1:]:
        d.pick(f"ans:{name}")
    if names and len(names) < most.get(str(entry["value"]), 1):
        d.pick("end")
    d.pick(f"ans:{'true' if entry['flames'] else 'false'}")


def _shipped(cid: str) -> Component:
    entry = open_box(Path("/nonexistent-state"), GAME).entry(cid)
    assert entry is not None
    return entry


def test_a_census_through_the_table_script_then_a_game_enforces_the_owners_penalties(tmp_path: Path) -> None:
    state = tmp_path / "state"
    d = _companion(tmp_path, state)
    try:
        _open_census(d)
        for cid, change in CHANGED.items():
            owner = {**_shipped(cid).attributes, **change}
            d.act(f"tap card:{cid}")
            assert d.last["options"][:2] == ["confirm", "wrong"], d.last
            d.pick("wrong")
            _say(d, owner, {"6": 2})
            d.pick(f"fix:{cid}")
            assert d.last["notice"].startswith("Checked: Raider card: "), d.last
        d.act(f"tap {PROMO_TAG}")
        d.pick("kind:card")
        _say(d, PROMO, {"6": 2})
        assert d.last["options"][-1] == "extra"
        d.pick("extra")
        assert d.last["notice"] == "Checked: Raider card: value 6, doll, no Defend, flames.", d.last
        for name, (human, animal) in KIAI.items():
            d.act(f"tap samurai:{name}")
            d.pick("wrong")
            d.pick(f"ans:{name}")
            d.pick(f"ans:{human}")
            d.pick(f"ans:{animal}")
            d.pick(f"fix:{name}")
            assert d.last["notice"] == (f"Checked: Samurai board: {name.capitalize()}, human Kiai {human}, animal "
                                        f"Kiai {animal}."), d.last
        d.act("press undo")
        assert d.last["screen"] != "census" and d.last["mode"] == "game"
        assert d.quit() == 0
    finally:
        if d.proc.poll() is None:
            d.proc.kill()  # a failed line leaves no companion behind
            d.proc.wait(timeout=30)
        d.log.close()  # type: ignore[attr-defined]
    box = open_box(state, GAME)
    changes = {diff.id: diff for diff in box.differences()}
    assert {cid for cid, diff in changes.items() if diff.change == "changed"} == {*CHANGED, *KIAI}
    added = [diff for diff in changes.values() if diff.change == "added"]
    assert len(added) == 1 and box.entry(added[0].id).attributes == PROMO  # type: ignore[union-attr]
    for cid, change in CHANGED.items():
        entry = box.entry(cid)
        assert entry is not None and entry.verified
        assert {k: entry.attributes[k] for k in change} == change
    tags = load_tagmap(state, GAME, {f"card:{added[0].id}"})
    assert tags.target(PROMO_TAG) == f"card:{added[0].id}"

    app = assembled(state)
    start(app)
    game = app.match.game  # type: ignore[union-attr]
    cards = game.catalogue.cards  # type: ignore[attr-defined]
    assert sum(1 for card in cards.values() if card.value == 6) == 8, "the promo Boss joins the Boss draw"
    assert cards["6-doll-must-pass"].penalties == ("must-pass", "no-talent")
    samurai = game.catalogue.samurai  # type: ignore[attr-defined]
    assert (samurai["heihachi"].kiai["human"], samurai["heihachi"].kiai["animal"]) == KIAI["heihachi"]
    kyuzo_confronts(app)
    heihachi_passes(app)
    assert wounds(app) == 1, "the owner's 4-hat-none shows a wound, and Kyuzo's next turn applies it"


def test_a_census_killed_at_random_keeps_what_it_acknowledged_and_carries_on(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rng = random.Random(7)
    acknowledged: dict[str, str] = {}
    number = 0
    for _ in range(sized(ci=4, long=12)):
        d = _companion(tmp_path, state, rng.randrange(1000))
        try:
            _open_census(d)
            for uid, cid in acknowledged.items():
                d.act(f"tap {uid}")
                assert d.last["options"] == ["confirm", "wrong", "drop"], f"{uid} ({cid}) is not known: {d.last}"
                d.act("press undo")
            kill_at = d.count["lines"] + rng.randrange(3, 25)
            while d.count["lines"] < kill_at:
                number += 1
                uid = f"04C0DE{number:08X}"
                d.act(f"tap {uid}")
                for _ in range(20):
                    if d.count["lines"] >= kill_at:
                        break
                    options, selected = d.last["options"], d.last["selected"]
                    chosen = options[selected][4:] if options and options[selected].startswith("fit:") else None
                    d.act("press ok")
                    if chosen is not None and "done" in d.last["options"]:
                        assert (d.last["notice"] or "").startswith("Checked: "), d.last
                        acknowledged[uid] = chosen  # back on the first list, "Checked: ..." on screen
                        break
            # The next line is sent and the child killed while it may be handling it: not acknowledged.
            assert d.proc.stdin is not None
            d.proc.stdin.write("press ok\n")
            d.proc.stdin.flush()
        finally:
            if d.proc.poll() is None:
                d.proc.kill()
                d.proc.wait(timeout=30)
            d.log.close()  # type: ignore[attr-defined]
        box = open_box(state, GAME)
        tags = json.loads((state / f"tags-{GAME}.json").read_text("utf-8"))["tags"] if acknowledged else {}
        for uid, cid in acknowledged.items():
            assert cid in box.checked(), f"{cid} was acknowledged and is lost"
            assert tags.get(uid) == f"card:{cid}", f"tag {uid} of {cid} was acknowledged and is lost"
    assert len(acknowledged) >= 2
    assert len(set(acknowledged.values())) == len(acknowledged), "each tag counted its own card"
