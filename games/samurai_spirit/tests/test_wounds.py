"""Wounds: token, flip to the animal side, token again, death."""

from __future__ import annotations

from games.samurai_spirit.tests.spirit_table import Table


def test_four_wounds_kill_and_lose_the_game(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.arrange(combat={"heihachi": ["1-hat-wound"]}, wounds={"heihachi": 3})
    events = t.do("fight", "tap 4-hat-none", "defend")
    assert "Heihachi takes a fourth wound and dies." in t.texts(events)
    assert t.view()["result"] == "lost" and t.prompt is None
    assert "game is over" in t.refuse("press fight")


def test_second_wound_flips_and_third_puts_a_token_on_the_animal(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.arrange(combat={"heihachi": ["1-hat-wound"]}, wounds={"heihachi": 1})
    t.do("fight", "tap 4-hat-none", "defend")
    h = t.view()["samurai"][1]
    assert (h["face"], h["wound_token"], h["kiai"]) == ("animal", False, 11)
    t.do("pass", "pass")
    assert t.sam("heihachi").wounds >= 2


def test_an_animal_board_never_turns_back_faq() -> None:
    from games.samurai_spirit.state import SamuraiState

    sam = SamuraiState("kyuzo", 0, wounds=2)
    assert sam.face == "animal" and not sam.wound_token
    sam.wounds = 3
    assert sam.wound_token
