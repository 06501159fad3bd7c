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
