"""What every drawn frame must satisfy, read from its display list: shared by the frame tests.

Imported by the test modules (`from tests.companion.frame_checks import ...`), like table_helpers. Each check takes the
display list of one rendered frame, the Screen it was drawn from, the surface's size and a name for the
failure message.

- the type floors (cap heights measured as drawn) and no instruction, name or button word cut;
- every seat of a play screen drawn, as a row or a chip, its name whole;
- the question: on a frame where the game waits for a decision, the prompt drawn whole and its options
  whole (or the highlighted one with the marks that say more lie either side);
- nothing cut at all: no text drawn shortened with "...".
"""

from __future__ import annotations

import re

import pygame

from companion.screen_model import Screen
from companion.screens import DisplayList
from companion.screens.display_list import BASE_LAYER
from companion.screens.registry import screens_for

WIDE, COMPACT = (800, 480), (480, 320)
SIZES = [WIDE, COMPACT]
PRIMARY_CAP = {WIDE: 18, COMPACT: 16}
SECONDARY_CAP = {WIDE: 13, COMPACT: 16}
PRIMARY_ROLES = re.compile(r"^(prompt|todo)$")
EXEMPT_ROLES = re.compile(r"(^line$|:value$|:more$|:token:|:talent:)")
"""Not held to the floor: the narration log (a secondary record, not where instructions live), numbers
printed on the small drawn cards and two-letter marks on the support tokens a Samurai holds (sized to the
card or pill they belong to), and "+n" counts of cards or tokens left out."""
NO_ELLIPSIS_ROLES = re.compile(r"^(prompt|todo|option|notice|confirm:question|confirm:button:.*|samurai:[a-z]+:name"
                               r"|setup:seat:\d+:name|button:[a-z]+|tenno:duel:[a-z]+:waiting|ks:status|tr:trick:title)$")
PLAY_KINDS = ("board", "round-end")
"""The screens a game is played on: every seat's state is on them at both sizes."""


def check_type_floors(items: DisplayList, size: tuple[int, int], name: str) -> None:
    for item in items.find_all(kind="text"):
        if EXEMPT_ROLES.search(item.role):
            continue
        floor = PRIMARY_CAP[size] if PRIMARY_ROLES.match(item.role) else SECONDARY_CAP[size]
        assert item.cap >= floor, f"{name} {size}: {item.role} {item.text!r} has cap height {item.cap} < {floor}"
        assert item.rect[3] >= item.cap, f"{name} {size}: {item.role} {item.text!r} is squeezed into {item.rect[3]} px"
        if NO_ELLIPSIS_ROLES.match(item.role):
            cut = (item.text or "").endswith("...") and not str(item.value).endswith("...")
            assert not cut, f"{name} {size}: {item.role} cut: {item.text!r}"


def check_nothing_cut(items: DisplayList, name: str) -> None:
    """No text drawn shortened: each item's characters are its words (a line of a wrapped text is part of
    them), never cut with "..."."""
    for item in items.find_all(kind="text"):
        text = item.text or ""
        if not text.endswith("..."):
            continue
        assert str(item.value).endswith("...") or text == item.value, f"{name}: {item.role} cut: {text!r}"


def seats_of(screen: Screen) -> set[str]:
    """The seats at the table, from the game's public view: each Samurai, else each player."""
    view = screen.view or {}
    if "samurai" in view:
        return {str(sam["name"]) for sam in view["samurai"]}
    return {str(player["name"]) for player in view.get("players", [])}


def check_seats(items: DisplayList, screen: Screen, size: tuple[int, int], name: str) -> None:
    """Every seat drawn on a play screen, as a full row or a chip of the compact band: its box (tagged "seat")
    inside the frame and not squeezed, and its name written whole in it."""
    expected = seats_of(screen)
    boxes = {str(item.value): item for item in items.find_all(kind="box", tag="seat", layer=BASE_LAYER)}
    assert expected <= set(boxes), f"{name}: seats {sorted(expected - set(boxes))} are missing"
    for seat in expected:
        box = boxes[seat]
        names = [item for item in items.find_all(kind="text", layer=BASE_LAYER)
                 if item.role == f"{box.role}:name" and str(item.value) == seat]
        assert names and box.box.contains(names[0].box), f"{name}: {seat}'s name is not written in its place"
        assert not (names[0].text or "").endswith("..."), f"{name}: {seat}'s name is cut"
        assert box.rect[3] >= names[0].cap and box.box.colliderect(pygame.Rect((0, 0), size)), name


def question_of(screen: Screen) -> str | None:
    """The decision a play frame waits for, in words (None where nothing is pending or no game is drawn)."""
    return screens_for(screen.game).prompt(screen)


def check_question(items: DisplayList, screen: Screen, name: str) -> None:
    """The prompt drawn whole, in reading order, and the options: each drawn whole, the highlighted one
    among them, and where not all are drawn, the marks that say on which side the others lie."""
    prompt = question_of(screen)
    if prompt:
        lines = items.find_all("prompt", kind="text", layer=BASE_LAYER)
        drawn = " ".join(item.text or "" for item in lines)
        assert drawn.split() == prompt.split(), f"{name}: the question reads {drawn!r}, not {prompt!r}"
        assert [item.rect[1] for item in lines] == sorted(item.rect[1] for item in lines), name
    if not screen.options:
        return
    shown = items.find_all("option", kind="text", layer=BASE_LAYER)
    words: dict[str, list[str]] = {}
    for item in shown:
        assert str(item.value) in screen.options, f"{name}: {item.value!r} is not an option"
        words.setdefault(str(item.value), []).append(item.text or "")
    for option, lines in words.items():
        assert " ".join(lines).split() == option.split(), f"{name}: option {option!r} drawn as {lines!r}"
    selected = {str(item.value) for item in shown if "selected" in item.tags}
    assert selected == {screen.options[screen.selected]}, \
        f"{name}: the highlighted option {screen.options[screen.selected]!r} is not drawn"
    missing = [option for option in screen.options if option not in words]
    if missing:
        marks = items.find_all(prefix="option:more-", kind="icon", layer=BASE_LAYER)
        assert marks, f"{name}: options {missing} are left out with no mark that more lie beyond"


def todo_texts(items: DisplayList) -> list[str]:
    """The to-do steps as drawn: each step's lines joined, in order (a bullet starts each step)."""
    steps: list[list[str]] = []
    for item in items.find_all("todo", kind="text"):
        if "first-line" in item.tags:
            steps.append([])
        steps[-1].append(item.text or "")
    return [" ".join(lines) for lines in steps]
