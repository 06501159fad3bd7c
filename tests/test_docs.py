"""The documentation holds together: README.md is a front door, and what the pages point at exists.

- README.md is at most 200 lines; the rest is in docs/, by reader, and each game's page is the
  README.md of its folder in games/.
- Every relative link and picture in README.md, docs/**/*.md, hardware/README.md and the games'
  pages (games/*/README.md) resolves to a file or folder in the repository, and a link's anchor to
  a heading of the page it names (GitHub's rule for a heading's anchor).
- Every page under docs/ and every game's page is reached from the README in at most two clicks,
  a link to a folder counting as GitHub shows it: the folder's README.md on the same click, each
  folder in it one click further. So the README's link to games/ reaches every game's page without
  a list of the games, and a game folder without a README.md is a game without a page. Every
  picture under docs/ and in a game's pictures/ is shown (or linked) by some page.
- Every `companion ...` command those pages quote (in code: a `span` or a code block) is a
  subcommand of the `companion` parser (companion/cli.py builds it; nothing is listed here), and
  each of its long options is one that subcommand has. `companion doctor` is checked against the
  doctor's own parser; after `companion simulate`, options the command does not know are the
  game's own set-up options, which only the game's parser knows, and are not checked.

Plain text parsing, no Markdown library: fenced and indented code blocks and inline code spans are
set apart first, so a link quoted as code is not a link and a command in prose is not a command.
"""

from __future__ import annotations

import argparse
import re
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
GAMES = ROOT / "games"
MAX_README_LINES = 200
MAX_CLICKS = 2
"""Every page of docs/ is this many clicks from the README at most (the index docs/README.md is one)."""


def pages() -> list[Path]:
    """The documentation a reader follows links through."""
    return [README, *sorted(DOCS.rglob("*.md")), ROOT / "hardware" / "README.md",
            *sorted(GAMES.glob("*/README.md"))]


def game_folders() -> list[Path]:
    """Every folder in games/: each is a game (a cache or hidden folder is not)."""
    return sorted(folder for folder in GAMES.iterdir()
                  if folder.is_dir() and not folder.name.startswith((".", "_")))


def shown_page(file: Path) -> Path:
    """The page GitHub shows for a link: a file itself, a folder's README.md (the folder if it has none)."""
    return file / "README.md" if file.is_dir() and (file / "README.md").is_file() else file


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@dataclass(frozen=True)
class Page:
    """A Markdown page split into its prose (code blanked out) and its code (spans and block lines)."""

    path: Path
    prose: str
    code: tuple[str, ...]


FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)", re.DOTALL)


@cache
def read(path: Path) -> Page:
    prose: list[str] = []
    code: list[str] = []
    fence = ""
    previous_blank, previous_code = True, False
    for line in path.read_text(encoding="utf-8").split("\n"):
        opened = FENCE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = ""
            else:
                code.append(line)
            prose.append("")
            continue
        if opened:
            fence = opened.group(1)
            prose.append("")
            continue
        indented = line.startswith("    ") and line.strip() != ""
        if indented and (previous_blank or previous_code):
            code.append(line)
            prose.append("")
            previous_blank, previous_code = False, True
            continue
        prose.append(line)
        previous_blank, previous_code = line.strip() == "", False
    text = "\n".join(prose)
    spans = [match.group(2) for match in SPAN.finditer(text)]
    text = SPAN.sub(lambda match: re.sub(r"[^\n]", " ", match.group(0)), text)
    return Page(path, text, tuple(code) + tuple(" ".join(span.split()) for span in spans))


LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.MULTILINE)
HTML = re.compile(r"""<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//")


def links(path: Path) -> list[str]:
    """Every link and picture target of the page outside code, as written."""
    prose = read(path).prose
    return [match.group(1) for pattern in (LINK, REFERENCE, HTML) for match in pattern.finditer(prose)]


def relative_links(path: Path) -> Iterator[tuple[str, Path, str]]:
    """(as written, the file it names, the anchor or "") for each link that stays in the repository."""
    for target in links(path):
        if SCHEME.match(target):
            continue
        where, _, anchor = target.partition("#")
        yield target, (path.parent / unquote(where)).resolve() if where else path, unquote(anchor)


ATX = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$")
NAMED = re.compile(r"""<a\b[^>]*\b(?:name|id)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text lower-cased, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    """The anchors a link may name on the page: each heading's (the second of a name gets -1, ...)."""
    seen: dict[str, int] = {}
    text = path.read_text(encoding="utf-8")
    found = set(NAMED.findall(text))
    for line, written in zip(read(path).prose.split("\n"), text.split("\n"), strict=True):
        # A heading outside code; its words are taken from the line as written (the prose blanks spans out).
        heading = ATX.match(written)
        if not ATX.match(line) or not heading:
            continue
        name = slug(heading.group(2))
        count = seen.get(name, 0)
        seen[name] = count + 1
        found.add(name if count == 0 else f"{name}-{count}")
    return frozenset(found)


def test_the_readme_is_a_front_door() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_README_LINES, (
        f"README.md has {lines} lines, at most {MAX_README_LINES}: move the detail to a page in docs/")


@pytest.mark.parametrize("page", pages(), ids=_name)
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target, file, anchor in relative_links(page):
        if not file.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository")
        elif not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and shown_page(file).suffix == ".md" and anchor not in anchors(shown_page(file)):
            broken.append(f"{target}: {_name(shown_page(file))} has no heading #{anchor}")
        elif anchor and shown_page(file).suffix != ".md":
            broken.append(f"{target}: an anchor into a file that is not a page")
    assert not broken, f"{_name(page)}:\n" + "\n".join(broken)


def clicks(start: Path = README, root: Path = ROOT) -> dict[Path, int]:
    """Each page and folder reached from `start` by following links, with the fewest clicks it takes.

    A link to a folder is what GitHub shows there: the folder's README.md on the same click, and the
    folder's listing, where each folder in it is one click further (a hidden or cache folder aside).
    """
    reached = {start: 0}
    queue = deque([start])

    def reach(node: Path, count: int) -> None:
        if node not in reached or reached[node] > count:
            reached[node] = count
            # A node reached on the same click goes first: the queue stays in order of clicks.
            queue.appendleft(node) if queue and count <= reached[queue[0]] else queue.append(node)

    while queue:
        node = queue.popleft()
        count = reached[node]
        if node.is_dir():
            if (node / "README.md").is_file():
                reach(node / "README.md", count)
            for folder in sorted(node.iterdir()):
                if folder.is_dir() and not folder.name.startswith((".", "_")):
                    reach(folder, count + 1)
            continue
        for _, file, _ in relative_links(node):
            if file.is_relative_to(root) and (file.is_dir() or (file.suffix == ".md" and file.is_file())):
                reach(file, count + 1)
    return reached


def test_every_page_in_docs_and_every_games_page_is_a_few_clicks_from_the_readme() -> None:
    reached = clicks()
    far = {_name(page): reached.get(page) for page in [*DOCS.rglob("*.md"), *GAMES.glob("*/README.md")]
           if reached.get(page, MAX_CLICKS + 1) > MAX_CLICKS}
    assert not far, f"pages not reached from README.md in {MAX_CLICKS} clicks (None: not at all): {far}"


def test_every_game_folder_has_its_page_a_few_clicks_from_the_readme() -> None:
    """No list of the games: every folder in games/ is one, and its README.md is its page."""
    reached = clicks()
    assert game_folders(), "no game folder in games/"
    missing = [_name(folder) for folder in game_folders() if not (folder / "README.md").is_file()]
    assert not missing, f"game folders without their page (README.md): {missing}"
    far = [_name(folder) for folder in game_folders()
           if reached.get(folder / "README.md", MAX_CLICKS + 1) > MAX_CLICKS]
    assert not far, f"game pages not reached from README.md in {MAX_CLICKS} clicks: {far}"


def test_a_link_to_a_folder_reaches_its_readme_and_the_folders_in_it(tmp_path: Path) -> None:
    """GitHub's folder page: its README.md shown at once, each folder listed one click further."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "README.md").write_text("[Tenno](../games/tenno/README.md)\n", encoding="utf-8")
    for game in ("tenno", "new_game", "bare"):
        (tmp_path / "games" / game).mkdir(parents=True)
    (tmp_path / "games" / "__pycache__").mkdir()
    (tmp_path / "games" / "tenno" / "README.md").write_text("# Tenno\n", encoding="utf-8")
    (tmp_path / "games" / "new_game" / "README.md").write_text("[back](../../README.md)\n", encoding="utf-8")
    start = tmp_path / "README.md"
    start.write_text("[docs](docs/) and [every game](games/)\n", encoding="utf-8")
    reached = clicks(start, tmp_path)
    assert reached[tmp_path / "docs" / "README.md"] == 1 and reached[tmp_path / "games"] == 1
    assert reached[tmp_path / "games" / "tenno" / "README.md"] == 2
    assert reached[tmp_path / "games" / "new_game" / "README.md"] == 2
    assert tmp_path / "games" / "bare" / "README.md" not in reached
    assert tmp_path / "games" / "__pycache__" not in reached


def test_a_newcomer_finds_the_pi_the_box_and_a_new_game_in_one_click() -> None:
    direct = {file for _, file, _ in relative_links(README)}
    for page in ("owners/pi-setup.md", "owners/teaching-your-box.md", "developers/adding-a-game.md"):
        assert DOCS / page in direct, f"README.md does not link docs/{page}"


def test_every_picture_in_docs_and_in_the_games_folders_is_shown() -> None:
    shown = {file for page in pages() for _, file, _ in relative_links(page)}
    pictures = [*DOCS.rglob("*.png"), *GAMES.glob("*/pictures/*.png"), *GAMES.glob("*/pictures/*.svg")]
    unused = sorted(_name(picture) for picture in pictures if picture not in shown)
    assert not unused, f"pictures no page shows: {unused}"


# ----------------------------------------------------------------------------- the commands quoted

PROGRAM = re.compile(r"^(?:.*/)?companion$")
PREFIXES = {"sudo": ("-u", "-g", "--user", "--group"), "env": (), "time": (), "exec": (), "nohup": ()}
"""Words that run the command after them, each with its options that take a value (`sudo -u companion`)."""
SEPARATORS = re.compile(r"\s(?:&&|\|\||;|\|)\s")


def _command(words: list[str]) -> list[str]:
    """The words from the program on: `sudo -u companion env X=1 prog args` -> [prog, args]."""
    at = 0
    while at < len(words):
        if words[at] in PREFIXES:
            takes_value = PREFIXES[words[at]]
            at += 1
            while at < len(words) and words[at].startswith("-"):
                at += 2 if words[at] in takes_value else 1
        elif re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[at]) or words[at] == "$":
            at += 1
        else:
            break
    return words[at:]


def quoted_commands(path: Path) -> Iterator[list[str]]:
    """The words after the program of every `companion ...` the page quotes, up to a comment or the end.

    Only where `companion` is in a command's place: at the start of a span or a code line, after a
    shell separator, or after `sudo` and its options; `compileall companion drivers` names a folder.
    """
    for snippet in read(path).code:
        words = snippet.split()
        comment = next((at for at, word in enumerate(words) if word.startswith("#")), len(words))
        for part in SEPARATORS.split(" ".join(words[:comment])):
            command = _command(part.split())
            if len(command) > 1 and PROGRAM.match(command[0]):
                yield command[1:]


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {option for action in parser._actions for option in action.option_strings}


@cache
def cli() -> tuple[set[str], dict[str, set[str]]]:
    """The `companion` parser's own options, and each subcommand with its options."""
    from companion.cli import _doctor_options, build_parser
    from drivers.doctor import build_parser as doctor_parser

    parser = build_parser()
    (commands,) = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    subcommands = {name: _options(sub) for name, sub in commands.choices.items()}
    assert "run" in subcommands and "--mock" in subcommands["run"], "the parser was not read"
    # `companion doctor` hands its words to the doctor's own parser (companion.cli.main).
    subcommands["doctor"] |= _options(doctor_parser(parents=(_doctor_options(),)))
    return _options(parser), subcommands


@pytest.mark.parametrize("page", pages(), ids=_name)
def test_every_quoted_companion_command_exists(page: Path) -> None:
    own, subcommands = cli()
    wrong = []
    for words in quoted_commands(page):
        command = words[0]
        if command.startswith("-"):
            if command not in own:
                wrong.append(f"companion {command}: no such option (companion has {sorted(own)})")
            continue
        if command not in subcommands:
            wrong.append(f"companion {' '.join(words)}: no subcommand {command!r} "
                         f"(there are {sorted(subcommands)})")
            continue
        for word in words[1:]:
            option = word.strip("[]").split("=")[0]
            if not option.startswith("--") or option in subcommands[command] or command == "simulate":
                continue
            wrong.append(f"companion {' '.join(words)}: {command} has no option {option}")
    assert not wrong, f"{_name(page)}:\n" + "\n".join(wrong)
