"""Table scripts: `companion run --mock --script`, through the mock drivers, on the installed configuration."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.harness.table_script import ScriptError, parse_line, parse_script
from companion.runtime.config import installed_config
from companion.runtime.tagmap import virtual_uid

COMPANION = str(Path(sys.executable).with_name("companion"))


def run_script(tmp_path: Path, script: str, *extra: str, stdin: str | None = None) -> tuple[int, list[dict], str]:
    config = tmp_path / "companion.toml"
    config.write_text(installed_config(str(tmp_path / "state")), "utf-8")
    path = tmp_path / "table.txt"
    path.write_text(script, "utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("COMPANION_CONFIG", None)
    source = "-" if stdin is not None else str(path)
    done = subprocess.run([COMPANION, "run", "--mock", "--config", str(config), "--script", source, "--seed", "4",
                           "--exit-after", "60", *extra], input=stdin, capture_output=True, text=True, env=env,
                          timeout=120)
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return done.returncode, answers, done.stderr


def test_a_line_is_read_or_refused_by_its_number() -> None:
    assert parse_line(1, "  # a comment") is None
    assert parse_line(2, "press OK") == parse_line(2, "press ok   # trailing words are a comment")
    press = parse_line(3, "press next 1.5")
    assert press is not None and press.seconds == 1.5
    tap = parse_line(4, "tap card:3-doll-wound")
    assert tap is not None and tap.argument == "card:3-doll-wound"
    for line, words in (("jump", "unknown command 'jump'"), ("press okay", "unknown button 'okay'"),
                        ("press", "takes a button name"), ("hold ok 2", "takes a button name"),
                        ("wait soon", "'soon' is not a number"), ("wait -1", "seconds must be from 0"),
                        ("tap", "takes one target"), ("quit now", "takes nothing after it")):
        with pytest.raises(ScriptError, match=words) as caught:
            parse_line(7, line)
        assert "script line 7" in str(caught.value)
    assert [c.number for c in parse_script(["", "press ok", "# x", "quit"])] == [2, 4]


def test_a_script_plays_the_game_menu_set_up_and_taps_through_the_drivers(tmp_path: Path) -> None:
    """The installed default starts at the game menu; presses, a long press and taps by id and by UID."""
    kyuzo = virtual_uid("samurai:kyuzo")
    code, answers, err = run_script(tmp_path, f"""
        press ok          # Samurai Spirit, the first game
        press ok          # English
        press next 1.2    # held past hold_s: a long press walks back
        press ok          # the difficulty highlighted now
        tap samurai:heihachi
        tap {kyuzo}
        tap kyuzo         # the same board again: lifted first, then tapped (it is refused: already seated)
        reader-lost the cable was pulled
        reader-back
        tap nobody
        wait 0.2
        quit
    """)
    assert code == 0, err
    start, *lines = answers
    assert start["command"] == "start" and start["mode"] == "game" and "samurai-spirit" in start["options"]
    by_line = {a["line"]: a for a in lines}
    assert by_line[3]["options"] == ["en", "de", "fr", "nl"] or by_line[3]["mode"] == "setup"
    difficulty = by_line[4]
    assert difficulty["options"] == ["easy", "normal", "hard", "heroic"]
    assert difficulty["selected"] == 0, "a long press of Next walks back from Normal"
    seated = by_line[7]
    assert "done" in seated["options"]
    again = by_line[8]
    assert again["notice"] and "Kyuzo" in again["notice"], "the second tap of the same board reached the app"
    assert by_line[9]["reader_lost"] and not by_line[10]["reader_lost"]
    assert "neither a component" in by_line[11]["error"]
    assert lines[-1]["command"] == "quit"


def test_a_script_from_standard_input_answers_each_line(tmp_path: Path) -> None:
    code, answers, err = run_script(tmp_path, "", stdin="press next\nfly away\nquit\n")
    assert code == 0, err
    assert [a["command"] for a in answers] == ["start", "press", None, "quit"]
    assert "unknown command 'fly'" in answers[2]["error"]


def test_a_bad_script_file_stops_before_anything_starts(tmp_path: Path) -> None:
    code, answers, err = run_script(tmp_path, "press ok\npress okk\n")
    assert code == 2 and answers == []
    assert "script line 2: unknown button 'okk'" in err
    assert not (tmp_path / "state").exists()


def test_scripts_go_with_the_mock_drivers_only(tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text(installed_config(str(tmp_path / "state")), "utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    done = subprocess.run([COMPANION, "run", "--config", str(config), "--script", "-"], capture_output=True,
                          text=True, env=env, timeout=60, input="")
    assert done.returncode == 2 and "--script and --seed go with --mock" in done.stderr
