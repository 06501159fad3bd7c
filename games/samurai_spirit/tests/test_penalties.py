"""Step A of a turn: every penalty, immunities, and 'cannot apply: a wound instead'."""

from __future__ import annotations

from games.samurai_spirit.tests.spirit_table import Table


def _victim(table: type[Table], last: str, names: list[str] | None = None, **arrange: object) -> Table:
    """A game where the second Samurai's turn starts with `last` ending his combat line."""
    names = names or ["kyuzo", "heihachi"]
    t = table(names)
    combat = {names[1]: [last], **arrange.pop("combat", {})}  # type: ignore[dict-item]
    t.arrange(combat=combat, **arrange)  # type: ignore[arg-type]
    return t


def test_barricade_penalty_claude_rulebook_example(table: type[Table]) -> None:
    t = _victim(table, "1-plain-barricade")
    events = t.do("fight", "tap 4-hat-none", "defend")
    assert "Penalty of 1-plain-barricade (a Barricade is destroyed): remove one Barricade (3 left)." in t.texts(events)
    assert t.prompt.actor == "heihachi" and t.prompt.kind == "action"


def test_wound_penalty(table: type[Table]) -> None:
    t = _victim(table, "1-hat-wound")
    t.do("fight", "tap 4-hat-none", "defend")
    assert t.sam("heihachi").wounds == 1 and t.view()["samurai"][1]["wound_token"]


def test_intruder_penalty_moves_the_top_card_unseen(table: type[Table]) -> None:
    t = _victim(table, "1-hat-intruder")
    t.do("fight", "tap 4-hat-none", "defend")
    assert t.view()["stacks"]["intruder"] == 1


def test_no_defend_penalty(table: type[Table]) -> None:
    t = _victim(table, "1-hat-no-defend")
    t.do("fight", "tap 4-hat-none", "defend")
    events = t.do("fight", "tap 3-doll-none")
    assert "a penalty forbids Heihachi to Defend this turn: Heihachi must Confront 3-doll-none" in t.texts(events)


def test_no_support_penalty(table: type[Table]) -> None:
    t = _victim(table, "1-farm-no-support")
    t.do("fight", "tap 4-hat-none", "defend")
    assert t.prompt.options == ("fight", "pass")
    assert "forbids Heihachi to Support" in t.refuse("press support")


def test_left_neighbour_draws_without_talents(table: type[Table]) -> None:
    t = _victim(table, "3-hat-left-draws", names=["daisuke", "heihachi", "kyuzo"], combat={"kyuzo": ["3-doll-none"]})
    t.do("fight", "tap 4-hat-none", "defend")
    assert t.prompt.actor == "kyuzo" and t.prompt.tap == "raider"
    events = t.do("tap 3-hat-none")
    assert "Kyuzo lays 3-hat-none in the combat line" in t.texts(events), "no Kyuzo discard on a penalty draw"
    assert t.prompt.actor == "heihachi" and t.prompt.kind == "action"


def test_right_neighbour_draws(table: type[Table]) -> None:
    t = _victim(table, "4-hat-right-draws", names=["daisuke", "heihachi", "kyuzo"])
    t.do("fight", "tap 4-doll-none", "defend")
    assert t.prompt.actor == "daisuke"
    t.do("tap 1-hat-none")
    assert t.sam("daisuke").combat == ["1-hat-none"]


def test_left_neighbour_passed_means_a_wound_rulebook_example(table: type[Table]) -> None:
    t = _victim(table, "3-hat-left-draws", names=["kyuzo", "heihachi", "daisuke"], passed=["daisuke"])
    events = t.do("fight", "tap 4-hat-none", "defend")
    assert "cannot be applied (Daisuke has passed); a wound instead" in t.texts(events)
    assert t.sam("heihachi").wounds == 1


def test_two_penalties_in_the_order_the_player_chooses(table: type[Table]) -> None:
    t = _victim(table, "6-plain-no-support+wound")
    t.do("fight", "tap 4-hat-none", "defend")
    assert t.prompt.kind == "penalty-order" and t.prompt.options == ("no-support", "wound")
    events = t.do("wound")
    kinds = [e.kind for e in events]
    assert kinds.index("wound") < kinds.index("penalty")
    assert t.prompt.options == ("fight", "pass")


def test_must_pass_boss(table: type[Table]) -> None:
    t = _victim(table, "6-doll-must-pass")
    events = t.do("fight", "tap 4-hat-none", "defend")
    assert "Heihachi must Pass this turn (Boss penalty)" in t.texts(events)
    assert t.sam("heihachi").passed and t.view()["stacks"]["intruder"] == 0


def test_shuffle_a_random_discard_back_into_the_stack(table: type[Table]) -> None:
    t = _victim(table, "6-plain-no-defend+shuffle-discard", discard=["1-hat-none", "2-hat-none"])
    raider = t.view()["stacks"]["raider"]
    t.do("fight", "tap 4-hat-none", "defend")
    events = t.do("shuffle-discard")
    back = [e.data["card"] for e in events if e.kind == "shuffle"][0]
    assert back in ("1-hat-none", "2-hat-none")
    assert t.view()["stacks"]["raider"] == raider  # -1 drawn, +1 shuffled back
    assert back not in t.view()["stacks"]["discard"]
    t.do("fight")
    assert back in t.play.possible_taps()


def test_shuffle_with_an_empty_discard_is_a_wound(table: type[Table]) -> None:
    t = _victim(table, "6-plain-no-defend+shuffle-discard")
    t.do("fight", "tap 4-hat-none", "defend", "shuffle-discard")
    assert "the discard pile is empty" in t.texts()
    assert t.sam("heihachi").wounds == 1


def test_no_talent_boss_blocks_kikuchiyos_second_fight(table: type[Table]) -> None:
    t = _victim(table, "6-plain-wound+no-talent", names=["kyuzo", "kikuchiyo"])
    t.do("fight", "tap 4-hat-none", "defend", "no-talent", "fight", "tap 1-hat-none", "defend")
    assert t.prompt.actor == "kyuzo", "no second fight under the no-talent penalty"


def test_discard_a_defence_card_boss(table: type[Table]) -> None:
    t = _victim(table, "6-plain-discard-defence", defence={"heihachi": ["2-hat-none", "3-doll-none"]})
    t.do("fight", "tap 4-hat-none", "defend")
    assert t.prompt.kind == "discard-defence" and t.prompt.options == ("2-hat-none", "3-doll-none")
    t.do("3-doll-none")
    assert t.sam("heihachi").defence == ["2-hat-none"] and "3-doll-none" in t.view()["stacks"]["discard"]


def test_discard_defence_with_nothing_to_discard_is_a_wound(table: type[Table]) -> None:
    t = _victim(table, "6-plain-discard-defence")
    t.do("fight", "tap 4-hat-none", "defend")
    assert t.sam("heihachi").wounds == 1


def test_gorobei_may_ignore_even_penalties_only(table: type[Table]) -> None:
    t = _victim(table, "2-hat-wound", names=["kyuzo", "gorobei"])
    t.do("fight", "tap 4-hat-none", "defend")
    assert t.prompt.kind == "ignore-penalty"
    t.do("yes")
    assert t.sam("gorobei").wounds == 0
    odd = _victim(table, "1-hat-wound", names=["kyuzo", "gorobei"])
    odd.do("fight", "tap 4-hat-none", "defend")
    assert odd.sam("gorobei").wounds == 1 and odd.prompt.kind == "action"


def test_kanbei_may_ignore_odd_penalties(table: type[Table]) -> None:
    t = _victim(table, "1-hat-wound", names=["kyuzo", "kanbei"])
    t.do("fight", "tap 4-hat-none", "defend", "no")
    assert t.sam("kanbei").wounds == 1
