"""Who plays which seat, asked at set-up on the device: Next/OK, personal tags, Undo, and the journal."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app import App
from companion.history.record import record_of
from companion.players.book import change_book, load_book
from companion.players.names import clean_name
from companion.screens.snapshot import snapshot
from drivers.events import CardPlaced
from engine.core.journal import parse_header
from engine.core.messages import Message
from tests.companion.table_helpers import Clock, make, press, tap

ANNA_TAG = "04A1A2A3A4A5A6"


def with_players(state: Path) -> None:
    def add(book):  # type: ignore[no-untyped-def]
        book.add("Anna", now="2026-11-27T00:00:00Z", new_id=lambda: "p-anna")
        book.add("Ben", now="2026-11-27T00:00:00Z", new_id=lambda: "p-ben")
        book.add("Zoë", now="2026-11-27T00:00:00Z", new_id=lambda: "p-zoe")
        book.add_tag("p-anna", ANNA_TAG)
    change_book(state, add)


def to_seats(app: App) -> None:
    """English, Normal, Kyuzo and Heihachi seated by their boards, Done, who begins drawn: the seats are known."""
    press(app, "ok", "ok")
    tap(app, "samurai:kyuzo")
    tap(app, "samurai:heihachi")
    press(app, "ok", "ok")


def choose(app: App, option: str) -> None:
    options, selected = app.offered()
    press(app, *["next"] * ((options.index(option) - selected) % len(options)), "ok")


def header(state: Path) -> dict:
    return parse_header((state / "current.journal").read_text("utf-8").splitlines()[0])


def test_without_players_set_up_asks_nothing_more(tmp_path: Path) -> None:
    app = make(tmp_path)
    to_seats(app)
    assert app.offered()[0] == ("start",)
    press(app, "ok")
    assert app.mode == "play" and header(tmp_path)["notes"] == {}


def test_each_seat_is_asked_nobody_first_and_a_seated_player_is_not_offered_again(tmp_path: Path) -> None:
    with_players(tmp_path)
    app = make(tmp_path)
    to_seats(app)
    screen = app.screen()
    assert screen.title == "Who plays Kyuzo?"
    assert app.offered() == (("nobody", "p-anna", "p-ben", "p-zoe"), 0), "Nobody is what OK takes"
    choose(app, "p-zoe")
    assert app.screen().title == "Who plays Heihachi?"
    assert app.offered()[0] == ("nobody", "p-anna", "p-ben")
    press(app, "undo")
    assert app.screen().title == "Who plays Kyuzo?", "Undo steps back through the seats"
    choose(app, "p-zoe")
    press(app, "ok")
    assert app.offered()[0] == ("start",)
    assert "Kyuzo: Zoë" in app.screen().detail
    press(app, "ok")
    assert header(tmp_path)["notes"] == {"people": {"kyuzo": {"id": "p-zoe", "name": "Zoë"}}}
    book, _ = load_book(tmp_path)
    assert book.recent()[0].name == "Zoë", "who just played comes first next time"


def test_a_personal_tag_seats_its_player_in_the_seat_asked_or_the_first_unnamed(tmp_path: Path) -> None:
    with_players(tmp_path)
    app = make(tmp_path)
    app.handle(CardPlaced(ANNA_TAG, "mock", app.clock()))
    assert app.notice is not None and app.notice.error, "before the seats are known the tag says when it works"
    to_seats(app)
    app.handle(CardPlaced(ANNA_TAG, "mock", app.clock()))
    assert app.screen().title == "Who plays Heihachi?"
    app.handle(CardPlaced(ANNA_TAG, "mock", app.clock()))
    assert app.screen().notice == "Anna is seated already."
    press(app, "undo", "ok", "ok")
    assert app.offered()[0] == ("start",)
    app.handle(CardPlaced(ANNA_TAG, "mock", app.clock()))
    assert app.offered()[0] == ("start",) and "Kyuzo: Anna" in app.screen().detail
    press(app, "ok")
    assert header(tmp_path)["notes"]["people"] == {"kyuzo": {"id": "p-anna", "name": "Anna"}}
    app.handle(CardPlaced(ANNA_TAG, "mock", app.clock()))
    assert app.notice is not None and "Anna's personal tag" in str(app.screen().notice)
    assert app.match is not None and not app.match.inputs, "a personal tag is no input of the game"


def test_the_players_stay_with_the_game_through_undo_a_restart_and_the_history(tmp_path: Path) -> None:
    with_players(tmp_path)
    app = make(tmp_path)
    to_seats(app)
    choose(app, "p-ben")
    choose(app, "p-anna")
    press(app, "ok")
    press(app, "ok")
    press(app, "undo", "ok")
    people = {"kyuzo": {"id": "p-ben", "name": "Ben"}, "heihachi": {"id": "p-anna", "name": "Anna"}}
    assert header(tmp_path)["notes"]["people"] == people
    again = make(tmp_path, Clock())
    press(again, "ok")
    assert again.match is not None and again.match.notes["people"] == people
    assert record_of(tmp_path / "current.journal").people == people
    change_book(tmp_path, lambda book: book.rename("p-ben", "Benedikt"))
    assert record_of(tmp_path / "current.journal").people["kyuzo"]["name"] == "Ben", "the name at that game"


WIDEST = ("Maximiliane Grünwald", "WWWWWWWWWWWW", "Mmmmmmmmmmmm", "Ääääääää Ööööööööö", "Щщщщщщщщщщщ",
          "Ωωωωωωωωωωωωω", "Anna-Lena Weißmüller")
"""Names just inside the width limit, in the widest letters of several scripts."""


@pytest.mark.parametrize("lang", ["en", "de", "fr", "nl"])
@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
def test_every_name_the_book_takes_reads_whole_in_the_seat_question(tmp_path: Path, size: tuple[int, int],
                                                                   lang: str) -> None:
    accepted = [name for name in WIDEST if isinstance(clean_name(name), str)]
    assert len(accepted) >= 5, "the limit still lets ordinary long names in"
    assert isinstance(clean_name(WIDEST[1] + "W"), Message), "one letter more is refused"

    def many(book):  # type: ignore[no-untyped-def]
        for name in accepted:
            book.add(name)
    change_book(tmp_path, many)
    app = make(tmp_path, lang=lang)
    to_seats(app)
    for _ in range(len(accepted) + 1):
        items = snapshot(app.screen(), size, tmp_path / "seat.png")
        assert not items.outside(size)
        chosen = [i for i in items if i.role == "option" and "selected" in i.tags and i.kind == "text"]
        assert chosen and chosen[0].text == chosen[0].value, f"cut: {chosen[0].value!r} drawn {chosen[0].text!r}"
        press(app, "next")


def test_a_new_sticker_tapped_at_a_seat_question_becomes_a_players_tag_and_seats_them(tmp_path: Path) -> None:
    with_players(tmp_path)
    app = make(tmp_path)
    to_seats(app)
    choose(app, "p-anna")
    app.handle(CardPlaced("04BEEF00000001", "mock", app.clock()))
    assert app.notice is not None and "Unknown tag" in str(app.screen().notice)
    press(app, "ok")
    assert app.screen().title == "Tag 04BEEF00000001: whose personal tag is it?"
    assert app.offered() == (("p-ben", "p-zoe"), 0), "players not seated yet, none of the cards"
    choose(app, "p-zoe")
    assert load_book(tmp_path)[0].players["p-zoe"].tags == ("04BEEF00000001",)
    assert app.offered()[0] == ("start",) and "Heihachi: Zoë" in app.screen().detail
    assert app.screen().notice == "Tag 04BEEF00000001 is now Zoë's personal tag: tapped at set-up, it seats Zoë."
