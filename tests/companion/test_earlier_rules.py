"""A game saved before a rule change resumes after the update, under the rules it was played with.

Samurai Spirit used to offer every unused absent token at every turn; now a
turn bound to a Pass offers only a token that can still help. A two-Samurai
game saved in progress by the earlier version holds answers ("no") to
questions the current rules no longer ask: read with today's rules it
would stop at the first of them. It must resume whole, its journal kept
byte for byte.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.runtime.component_store import undigested_game
from companion.runtime.storage import load_journal
from engine import Match, RuleError
from engine.core.journal import header_line, record_line
from games.samurai_spirit.play import Play
from games.samurai_spirit.policy import SimplePolicy

GAME = undigested_game("samurai-spirit")
"""A journal of an earlier version names no component data: it was played, and replays, on the default of then."""


def _earlier_game(seed: int) -> tuple[dict[str, object], Match] | None:
    """A two-Samurai game played under the earlier question, when today's rules refuse one of its inputs."""
    old_setup = {"samurai": ["kyuzo", "heihachi"], "difficulty": "normal", "absent_tokens": True}
    match = Match(GAME, {**old_setup, "token_question": "every-turn"}, seed)
    policy = SimplePolicy(random.Random(seed), 0.0)
    while match.play.prompt is not None and len(match.inputs) < 400:
        assert isinstance(match.play, Play)
        match.apply(policy.choose(match.play))
    try:
        Match.replay(GAME, old_setup, seed, match.inputs)
    except RuleError:
        return old_setup, match
    return None


def _write(path: Path, setup: dict[str, object], match: Match) -> bytes:
    header = {"game": "samurai-spirit", "setup": setup, "seed": match.seed}
    text = header_line(header) + "".join(record_line(n, value) for n, value in enumerate(match.inputs, start=1))
    path.write_text(text, "utf-8")
    return path.read_bytes()


def test_a_journal_saved_under_the_earlier_token_question_resumes_whole(tmp_path: Path) -> None:
    found = next(filter(None, (_earlier_game(seed) for seed in range(1, 60))), None)
    assert found is not None, "no seed reaches a question the current rules drop: widen the search"
    setup, match = found
    path = tmp_path / "current.journal"
    before = _write(path, setup, match)
    loaded = load_journal(path)
    assert loaded.damage is None
    assert len(loaded.match.inputs) == len(match.inputs)
    assert loaded.match.play.public_view() == match.play.public_view()
    assert path.read_bytes() == before, "the journal is kept as it was written"
    assert json.loads(before.splitlines()[0])["setup"] == setup


def test_a_new_game_asks_the_current_question_and_its_journal_does_not_name_it() -> None:
    match = Match(GAME, {"samurai": ["kyuzo", "heihachi"], "absent_tokens": True}, 4)
    assert "token_question" not in match.header()["setup"]
    assert match.setup.token_question == "when-usable"  # type: ignore[attr-defined]


def test_a_damaged_journal_is_still_damage_under_every_reading(tmp_path: Path) -> None:
    """The earlier reading is tried, not forced: an input no rules accept still stops the match."""
    found = next(filter(None, (_earlier_game(seed) for seed in range(1, 60))), None)
    assert found is not None
    setup, match = found
    path = tmp_path / "current.journal"
    text = _write(path, setup, match).decode("utf-8")
    path.write_text(text + record_line(len(match.inputs) + 1, match.inputs[0]), "utf-8")
    loaded = load_journal(path)
    assert loaded.damage is not None and len(loaded.match.inputs) < len(match.inputs) + 1
