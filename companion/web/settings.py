"""The configuration shown on the page, and the few settings a phone may change.

The file stays the companion's TOML configuration: a change reads it,
sets the values, writes it whole through a temporary file that
`load_config` must accept first, and keeps the previous file beside it
(`companion.toml.before-web-<time>`, `-2`, `-3`, ... for more in the same
second), since comments do not survive.
The companion reads its configuration at start, so a change applies at
its next start.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from companion.config import Config, ConfigError, load_config
from companion.i18n import LANGUAGES
from companion.storage import copy_new, utc_stamp, write_atomic
from engine.core.messages import Message, msg

EDITABLE: dict[str, Message] = {
    "language": msg("Language of the device"),
    "game": msg("Game at start (empty: ask with a menu)"),
    "notice_s": msg("Seconds a note stays on screen"),
    "resume_timeout_s": msg("Seconds before an unfinished game resumes by itself"),
}
"""Keys of the [app] table the page may change, with their label."""


def shown(config: Config) -> list[tuple[str, str]]:
    """Every setting as (name, value) for the page."""
    return [("reader.backend", config.reader), ("reader.options", json.dumps(config.reader_options)),
            ("buttons.backend", config.buttons), ("buttons.pins", json.dumps(config.button_pins)),
            ("buttons.bounce_s", str(config.bounce_s)), ("buttons.hold_s", str(config.hold_s)),
            ("display.driver", str(config.display_driver)), ("display.size", f"{config.width}x{config.height}"),
            ("display.fullscreen", str(config.fullscreen)), ("app.state_dir", str(config.state_dir)),
            ("app.language", config.language), ("app.game", str(config.game or "")),
            ("app.notice_s", str(config.notice_s)), ("app.resume_timeout_s", str(config.resume_timeout_s))]


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise ValueError(f"cannot write {value!r} as TOML")


def toml_text(data: dict[str, Any]) -> str:
    """A configuration as TOML: one [table] per section, nested tables inline."""
    lines = ["# Written by the companion's web page; the previous file is kept beside this one.", ""]
    for section, table in data.items():
        if not isinstance(table, dict):
            lines.append(f"{section} = {_value(table)}")
            continue
        lines.append(f"[{section}]")
        lines.extend(f"{key} = {_value(value)}" for key, value in table.items())
        lines.append("")
    return "\n".join(lines) + "\n"


def _parsed(form: dict[str, str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    language = form.get("language", "")
    if language not in LANGUAGES:
        raise ConfigError(msg("The language must be one of {value}.", value=", ".join(LANGUAGES)))
    values["language"] = language
    if form.get("game"):
        values["game"] = form["game"]
    for key in ("notice_s", "resume_timeout_s"):
        try:
            values[key] = float(form.get(key, ""))
        except ValueError:
            raise ConfigError(msg("{name} must be a number of seconds.", name=key)) from None
    return values


def change(path: Path, form: dict[str, str]) -> Path | None:
    """Set the editable [app] values from `form` in the file at `path`; returns the kept previous file.

    Raises ConfigError (nothing written) when a value or the result is refused.
    """
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text("utf-8")) if path.exists() else {}
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(msg("{path}: cannot be read to change it ({reason}).", path=str(path),
                              reason=str(exc))) from None
    app = dict(data.get("app", {}))
    app.pop("game", None)
    app.update(_parsed(form))
    data["app"] = app
    text = toml_text(data)
    candidate = path.with_name(f".{path.name}.web")
    try:
        candidate.write_text(text, "utf-8")
        load_config(candidate)
    finally:
        candidate.unlink(missing_ok=True)
    kept = None
    if path.exists():
        kept = copy_new(path.read_bytes(), path.with_name(f"{path.name}.before-web-{utc_stamp()}"))
    write_atomic(path, text)
    return kept
