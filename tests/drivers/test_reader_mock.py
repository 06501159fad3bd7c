"""The mock reader's scripts, taps, failures and the virtual deck."""

from __future__ import annotations

import pytest

from drivers.clock import FakeClock
from drivers.errors import ConfigError, ReaderError
from drivers.events import CardPlaced, CardRemoved, ReaderBack, ReaderLost
from drivers.reader import VirtualDeck, mock_reader, normalize_uid, open_reader
from drivers.reader.mock import MockReaderBackend, ScriptStep, parse_script


def test_a_script_plays_against_the_reader_clock(clock: FakeClock) -> None:
    reader = open_reader(
        "mock",
        clock=clock,
        script=[(0.5, "place", "04:a1:b2:c3"), (1.0, "remove"), (1.0, "fail", "cable"), (1.0, "recover")],
    )
    timeline = []
    for _ in range(40):
        timeline += [(clock() - 100.0, e) for e in reader.step()]
        clock.advance(0.125)  # exact in binary, so the step times compare exactly
    kinds = [(t, type(e).__name__) for t, e in timeline]
    assert kinds == [(0.5, "CardPlaced"), (1.875, "CardRemoved"), (2.5, "ReaderLost"), (3.5, "ReaderBack")]
    assert timeline[0][1] == CardPlaced("04A1B2C3", "mock", 100.5)  # removal: 0.5 s after the last read at 1.375
    assert isinstance(timeline[2][1], ReaderLost) and timeline[2][1].reason == "cable"
    assert isinstance(timeline[3][1], ReaderBack)
    assert reader.backend.script_done  # type: ignore[attr-defined]


def test_script_steps_are_checked_with_their_index() -> None:
    assert parse_script([ScriptStep(0.1, "remove")]) == (ScriptStep(0.1, "remove"),)
    with pytest.raises(ConfigError, match="step 1: 'place' needs a UID"):
        parse_script([(0, "remove"), (0, "place")])
    with pytest.raises(ConfigError, match="step 0: delay must be a number >= 0"):
        parse_script([(-1, "remove")])
    with pytest.raises(ConfigError, match="step 0: 'remove' takes no argument"):
        parse_script([(0, "remove", "x")])
    with pytest.raises(ConfigError, match="step 0: expected"):
        parse_script(["place"])
    with pytest.raises(ConfigError, match="4, 7 or 10"):
        parse_script([(0, "place", "0102")])


def test_place_replace_remove(clock: FakeClock) -> None:
    reader = mock_reader(clock=clock)
    reader.backend.place("04A1B2C3")
    assert reader.step() == [CardPlaced("04A1B2C3", "mock", clock())]
    reader.backend.place("04112233445566778899")
    events = reader.step()
    assert [type(e) for e in events] == [CardRemoved, CardPlaced]
    reader.backend.remove()
    clock.advance(1.0)
    assert [type(e) for e in reader.step()] == [CardRemoved]


def test_failure_and_recovery_by_call() -> None:
    backend = MockReaderBackend()
    backend.fail("unplugged")
    with pytest.raises(ReaderError, match="unplugged"):
        backend.poll()
    backend.recover()
    assert backend.poll() is None


def test_uids_are_normalised_and_checked() -> None:
    assert normalize_uid("04 a1-b2:c3") == "04A1B2C3"
    with pytest.raises(ConfigError, match="5 bytes"):
        normalize_uid("0102030405")
    with pytest.raises(ConfigError, match="whole bytes of hex"):
        normalize_uid("04A1B2C")
    with pytest.raises(ConfigError, match="text"):
        normalize_uid(1234)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        MockReaderBackend().place("hello")


def test_virtual_deck_lookup() -> None:
    deck = VirtualDeck.of([("04a1b2c3d4e5f6", "Kyuzo"), ("04A1B2C3D4E5F7", "Kambei"), ("04010203", "Bandit raid")])
    assert len(deck) == 3 and deck[0].uid == "04A1B2C3D4E5F6"
    assert deck.labels() == ["Kyuzo", "Kambei", "Bandit raid"]
    assert deck.find("kyuzo").uid == "04A1B2C3D4E5F6"
    assert deck.find("04010203").label == "Bandit raid"
    assert deck.find("ban").label == "Bandit raid"
    with pytest.raises(ConfigError, match="several cards: Kyuzo, Kambei"):
        deck.find("k")
    with pytest.raises(ConfigError, match="no card"):
        deck.find("ronin")


def test_virtual_deck_rejects_duplicates_and_bad_entries() -> None:
    with pytest.raises(ConfigError, match="used by both 'A' and 'B'"):
        VirtualDeck.of([("04A1B2C3", "A"), ("04:a1:b2:c3", "B")])
    with pytest.raises(ConfigError, match="entry 0: label"):
        VirtualDeck.of([("04A1B2C3", " ")])
    with pytest.raises(ConfigError, match="entry 0: expected"):
        VirtualDeck.of(["04A1B2C3"])  # type: ignore[list-item]


def test_tapping_a_deck_card_on_the_mock_reader(clock: FakeClock) -> None:
    deck = VirtualDeck.of([("04A1B2C3D4E5F6", "Kyuzo")])
    reader = mock_reader(clock=clock)
    reader.backend.tap(deck.find("Kyuzo").uid)
    assert reader.step() == [CardPlaced("04A1B2C3D4E5F6", "mock", clock())]
