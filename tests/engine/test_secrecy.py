"""Hidden stays hidden: a property over 96 random games (300 at the long size, tests/sizes.py).

For each game the simple policy plays a table (play A) that taps most cards
it slides face down onto the Intruder stack (`simulate.play_one` with
`hidden`). A second play (B, `simulate.hidden_twin`) gets exactly the same
public inputs, but each hidden tap names another card, one the table could
not tell apart from A's at that moment: a card not seen this round, not yet
named face down in B, and, where possible, not one A later draws from the
Raider stack this round (so B's note survives until the round-end reveals). Then, after every input, the two plays must show the
table exactly the same: events, prompt (kind, text, options, tap, subject),
`possible_taps` and public view; and at random moments the same answer to
every probe (a tap of each card, face up and hidden, each button and option),
and the same events and view after an accepted probe.

If any of these read a hidden identity, A and B differ and the test names the
game, the input and the output that told them apart.
"""

from __future__ import annotations

import random
from typing import Any

from engine import Choose, Match, Press, RuleError, Tap, get_game
from engine.core.events import Event
from engine.core.inputs import Input
from games.samurai_spirit.catalogue import SAMURAI
from games.samurai_spirit.invariants import check_invariants
from games.samurai_spirit.play import Play
from games.samurai_spirit.simulate import hidden_twin, play_one
from tests.sizes import sized

GAME = get_game("samurai-spirit")
GAMES = sized(ci=96, long=300)
"""A multiple of 24, so each of the 6 table sizes meets each of the 4 levels equally often."""
DIFFICULTIES = ("easy", "normal", "hard", "heroic")
CARD_IDS = sorted(card["id"] for card in GAME.cards_json())
OPTION_IDS = ("fight", "support", "pass", "confront", "defend", "yes", "no", "discard", "under", "A", "B", "C",
              "ignore", *SAMURAI)
PROBES: tuple[Input, ...] = (
    *(Tap(cid) for cid in CARD_IDS), *(Tap(cid, hidden=True) for cid in CARD_IDS), Tap("9-hat-none"),
    *(Press(name) for name in OPTION_IDS), *(Choose(name) for name in OPTION_IDS),
)
PROBE_CHANCE = 0.08
"""At about one input in twelve, every probe is tried on both plays."""


def _setup(index: int) -> dict[str, Any]:
    rng = random.Random(index)
    count = 2 + index % 6
    names = rng.sample(SAMURAI, count)
    absent = count == 2 or (count < 7 and rng.random() < 0.4)
    return {"samurai": names, "difficulty": DIFFICULTIES[index // 6 % 4], "absent_tokens": absent}


def _public(play: Play) -> dict[str, Any]:
    prompt = play.prompt
    return {"view": play.public_view(), "prompt": prompt.to_json() if prompt else None,
            "possible": play.possible_taps()}


def _answer(play: Play, value: Input) -> str:
    try:
        play.check(value)
    except RuleError as exc:
        return f"refused: {exc}"
    return "accepted"


def _texts(events: list[Event]) -> list[Any]:
    return [[e.kind, e.text, e.data] for e in events]


def _probe(a: Match, b: Match, where: str, rng: random.Random) -> None:
    """Every probe gets the same answer; one accepted probe gives the same events and view in both."""
    play_a, play_b = a.play, b.play
    assert isinstance(play_a, Play) and isinstance(play_b, Play)
    accepted = []
    for value in PROBES:
        answer = _answer(play_a, value)
        assert answer == _answer(play_b, value), f"{where}: {value} answered differently"
        if answer == "accepted":
            accepted.append(value)
    check_invariants(play_a)
    check_invariants(play_b)
    if accepted:
        value = rng.choice(accepted)
        after_a = Match.replay(GAME, a.setup.to_json(), a.seed, [*a.inputs, value])
        after_b = Match.replay(GAME, b.setup.to_json(), b.seed, [*b.inputs, value])
        assert _texts(after_a.history[-1]) == _texts(after_b.history[-1]), f"{where}: events of {value} differ"
        assert _public(after_a.play) == _public(after_b.play), f"{where}: after {value} the table sees a difference"


def _compare(index: int) -> int:
    """Replay game `index` as A and as B in lockstep; return the inputs after which their secrets differed."""
    setup = _setup(index)
    original = play_one(GAME, setup, index, explore=(0.0, 0.2, 0.6)[index % 3], hidden=0.7).inputs
    twin = hidden_twin(GAME, setup, index, original, random.Random(index))
    a = Match(GAME, setup, index)
    b = Match(GAME, setup, index)
    play_a, play_b = a.play, b.play
    assert isinstance(play_a, Play) and isinstance(play_b, Play)
    assert _texts(a.opening) == _texts(b.opening)
    rng = random.Random(index ^ 0x5EC)
    differing = 0
    for number, (value, other) in enumerate(zip(original, twin, strict=True), start=1):
        where = f"game {index} ({setup}), input {number} {value} / {other}"
        assert _texts(a.apply(value)) == _texts(b.apply(other)), f"{where}: events differ"
        assert _public(play_a) == _public(play_b), f"{where}: the table sees a difference"
        if play_a.state.cards.hidden != play_b.state.cards.hidden:
            differing += 1
            if rng.random() < PROBE_CHANCE:
                _probe(a, b, where, rng)
    return differing


def test_plays_that_differ_only_in_hidden_cards_look_the_same_to_the_table() -> None:
    """GAMES games over 2 to 7 Samurai and the four difficulties."""
    differing = [_compare(index) for index in range(GAMES)]
    with_secrets = sum(1 for count in differing if count)
    assert with_secrets >= GAMES // 2, f"only {with_secrets} of {GAMES} games had differing hidden cards"
    assert sum(differing) >= GAMES * 5, "too few moments with differing hidden cards to mean anything"
