"""Every option a Samurai Spirit prompt can offer reads as words, never as a raw id."""

from __future__ import annotations

from companion.games import game_ui
from engine import Prompt


def test_deal_check_options_are_words() -> None:
    ui = game_ui("samurai-spirit")
    prompt = Prompt("table", "deal", "Two-player rule broken at set-up ...", ("redeal", "play-on"))
    labels = [ui.option_label(o, prompt) for o in prompt.options]
    assert labels == ["Re-deal: set these Plunderers aside, draw 14 new", "Play on with this deal"]
