"""storage.JournalFollower: a journal read after every input gives what `load_journal` gives, replaying only
what was appended; a rewrite, a torn record or damage is read whole, exactly as a restart reads it."""

from __future__ import annotations

import random
from pathlib import Path

from companion.runtime.storage import JournalFile, JournalFollower, Loaded, load_journal
from engine import Match, get_game
from games.samurai_spirit.policy import SimplePolicy


def started(path: Path, seed: int = 5) -> tuple[Match, JournalFile, SimplePolicy]:
    match = Match(get_game("samurai-spirit"), {"samurai": ["kyuzo", "heihachi"], "difficulty": "normal"}, seed)
    journal = JournalFile(path)
    journal.start(match)
    return match, journal, SimplePolicy(random.Random(seed))


def play(match: Match, journal: JournalFile, policy: SimplePolicy, moves: int) -> None:
    for _ in range(moves):
        match.apply(policy.choose(match.play))
        journal.append(match)


def same(read: Loaded | None, path: Path) -> Loaded:
    """`read` is what a restart would rebuild from the file now."""
    whole = load_journal(path)
    assert read is not None
    assert read.match.inputs == whole.match.inputs and read.journal.inputs == whole.journal.inputs
    assert read.match.play.public_view() == whole.match.play.public_view()
    assert repr(read.damage) == repr(whole.damage)
    return read


def test_appended_inputs_are_replayed_onto_the_match_read_before(tmp_path: Path) -> None:
    path = tmp_path / "current.journal"
    follower = JournalFollower(path)
    assert follower.read() is None
    match, journal, policy = started(path)
    first = same(follower.read(), path)
    for moves in (1, 1, 3, 7):
        play(match, journal, policy, moves)
        read = same(follower.read(), path)
        assert read.match is first.match, "the appended records were replayed onto the match read before"
    assert follower.read() is first, "an unchanged file is not read again"


def test_a_rewrite_a_torn_record_and_damage_are_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "current.journal"
    match, journal, policy = started(path)
    play(match, journal, policy, 12)
    follower = JournalFollower(path)
    before = same(follower.read(), path).match

    match.undo(3)  # the app rewrites the whole journal after an undo
    journal.rewrite(match)
    assert same(follower.read(), path).match is not before

    play(match, journal, policy, 2)
    whole = path.read_bytes()
    path.write_bytes(whole[:-9])  # a power cut in the middle of the last record
    torn = same(follower.read(), path)
    assert torn.damage is not None and torn.damage.torn and len(torn.match.inputs) == len(match.inputs) - 1

    path.write_bytes(whole)  # the app writes the whole journal again: read whole after a torn read
    assert same(follower.read(), path).damage is None

    last = whole.decode().splitlines(keepends=True)[-1]
    path.write_bytes(whole + last.encode())  # a record appended twice (its number repeats): damage, as on restart
    damaged = same(follower.read(), path)
    assert damaged.damage is not None and not damaged.damage.torn

    path.unlink()
    assert follower.read() is None
