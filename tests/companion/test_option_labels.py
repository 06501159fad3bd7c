"""Every option a Samurai Spirit prompt can offer reads as words, never as a raw id."""

from __future__ import annotations

from companion.games import game_ui
from companion.i18n import Translator
from engine import Prompt
from engine.core.messages import msg


def test_deal_check_options_are_words() -> None:
    ui = game_ui("samurai-spirit")
    tr = Translator("en", ui.namers())
    prompt = Prompt("table", "deal", msg("Two-player rule broken at set-up ..."), ("redeal", "play-on"))
    labels = [tr(ui.option_label(o, prompt)) for o in prompt.options]
    assert labels == ["Re-deal: set these Plunderers aside, draw 14 new", "Play on with this deal"]
