"""Through the real app: a game enforces the owner's penalties; a card corrected during a game, journaled."""

from __future__ import annotations

from pathlib import Path

from companion.census import NEXT_GAME, NEXT_INPUT, correct_during_game, open_box
from companion.runtime.storage import CURRENT, JournalFile
from tests.companion.census_game import (
    GAME,
    assembled,
    confronted,
    heihachi_passes,
    journal_header,
    kyuzos_second_turn,
    replays_as_on_the_table,
    start,
    wounds,
)


def test_a_game_enforces_the_owners_penalty(tmp_path: Path) -> None:
    """The owner's 4-hat-none shows a wound: "you MUST apply the penalty depicted on the last card laid there"."""
    shipped = tmp_path / "shipped"
    owned = tmp_path / "owned"
    owned.mkdir()
    box = open_box(owned, GAME)
    assert box.put(box.answer("card", {"penalties": ["wound"]}, base="4-hat-none")) is None
    results = {}
    for state in (shipped, owned):
        state.mkdir(exist_ok=True)
        app = assembled(state)
        kyuzos_second_turn(app)
        results[state.name] = wounds(app)
        assert journal_header(state)["components"] == app.match.game.components_digest  # type: ignore[union-attr]
    assert results == {"shipped": 0, "owned": 1}
    assert app.ui.game.catalogue.cards["4-hat-none"].penalties == ("wound",)  # type: ignore[attr-defined]


def test_a_card_corrected_before_it_counted_applies_from_the_next_input(tmp_path: Path) -> None:
    app = assembled(tmp_path)
    confronted(app)
    assert app.match is not None and wounds(app) == 0
    box = open_box(tmp_path, GAME)
    entry = box.answer("card", {"penalties": ["wound"]}, base="4-hat-none")
    after = len(app.match.inputs)
    done = correct_during_game(box, app.match, JournalFile(tmp_path / CURRENT), entry, at="2026-03-28T20:00:00+01:00")
    assert done.applies == NEXT_INPUT and done.message.text == (
        "Corrected: Plunderer 4 - hat - no penalty counts as corrected from the next input.")
    app.match = done.match
    heihachi_passes(app)
    assert wounds(app) == 1, "Kyuzo's next turn starts with the corrected penalty"
    header = journal_header(tmp_path)
    assert header["components"] == box.digest
    note = header["notes"]["corrections"][0]
    assert (note["id"], note["applies"], note["after"], note["now"]) == ("4-hat-none", NEXT_INPUT, after, box.digest)
    replays_as_on_the_table(tmp_path, app)


def test_a_card_that_already_counted_is_corrected_from_the_next_game(tmp_path: Path) -> None:
    app = assembled(tmp_path)
    kyuzos_second_turn(app)
    assert app.match is not None and wounds(app) == 0, "no penalty was applied at the start of Kyuzo's turn"
    before = app.match.play.public_view()
    was = app.match.game.components_digest  # type: ignore[attr-defined]
    box = open_box(tmp_path, GAME)
    entry = box.answer("card", {"penalties": ["wound"]}, base="4-hat-none")
    done = correct_during_game(box, app.match, JournalFile(tmp_path / CURRENT), entry)
    assert done.applies == NEXT_GAME and done.match is app.match
    assert done.message.text.startswith("Corrected for the next game: ")
    header = journal_header(tmp_path)
    assert header["components"] == was and header["notes"]["corrections"][0]["applies"] == NEXT_GAME
    assert app.match.play.public_view() == before
    replays_as_on_the_table(tmp_path, app)
    assert open_box(tmp_path, GAME).entry("4-hat-none").attributes["penalties"] == ["wound"]  # type: ignore[union-attr]


def test_a_refused_correction_changes_nothing(tmp_path: Path) -> None:
    app = assembled(tmp_path)
    start(app)
    assert app.match is not None
    journal = (tmp_path / CURRENT).read_bytes()
    box = open_box(tmp_path, GAME)
    done = correct_during_game(box, app.match, JournalFile(tmp_path / CURRENT),
                               box.answer("card", {"value": 3}, base="4-hat-none"))
    assert done.refused and "13 Plunderers of value 3" in done.message.text
    assert (tmp_path / CURRENT).read_bytes() == journal and not box.owner


def test_a_card_taught_while_the_device_waits_counts_from_the_next_game(tmp_path: Path) -> None:
    """The device was started on the shipped data; the owner teaches a card (on the phone) before the game starts."""
    app = assembled(tmp_path)
    box = open_box(tmp_path, GAME)
    assert box.put(box.answer("card", {"penalties": ["wound"]}, base="4-hat-none")) is None
    kyuzos_second_turn(app)
    assert wounds(app) == 1
    assert app.ui.game.components_digest == box.digest  # type: ignore[attr-defined]
