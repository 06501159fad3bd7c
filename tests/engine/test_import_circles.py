"""A game package reads top-down: no import circle among its modules, type-only imports included.

Each game's rules and view take the small `Playing` interface beside them
(games/<game>/playing.py), not the Play class that imports them.
The imports are read from the source with `ast`, so an import under
`if TYPE_CHECKING:` or inside a function counts as much as any other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent for p in (ROOT / "games").glob("*/__init__.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules_of(package: Path) -> dict[str, Path]:
    return {module_name(path): path for path in package.rglob("*.py")}


def imports_of(path: Path, known: dict[str, Path]) -> set[str]:
    """The package's own modules that `path` names in an import (a package's __init__ when no module fits)."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
            names = [n for n in names[:-1] if n in known] or [node.module]
        found.update(name for name in names if name in known)
    if path.is_relative_to(ROOT):
        found.discard(module_name(path))
    return found


def circle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the modules along it, or None."""
    state: dict[str, int] = {}
    trail: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        trail.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return trail[trail.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        trail.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


@pytest.mark.parametrize("package", GAMES, ids=[p.name for p in GAMES])
def test_no_import_circle_inside_a_game_package(package: Path) -> None:
    known = modules_of(package)
    graph = {name: imports_of(path, known) for name, path in known.items()}
    circle = circle_in(graph)
    assert circle is None, "import circle: " + " -> ".join(circle or [])


def test_the_circle_finder_finds_a_circle_through_a_type_only_import(tmp_path: Path) -> None:
    """The check itself can fail: a rules module importing Play for its type is a circle."""
    package = ROOT / "games" / "tenno"
    known = modules_of(package)
    graph = {name: imports_of(path, known) for name, path in known.items()}
    rules = "games.tenno.rules.turns"
    graph[rules] = graph[rules] | {"games.tenno.play"}
    assert graph["games.tenno.play"] & {rules}, "play.py no longer imports the turn rules"
    circle = circle_in(graph)
    assert circle is not None and "games.tenno.play" in circle
    source = tmp_path / "planted.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from games.tenno.play import Play\n", "utf-8")
    assert imports_of(source, known) == {"games.tenno.play"}
