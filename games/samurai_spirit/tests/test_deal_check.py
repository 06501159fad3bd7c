"""Two-player rule: the family symbol at least twice among the 14 Plunderers, checked as they show up.

Rulebook, "Two-player game": "During the game setup, make sure that the
family symbol is present at least twice among the 14 Plunderer cards kept.
If this is not the case, set aside these 14 cards et draw 14 new ones, then,
check again."

A deck given at setup is checked there (test_setup.py). When the Plunderers
are only known as they are tapped, the tap that proves the deal wrong is the
truth of the table and is accepted; the table is then told and chooses:
re-deal as the rulebook says (the game starts again with 14 new Plunderers,
these 14 set aside), or play on with this deal.
"""

from __future__ import annotations

from engine import RuleError
from games.samurai_spirit.tests.spirit_table import Table

RULE = ("During the game setup, make sure that the family symbol is present at least twice among the 14 Plunderer "
        "cards kept. If this is not the case, set aside these 14 cards et draw 14 new ones, then, check again.")
ONES = ["1-hat-wound", "1-hat-intruder", "1-hat-no-defend", "1-farm-barricade", "1-farm-wound", "1-farm-no-support",
        "1-farm-intruder", "1-plain-barricade"]
TWOS = ["2-hat-wound", "2-hat-intruder", "2-hat-no-defend"]


def thirteen_without_the_family(table: type[Table], first_card: str = "1-hat-none") -> Table:
    """Kyuzo alone in the round reveals Plunderers and discards them with his talent, none with the doll."""
    t = table(["kyuzo", "heihachi"])
    t.do("fight", f"tap {first_card}", "confront", "pass")
    for cid in ONES:
        t.do("fight", f"tap {cid}", "discard")
    t.do("fight", "tap 2-hat-none", "confront")
    for cid in TWOS[:-1]:
        t.do("fight", f"tap {cid}", "discard")
    assert t.prompt.kind == "action", t.texts()
    t.do("fight", f"tap {TWOS[-1]}")
    return t


def test_the_tap_that_breaks_the_rule_is_accepted_and_the_table_asked(table: type[Table]) -> None:
    t = thirteen_without_the_family(table)
    assert t.prompt.kind == "deal" and t.prompt.actor == "table"
    assert t.prompt.options == ("redeal", "play-on")
    assert "the family symbol is present at least twice among the 14 Plunderer cards kept" in RULE
    assert "the family symbol must be present at least twice among the 14 Plunderer cards kept" in t.prompt.text
    assert "set these 14 aside" in t.prompt.text
    assert "deal-broken" in [e.kind for e in t.events]


def test_no_question_while_the_family_symbol_can_still_show_twice(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.do("fight", "tap 1-doll-none", "confront", "pass")
    for cid in ONES:
        t.do("fight", f"tap {cid}", "discard")
    t.do("fight", "tap 2-hat-none", "confront")
    for cid in TWOS:
        t.do("fight", f"tap {cid}", "discard")
    assert t.prompt.kind == "action" and "deal-broken" not in [e.kind for e in t.events]


def test_redeal_starts_again_with_these_plunderers_set_aside(table: type[Table]) -> None:
    t = thirteen_without_the_family(table)
    events = t.do("redeal")
    assert "redeal" in [e.kind for e in events] and "setup" in [e.kind for e in events]
    assert "set these 14 Plunderers aside" in t.texts(events)
    view = t.view()
    assert view["round"] == 1 and view["stacks"]["raider"] == 14 and view["stacks"]["discard"] == []
    assert all(s["combat"] == [] and not s["passed"] for s in view["samurai"])
    assert t.prompt.kind == "action" and t.prompt.actor == "kyuzo"
    t.do("fight")
    try:
        t.do("tap 1-hat-none")
    except RuleError as exc:
        assert "set aside" in str(exc) or "not in this game" in str(exc)
    else:
        raise AssertionError("a Plunderer set aside by the re-deal was accepted")
    assert "1-hat-none" not in t.play.possible_taps() and "1-doll-none" in t.play.possible_taps()


def test_play_on_keeps_the_deal_and_asks_no_more(table: type[Table]) -> None:
    t = thirteen_without_the_family(table)
    t.do("play-on")
    assert t.prompt.kind == "fight" and t.prompt.subject == TWOS[-1]
    t.do("discard")
    t.do("fight", "tap 3-hat-none", "confront")
    assert t.prompt.kind != "deal"
    assert [e.kind for e in t.events].count("deal-broken") == 1


def test_undo_of_the_redeal_gives_the_question_back(table: type[Table]) -> None:
    t = thirteen_without_the_family(table)
    t.do("redeal")
    t.match.undo(1)
    assert t.prompt.kind == "deal"
