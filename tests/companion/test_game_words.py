"""Samurai Spirit's words at the table: cards named as players say them, never by id, anywhere in the UI."""

from __future__ import annotations

import random
import re

from companion.games import game_ui
from companion.i18n import Translator
from engine import Choose, Match, Press, Tap, get_game
from engine.core.messages import Message, message_from_json
from games.samurai_spirit.app.ui import CardNamer
from games.samurai_spirit.catalogue import Card
from games.samurai_spirit.play import Play
from games.samurai_spirit.policy import SimplePolicy

UI = game_ui("samurai-spirit")
TR = Translator("en", UI.namers())
CARD_ID = re.compile("|".join(re.escape(cid) for cid in sorted(UI.game.catalogue.cards, key=len, reverse=True)))


def test_cards_are_named_as_players_say_them() -> None:
    assert TR.value("card", "3-doll-wound") == "Plunderer 3, doll, wound"
    assert TR.value("card", "1-hat-none") == "Plunderer 1, hat"
    assert TR.value("card", "5-farm-barricade") == "Lieutenant 5, farm, barricade"
    assert TR.value("card", "6-plain-no-defend+shuffle-discard") == (
        "Boss 6, no Defend + a discard back into the stack")
    assert TR.value("card", "6-doll-must-pass") == "Boss 6, doll, must Pass"
    assert TR.value("samurai", "kyuzo") == "Kyuzo"
    assert TR(UI.describe_target("card:1-hat-wound")) == "Plunderer 1, hat, wound, flames"


def test_ids_the_words_do_not_know_fall_back_to_the_id() -> None:
    odd = Card("7-moon-storm", 4, "moon", ("storm",), False, False)
    assert CardNamer({odd.id: odd})(odd.id, TR) == "Plunderer 4, moon, storm"
    assert TR.value("card", "no-such-card") == "no-such-card"


def test_undo_moves_the_meeple_back() -> None:
    match = Match(get_game("samurai-spirit"), {"samurai": ["kyuzo", "heihachi"], "first": "kyuzo",
                                                  "absent_tokens": False}, 1)
    match.apply(Choose("fight"))
    match.apply(Tap("4-hat-none"))
    events = match.apply(Press("confront"))
    lines = [TR(line) for line in UI.undo_lines(events)]
    assert "Take Plunderer 4, hat back from Kyuzo's combat line and move Kyuzo's meeple back to 0." in lines
    match.apply(Choose("fight"))
    match.apply(Tap("3-hat-none"))
    match.apply(Choose("confront"))
    events = match.apply(Press("pass"))
    assert "Stand Kyuzo's meeple up again." in [TR(line) for line in UI.undo_lines(events)]


def _every_text(match: Match, prompt_before: object, value: object, events: list) -> list[str]:
    play = match.play
    texts = [TR(e.message) for e in events if e.kind != "reveal"]
    texts += [TR(line) for line in UI.undo_lines(events)]
    texts.append(TR(UI.describe_input(value, prompt_before)))  # type: ignore[arg-type]
    view = play.public_view()
    texts.append(TR(UI.title(view)))
    prompt = play.prompt
    if prompt is not None:
        texts.append(TR(message_from_json(view["pending"])))
        texts += [TR(UI.option_label(o, prompt)) for o in prompt.options]
    return texts


def test_no_text_the_table_reads_shows_a_card_id() -> None:
    """Events, prompts, options, inputs, undo lines and titles over whole games: names, never ids."""
    game = get_game("samurai-spirit")
    seen = 0
    for seed in range(6):
        names = ["kyuzo", "heihachi", "daisuke", "katsushiro", "gorobei", "kanbei", "kikuchiyo"][: 2 + seed]
        match = Match(game, {"samurai": names, "difficulty": ("easy", "hard", "heroic")[seed % 3]}, seed)
        play = match.play
        assert isinstance(play, Play)
        policy = SimplePolicy(random.Random(seed), 0.3)
        for event in match.opening:
            assert not CARD_ID.search(TR(event.message))
        while play.prompt is not None:
            before = play.prompt
            value = policy.choose(play)
            events = match.apply(value)
            for text in _every_text(match, before, value, events):
                assert not CARD_ID.search(text), text
                seen += 1
    assert seen > 1000


def test_setup_menus_are_messages() -> None:
    setup = UI.new_setup()
    menu = setup.menu()
    assert isinstance(menu.title, Message) and TR(menu.labels[1]) == "Normal"
    setup.choose("normal")
    why = setup.tap_board("kyuzo")
    assert why is None
    refusal = setup.tap_board("kyuzo")
    assert refusal is not None and TR(refusal) == "Kyuzo is already seated: tap the next Samurai's board, or choose Done."
