"""Two-player rules: the absent Samurai's support tokens, once per game each."""

from __future__ import annotations

from games.samurai_spirit.tests.spirit_table import Table


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


# The two-player rule: "AT THE BEGINNING OF YOUR TURN (i.e. BEFORE applying the penalty on your last Raider
# card), you can decide to use one or more of these support tokens. The effect of each token you use is added to
# your own talent for the current round. [...] Each token can only be used once per game." A Samurai past his
# Kiai "MUST PASS", and a Samurai who passed "can neither receive cards, nor get rid of any": after such a turn
# no talent reaches him this round, so only a token against the penalty about to strike him can be used.

def _kyuzo_plays_then_heihachi(t: Table) -> None:
    t.do("no", "fight", "tap 4-hat-none", "defend")
    assert t.prompt.actor == "heihachi"


def test_no_question_when_he_must_pass_and_no_penalty_waits(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"], absent_tokens=True)
    t.arrange(combat={"heihachi": ["4-doll-none", "4-farm-barricade", "2-doll-none"]})  # 10, past Kiai 9
    t.do("no", "fight", "tap 4-hat-none", "defend")
    assert t.sam("heihachi").passed, "his forced Pass went through without a question"
    assert t.prompt.actor == "kyuzo"
    assert len(t.view()["absent_tokens"]) == 5, "no token was spent"


def test_only_the_token_against_the_penalty_when_he_must_pass(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"], absent_tokens=True)
    t.arrange(combat={"heihachi": ["4-doll-none", "4-farm-barricade", "2-doll-barricade"]})
    _kyuzo_plays_then_heihachi(t)
    assert t.prompt.kind == "absent-token" and t.prompt.options == ("gorobei", "no")
    t.do("gorobei")
    assert t.prompt.kind == "ignore-penalty", "Kanbei's token is no use on an even card: not asked again"


def test_odd_penalty_and_kanbei_spent_asks_nothing(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"], absent_tokens=True)
    t.st.absent_unused.remove("kanbei")
    t.arrange(combat={"heihachi": ["4-doll-none", "4-farm-barricade", "3-doll-barricade"]})
    barricades = t.st.barricades
    t.do("no", "fight", "tap 4-hat-none", "defend")
    assert t.st.barricades == barricades - 1 and t.sam("heihachi").passed, "penalty taken, forced Pass, no question"
    assert t.view()["absent_tokens"] == ["kikuchiyo", "daisuke", "katsushiro", "gorobei"]


def test_every_token_when_a_wound_may_flip_him_below_the_kiai(table: type[Table]) -> None:
    """Once wounded, a penalty's wound turns the board to its animal side (Kiai 12): he may fight again."""
    t = table(["kyuzo", "heihachi"], absent_tokens=True)
    t.arrange(combat={"heihachi": ["4-doll-none", "4-farm-barricade", "2-doll-wound"]}, wounds={"heihachi": 1})
    _kyuzo_plays_then_heihachi(t)
    assert t.prompt.kind == "absent-token" and len(t.prompt.options) == 6
