"""Find every message template in the code and write the catalogue template.

    python -m companion.i18n_extract            # say whether locale/messages.pot is current
    python -m companion.i18n_extract --write    # rewrite it

A template is the first argument of a call to `msg(...)`, which must be a
string literal (the extractor reads the source, it does not run it). The
`.pot` file lists each template once with the files that use it (no line
numbers, so moving code does not make the catalogue stale), in a stable
order, so a translator's tool can merge it into `de.po`, `fr.po`, `nl.po`
(`msgmerge --update de.po messages.pot`) and a test can tell when it is
stale or when a catalogue lacks an entry.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

from companion.i18n import LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("engine", "companion", "drivers")
POT = LOCALE_DIR / "messages.pot"
MARKER = "msg"


class ExtractError(ValueError):
    """A `msg(...)` call whose template is not a string literal."""


def _is_marker(func: ast.expr) -> bool:
    return (isinstance(func, ast.Name) and func.id == MARKER) or (
        isinstance(func, ast.Attribute) and func.attr == MARKER)


def extract_file(path: Path, root: Path = ROOT) -> dict[str, list[str]]:
    """template -> ["engine/x.py:12", ...] for one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: dict[str, list[str]] = {}
    where = path.relative_to(root).as_posix()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not _is_marker(node.func) or not node.args:
            continue
        first = node.args[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            raise ExtractError(f"{where}:{node.lineno}: msg() needs a string literal as its template")
        found.setdefault(first.value, []).append(f"{where}:{node.lineno}")
    return found


def extract(root: Path = ROOT, sources: tuple[str, ...] = SOURCES) -> dict[str, list[str]]:
    """Every template in the project's packages, with where each is used."""
    found: dict[str, list[str]] = {}
    for package in sources:
        for path in sorted((root / package).rglob("*.py")):
            for template, places in extract_file(path, root).items():
                found.setdefault(template, []).extend(places)
    return found


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def pot_text(found: dict[str, list[str]]) -> str:
    """The catalogue template: a header, then one entry per template, sorted."""
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"',
             '"Content-Transfer-Encoding: 8bit\\n"', ""]
    for template in sorted(found):
        files = dict.fromkeys(place.rsplit(":", 1)[0] for place in found[template])
        lines.extend(f"#: {name}" for name in files)
        if "{" in template:
            lines.append("#, python-brace-format")
        lines.append(f"msgid {_quote(template)}")
        lines.append('msgstr ""')
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.i18n_extract", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help=f"rewrite {POT.name}")
    args = parser.parse_args(argv)
    try:
        text = pot_text(extract())
    except ExtractError as exc:
        print(f"i18n_extract: {exc}", file=sys.stderr)
        return 2
    if args.write:
        POT.parent.mkdir(parents=True, exist_ok=True)
        POT.write_text(text, encoding="utf-8")
        print(f"wrote {POT} ({text.count('msgid ') - 1} messages)")
        return 0
    current = POT.read_text(encoding="utf-8") if POT.exists() else ""
    if current != text:
        print(f"{POT} is out of date: run python -m companion.i18n_extract --write", file=sys.stderr)
        return 1
    print(f"{POT} is current ({text.count('msgid ') - 1} messages)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
