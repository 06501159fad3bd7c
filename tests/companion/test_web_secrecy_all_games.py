"""Every answer the phone page gives, headers included, for every game: hidden stays hidden.

Each registered game's own hidden twin (games/*/testing.py) is put
in progress in two state folders that are otherwise copies of each other,
cut where the two journals differ in length (a face-down card's id, or for
Trick Raiders, whose engine is never told an unseen card, the seed that
dealt it). Both folders are served as `companion web` serves them, and every
route of the page is read raw (tests/companion/public_answers.py): each GET
and HEAD in every language, each form refused, the card list and the census
form with the PIN.
Every byte must be the same, the live page's version, the picture's ETag,
Content-Length and Date included; the backup's files too. The version once
followed the journal's size, so it told the length of a face-down card's
id to anyone polling: comparing whole answers finds that, and a planted
leak (a backup that carries the game in progress) must be caught as well.
"""

from __future__ import annotations

import io
import random
import shutil
import tarfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games import game_ui, registered_games
from companion.history.record import seats_of
from companion.i18n import LANGUAGES
from companion.players.book import change_book
from companion.runtime.storage import CURRENT, JournalFile
from companion.runtime.tagmap import TagMap, save_tagmap, virtual_uid
from companion.runtime.web_pin import device_pin
from companion.web import backup
from engine import Match, get_game
from engine.core.registry import entry
from tests.companion.history_helpers import archive, played
from tests.companion.public_answers import FROZEN, Page, freeze_wall_time

SEED = 9
"""The table each game is played at: its Trick Raiders twin (seed 10) has a journal one byte longer."""
WRONG_PIN = "000000"
LIVE = ("/", "/live.json", "/live.png")


@pytest.fixture(autouse=True)
def _frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    freeze_wall_time(monkeypatch)


def examples(game: str, target: str) -> dict[str, str]:
    """A request for each GET route of the page (the test fails on a route missing here)."""
    return {"/static/<path:filename>": "/static/x.css", "/style.css": "/style.css", "/live.js": "/live.js",
            "/": "/", "/live.json": "/live.json", "/live.png": "/live.png", "/history": "/history",
            "/history.csv": "/history.csv", "/history-players.csv": "/history-players.csv",
            "/history.bgsplay": "/history.bgsplay", "/cards": "/cards", "/rules": "/rules", "/backup": "/backup",
            "/settings": "/settings", "/enroll.js": "/enroll.js", "/enroll": f"/enroll?game={game}",
            "/enroll/status.json": f"/enroll/status.json?game={game}&id=x",
            "/enroll/result": f"/enroll/result?game={game}&target={target}&id=x", "/players": "/players",
            "/census": "/census", "/census.js": "/census.js",
            "/census/status.json": f"/census/status.json?game={game}&id=x&kind=card"}


FORMS = {"/backup": "/backup", "/restore": "/backup", "/settings": "/backup", "/enroll": "/enroll?game={game}",
         "/players": "/players", "/cards": "/cards", "/census": "/census"}
"""Each POST route and a page whose form token it sends (the settings page has no form without a
configuration file)."""


def routes_covered(page: Page, game: str, target: str) -> None:
    """Every route the application has is read here: a new one fails this until it is added."""
    rules = list(page.app.url_map.iter_rules())
    assert {r.rule for r in rules if "GET" in (r.methods or ())} == set(examples(game, target))
    assert {r.rule for r in rules if "POST" in (r.methods or ())} == set(FORMS)


def with_lang(path: str, lang: str) -> str:
    return f"{path}{'&' if '?' in path else '?'}lang={lang}"


def answers(page: Page, game: str, target: str, wrong_pins: bool = True) -> dict[str, bytes]:
    """Every answer of the page, raw, by request: what a phone without the PIN gets, the card list and the backup's
    files with the PIN, then each form refused (the wrong PINs last, and only with `wrong_pins`: five lock the PIN
    out for a minute of the frozen clock).

    The live routes are read twice in each language (the second read comes from the page's cache)."""
    out: dict[str, bytes] = {}
    for rule, path in examples(game, target).items():
        for lang in LANGUAGES:
            asked = with_lang(path, lang)
            out[f"GET {asked}"] = page.get(asked).masked(page.state)
            if rule in LIVE:
                out[f"GET {asked} again"] = page.get(asked).masked(page.state)
            if lang == "en":
                out[f"HEAD {asked}"] = page.ask("HEAD", asked).masked(page.state)
    out["GET /live.json (no language)"] = page.get("/live.json").masked(page.state)
    pin = str(device_pin(page.state))
    shown = page.post("/cards", {"pin": pin}, "/cards")
    assert shown.status == 200, shown.raw[:500]
    out["POST /cards with the PIN"] = shown.masked(page.state)
    census = page.post("/census", {"pin": pin, "game": game, "do": "open"}, "/census")
    assert census.status == 200, census.raw[:500]
    out["POST /census with the PIN"] = census.masked(page.state)
    for name, content in backup_files(page).items():
        out[f"backup: {name}"] = content
    for route, form in FORMS.items():
        fields = {"pin": WRONG_PIN, "game": game, "target": target}
        out[f"POST {route} without a token"] = page.post(route, fields).masked(page.state)
        if wrong_pins:
            out[f"POST {route} with a wrong PIN"] = page.post(route, fields, form.format(game=game)).masked(page.state)
    return out


def members(data: bytes) -> dict[str, bytes]:
    """A backup's files by name (the tar headers' times set aside)."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        out = {}
        for info in tar:
            handle = tar.extractfile(info)
            out[info.name] = handle.read() if handle else b""
    return out


def backup_files(page: Page) -> dict[str, bytes]:
    reply = page.post("/backup", {"pin": str(device_pin(page.state))}, "/backup")
    assert reply.status == 200, reply.raw[:500]
    return members(reply.body)


def common_state(folder: Path) -> None:
    """What both folders hold besides the game in progress: a finished game, a tag map, a player, the PIN."""
    archive(folder, played("samurai-spirit", 3, {"samurai": ["kyuzo", "heihachi"], "difficulty": "easy"}),
            "game-0001-x.journal", mtime=1_795_200_000)
    save_tagmap(folder, TagMap("samurai-spirit", {virtual_uid("samurai:kyuzo"): "samurai:kyuzo",
                                                  "04A1B2C3D4E5F6": "samurai:heihachi"}))
    (folder / "web-pin").write_text("246810\n")
    change_book(folder, lambda book: book.add("Anna", now="2026-01-01T10:00:00Z", new_id=lambda: "p-anna"))


def twins(tmp_path: Path, game: str, seed: int) -> tuple[Path, Path] | None:
    """Two state folders, alike but for the hidden identities of the game in progress, whose journals differ in
    length where the plays allow it (None: no moment of the plays has a hidden difference off the screen)."""
    hooks = entry(game).hooks()
    setup = hooks.SETUPS[0]
    inputs = hooks.play_inputs(setup, seed)
    twin_seed, twin_inputs = hooks.hidden_twin(setup, seed, inputs)
    first, second = tmp_path / f"{game}-{seed}" / "a", tmp_path / f"{game}-{seed}" / "b"
    common_state(first)
    shutil.copytree(first, second)
    plays = [Match(get_game(game), setup, seed), Match(get_game(game), setup, twin_seed)]
    start = random.Random(seed).randrange(len(inputs) // 2)
    fallback = None
    for number, (value, other) in enumerate(zip(inputs, twin_inputs, strict=True), start=1):
        plays[0].apply(value)
        plays[1].apply(other)
        if number < start or plays[0].play.prompt is None or hooks.shown(plays[0].play) or hooks.shown(plays[1].play):
            continue  # a capture or a duel being resolved shows its hidden part to the whole table, and the end all
        if plays[0].play.public_view() != plays[1].play.public_view():
            continue
        if hooks.secret(plays[0].play) == hooks.secret(plays[1].play) and twin_seed == seed:
            continue
        seat = seats_of(plays[0].header()["setup"])[0]
        for match, folder in zip(plays, (first, second), strict=True):
            match.notes = {"people": {seat: {"id": "p-anna", "name": "Anna"}}}
            JournalFile(folder / CURRENT).start(match)
        if (first / CURRENT).stat().st_size != (second / CURRENT).stat().st_size:
            return first, second
        if fallback is None:
            fallback = (first / CURRENT).read_bytes(), (second / CURRENT).read_bytes()
    if fallback is None:
        return None
    (first / CURRENT).write_bytes(fallback[0])
    (second / CURRENT).write_bytes(fallback[1])
    return first, second


@pytest.fixture
def served() -> Iterator[list[Page]]:
    pages: list[Page] = []
    yield pages
    for page in pages:
        page.close()


def serve(pages: list[Page], folders: tuple[Path, Path]) -> tuple[Page, Page]:
    made = [Page(folder, clock=lambda: FROZEN) for folder in folders]
    pages.extend(made)
    return made[0], made[1]


@pytest.mark.parametrize("game", registered_games())
def test_every_answer_of_the_page_is_the_same_bytes_whatever_the_hidden_cards(tmp_path: Path, game: str,
                                                                              served: list[Page]) -> None:
    target = game_ui(game).tag_targets()[0]
    pair = twins(tmp_path, game, SEED)
    assert pair is not None, f"{game}: no moment of the plays has a hidden difference off the screen"
    a, b = serve(served, pair)
    routes_covered(a, game, target)
    journals = [(page.state / CURRENT).read_bytes() for page in (a, b)]
    assert len(journals[0]) != len(journals[1]), "the twins' journals differ in length (the size told them apart)"
    seen_a, seen_b = answers(a, game, target), answers(b, game, target)
    assert seen_a.keys() == seen_b.keys()
    differing = [asked for asked in seen_a if seen_a[asked] != seen_b[asked]]
    assert not differing, (f"{game}: {len(differing)} answers differ, the first {differing[0]}:\n"
                           f"{seen_a[differing[0]][:600]!r}\n{seen_b[differing[0]][:600]!r}")


def test_a_backup_that_carried_the_game_in_progress_would_be_caught(tmp_path: Path, served: list[Page],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The planted leak: a backup that includes the unfinished journal gives different files for the twins."""
    pair = twins(tmp_path, "samurai-spirit", SEED)
    assert pair is not None
    saved = backup.saved_files
    monkeypatch.setattr(backup, "saved_files", lambda state_dir: [*saved(state_dir), state_dir / CURRENT])
    a, b = serve(served, pair)
    assert backup_files(a)[CURRENT] != backup_files(b)[CURRENT]
