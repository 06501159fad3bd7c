"""The companion's folders say what each part is, and imports between them run one way.

`companion/` holds packages and a few entry modules; each package may import
only the packages below it in `LAYERS` (read at any depth, function-level
imports included: a lazy import is still a dependency). A circle between two
parts would make a newcomer read both to understand either.
"""

from __future__ import annotations

import ast
from pathlib import Path

COMPANION = Path(__file__).resolve().parents[1] / "companion"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("i18n",),
    ("screen_model",),
    ("games",),
    ("buttons_layout",),
    ("screens", "runtime"),
    ("census",),
    ("players",),
    ("history",),
    ("app",),
    ("web",),
    ("harness", "i18n_extract"),
    ("commands",),
    ("cli",),
)
"""Lowest first; parts on one line are peers and import neither each other."""

RANK = {part: rank for rank, parts in enumerate(LAYERS) for part in parts}


def _part(path: Path) -> str:
    rel = path.relative_to(COMPANION)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _imported_parts(path: Path) -> set[str]:
    parts = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            bits = name.split(".")
            if bits[0] == "companion" and len(bits) > 1 and bits[1] in RANK:
                parts.add(bits[1])
    return parts


def test_the_top_level_holds_packages_and_a_few_entry_modules() -> None:
    modules = sorted(p.stem for p in COMPANION.glob("*.py") if p.stem != "__init__")
    assert modules == ["buttons_layout", "cli", "i18n", "i18n_extract", "screen_model"], modules
    packages = sorted(p.name for p in COMPANION.iterdir() if (p / "__init__.py").exists())
    assert set(packages) <= set(RANK), f"a package missing from LAYERS: {set(packages) - set(RANK)}"


def test_imports_between_the_parts_run_one_way() -> None:
    wrong = []
    for path in sorted(COMPANION.rglob("*.py")):
        here = _part(path)
        for there in _imported_parts(path) - {here}:
            if RANK[there] >= RANK[here]:
                wrong.append(f"{path.relative_to(COMPANION.parent)}: {here} imports {there}")
    assert not wrong, "\n".join(wrong)


ROOT = COMPANION.parent
GAMES = ROOT / "games"
PLATFORM = ("engine", "drivers", "companion")


def _top_names(path: Path) -> set[str]:
    """Every absolute module path `path` imports (a lazy import inside a function counts the same)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _game_folders() -> list[Path]:
    return sorted(p.parent for p in GAMES.glob("*/registration.py"))


def test_the_engine_the_drivers_and_the_companion_import_no_game() -> None:
    """The platform finds games through the registry only: a game's folder can be added or taken away alone."""
    wrong = [f"{path.relative_to(ROOT)}: imports {name}"
             for top in PLATFORM for path in sorted((ROOT / top).rglob("*.py"))
             for name in _top_names(path) if name.split(".")[0] == "games"]
    assert not wrong, "\n".join(wrong)


def test_the_engine_and_the_drivers_stay_below_the_companion() -> None:
    """The engine is pure (no pygame, no hardware, no app); the drivers know no game, engine or app."""
    forbidden = {"engine": {"drivers", "companion", "games", "pygame", "gpiozero", "serial", "mfrc522"},
                 "drivers": {"engine", "companion", "games"}}
    wrong = [f"{path.relative_to(ROOT)}: imports {name}"
             for top, never in forbidden.items() for path in sorted((ROOT / top).rglob("*.py"))
             for name in _top_names(path) if name.split(".")[0] in never]
    assert not wrong, "\n".join(wrong)


def test_each_game_is_one_folder_whose_rules_are_pure_and_import_no_other_game() -> None:
    """A game's rules (its folder but `app/` and `tests/`) import the standard library, `engine` and the game
    itself: importable without pygame or the companion. Its app part may add the companion and pygame. No game
    imports another."""
    assert _game_folders(), "no game folder found under games/"
    wrong = []
    for folder in _game_folders():
        own = f"games.{folder.name}"
        for path in sorted(folder.rglob("*.py")):
            part = path.relative_to(folder).parts[0]
            if part == "tests":
                continue
            for name in _top_names(path):
                top = name.split(".")[0]
                if top == "games" and not (name == own or name.startswith(own + ".")):
                    wrong.append(f"{path.relative_to(ROOT)}: imports another game, {name}")
                elif part != "app" and (top in {"companion", "drivers", "pygame"}
                                        or name == f"{own}.app" or name.startswith(f"{own}.app.")):
                    wrong.append(f"{path.relative_to(ROOT)}: the rules import {name} (only app/ may)")
                elif part == "app" and top == "drivers":
                    wrong.append(f"{path.relative_to(ROOT)}: the app part imports {name} (a game knows no driver)")
    assert not wrong, "\n".join(wrong)
