"""No Thanks!'s box and set-up: 33 cards 3 to 35, 3 to 7 players, the chips by the number of players."""

from __future__ import annotations

import pytest

from engine import Match
from engine.core.errors import RuleError
from games.no_thanks import NoThanks
from games.no_thanks.catalogue import parse_catalogue
from games.no_thanks.setup import CHIPS, parse_setup


def test_the_box_holds_33_cards_numbered_3_to_35() -> None:
    """"33 cards numbered 3 to 35.\""""
    cards = NoThanks().catalogue.cards
    assert len(cards) == 33 and sorted(c.value for c in cards.values()) == list(range(3, 36))
    assert NoThanks.data_package == "games.no_thanks"


def test_an_edited_file_is_checked_and_the_entry_at_fault_named() -> None:
    text = NoThanks().components_text or ""
    with pytest.raises(RuleError, match="id 'n-17' must be|the id ends in the card's number"):
        parse_catalogue(text.replace("attributes = { value = 17 }", "attributes = { value = 18 }"), "mine.toml")
    with pytest.raises(RuleError, match="missing: 35"):
        parse_catalogue("\n".join(line for line in text.splitlines() if '"n-35"' not in line), "mine.toml")


@pytest.mark.parametrize(("players", "chips"), [(3, 11), (4, 11), (5, 11), (6, 9), (7, 7)])
def test_chips_by_the_number_of_players(players: int, chips: int) -> None:
    """"11 chips each with 3-5 players, 9 with 6, 7 with 7" (the newer editions; README.md, reading 1)."""
    seats = ["red", "blue", "green", "yellow", "purple", "orange", "white"][:players]
    match = Match(NoThanks(), {"players": seats}, 3)
    assert CHIPS[players] == chips
    assert all(p.chips == chips for p in match.play.state.players)  # type: ignore[attr-defined]
    assert sum(CHIPS[players] * players for players in (7,)) <= 55


@pytest.mark.parametrize(("setup", "words"), [
    ({"players": ["red", "blue"]}, "needs 3 to 7 players, not 2"),
    ({"players": ["red", "blue", "pink"]}, "'pink' is not a seat"),
    ({"players": ["red", "blue", "red"]}, "red is named twice"),
    ({"players": ["red", "blue", "green"], "first": "white"}, "first player 'white' is not one of the players"),
    ({"players": ["red", "blue", "green"], "chips": 5}, "unknown setup field"),
    (["red"], "setup must be a JSON object"),
])
def test_a_bad_set_up_is_refused_saying_what_to_send(setup: object, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        parse_setup(setup)


def test_the_set_up_steps_say_what_to_lay_out() -> None:
    match = Match(NoThanks(), {"players": ["red", "blue", "green", "yellow", "purple", "orange"]}, 3)
    steps = [e.message.text for e in match.opening if e.physical]
    assert steps == ["Shuffle the 33 cards face down and put 9 cards back in the box without looking: the others "
                     "are the deck.", "Give each player 9 chips: everyone keeps their chips hidden."]


def test_simulate_reports_the_winners_total_and_the_no_thanks_said() -> None:
    from companion.games.registry import registration
    from engine.core.registry import get_game

    lines, inputs = registration("no-thanks").simulate(get_game("no-thanks"), None, 5, 1)
    assert lines[0] == "5 games, 4 players (red, blue, green, yellow), seed 1"
    said = float(lines[1].split("; ")[-1].split()[0])
    assert said > 1 and inputs >= 5 * 48
