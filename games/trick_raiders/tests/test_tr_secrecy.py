"""Hidden stays hidden: what "hidden" means in Trick Raiders, and a property over random games.

Hidden at this table: the cards in each hand until they are played (or
shown going to the lead cards), and the unused card of a 3-player deal.
The table never taps a hidden card, so the engine cannot know one; the
secrecy property is therefore that everything it shows is a function of
the public inputs alone:

- no input can carry a hidden card (a face-down tap is refused);
- two tables dealt different hidden hands, which tapped the same public
  cards, see exactly the same events, prompts, possible taps, refusals and
  views (the twin here is a different seed and a different physical deal
  that happen to produce the same public inputs: the first player is given,
  so the seed decides nothing);
- a tap is refused only for what everyone saw (a card on the table, played,
  or seen going into another hand): every card the table has not seen is
  accepted from a player who has unseen hand cards, so a refusal never tells
  the table where a hidden card is;
- the view shows no card id that was not tapped.
"""

from __future__ import annotations

import json
import random
from typing import Any

from engine import Match, RuleError, Tap, get_game
from engine.core.inputs import Input
from games.trick_raiders.play import Play
from games.trick_raiders.simulate import play_one
from tests.sizes import sized

GAME = get_game("trick-raiders")
GAMES = sized(ci=40, long=100)
"""Twin tables per run (3 and 4 players in turn), each checked after every input."""
CARD_IDS = sorted(card["id"] for card in GAME.cards_json())


def _setup(index: int) -> dict[str, Any]:
    names = ["ann", "ben", "cy", "dee"][: 3 + index % 2]
    return {"players": names, "lives": 2, "first": names[index % len(names)]}


def _public(play: Play) -> str:
    prompt = play.prompt
    return json.dumps({"view": play.public_view(), "prompt": prompt.to_json() if prompt else None,
                       "possible": play.possible_taps()}, sort_keys=True)


def _accepted(play: Play) -> list[str]:
    out = []
    for cid in CARD_IDS:
        try:
            play.check(Tap(cid))
        except RuleError:
            continue
        out.append(cid)
    return out


def test_a_face_down_tap_is_always_refused() -> None:
    match = Match(GAME, _setup(0), 1)
    try:
        match.apply(Tap("spades-3", hidden=True))
    except RuleError as exc:
        assert "Nothing is played face down" in str(exc)
    else:
        raise AssertionError("a hidden tap was accepted")


def test_twin_tables_with_other_hands_and_seeds_look_the_same() -> None:
    for index in range(GAMES):
        setup = _setup(index)
        original = play_one(GAME, setup, index, explore=0.2, revoke=0.05)
        inputs: list[Input] = list(original.inputs)
        a = Match(GAME, setup, index)
        b = Match(GAME, setup, index + 10_000)
        assert _public(a.play) == _public(b.play)  # type: ignore[arg-type]
        rng = random.Random(index)
        tapped: set[str] = set()
        for number, value in enumerate(inputs, start=1):
            play = a.play
            assert isinstance(play, Play)
            if rng.random() < 0.1 and play.prompt is not None and play.prompt.tap:
                _check_refusals_only_public(play, f"game {index} input {number}")
            events_a, events_b = a.apply(value), b.apply(value)
            if isinstance(value, Tap):
                tapped.add(value.card)
            assert [e.to_json() for e in events_a] == [e.to_json() for e in events_b], f"game {index} input {number}"
            assert _public(a.play) == _public(b.play), f"game {index} input {number}"  # type: ignore[arg-type]
            view = play.public_view()
            shown = {c for p in view["players"] for c in p["lead"] + p["known_hand"]} | set(view["discard"])
            assert shown <= tapped, f"game {index} input {number}: the view shows an untapped card"


def _check_refusals_only_public(play: Play, where: str) -> None:
    prompt = play.prompt
    assert prompt is not None
    accepted = _accepted(play)
    assert sorted(play.possible_taps()) == accepted, f"{where}: possible taps differ from the accepted taps"
    st = play.state
    if prompt.kind in ("follow", "lead-from-hand", "deal"):
        player = st.by_name(prompt.actor)
        if prompt.kind == "deal" or player.unknown_hand:
            assert set(st.unseen()) <= set(accepted), f"{where}: an unseen card was refused"
