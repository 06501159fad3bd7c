"""The census on the device: tap a component, confirm what the companion believes or say what is printed.

Through the real app (companion.app.census_steps), from the first menu, with
the laptop's virtual tags for the shipped components and made-up UIDs for
new tags: one tap and one OK for a right card, the questions in the game's
own terms for an unknown one, refusals that name the broken total and
change nothing, a promo declared extra, tokens without tags, Undo.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app import App
from companion.app.assembly import build_app
from companion.app.census_steps import OPTION
from companion.census import open_box
from companion.census.box import box_path
from companion.runtime.config import Config
from companion.runtime.tagmap import load_tagmap, tag_map_path
from drivers.events import CardPlaced
from tests.companion.table_helpers import press, tap

GAME = "samurai-spirit"
NEW = "04C0FFEE000001"


def uid(n: int) -> str:
    return f"04C0FFEE{n:06X}"


def _app(state: Path, game: str = GAME, lang: str | None = None) -> App:
    app, damage = build_app(Config(state_dir=state), state, mock=True, game=game, lang=lang)
    assert damage is None
    app.start()
    return app


def pick(app: App, option: str) -> None:
    """Walk the list on screen to `option` with Next and take it with OK."""
    options, selected = app.offered()
    assert option in options, f"{option} is not offered: {options}"
    press(app, *["next"] * ((options.index(option) - selected) % len(options)), "ok")


def census(app: App) -> None:
    pick(app, OPTION)
    assert app.census is not None and app.screen().kind == "census"


def tag(app: App, uid_: str) -> None:
    app.handle(CardPlaced(uid_, "mock", app.clock()))


def answer(app: App, *values: object) -> None:
    """Answer the questions on screen with these values, in order (picked by their words)."""
    for value in values:
        walk = app.census
        assert walk is not None
        labels = [c.label for c in walk.choices()]
        ids = [c.id for c in walk.choices()]
        wanted = str(value)
        assert wanted in labels, f"{wanted!r} is not an answer now: {labels}"
        pick(app, ids[labels.index(wanted)])


def notice(app: App) -> str:
    return app.screen().notice or ""


def _new_tag(state: Path) -> App:
    """The census opened from the first menu, and a tag nobody enrolled tapped: what is it?"""
    app = _app(state)
    census(app)
    tag(app, NEW)
    return app


def test_a_known_card_is_one_tap_and_one_ok(tmp_path: Path) -> None:
    app = _app(tmp_path)
    census(app)
    tap(app, "card:3-doll-wound")
    screen = app.screen()
    assert screen.title == "Is this what is printed on it? OK: yes."
    assert screen.detail[0] == "Raider card: value 3, doll, wound, flames"
    assert screen.options[screen.selected] == "Yes, that is printed"
    press(app, "ok")
    assert notice(app) == "Checked: Raider card: value 3, doll, wound, flames."
    assert open_box(tmp_path, GAME).checked() == {"3-doll-wound"}
    assert screen_of(app).startswith("1 of 66 Raider cards; missing: 13 Plunderers of value 1, ")


def screen_of(app: App) -> str:
    """The first line of the census's count on screen."""
    return app.screen().detail[0]


def test_an_unknown_tag_is_asked_in_the_games_terms_and_offered_what_fits(tmp_path: Path) -> None:
    app = _new_tag(tmp_path)
    assert app.screen().title == "A new tag: what is it?"
    answer(app, "Raider card")
    assert app.screen().title == "Value: what is printed on it?"
    answer(app, 3)
    assert app.screen().title == "Symbol: what is printed on it?"
    assert [c.label for c in app.census.choices()] == ["no symbol", "hat", "farm", "doll"]  # type: ignore[union-attr]
    answer(app, "doll")
    assert app.screen().title == "Penalty: what is printed on it?"
    answer(app, "wound")
    screen = app.screen()
    assert screen.options[0] == "It is: value 3, doll, wound, flames"
    assert screen.selected == 0, "the right shipped card is one OK away"
    press(app, "ok")
    assert notice(app) == "Checked: Raider card: value 3, doll, wound, flames."
    saved = load_tagmap(tmp_path, GAME, set(app.ui.tag_targets()))
    assert saved.target(NEW) == "card:3-doll-wound", "the new tag is bound and saved at once"


def test_the_highlight_follows_what_the_companion_believes(tmp_path: Path) -> None:
    """Saying again what is printed on a known card is OK after OK."""
    app = _app(tmp_path)
    census(app)
    tap(app, "card:6-hat-intruder")
    pick(app, "wrong")
    oks = 0
    while app.offered()[0][app.offered()[1]] != "fit:6-hat-intruder":
        assert app.screen().title.endswith("what is printed on it?")
        press(app, "ok")
        oks += 1
    assert oks == 2, "the value and the symbol, then the one Boss that fits is offered"
    screen = app.screen()
    assert screen.options[screen.selected] == "It is: value 6, hat, intruder, flames"
    press(app, "ok")
    assert notice(app) == "Checked: Raider card: value 6, hat, intruder, flames."


def test_a_fourteenth_three_is_refused_naming_the_total_and_changes_nothing(tmp_path: Path) -> None:
    app = _app(tmp_path)
    census(app)
    threes = [t for t in app.ui.tag_targets() if t.startswith("card:3-")]
    assert len(threes) == 13
    for target in threes:
        tap(app, target)
        press(app, "ok")
    owner = box_path(tmp_path, GAME).read_bytes()
    tags = tag_map_path(tmp_path, GAME)
    tags_before = tags.read_bytes() if tags.exists() else None
    tag(app, NEW)
    answer(app, "Raider card", 3, "doll", "wound", "flames")
    options = [c.id for c in app.census.choices()]  # type: ignore[union-attr]
    assert "record" in options and not any(o.startswith("fit:") and "3-doll-wound" != o[4:] for o in options)
    pick(app, "record")
    assert notice(app) == ("One too many: the rulebook's total is 13 Plunderers of value 3, and this would be "
                           "number 14.")
    assert app.screen().notice_error
    assert box_path(tmp_path, GAME).read_bytes() == owner
    assert (tags.read_bytes() if tags.exists() else None) == tags_before
    assert app.tags.target(NEW) is None


def test_a_second_kyuzo_is_refused(tmp_path: Path) -> None:
    app = _app(tmp_path)
    census(app)
    tap(app, "samurai:kyuzo")
    press(app, "ok")
    owner = box_path(tmp_path, GAME).read_bytes()
    tag(app, NEW)
    answer(app, "Samurai board", "Kyuzo", 9, 12)
    pick(app, "fit:kyuzo")
    assert notice(app) == "A second Kyuzo: the box holds one, already checked."
    assert box_path(tmp_path, GAME).read_bytes() == owner and app.tags.target(NEW) is None


def test_a_tag_checked_as_one_card_is_refused_for_another(tmp_path: Path) -> None:
    app = _new_tag(tmp_path)
    answer(app, "Raider card", 3, "doll", "wound")
    press(app, "ok")
    owner = box_path(tmp_path, GAME).read_bytes()
    tag(app, NEW)
    assert app.screen().detail[1] == "Checked by you."
    pick(app, "wrong")
    answer(app, 3, "doll", "no penalty")
    pick(app, "fit:3-doll-none")
    assert notice(app).startswith("This tag is already enrolled as Plunderer 3, doll, wound, flames: correct that "
                                  "component, or free the tag first.")
    assert box_path(tmp_path, GAME).read_bytes() == owner and app.tags.target(NEW) == "card:3-doll-wound"


def test_a_tag_the_owner_never_checked_moves_to_the_card_named(tmp_path: Path) -> None:
    """The shipped list's enrolment bound a tag to the wrong card: the census puts it right."""
    app = _app(tmp_path)
    app.tags.bind(NEW, "card:3-doll-wound")
    census(app)
    tag(app, NEW)
    pick(app, "wrong")
    answer(app, 3, "doll", "no penalty")
    pick(app, "fit:3-doll-none")
    assert notice(app) == "Checked: Raider card: value 3, doll, no penalty, no flames."
    assert load_tagmap(tmp_path, GAME, set(app.ui.tag_targets())).target(NEW) == "card:3-doll-none"
    assert open_box(tmp_path, GAME).checked() == {"3-doll-none"}


def test_penalties_are_only_the_printed_ones_and_a_file_naming_another_is_refused(tmp_path: Path) -> None:
    app = _new_tag(tmp_path)
    answer(app, "Raider card", 4, "hat")
    plunderer = [c.label for c in app.census.choices() if c.id.startswith("ans:")]  # type: ignore[union-attr]
    assert plunderer == ["no penalty", "barricade", "wound", "intruder", "no Defend", "no Support",
                         "left neighbour draws", "right neighbour draws"]
    press(app, "undo", "undo")
    answer(app, 6, "hat")
    boss = [c.label for c in app.census.choices() if c.id.startswith("ans:")]  # type: ignore[union-attr]
    assert boss[-4:] == ["must Pass", "a discard back into the stack", "no talent", "discard a defence card"]
    press(app, "undo", "undo", "undo", "undo")
    assert app.census is not None and app.census.stage == "home"
    press(app, "undo")
    assert app.census is None
    text = box_path(tmp_path, GAME)
    text.write_text('format = 1\ngame = "samurai-spirit"\ncomponents = [\n  { id = "4-hat-none", kind = "card", '
                    'label = "x", attributes = { value = 4, symbol = "hat", penalties = ["bogus"], flames = false }, '
                    'verified = true },\n]\n', "utf-8")
    before = text.read_bytes()
    pick(app, OPTION)
    assert app.census is None
    said = notice(app)
    assert said.startswith(f"{text}: ") and "'bogus'" in said and "barricade, wound, intruder" in said, said
    assert app.screen().notice_error
    assert text.read_bytes() == before


def test_a_promo_boss_is_declared_extra_and_joins_the_boss_draw(tmp_path: Path) -> None:
    app = _new_tag(tmp_path)
    answer(app, "Raider card", 6, "hat", "intruder")
    assert app.screen().title == "Penalty: another one printed on it?"
    answer(app, "must Pass", "flames")
    options = [c.id for c in app.census.choices()]  # type: ignore[union-attr]
    assert options[-1] == "extra"
    pick(app, "extra")
    assert notice(app) == "Checked: Raider card: value 6, hat, intruder + must Pass, flames."
    box = open_box(tmp_path, GAME)
    promo = [e for e in box.owner if e.extra]
    assert len(promo) == 1 and promo[0].attributes["penalties"] == ["intruder", "must-pass"]
    assert app.tags.target(NEW) == f"card:{promo[0].id}"
    press(app, "undo")
    assert app.census is None
    bosses = [c for c in app.ui.game.catalogue.cards.values() if c.value == 6]  # type: ignore[attr-defined]
    assert len(bosses) == 8, "the promo Boss joins the Bosses drawn"


def test_tokens_without_tags_are_counted_one_after_another(tmp_path: Path) -> None:
    app = _app(tmp_path)
    census(app)
    pick(app, "kind:farmstead")
    assert app.screen().title == "Reverse penalty: what is printed on it?"
    for letter in "ABBCAD":
        answer(app, letter)
        assert notice(app) == f"Checked: Farmstead: reverse penalty {letter}."
    assert app.screen().detail[-1] == "6 of 6 Farmsteads: all there."
    answer(app, "A")
    pick(app, "record")
    assert notice(app) == "One too many: the rulebook's total is 6 Farmsteads, and this would be number 7."
    box = open_box(tmp_path, GAME)
    assert sorted(str(e.attributes["penalty"]) for e in box.owner) == sorted("ABBCAD")


def test_undo_takes_back_one_answer(tmp_path: Path) -> None:
    app = _new_tag(tmp_path)
    answer(app, "Raider card", 6, "farm", "barricade")
    assert app.screen().title == "Penalty: another one printed on it?"
    press(app, "undo")
    assert app.screen().title == "Penalty: what is printed on it?"
    press(app, "undo")
    assert app.screen().title == "Symbol: what is printed on it?"
    press(app, "undo", "undo")
    assert app.screen().title == "A new tag: what is it?"
    press(app, "undo")
    assert app.census is not None and app.census.stage == "home"


def test_other_buttons_are_refused_and_a_new_tap_starts_over(tmp_path: Path) -> None:
    app = _new_tag(tmp_path)
    answer(app, "Raider card", 2)
    press(app, "confront")
    assert app.screen().notice_error and "Next walks the list" in notice(app)
    tap(app, "card:1-hat-wound")
    assert app.screen().title == "Is this what is printed on it? OK: yes."
    assert "The answers about the last component were not kept" in notice(app)


@pytest.mark.parametrize("game", ["trick-raiders", "tenno", "samurai-knizia"])
def test_every_game_is_counted_in_its_own_terms(tmp_path: Path, game: str) -> None:
    app = _app(tmp_path, game)
    census(app)
    first = app.ui.tag_targets()[0]
    tap(app, first)
    press(app, "ok")
    assert notice(app).startswith("Checked: ")
    tag(app, NEW)
    walk = app.census
    assert walk is not None and walk.stage == "ask"
    questions = []
    while walk.stage == "ask" and not any(c.id.startswith("fit:") for c in walk.choices()):
        questions.append(app.screen().title)
        press(app, "ok")
    assert questions, "at least one question about what is printed"
    press(app, "ok")
    assert notice(app).startswith("Checked: ")
    assert len(open_box(tmp_path, game).checked()) == 2


def test_an_earlier_releases_edited_copy_is_offered_for_import(tmp_path: Path) -> None:
    from companion.census import game_data

    data = game_data(GAME)
    assert data is not None and data.game.components_text is not None
    edited = data.game.components_text.replace(
        'attributes = { value = 4, symbol = "hat", penalties = [], flames = false }',
        'attributes = { value = 4, symbol = "hat", penalties = ["wound"], flames = false }')
    assert edited != data.game.components_text
    legacy = tmp_path / f"{GAME}-components.toml"
    legacy.write_text(edited, "utf-8")
    app = _app(tmp_path)
    census(app)
    assert app.census is not None and app.census.choices()[-2].label == f"Import {legacy.name}"
    pick(app, "import")
    assert notice(app) == (f"1 component taken from {legacy.name}; the file is renamed {legacy.name}.imported.")
    assert open_box(tmp_path, GAME).entry("4-hat-none").attributes["penalties"] == ["wound"]  # type: ignore[union-attr]
    assert not legacy.exists() and (tmp_path / f"{legacy.name}.imported").exists()
    assert "import" not in app.offered()[0]


def test_companion_enroll_census_hosts_the_same_census(tmp_path: Path) -> None:
    """`companion enroll --census`: the census alone on the screen, driven by the same events."""
    from companion.app.enrolment import CensusEnroller
    from companion.games import game_ui
    from companion.runtime.tagmap import TagMap
    from drivers.events import ButtonPressed

    ui = game_ui(GAME)
    enroller = CensusEnroller(ui, TagMap(GAME), tmp_path, lambda: 0.0, lang="de")
    assert enroller.screen().kind == "census"
    assert enroller.screen().title == "Scanne: Räuberkarte / Samurai-Tableau, um zu prüfen, was aufgedruckt ist."
    enroller.handle(CardPlaced(NEW, "mock", 0.0))
    for option in ("kind:card", "ans:3", "ans:doll", "ans:wound", "fit:3-doll-wound"):
        ids = [c.id for c in enroller.walk.choices()]
        for _ in range((ids.index(option) - enroller.walk.selected) % len(ids)):
            enroller.handle(ButtonPressed("next", 0.0))
        enroller.handle(ButtonPressed("ok", 0.0))
    assert enroller.screen().notice == "Geprüft: Räuberkarte: Wert 3, Puppe, Wunde, Flammen."
    assert load_tagmap(tmp_path, GAME, set(ui.tag_targets())).target(NEW) == "card:3-doll-wound"
    assert enroller.progress()[0].startswith("1 von 66 Räuberkarten")
    enroller.handle(ButtonPressed("undo", 0.0))
    assert enroller.done


def test_an_extra_declared_by_mistake_is_forgotten_with_its_tag(tmp_path: Path) -> None:
    app = _new_tag(tmp_path)
    for option in ("kind:card", "ans:6", "ans:hat", "ans:intruder", "end", "ans:true", "extra"):
        pick(app, option)
    tag(app, NEW)
    assert [c.label for c in app.census.choices()][-1] == "Not in my box: forget it"  # type: ignore[union-attr]
    pick(app, "drop")
    assert notice(app) == "Forgotten: Raider card: value 6, hat, intruder, flames."
    assert not open_box(tmp_path, GAME).owner
    saved = load_tagmap(tmp_path, GAME, set(app.ui.tag_targets()))
    assert saved.target(NEW) is None, "the tag map names no component that is gone (it loads)"
