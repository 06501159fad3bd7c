"""The Samurai Spirit heuristic decides like a careful table, from the public view only.

Each test arranges a position with the rule-test table (games/samurai_spirit/tests/conftest.py),
asks the heuristic, and says which rule of the rulebook makes the choice right.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import Choose
from engine.core.inputs import Input
from games.samurai_spirit.advice import STRENGTH_TABLES, bench_table
from games.samurai_spirit.heuristic import HeuristicPolicy
from games.samurai_spirit.heuristic_prices import build_profile
from games.samurai_spirit.play import Play
from games.samurai_spirit.tests.spirit_table import Table

FOUR = ["kikuchiyo", "kyuzo", "daisuke", "katsushiro"]


def _choice(t: Table) -> str:
    """What the heuristic answers at the table's prompt."""
    answer = HeuristicPolicy(random.Random(0)).choose(t.play)
    assert isinstance(answer, Choose)
    return answer.option


def _facing(card: str, first: str = "kyuzo", names: list[str] | None = None, **arrange: object) -> Table:
    """`first` has fought and turned over `card`: the heuristic must play it."""
    t = Table(names or FOUR, first=first)
    t.arrange(**arrange)  # type: ignore[arg-type]
    t.do("fight", f"tap {card}")
    assert t.prompt.kind == "fight" and t.prompt.subject == card
    return t


def test_a_costly_last_card_is_covered_by_a_harmless_one() -> None:
    """Rulebook, "Apply the battle penalty": at the start of his turn a Samurai MUST apply the penalty
    of the LAST card laid in his combat line. Defending leaves that card last, so it wounds him again;
    confronting a harmless card covers it, while the stack is long enough to find a doll later."""
    t = _facing("2-doll-none", combat={"kyuzo": ["3-plain-wound"]})
    assert "defend" in t.prompt.options
    assert _choice(t) == "confront"


def test_a_costly_card_is_defended_while_its_symbol_is_open() -> None:
    """Rulebook, "Defend": a card with a symbol not yet on the defence side may be laid to the left,
    where it never strikes; confronted, its Barricade penalty would strike at the next turn."""
    t = _facing("3-hat-barricade", combat={"kyuzo": ["2-doll-none"]})
    assert _choice(t) == "defend"


def test_no_confront_past_the_kiai_when_defending_is_possible() -> None:
    """Rulebook, "Confront", case 3: past the Kiai value a Barricade is removed (and the Samurai must
    Pass at his next turn). Daisuke (Kiai 8) at 7 defends a 4 rather than go to 11."""
    t = _facing("4-farm-no-support", first="daisuke", combat={"daisuke": ["4-doll-none", "3-hat-none"]})
    assert t.prompt.options == ("confront", "defend")
    assert _choice(t) == "defend"


def test_landing_exactly_on_the_kiai_is_taken() -> None:
    """Rulebook, "Activating your Kiai": exactly on the Kiai value the first combat card goes to the
    discard pile (room again) and the effect may be used. Kikuchiyo (Kiai 10) at 7 could defend a
    harmless 3-doll, early in the round; he confronts it to land on his Kiai, whose effect (discard the
    last card of a combat line) takes the wound card that would strike Daisuke at his next turn."""
    t = _facing("3-doll-none", first="kikuchiyo", combat={"kikuchiyo": ["4-farm-no-support", "3-hat-none"],
                                                          "daisuke": ["2-hat-wound"]},
                defence={"kikuchiyo": ["1-farm-intruder"]})
    assert t.st.track(t.sam("kikuchiyo")) == 7
    assert "defend" in t.prompt.options
    assert _choice(t) == "confront"


def test_kyuzo_discards_a_costly_duplicate() -> None:
    """Kyuzo's talent: a drawn card whose value matches a card in his combat line may go to the discard
    pile. A wound card he cannot defend (his hat is defended) is discarded, not confronted."""
    t = _facing("2-hat-wound", combat={"kyuzo": ["2-doll-none"]}, defence={"kyuzo": ["4-hat-none"]})
    assert t.prompt.options == ("confront", "discard")
    assert _choice(t) == "discard"


def test_daisuke_gives_a_hat_to_the_neighbour_who_lacks_one() -> None:
    """Daisuke's talent: a card of ODD value may go to a neighbouring Samurai, who plays it as if he had
    drawn it. Daisuke already defends a hat and the card would wound him; his neighbour Kyuzo has no hat
    (rulebook, "End of a round", step 1: no hat on the defence side is a wound) and can defend it."""
    t = _facing("1-hat-wound", first="daisuke", defence={"daisuke": ["4-hat-none"], "katsushiro": ["3-hat-none"]})
    assert "kyuzo" in t.prompt.options
    assert _choice(t) == "kyuzo"


def test_a_samurai_with_room_and_open_symbols_fights_rather_than_passes() -> None:
    """Rulebook, "Pass": a Samurai who passes is out of the round; at its end a missing hat is a wound, a
    missing farm a Farmstead, a missing doll a Family (steps 1-3). Early in the round, with an empty
    line, fighting is what fills them."""
    t = Table(FOUR, first="kyuzo")
    assert t.prompt.kind == "action" and t.prompt.actor == "kyuzo"
    assert _choice(t) == "fight"


def test_a_samurai_a_wound_from_death_passes_before_his_wound_card_strikes_again() -> None:
    """Rulebook, "Pass": a passed Samurai "no longer suffer[s] the penalty from the last Raider card in
    [his] combat line"; a fourth wound loses the game. Kyuzo has three wounds, his symbols defended, and
    a wound card last: he passes rather than risk that card striking at his next turn."""
    t = Table(FOUR, first="kikuchiyo")
    t.arrange(combat={"kyuzo": ["2-doll-none", "3-plain-wound"]},
              defence={"kyuzo": ["4-hat-none", "4-farm-no-support", "1-doll-intruder"]}, wounds={"kyuzo": 2})
    t.do("fight", "tap 4-doll-none", "confront")
    if t.prompt.kind == "fight-again":
        t.do("no")
    assert t.prompt.actor == "kyuzo" and t.prompt.kind == "action"
    assert t.sam("kyuzo").wounds == 3
    assert _choice(t) == "pass"


def test_kikuchiyo_s_kiai_removes_the_card_that_strikes_hardest() -> None:
    """Kikuchiyo's Kiai: remove the last card from a Samurai's combat line. Daisuke's line ends with a
    wound card, the others' with harmless ones: that is the card to discard."""
    t = Table(FOUR, first="kikuchiyo")
    t.arrange(combat={"kikuchiyo": ["4-farm-no-support", "3-hat-none"], "daisuke": ["1-hat-none", "2-farm-wound"],
                      "kyuzo": ["2-hat-none"]},
              defence={"kikuchiyo": ["1-doll-intruder"]})
    t.do("fight", "tap 3-doll-none")
    assert t.prompt.kind == "kiai", "no Defend (doll already defended): the 3 lands on the Kiai at once"
    t.do("yes")
    assert t.prompt.kind == "kiai-source"
    assert _choice(t) == "daisuke"


def _decisions(seed: int) -> list[Input]:
    play, pilot, _ = bench_table(STRENGTH_TABLES["4 Samurai, normal"], seed)
    chosen: list[Input] = []

    def record(p: Play) -> Input:
        value = pilot(p)
        chosen.append(value)
        return value

    play.play_out(record)
    return chosen


def test_the_same_seed_gives_the_same_decisions() -> None:
    first, second = _decisions(100_003), _decisions(100_003)
    assert len(first) > 50
    assert first == second


def test_a_card_put_under_the_stack_is_still_to_be_fought() -> None:
    """Katsushiro's talent: a drawn card may go UNDER the Raider stack and he draws again; the card is not
    gone: it comes back as the round's last card, where it takes someone's room (or burns if everyone has
    passed; rulebook, "End of a round"). Katsushiro lacks a farm: he defends the 2-farm rather than trade it
    for an unknown card while it still waits for the table under the stack."""
    t = _facing("2-farm-intruder", first="katsushiro",
                combat={"katsushiro": ["3-farm-no-support"], "kyuzo": ["1-hat-intruder"]},
                defence={"kikuchiyo": ["1-doll-intruder"], "kyuzo": ["3-hat-barricade"],
                         "daisuke": ["4-hat-right-draws"]},
                discard=["1-doll-wound"])
    assert t.prompt.options == ("confront", "defend", "under")
    assert _choice(t) == "defend"


def test_a_harmless_card_of_a_missing_symbol_is_defended_at_the_first_draw() -> None:
    """Rulebook, "Defend" ("be sure not to ignore this option!") and "End of a round", step 3: a Samurai
    without a doll on his defence side loses a Family. Kikuchiyo's first card is a harmless 3-doll: he
    defends it. Seven draws ahead look like plenty of chances for another doll, but how many he gets varies
    (a card past his Kiai ends his round at once), and a doll drawn later may have to be confronted."""
    t = _facing("3-doll-none", first="kikuchiyo")
    assert t.prompt.options == ("confront", "defend")
    assert _choice(t) == "defend"


class _WalkedBackwards(set[str]):
    """The same card ids, walked in another order: as a process with another string hash seed may walk them."""

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(set.__iter__(self), reverse=True))


def test_the_unknown_cards_profile_does_not_depend_on_the_walk_order_of_a_set() -> None:
    """The same seed must give the same decisions in every process (the advisor's workers, a re-run bench).
    The unseen cards are a set of ids, whose order changes with the process's string hash seed; the profile
    of the unknown cards, and every price made from it, must not follow that order."""
    play, pilot, _ = bench_table(STRENGTH_TABLES["4 Samurai, normal"], 100_001)
    while play.state.round < 2 and play.prompt is not None:
        value = pilot(play)
        play.check(value)
        play.advance(value)
    cards = play.state.cards
    assert len(cards.unseen) > 10
    first = build_profile(play.state)
    cards.unseen = _WalkedBackwards(cards.unseen)
    assert build_profile(play.state) == first


def test_a_turn_that_changes_nothing_is_not_taken_for_ever() -> None:
    """Rulebook, Kyuzo's talent and the penalty "a random discard goes back into the Raider stack": with a
    shuffle-discard card last in his line, Kyuzo can discard each card he draws while the penalty shuffles
    one back at every turn, and the round never ends; only the players can stop it. The heuristic fights
    while that may change something and passes when it meets the same public situation a third time."""
    t = Table(["kikuchiyo", "kyuzo"], first="kyuzo")
    t.arrange(combat={"kyuzo": ["1-plain-barricade", "2-doll-none", "6-plain-no-defend+shuffle-discard"]},
              defence={"kyuzo": ["5-hat-wound", "4-farm-barricade", "4-doll-barricade"]},
              discard=["2-farm-wound", "1-doll-barricade"], wounds={"kikuchiyo": 2, "kyuzo": 2},
              passed=["kikuchiyo"])
    t.keep_raider(2)
    assert t.prompt.kind == "action" and t.prompt.actor == "kyuzo"
    policy = HeuristicPolicy(random.Random(0))
    answers = []
    for _ in range(3):  # the same situation, as the loop brings it back
        answer = policy.choose(t.play)
        assert isinstance(answer, Choose)
        answers.append(answer.option)
    assert answers[0] == "fight" and answers[2] == "pass"
