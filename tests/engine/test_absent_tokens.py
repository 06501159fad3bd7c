"""Two-player rules: the absent Samurai's support tokens, once per game each."""

from __future__ import annotations

from conftest import Table


def test_tokens_are_offered_before_the_penalty_and_used_once(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"], absent_tokens=True)
    assert t.prompt.kind == "absent-token"
    assert t.prompt.options == ("kikuchiyo", "daisuke", "katsushiro", "gorobei", "kanbei", "no")
    t.do("kikuchiyo")
    assert t.prompt.kind == "absent-token" and "kikuchiyo" not in t.prompt.options
    t.do("no", "fight", "tap 3-farm-no-support", "defend")
    assert t.prompt.kind == "fight-again", "Kikuchiyo's talent added to Kyuzo for the round"
    t.do("no")
    assert t.view()["absent_tokens"] == ["daisuke", "katsushiro", "gorobei", "kanbei"]


def test_a_token_used_at_turn_start_helps_against_the_penalty(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"], absent_tokens=True)
    t.arrange(combat={"heihachi": ["2-hat-wound"]})
    t.do("no", "fight", "tap 4-hat-none", "defend")
    assert t.prompt.actor == "heihachi" and t.prompt.kind == "absent-token"
    t.do("gorobei")
    t.do("no")
    assert t.prompt.kind == "ignore-penalty"
    t.do("yes")
    assert t.sam("heihachi").wounds == 0


def test_round_talents_end_with_the_round(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"], absent_tokens=True)
    t.arrange(defence={"kyuzo": ["1-hat-none", "1-farm-no-support", "1-doll-none"],
                       "heihachi": ["2-hat-none", "2-farm-no-support", "2-doll-none"]})
    t.keep_raider(1)
    t.do("kikuchiyo", "no", "fight", "tap 4-hat-none")
    assert t.view()["round"] == 2
    assert all(s["round_talents"] == [] for s in t.view()["samurai"])
