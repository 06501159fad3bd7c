"""A lost Samurai Spirit game says why it was lost: a Samurai's fourth wound is not "the village has
fallen" while Farmsteads and Families remain (rulebook: a fourth wound, the last Farmstead, the last Family)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from companion.games import game_ui
from companion.i18n import Translator
from companion.screens import render
from engine import Match
from engine.core.messages import Message
from games.samurai_spirit.app.screens.gallery import _never, play_until, screen_from_match

CAUSES = {"{samurai} has fallen": "fallen", "the last Farmstead is destroyed": "farmsteads",
          "the last Family is gone": "families"}
TABLES = ((("kikuchiyo", "kyuzo"), "heroic"), (("heihachi", "kanbei", "gorobei"), "hard"))


def _lost_games() -> Iterator[tuple[Match, list[Message], Message]]:
    """Seeded games of the simple policy that were lost, with the engine's reason (the "lost" event's why)."""
    for seed in range(8):
        for samurai, difficulty in TABLES:
            match, lines = play_until(samurai, seed, _never, difficulty)
            lost = [event for events in match.history for event in events if event.kind == "lost"]
            if lost:
                why = lost[0].message.params["why"]
                assert isinstance(why, Message)
                yield match, lines, why


@pytest.fixture(scope="module")
def lost_games() -> list[tuple[Match, list[Message], Message]]:
    return list(_lost_games())


def test_the_title_gives_the_engines_reason_for_every_cause(lost_games: list[tuple[Match, list[Message],
                                                                                   Message]]) -> None:
    ui = game_ui("samurai-spirit")
    tr = Translator("en", ui.namers())
    seen = set()
    for match, _, why in lost_games:
        view = match.play.public_view()
        cause, samurai = CAUSES[why.template], why.params.get("samurai")
        seen.add(cause)
        title = tr(ui.title(view))
        expected = {"fallen": f"Lost: {str(samurai).capitalize()} has fallen (round {view['round']})",
                    "farmsteads": f"Lost: no Farmstead left (round {view['round']})",
                    "families": f"Lost: no Family left (round {view['round']})"}[cause]
        assert title == expected
        if cause == "fallen":
            assert view["village"]["farmsteads"] > 0 and view["village"]["families"], "the village still stands"
    assert seen == set(CAUSES.values()), "the seeds must lose every way the rulebook names"


def test_the_game_over_headline_says_the_village_fell_only_when_it_did(
        lost_games: list[tuple[Match, list[Message], Message]]) -> None:
    pygame.font.init()
    shown = {}
    for match, lines, why in lost_games:
        items = render(screen_from_match(match, "game-over", lines), pygame.Surface((800, 480)))
        result = items.find("game-over:result", kind="text")
        assert result is not None
        shown[CAUSES[why.template]] = result.text
    assert shown == {"fallen": "Game lost", "farmsteads": "Village lost", "families": "Village lost"}


def test_a_view_without_a_visible_cause_gets_a_plain_title() -> None:
    title = Translator("en")(game_ui("samurai-spirit").title({"result": "lost", "round": 2, "samurai": [],
                                                              "village": {"farmsteads": 3, "families": ["A"]}}))
    assert title == "The game is lost (round 2)"
