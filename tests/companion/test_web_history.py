"""The phone page's History with named players: the last night, each person, flat downloads, escaped names, and
a layout that fits a 390 px wide phone (measured in a real headless Chromium where it is installed)."""

from __future__ import annotations

import csv
import html
import io
import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, Response, request

import companion.web.server as server_module
import tests.companion.web_helpers as web_helpers
from companion.history import open_history
from companion.history.db import History
from companion.players.book import Player, PlayerBook, save_book
from tests.companion.history_helpers import archive, played
from tests.companion.history_rows import berlin, night_history  # noqa: F401 (berlin: a fixture)
from tests.companion.web_helpers import Client, Served

pytestmark = pytest.mark.usefixtures("berlin")
"""Every test here reads times as a device in Berlin does."""

EVIL = "<b>Ben</b>"


@pytest.fixture
def named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Served]:
    """The page over the night of tests.companion.history_rows, one name being markup someone typed."""
    rows_dir = tmp_path / "rows"

    def history_with_people(state_dir: Path) -> History:
        history = night_history(rows_dir)
        history.con.execute("UPDATE games SET people = replace(people, '\"Ben\"', ?)", (json.dumps(EVIL),))
        return history

    monkeypatch.setattr(server_module, "memory_history", history_with_people)
    state = tmp_path / "state"
    state.mkdir()
    served = Served(state)
    yield served
    served.close()


def test_the_page_shows_the_night_and_each_person_with_names_escaped(named: Served) -> None:
    text = Client(named.base).get("/history?lang=de").text
    assert "Letzter Spieleabend: 2026-11-20, 20:20 +01:00 bis 22:10 +01:00" in text
    assert "3 Partien, 1 Std. 30 Min. gespielt" in text
    assert "<h3>Ann</h3>" in text and "Gegen Chloé: 2× vorn, 0× dahinter" in text
    assert EVIL not in text and "&lt;b&gt;Ben&lt;/b&gt;" in text
    assert "Schwierigkeit: Schwer" in text and "2 Samurai" in text
    assert "Die Zeiten sind die Ortszeit des Geräts (CET)." in text
    assert "2026-11-20 21:30 +01:00" in text and "T21:30" not in text and "Z<" not in text
    for raw in (">blue<", ">purple<", "difficulty", "(-)"):
        assert raw not in text, raw


def test_the_downloads_are_flat_and_name_people(named: Served) -> None:
    client = Client(named.base)
    games = list(csv.DictReader(io.StringIO(client.get("/history.csv").text)))
    assert [g["people"] for g in games][:2] == [f"Ann / {EVIL} / Chloé"] * 2
    seats = client.get("/history-players.csv")
    assert seats.headers["Content-Disposition"].endswith("companion-players.csv")
    assert len(list(csv.DictReader(io.StringIO(seats.text)))) == 11
    plays = json.loads(client.get("/history.bgsplay").text)
    assert len(plays["plays"]) == 4 and {p["name"] for p in plays["players"]} >= {"Ann", EVIL, "Chloé"}


@pytest.mark.parametrize("device_writing", [False, True])
def test_the_phones_csv_has_the_start_times_the_device_recorded(tmp_path: Path, device_writing: bool) -> None:
    """While the device writes (its write-ahead log is there) the page reads nothing of its database: start
    times come at the next look, and the state folder is never written either way."""
    state = tmp_path / "state"
    match = played("trick-raiders", 6, {"players": ["north", "east", "south"], "lives": 2})
    archive(state, match, "game-0001-over.journal", mtime=1_795_203_600)
    with open_history(state) as history:
        history.started("trick-raiders", 6, "2026-11-20T18:40:00Z")
    if device_writing:
        (state / "history.sqlite3-wal").write_bytes(b"")
    before = {p.name: p.stat().st_mtime_ns for p in state.iterdir()}
    served = Served(state)
    try:
        games = list(csv.DictReader(io.StringIO(Client(served.base).get("/history.csv").text)))
    finally:
        served.close()
    if device_writing:
        assert games[0]["started"] == "" and games[0]["ended"] == "2026-11-20T20:40:00+01:00"
    else:
        assert games[0]["started"] == "2026-11-20T19:40:00+01:00" and games[0]["minutes"] == "60"
    assert {p.name: p.stat().st_mtime_ns for p in state.iterdir()} == before, "the page wrote the state folder"


MEASURE = """(function () {
  var width = document.documentElement.clientWidth, out = [], broken = [], small = [];
  var walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    var node = walker.currentNode, text = node.textContent;
    if (!text.trim()) continue;
    var range = document.createRange(); range.selectNodeContents(node);
    var box = range.getBoundingClientRect();
    if (box.width === 0) continue;
    if (box.right > width + 1 || box.left < -1) out.push(text.trim().slice(0, 30));
    if (box.height < 14) small.push(text.trim().slice(0, 30));
    var re = /[^\\s\\-\u2013\u00b7]+/g, m;
    while ((m = re.exec(text)) !== null) {
      if (m[0].length > 12) continue;
      var word = document.createRange(); word.setStart(node, m.index); word.setEnd(node, m.index + m[0].length);
      var lines = {}; Array.prototype.forEach.call(word.getClientRects(), function (r) { lines[Math.round(r.top)] = 1; });
      if (Object.keys(lines).length > 1) broken.push(m[0]);
    }
  }
  var target = window.parent.document, pre = target.createElement('pre'); pre.id = 'measured';
  pre.textContent = JSON.stringify({width: width, scroll: document.documentElement.scrollWidth, outside: out,
                                    broken: broken, small: small});
  target.body.appendChild(pre);
})();"""


def _measuring(app: Flask) -> Flask:
    """The page inside a 390 px wide frame, with a script that measures it once laid out and writes what it
    found into the framing page for --dump-dom (headless Chromium lays a window out at least 500 px wide)."""
    app.add_url_rule("/measure.js", "measure", lambda: Response(MEASURE, mimetype="text/javascript"))
    app.add_url_rule("/phone", "phone", lambda: Response(
        f'<!doctype html><html><body style="margin:0"><iframe src="{request.args.get("page", "/history")}?'
        f'lang={request.args["lang"]}" width="390" height="900" style="border:0"></iframe></body></html>',
        mimetype="text/html"))

    @app.after_request
    def add_script(response: Response) -> Response:
        if response.mimetype == "text/html" and request.path in ("/history", "/players"):
            response.set_data(response.get_data(as_text=True).replace(
                "</body>", '<script src="/measure.js"></script></body>'))
        return response

    return app


def test_the_history_fits_a_390_px_phone_without_cut_or_broken_words(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch,
                                                                      named: Served) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium is not installed: `bash scripts/dev test` installs it when run as root")
    original = web_helpers.create_app
    # The test's own page frames the history: the page's headers forbid framing by any other site.
    monkeypatch.setattr(server_module, "SECURITY_HEADERS", {"X-Content-Type-Options": "nosniff"})
    monkeypatch.setattr(web_helpers, "create_app", lambda *a, **k: _measuring(original(*a, **k)))
    served = Served(tmp_path / "state")
    try:
        for lang in ("de", "fr"):
            found = _measure(chromium, tmp_path, served, "/history", lang)
            assert found["width"] == 390 and found["scroll"] <= 390, found
            assert found["outside"] == [] and found["broken"] == [] and found["small"] == [], (lang, found)
    finally:
        served.close()


def _measure(chromium: str, tmp_path: Path, served: Served, page: str, lang: str) -> dict[str, Any]:
    """`page` laid out 390 px wide in headless Chromium, as MEASURE found it."""
    dom = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
         "--window-size=390,844", f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=3000",
         "--dump-dom", f"{served.base}/phone?lang={lang}&page={page}"],
        capture_output=True, text=True, timeout=60, env={**os.environ, "TZ": "Europe/Berlin"}).stdout
    start = dom.index('<pre id="measured">') + len('<pre id="measured">')
    found: dict[str, Any] = json.loads(dom[start:dom.index("</pre>", start)].replace("&quot;", '"')
                                       .replace("&amp;", "&"))
    return found


LONG_NAMES = {"p-ann": "Jil Ilić Filli Lili Elif", "p-ben": "Émilie Lefèvre-Müller", "p-chloe": "Zoë Ørsted-Ñúñez"}
"""A 24-character name (the longest allowed, narrow enough for the device's lists) and names with accents."""


def test_the_players_and_their_statistics_fit_a_390_px_phone_with_long_accented_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, named: Served) -> None:
    """The book renames the night's people (the statistics show the names the book has now): the Players
    page lists them, the History page's per-player section counts them, in German and French."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium is not installed: `bash scripts/dev test` installs it when run as root")
    state = tmp_path / "phone"
    state.mkdir()
    book = PlayerBook()
    for ident, name in LONG_NAMES.items():
        book.players[ident] = Player(ident, name, ("04A1A2A3A4A5A6",) if ident == "p-ann" else (), "", "")
    save_book(state, book)
    original = web_helpers.create_app
    monkeypatch.setattr(server_module, "SECURITY_HEADERS", {"X-Content-Type-Options": "nosniff"})
    monkeypatch.setattr(web_helpers, "create_app", lambda *a, **k: _measuring(original(*a, **k)))
    served = Served(state)
    try:
        history = Client(served.base).get("/history?lang=fr").text
        assert all(html.escape(name) in history for name in LONG_NAMES.values()), "the book's names, not the rows'"
        for page, lang in (("/players", "de"), ("/players", "fr"), ("/history", "de"), ("/history", "fr")):
            found = _measure(chromium, tmp_path, served, page, lang)
            assert found["width"] == 390 and found["scroll"] <= 390, (page, lang, found)
            assert found["outside"] == [] and found["broken"] == [] and found["small"] == [], (page, lang, found)
    finally:
        served.close()
