"""The tiles data file and the set-up: what the rulebook prints is checked, what it does not is flagged."""

from __future__ import annotations

from collections import Counter

import pytest
from knizia_table import Table

from engine import RuleError, get_game
from games.samurai_knizia.catalogue import load_catalogue, packaged_text
from games.samurai_knizia.setup import FIGURES


def test_eighty_tiles_four_colours_of_twenty() -> None:
    """"Give each player a screen and a set of 20 tiles of one color.\" Castle, Buddha, Rice at 2, 3, 4;
    Samurai 1, 1, 2, 2, 3; Move 0; fast tiles Ronin 1, Ships 1, 1, 2, Switch."""
    cat = load_catalogue()
    assert len(cat.tiles) == 80 and cat.colours == ("red", "blue", "green", "yellow")
    red = Counter((t.type, t.value, t.fast) for t in cat.of("red"))
    assert red == Counter([(c, v, False) for c in ("castle", "buddha", "rice") for v in (2, 3, 4)]
                          + [("samurai", v, False) for v in (1, 1, 2, 2, 3)] + [("move", 0, False)]
                          + [("ronin", 1, True), ("ship", 1, True), ("ship", 1, True), ("ship", 2, True),
                             ("switch", 0, True)])
    assert {"red-samurai-1b", "blue-ship-2", "green-move-0", "yellow-switch"} <= set(cat.tiles)


def test_the_colours_are_flagged_unverified() -> None:
    """The rulebook names no colours: the colour entries say so, so an owner knows what to check."""
    assert load_catalogue().unverified_colours == ("red", "blue", "green", "yellow")
    assert "UNVERIFIED: the player colours" in packaged_text()


def test_a_damaged_data_file_names_the_entry_at_fault() -> None:
    text = packaged_text().replace('id = "red-castle-3", kind = "tile", label = "Red Castle 3", attributes = '
                                   '{ colour = "red", type = "castle", value = 3',
                                   'id = "red-castle-3", kind = "tile", label = "Red Castle 3", attributes = '
                                   '{ colour = "red", type = "castle", value = 4')
    with pytest.raises(RuleError, match=r"entry 6 \(id 'red-castle-3'\): the id does not match"):
        load_catalogue(text, "edited.toml")
    text = packaged_text().replace('  { id = "red-switch"', '  # { id = "red-switch"')
    with pytest.raises(RuleError, match="colour red must have the 20 tiles of one set; missing: switch 0"):
        load_catalogue(text, "edited.toml")
    text = packaged_text().replace('fast = true }, verified = true },\n  # blue',
                                   'fast = false }, verified = true },\n  # blue')
    with pytest.raises(RuleError, match="fast must be true exactly for Ronin, Ships and Switch"):
        load_catalogue(text, "edited.toml")


@pytest.mark.parametrize(("players", "figures"), [(2, 7), (3, 10), (4, 13)])
def test_figures_per_caste_by_player_count(players: int, figures: int) -> None:
    """"With 2/3/4 players, place 7/10/13 figures of each caste (Castle, Buddha, Rice) on the table.\""""
    t = Table(players=("red", "blue", "green", "yellow")[:players])
    assert FIGURES[players] == figures
    assert t.view()["figures_left"] == {"castle": figures, "buddha": figures, "rice": figures}
    assert f"put {figures} figures of each caste beside it" in t.texts()


def test_the_start_player_places_first_and_plays_first() -> None:
    """"In turns clockwise from the start player, players move a figure to a city ... In turns clockwise from
    the start player, play until a game end condition\""""
    t = Table(first="blue")
    assert "From blue on, clockwise, each player moves a figure to a city" in t.texts()
    assert t.prompt.actor == "blue" and t.prompt.kind == "turn"
    t.turn("blue-rice-2")
    assert t.prompt.actor == "green"
    t.turn("green-rice-2")
    assert t.prompt.actor == "red"


def test_without_first_the_seed_picks_and_a_replay_agrees() -> None:
    game = get_game("samurai-knizia")
    firsts = {game.new_play({"players": ["red", "blue", "green"]}, seed)[0].public_view()["active"]
              for seed in range(20)}
    assert firsts == {"red", "blue", "green"}
    assert (game.new_play({"players": ["red", "blue"]}, 5)[0].public_view()
            == game.new_play({"players": ["red", "blue"]}, 5)[0].public_view())


@pytest.mark.parametrize(("setup", "words"), [
    ("nonsense", "setup must be a JSON object"),
    ({"players": ["red"]}, "needs 2 to 4 players, not 1"),
    ({"players": ["red", "blue", "green", "yellow", "red"]}, "needs 2 to 4 players, not 5"),
    ({"players": ["red", "purple"]}, "'purple' is not a tile colour"),
    ({"players": ["red", "red"]}, "two players play red"),
    ({"players": ["red", "blue"], "first": "green"}, "first player 'green' is not one of the players"),
    ({"players": ["red", "blue"], "open_captures": "yes"}, "open_captures must be true or false"),
    ({"players": ["red", "blue"], "lives": 2}, "unknown setup field"),
    ({"players": "red"}, "players must be a list of 2 to 4 tile colours"),
])
def test_a_bad_setup_says_what_to_send(setup: object, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        get_game("samurai-knizia").parse_setup(setup)


def test_the_setup_round_trips() -> None:
    game = get_game("samurai-knizia")
    setup = game.parse_setup({"players": ["green", "red"], "first": "red", "open_captures": True})
    assert game.parse_setup(setup.to_json()) == setup
