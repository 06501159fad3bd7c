"""Setup: player counts, difficulty table, two-player rules, refusals."""

from __future__ import annotations

import pytest

from engine import Choose, Match, RuleError, Tap, get_game
from games.samurai_spirit.catalogue import load_catalogue

GAME = get_game("samurai-spirit")
FOUR = ["kyuzo", "heihachi", "daisuke", "kikuchiyo"]


def start(samurai: list[str], difficulty: str = "normal", **extra: object) -> Match:
    return Match(GAME, {"samurai": samurai, "difficulty": difficulty, **extra}, 5)


@pytest.mark.parametrize(
    ("difficulty", "barricades", "raiders"),
    [("easy", 7, 24), ("normal", 6, 28), ("hard", 5, 28), ("heroic", 4, 28)],
)
def test_difficulty_sets_barricades_and_stack(difficulty: str, barricades: int, raiders: int) -> None:
    view = start(FOUR, difficulty).play.public_view()
    assert view["village"] == {"barricades": barricades, "barricades_max": barricades,
                               "farmsteads": 6, "families": ["A", "B", "C"]}
    assert view["stacks"]["raider"] == raiders
    assert view["stacks"]["intruder"] == 0 and view["stacks"]["discard"] == []


def test_rulebook_five_player_example() -> None:
    view = start(["kyuzo", "heihachi", "daisuke", "kikuchiyo", "gorobei"]).play.public_view()
    assert view["village"]["barricades"] == 7
    assert view["stacks"]["raider"] == 35


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7])
def test_every_player_count_starts_at_zero_human_side(count: int) -> None:
    names = ["kikuchiyo", "kyuzo", "daisuke", "katsushiro", "gorobei", "heihachi", "kanbei"][:count]
    view = start(names).play.public_view()
    assert [s["name"] for s in view["samurai"]] == names
    assert all(s["track"] == 0 and s["face"] == "human" and s["wounds"] == 0 for s in view["samurai"])
    assert view["first"] in names


def test_first_player_is_random_but_seeded() -> None:
    firsts = {Match(GAME, {"samurai": FOUR}, seed).play.public_view()["first"] for seed in range(40)}
    assert firsts == set(FOUR)
    assert start(FOUR, first="daisuke").play.public_view()["active"] == "daisuke"


def test_two_samurai_get_the_absent_tokens_by_default() -> None:
    view = start(["kyuzo", "heihachi"]).play.public_view()
    assert view["absent_tokens"] == ["kikuchiyo", "daisuke", "katsushiro", "gorobei", "kanbei"]
    assert view["pending"]["kind"] == "absent-token"
    assert start(["kyuzo", "heihachi"], absent_tokens=False).play.public_view()["absent_tokens"] == []


def test_three_to_six_may_opt_in_to_the_absent_tokens() -> None:
    assert start(FOUR).play.public_view()["absent_tokens"] == []
    assert start(FOUR, absent_tokens=True).play.public_view()["absent_tokens"] == ["katsushiro", "gorobei", "kanbei"]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"samurai": ["kyuzo"]}, "2 to 7 Samurai"),
        ({"samurai": ["kyuzo", "kyuzo"]}, "Kyuzo chosen twice"),
        ({"samurai": ["kyuzo", "musashi"]}, "unknown Samurai 'musashi'"),
        ({"samurai": FOUR, "difficulty": "nightmare"}, "difficulty 'nightmare'"),
        ({"samurai": FOUR, "first": "gorobei"}, "first player 'gorobei'"),
        ({"samurai": list(load_catalogue().samurai), "absent_tokens": True}, "no absent support tokens"),
        ({"samurai": FOUR, "colour": "red"}, "unknown setup field(s): colour"),
        ({"samurai": "kyuzo"}, "list of Samurai names"),
        ({"samurai": FOUR, "deck": ["1-hat-none"]}, "uses 28 Plunderers, not 1"),
        ({"samurai": ["kyuzo", "heihachi"], "deck": ["5-hat-wound"]}, "5-hat-wound is not a Plunderer"),
    ],
)
def test_bad_setups_are_refused(setup: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError) as info:
        Match(GAME, setup, 1)
    assert message in str(info.value)


def test_two_player_deck_needs_the_family_symbol_twice() -> None:
    cat = load_catalogue()
    plain = [c for c, card in cat.cards.items() if card.rank == "plunderer" and card.symbol != "doll"]
    dolls = [c for c, card in cat.cards.items() if card.rank == "plunderer" and card.symbol == "doll"]
    with pytest.raises(RuleError, match="family symbol 1 time"):
        start(["kyuzo", "heihachi"], deck=plain[:13] + dolls[:1])
    match = start(["kyuzo", "heihachi"], deck=plain[:12] + dolls[:2])
    assert match.play.public_view()["stacks"]["raider"] == 14


def test_known_deck_refuses_cards_outside_it() -> None:
    cat = load_catalogue()
    deck = [c for c, card in cat.cards.items() if card.rank == "plunderer"][:28]
    outside = [c for c, card in cat.cards.items() if card.rank == "plunderer"][30]
    match = start(FOUR, deck=deck, first="kyuzo")
    match.apply(Choose("fight"))
    assert sorted(match.play.possible_taps()) == sorted(deck)
    with pytest.raises(RuleError, match="not in this game's stack"):
        match.apply(Tap(outside))


def test_setup_round_trips_through_json() -> None:
    match = start(["kyuzo", "heihachi"], difficulty="hard", first="heihachi")
    again = Match(GAME, match.header()["setup"], match.seed)
    assert again.play.public_view() == match.play.public_view()
