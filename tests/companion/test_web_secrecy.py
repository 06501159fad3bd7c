"""Hidden stays hidden through HTTP: two plays that differ only in hidden cards serve the same live table.

The engine half of this property is tests/engine/test_secrecy.py, the screen
half tests/companion/test_secrecy_screens.py. Here each pair of journals,
cut just after hidden taps, is served by two real servers; the live page,
its JSON and the picture of the device's screen must be the same bytes
(but for the journal's version, which changes with any write).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games import game_ui
from companion.storage import CURRENT, JournalFile
from engine import Match
from engine.games.samurai_spirit.simulate import hidden_twin, play_one
from tests.companion.test_secrecy_screens import _cuts, _setup
from tests.companion.web_helpers import Client, Served

GAMES = 3
UI = game_ui("samurai-spirit")
VERSION = re.compile(r"(data-version=\"|v=|\"version\": ?\")[0-9a-fnoe-]+")


@pytest.fixture(autouse=True)
def _headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[tuple[Path, Client], tuple[Path, Client]]]:
    made = []
    for name in ("a", "b"):
        folder = tmp_path / name
        folder.mkdir()
        made.append((folder, Served(folder)))
    yield (made[0][0], Client(made[0][1].base)), (made[1][0], Client(made[1][1].base))
    for _, served in made:
        served.close()


def _served(client: Client, lang: str) -> list[bytes]:
    out = []
    for path in (f"/?lang={lang}", f"/live.json?lang={lang}", f"/live.png?lang={lang}"):
        reply = client.get(path)
        assert reply.status == 200, path
        out.append(reply.body if path.startswith("/live.png") else VERSION.sub(r"\1V", reply.text).encode())
    return out


@pytest.mark.parametrize("index", range(GAMES))
def test_two_plays_differing_only_in_hidden_cards_serve_the_same_live_table(
        index: int, servers: tuple[tuple[Path, Client], tuple[Path, Client]]) -> None:
    setup = _setup(index)
    match = play_one(UI.game, setup, index, explore=0.2, hidden=0.9)
    twin = hidden_twin(UI.game, setup, index, match.inputs, random.Random(index))
    cuts = _cuts(match, twin, random.Random(index))
    assert cuts, "this game never had differing hidden cards"
    (dir_a, client_a), (dir_b, client_b) = servers
    for cut in cuts:
        JournalFile(dir_a / CURRENT).start(Match.replay(UI.game, setup, index, match.inputs[:cut]))
        JournalFile(dir_b / CURRENT).start(Match.replay(UI.game, setup, index, twin[:cut]))
        assert (dir_a / CURRENT).read_bytes() != (dir_b / CURRENT).read_bytes()
        for lang in ("en", "fr"):
            assert _served(client_a, lang) == _served(client_b, lang), f"input {cut}, {lang}: the pages differ"
