"""Knizia's Samurai rules, each test quoting the condensed rulebook (../shared/rules/samurai-knizia.md)."""

from __future__ import annotations

import pytest
from knizia_table import Table

from engine import RuleError, Tap
from games.samurai_knizia.catalogue import load_catalogue
from games.samurai_knizia.rules.reckoning import reckon

# --- tiles and turns -----------------------------------------------------------------------------


def test_a_turn_is_one_normal_tile_and_any_number_of_fast_tiles() -> None:
    """"On each turn, a player plays one or more tiles, which may be: one normal tile ... and/or any number
    of fast tiles ... (These 5 tiles are: 1 Ronin, 1/1/2 Ship, Switch.)\""""
    t = Table()
    t.do("red-castle-3", "red-ship-1a", "red-ronin-1", "red-ship-2")
    assert "already played a normal tile this turn" in t.refuse("red-samurai-2a")
    assert "already played a normal tile" in t.refuse("red-move-0")
    t.do("pass")
    assert t.prompt.actor == "blue"
    assert t.view()["players"][0] == {"name": "red", "seat": 0, "tiles_played": 4, "tiles_left": 16}


def test_fast_tiles_alone_make_a_turn_and_a_turn_needs_at_least_one_tile() -> None:
    """"a player plays one or more tiles\""""
    t = Table()
    assert "must play at least one tile before passing" in t.refuse("pass")
    t.turn("red-ship-1b")
    assert t.prompt.actor == "blue"


def test_only_the_active_players_unplayed_tiles_may_be_played() -> None:
    """"Give each player ... a set of 20 tiles of one color": a player plays only their own tiles, each once."""
    t = Table()
    assert "is blue's tile, but it is red's turn" in t.refuse("blue-castle-3")
    assert "not in this game" in t.refuse("yellow-castle-3")
    assert "Unknown tile" in t.refuse("spades-3")
    with pytest.raises(RuleError, match="Nothing is tapped face down"):
        t.match.apply(Tap("red-castle-3", hidden=True))
    t.turn("red-castle-3")
    t.turn("blue-rice-2")
    t.turn("green-samurai-3")
    assert "already on the board" in t.refuse("red-castle-3")
    assert sorted(t.play.possible_taps()) == sorted(
        tile.id for tile in load_catalogue().of("red") if tile.id != "red-castle-3")


def test_the_switch_is_discarded_after_use() -> None:
    """"The Switch tile ... is played by discarding it and switching any 2 figures on the board.\""""
    t = Table()
    events = t.do("red-switch")
    assert "swap any 2 figures" in t.texts(events) and t.st.discarded == ["red-switch"]
    t.do("red-castle-4", "castle")
    assert "a Switch never stays on the board" in t.refuse("red-switch")
    assert "already on the board" not in t.texts(events)


def test_a_move_replaces_one_of_the_players_own_normal_tiles_on_the_board() -> None:
    """"The Move tile (value 0) replaces a previously played normal (not fast) tile of its player, which
    moves to a new space. The displaced tile is immediately moved to an empty land space elsewhere.\""""
    t = Table(players=("red", "blue"))
    assert "there is none yet" in t.refuse("red-move-0")
    t.turn("red-ship-1a")
    t.turn("blue-castle-2")
    assert "there is none yet" in t.refuse("red-move-0")
    t.turn("red-buddha-3", "red-ronin-1")
    t.turn("blue-rice-3")
    t.do("red-move-0")
    assert t.prompt.kind == "move" and t.play.possible_taps() == ["red-buddha-3"]
    assert "one of red's own tiles, not blue-rice-3" in t.refuse("blue-rice-3")
    assert "not Ronin, Ships" in t.refuse("red-ronin-1")
    events = t.do("red-buddha-3")
    assert "put red-buddha-3 on an empty land space elsewhere" in t.texts(events)
    assert t.st.moved == {"red-move-0": "red-buddha-3"}
    assert "already played a normal tile this turn (red-move-0)" in t.refuse("red-castle-2")
    t.do("pass")


def test_a_player_with_no_tiles_left_passes() -> None:
    """"A player with no tiles left passes." (issue 13; the rulebook's turns simply run out of tiles)"""
    t = Table(players=("red", "blue"))
    t.st.players[1].played = [tile.id for tile in load_catalogue().of("blue")]
    events = t.turn("red-castle-2")
    assert "blue has no tiles left and passes." in t.texts(events)
    assert t.prompt.actor == "red"


def test_the_game_ends_when_nobody_has_a_tile_left() -> None:
    """Reading 6: after the turn in which the last tile of the last player was played, nothing can happen."""
    t = Table(players=("red", "blue"))
    t.st.players[1].played = [tile.id for tile in load_catalogue().of("blue")]
    red = [tile.id for tile in load_catalogue().of("red") if tile.fast or tile.id == "red-castle-2"]
    t.st.players[0].played = [tile.id for tile in load_catalogue().of("red") if tile.id not in red]
    events = t.turn(*red)
    assert "No player has a tile left: the game is over." in t.texts(events)
    assert t.prompt is None and t.view()["result"] == "over"


# --- captures ----------------------------------------------------------------------------------------


def test_the_most_influence_takes_the_figure_behind_the_screen() -> None:
    """"Each figure is taken by and placed behind the screen of the player with the most influence from
    adjacent tiles.\""""
    t = Table()
    t.turn("red-castle-4")
    t.turn("blue-castle-3")
    t.do("green-samurai-2a")
    events = t.capture(["castle"], ["red-castle-4", "blue-castle-3", "green-samurai-2a"])
    text = t.texts(events)
    assert "castle: red has the most influence (4 to 3) and takes the figure: put it behind red's screen." in text
    assert t.view()["figures_left"] == {"castle": 9, "buddha": 10, "rice": 10}
    assert t.p("red").captured == {"castle": 1, "buddha": 0, "rice": 0}
    assert t.prompt.kind == "turn" and t.prompt.actor == "green", "the turn goes on after a capture"


def test_caste_tiles_count_for_their_caste_only_the_others_for_all_and_the_move_for_none() -> None:
    """"The 2/3/4 Castle/Buddha/Rice tiles have the indicated influence on the indicated caste, only. The
    1/1/2/2/3 Samurai and 1 Ronin tiles have the indicated influence on each and all castes. The 1/1/2 Ship
    tiles have the indicated influence on each and all castes. The Move tile has 0 influence during
    captures.\""""
    t = Table()
    tiles = ["red-castle-4", "red-buddha-2", "red-samurai-3", "red-ronin-1", "red-ship-2", "red-move-0"]
    t.st.board.extend(tiles)
    assert t.st.influence(tiles, "castle")["red"] == 4 + 3 + 1 + 2
    assert t.st.influence(tiles, "buddha")["red"] == 2 + 3 + 1 + 2
    assert t.st.influence(tiles, "rice")["red"] == 3 + 1 + 2
    assert t.st.influence(["red-move-0"], "rice") == {"red": 0, "blue": 0, "green": 0}


def test_every_figure_of_a_settlement_is_decided_by_its_own_caste() -> None:
    """"the figures in it are immediately captured. Each figure is taken by ... the player with the most
    influence\": a city's two figures may go to two players."""
    t = Table()
    t.turn("red-castle-4")
    t.turn("blue-rice-3")
    t.do("green-samurai-1a")
    events = t.capture(["rice", "castle"], ["red-castle-4", "blue-rice-3", "green-samurai-1a"])
    assert t.p("red").captured["castle"] == 1 and t.p("blue").captured["rice"] == 1
    assert [e.data["caste"] for e in events if e.kind == "captured"] == ["castle", "rice"]


def test_a_tie_removes_the_figure_and_nobody_captures_it() -> None:
    """"If there is a tie, the figure is removed from the board; nobody captures it.\""""
    t = Table()
    t.turn("red-samurai-3")
    t.turn("blue-buddha-3")
    t.do("green-rice-2")
    events = t.capture(["buddha"], ["red-samurai-3", "blue-buddha-3", "green-rice-2"])
    assert "buddha: red, blue tie with 3 influence each: the figure is removed from the board and put aside " \
           "(tie 1 of 4)." in t.texts(events)
    assert all(pl.figures == 0 for pl in t.st.players)
    assert t.view()["ties"] == 1 and t.view()["removed"]["buddha"] == 1 and t.view()["figures_left"]["buddha"] == 9


def test_nobody_with_influence_on_a_caste_is_a_tie_of_everybody() -> None:
    """Reading 3: a Rice figure next to only Castle tiles: every player has 0, "If there is a tie, the figure is
    removed\" and it counts as a tie."""
    t = Table()
    t.do("red-castle-3")
    events = t.capture(["rice"], ["red-castle-3"])
    assert "rice: red, blue, green tie with 0 influence each" in t.texts(events)
    assert t.st.ties == 1


def test_a_capture_counts_only_tiles_on_the_board_each_once_and_at_most_six() -> None:
    """"the player with the most influence from adjacent tiles": only tiles on the board are adjacent; a
    settlement is one hexagon, so at most 6 spaces touch it (reading 5)."""
    t = Table(players=("red", "blue"))
    t.turn("red-castle-2", "red-ship-1a", "red-ship-1b", "red-ship-2", "red-ronin-1")
    t.turn("blue-castle-3", "blue-ship-1a")
    t.do("red-samurai-1a", "castle")
    assert "has not been played" in t.refuse("blue-castle-4")
    t.do("red-castle-2")
    assert "already counted for this settlement" in t.refuse("red-castle-2")
    t.do("red-ship-1a", "red-ship-1b", "red-ship-2", "red-ronin-1", "blue-castle-3")
    assert "at most 6 spaces" in t.refuse("blue-ship-1a")
    assert t.play.possible_taps() == []
    t.do("ok")


def test_a_settlements_castes_are_different_and_must_be_on_the_board() -> None:
    """"The figures in a city must always be different from each other.\" A caste is named once per capture,
    and only while a figure of it is on the board; before any tile, nothing can be surrounded."""
    t = Table()
    assert "no tile is on the board" in t.refuse("castle")
    assert t.prompt.options == ()
    t.do("red-castle-4", "castle")
    assert "already named" in t.refuse("castle")
    assert "Tap every tile next to the settlement first" in t.refuse("ok")
    assert "Finish the capture first" in t.refuse("pass")
    t.do("buddha", "rice")
    assert t.prompt.options == ()
    t.do("red-castle-4")
    assert t.prompt.options == ("ok",)


def test_a_caste_with_no_figure_left_cannot_be_named() -> None:
    t = Table(players=("red", "blue"))
    t.st.figures_left["rice"] = 0
    t.do("red-castle-4")
    assert "rice" not in t.prompt.options
    assert "No rice figure is left on the board" in t.refuse("rice")


# --- the end ----------------------------------------------------------------------------------------


def test_the_last_figure_of_a_caste_ends_the_game_at_the_end_of_that_turn() -> None:
    """"The game ends at the end of any player's turn in which either: the last figure of any caste is
    removed from the board (by capture or tie)\""""
    t = Table(players=("red", "blue"))
    t.do("red-castle-4")
    for _ in range(6):
        t.capture(["castle"], ["red-castle-4"])
    assert t.view()["figures_left"]["castle"] == 1 and t.view()["ending"] is None
    events = t.capture(["castle"], ["red-castle-4"])
    assert "The last castle figure has left the board: the game ends after red's turn." in t.texts(events)
    assert t.prompt.kind == "turn" and t.prompt.actor == "red", "the turn is played to its end"
    assert "castle" not in t.prompt.options
    t.do("red-ship-1a")
    events = t.do("pass")
    assert t.prompt is None and t.play.result == "over"
    assert "red shows the figures behind the screen: Castle 7, Buddha 0, Rice 0." in t.texts(events)
    assert t.play.outcome is not None and t.play.outcome.winners == ("red",)
    assert t.play.outcome.detail["ending"] == {"reason": "caste", "caste": "castle", "player": "red"}


def test_a_fourth_tie_ends_the_game_at_the_end_of_that_turn_and_the_third_warns() -> None:
    """"or a fourth figure is removed from the board by a tie.\""""
    t = Table(players=("red", "blue"))
    t.turn("red-castle-3")
    t.do("blue-castle-3")
    t.capture(["castle"], ["red-castle-3", "blue-castle-3"])
    t.capture(["castle"], ["red-castle-3", "blue-castle-3"])
    events = t.capture(["castle"], ["red-castle-3", "blue-castle-3"])
    assert "Third tie: one more tie ends the game." in t.texts(events)
    events = t.capture(["castle", "buddha"], ["red-castle-3", "blue-castle-3"])
    assert "A fourth figure was removed by a tie: the game ends after blue's turn." in t.texts(events)
    assert t.st.ties == 5 and t.prompt.actor == "blue"
    t.do("pass")
    assert t.prompt is None and t.play.outcome is not None
    assert t.play.outcome.detail["ending"]["reason"] == "ties"


def test_captures_after_the_end_condition_in_the_same_turn_still_count() -> None:
    """"The game ends at the end of any player's turn": the rest of the turn is played, captures included."""
    t = Table(players=("red", "blue"))
    t.do("red-castle-4")
    for _ in range(7):
        t.capture(["castle"], ["red-castle-4"])
    t.capture(["rice"], ["red-castle-4"])
    t.do("red-ship-2")
    t.capture(["buddha"], ["red-ship-2"])
    t.do("pass")
    assert t.play.outcome is not None and t.play.outcome.detail["captured"]["red"]["buddha"] == 1


# --- the reckoning ------------------------------------------------------------------------------------


def _captured(**rows: tuple[int, int, int]) -> dict[str, dict[str, int]]:
    return {name: dict(zip(("castle", "buddha", "rice"), row, strict=True)) for name, row in rows.items()}


def test_the_leader_of_a_caste_has_strictly_more_and_a_tied_caste_has_none() -> None:
    """"A player who has more figures of a caste than any other player is leader of the caste. A tied caste
    has no leader.\""""
    result = reckon(_captured(red=(3, 2, 0), blue=(1, 2, 0), green=(0, 0, 0)))
    assert result["leaders"] == {"castle": "red", "buddha": None, "rice": None}


def test_the_leader_of_the_most_castes_wins() -> None:
    """"The leader of the most castes wins.\""""
    result = reckon(_captured(red=(3, 2, 0), blue=(1, 1, 4), green=(0, 0, 5)))
    assert result["led"] == {"red": 2, "blue": 0, "green": 1}
    assert result["ranking"][0] == ("red",) and result["decided_by"] == "castes"


def test_first_tie_break_most_figures_of_castes_not_led() -> None:
    """"If there is a tie, the tied player with the most figures of castes they do not lead wins.\""""
    result = reckon(_captured(red=(4, 1, 1), blue=(2, 5, 3), green=(0, 0, 4)))
    # red leads castle (not-led 1 + 1 = 2); blue leads buddha (not-led 2 + 3 = 5); green leads rice (0).
    assert result["led"] == {"red": 1, "blue": 1, "green": 1}
    assert result["not_led"] == {"red": 2, "blue": 5, "green": 0}
    assert result["ranking"][0] == ("blue",) and result["decided_by"] == "not-led"


def test_second_tie_break_most_figures() -> None:
    """"If there is still a tie, the tied player with the most figures wins.\""""
    result = reckon(_captured(red=(5, 1, 1), blue=(1, 4, 1), green=(1, 1, 2)))
    assert result["led"] == {"red": 1, "blue": 1, "green": 1}
    assert result["not_led"] == {"red": 2, "blue": 2, "green": 2}
    assert result["figures"] == {"red": 7, "blue": 6, "green": 4}
    assert result["ranking"][0] == ("red",) and result["decided_by"] == "figures"


def test_a_tie_through_both_tie_breaks_shares_the_victory() -> None:
    """"If a tie remains, victory is shared.\""""
    result = reckon(_captured(red=(3, 1, 0), blue=(1, 3, 0), green=(0, 0, 0)))
    assert result["ranking"][0] == ("red", "blue") and result["decided_by"] == "shared"


def test_tie_breaks_compare_only_the_players_tied_on_castes_led() -> None:
    """The tie-breaks are for "the tied player[s]": a player leading fewer castes never wins on figures."""
    result = reckon(_captured(red=(2, 2, 0), blue=(1, 1, 9), green=(0, 0, 8)))
    assert result["led"] == {"red": 2, "blue": 1, "green": 0}
    assert result["ranking"][0] == ("red",) and result["decided_by"] == "castes"


def test_the_reckoning_names_leaders_winner_and_tie_break_at_the_table() -> None:
    t = Table(players=("red", "blue"))
    t.turn("red-castle-4")
    t.do("blue-buddha-4")
    for _ in range(6):
        t.capture(["castle"], ["red-castle-4"])
    t.capture(["buddha"], ["blue-buddha-4"])
    t.capture(["buddha"], ["blue-buddha-4"])
    t.capture(["castle"], ["red-castle-4"])
    events = t.do("pass")
    text = t.texts(events)
    assert "castle: red leads with 7." in text and "buddha: blue leads with 2." in text
    assert "rice: red, blue tie with 0, so nobody leads it." in text
    outcome = t.play.outcome
    assert outcome is not None and outcome.winners == ("red",) and outcome.scores == {"red": 1, "blue": 1}
    assert outcome.detail["decided_by"] == "figures"
    assert outcome.summary.text == ("red, blue lead 1 caste each and tie on figures in castes not led (0); red wins "
                                    "with the most figures (7).")


# --- what the table sees ---------------------------------------------------------------------------------


def test_captured_figures_stay_behind_the_screens_until_the_end() -> None:
    """"placed behind the screen of the player": the view shows the board's figures and ties, never a tally."""
    t = Table()
    t.do("red-castle-4")
    t.capture(["castle"], ["red-castle-4"])
    view = t.view()
    assert "captures" not in view and view["figures_left"]["castle"] == 9
    assert "captured" not in str(view)


def test_open_captures_show_them_during_the_game() -> None:
    t = Table(open_captures=True)
    t.do("red-castle-4")
    t.capture(["castle"], ["red-castle-4"])
    assert t.view()["captures"]["red"] == {"castle": 1, "buddha": 0, "rice": 0}


def test_two_games_whose_captures_went_to_other_players_look_the_same() -> None:
    """The view during the game is a function of the board's figures, the ties and the tiles played only."""
    a, b = Table(), Table()
    a.turn("red-castle-4")
    b.turn("red-castle-2")
    a.turn("blue-castle-2")
    b.turn("blue-castle-4")
    for t in (a, b):
        t.do("green-rice-2")
    a.capture(["castle"], ["red-castle-4", "blue-castle-2"])
    b.capture(["castle"], ["red-castle-2", "blue-castle-4"])
    assert a.p("red").captured != b.p("red").captured

    def scrub(view: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in view.items() if k not in ("pending",)}

    assert scrub(a.view()) == scrub(b.view())


def test_after_the_turn_the_player_refills_to_five_while_tiles_last() -> None:
    """"After playing, the player draws randomly to refill to 5 face-up tiles behind their screen, while
    available.\""""
    t = Table(players=("red", "blue"))
    events = t.turn("red-castle-2")
    assert "red ends the turn and draws tiles to have 5 behind the screen again." in t.texts(events)
    t.st.players[1].played = [tile.id for tile in load_catalogue().of("blue")][:16]
    events = t.turn("blue-ship-1a")
    assert "blue ends the turn with the last 3 tiles behind the screen." in t.texts(events)
