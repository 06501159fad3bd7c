"""Golden games: a fixed set of seeded policy games must play out exactly as recorded.

Each game is hashed over every input's JSON, every event (kind, text, data),
the prompt and the public view after every input, the messages of refused
inputs tried along the way, and the internal card books and random states at
the end. The hashes in golden_games.json were recorded before the engine was
optimised for speed, so a passing test means an optimisation changed nothing
the table, a journal or the random number sequence could tell apart. The suite
replays the first 12 seeds of each table and level (and 8 of each bench
table); `COMPANION_TEST_SIZE=long` (bench/long_properties.py) replays all.

Regenerate (only when a rule change is intended):

    .venv/bin/python tests/engine/test_golden_games.py --write
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import Choose, Match, Press, RuleError, Tap, get_game
from engine.core.events import Event
from engine.core.inputs import Input, input_to_json
from games.samurai_spirit import SamuraiSpirit
from games.samurai_spirit.catalogue import SAMURAI
from games.samurai_spirit.play import Play
from games.samurai_spirit.policy import SimplePolicy
from games.samurai_spirit.simulate import play_one
from tests.sizes import sized

GOLDEN = Path(__file__).with_name("golden_games.json")
_DEFAULT = get_game("samurai-spirit")
assert isinstance(_DEFAULT, SamuraiSpirit)
GAME = _DEFAULT.with_components(_DEFAULT.undigested_components() or "")
"""The component data the hashes were recorded with: the shipped default before journals named their data, which
a journal without a digest still replays with (a later change of the default leaves these games alone)."""
DIFFICULTIES = ("easy", "normal", "hard", "heroic")
SEEDS = range(30)
CHECKED = sized(ci=12, long=30)
"""Seeds per table and level replayed by the suite (the file keeps all 30). The first 12 already meet every
variant the seed chooses: exploring or not, refused inputs tried or not, absent tokens, who starts."""
BENCH_CHECKED = sized(ci=8, long=20)
CARD_IDS = sorted(GAME.cards_json()[i]["id"] for i in range(66))
BUTTONS = ("fight", "support", "pass", "confront", "defend", "yes", "no", "discard", "under", "kiai",
           "A", "B", *SAMURAI)


BENCH = {4: ["kikuchiyo", "kyuzo", "daisuke", "katsushiro"],
         7: ["kikuchiyo", "kyuzo", "daisuke", "katsushiro", "gorobei", "heihachi", "kanbei"]}
"""The tables of bench/engine_speed.py, played through simulate.play_one as the bench does."""


def game_keys() -> list[str]:
    """Every player count x every difficulty x the seeds; explore and variants follow from the seed."""
    return [f"{count}-{difficulty}-{seed}" for count in range(2, 8) for difficulty in DIFFICULTIES for seed in SEEDS]


def bench_keys() -> list[str]:
    return [f"bench-{count}-{seed}" for count in BENCH for seed in range(1, 21)]


def play_bench_hashed(key: str) -> str:
    """One game of the speed bench, hashed over its inputs, events and final state."""
    _, count_text, seed_text = key.split("-")
    match = play_one(GAME, {"samurai": BENCH[int(count_text)], "difficulty": "normal"}, int(seed_text))
    play = match.play
    assert isinstance(play, Play)
    digest = hashlib.sha256()
    _events(digest, match.opening)
    for value, events in zip(match.inputs, match.history, strict=True):
        digest.update(input_to_json(value).encode())
        _events(digest, events)
    digest.update(_dump(play.public_view()))
    digest.update(_dump(play.state.rng.getstate()[1]))
    return digest.hexdigest()


def _dump(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()


def _events(digest: Any, events: list[Event]) -> None:
    for event in events:
        digest.update(_dump([event.kind, event.text, event.data]))


def play_hashed(key: str) -> str:
    """Play the game named by `key` and return the sha256 of everything it showed."""
    count_text, difficulty, seed_text = key.split("-")
    count, seed = int(count_text), int(seed_text)
    rng = random.Random(seed * 1000 + count * 10 + DIFFICULTIES.index(difficulty))
    names = rng.sample(SAMURAI, count)
    absent = count == 2 or (count < 7 and seed % 3 == 0)
    explore = 0.25 if seed % 2 else 0.0
    extras = seed % 4 >= 2  # half the games also try refused inputs and hidden taps
    setup: dict[str, Any] = {"samurai": names, "difficulty": difficulty, "absent_tokens": absent}
    if seed % 5 == 4:
        setup["first"] = names[-1]
    match = Match(GAME, setup, seed)
    play = match.play
    assert isinstance(play, Play)
    policy = SimplePolicy(random.Random(seed ^ 0x5EED), explore)
    digest = hashlib.sha256()
    _events(digest, match.opening)
    digest.update(_dump(play.public_view()))
    while play.prompt is not None:
        if extras and rng.random() < 0.05:
            _try_refused(digest, match, rng)
            continue
        value = policy.choose(play)
        _apply(digest, match, value)
        intruder = play.state.cards.intruder
        if extras and intruder and intruder[-1] is None and play.prompt is not None and rng.random() < 0.3:
            _apply(digest, match, Tap(play.state.cards.sample_top("intruder", rng), hidden=True))
    cards = play.state.cards
    digest.update(_dump({
        "result": play.result,
        "where": sorted(cards.where.items()),
        "unseen": sorted(cards.unseen),
        "members": sorted(cards.members),
        "hidden": sorted(cards.hidden),
        "unidentified": cards.unidentified,
        "candidates": cards.candidates,
        "raider": cards.raider,
        "intruder": cards.intruder,
        "game_rng": play.state.rng.getstate()[1],
        "policy_rng": policy.rng.getstate()[1],
        "rng": rng.getstate()[1],
        "inputs": len(match.inputs),
    }))
    return digest.hexdigest()


def _apply(digest: Any, match: Match, value: Input) -> None:
    play = match.play
    digest.update(input_to_json(value).encode())
    events = match.apply(value)
    _events(digest, events)
    prompt = play.prompt
    digest.update(_dump(prompt.to_json() if prompt is not None else None))
    digest.update(_dump(play.public_view()))


def _try_refused(digest: Any, match: Match, rng: random.Random) -> None:
    """A random input: refused ones add their message, an accepted hidden tap is applied."""
    value: Input = rng.choice([Press(rng.choice(BUTTONS)), Choose(rng.choice(BUTTONS)), Tap(rng.choice(CARD_IDS)),
                               Tap(rng.choice(CARD_IDS), hidden=True)])
    try:
        match.play.check(value)
    except RuleError as exc:
        digest.update(b"refused " + input_to_json(value).encode() + b" " + str(exc).encode())
        return
    digest.update(b"accepted " + input_to_json(value).encode())
    if isinstance(value, Tap) and value.hidden:
        _apply(digest, match, value)


def compute_all() -> dict[str, str]:
    out = {key: play_hashed(key) for key in game_keys()}
    out.update({key: play_bench_hashed(key) for key in bench_keys()})
    return out


@pytest.fixture(scope="module")
def golden() -> dict[str, str]:
    data: dict[str, str] = json.loads(GOLDEN.read_text("utf-8"))
    return data


def test_golden_file_covers_every_game(golden: dict[str, str]) -> None:
    assert sorted(golden) == sorted(game_keys() + bench_keys())


def test_golden_bench_games_play_out_exactly_as_recorded(golden: dict[str, str]) -> None:
    keys = [key for key in bench_keys() if int(key.rsplit("-", 1)[1]) <= BENCH_CHECKED]
    differ = [key for key in keys if play_bench_hashed(key) != golden[key]]
    assert not differ, f"{len(differ)} bench games changed: {differ[:5]}"


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7])
def test_golden_games_play_out_exactly_as_recorded(count: int, golden: dict[str, str]) -> None:
    keys = [key for key in game_keys() if key.startswith(f"{count}-") and int(key.rsplit("-", 1)[1]) < CHECKED]
    differ = [key for key in keys if play_hashed(key) != golden[key]]
    assert not differ, f"{len(differ)} of {len(keys)} golden games changed: {differ[:5]}"


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: test_golden_games.py --write")
    GOLDEN.write_text(json.dumps(compute_all(), indent=1, sort_keys=True) + "\n", "utf-8")
    print(f"wrote {GOLDEN}")
