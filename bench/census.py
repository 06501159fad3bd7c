"""A whole Samurai Spirit box taught on the device, through the real app loop with the mock drivers.

    .venv/bin/python bench/census.py [--new-tags] [--seed N]

Runs `companion run --mock --script -` on the configuration install.sh
writes (a scratch state folder) and teaches it the whole box from the first
menu's "Teach it your box", as a table would with the laptop's virtual
tags: each of the 66 Raider cards and 7 Samurai boards is tapped and its
shipped entry confirmed with OK; the 6 Farmsteads and 3 Families, which
carry no tag, are counted from the census's first list (their reverse or
bonus picked with Next and OK, as the shipped data has them).

`--new-tags` teaches the same box with tags nobody enrolled yet, the cards
in a shuffled order (`--seed`): each card is a new tag, its kind and what
is printed answered from the lists (Next to the answer, OK), until the
shipped entry is offered and taken with OK.

Prints, per kind, the script lines (taps and button presses) per component
and the time from a component's first line to the answer of its last (the
reader's poller, the buttons' debouncer, the app, the atomic writes of the
owner file and the tag map), median and worst, and the whole box's time;
then checks that the owner's data holds every component checked.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.census import open_box  # noqa: E402
from companion.runtime.config import installed_config  # noqa: E402
from tests.companion.script_driver import Driver  # noqa: E402

GAME = "samurai-spirit"
COMPANION = str(Path(sys.executable).with_name("companion"))


class Table(Driver):
    """One companion child driven line by line (tests/companion/script_driver.py: each press held to what the
    answer before said it does); counts the lines each component takes."""

    def __init__(self, state: Path, folder: Path) -> None:
        config = folder / "companion.toml"
        config.write_text(installed_config(str(state)), "utf-8")
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        env.pop("COMPANION_CONFIG", None)
        super().__init__([COMPANION, "run", "--mock", "--config", str(config), "--script", "-", "--exit-after", "3600"],
                         env, 0, subprocess.DEVNULL)

    @property
    def lines(self) -> int:
        """The script lines sent so far."""
        return self.count["lines"]


def _key(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _checked(answer: dict[str, Any]) -> bool:
    return "done" in answer["options"] and str(answer.get("notice") or "").startswith("Checked: ")


def _new_tag(table: Table, uid: str, entry: Any) -> None:
    """A tag nobody enrolled: its kind, then what is printed, until the shipped entry is offered; OK takes it."""
    table.act(f"tap {uid}")
    table.pick(f"kind:{entry.kind}")
    attributes = entry.attributes
    if entry.kind == "samurai":
        answers = [("id", entry.id), ("kiai", attributes["kiai"]["human"]), ("kiai", attributes["kiai"]["animal"])]
    else:
        answers = [("value", attributes["value"]), ("symbol", attributes["symbol"])]
        answers += [("penalties", name) for name in attributes["penalties"] or [""]]
        answers.append(("flames", attributes["flames"]))
    for _, value in answers:
        if f"fit:{entry.id}" in table.last["options"]:
            break
        options = table.last["options"]
        if options and options[0].startswith("fit:") and f"ans:{_key(value)}" not in options:
            break
        table.pick(f"ans:{_key(value)}")
    if not _checked(table.last):
        table.pick(f"fit:{entry.id}")
    if not _checked(table.last):
        raise SystemExit(f"{entry.id} was not taken: {table.last}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--new-tags", action="store_true", help="tags nobody enrolled, the cards shuffled")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder) / "state"
        entries = open_box(state, GAME).entries
        lines: dict[str, list[int]] = defaultdict(list)
        seconds: dict[str, list[float]] = defaultdict(list)
        started = time.perf_counter()
        table = Table(state, Path(folder))
        try:
            whole = _teach(table, entries, args, lines, seconds, started)
        finally:
            if table.proc.poll() is None:
                table.proc.kill()  # a failed run leaves no companion behind
                table.proc.wait(timeout=30)
        box = open_box(state, GAME)
        progress = [p for p in box.progress()]
        assert all(p.complete for p in progress), [str(p.message) for p in progress]
        assert len(box.checked()) == len(entries)
    print(f"{'tags nobody enrolled, cards shuffled' if args.new_tags else 'enrolled tags'}: "
          f"{len(entries)} components taught in {whole:.1f} s (the companion's start included)")
    for kind in ("card", "samurai", "farmstead", "family"):
        counts, times = lines[kind], seconds[kind]
        print(f"  {kind:9} x{len(counts):2}: lines per component median {statistics.median(counts):g} "
              f"(min {min(counts)}, max {max(counts)}, {sum(counts)} in all); time median "
              f"{statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms")
    print("  every component checked in the owner's data")


def _teach(table: Table, entries: list[Any], args: argparse.Namespace, lines: dict[str, list[int]],
           seconds: dict[str, list[float]], started: float) -> float:
    """The whole box through `table`; the seconds it took, from the companion's start."""
    table.pick("census")
    table.pick(GAME)
    tagged = [e for e in entries if e.kind in ("card", "samurai")]
    if args.new_tags:
        random.Random(args.seed).shuffle(tagged)
    for n, entry in enumerate(tagged, start=1):
        before, start = table.lines, time.perf_counter()
        if args.new_tags:
            _new_tag(table, f"04BE7C{n:08X}", entry)
        else:
            table.act(f"tap {entry.kind}:{entry.id}")
            table.act("press ok")
            if not _checked(table.last):
                raise SystemExit(f"{entry.id} was not confirmed: {table.last}")
        lines[entry.kind].append(table.lines - before)
        seconds[entry.kind].append(time.perf_counter() - start)
    for kind, field in (("farmstead", "penalty"), ("family", "bonus")):
        before = table.lines
        table.pick(f"kind:{kind}")
        opened = table.lines - before
        for n, entry in enumerate(e for e in entries if e.kind == kind):
            before, start = table.lines, time.perf_counter()
            table.pick(f"ans:{entry.attributes[field]}")
            if not str(table.last.get("notice") or "").startswith("Checked: "):
                raise SystemExit(f"{entry.id} was not counted: {table.last}")
            lines[kind].append(table.lines - before + (opened if n == 0 else 0))
            seconds[kind].append(time.perf_counter() - start)
        table.act("press undo")
    whole = time.perf_counter() - started
    table.act("press undo")
    table.quit()
    return whole


if __name__ == "__main__":
    main()
