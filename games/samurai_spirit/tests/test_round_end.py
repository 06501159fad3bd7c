"""End of round steps 1-4, later rounds, victory, score and grade."""

from __future__ import annotations

from games.samurai_spirit.tests.spirit_table import Table

SAFE = {"kyuzo": ["1-hat-none", "1-farm-no-support", "1-doll-none"],
        "heihachi": ["2-hat-none", "2-farm-no-support", "2-doll-none"]}


def _to_round_end(table: type[Table], difficulty: str = "normal", defence: dict[str, list[str]] | None = None,
                  raider: int = 1, **arrange: object) -> Table:
    t = table(["kyuzo", "heihachi"], difficulty=difficulty)
    t.arrange(defence=SAFE if defence is None else defence, **arrange)  # type: ignore[arg-type]
    t.keep_raider(raider)
    return t


def test_intruder_flames_with_one_barricade_left_rulebook_example(table: type[Table]) -> None:
    t = _to_round_end(table, barricades=0, intruder=4)
    events = t.do("fight", "tap 3-hat-none")
    text = t.texts(events)
    assert "End of round 1." in text
    assert "Family bonus A: no Samurai has a Wound token." in text
    assert "Family bonus B: add one Barricade (1 now)." in text
    assert t.prompt.tap == "intruder" and "Family bonus C" in t.prompt.text
    t.do("tap 4-hat-none")
    assert t.view()["village"]["barricades"] == 1
    events = t.do("tap 3-doll-none", "tap 1-hat-wound", "tap 1-doll-wound")
    text = t.texts(events)
    assert "3-doll-none shows no flames" in text
    assert "1-hat-wound shows flames: remove one Barricade (0 left)" in text
    assert "1-doll-wound shows flames, and no Barricade is left: destroy one Farmstead (5 left)" in text
    assert t.view()["round"] == 2


def test_steps_one_to_three_punish_missing_symbols(table: type[Table]) -> None:
    t = _to_round_end(table, defence={"kyuzo": ["1-hat-none"], "heihachi": ["2-farm-no-support"]})
    events = t.do("fight", "tap 3-hat-none")
    text = t.texts(events)
    order = [text.index(s) for s in ("Step 1: Heihachi", "Step 2: Kyuzo", "Step 3: Kyuzo", "Step 3: Heihachi")]
    assert order == sorted(order)
    view = t.view()
    assert view["samurai"][1]["wounds"] == 1 and view["samurai"][0]["wounds"] == 0
    assert view["village"]["farmsteads"] == 5
    assert len(view["village"]["families"]) == 1


def test_no_family_bonus_at_heroic(table: type[Table]) -> None:
    t = _to_round_end(table, difficulty="heroic", barricades=0)
    events = t.do("fight", "tap 3-hat-none")
    assert "Family bonus" not in t.texts(events)
    assert t.view()["round"] == 2


def test_barricades_never_exceed_the_start(table: type[Table]) -> None:
    t = _to_round_end(table)
    events = t.do("fight", "tap 3-hat-none")
    assert "no Barricade added, the village already has its starting 4" in t.texts(events)


def test_family_bonus_heals_a_random_wounded_samurai(table: type[Table]) -> None:
    t = _to_round_end(table, wounds={"heihachi": 1})
    events = t.do("fight", "tap 3-hat-none")
    assert "remove the Wound token from Heihachi's board" in t.texts(events)


def test_hard_farmstead_penalties_chain(table: type[Table]) -> None:
    t = _to_round_end(table, difficulty="hard", defence={"kyuzo": ["1-hat-none", "1-doll-none"],
                                                         "heihachi": SAFE["heihachi"]})
    t.do("fight", "tap 3-hat-none")
    assert t.prompt.kind == "farmstead-back" and t.prompt.actor == "table"
    assert t.prompt.options == ("A", "B", "C", "D")
    events = t.do("B")
    assert "Farmstead penalty B: destroy one Farmstead (4 left)." in t.texts(events)
    assert t.prompt.kind == "farmstead-back"
    t.do("B")
    assert t.prompt.options == ("A", "C", "D"), "both B tokens are used up"
    events = t.do("C")
    assert "Farmstead penalty C: remove one Barricade (2 left)." in t.texts(events)
    assert t.view()["village"]["farmsteads"] == 3


def test_no_lieutenants_in_round_one_and_their_arrival_in_round_two(table: type[Table]) -> None:
    t = _to_round_end(table)
    t.do("fight")
    assert t.refuse("tap 5-hat-wound") == "5-hat-wound: no Lieutenants in round 1. Put it back with the Lieutenants."
    assert t.refuse("tap 6-doll-must-pass") == "6-doll-must-pass: no Bosses before round 3. Put it back with the Bosses."
    t.do("tap 3-hat-none")
    view = t.view()
    assert view["round"] == 2
    assert all(s["track"] == 0 and s["combat"] == [] and s["defence"] == [] for s in view["samurai"])
    assert view["first"] == "heihachi", "the left neighbour of the last active Samurai"


def test_round_two_adds_one_lieutenant_per_samurai(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"], first="heihachi")
    t.do("pass", "pass")
    while t.prompt.tap == "intruder":
        t.do("tap " + t.play.possible_taps()[0])
    assert "add 2 random Lieutenants (value 5), shuffle these 16 cards" in t.texts()
    assert t.view()["stacks"]["raider"] == 16 and t.view()["first"] == "heihachi"


def test_round_two_knows_which_plunderers_are_in_the_game(table: type[Table]) -> None:
    t = _to_round_end(table)
    t.do("fight", "tap 3-hat-none", "fight")
    possible = t.play.possible_taps()
    assert "5-hat-wound" in possible and "3-hat-none" in possible
    assert not any(c.startswith("6-") for c in possible)
    assert "1-hat-wound: that Plunderer is not in this game's stack. Tap the card just turned over." == t.refuse("tap 1-hat-wound")


def test_victory_after_round_three_with_score_and_grade(table: type[Table]) -> None:
    t = _to_round_end(table)
    t.st.round = 3
    events = t.do("fight", "tap 3-hat-none")
    view = t.view()
    assert view["result"] == "won" and view["score"] == 10 and view["grade"] == "10+"
    assert "The village is saved! Score 10+" in t.texts(events)
    assert t.prompt is None


def test_victory_grade_by_difficulty(table: type[Table]) -> None:
    t = _to_round_end(table, difficulty="heroic", wounds={"kyuzo": 1})
    t.st.round = 3
    t.do("fight", "tap 3-hat-none")
    assert t.view()["grade"] == "9+++"


def test_all_passed_round_reveals_every_remaining_card(table: type[Table]) -> None:
    t = _to_round_end(table, raider=2)
    t.do("pass", "pass")
    assert t.prompt.tap == "intruder"
    t.do("tap 1-hat-intruder")
    t.do("tap 4-hat-none")
    assert t.view()["round"] == 2
